/**
 * The shared pose cache: poses of (skeleton data, skin, animation) sampled once, copied into every
 * instance playing that animation plainly, instead of each computing its own. A copy (bone world
 * transforms and what the animation keys on slots, see slotKeys.ts) costs a fraction of a pose
 * (`AnimationState.apply` plus `updateWorldTransform`); time, queued animations and events are not
 * cached (the instance's own state fires them, see InstanceUpdater).
 *
 * - A state is served when one entry plays on track 0 alone, at full alpha, not additive, not
 *   reversed, not waiting out a delay, with no mix, on a skeleton at its origin and default scale,
 *   without physics constraints (their state is the instance's own) or slot-moving constraints (4.3
 *   sliders), with no `before/afterUpdateWorldTransforms` callback (they could move bones), and
 *   with what the animation does not key at the setup pose (see unkeyedPose.ts: not after a
 *   `clearTrack`, nor where the game set a bone itself). Anything else is posed in full for as
 *   long as it lasts.
 * - Samples are `SAMPLE_RATE` a second of animation time, the last one at the animation's end. An
 *   instance between two samples gets their bone world transforms, colours and deforms
 *   interpolated linearly by its time, its attachments, sequence indices and draw order from the
 *   nearer one (at most 1 / (2 × SAMPLE_RATE) s from its time): exact at the samples, off between
 *   them by how far the motion bends in 1/60 s (measured in the differential suite). Each sample is
 *   built the first time it is needed, at most `BUILDS_PER_FRAME` a frame (an instance whose
 *   sample waits is posed in full: no frame costs more than without the cache).
 * - Samples take at most `budget` bytes: beyond it, the clips used longest ago are dropped (never
 *   one used in the current frame; if only those are left, the instance is posed in full).
 *
 * Keys are objects (SkeletonData, Skin, Animation): a skin built at run time is one key for as long
 * as it is the same object. A skin or animation changed after its poses were sampled is not seen.
 */
import { applyFromSetup, isSpine43, setupPose } from './compat';
import { MIX_BLEND_ADD, NO_CALLBACK, PHYSICS_POSE } from './constants';
import { KEY_ALPHA, KEY_ATTACHMENT, KEY_DARK, KEY_DEFORM, KEY_RGB, KEY_SEQUENCE, slotKeysOf } from './slotKeys';
import { UnkeyedPose } from './unkeyedPose';

/** Samples per second of animation time. */
export const SAMPLE_RATE = 60;
/** Samples built per frame at most. */
export const BUILDS_PER_FRAME = 16;
/** Floats per bone: world a, b, c, d, x, y. */
const BONE_FLOATS = 6;
/** Floats per colour-keyed slot: r, g, b, a, dark r, g, b. */
const COLOR_FLOATS = 7;
/** Bytes counted per attachment reference. */
const REF_BYTES = 8;

interface Color {
    r: number;
    g: number;
    b: number;
    a: number;
}
/** A slot's look: 4.2's Slot, 4.3's SlotPose. */
interface SlotPose {
    color: Color;
    darkColor: Color | null;
    attachment: unknown;
    sequenceIndex: number;
    deform: number[];
}
interface Slot extends SlotPose {
    pose?: SlotPose;
    appliedPose?: SlotPose;
}
/** World transform: 4.2's Bone, 4.3's BonePose. */
interface World {
    a: number;
    b: number;
    c: number;
    d: number;
    worldX: number;
    worldY: number;
}
interface Bone extends World {
    appliedPose?: World;
}
interface Skeleton {
    data: { slots: unknown[] };
    skin: object | null;
    x: number;
    y: number;
    scaleX: number;
    scaleY: number;
    bones: Bone[];
    slots: Slot[];
    drawOrder: Slot[] | { pose: Slot[]; appliedPose: Slot[] };
    physicsConstraints?: unknown[];
    physics?: unknown[];
    setSkin(skin: object | null): void;
    updateWorldTransform(physics: number): void;
}
interface Animation {
    duration: number;
    timelines: unknown[];
}
interface Entry {
    animation: Animation | null;
    mixingFrom: Entry | null;
    alpha: number;
    additive?: boolean;
    mixBlend?: number;
    reverse: boolean;
    delay: number;
    getAnimationTime(): number;
}
/** What is read of a game object: its skeleton, state and callbacks. */
export interface CachedObject {
    skeleton: object;
    animationState: object;
    beforeUpdateWorldTransforms: unknown;
    afterUpdateWorldTransforms: unknown;
}

/** The sampled poses of one (data, skin, animation). */
interface Clip {
    readonly animation: Animation;
    readonly skin: object | null;
    readonly owner: DataClips;
    /** Whether a skeleton has what the animation does not key at the setup pose (the samples assume it). */
    readonly base: UnkeyedPose;
    /** Samples: the last at the animation's end, the others at i / SAMPLE_RATE. */
    readonly count: number;
    readonly samples: (Float32Array | null)[];
    /** Attachments of the attachment-keyed slots, sample i's at [i × slots, (i + 1) × slots). */
    readonly attachments: unknown[];
    /** Floats of one sample, and what the layout below puts where. */
    readonly floats: number;
    readonly colorSlots: Int32Array;
    readonly colorMasks: Uint8Array;
    /** Attachment-, deform- or sequence-keyed slots: [index, deform capacity] pairs, with their mask. */
    readonly lookSlots: Int32Array;
    readonly lookMasks: Uint8Array;
    readonly attachmentSlots: number;
    readonly drawOrder: boolean;
    /** Bytes one built sample counts. */
    readonly sampleBytes: number;
    /** Samples built, and the frame it was last served in (for the LRU). */
    built: number;
    lastUsed: number;
}

/** The clips of one SkeletonData, and the skeleton their samples are posed on. */
interface DataClips {
    readonly data: object;
    readonly sampler: Skeleton;
    /** Physics or slot-moving constraints: nothing of this data is cached. */
    readonly refused: boolean;
    readonly bySkin: Map<object | null, Map<Animation, Clip | null>>;
}

export class PoseCache {
    /** Bytes the samples may take (`poseCacheMemory`). */
    budget = 32 * 1024 * 1024;
    /** Totals since creation: poses copied from the cache, and poses of shared-mode instances made in full. */
    hits = 0;
    misses = 0;
    /** The same for the last complete frame. */
    hitsLastFrame = 0;
    missesLastFrame = 0;
    private frameHits = 0;
    private frameMisses = 0;
    private frame = 0;
    private builds = 0;
    private bytesUsed = 0;
    private clipCount = 0;
    private sampleCount = 0;
    private readonly byData = new Map<object, DataClips>();
    /** What `find` found, for `copy`. */
    private clip: Clip | null = null;
    private entry: Entry | null = null;
    /** The sample at or before its time, and how far (0..1) its time is towards the next one. */
    private index = 0;
    private weight = 0;

    get bytes(): number {
        return this.bytesUsed;
    }
    get clips(): number {
        return this.clipCount;
    }
    get samples(): number {
        return this.sampleCount;
    }

    /** A new frame: the per-frame counts start again. */
    beginFrame(frame: number): void {
        this.hitsLastFrame = this.frameHits;
        this.missesLastFrame = this.frameMisses;
        this.frameHits = this.frameMisses = 0;
        this.frame = frame;
        this.builds = 0;
    }

    /** A shared-mode instance was posed in full. */
    missed(): void {
        this.misses++;
        this.frameMisses++;
    }

    /**
     * Whether `go`'s state, as it stands, can be posed from the cache: finds its sample (building it
     * when the frame's budget allows) for `copy`. False: it must be posed in full.
     */
    find(go: CachedObject): boolean {
        const skeleton = go.skeleton as Skeleton;
        const tracks = (go.animationState as { tracks: (Entry | null)[] }).tracks;
        if (tracks.length === 0) return false;
        const entry = tracks[0];
        if (entry === null) return false;
        for (let i = 1; i < tracks.length; i++) if (tracks[i] !== null) return false;
        const animation = entry.animation;
        if (animation === null || entry.mixingFrom !== null || entry.alpha !== 1 || entry.reverse || entry.delay > 0) return false;
        if (entry.additive === true || entry.mixBlend === MIX_BLEND_ADD) return false;
        if (go.beforeUpdateWorldTransforms !== NO_CALLBACK || go.afterUpdateWorldTransforms !== NO_CALLBACK) return false;
        if (skeleton.x !== 0 || skeleton.y !== 0) return false;
        let owner = this.byData.get(skeleton.data);
        if (owner === undefined) owner = this.addData(skeleton);
        if (owner.refused) return false;
        const sampler = owner.sampler;
        if (skeleton.scaleX !== sampler.scaleX || skeleton.scaleY !== sampler.scaleY) return false;
        let byAnimation = owner.bySkin.get(skeleton.skin);
        if (byAnimation === undefined) owner.bySkin.set(skeleton.skin, (byAnimation = new Map()));
        let clip = byAnimation.get(animation);
        if (clip === undefined) {
            clip = this.addClip(owner, skeleton.skin, animation);
            byAnimation.set(animation, clip);
        }
        if (clip === null || !clip.base.restAtSetup(skeleton)) return false;
        this.locate(clip, entry.getAnimationTime());
        const index = this.index;
        if (clip.samples[index] === null && !this.build(clip, index)) return false;
        if (this.weight > 0 && clip.samples[index + 1] === null && !this.build(clip, index + 1)) return false;
        clip.lastUsed = this.frame;
        this.clip = clip;
        this.entry = entry;
        return true;
    }

    /**
     * Whether what `find` found for `go` still holds after its events were fired (a listener may
     * have given it a callback or a skin; a change to its AnimationState goes through the plugin).
     */
    stillFound(go: CachedObject): boolean {
        const tracks = (go.animationState as { tracks: (Entry | null)[] }).tracks;
        return (
            this.clip !== null &&
            tracks[0] === this.entry &&
            (go.skeleton as Skeleton).skin === this.clip.skin &&
            go.beforeUpdateWorldTransforms === NO_CALLBACK &&
            go.afterUpdateWorldTransforms === NO_CALLBACK
        );
    }

    /**
     * Copies the pose `find` found into `skeleton` (the skeleton `find` was given): bone world
     * transforms, colours and deforms interpolated between the two samples around its time;
     * attachments, sequence indices and draw order from the nearer one. False when a bone turns
     * out not to be at its setup pose where the animation does not key it (see unkeyedPose.ts):
     * the skeleton must then be posed in full.
     */
    copy(skeleton: object): boolean {
        const clip = this.clip as Clip;
        const base = clip.base;
        const w = this.weight;
        const a = clip.samples[this.index] as Float32Array;
        const b = w > 0 ? (clip.samples[this.index + 1] as Float32Array) : a;
        const near = w < 0.5 ? a : b;
        const v = 1 - w;
        const sk = skeleton as Skeleton;
        const bones = sk.bones;
        const v43 = isSpine43(sk);
        let o = 0;
        for (let i = 0; i < bones.length; i++, o += BONE_FLOATS) {
            const bone = bones[i];
            // Checked as it goes (each bone read once): off its setup pose, the copy is given up
            // and the instance posed in full, which computes every world transform again.
            if (!base.boneAtSetup(bone, i)) return false;
            const p = v43 ? (bone.appliedPose as World) : bone;
            p.a = a[o] * v + b[o] * w;
            p.b = a[o + 1] * v + b[o + 1] * w;
            p.c = a[o + 2] * v + b[o + 2] * w;
            p.d = a[o + 3] * v + b[o + 3] * w;
            p.worldX = a[o + 4] * v + b[o + 4] * w;
            p.worldY = a[o + 5] * v + b[o + 5] * w;
        }
        const slots = sk.slots;
        const colorSlots = clip.colorSlots;
        for (let k = 0; k < colorSlots.length; k++, o += COLOR_FLOATS) {
            const slot = slots[colorSlots[k]];
            const pose = v43 ? (slot.pose as SlotPose) : slot;
            const mask = clip.colorMasks[k];
            const color = pose.color;
            if ((mask & KEY_RGB) !== 0) {
                color.r = a[o] * v + b[o] * w;
                color.g = a[o + 1] * v + b[o + 1] * w;
                color.b = a[o + 2] * v + b[o + 2] * w;
            }
            if ((mask & KEY_ALPHA) !== 0) color.a = a[o + 3] * v + b[o + 3] * w;
            const dark = pose.darkColor;
            if ((mask & KEY_DARK) !== 0 && dark !== null) {
                dark.r = a[o + 4] * v + b[o + 4] * w;
                dark.g = a[o + 5] * v + b[o + 5] * w;
                dark.b = a[o + 6] * v + b[o + 6] * w;
            }
        }
        const lookSlots = clip.lookSlots;
        const refs = clip.attachments;
        let ref = (w < 0.5 ? this.index : this.index + 1) * clip.attachmentSlots;
        for (let k = 0; k < lookSlots.length; k += 2) {
            const slot = slots[lookSlots[k]];
            const pose = v43 ? (slot.pose as SlotPose) : slot;
            if ((clip.lookMasks[k >> 1] & KEY_ATTACHMENT) !== 0) pose.attachment = refs[ref++];
            pose.sequenceIndex = near[o];
            const deform = pose.deform;
            const length = near[o + 1];
            deform.length = length;
            // Interpolated where both samples deform the same vertices, else the nearer one's.
            if (a[o + 1] === b[o + 1]) for (let i = 0; i < length; i++) deform[i] = a[o + 2 + i] * v + b[o + 2 + i] * w;
            else for (let i = 0; i < length; i++) deform[i] = near[o + 2 + i];
            o += 2 + lookSlots[k + 1];
        }
        if (clip.drawOrder) {
            const order = Array.isArray(sk.drawOrder) ? sk.drawOrder : sk.drawOrder.pose;
            for (let i = 0; i < order.length; i++) order[i] = slots[near[o + i]];
        }
        this.hits++;
        this.frameHits++;
        return true;
    }

    /** Drops every sample (a skin or animation was edited after it was sampled). */
    clear(): void {
        this.byData.clear();
        this.bytesUsed = this.clipCount = this.sampleCount = 0;
        this.clip = null;
    }

    /** The samples around animation time `time` (`index`, `weight`): the last one at the animation's end. */
    private locate(clip: Clip, time: number): void {
        const last = clip.count - 1;
        const duration = clip.animation.duration;
        this.weight = 0;
        if (!(time > 0)) {
            this.index = 0;
            return;
        }
        if (time >= duration) {
            this.index = last;
            return;
        }
        const i = Math.floor(time * SAMPLE_RATE);
        if (i >= last) {
            this.index = last;
            return;
        }
        const from = i / SAMPLE_RATE;
        const to = i + 1 === last ? duration : (i + 1) / SAMPLE_RATE;
        this.index = i;
        this.weight = (time - from) / (to - from);
    }

    private addData(skeleton: Skeleton): DataClips {
        const SkeletonClass = (skeleton as object).constructor as new (data: object) => Skeleton;
        const sampler = new SkeletonClass(skeleton.data);
        const physics = sampler.physicsConstraints ?? sampler.physics ?? [];
        const owner: DataClips = { data: skeleton.data, sampler, refused: physics.length > 0, bySkin: new Map() };
        this.byData.set(skeleton.data, owner);
        return owner;
    }

    /** The layout of a clip's samples, or null when its poses cannot be copied. */
    private addClip(owner: DataClips, skin: object | null, animation: Animation): Clip | null {
        const sampler = owner.sampler;
        const keys = slotKeysOf(animation, sampler.slots.length);
        if (keys.unknown) return null;
        if (sampler.skin !== skin) sampler.setSkin(skin);
        setupPose(sampler);
        // 4.3: a constraint that moves slots (a slider) poses them after the animation.
        if (isSpine43(sampler)) {
            for (const slot of sampler.slots) if (slot.appliedPose !== slot.pose) return null;
            const order = sampler.drawOrder as { pose: unknown; appliedPose: unknown };
            if (order.appliedPose !== order.pose) return null;
        }
        const colorSlots: number[] = [];
        const colorMasks: number[] = [];
        const lookSlots: number[] = [];
        const lookMasks: number[] = [];
        let floats = sampler.bones.length * BONE_FLOATS;
        let attachmentSlots = 0;
        keys.masks.forEach((mask, slot) => {
            if ((mask & (KEY_RGB | KEY_ALPHA | KEY_DARK)) !== 0) {
                colorSlots.push(slot);
                colorMasks.push(mask);
                floats += COLOR_FLOATS;
            }
        });
        keys.masks.forEach((mask, slot) => {
            if ((mask & (KEY_ATTACHMENT | KEY_DEFORM | KEY_SEQUENCE)) !== 0) {
                lookSlots.push(slot, keys.deform[slot]);
                lookMasks.push(mask);
                floats += 2 + keys.deform[slot];
                if ((mask & KEY_ATTACHMENT) !== 0) attachmentSlots++;
            }
        });
        if (keys.drawOrder) floats += sampler.slots.length;
        const count = Math.ceil(animation.duration * SAMPLE_RATE) + 1;
        return {
            animation,
            skin,
            owner,
            base: new UnkeyedPose(sampler, animation, keys),
            count,
            samples: new Array<Float32Array | null>(count).fill(null),
            attachments: new Array<unknown>(count * attachmentSlots).fill(null),
            floats,
            colorSlots: Int32Array.from(colorSlots),
            colorMasks: Uint8Array.from(colorMasks),
            lookSlots: Int32Array.from(lookSlots),
            lookMasks: Uint8Array.from(lookMasks),
            attachmentSlots,
            drawOrder: keys.drawOrder,
            sampleBytes: floats * 4 + attachmentSlots * REF_BYTES,
            built: 0,
            lastUsed: this.frame,
        };
    }

    /** Poses sample `index` of `clip` on the sampler and stores it, within the frame's and the memory's budget. */
    private build(clip: Clip, index: number): boolean {
        if (this.builds >= BUILDS_PER_FRAME || !this.reserve(clip.sampleBytes)) return false;
        this.builds++;
        const sampler = clip.owner.sampler;
        if (sampler.skin !== clip.skin) sampler.setSkin(clip.skin);
        const time = index === clip.count - 1 ? clip.animation.duration : index / SAMPLE_RATE;
        setupPose(sampler);
        applyFromSetup(clip.animation, sampler, time, time, false, null);
        sampler.updateWorldTransform(PHYSICS_POSE);
        const s = new Float32Array(clip.floats);
        const v43 = isSpine43(sampler);
        const bones = sampler.bones;
        let o = 0;
        for (let i = 0; i < bones.length; i++, o += BONE_FLOATS) {
            const w = v43 ? (bones[i].appliedPose as World) : bones[i];
            s[o] = w.a;
            s[o + 1] = w.b;
            s[o + 2] = w.c;
            s[o + 3] = w.d;
            s[o + 4] = w.worldX;
            s[o + 5] = w.worldY;
        }
        const slots = sampler.slots;
        for (let k = 0; k < clip.colorSlots.length; k++, o += COLOR_FLOATS) {
            const slot = slots[clip.colorSlots[k]];
            const pose = v43 ? (slot.pose as SlotPose) : slot;
            const c = pose.color;
            s[o] = c.r;
            s[o + 1] = c.g;
            s[o + 2] = c.b;
            s[o + 3] = c.a;
            const d = pose.darkColor;
            if (d !== null) {
                s[o + 4] = d.r;
                s[o + 5] = d.g;
                s[o + 6] = d.b;
            }
        }
        let ref = index * clip.attachmentSlots;
        for (let k = 0; k < clip.lookSlots.length; k += 2) {
            const slot = slots[clip.lookSlots[k]];
            const pose = v43 ? (slot.pose as SlotPose) : slot;
            if ((clip.lookMasks[k >> 1] & KEY_ATTACHMENT) !== 0) clip.attachments[ref++] = pose.attachment;
            s[o] = pose.sequenceIndex;
            const capacity = clip.lookSlots[k + 1];
            const length = Math.min(pose.deform.length, capacity);
            s[o + 1] = length;
            for (let v = 0; v < length; v++) s[o + 2 + v] = pose.deform[v];
            o += 2 + capacity;
        }
        if (clip.drawOrder) {
            const order = Array.isArray(sampler.drawOrder) ? sampler.drawOrder : sampler.drawOrder.pose;
            for (let i = 0; i < order.length; i++) s[o + i] = slots.indexOf(order[i]);
        }
        clip.samples[index] = s;
        if (clip.built++ === 0) this.clipCount++;
        this.sampleCount++;
        return true;
    }

    /** Makes room for `bytes`, dropping the clips used longest ago (none used this frame). */
    private reserve(bytes: number): boolean {
        while (this.bytesUsed + bytes > this.budget) {
            let oldest: Clip | null = null;
            for (const owner of this.byData.values()) {
                for (const byAnimation of owner.bySkin.values()) {
                    for (const clip of byAnimation.values()) {
                        if (clip !== null && clip.built > 0 && clip.lastUsed < this.frame && (oldest === null || clip.lastUsed < oldest.lastUsed)) oldest = clip;
                    }
                }
            }
            if (oldest === null) return false;
            this.drop(oldest);
        }
        this.bytesUsed += bytes;
        return true;
    }

    private drop(clip: Clip): void {
        this.bytesUsed -= clip.built * clip.sampleBytes;
        this.sampleCount -= clip.built;
        clip.samples.fill(null);
        clip.attachments.fill(null);
        clip.built = 0;
        this.clipCount--;
    }
}
