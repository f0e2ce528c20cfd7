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
 *
 * The layout also measures how far an interpolated pose is from an exact one (`error`), in the
 * units the cache's tolerance is given in, and whether two samples show the same discrete state.
 */
import { KEY_ALPHA, KEY_ATTACHMENT, KEY_DARK, KEY_DEFORM, KEY_RGB, KEY_SEQUENCE, type SlotKeys } from './slotKeys';
import type { Skeleton } from './core/shapes';
import type { SpineVersion } from './core/SpineVersion';
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

    /** The layout of an animation keying `keys` on skeletons like `skeleton`, of Spine `version`. */
    constructor(skeleton: Skeleton, version: SpineVersion, keys: SlotKeys) {
        this.v = version;
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
            const order = version.drawOrder(skeleton);
            for (let i = 0; i < order.length; i++) sample[o + i] = order[i].data.index;
        }
    }

    /**
     * Reads a pose into `skeleton`: bone world transforms, colours and deforms interpolated from
     * sample `a` towards `b` by `weight` (0..1), attachments, sequence indices and draw order from
     * `a` (the sample at or before the pose's time: no discrete state switches between the two, see
     * ClipSamples), its attachments from `aRefs` at `aRefAt`. Checks each bone against `base` as it
     * goes (each bone is read once): false, leaving the skeleton partly written, when one is off its
     * setup pose where the animation does not key it (the instance must then be posed in full).
     */
    read(skeleton: Skeleton, a: Float32Array, b: Float32Array, weight: number, aRefs: readonly unknown[], aRefAt: number, base: UnkeyedPose): boolean {
        if (!this.readBones(skeleton, a, b, weight, base)) return false;
        this.readSlots(skeleton, a, b, weight, aRefs, aRefAt);
        return true;
    }

    /**
     * `read` without the bones' world transforms nor the slots' look (see spine/bonesWhenRead.ts:
     * `readOwed` writes that): checks the bones against `base` (null: checked already), then writes
     * the keyed deforms' lengths only (colours, attachments, sequence indices, deform values and draw
     * order are left owed). `written`: the sample whose lengths the skeleton holds (the clip's last
     * behind read, nothing written since), or null: only the lengths that differ from its are written.
     * False, nothing written, when a bone is off its setup pose where the animation does not key it.
     */
    readBehind(skeleton: Skeleton, a: Float32Array, base: UnkeyedPose | null, written: Float32Array | null = null): boolean {
        const bones = skeleton.bones;
        if (base !== null) for (let i = 0; i < this.boneCount; i++) if (!base.boneAtSetup(bones[i], i)) return false;
        if (written === a) return true;
        if (written !== null && this.sameLengths(a, written)) return true;
        const version = this.v;
        const slots = skeleton.slots;
        const lookSlots = this.lookSlots;
        const capacity = this.lookCapacity;
        let o = this.boneCount * BONE_FLOATS + this.colorSlots.length * COLOR_FLOATS;
        for (let k = 0; k < lookSlots.length; k++) {
            const length = a[o + 1];
            const deform = version.slotLook(slots[lookSlots[k]]).deform;
            if (deform.length !== length) deform.length = length;
            o += 2 + capacity[k];
        }
        return true;
    }

    /** Whether samples `x` and `y` give every keyed deform the same length. */
    private sameLengths(x: Float32Array, y: Float32Array): boolean {
        const capacity = this.lookCapacity;
        let o = this.boneCount * BONE_FLOATS + this.colorSlots.length * COLOR_FLOATS;
        for (let k = 0; k < capacity.length; k++) {
            if (x[o + 1] !== y[o + 1]) return false;
            o += 2 + capacity[k];
        }
        return true;
    }

    /**
     * What `readBehind` left owed, as `read` writes it: keyed colours and deform values interpolated
     * from `a` towards `b` by `weight`, attachments (from `aRefs` at `aRefAt`), sequence indices and
     * draw order from `a` (see bonesWhenRead.ts `slotsNow`).
     */
    readOwed(skeleton: Skeleton, a: Float32Array, b: Float32Array, weight: number, aRefs: readonly unknown[], aRefAt: number): void {
        this.readSlots(skeleton, a, b, weight, aRefs, aRefAt);
    }

    /**
     * The bones' world transforms of `read` (checked against `base` as it goes; null: already
     * checked, by `readBehind`). False, leaving them partly written, when one is off its setup pose.
     */
    readBones(skeleton: Skeleton, a: Float32Array, b: Float32Array, weight: number, base: UnkeyedPose | null): boolean {
        const w = weight;
        const v = 1 - w;
        const version = this.v;
        const bones = skeleton.bones;
        let o = 0;
        for (let i = 0; i < this.boneCount; i++, o += BONE_FLOATS) {
            const bone = bones[i];
            if (base !== null && !base.boneAtSetup(bone, i)) return false;
            const p = version.boneWorld(bone);
            p.a = a[o] * v + b[o] * w;
            p.b = a[o + 1] * v + b[o + 1] * w;
            p.c = a[o + 2] * v + b[o + 2] * w;
            p.d = a[o + 3] * v + b[o + 3] * w;
            p.worldX = a[o + 4] * v + b[o + 4] * w;
            p.worldY = a[o + 5] * v + b[o + 5] * w;
        }
        return true;
    }

    /** The slots' part of `read`: keyed colours and deforms interpolated, attachments, sequence indices and draw order from `a`. */
    private readSlots(skeleton: Skeleton, a: Float32Array, b: Float32Array, weight: number, aRefs: readonly unknown[], aRefAt: number): void {
        const w = weight;
        const v = 1 - w;
        const refs = aRefs;
        const version = this.v;
        let o = this.boneCount * BONE_FLOATS;
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
        let ref = aRefAt;
        for (let k = 0; k < this.lookSlots.length; k++) {
            const look = version.slotLook(slots[this.lookSlots[k]]);
            if ((this.lookMasks[k] & KEY_ATTACHMENT) !== 0) look.attachment = refs[ref++];
            look.sequenceIndex = a[o];
            const deform = look.deform;
            const length = a[o + 1];
            if (deform.length !== length) deform.length = length;
            // Interpolated where both samples deform the same vertices, else the first one's.
            if (a[o + 1] === b[o + 1]) for (let i = 0; i < length; i++) deform[i] = a[o + 2 + i] * v + b[o + 2 + i] * w;
            else for (let i = 0; i < length; i++) deform[i] = a[o + 2 + i];
            o += 2 + this.lookCapacity[k];
        }
        if (this.drawOrder) {
            const order = version.drawOrder(skeleton);
            for (let i = 0; i < order.length; i++) order[i] = slots[a[o + i]];
        }
    }

    /**
     * How far the pose interpolated from `a` towards `b` by `weight` is from the exact pose `exact`,
     * as a multiple of the tolerance (at most 1: within it). Each bone: its world translation's
     * error plus its linear part's (Frobenius norm) times how far what it carries reaches
     * (`radii`, see virtualVertices.ts), against `px`; each deform value's error times the largest
     * bone norm, against `px`; each keyed colour channel's error, against `color`. A deform whose
     * length differs from the exact one's cannot be interpolated to it: Infinity.
     */
    error(exact: Float32Array, a: Float32Array, b: Float32Array, weight: number, radii: Float32Array, px: number, color: number): number {
        const w = weight;
        const v = 1 - w;
        let worst = 0;
        let norm = 0;
        let o = 0;
        for (let i = 0; i < this.boneCount; i++, o += BONE_FLOATS) {
            const da = a[o] * v + b[o] * w - exact[o];
            const db = a[o + 1] * v + b[o + 1] * w - exact[o + 1];
            const dc = a[o + 2] * v + b[o + 2] * w - exact[o + 2];
            const dd = a[o + 3] * v + b[o + 3] * w - exact[o + 3];
            const dx = a[o + 4] * v + b[o + 4] * w - exact[o + 4];
            const dy = a[o + 5] * v + b[o + 5] * w - exact[o + 5];
            const e = Math.sqrt(dx * dx + dy * dy) + radii[i] * Math.sqrt(da * da + db * db + dc * dc + dd * dd);
            if (e > worst) worst = e;
            const n = exact[o] * exact[o] + exact[o + 1] * exact[o + 1] + exact[o + 2] * exact[o + 2] + exact[o + 3] * exact[o + 3];
            if (n > norm) norm = n;
        }
        worst /= px;
        norm = Math.sqrt(norm);
        for (let k = 0; k < this.colorSlots.length; k++, o += COLOR_FLOATS) {
            for (let c = 0; c < COLOR_FLOATS; c++) {
                const e = Math.abs(a[o + c] * v + b[o + c] * w - exact[o + c]) / color;
                if (e > worst) worst = e;
            }
        }
        for (let k = 0; k < this.lookSlots.length; k++) {
            const length = exact[o + 1];
            if (a[o + 1] !== length || b[o + 1] !== length) {
                if (a[o + 1] !== length) return Infinity;
            } else {
                for (let i = 0; i < length; i++) {
                    const e = (Math.abs(a[o + 2 + i] * v + b[o + 2 + i] * w - exact[o + 2 + i]) * norm) / px;
                    if (e > worst) worst = e;
                }
            }
            o += 2 + this.lookCapacity[k];
        }
        return worst;
    }

    /** Whether samples `x` and `y` (attachments in `xRefs` / `yRefs` from 0) show the same attachments, sequence indices, deform lengths and draw order. */
    sameDiscrete(x: Float32Array, xRefs: readonly unknown[], y: Float32Array, yRefs: readonly unknown[]): boolean {
        for (let r = 0; r < this.refSlots; r++) if (xRefs[r] !== yRefs[r]) return false;
        let o = this.boneCount * BONE_FLOATS + this.colorSlots.length * COLOR_FLOATS;
        for (let k = 0; k < this.lookSlots.length; k++) {
            if (x[o] !== y[o] || x[o + 1] !== y[o + 1]) return false;
            o += 2 + this.lookCapacity[k];
        }
        if (this.drawOrder) for (let i = o; i < this.floats; i++) if (x[i] !== y[i]) return false;
        return true;
    }
}
