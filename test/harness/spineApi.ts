/**
 * The spine-core calls tests make whose API changed from Spine 4.2 (spine-phaser) to 4.3
 * (spine-phaser-v4), written out for each, so a test reads the same on both stacks.
 */
import type { Animation, Bone, Skeleton } from '@esotericsoftware/spine-phaser';
import type { SpineModule } from '../../fixtures/headless/spine';

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
    if (s.MixFrom)
        (animation.apply as (...args: unknown[]) => void).call(animation, skeleton, lastTime, time, false, events, 1, s.MixFrom.setup, false, false, false);
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

/**
 * What the renderer draws of a slot: its attachment and its world vertices (x, y pairs), for the
 * attachments whose vertices are drawn (regions, meshes) or cut what is drawn (clipping polygons).
 */
export type DrawnKind = 'region' | 'mesh' | 'clip';

/** What a slot shows and how the renderer draws it. */
export interface SlotDrawn {
    /** The attachment shown, and its name (null: none). */
    attachment: object | null;
    name: string | null;
    /** Its kind when it is a region, a mesh or a clipping polygon; null for none or another kind. */
    kind: DrawnKind | null;
    /**
     * Whether it is drawn, as 4.3's SkeletonRendererCore decides (4.2's renderer draws alpha 0 too,
     * which shows nothing): its bone is active, and it is a region or mesh with slot and attachment
     * alpha > 0, or a clipping polygon (drawn whatever its alpha: it cuts what is drawn).
     */
    drawn: boolean;
    /** The slot's sequence index (-1: the attachment's setup index), and whether its attachment has a sequence. */
    sequenceIndex: number;
    hasSequence: boolean;
    color: [number, number, number, number];
    dark: [number, number, number] | null;
    /** World vertices (x, y pairs; 4 for a region) of a region, mesh or clipping polygon on an active bone (drawn or at alpha 0), else null. */
    vertices: Float64Array | null;
}

/** spine-core's attachment classes, from the runtime that made the skeleton (spine-phaser's bundle or spine-core). */
interface AttachmentClasses {
    RegionAttachment: abstract new (...args: never[]) => unknown;
    MeshAttachment: abstract new (...args: never[]) => unknown;
    ClippingAttachment: abstract new (...args: never[]) => unknown;
}

/**
 * What each slot of `skeleton` (posed: world transforms computed) shows and draws, by slot index.
 * World vertices come from spine-core's own `computeWorldVertices`, called as its renderers call it:
 *
 * | | 4.2 | 4.3 |
 * |---|---|---|
 * | region | `computeWorldVertices(slot, out, 0, 2)` (applies the slot's sequence frame itself) | `computeWorldVertices(slot, getOffsets(slot.appliedPose), out, 0, 2)` |
 * | mesh, clipping | `computeWorldVertices(slot, 0, n, out, 0, 2)` (the slot's deform) | `computeWorldVertices(skeleton, slot, 0, n, out, 0, 2)` (`appliedPose.deform`) |
 * | what the slot shows | the slot | `slot.appliedPose` |
 *
 * `spine`: the runtime's module (its attachment classes tell the kinds apart).
 */
export function slotsDrawn(spine: AttachmentClasses | object, skeleton: Skeleton): SlotDrawn[] {
    const classes = spine as AttachmentClasses;
    const v43 = typeof (skeleton as Any).setupPose === 'function';
    return (skeleton.slots as Any[]).map((slot): SlotDrawn => {
        const pose = slot.appliedPose ?? slot;
        const attachment: Any = pose.attachment ?? (typeof slot.getAttachment === 'function' ? slot.getAttachment() : null);
        const c = pose.color;
        const d = pose.darkColor;
        const kind: DrawnKind | null = !attachment
            ? null
            : attachment instanceof classes.RegionAttachment
              ? 'region'
              : attachment instanceof classes.MeshAttachment
                ? 'mesh'
                : attachment instanceof classes.ClippingAttachment
                  ? 'clip'
                  : null;
        const drawn = kind !== null && slot.bone.active && (kind === 'clip' || (c.a > 0 && attachment.color.a > 0));
        let vertices: Float64Array | null = null;
        if (kind !== null && slot.bone.active) {
            if (kind === 'region') {
                vertices = new Float64Array(8);
                if (v43) attachment.computeWorldVertices(slot, attachment.getOffsets(pose), vertices, 0, 2);
                else attachment.computeWorldVertices(slot, vertices, 0, 2);
            } else {
                const n: number = attachment.worldVerticesLength;
                vertices = new Float64Array(n);
                if (v43) attachment.computeWorldVertices(skeleton, slot, 0, n, vertices, 0, 2);
                else attachment.computeWorldVertices(slot, 0, n, vertices, 0, 2);
            }
        }
        return {
            attachment: attachment ?? null,
            name: attachment ? attachment.name : null,
            kind,
            drawn,
            sequenceIndex: pose.sequenceIndex,
            hasSequence: !!attachment?.sequence,
            color: [c.r, c.g, c.b, c.a],
            dark: d ? [d.r, d.g, d.b] : null,
            vertices,
        };
    });
}
