/**
 * The few spine-core calls whose API changed between Spine 4.2 (spine-phaser, Phaser 3) and 4.3
 * (spine-phaser-v4 on Phaser 4, spine-phaser-v3 on Phaser 3). The plugin imports no Spine
 * package at run time: it works with whichever runtime made the objects, telling the versions
 * apart by what the objects have.
 *
 * | 4.2 | 4.3 |
 * |---|---|
 * | `skeleton.setToSetupPose()` / `setSlotsToSetupPose()` | `setupPose()` / `setupPoseSlots()` |
 * | `animation.apply(skeleton, last, time, loop, events, alpha, MixBlend, MixDirection)` | `apply(..., alpha, MixFrom, add, out, appliedPose)` |
 * | `state.setAnimationWith(track, animation, loop)` | `state.setAnimation(track, animation, loop)` |
 * | `skeleton.physicsConstraints[i].reset()` | `skeleton.physics[i].reset(skeleton)` |
 */
import { MIX_BLEND_SETUP, MIX_DIRECTION_IN, MIX_FROM_SETUP } from './constants';

export { setAnimationObject } from './legacy/spineState';

interface Skeleton {
    setupPose?(): void;
    setToSetupPose?(): void;
    setupPoseSlots?(): void;
    setSlotsToSetupPose?(): void;
}

interface Animation {
    apply(skeleton: unknown, lastTime: number, time: number, loop: boolean, events: unknown[] | null, alpha: number, ...rest: (number | boolean)[]): void;
}

/** Whether `skeleton` is a Spine 4.3 (or later) skeleton. */
export function isSpine43(skeleton: object): boolean {
    return typeof (skeleton as Skeleton).setupPose === 'function';
}

/** Bones, constraints and slots to the setup pose. */
export function setupPose(skeleton: object): void {
    const s = skeleton as Skeleton;
    if (typeof s.setupPose === 'function') s.setupPose();
    else s.setToSetupPose!();
}

/** Slots (attachments, colours) to the setup pose. */
export function setupPoseSlots(skeleton: object): void {
    const s = skeleton as Skeleton;
    if (typeof s.setupPoseSlots === 'function') s.setupPoseSlots();
    else s.setSlotsToSetupPose!();
}

/**
 * Applies `animation` at `time` fully (alpha 1) over the setup pose, the way a track's only
 * animation is applied: events between `lastTime` and `time` go to `events`.
 */
export function applyFromSetup(animation: object, skeleton: object, lastTime: number, time: number, loop: boolean, events: unknown[] | null): void {
    const a = animation as Animation;
    if (isSpine43(skeleton)) a.apply(skeleton, lastTime, time, loop, events, 1, MIX_FROM_SETUP, false, false, false);
    else a.apply(skeleton, lastTime, time, loop, events, 1, MIX_BLEND_SETUP, MIX_DIRECTION_IN);
}

/**
 * Restarts the skeleton's physics constraints from the pose they are given next (no velocity, no
 * offset), as a new skeleton's are: 4.2's `physicsConstraints[i].reset()`, 4.3's
 * `physics[i].reset(skeleton)`.
 */
export function resetPhysics(skeleton: object): void {
    const s = skeleton as { physicsConstraints?: { reset(skeleton: object): void }[]; physics?: { reset(skeleton: object): void }[] };
    const constraints = s.physicsConstraints ?? s.physics;
    if (!constraints) return;
    for (let i = 0; i < constraints.length; i++) constraints[i].reset(skeleton);
}
