/**
 * Why a pose was made in full instead of copied from the shared pose cache: one code per condition
 * that decides it (core/plainEntry.ts, stateReplay.ts `applyReason`, PoseCache `find` and `copy`,
 * Posing), the first one found. `SERVED` (0) is a pose copied from the cache. Counted per frame by
 * the pose cache (`stats().poseCache.notServed`) and kept per instance (`posedBy`, the debug view).
 */
import { namesByCode } from './codeNames';

/** A pose copied from the cache: no reason. */
export const SERVED = 0;

/**
 * The reasons, by name (their codes: 1 and up). Each entry's TSDoc is the doc of its counter in
 * {@link NotServedCounts}.
 */
export const NOT_SERVED = {
    /**
     * Its pose cache is off (the `poseCache` option, or its spawn's `poseCache: 'off'`): every pose
     * is computed, as stock does. Not a miss of the cache (not in `misses` nor `hitRate`).
     */
    off: 1,
    /** No animation plays on any of its tracks: the setup pose, or its tracks cleared. */
    noAnimation: 2,
    /** An animation plays on a track other than 0, with or without one on track 0. */
    tracks: 3,
    /** A mix is in progress on one of its tracks (a crossfade: `mixDuration`, the Legacy helper's `crossFade`). */
    mix: 4,
    /** Its track-0 entry waits out a delay (`addAnimation(0, name, loop, delay)` on an empty track). */
    delay: 5,
    /** Its track-0 entry plays in reverse (`entry.reverse`). */
    reverse: 6,
    /** An entry is not at full alpha (`entry.alpha`): each apply blends over the previous pose. */
    alpha: 7,
    /** An entry is additive (Spine 4.2 `entry.mixBlend = MixBlend.add`, 4.3 `entry.additive`). */
    additive: 8,
    /** A track reached its end (`entry.trackEnd`) in this update: stock applies it once more as it clears it. */
    trackEnd: 9,
    /**
     * It has a `beforeUpdateWorldTransforms` or `afterUpdateWorldTransforms` callback (it may move
     * bones); clear one with an empty function, `go.afterUpdateWorldTransforms = () => {}`.
     */
    callback: 10,
    /** Its skeleton's own `x` or `y` is not 0 (moved inside its game object: move the game object instead). */
    offset: 11,
    /**
     * Its skeleton's own `scaleX`/`scaleY` is one more than the 8 scales besides the default sampled
     * per skeleton data (each scale has samples of its own: `skeleton.scaleX = -1` to turn it around
     * is served); give sizes with the game object's scale (`go.setScale`), served from the default's.
     */
    scale: 12,
    /** Its skeleton has physics constraints: their state is its own, so every pose is computed. */
    physics: 13,
    /**
     * Its animation cannot be sampled: a timeline kind the cache does not know, a sequence key
     * without a delay or switching frames more than 4096 times, or (Spine 4.3) constraints that move
     * slots (sliders).
     */
    unsampled: 14,
    /**
     * What its animation does not key is off the setup pose the samples assume: a bone, constraint
     * or keyed slot's attachment set by game code (`bone.rotation = ...`), or left by a cleared track.
     * Give an instance whose bones the game moves `poseCache: 'off'`.
     */
    moved: 15,
    /**
     * Its samples were not built yet, and this frame's build budget was spent (960 poses a second
     * of the frame's length, at least 16 a frame, at most as many as the instances that waited the frame
     * before: spine/buildBudget.ts): served once they are, a few frames after an animation first
     * plays (sooner after `prewarm(..., { animations })`).
     */
    budget: 16,
    /** Its samples could not be built: `poseCacheMemory` is taken by animations played this frame (raise it). */
    memory: 17,
    /**
     * The game changed its animation state, skin or callbacks during the frame (a listener of its own
     * events, or code after its update): the pose shown is the one made before the change, as stock's.
     */
    changed: 18,
} as const;

/** A reason's name. */
export type NotServedName = keyof typeof NOT_SERVED;

/**
 * Poses made in full in the last frame instead of copied from the shared pose cache, by the first
 * reason found (an instance is posed at most once a frame, so these count instances). Every
 * reason but `off` is a miss of the cache: they add up to the frame's misses.
 *
 * @interface
 */
export type NotServedCounts = { -readonly [K in keyof typeof NOT_SERVED]: number };

/** Codes 0 (`SERVED`) to the last reason: the size of a table indexed by code. */
export const REASON_CODES = 19;

/** Each reason's name, by code (`SERVED`: `null`). */
export const NOT_SERVED_NAMES: readonly (NotServedName | null)[] = Object.freeze(namesByCode(NOT_SERVED, REASON_CODES));
