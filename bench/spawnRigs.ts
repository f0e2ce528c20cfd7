/**
 * Spawns and waves on each rig side by side: the bench's `hero` and `shipped`, the rig shaped like
 * Spine's spineboy (60+ bones, 50+ slots, IK, path and transform constraints, meshes, ~700 px). What a spawn costs grows with the rig in `this.add.spine` (its setup pose, its bounds)
 * and should not in the pool's; the first frame after a wave should not either.
 */
import { preset, type PresetName } from '../fixtures/skeletons/presets';
import { secondWaveAlone } from './alone';
import { boundWaveCost, spawnCost, waveCost, type SpawnCost, type WaveCost } from './probes';
import { ms, ratio } from './report';
import { DEFAULT_POSE_CACHE } from './scenarios';

/** The rigs measured, the spineboy-shaped one last. */
export const SPAWN_RIGS: readonly PresetName[] = ['hero', 'shipped'];
/** The rig the spawn and wave targets are read on. */
export const SPINEBOY_SHAPED: PresetName = 'shipped';

export interface SpawnRig {
    rig: PresetName;
    /** "79 bones, 53 slots, 4 IK, 2 transform, 1 path, 4 meshes, 712 px". */
    shape: string;
    spawn: SpawnCost;
    /** A later wave of 1000 (one played before), default options, and after three (the code warmer). */
    wave: WaveCost;
    waveWarmer: WaveCost;
    /** The exact bound's later wave. */
    bound: WaveCost;
    /** A game's second wave in a process of its own: the first despawn of the process came just before it (bench/alone.ts). */
    secondWave: WaveCost;
    /** The first wave of a game, its instances prewarmed without and with its animations (`prewarm(..., { animations })`). */
    firstWave: WaveCost;
    firstWaveSampled: WaveCost;
}

/** The rig's counts, read from its generated JSON (what the runtime loads). */
export function shapeOf(rig: PresetName): string {
    const json = preset(rig).json as {
        skeleton: { height: number };
        bones: unknown[];
        slots: unknown[];
        ik?: unknown[];
        transform?: unknown[];
        path?: unknown[];
    };
    const { stats, pages } = preset(rig);
    return (
        `${json.bones.length} bones, ${json.slots.length} slots, ${json.ik?.length ?? 0} IK, ${json.transform?.length ?? 0} transform, ` +
        `${json.path?.length ?? 0} path, ${stats.meshes} meshes, ${Math.round(json.skeleton.height)} px` +
        (pages.length > 1 ? `, ${pages.length} atlas pages` : '')
    );
}

/** Measures every rig of `SPAWN_RIGS` (spawn costs twice, the second kept: the first run of a process times unoptimised code). */
export async function spawnRigs(): Promise<SpawnRig[]> {
    const out: SpawnRig[] = [];
    // The process's first wave runs much code for the first time: not the game's first wave measured below.
    await waveCost({ poseCache: DEFAULT_POSE_CACHE }, 0, 1000, SPAWN_RIGS[0], true);
    for (const rig of SPAWN_RIGS) {
        // Each in a fresh game: its clips unsampled (or sampled by the prewarm only).
        const firstWave = await waveCost({ poseCache: DEFAULT_POSE_CACHE }, 0, 1000, rig);
        const firstWaveSampled = await waveCost({ poseCache: DEFAULT_POSE_CACHE }, 0, 1000, rig, true);
        await spawnCost(rig);
        const spawn = await spawnCost(rig);
        const options = { poseCache: DEFAULT_POSE_CACHE };
        const wave = await waveCost(options, 1, 1000, rig);
        const waveWarmer = await waveCost(options, 3, 1000, rig);
        const bound = await boundWaveCost(1, 1000, rig);
        const secondWave = secondWaveAlone(rig);
        out.push({ rig, shape: shapeOf(rig), spawn, wave, waveWarmer, bound, secondWave, firstWave, firstWaveSampled });
    }
    return out;
}

/** The table: one row per rig. */
export function spawnRigTable(rows: SpawnRig[]): string {
    const times = (stock: number, mine: number) => `${mine.toFixed(2)} (**${(stock / mine).toFixed(0)}×**)`;
    const wave = (w: WaveCost) => `${ms(w.first)} ms = **${ratio(w.first / w.steady)}×** (steady ${ms(w.steady)}, p99 ${ratio(w.p99 / w.steady)}×)`;
    const early = (w: WaveCost) => `${ratio(w.early / w.steady)}× (worst ${ms(w.earlyWorst)} ms)`;
    const lines = rows.map(
        (r) =>
            `| \`${r.rig}\` (${r.shape}) | ${r.spawn.addSpine.toFixed(1)} | ${times(r.spawn.addSpine, r.spawn.spawn + r.spawn.despawn)} | ` +
            `${times(r.spawn.addSpine, r.spawn.pairNextFrame)} | ${ratio(r.spawn.spawnAnimated[DEFAULT_POSE_CACHE] / r.spawn.onePose)} (one pose ${r.spawn.onePose.toFixed(1)} µs) | ` +
            `${r.wave.spawn.toFixed(1)} | ${wave(r.wave)} | ${wave(r.waveWarmer)} | ${ratio(r.bound.first / r.bound.steady)}× | ` +
            `${wave(r.secondWave)}, its first 60 frames ${early(r.secondWave)} | ${early(r.firstWave)} | ${early(r.firstWaveSampled)} |`,
    );
    return [
        "| rig | `this.add.spine` µs | `spawn` + `despawn` µs (× cheaper) | played, despawned, spawned a frame later µs (×) | `spawn(..., { animation })` on screen, poses | wave of 1000: µs per spawn | the first frame after a later wave (one played before) | after three | exact bound, later wave | a game's second wave, in a process of its own | the first wave of a game: its first 60 frames, mean × steady | the same, its animations prewarmed |",
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...lines,
    ].join('\n');
}
