/**
 * The contenders, each building the same crowd in a fresh game and measuring its frames:
 * stock spine-phaser, a port of the seed's SpineManager, the plugin (defaults, and with the seed's
 * distance-only policy), and the ideal "pose only what is visible" lower bound.
 */
import { crowdGame, placements, populatePool, populateStock, type Placement } from './crowd';
import { IdealUpdater } from './idealUpdater';
import { SeedSpineManager } from './seedPort';
import { FRAME_MS, type TestGame } from '../test/harness/game';

export const SKELETON = 'hero';

export interface Scenario {
    key: string;
    label: string;
    /** Builds the crowd in `t`. */
    populate(t: TestGame, crowd: Placement[]): void;
    pool: boolean;
}

export const SCENARIOS: Scenario[] = [
    {
        key: 'stock',
        label: 'stock spine-phaser (UpdateList, every frame)',
        pool: false,
        populate: (t, crowd) => populateStock(t, SKELETON, crowd),
    },
    {
        key: 'seed',
        label: "seed's SpineManager port (4 groups, 1/2/4)",
        pool: false,
        populate: (t, crowd) => {
            const manager = new SeedSpineManager(t);
            for (const go of populateStock(t, SKELETON, crowd)) manager.register(go);
        },
    },
    {
        key: 'plugin',
        label: 'phaser-spine-pool, default options',
        pool: true,
        populate: (t, crowd) => populatePool(t, SKELETON, crowd),
    },
    {
        key: 'pluginLod',
        label: "phaser-spine-pool, offscreen: 'lod'",
        pool: true,
        populate: (t, crowd) => populatePool(t, SKELETON, crowd, { offscreen: 'lod' }),
    },
    {
        key: 'ideal',
        label: 'ideal: only visible instances, every frame',
        pool: false,
        populate: (t, crowd) => {
            const ideal = new IdealUpdater(t);
            for (const go of populateStock(t, SKELETON, crowd)) ideal.add(go);
        },
    },
];

export function gc(): void {
    (globalThis as { gc?: () => void }).gc?.();
}

/**
 * Frame-cost samples (ms) of every scenario with `count` characters, each in its own game, all
 * alive at once and stepped in turns of a few frames. Measured in turns, slow drifts of the
 * machine (this one is shared and noisy) hit every contender alike, so the ratios hold.
 */
export async function frameSamples(scenarios: Scenario[], count: number, frames: number, turn = 4): Promise<number[][]> {
    const games: TestGame[] = [];
    for (const scenario of scenarios) {
        const t = await crowdGame(SKELETON, scenario.pool);
        scenario.populate(t, placements(count));
        games.push(t);
    }
    for (const t of games) t.step(60, FRAME_MS);
    gc();
    const samples: number[][] = games.map(() => []);
    for (let done = 0; done < frames; done += turn) {
        for (let g = 0; g < games.length; g++) {
            const t = games[g];
            for (let i = 0; i < turn; i++) {
                const begin = performance.now();
                t.step(1, FRAME_MS);
                samples[g].push(performance.now() - begin);
            }
        }
    }
    for (const t of games) t.destroy();
    gc();
    return samples;
}
