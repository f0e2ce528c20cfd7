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
import { bootGame, type TestGame } from '../harness/game';
import { DifferentialRun, irregularDeltas } from '../harness/differential';
import { hash, PLACEMENTS, SCENARIOS } from '../harness/scenarios';
import { corpusRig, DIFFERENTIAL_RIGS, SPAWN_SKIN } from '../skeletons/corpus';

type Any = any;

function skeletonsFor(rig: (typeof DIFFERENTIAL_RIGS)[number]) {
    return { [rig]: corpusRig(rig) };
}

describe.each(DIFFERENTIAL_RIGS.map((rig) => [rig]))('%s rig', (rig) => {
    let t: TestGame;

    beforeEach(async () => {
        t = await bootGame({ skeletons: skeletonsFor(rig) });
    });

    afterEach(() => t.destroy());

    describe.each(PLACEMENTS.map((p) => [p.name, p] as const))('%s', (_name, placement) => {
        test.each(SCENARIOS.map((s) => [s.name, s] as const))('%s: the pooled instance shows and hears what its stock twin does', (_s, scenario) => {
            const run = new DifferentialRun(t, irregularDeltas(hash(`${rig}/${placement.name}/${scenario.name}`)), () => placement.lag);
            const at = placement.setup(t, run, scenario.frames);
            const pair = run.pair(at.x, at.y, rig, rig, { skin: SPAWN_SKIN[rig] });
            scenario.script(run, pair);
            run.step(scenario.frames);
            const differences = run.differences();
            run.end();
            expect(differences).toEqual([]);
            // The comparison ran: the twin was visible on some frames (and every frame near the centre).
            if (!placement.name.startsWith('just right')) expect(pair.comparedFrames).toBeGreaterThan(placement.name.startsWith('off screen') ? 5 : 30);
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

describe.each(DIFFERENTIAL_RIGS.map((rig) => [rig]))('%s rig, poses from the shared cache', (rig) => {
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
            const pair = run.pair(at.x, at.y, rig, rig, { skin: SPAWN_SKIN[rig] });
            scenario.script(run, pair);
            run.step(scenario.frames);
            const differences = run.differences();
            run.end();
            expect(differences).toEqual([]);
            expect(pair.stockHeard.length).toBeGreaterThan(3);
            if (rig === 'physics' || rig === 'swing') expect(pair.cachedFrames).toBe(0);
            // Always in view: some poses came from the cache (but the stunts walk starts 900 px away, out of
            // view, for the 5 frames it plays alone in this scenario).
            else if (placement.lag < 4 && !placement.name.startsWith('off screen') && !(rig === 'stunts' && scenario.name.startsWith('tracks cleared'))) expect(pair.cachedFrames).toBeGreaterThan(0);
            expect(pair.cacheTimeError).toBeLessThanOrEqual(1 / 120 + 1e-9);
            if (process.env.CACHE_REPORT) console.log(`${rig} / ${placement.name} / ${scenario.name}: ${pair.cachedFrames} cached frames, bones up to ${pair.cacheError.toFixed(2)} px from the twin's (${pair.cacheWorst})`);
        });
    });
});

export type { Any };
