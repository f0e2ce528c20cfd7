/**
 * The contenders, each building the same crowd in a fresh game and measuring its frames: stock
 * spine-phaser, a port of the seed's SpineManager, the plugin (defaults, with the seed's
 * distance-only policy, and with the shared pose cache), and the exact bound (pose exactly the
 * instances whose current bounds touch the view, every frame, nothing else).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { crowdGame, placements, populatePool, populateStock, SHOTS, type Placement, type Shot } from './crowd';
import { ExactBound } from './exactBound';
import { SeedSpineManager } from './seedPort';
import { FRAME_MS, type TestGame } from '../test/harness/game';
import { instanceOf } from '../plugin/PooledGameObject';

export const SKELETON = 'hero';

export interface Scenario {
    key: string;
    label: string;
    /** Builds the crowd in `t` (characters scaled by `scale`); returns how to count the instances posed in the last frame. */
    populate(t: TestGame, crowd: Placement[], scale: number): () => number;
    pool: boolean;
}

/** Pooled instances posed in the scheduler's last frame (read from the plugin's records: no public API says). */
function pooledPosed(t: TestGame, gos: SpineGameObject[]): () => number {
    const scheduler = (t.scene.spinePool as unknown as { schedule: { scheduler: { lastStepped: number } } }).schedule.scheduler;
    return () => gos.reduce((n, go) => n + (instanceOf(go)?.posedFrame === scheduler.lastStepped ? 1 : 0), 0);
}

export const SCENARIOS: Scenario[] = [
    {
        key: 'stock',
        label: 'stock spine-phaser (UpdateList, every frame)',
        pool: false,
        populate: (t, crowd, scale) => {
            const gos = populateStock(t, SKELETON, crowd, scale);
            return () => gos.length;
        },
    },
    {
        key: 'seed',
        label: 'Unity SpineManager, ported (4 groups, 1/2/4)',
        pool: false,
        populate: (t, crowd, scale) => {
            const manager = new SeedSpineManager(t);
            for (const go of populateStock(t, SKELETON, crowd, scale)) manager.register(go);
            return () => NaN;
        },
    },
    {
        key: 'plugin',
        label: 'phaser-spine-pool, default options',
        pool: true,
        populate: (t, crowd, scale) => pooledPosed(t, populatePool(t, SKELETON, crowd, {}, scale)),
    },
    {
        key: 'pluginLod',
        label: "phaser-spine-pool, offscreen: 'lod'",
        pool: true,
        populate: (t, crowd, scale) => pooledPosed(t, populatePool(t, SKELETON, crowd, { offscreen: 'lod' }, scale)),
    },
    {
        key: 'pluginShared',
        label: "phaser-spine-pool, poseCache: 'shared'",
        pool: true,
        populate: (t, crowd, scale) => pooledPosed(t, populatePool(t, SKELETON, crowd, { poseCache: 'shared' }, scale)),
    },
    {
        key: 'bound',
        label: 'exact bound: pose exactly the visible, nothing else',
        pool: false,
        populate: (t, crowd, scale) => {
            const bound = new ExactBound(t);
            for (const go of populateStock(t, SKELETON, crowd, scale)) bound.add(go);
            return () => bound.posedLastFrame;
        },
    },
];

/** The contenders of the other shots (zoomed out, big rigs). */
export const SHOT_SCENARIOS = SCENARIOS.filter((s) => ['stock', 'plugin', 'pluginShared', 'bound'].includes(s.key));

export function gc(): void {
    (globalThis as { gc?: () => void }).gc?.();
}

/** Frame costs (ms) of one contender, and how many instances it posed per frame on average. */
export interface FrameRun {
    samples: number[];
    posed: number;
}

/**
 * Frame-cost samples (ms) of every scenario with `count` characters seen as `shot` says, each in
 * its own game, all alive at once and stepped in turns of a few frames. Measured in turns, slow
 * drifts of the machine (this one is shared and noisy) hit every contender alike, so the ratios
 * hold. Posed instances are counted after each frame, outside the timing.
 */
export async function frameSamples(scenarios: Scenario[], count: number, frames: number, shot: Shot = SHOTS.zoom1, turn = 4): Promise<FrameRun[]> {
    const games: TestGame[] = [];
    const counters: (() => number)[] = [];
    for (const scenario of scenarios) {
        const t = await crowdGame(SKELETON, scenario.pool, shot);
        counters.push(scenario.populate(t, placements(count), shot.scale));
        games.push(t);
    }
    for (const t of games) t.step(60, FRAME_MS);
    gc();
    const runs: FrameRun[] = games.map(() => ({ samples: [], posed: 0 }));
    for (let done = 0; done < frames; done += turn) {
        for (let g = 0; g < games.length; g++) {
            const t = games[g];
            for (let i = 0; i < turn; i++) {
                const begin = performance.now();
                t.step(1, FRAME_MS);
                runs[g].samples.push(performance.now() - begin);
                runs[g].posed += counters[g]() / frames;
            }
        }
    }
    for (const t of games) t.destroy();
    gc();
    return runs;
}
