/**
 * Where an instance's skeleton is placed: its own `x`, `y` and scale, which the game may change at
 * any time, read and written as a whole (Posing.ts makes a pose outside the instance's turn on the
 * fields of that turn; animationReach.ts keeps where a pose was shown).
 */
import type { Skeleton } from './core/shapes';

/** A skeleton's own `x`, `y` and scale (`scaleY` as its getter reads it: 4.2's y-down skeletons read it negated). */
export interface SkeletonPlacement {
    x: number;
    y: number;
    scaleX: number;
    scaleY: number;
}

/**
 * Where an instance's skeleton was placed (its own `x`, `y` and scale, which the game may change
 * at any time: turned around with `scaleX = -1`) when it counted. Stock's world transforms of a
 * frame are made in its object's turn of the engine's update order, on the fields as they were
 * then: a change the game makes after that turn shows from the next one. So a pose the pool makes
 * outside the instance's turn (at the frame's end, as it comes into view; from another object's
 * listener) is made on the fields of its last turn (`turn`), and physics sees a change of them as
 * stock's does, in one frame (`posed`: the fields its last pose was made on). See Posing.ts.
 */
export interface Placements {
    /** Its turn is running (the scheduler's visit): a pose made now is made on the fields as they are. */
    inTurn: boolean;
    /** The fields at its last turn; at its spawn, the ones it was handed out with (a new object's are its creation's). */
    readonly turn: SkeletonPlacement;
    /** The fields its last world transforms were made on. */
    readonly posed: SkeletonPlacement;
}

/**
 * An instance whose turn's placement may be owed: while nobody read its skeleton (`bonesLazy`), its
 * turn does not read the fields (`turnOwed`: nothing wrote them since, so they are the turn's); the
 * first write after it (a scale set through the stand-in, a read that makes it eager, a runtime call
 * lent the skeleton: bonesWhenRead.ts) copies them into `turn` first (`turnNow`).
 */
export interface OwedTurn {
    readonly skeleton: Skeleton;
    readonly placements: Placements;
    /** `placements.turn` is the skeleton's fields as they are now (not written since its last turn). */
    turnOwed: boolean;
}

/** Writes the turn's placement `instance` owes (`OwedTurn`): before its skeleton's fields are written. */
export function turnNow(instance: OwedTurn): void {
    if (!instance.turnOwed) return;
    instance.turnOwed = false;
    placementOf(instance.skeleton, instance.placements.turn);
}

/** `Placements` of `skeleton` as it stands. */
export function placements(skeleton: Skeleton): Placements {
    return {
        inTurn: false,
        turn: placementOf(skeleton, { x: 0, y: 0, scaleX: 1, scaleY: 1 }),
        posed: placementOf(skeleton, { x: 0, y: 0, scaleX: 1, scaleY: 1 }),
    };
}

/** Reads `skeleton`'s own placement into `out`. */
export function placementOf(skeleton: SkeletonPlacement, out: SkeletonPlacement): SkeletonPlacement {
    out.x = skeleton.x;
    out.y = skeleton.y;
    out.scaleX = skeleton.scaleX;
    out.scaleY = skeleton.scaleY;
    return out;
}

/** Whether two placements are the same. */
export function samePlacement(a: SkeletonPlacement, b: SkeletonPlacement): boolean {
    return a.x === b.x && a.y === b.y && a.scaleX === b.scaleX && a.scaleY === b.scaleY;
}

/**
 * Writes `placement` into `skeleton`'s fields, so that they read as it says (4.2's `scaleY` setter
 * stores what its getter reads negated on a y-down skeleton).
 */
export function placeSkeleton(skeleton: Skeleton, placement: SkeletonPlacement): void {
    skeleton.x = placement.x;
    skeleton.y = placement.y;
    skeleton.scaleX = placement.scaleX;
    const scaleY = placement.scaleY;
    skeleton.scaleY = scaleY;
    if (skeleton.scaleY !== scaleY) skeleton.scaleY = -scaleY;
}
