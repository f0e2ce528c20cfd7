import { Tier } from '../src/Tier';
import { NOT_SERVED, NOT_SERVED_NAMES, REASON_CODES, type NotServedCounts, type NotServedName } from '../spine/core/notServed';
import type { SpinePoolStats } from './api';
import type { PoolRegistry } from './PoolRegistry';
import type { UpdatePass } from './UpdatePass';
import { GpuMiss } from './PooledInstance';

/** An empty {@link SpinePoolStats}, to fill. */
export function emptyStats(): SpinePoolStats {
    return {
        active: 0,
        free: 0,
        created: 0,
        updatedLastFrame: 0,
        tiers: { high: 0, mid: 0, low: 0, offscreen: 0 },
        leaksCleared: 0,
        poseCache: { clips: 0, samples: 0, bytes: 0, hitRate: 0, hits: 0, misses: 0, notServed: notServedCounts() },
        drawn: { gpu: 0, picture: 0, slots: 0, runtime: 0 },
        gpu: { bytes: 0, unavailable: null, missed: { pose: 0, look: 0, clipping: 0, renderer: 0, picture: 0, memory: 0 } },
        bonesUnwritten: 0,
        pools: [],
    };
}

/** Fills `out` with the counters of the pools (`registry`), the scheduler and the pose cache (`pass`). */
export function readStats(out: SpinePoolStats, registry: PoolRegistry, pass: UpdatePass, leaksCleared: number): SpinePoolStats {
    registry.fillStats(out);
    out.updatedLastFrame = pass.updatedLastFrame;
    out.tiers.high = pass.countIn(Tier.High);
    out.tiers.mid = pass.countIn(Tier.Mid);
    out.tiers.low = pass.countIn(Tier.Low);
    out.tiers.offscreen = pass.countIn(Tier.Offscreen);
    out.leaksCleared = leaksCleared;
    const cache = pass.poseCache;
    const poses = cache.hitsLastFrame + cache.missesLastFrame;
    const stats = out.poseCache;
    stats.clips = cache.clips;
    stats.samples = cache.samples;
    stats.bytes = cache.bytes;
    stats.hitRate = poses > 0 ? cache.hitsLastFrame / poses : 0;
    stats.hits = cache.hits;
    stats.misses = cache.misses;
    const counts = cache.notServedLastFrame;
    const notServed = stats.notServed;
    for (let code = 1; code < REASON_CODES; code++) notServed[NOT_SERVED_NAMES[code] as NotServedName] = counts[code];
    countDraws(out.drawn, out.gpu.missed, pass);
    const live = pass.spawned;
    let unwritten = 0;
    for (let i = 0; i < live.length; i++) if (live[i].bonesBehind) unwritten++;
    out.bonesUnwritten = unwritten;
    return out;
}

/**
 * Counts the spawned instances drawn in the last frame drawn, by how, and those not on the GPU by
 * why (each draw stamps its instance: PooledDraw's `drawn`).
 */
function countDraws(out: SpinePoolStats['drawn'], missed: SpinePoolStats['gpu']['missed'], pass: UpdatePass): void {
    out.gpu = out.picture = out.slots = out.runtime = 0;
    missed.pose = missed.look = missed.clipping = missed.renderer = missed.picture = missed.memory = 0;
    const frame = pass.drawnFrame;
    const live = pass.spawned;
    for (let i = 0; i < live.length; i++) {
        const instance = live[i];
        if (instance.drawnFrame !== frame || instance.drawnFrom === null) continue;
        out[instance.drawnFrom]++;
        const why = MISSED[instance.gpuMissed];
        if (why !== null) missed[why]++;
    }
}

/** A GpuMiss's name in `stats().gpu.missed` (null: not counted). */
const MISSED: (keyof SpinePoolStats['gpu']['missed'] | null)[] = [];
MISSED[GpuMiss.none] = null;
MISSED[GpuMiss.unavailable] = null;
MISSED[GpuMiss.pose] = 'pose';
MISSED[GpuMiss.look] = 'look';
MISSED[GpuMiss.clipping] = 'clipping';
MISSED[GpuMiss.renderer] = 'renderer';
MISSED[GpuMiss.picture] = 'picture';
MISSED[GpuMiss.memory] = 'memory';

/** A {@link NotServedCounts} of zeros, its reasons in documentation order. */
function notServedCounts(): NotServedCounts {
    const counts = {} as NotServedCounts;
    for (const name of Object.keys(NOT_SERVED) as NotServedName[]) counts[name] = 0;
    return counts;
}
