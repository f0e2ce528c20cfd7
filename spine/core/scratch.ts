/**
 * The scratch skeletons poses are sampled on off the instances (where an animation reaches, the
 * pose cache's samples, a skin's setup-pose box): one per SkeletonData, of the runtime class of the
 * first skeleton that asked, its Spine version taken once with it.
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
