/**
 * The scratch skeletons poses are sampled on off the instances (where an animation reaches, the
 * pose cache's samples, a skin's setup-pose box): one per SkeletonData at its default scale, of the
 * runtime class of the first skeleton that asked, its Spine version taken once with it; the pose
 * cache makes its own for a skeleton of another scale (`scaledScratch`).
 */
import { PHYSICS_RESET, type Animation, type Skeleton, type Skin } from './shapes';
import type { SpineVersion } from './SpineVersion';
import { versionOf } from './versions';

/** A scratch skeleton and its version's object. */
export interface Scratch {
    readonly skeleton: Skeleton;
    readonly version: SpineVersion;
}

const scratches = new WeakMap<object, Scratch>();

/** The scratch skeleton of `source`'s data (made once, of `source`'s runtime class). */
export function scratchOf(source: Skeleton): Scratch {
    let scratch = scratches.get(source.data);
    if (scratch === undefined) {
        const SkeletonClass = source.constructor as new (data: Skeleton['data']) => Skeleton;
        const skeleton = new SkeletonClass(source.data);
        scratch = { skeleton, version: versionOf(skeleton) };
        scratches.set(source.data, scratch);
    }
    return scratch;
}

/**
 * A new scratch skeleton of `source`'s data and class whose `scaleX` and `scaleY` read as
 * `scaleX`, `scaleY` (a mirrored skeleton's poses are sampled mirrored: IK bend directions and
 * transform constraints need not mirror). Owned by the caller.
 */
export function scaledScratch(source: Skeleton, scaleX: number, scaleY: number): Scratch {
    const SkeletonClass = source.constructor as new (data: Skeleton['data']) => Skeleton;
    const skeleton = new SkeletonClass(source.data);
    skeleton.scaleX = scaleX;
    // spine-core's scaleY getter reads the stored value negated when `Skeleton.yDown` (spine-phaser
    // sets it): stored so that it reads as the instance's does.
    skeleton.scaleY = scaleY;
    if (skeleton.scaleY !== scaleY) skeleton.scaleY = -scaleY;
    return { skeleton, version: versionOf(skeleton) };
}

/** Puts the scratch skeleton in the setup pose with `skin` (world transforms not computed). */
export function setupOn(scratch: Scratch, skin: Skin | null): void {
    const skeleton = scratch.skeleton;
    if (skeleton.skin !== skin) skeleton.setSkin(skin);
    scratch.version.setupPose(skeleton);
}

/**
 * Poses the scratch skeleton as a skeleton with `skin` playing `animation` alone shows it at `time`
 * over the setup pose, world transforms included (physics at rest).
 */
export function sampleOn(scratch: Scratch, skin: Skin | null, animation: Animation, time: number): void {
    setupOn(scratch, skin);
    scratch.version.applyFromSetup(animation, scratch.skeleton, time, time, false, null);
    scratch.skeleton.updateWorldTransform(PHYSICS_RESET);
}
