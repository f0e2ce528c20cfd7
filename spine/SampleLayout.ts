/**
 * Where each part of a pose sits in a pose-cache sample: one layout per clip (skeleton, skin,
 * animation), used both to write a sample from a posed skeleton and to read one into an instance,
 * so the two cannot disagree. A sample is a Float32Array:
 *
 * | part | floats |
 * |---|---|
 * | every bone, in skeleton order | 6 each: world a, b, c, d, x, y |
 * | each colour-keyed slot | 7 each: r, g, b, a, dark r, g, b |
 * | each slot whose attachment, deform or sequence is keyed | 2 + its deform capacity: sequence index, deform length, the deform values |
 * | the draw order, when keyed | one slot index per position |
 *
 * The attachments of the attachment-keyed slots are objects: they are kept beside the floats, in
 * an array of references (`refSlots` per sample). Only what the animation keys is stored (see
 * slotKeys.ts): the rest of a slot is what the game or the setup pose left, and stays.
 */
import { KEY_ALPHA, KEY_ATTACHMENT, KEY_DARK, KEY_DEFORM, KEY_RGB, KEY_SEQUENCE, type SlotKeys } from './slotKeys';
import { drawOrderOf, versionOf, type Skeleton, type SpineVersion } from './spineCore';
import type { UnkeyedPose } from './unkeyedPose';

/** Floats per bone: world a, b, c, d, x, y. */
const BONE_FLOATS = 6;
/** Floats per colour-keyed slot: r, g, b, a, dark r, g, b. */
const COLOR_FLOATS = 7;
/** Bytes counted per attachment reference. */
const REF_BYTES = 8;

export class SampleLayout {
    /** Floats of one sample. */
    readonly floats: number;
    /** Attachment references of one sample. */
    readonly refSlots: number;
    /** Bytes one sample counts (floats and references). */
    readonly bytes: number;
    private readonly boneCount: number;
    private readonly colorSlots: Int32Array;
    private readonly colorMasks: Uint8Array;
    /** Attachment-, deform- or sequence-keyed slots, their mask and deform capacity. */
    private readonly lookSlots: Int32Array;
    private readonly lookMasks: Uint8Array;
    private readonly lookCapacity: Int32Array;
    private readonly drawOrder: boolean;
    /** The accessors of the skeletons' Spine version. */
    private readonly v: SpineVersion;

    /** The layout of an animation keying `keys` on skeletons like `skeleton`. */
    constructor(skeleton: Skeleton, keys: SlotKeys) {
        this.v = versionOf(skeleton);
        const colorSlots: number[] = [];
        const colorMasks: number[] = [];
        const lookSlots: number[] = [];
        const lookMasks: number[] = [];
        const lookCapacity: number[] = [];
        let floats = skeleton.bones.length * BONE_FLOATS;
        let refSlots = 0;
        keys.masks.forEach((mask, slot) => {
            if ((mask & (KEY_RGB | KEY_ALPHA | KEY_DARK)) === 0) return;
            colorSlots.push(slot);
            colorMasks.push(mask);
            floats += COLOR_FLOATS;
        });
        keys.masks.forEach((mask, slot) => {
            if ((mask & (KEY_ATTACHMENT | KEY_DEFORM | KEY_SEQUENCE)) === 0) return;
            lookSlots.push(slot);
            lookMasks.push(mask);
            lookCapacity.push(keys.deform[slot]);
            floats += 2 + keys.deform[slot];
            if ((mask & KEY_ATTACHMENT) !== 0) refSlots++;
        });
        if (keys.drawOrder) floats += skeleton.slots.length;
        this.boneCount = skeleton.bones.length;
        this.colorSlots = Int32Array.from(colorSlots);
        this.colorMasks = Uint8Array.from(colorMasks);
        this.lookSlots = Int32Array.from(lookSlots);
        this.lookMasks = Uint8Array.from(lookMasks);
        this.lookCapacity = Int32Array.from(lookCapacity);
        this.drawOrder = keys.drawOrder;
        this.floats = floats;
        this.refSlots = refSlots;
        this.bytes = floats * 4 + refSlots * REF_BYTES;
    }

    /** Writes the pose of `skeleton` (posed: world transforms computed) into `sample`, its attachments into `refs` from `refAt`. */
    write(skeleton: Skeleton, sample: Float32Array, refs: unknown[], refAt: number): void {
        const version = this.v;
        const bones = skeleton.bones;
        let o = 0;
        for (let i = 0; i < this.boneCount; i++, o += BONE_FLOATS) {
            const w = version.boneWorld(bones[i]);
            sample[o] = w.a;
            sample[o + 1] = w.b;
            sample[o + 2] = w.c;
            sample[o + 3] = w.d;
            sample[o + 4] = w.worldX;
            sample[o + 5] = w.worldY;
        }
        const slots = skeleton.slots;
        for (let k = 0; k < this.colorSlots.length; k++, o += COLOR_FLOATS) {
            const look = version.slotLook(slots[this.colorSlots[k]]);
            const c = look.color;
            sample[o] = c.r;
            sample[o + 1] = c.g;
            sample[o + 2] = c.b;
            sample[o + 3] = c.a;
            const d = look.darkColor;
            if (d !== null) {
                sample[o + 4] = d.r;
                sample[o + 5] = d.g;
                sample[o + 6] = d.b;
            }
        }
        let ref = refAt;
        for (let k = 0; k < this.lookSlots.length; k++) {
            const look = version.slotLook(slots[this.lookSlots[k]]);
            if ((this.lookMasks[k] & KEY_ATTACHMENT) !== 0) refs[ref++] = look.attachment;
            const capacity = this.lookCapacity[k];
            const length = Math.min(look.deform.length, capacity);
            sample[o] = look.sequenceIndex;
            sample[o + 1] = length;
            for (let v = 0; v < length; v++) sample[o + 2 + v] = look.deform[v];
            o += 2 + capacity;
        }
        if (this.drawOrder) {
            const order = drawOrderOf(skeleton);
            for (let i = 0; i < order.length; i++) sample[o + i] = order[i].data.index;
        }
    }

    /**
     * Reads a pose into `skeleton`: bone world transforms, colours and deforms interpolated from
     * sample `a` towards `b` by `weight` (0..1), attachments, sequence indices and draw order from
     * the nearer of the two (`refs` from `aRefAt` or `bRefAt`). Checks each bone against `base` as
     * it goes (each bone is read once): false, leaving the skeleton partly written, when one is off
     * its setup pose where the animation does not key it (the instance must then be posed in full).
     */
    read(skeleton: Skeleton, a: Float32Array, b: Float32Array, weight: number, refs: readonly unknown[], aRefAt: number, bRefAt: number, base: UnkeyedPose): boolean {
        const w = weight;
        const v = 1 - w;
        const near = w < 0.5 ? a : b;
        const version = this.v;
        const bones = skeleton.bones;
        let o = 0;
        for (let i = 0; i < this.boneCount; i++, o += BONE_FLOATS) {
            const bone = bones[i];
            if (!base.boneAtSetup(bone, i)) return false;
            const p = version.boneWorld(bone);
            p.a = a[o] * v + b[o] * w;
            p.b = a[o + 1] * v + b[o + 1] * w;
            p.c = a[o + 2] * v + b[o + 2] * w;
            p.d = a[o + 3] * v + b[o + 3] * w;
            p.worldX = a[o + 4] * v + b[o + 4] * w;
            p.worldY = a[o + 5] * v + b[o + 5] * w;
        }
        const slots = skeleton.slots;
        for (let k = 0; k < this.colorSlots.length; k++, o += COLOR_FLOATS) {
            const look = version.slotLook(slots[this.colorSlots[k]]);
            const mask = this.colorMasks[k];
            const color = look.color;
            if ((mask & KEY_RGB) !== 0) {
                color.r = a[o] * v + b[o] * w;
                color.g = a[o + 1] * v + b[o + 1] * w;
                color.b = a[o + 2] * v + b[o + 2] * w;
            }
            if ((mask & KEY_ALPHA) !== 0) color.a = a[o + 3] * v + b[o + 3] * w;
            const dark = look.darkColor;
            if ((mask & KEY_DARK) !== 0 && dark !== null) {
                dark.r = a[o + 4] * v + b[o + 4] * w;
                dark.g = a[o + 5] * v + b[o + 5] * w;
                dark.b = a[o + 6] * v + b[o + 6] * w;
            }
        }
        let ref = w < 0.5 ? aRefAt : bRefAt;
        for (let k = 0; k < this.lookSlots.length; k++) {
            const look = version.slotLook(slots[this.lookSlots[k]]);
            if ((this.lookMasks[k] & KEY_ATTACHMENT) !== 0) look.attachment = refs[ref++];
            look.sequenceIndex = near[o];
            const deform = look.deform;
            const length = near[o + 1];
            deform.length = length;
            // Interpolated where both samples deform the same vertices, else the nearer one's.
            if (a[o + 1] === b[o + 1]) for (let i = 0; i < length; i++) deform[i] = a[o + 2 + i] * v + b[o + 2 + i] * w;
            else for (let i = 0; i < length; i++) deform[i] = near[o + 2 + i];
            o += 2 + this.lookCapacity[k];
        }
        if (this.drawOrder) {
            const order = drawOrderOf(skeleton);
            for (let i = 0; i < order.length; i++) order[i] = slots[near[o + i]];
        }
        return true;
    }
}
