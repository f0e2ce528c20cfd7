import { Tier } from '../src/Tier';
import { NOT_SERVED, NOT_SERVED_NAMES, REASON_CODES, type NotServedCounts, type NotServedName } from '../spine/core/notServed';
import type { SpinePoolStats } from './api';
import type { PoolRegistry } from './PoolRegistry';
import type { UpdatePass } from './UpdatePass';
import type { Drawing } from './draw/Drawing';
import { DRAWN_NAMES, MISS_NAMES, MISSES, type DrawnCounts, type MissedCounts, type MissName } from './draw/paths';

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
        drawn: drawnCounts(),
        gpu: { bytes: 0, unavailable: null, missed: missedCounts() },
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
function countDraws(out: DrawnCounts, missed: MissedCounts, pass: UpdatePass): void {
    for (let i = 0; i < DRAWN_NAMES.length; i++) out[DRAWN_NAMES[i]] = 0;
    clearMissed(missed);
    const frame = pass.drawnFrame;
    const live = pass.spawned;
    for (let i = 0; i < live.length; i++) {
        const instance = live[i];
        if (instance.drawnFrame !== frame || instance.drawnFrom === null) continue;
        out[instance.drawnFrom]++;
        const why = MISS_NAMES[instance.gpuMissed];
        if (why !== null) missed[why]++;
    }
}

/**
 * Fills `out` with the GPU path's state (`on`: the `gpuDraw` option): `drawing`'s, the owner of
 * drawing of the game's renderer (read, never made: a game that draws with WebGL has one from its
 * scenes' boot), or `'no-webgl'` without one.
 */
export function readGpu(out: SpinePoolStats['gpu'], on: boolean, drawing: Drawing | null): void {
    if (drawing !== null) drawing.readGpu(out, on);
    else {
        out.bytes = 0;
        out.unavailable = on ? 'no-webgl' : 'off';
    }
    if (out.unavailable !== null) clearMissed(out.missed);
}

/** Sets every count of `missed` to 0 (none are counted while the GPU path is unavailable). */
function clearMissed(missed: MissedCounts): void {
    for (let code = 0; code < MISS_NAMES.length; code++) {
        const name = MISS_NAMES[code];
        if (name !== null) missed[name] = 0;
    }
}

/** A {@link DrawnCounts} of zeros, its paths in order. */
function drawnCounts(): DrawnCounts {
    const counts = {} as DrawnCounts;
    for (const name of DRAWN_NAMES) counts[name] = 0;
    return counts;
}

/** A {@link MissedCounts} of zeros, its reasons in documentation order. */
function missedCounts(): MissedCounts {
    const counts = {} as MissedCounts;
    for (const name of Object.keys(MISSES) as MissName[]) counts[name] = 0;
    return counts;
}

/** A {@link NotServedCounts} of zeros, its reasons in documentation order. */
function notServedCounts(): NotServedCounts {
    const counts = {} as NotServedCounts;
    for (const name of Object.keys(NOT_SERVED) as NotServedName[]) counts[name] = 0;
    return counts;
}
