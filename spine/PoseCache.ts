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
import { SampleLayout } from './SampleLayout';
import { slotKeysOf } from './slotKeys';
import { constraintsMoveSlots, physicsOf, plainEntry, sampleOn, scratchSkeleton, setupOn, NO_CALLBACK, type Animation, type AnimationState, type Skeleton, type TrackEntry } from './spineCore';
import { UnkeyedPose } from './unkeyedPose';

/** Samples per second of animation time. */
export const SAMPLE_RATE = 60;
/** Samples built per frame at most. */
export const BUILDS_PER_FRAME = 16;

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
    /** Whether a skeleton has what the animation does not key at the setup pose (the samples assume it). */
    readonly base: UnkeyedPose;
    readonly layout: SampleLayout;
    /** Samples: the last at the animation's end, the others at i / SAMPLE_RATE. */
    readonly count: number;
    readonly samples: (Float32Array | null)[];
    /** Attachments of the attachment-keyed slots, sample i's from i × `layout.refSlots`. */
    readonly refs: unknown[];
    /** Samples built, and the frame it was last served in (for the LRU). */
    built: number;
    lastUsed: number;
}

/** The clips of one SkeletonData. */
interface DataClips {
    /** The scratch skeleton samples are posed on (see spineCore.ts). */
    readonly scratch: Skeleton;
    /** Physics constraints, or constraints that move slots: nothing of this data is cached. */
    readonly refused: boolean;
    readonly bySkin: Map<object | null, Map<Animation, Clip | null>>;
}

/**
 * Where a pose is in the cache, as `find` found it for one instance: the clip, the entry it
 * plays, and the samples around its time (the one at or before it, and how far, 0..1, its time is
 * towards the next). Read by `copy` and `stillFound`; one per caller, reused.
 */
export interface CacheLookup {
    clip: Clip | null;
    entry: TrackEntry | null;
    index: number;
    weight: number;
}

/** An empty lookup. */
export function cacheLookup(): CacheLookup {
    return { clip: null, entry: null, index: 0, weight: 0 };
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
     * Whether `go`'s state, as it stands, can be posed from the cache: finds its samples (building
     * them when the frame's budget allows) into `out`, for `copy`. False: it must be posed in full.
     */
    find(go: CachedObject, out: CacheLookup): boolean {
        const skeleton = go.skeleton as Skeleton;
        const entry = plainEntry(go.animationState as AnimationState);
        if (entry === null) return false;
        if (go.beforeUpdateWorldTransforms !== NO_CALLBACK || go.afterUpdateWorldTransforms !== NO_CALLBACK) return false;
        if (skeleton.x !== 0 || skeleton.y !== 0) return false;
        let owner = this.byData.get(skeleton.data);
        if (owner === undefined) owner = this.addData(skeleton);
        if (owner.refused) return false;
        const scratch = owner.scratch;
        if (skeleton.scaleX !== scratch.scaleX || skeleton.scaleY !== scratch.scaleY) return false;
        const animation = entry.animation as Animation;
        let byAnimation = owner.bySkin.get(skeleton.skin);
        if (byAnimation === undefined) owner.bySkin.set(skeleton.skin, (byAnimation = new Map()));
        let clip = byAnimation.get(animation);
        if (clip === undefined) {
            clip = this.addClip(scratch, skeleton.skin, animation);
            byAnimation.set(animation, clip);
        }
        if (clip === null || !clip.base.restAtSetup(skeleton)) return false;
        locate(clip, entry.getAnimationTime(), out);
        const index = out.index;
        if (clip.samples[index] === null && !this.build(scratch, clip, index)) return false;
        if (out.weight > 0 && clip.samples[index + 1] === null && !this.build(scratch, clip, index + 1)) return false;
        clip.lastUsed = this.frame;
        out.clip = clip;
        out.entry = entry;
        return true;
    }

    /**
     * Whether what `find` found for `go` (`found`) still holds after its events were fired (a
     * listener may have given it a callback or a skin; a change to its AnimationState goes
     * through the plugin).
     */
    stillFound(go: CachedObject, found: CacheLookup): boolean {
        const tracks = (go.animationState as AnimationState).tracks;
        return (
            found.clip !== null &&
            tracks[0] === found.entry &&
            (go.skeleton as Skeleton).skin === found.clip.skin &&
            go.beforeUpdateWorldTransforms === NO_CALLBACK &&
            go.afterUpdateWorldTransforms === NO_CALLBACK
        );
    }

    /**
     * Copies the pose `find` found (`found`) into `skeleton` (the skeleton `find` was given): bone
     * world transforms, colours and deforms interpolated between the two samples around its time;
     * attachments, sequence indices and draw order from the nearer one. False when a bone turns
     * out not to be at its setup pose where the animation does not key it (see unkeyedPose.ts):
     * the skeleton must then be posed in full.
     */
    copy(skeleton: object, found: CacheLookup): boolean {
        const clip = found.clip as Clip;
        const i = found.index;
        const w = found.weight;
        const a = clip.samples[i] as Float32Array;
        const b = w > 0 ? (clip.samples[i + 1] as Float32Array) : a;
        const refSlots = clip.layout.refSlots;
        if (!clip.layout.read(skeleton as Skeleton, a, b, w, clip.refs, i * refSlots, (w > 0 ? i + 1 : i) * refSlots, clip.base)) return false;
        this.hits++;
        this.frameHits++;
        return true;
    }

    private addData(skeleton: Skeleton): DataClips {
        const scratch = scratchSkeleton(skeleton);
        const owner: DataClips = { scratch, refused: physicsOf(scratch).length > 0, bySkin: new Map() };
        this.byData.set(skeleton.data, owner);
        return owner;
    }

    /** The clip of `animation` with `skin`, sampled on `scratch`, or null when its poses cannot be copied. */
    private addClip(scratch: Skeleton, skin: object | null, animation: Animation): Clip | null {
        const keys = slotKeysOf(animation, scratch.slots.length);
        if (keys.unknown) return null;
        setupOn(scratch, skin);
        if (constraintsMoveSlots(scratch)) return null;
        const layout = new SampleLayout(scratch, keys);
        const count = Math.ceil(animation.duration * SAMPLE_RATE) + 1;
        return {
            animation,
            skin,
            base: new UnkeyedPose(scratch, animation, keys),
            layout,
            count,
            samples: new Array<Float32Array | null>(count).fill(null),
            refs: new Array<unknown>(count * layout.refSlots).fill(null),
            built: 0,
            lastUsed: this.frame,
        };
    }

    /** Poses sample `index` of `clip` on the scratch skeleton and stores it, within the frame's and the memory's budget. */
    private build(scratch: Skeleton, clip: Clip, index: number): boolean {
        if (this.builds >= BUILDS_PER_FRAME || !this.reserve(clip.layout.bytes)) return false;
        this.builds++;
        sampleOn(scratch, clip.skin, clip.animation, index === clip.count - 1 ? clip.animation.duration : index / SAMPLE_RATE);
        const sample = new Float32Array(clip.layout.floats);
        clip.layout.write(scratch, sample, clip.refs, index * clip.layout.refSlots);
        clip.samples[index] = sample;
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
        this.bytesUsed -= clip.built * clip.layout.bytes;
        this.sampleCount -= clip.built;
        clip.samples.fill(null);
        clip.refs.fill(null);
        clip.built = 0;
        this.clipCount--;
    }
}

/** Writes into `out` the samples of `clip` around animation time `time` (`index`, `weight`): the last one at the animation's end. */
function locate(clip: Clip, time: number, out: CacheLookup): void {
    const last = clip.count - 1;
    const duration = clip.animation.duration;
    out.weight = 0;
    if (!(time > 0)) {
        out.index = 0;
        return;
    }
    if (time >= duration) {
        out.index = last;
        return;
    }
    const i = Math.floor(time * SAMPLE_RATE);
    if (i >= last) {
        out.index = last;
        return;
    }
    const from = i / SAMPLE_RATE;
    const to = i + 1 === last ? duration : (i + 1) / SAMPLE_RATE;
    out.index = i;
    out.weight = (time - from) / (to - from);
}
