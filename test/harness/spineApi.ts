/**
 * The spine-core calls tests make whose API changed from Spine 4.2 (spine-phaser) to 4.3
 * (spine-phaser-v4), written out for each, so a test reads the same on both stacks.
 */
import type { Animation, Bone, Skeleton } from '@esotericsoftware/spine-phaser';
import type { SpineModule } from './spine';

type Any = any;

/** Bones, constraints and slots to the setup pose (4.2 `setToSetupPose`, 4.3 `setupPose`). */
export function setupPose(skeleton: Skeleton): void {
    const s = skeleton as Any;
    if (typeof s.setupPose === 'function') s.setupPose();
    else s.setToSetupPose();
}

/**
 * Applies `animation` at `time` over the setup pose with alpha 1, events from `lastTime` into
 * `events`: 4.2 `apply(..., MixBlend.setup, MixDirection.mixIn)`, 4.3 `apply(..., MixFrom.setup,
 * add = false, out = false, appliedPose = false)`.
 */
export function applyFromSetup(spine: SpineModule, animation: Animation, skeleton: Skeleton, lastTime: number, time: number, events: unknown[] = []): void {
    const s = spine as Any;
    if (s.MixFrom) (animation.apply as Function).call(animation, skeleton, lastTime, time, false, events, 1, s.MixFrom.setup, false, false, false);
    else animation.apply(skeleton, lastTime, time, false, events as never, 1, s.MixBlend.setup, s.MixDirection.mixIn);
}

/** A bone's world transform (4.3 keeps it on `bone.appliedPose`). */
export function worldOf(bone: Bone): { a: number; b: number; c: number; d: number; worldX: number; worldY: number } {
    return (bone as Any).appliedPose ?? bone;
}

/** What a slot shows (4.3 keeps it on `slot.appliedPose`): its attachment, colours and deform. */
export interface SlotLook {
    attachment: string | null;
    color: [number, number, number, number];
    dark: [number, number, number] | null;
    deform: ArrayLike<number>;
}

/** The look of each slot, by slot index. */
export function slotLooks(skeleton: Skeleton): SlotLook[] {
    return (skeleton.slots as Any[]).map((slot) => {
        const pose = slot.appliedPose ?? slot;
        const attachment = pose.attachment ?? (typeof slot.getAttachment === 'function' ? slot.getAttachment() : null);
        const c = pose.color;
        const d = pose.darkColor;
        return { attachment: attachment ? attachment.name : null, color: [c.r, c.g, c.b, c.a], dark: d ? [d.r, d.g, d.b] : null, deform: pose.deform ?? [] };
    });
}

/** Slot indices in draw order (4.3's `drawOrder` is an object whose `appliedPose` is the list). */
export function drawOrderOf(skeleton: Skeleton): number[] {
    const order = (skeleton as Any).drawOrder;
    const list: Any[] = Array.isArray(order) ? order : order.appliedPose;
    return list.map((slot) => slot.data.index);
}

/** Indices of the bones a physics constraint moves, and every bone below them. */
export function physicsBones(skeleton: Skeleton): Set<number> {
    const s = skeleton as Any;
    const constraints: Any[] = s.physicsConstraints ?? s.physics ?? [];
    const moved = new Set<number>();
    for (const c of constraints) moved.add((c.bone ?? c.data.bone).data?.index ?? c.data.bone.index);
    for (const bone of skeleton.bones as Any[]) {
        for (let b = bone.parent; b; b = b.parent) if (moved.has(b.data.index)) moved.add(bone.data.index);
    }
    return moved;
}

/** spine-core's `Physics.none` and `Physics.pose` (the same in 4.2 and 4.3). */
const PHYSICS_NONE = 0;
const PHYSICS_POSE = 3;

/**
 * Bone world positions [x, y] as they would be without physics (the animated pose), read from a
 * posed skeleton without changing it: world transforms are computed without physics constraints,
 * read, then computed again with the constraints' current offsets (`Physics.pose`, which applies them
 * without simulating), which gives back the pose it had.
 */
export function withoutPhysics(skeleton: Skeleton): number[][] {
    const s = skeleton as Any;
    s.updateWorldTransform(PHYSICS_NONE);
    const pose = (skeleton.bones as Any[]).map((bone) => {
        const b = worldOf(bone);
        return [b.worldX, b.worldY];
    });
    s.updateWorldTransform(PHYSICS_POSE);
    return pose;
}
