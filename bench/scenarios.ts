/**
 * The contenders, each building the same crowd in a fresh game and measuring its frames: stock
 * spine-phaser, a port of the seed's SpineManager, the plugin with each pose cache mode named
 * (`poseCache: 'shared'`, `poseCache: 'off'`; the one `defaultOptions()` picks is labelled
 * "(default)"), with the seed's distance-only policy, and the exact bound (pose exactly the
 * instances whose current bounds touch the view, every frame, nothing else).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import * as Phaser from 'phaser';
import { crowdGame, placements, populatePool, populateStock, SHOTS, type Placement, type Shot } from './crowd';
import { ExactBound } from './exactBound';
import { SeedSpineManager } from './seedPort';
import { FRAME_MS, type TestGame } from '../fixtures/headless/game';
import { partsOf } from '../fixtures/internals';
import { instanceOf } from '../plugin/PooledGameObject';
import type { PoseCacheMode } from '../src/options';
import { defaultOptions, type SpinePoolOptions } from '../plugin/options';
import { presets, type PresetName } from '../fixtures/skeletons/presets';
import { flash, tintCrowd } from './tintedCrowd';

/** The rig every contender builds its crowd of: `hero` unless `BENCH_RIG` names another preset. */
export const SKELETON: PresetName = benchRig(process.env.BENCH_RIG);

function benchRig(name: string | undefined): PresetName {
    if (name === undefined || name === '') return 'hero';
    if (!(name in presets)) throw new Error(`BENCH_RIG=${name}: not a preset; use one of ${Object.keys(presets).join(', ')}`);
    return name as PresetName;
}

/** The pose cache mode the plugin uses when none is configured, read from the options' defaults: labels follow the code. */
export const DEFAULT_POSE_CACHE: PoseCacheMode = defaultOptions().poseCache;

/** The scenario key of each pose cache mode (default offscreen policy). */
export const POSE_CACHE_KEY: Record<PoseCacheMode, string> = { shared: 'pluginShared', off: 'pluginOff' };

/** The key of the plugin's default mode: the scenario whose options are the defaults. */
export const DEFAULT_KEY = POSE_CACHE_KEY[DEFAULT_POSE_CACHE];

/** `poseCache: 'shared'`, with " (default)" when it is the default mode. */
export function cacheMode(mode: PoseCacheMode): string {
    return `\`poseCache: '${mode}'\`${mode === DEFAULT_POSE_CACHE ? ' (default)' : ''}`;
}

/** The same without Markdown, for the console and the chart. */
export function cacheModePlain(mode: PoseCacheMode): string {
    return `poseCache: '${mode}'${mode === DEFAULT_POSE_CACHE ? ' (default)' : ''}`;
}

export interface Scenario {
    key: string;
    /** Markdown label of the tables. */
    label: string;
    /** A few words for the chart's legend and the console. */
    short: string;
    /** Builds the crowd in `t` (characters scaled by `scale`); returns how to count the instances posed in the last frame. */
    populate(t: TestGame, crowd: Placement[], scale: number): () => number;
    pool: boolean;
}

/** Pooled instances posed in the scheduler's last frame (read from the plugin's records: no public API says). */
function pooledPosed(t: TestGame, gos: SpineGameObject[]): () => number {
    const scheduler = partsOf(t.scene.spinePool).scheduler;
    return () => gos.reduce((n, go) => n + (instanceOf(go)?.posedFrame === scheduler.lastStepped ? 1 : 0), 0);
}

/**
 * The crowd spawned from the pool with `options` on top of the defaults; checks first that the
 * plugin's defaults (`getOptions()` of a fresh game) are the ones the labels were made from.
 */
function pooled(options: Partial<SpinePoolOptions>): Scenario['populate'] {
    return (t, crowd, scale) => {
        const running = t.scene.spinePool.getOptions().poseCache;
        if (running !== DEFAULT_POSE_CACHE)
            throw new Error(`bench: the plugin's default poseCache is '${running}', defaultOptions() says '${DEFAULT_POSE_CACHE}'`);
        return pooledPosed(t, populatePool(t, SKELETON, crowd, options, scale));
    };
}

export const SCENARIOS: Scenario[] = [
    {
        key: 'stock',
        label: 'stock spine-phaser (UpdateList, every frame)',
        short: 'stock spine-phaser',
        pool: false,
        populate: (t, crowd, scale) => {
            const gos = populateStock(t, SKELETON, crowd, scale);
            return () => gos.length;
        },
    },
    {
        key: 'seed',
        label: 'Unity SpineManager, ported (4 groups, 1/2/4)',
        short: 'Unity SpineManager, ported',
        pool: false,
        populate: (t, crowd, scale) => {
            const manager = new SeedSpineManager(t);
            for (const go of populateStock(t, SKELETON, crowd, scale)) manager.register(go);
            return () => NaN;
        },
    },
    {
        key: POSE_CACHE_KEY.shared,
        label: `phaser-spine-pool, ${cacheMode('shared')}`,
        short: `pool, ${cacheModePlain('shared')}`,
        pool: true,
        populate: pooled({ poseCache: 'shared' }),
    },
    {
        key: POSE_CACHE_KEY.off,
        label: `phaser-spine-pool, ${cacheMode('off')}`,
        short: `pool, ${cacheModePlain('off')}`,
        pool: true,
        populate: pooled({ poseCache: 'off' }),
    },
    {
        // A game that caches a bone per object in onSpawn (its muzzle): every object read, so eager
        // (bones and local pose written at each served pose, in every life: spine/bonesWhenRead.ts).
        key: 'pluginRead',
        label: 'phaser-spine-pool, default options, a bone kept per object in `onSpawn` (read: eager)',
        short: 'pool, default, bone kept in onSpawn',
        pool: true,
        populate: (t, crowd, scale) => {
            const kept = new Map<SpineGameObject, unknown>();
            t.scene.spinePool.setHooks(SKELETON, `${SKELETON}-atlas`, {
                onSpawn: (go) => {
                    if (!kept.has(go)) kept.set(go, go.skeleton.bones[go.skeleton.bones.length - 1]);
                },
            });
            return pooled({})(t, crowd, scale);
        },
    },
    {
        // The plain crowd's options, a third in team colours and a tenth flashing every second
        // (tintedCrowd.ts), set in the scene's update as a game would: tints are drawn from the
        // samples (on the GPU, in the record), so the frame should stay the plain crowd's.
        key: 'pluginTinted',
        label: 'phaser-spine-pool, default options, a third tinted, a tenth flashing every second',
        short: 'pool, default, tinted crowd',
        pool: true,
        populate: (t, crowd, scale) => {
            const posed = pooled({})(t, crowd, scale);
            const flashing = tintCrowd(t.scene.spinePool.getActive());
            let frame = 0;
            t.scene.events.on(Phaser.Scenes.Events.UPDATE, () => flash(flashing, frame++));
            return posed;
        },
    },
    {
        // Distance tiers only, every pose computed: the Unity SpineManager's policy in the plugin.
        key: 'pluginLod',
        label: "phaser-spine-pool, `offscreen: 'lod'`, `poseCache: 'off'` (distance tiers only)",
        short: "pool, offscreen: 'lod', poseCache: 'off'",
        pool: true,
        populate: pooled({ offscreen: 'lod', poseCache: 'off' }),
    },
    {
        key: 'bound',
        label: 'exact bound: pose exactly the visible, nothing else',
        short: 'exact bound',
        pool: false,
        populate: (t, crowd, scale) => {
            const bound = new ExactBound(t);
            for (const go of populateStock(t, SKELETON, crowd, scale)) bound.add(go);
            return () => bound.posedLastFrame;
        },
    },
];

/** The contenders of the other shots (zoomed out, big rigs): stock, both pose cache modes, a crowd read once per object, the exact bound. */
export const SHOT_SCENARIOS = SCENARIOS.filter((s) => ['stock', POSE_CACHE_KEY.shared, 'pluginRead', POSE_CACHE_KEY.off, 'bound'].includes(s.key));

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
