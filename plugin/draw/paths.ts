/**
 * The draw paths a pooled instance can take, in the order they are asked, and why a path does not
 * take an instance: the one list `stats().drawn`, `stats().gpu.missed`, the instance's record
 * (`drawnFrom`, `gpuMissed`) and the debug view's labels are derived from. A path's object (its
 * "why not", draw, flush and dispose) is made by the owner of drawing (Drawing.ts) in this order.
 */
import { namesByCode } from '../../spine/core/codeNames';

/**
 * The paths, by name; their codes are their order (the first that takes an instance draws it).
 * Each entry's TSDoc is the doc of its counter in {@link DrawnCounts}.
 */
export const DRAW_PATHS = {
    /**
     * On the GPU as one quad: an image of its sample drawn once into a texture at its screen scale
     * (the `impostorBelow` option: small on screen, within half a screen pixel of its picture).
     */
    impostor: 0,
    /** On the GPU, from the samples' pictures in GPU memory (the `gpuDraw` option): a record per instance, no vertex sent. */
    gpu: 1,
    /** From the samples' picture on the CPU: no vertex computed but the copy. */
    picture: 2,
    /** Slot by slot by the pool (Spine 4.2). */
    slots: 3,
    /** By the runtime's own renderer. */
    runtime: 4,
} as const;

/** A path's name: how an instance was drawn. */
export type DrawnFrom = keyof typeof DRAW_PATHS;

/** Each path's name, by code. */
export const DRAWN_NAMES: readonly DrawnFrom[] = Object.freeze((Object.keys(DRAW_PATHS) as DrawnFrom[]).sort((a, b) => DRAW_PATHS[a] - DRAW_PATHS[b]));

/**
 * Spawned instances drawn in the last frame drawn (by any camera), by how they were drawn: on the
 * GPU as an image of their sample or from its picture, or on the CPU from the pose cache's samples' picture, slot by slot by the pool, or by the
 * runtime (a pose not served, a clipping attachment, a physics rig, Phaser 4's default renderer
 * with the GPU path off or what only it draws, Canvas).
 *
 * @interface
 */
export type DrawnCounts = { -readonly [K in keyof typeof DRAW_PATHS]: number };

/** A path takes the instance: no reason. */
export const TAKEN = 0;
/** A path leaves the instance to the next without a reason worth counting (not small enough to be an image, say). */
export const PASSED = -1;
/** A path cannot be used at all now (its option off, no context that can): `stats().gpu.unavailable` says why; not counted. */
export const UNAVAILABLE = 1;

/**
 * Why a path does not take an instance, by name (codes 2 and up; the first reason found is kept).
 * The GPU path, asked first, gives every one of them: the reasons an instance drawn but not on the
 * GPU is counted under (`stats().gpu.missed`). Each entry's TSDoc is the doc of its counter in
 * {@link MissedCounts}.
 */
export const MISSES = {
    /** Posed in full, not copied from the cache (`poseCache.notServed` says why). */
    pose: 2,
    /** Showing something else than its samples: a slot's colour, attachment or sequence frame, the draw order set by the game (a skeleton's tint is drawn from the samples). */
    look: 3,
    /** Showing a clipping attachment (drawn by the runtime). */
    clipping: 4,
    /**
     * Made with Phaser 4's default Mesh2D renderer and showing what only it draws: Phaser objects in
     * its slots, filters of its own (a mask), a camera rounding to whole pixels (drawn by it).
     */
    renderer: 5,
    /**
     * No picture the GPU path draws: its samples' picture uses a texture page past those one draw
     * binds (8 where the context has the units; drawn from it on the CPU), or there is none to draw
     * from: the plugin made none for them, or its two samples picture different slots (an attachment
     * switched between them); drawn slot by slot or by the runtime.
     */
    picture: 6,
    /** `poseCacheMemory` spent, or the GPU texture full this frame (it grows, or is compacted, before the next). */
    memory: 7,
} as const;

/** A reason's name. */
export type MissName = keyof typeof MISSES;

/** A path's answer to "why not this instance": `TAKEN`, `PASSED`, `UNAVAILABLE` or a reason of {@link MISSES}. */
export type Miss = typeof TAKEN | typeof PASSED | typeof UNAVAILABLE | (typeof MISSES)[MissName];

/**
 * The instances drawn in the last frame drawn but not on the GPU, by the first reason found (none
 * counted while `stats().gpu.unavailable` says why the GPU path is not used).
 *
 * @interface
 */
export type MissedCounts = { -readonly [K in keyof typeof MISSES]: number };

/** Codes 0 (`TAKEN`) to the last reason: the size of a table indexed by code. */
export const MISS_CODES = 8;

/** Each reason's name, by code (`TAKEN`, `UNAVAILABLE`: null, not counted). */
export const MISS_NAMES: readonly (MissName | null)[] = Object.freeze(namesByCode(MISSES, MISS_CODES));
