/**
 * The differential suite: every scenario, on every rig of the fidelity corpus, in every placement,
 * with a pooled instance next to a stock `this.add.spine` twin given the same calls, compared frame
 * by frame by test/harness/differential.ts (callbacks and their frames, track state after each
 * update, and the pose on every frame the twin is visible). Frame deltas are irregular (7-40 ms).
 *
 * Placements cover every tier, off screen, moving in and out, zoom 0.2-2 and a second camera; each
 * says how many frames an instance there may go between poses (`lag`), which is also how late a
 * callback may come (lag - 1 frames). Off screen, events are exact (lag 1) and the first frame back
 * in view shows the twin's pose.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../harness/game';
import { DifferentialRun, irregularDeltas, type TwinPair } from '../harness/differential';
import { CORPUS_RIGS, corpusRig, type CorpusRigName } from '../skeletons/corpus';

type Any = any;

/** What a scenario does to a pair, frame by frame (calls are made on both, in the game's update). */
interface Scenario {
    name: string;
    frames: number;
    script(run: DifferentialRun, pair: TwinPair): void;
}

const set = (track: number, name: string, loop: boolean, mix?: number) => (go: SpineGameObject) => {
    const entry = go.animationState.setAnimation(track, name, loop);
    if (mix !== undefined) entry.mixDuration = mix;
};

const SCENARIOS: Scenario[] = [
    {
        name: 'loops and crossfades, one interrupting another',
        frames: 150,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(25, () => p.both(set(0, 'run', true, 0.25)));
            run.at(55, () => p.both(set(0, 'idle', true, 0)));
            run.at(80, () => p.both(set(0, 'walk', true, 0.4)));
            run.at(86, () => p.both(set(0, 'run', true, 0.3)));
            run.at(120, () => p.both(set(0, 'jump', false, 0.1)));
        },
    },
    {
        name: 'overlay tracks mixed in and out',
        frames: 170,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(10, () => p.both(set(1, 'aim', true)));
            run.at(15, () =>
                p.both((go) => {
                    go.animationState.setAnimation(2, 'wave', true).alpha = 0.6;
                }),
            );
            run.at(60, () => p.both((go) => go.animationState.setEmptyAnimation(1, 0.5)));
            run.at(95, () =>
                p.both((go) => {
                    go.animationState.setEmptyAnimation(1, 0);
                    go.animationState.addAnimation(1, 'aim', true, 0).mixDuration = 0.3;
                }),
            );
            run.at(110, () => p.both((go) => go.animationState.setEmptyAnimation(2, 0)));
            run.at(140, () => p.both((go) => go.animationState.setEmptyAnimations(0.3)));
        },
    },
    {
        name: 'queued animations with delays, mixes and a track end',
        frames: 220,
        script(run, p) {
            run.at(0, () =>
                p.both((go) => {
                    const state = go.animationState;
                    state.setAnimation(0, 'jump', false);
                    state.addAnimation(0, 'walk', true, 0).mixDuration = 0.2;
                    state.addAnimation(0, 'die', false, 1.3).mixDuration = 0.15;
                    state.addEmptyAnimation(0, 0.4, 0.5);
                    state.setAnimation(1, 'aim', true).trackEnd = 1.1;
                }),
            );
            run.at(140, () =>
                p.both((go) => {
                    const state = go.animationState;
                    state.setAnimation(0, 'run', true);
                    state.addAnimation(0, 'jump', false, 0).mixDuration = 0.1;
                    state.addAnimation(0, 'idle', true, -0.2).mixDuration = 0.2;
                }),
            );
        },
    },
    {
        name: 'tracks cleared and set without a mix',
        frames: 130,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(5, () => p.both(set(1, 'aim', true)));
            run.at(40, () => p.both((go) => go.animationState.clearTrack(1)));
            run.at(60, () => p.both(set(0, 'jump', false, 0)));
            run.at(90, () => p.both((go) => go.animationState.clearTracks()));
            run.at(100, () => p.both(set(0, 'idle', true)));
        },
    },
    {
        name: 'time scales, a paused state and a slow entry',
        frames: 150,
        script(run, p) {
            run.at(0, () =>
                p.both((go) => {
                    go.animationState.timeScale = 1.5;
                    go.animationState.setAnimation(0, 'walk', true);
                }),
            );
            run.at(30, () =>
                p.both((go) => {
                    go.animationState.setAnimation(0, 'run', true).timeScale = 0.5;
                }),
            );
            run.at(60, () => p.both((go) => void (go.animationState.timeScale = 0)));
            run.at(80, () => p.both((go) => void (go.animationState.timeScale = 1)));
            run.at(100, () => p.both(set(1, 'wave', false, 0.2)));
        },
    },
    {
        name: 'non-looping animations played one after another without a mix',
        frames: 200,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'jump', false)));
            run.at(45, () => p.both(set(0, 'die', false)));
            run.at(120, () => p.both(set(0, 'wave', true)));
            run.at(160, () => p.both(set(0, 'jump', false)));
        },
    },
];

/** Where the pair is, what the cameras do, and the lag that allows. */
interface Placement {
    name: string;
    /** Frames between poses an instance there may have (1: every frame it is visible). */
    lag: number;
    setup(t: TestGame, run: DifferentialRun, frames: number): { x: number; y: number };
}

const VIEW = { width: 800, height: 600 };

const PLACEMENTS: Placement[] = [
    {
        name: 'near the view centre (high tier, every frame)',
        lag: 1,
        setup: () => ({ x: 400, y: 450 }),
    },
    {
        name: 'every tier at interval 3',
        lag: 3,
        setup: (t) => {
            t.scene.spinePool.configure({ highFrequency: 3, midFrequency: 3, lowFrequency: 3 });
            return { x: 400, y: 450 };
        },
    },
    {
        name: 'zoomed out to 0.2, in the low tier on screen',
        lag: 4,
        setup: (t) => {
            t.scene.cameras.main.setZoom(0.2);
            return { x: 400 + 1850, y: 300 + 1300 };
        },
    },
    {
        name: 'off screen, back in view for the last frames',
        lag: 1,
        setup: (t, run, frames) => {
            run.at(frames - 12, () => run.pairs[0].moveTo(400, 450));
            return { x: 400 + 3 * VIEW.width, y: 450 };
        },
    },
    {
        name: 'walking in and out of view',
        lag: 1,
        setup: (_t, run, frames) => {
            for (let f = 17; f < frames; f += 17) {
                const out = Math.floor(f / 17) % 2 === 1;
                run.at(f, () => run.pairs[0].moveTo(out ? 400 + 2 * VIEW.width : 400, 450));
            }
            return { x: 400, y: 450 };
        },
    },
    {
        name: 'seen by a second camera only',
        lag: 1,
        setup: (t) => {
            t.scene.cameras.main.setScroll(5000, 0);
            const second = t.scene.cameras.add(400, 0, 400, 300);
            second.setScroll(200, 300);
            return { x: 400, y: 500 };
        },
    },
    {
        name: 'zooming from 0.2 to 2 and back',
        lag: 4,
        setup: (t, run, frames) => {
            for (let f = 0; f < frames; f++) {
                const zoom = 0.2 * Math.pow(10, Math.sin((f / frames) * Math.PI * 2) * 0.5 + 0.5);
                run.at(f, () => t.scene.cameras.main.setZoom(zoom));
            }
            return { x: 400 + 700, y: 300 + 200 };
        },
    },
];

function skeletonsFor(rig: CorpusRigName) {
    return { [rig]: corpusRig(rig) };
}

describe.each(CORPUS_RIGS.map((rig) => [rig]))('%s rig', (rig) => {
    let t: TestGame;

    beforeEach(async () => {
        t = await bootGame({ skeletons: skeletonsFor(rig) });
    });

    afterEach(() => t.destroy());

    describe.each(PLACEMENTS.map((p) => [p.name, p] as const))('%s', (_name, placement) => {
        test.each(SCENARIOS.map((s) => [s.name, s] as const))('%s: the pooled instance shows and hears what its stock twin does', (_s, scenario) => {
            const run = new DifferentialRun(t, irregularDeltas(hash(`${rig}/${placement.name}/${scenario.name}`)), () => placement.lag);
            const at = placement.setup(t, run, scenario.frames);
            const pair = run.pair(at.x, at.y, rig);
            scenario.script(run, pair);
            run.step(scenario.frames);
            const differences = run.differences();
            run.end();
            expect(differences).toEqual([]);
            // The comparison ran: the twin was visible on some frames (and every frame near the centre).
            expect(pair.comparedFrames).toBeGreaterThan(placement.name.startsWith('off screen') ? 5 : 30);
            expect(pair.stockHeard.length).toBeGreaterThan(3);
        });
    });
});

/**
 * The same with `poseCache: 'shared'`: callbacks and track state as exact as above; a pose copied
 * from the cache is the nearest sample's (at most 1/120 s of animation from the twin's time), every
 * other pose the twin's. The physics rig is never served (its physics is its own).
 */
const CACHED_PLACEMENTS = ['near the view centre (high tier, every frame)', 'every tier at interval 3', 'off screen, back in view for the last frames', 'zooming from 0.2 to 2 and back'];

describe.each(CORPUS_RIGS.map((rig) => [rig]))('%s rig, poses from the shared cache', (rig) => {
    let t: TestGame;

    beforeEach(async () => {
        t = await bootGame({ skeletons: skeletonsFor(rig) });
        t.scene.spinePool.configure({ poseCache: 'shared' });
    });

    afterEach(() => t.destroy());

    describe.each(PLACEMENTS.filter((p) => CACHED_PLACEMENTS.includes(p.name)).map((p) => [p.name, p] as const))('%s', (_name, placement) => {
        test.each(SCENARIOS.map((s) => [s.name, s] as const))('%s: the same callbacks and tracks, and the sample\'s pose or the twin\'s', (_s, scenario) => {
            const run = new DifferentialRun(t, irregularDeltas(hash(`cached/${rig}/${placement.name}/${scenario.name}`)), () => placement.lag);
            const at = placement.setup(t, run, scenario.frames);
            const pair = run.pair(at.x, at.y, rig);
            scenario.script(run, pair);
            run.step(scenario.frames);
            const differences = run.differences();
            run.end();
            expect(differences).toEqual([]);
            expect(pair.stockHeard.length).toBeGreaterThan(3);
            if (rig === 'physics') expect(pair.cachedFrames).toBe(0);
            else if (placement.lag < 4 && !placement.name.startsWith('off screen')) expect(pair.cachedFrames).toBeGreaterThan(0); // always in view
            expect(pair.cacheTimeError).toBeLessThanOrEqual(1 / 120 + 1e-9);
            if (process.env.CACHE_REPORT) console.log(`${rig} / ${placement.name} / ${scenario.name}: ${pair.cachedFrames} cached frames, bones up to ${pair.cacheError.toFixed(2)} px from the twin's (${pair.cacheWorst})`);
        });
    });
});

function hash(text: string): number {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return h >>> 0;
}

export type { Any };
