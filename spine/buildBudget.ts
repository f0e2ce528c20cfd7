/**
 * How many poses the pose cache may build in a frame (samples, and the checks that place them).
 *
 * The budget follows time, not frames: a frame `frameMs` long may build `BUILDS_PER_SECOND` per
 * second of it, so a slow frame (a big crowd warming up) builds more and warm-up takes about as
 * long at 5 fps as at 60. The length is the frame's delta, or the game loop's real one when longer
 * (Phaser caps its delta, and past 200 ms replaces it by the last short one: SpinePoolPlugin). It is
 * capped by the work the cache spares: a build stands in for the full pose of an instance whose
 * samples wait, so a frame builds no more than the instances that waited the frame before (no
 * frame costs more than posing them in full would have), and never fewer than `BUILDS_PER_FRAME`
 * (what a 60 fps frame builds). Deterministic: it reads no clock (a test steps the delta).
 */

/** Poses built per second of frame time (16 a frame at 60 fps). */
export const BUILDS_PER_SECOND = 960;
/** Poses a frame may always build, however short (a 60 fps frame's share of `BUILDS_PER_SECOND`). */
export const BUILDS_PER_FRAME = 16;

/**
 * The poses a frame `frameMs` long may build, when `waited` instances were posed in full the frame
 * before because their samples were not built yet.
 */
export function buildBudget(frameMs: number, waited: number): number {
    const byTime = Math.round((frameMs * BUILDS_PER_SECOND) / 1000);
    return Math.max(BUILDS_PER_FRAME, Math.min(byTime, waited));
}
