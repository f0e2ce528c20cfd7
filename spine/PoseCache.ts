/**
 * The shared pose cache: poses of (skeleton data, skin, animation) sampled once, copied into every
 * instance playing that animation plainly, instead of each computing its own. A copy (bone world
 * transforms and what the animation keys on slots, see slotKeys.ts) costs a fraction of a pose
 * (`AnimationState.apply` plus `updateWorldTransform`); time, queued animations and events are not
 * cached (the instance's own state fires them, see Posing).
 *
 * - A state is served when one entry plays on track 0 alone, at full alpha, not additive, not
 *   reversed, not waiting out a delay, with no mix, on a skeleton at its origin, without physics constraints (their state is the instance's own) or slot-moving constraints (4.3
 *   sliders), with no `before/afterUpdateWorldTransforms` callback (they could move bones), and
 *   with what the animation does not key at the setup pose (see unkeyedPose.ts: not after a
 *   `clearTrack`, nor where the game set a bone itself). Anything else is posed in full for as
 *   long as it lasts.
 * - A skeleton of its own scale (`skeleton.scaleX = -1` turns it around) is served from samples
 *   made at that scale, on a scratch skeleton of that scale (exact for any rig: IK bend directions
 *   and transform constraints need not simply mirror), its clips kept and counted as any other. Up
 *   to `SCALES_PER_DATA` scales other than the default per skeleton data (the four mirrorings of
 *   one size fit): a skeleton of yet another is posed in full (`scale`; said once in dev mode).
 * - A clip's samples are error-bounded (ClipSamples): never interpolated across a key time, a
 *   sequence frame switch or the loop's wrap; placed where the pose bends, until every bone and
 *   every point it carries is within `poseCacheTolerance` px of the exact pose (and each keyed
 *   colour within half a level); attachments, draw order and sequence frames are the sample's at or
 *   before the instance's time, so they switch in the frame stock switches them. Samples are built
 *   the first time they are needed, within a budget of poses that follows the frame's length (buildBudget.ts:
 *   a long frame builds more; an instance whose samples wait is posed in full, and no frame builds
 *   more than the instances that waited the frame before: none costs more than without the cache).
 * - Samples take at most `poseCacheMemory` MB: beyond it, the clips used longest ago are dropped
 *   (never one used in the current frame; if only those are left, the instance is posed in full).
 *   Both options are read where they are needed; a changed tolerance drops every clip.
 *
 * Keys are objects (SkeletonData, Skin, Animation): a skin built at run time is one key for as long
 * as it is the same object. A skin or animation changed after its poses were sampled is not seen.
 */
import type { Settings } from '../src/options';
import { breakTimesOf } from './breakTimes';
import { buildBudget, BUILDS_PER_FRAME } from './buildBudget';
import { ClipSamples, type Sample, type SamplePair, type SampleSource, type Tolerance } from './ClipSamples';
import { SampleLayout } from './SampleLayout';
import { laidOut, layOut, pictureBytes, sampleVertices, sampleVerticesBytes, type DrawLayout, type SampleVertices } from './SampleVertices';
import { keyedSlotsOf, slotKeysOf } from './slotKeys';
import type { WrittenSlots } from './SetupPose';
import { NOT_SERVED, REASON_CODES, SERVED } from './core/notServed';
import { plainness } from './core/plainEntry';
import { sampleOn, scaledScratch, scratchOf, setupOn, type Scratch } from './core/scratch';
import { warn } from '../src/errors';
import type { SpineVersion } from './core/SpineVersion';
import { isNoCallback, type Animation, type Skeleton, type Skin, type SpineObject, type TrackEntry } from './core/shapes';
import { AT_SETUP, UnkeyedPose } from './unkeyedPose';
import { virtualVertexRadii } from './virtualVertices';

/**
 * Skeleton scales (`scaleX`, `scaleY`) other than the default sampled per skeleton data: each has a
 * clip set of its own, so a game that gives every instance its own `skeleton.scaleX` (0.37, 0.41...)
 * would sample every animation again per value; scale the game object instead (`go.setScale`),
 * which is served from the default's samples.
 */
export const SCALES_PER_DATA = 8;
/** Keyed colour channels are served within half a level of 255. */
const COLOR_TOLERANCE = 0.5 / 255;

/** What is read of a game object: its skeleton, state and callbacks. */
export type CachedObject = Pick<SpineObject, 'animationState' | 'beforeUpdateWorldTransforms' | 'afterUpdateWorldTransforms'>;

/** The sampled poses of one (data, skin, animation). */
interface Clip {
    readonly animation: Animation;
    readonly skin: Skin | null;
    /** The clip set it is in (its skeleton data and scale). */
    readonly owner: DataClips;
    /** The scratch skeleton its poses are made on. */
    readonly scratch: Scratch;
    /** Whether a skeleton has what the animation does not key at the setup pose (the samples assume it). */
    readonly base: UnkeyedPose;
    readonly layout: SampleLayout;
    /** The slots its animation keys (what a served pose of it writes: see bonesWhenRead.ts `slotsKeyedBy`). */
    readonly keyed: WrittenSlots | null;
    readonly samples: ClipSamples;
    /** The frame it was last served in (for the LRU). */
    lastUsed: number;
    /** Whether it has samples (counted in `clips`). */
    counted: boolean;
    /** Bytes of its samples' drawn vertices (SampleVertices.ts). */
    drawnBytes: number;
    /** Bytes of the last one built: what the next is reserved as, so none is built without room. */
    drawnEstimate: number;
}

/** The clips of one SkeletonData at one skeleton scale. */
interface DataClips {
    /** The scratch skeleton samples are posed on (see core/scratch.ts), at the scale below. */
    readonly scratch: Scratch;
    /** The skeleton scale its samples are made at, as `skeleton.scaleX`, `scaleY` read. */
    readonly scaleX: number;
    readonly scaleY: number;
    /** Physics constraints, or constraints that move slots: nothing of this data is cached. */
    readonly refused: boolean;
    readonly bySkin: Map<Skin | null, Map<Animation, Clip | null>>;
}

/**
 * Where a pose is in the cache, as `find` found it for one instance: the clip, the entry it
 * plays, and the samples around its time (`a` at or before it, `b` after, `weight` 0..1 from `a`
 * towards `b`). Read by `copy` and `stillFound`; one per caller, reused.
 */
export interface CacheLookup extends SamplePair {
    clip: Clip | null;
    entry: TrackEntry | null;
}

/** An empty lookup. */
export function cacheLookup(): CacheLookup {
    return { clip: null, entry: null, a: null, b: null, weight: 0 };
}

export class PoseCache implements SampleSource {
    /** Totals since creation: poses copied from the cache, and poses of shared-mode instances made in full. */
    hits = 0;
    misses = 0;
    /** Lookups whose samples were not there and could not be built yet (the frame's build budget, or the memory, spent). */
    waits = 0;
    /** The same for the last complete frame. */
    hitsLastFrame = 0;
    missesLastFrame = 0;
    /**
     * Poses made in full in the last complete frame, by reason (indexed by code, core/notServed.ts;
     * `off` included: instances that do not share poses).
     */
    readonly notServedLastFrame = new Int32Array(REASON_CODES);
    /**
     * Why the last `find` or `copy` that said no did (a reason of core/notServed.ts); `SERVED` until
     * one did. Read right after the call.
     */
    whyNot: number = SERVED;
    private frameHits = 0;
    private frameMisses = 0;
    private readonly frameNotServed = new Int32Array(REASON_CODES);
    /** Why the last `take` that gave nothing did: `budget` or `memory`. */
    private waitedFor: number = NOT_SERVED.budget;
    private frame = 0;
    private builds = 0;
    /** This frame's builds (buildBudget.ts: from its delta and the last frame's waits). */
    private frameLimit = BUILDS_PER_FRAME;
    /** Builds allowed before `take` says no: the frame's, or a prewarm's (`sampleAhead`). */
    private buildLimit = BUILDS_PER_FRAME;
    private bytesUsed = 0;
    private clipCount = 0;
    private sampleCount = 0;
    /** The clip sets of each SkeletonData, one per skeleton scale (the default's first once made). */
    private readonly byData = new Map<object, DataClips[]>();
    /** Every clip set, for the passes over all clips (the LRU, a new tolerance, teardown). */
    private readonly clipSets: DataClips[] = [];
    /** SkeletonData already warned about (dev mode) for scales past `SCALES_PER_DATA`. */
    private readonly warnedScales = new WeakSet<object>();
    /**
     * What the samples held were placed within (see ClipSamples): `poseCacheTolerance` as it was
     * when they were taken; when the option changes, every clip is dropped (`find`) and sampled again.
     */
    private readonly within: Tolerance;
    /** The clip whose samples are being taken (see `take`). */
    private building: Clip | null = null;

    /** @param settings the options in force: `poseCacheTolerance` and `poseCacheMemory` are read from there */
    constructor(private readonly settings: Settings) {
        this.within = { px: settings.options.poseCacheTolerance, color: COLOR_TOLERANCE };
    }

    get bytes(): number {
        return this.bytesUsed;
    }
    get clips(): number {
        return this.clipCount;
    }
    get samples(): number {
        return this.sampleCount;
    }

    /** `poseCacheTolerance` changed since the samples held were taken: every clip is dropped, to be sampled within the new one. */
    private followTolerance(): void {
        const px = this.settings.options.poseCacheTolerance;
        if (px === this.within.px) return;
        this.within.px = px;
        for (const owner of this.clipSets)
            for (const byAnimation of owner.bySkin.values()) for (const clip of byAnimation.values()) if (clip !== null) this.drop(clip);
    }

    /** A new frame, `frameMs` long: the per-frame counts start again, the build budget follows its length. */
    beginFrame(frame: number, frameMs: number): void {
        this.frameLimit = this.buildLimit = buildBudget(frameMs, this.frameNotServed[NOT_SERVED.budget]);
        this.hitsLastFrame = this.frameHits;
        this.missesLastFrame = this.frameMisses;
        this.frameHits = this.frameMisses = 0;
        this.notServedLastFrame.set(this.frameNotServed);
        this.frameNotServed.fill(0);
        this.frame = frame;
        this.builds = 0;
    }

    /**
     * An instance was posed in full, `why` (a reason of core/notServed.ts): counted by reason, and as
     * a miss unless it does not share poses (`off`).
     */
    posedInFull(why: number): void {
        this.frameNotServed[why]++;
        if (why === NOT_SERVED.off) return;
        this.misses++;
        this.frameMisses++;
    }

    /**
     * Whether `go`'s state, as it stands, can be posed from the cache: finds its samples (building
     * them when the frame's budget allows) into `out`, for `copy`. False: it must be posed in full,
     * for the reason then in `whyNot`. `skeleton`: its skeleton; `version`: its Spine version;
     * `checked`: the unkeyed pose its skeleton was found at since its last apply (see
     * bonesWhenRead.ts; `AT_SETUP`: any, reset since), not checked again.
     */
    find(go: CachedObject, skeleton: Skeleton, version: SpineVersion, out: CacheLookup, checked: object | null = null): boolean {
        this.followTolerance();
        const plain = plainness(go.animationState, version);
        if (plain !== SERVED) return this.no(plain);
        const entry = go.animationState.tracks[0] as TrackEntry;
        if (!isNoCallback(go.beforeUpdateWorldTransforms) || !isNoCallback(go.afterUpdateWorldTransforms)) return this.no(NOT_SERVED.callback);
        if (skeleton.x !== 0 || skeleton.y !== 0) return this.no(NOT_SERVED.offset);
        const animation = entry.animation as Animation;
        // The clip `out` found last (the same caller's, so the same skeleton data), while its
        // animation, skin and scale are the skeleton's: what the lookups below would find again.
        const last = out.clip;
        let clip: Clip | null;
        if (
            last !== null &&
            last.animation === animation &&
            last.skin === skeleton.skin &&
            last.owner.scaleX === skeleton.scaleX &&
            last.owner.scaleY === skeleton.scaleY
        ) {
            clip = last;
        } else {
            const owner = this.clipsAt(skeleton, skeleton.scaleX, skeleton.scaleY);
            if (owner === null) return this.no(NOT_SERVED.scale);
            if (owner.refused) return this.no(NOT_SERVED.physics);
            let byAnimation = owner.bySkin.get(skeleton.skin);
            if (byAnimation === undefined) owner.bySkin.set(skeleton.skin, (byAnimation = new Map<Animation, Clip | null>()));
            const known = byAnimation.get(animation);
            if (known === undefined) {
                clip = this.addClip(owner, skeleton.skin, animation);
                byAnimation.set(animation, clip);
            } else {
                clip = known;
            }
        }
        if (clip === null) return this.no(NOT_SERVED.unsampled);
        if (checked !== clip.base && checked !== AT_SETUP && !clip.base.restAtSetup(skeleton)) return this.no(NOT_SERVED.moved);
        this.building = clip;
        const located = clip.samples.locate(entry.getAnimationTime(), out, this);
        this.building = null;
        if (!located) {
            this.waits++;
            return this.no(this.waitedFor);
        }
        clip.lastUsed = this.frame;
        out.clip = clip;
        out.entry = entry;
        return true;
    }

    /**
     * Samples `animation` worn with `skin` on `skeleton`'s data ahead of its first use (a prewarm),
     * at the data's default scale (whatever `skeleton`'s own), or turned around (`turned`: its
     * `scaleX` negated, as `skeleton.scaleX = -1` turns an instance): at most `budget` poses now,
     * apart from the frame's own builds. SERVED once every sample a lookup of the clip can need is built; `NOT_SERVED.budget` while more remain (call again in
     * a later frame); else why its poses cannot be cached (`physics`, `unsampled`, `scale`: no room
     * for another scale) or kept (`memory`).
     */
    sampleAhead(skeleton: Skeleton, skin: Skin | null, animation: Animation, budget: number, turned = false): number {
        this.followTolerance();
        const unit = scratchOf(skeleton).skeleton;
        const owner = this.clipsAt(skeleton, turned ? -unit.scaleX : unit.scaleX, unit.scaleY);
        if (owner === null) return NOT_SERVED.scale;
        if (owner.refused) return NOT_SERVED.physics;
        let byAnimation = owner.bySkin.get(skin);
        if (byAnimation === undefined) owner.bySkin.set(skin, (byAnimation = new Map<Animation, Clip | null>()));
        let clip = byAnimation.get(animation);
        if (clip === undefined) {
            clip = this.addClip(owner, skin, animation);
            byAnimation.set(animation, clip);
        }
        if (clip === null) return NOT_SERVED.unsampled;
        const builds = this.builds;
        this.builds = 0;
        this.buildLimit = budget;
        this.building = clip;
        const covered = clip.samples.cover(this);
        this.building = null;
        this.builds = builds;
        this.buildLimit = this.frameLimit;
        clip.lastUsed = this.frame;
        return covered ? SERVED : this.waitedFor;
    }

    /** Says no (`find`, `copy`) for `why`. */
    private no(why: number): false {
        this.whyNot = why;
        return false;
    }

    /**
     * Whether what `find` found for `go` (`found`) still holds after its events were fired (a
     * listener may have given it a callback or a skin; a change to its AnimationState goes
     * through the plugin; a listener may turn its skeleton around).
     */
    stillFound(go: CachedObject, skeleton: Skeleton, found: CacheLookup): boolean {
        const tracks = go.animationState.tracks;
        return (
            found.clip !== null &&
            tracks[0] === found.entry &&
            skeleton.skin === found.clip.skin &&
            skeleton.scaleX === found.clip.scratch.skeleton.scaleX &&
            skeleton.scaleY === found.clip.scratch.skeleton.scaleY &&
            isNoCallback(go.beforeUpdateWorldTransforms) &&
            isNoCallback(go.afterUpdateWorldTransforms)
        );
    }

    /**
     * Copies the pose `find` found (`found`) into `skeleton` (the skeleton `find` was given): bone
     * world transforms, colours and deforms interpolated between the two samples around its time;
     * attachments, sequence indices and draw order from the one at or before it. False when a bone
     * turns out not to be at its setup pose where the animation does not key it (see
     * unkeyedPose.ts): the skeleton must then be posed in full (`whyNot`: `moved`). `behind`: the
     * bones' world transforms and the slots' look are not written (the keyed deforms' lengths are),
     * the bones only checked (see bonesWhenRead.ts), and not even checked when `checked` is the clip's
     * unkeyed pose (its local pose found at it since the last apply): then `last`, the sample `a` of
     * its last behind copy (nothing written its slots since), says which deform lengths it holds.
     */
    copy(skeleton: Skeleton, found: CacheLookup, behind: boolean, checked: object | null = null, last: Sample | null = null): boolean {
        const clip = found.clip as Clip;
        const a = found.a as Sample;
        const b = found.b as Sample;
        const layout = clip.layout;
        const copied = behind
            ? layout.readBehind(
                  skeleton,
                  a.floats,
                  checked === clip.base || checked === AT_SETUP ? null : clip.base,
                  checked === clip.base && last !== null ? last.floats : null,
              )
            : layout.read(skeleton, a.floats, b.floats, found.weight, a.refs, 0, clip.base);
        if (!copied) return this.no(NOT_SERVED.moved);
        this.hits++;
        this.frameHits++;
        return true;
    }

    /** Whether `skeleton` still wears the skin of the clip `found` is in (a skin set since changes which bones, so slots, are drawn). */
    sameSkin(skeleton: Skeleton, found: CacheLookup): boolean {
        return found.clip !== null && skeleton.skin === found.clip.skin;
    }

    /**
     * What drawing `sample` of what `find` found (`found`) needs (SampleVertices.ts), its picture
     * laid out for `layout` (the first draw's: a picture of another layout is not drawn from);
     * built on first use, counted in the memory bound. Null when the memory does not
     * allow it or the clip let go of the sample.
     */
    drawnOf(found: CacheLookup, sample: Sample, layout: DrawLayout): SampleVertices | null {
        const drawn = sample.drawn;
        if (drawn === false) return null;
        if (drawn !== null) return laidOut(drawn, layout) ?? this.drawnFor(found, sample, drawn, layout);
        const clip = found.clip as Clip;
        // Room first, as large as the clip's last one (its first: once built), so a full budget
        // costs a clip one build, not one a frame.
        const estimate = clip.drawnEstimate;
        if (estimate > 0 && !this.reserveFor(clip, estimate)) return null;
        const scratch = clip.scratch;
        setupOn(scratch, clip.skin);
        clip.layout.read(scratch.skeleton, sample.floats, sample.floats, 0, sample.refs, 0, clip.base);
        const built = sampleVertices(scratch.skeleton, scratch.version, layout);
        const bytes = sampleVerticesBytes(built);
        clip.drawnEstimate = bytes;
        if (estimate === 0 && !this.reserveFor(clip, bytes)) return null;
        this.bytesUsed += estimate === 0 ? 0 : bytes - estimate;
        clip.drawnBytes += bytes;
        sample.drawn = built;
        return built;
    }

    /**
     * `drawn` (a sample's drawing data) pictured for another `layout` too (a game drawing with both of
     * spine-phaser-v4's renderers), counted in the memory bound like the first picture; null when the
     * bound does not allow it.
     */
    private drawnFor(found: CacheLookup, sample: Sample, drawn: SampleVertices, layout: DrawLayout): SampleVertices | null {
        const clip = found.clip as Clip;
        const estimate = pictureBytes(drawn.picture); // the same slots and triangles
        if (!this.reserveFor(clip, estimate)) return null;
        const scratch = clip.scratch;
        setupOn(scratch, clip.skin);
        clip.layout.read(scratch.skeleton, sample.floats, sample.floats, 0, sample.refs, 0, clip.base);
        const built = layOut(drawn, scratch.skeleton, scratch.version, layout);
        const bytes = pictureBytes(built.picture);
        this.bytesUsed += bytes - estimate;
        clip.drawnBytes += bytes;
        return built;
    }

    /**
     * Counts `bytes` of GPU memory a draw is about to take for a sample of what `found` found (its
     * picture's copy: plugin/draw/sampleAtlas.ts) in the memory bound, given back with the clip's
     * samples. False when the bound does not allow it.
     */
    holdGpu(found: CacheLookup, bytes: number): boolean {
        const clip = found.clip as Clip;
        if (!this.reserveFor(clip, bytes)) return false;
        clip.drawnBytes += bytes;
        return true;
    }

    /** Gives back what `holdGpu` counted when the GPU memory was not taken after all. */
    unholdGpu(found: CacheLookup, bytes: number): void {
        (found.clip as Clip).drawnBytes -= bytes;
        this.bytesUsed -= bytes;
    }

    /** `reserve` while `clip` is kept (the one being drawn from is never dropped for its own room). */
    private reserveFor(clip: Clip, bytes: number): boolean {
        this.building = clip;
        const room = this.reserve(bytes);
        this.building = null;
        return room;
    }

    /** SampleSource: the exact pose of the clip being located at `time`, within the frame's builds and the memory. */
    take(time: number): Sample | null {
        const clip = this.building as Clip;
        const layout = clip.layout;
        if (this.builds >= this.buildLimit) {
            this.waitedFor = NOT_SERVED.budget;
            return null;
        }
        if (!this.reserve(layout.bytes)) {
            this.waitedFor = NOT_SERVED.memory;
            return null;
        }
        this.builds++;
        sampleOn(clip.scratch, clip.skin, clip.animation, time);
        const sample: Sample = { floats: new Float32Array(layout.floats), refs: new Array<unknown>(layout.refSlots), drawn: null };
        layout.write(clip.scratch.skeleton, sample.floats, sample.refs, 0);
        this.sampleCount++;
        if (!clip.counted) {
            clip.counted = true;
            this.clipCount++;
        }
        return sample;
    }

    /** SampleSource: samples taken and not kept. */
    release(count: number): void {
        const clip = this.building as Clip;
        this.bytesUsed -= count * clip.layout.bytes;
        this.sampleCount -= count;
    }

    /**
     * The clip set of `skeleton`'s data at scale (`scaleX`, `scaleY`), made on first use; null when
     * that would be more than `SCALES_PER_DATA` scales other than the default.
     */
    private clipsAt(skeleton: Skeleton, scaleX: number, scaleY: number): DataClips | null {
        let sets = this.byData.get(skeleton.data);
        if (sets === undefined) this.byData.set(skeleton.data, (sets = []));
        for (let i = 0; i < sets.length; i++) if (sets[i].scaleX === scaleX && sets[i].scaleY === scaleY) return sets[i];
        const unit = scratchOf(skeleton);
        const isDefault = scaleX === unit.skeleton.scaleX && scaleY === unit.skeleton.scaleY;
        if (!isDefault) {
            let others = 0;
            for (let i = 0; i < sets.length; i++) if (sets[i].scratch !== unit) others++;
            if (others >= SCALES_PER_DATA) {
                if (this.settings.options.dev && !this.warnedScales.has(skeleton.data)) {
                    this.warnedScales.add(skeleton.data);
                    warn(
                        `skeleton ${JSON.stringify(skeleton.data.name ?? '')}: more than ${SCALES_PER_DATA} different skeleton.scaleX/scaleY values ` +
                            `(now ${scaleX}, ${scaleY}); instances at the others are posed in full. Each scale samples its animations again: ` +
                            'scale the game object instead (go.setScale), which shares the default scale’s poses, and keep skeleton.scaleX/scaleY to ±1 to turn a character around.',
                    );
                }
                return null;
            }
        }
        // Sampled at the skeleton's scale: a mirrored rig is posed as stock poses it, not as a mirror image of the unmirrored poses.
        const scratch = isDefault ? unit : scaledScratch(skeleton, scaleX, scaleY);
        const owner: DataClips = { scratch, scaleX, scaleY, refused: scratch.version.physicsOf(scratch.skeleton).length > 0, bySkin: new Map() };
        sets.push(owner);
        this.clipSets.push(owner);
        return owner;
    }

    /** The clip of `animation` with `skin` in `owner` (sampled on its scratch), or null when its poses cannot be copied. */
    private addClip(owner: DataClips, skin: Skin | null, animation: Animation): Clip | null {
        const scratch = owner.scratch;
        const skeleton = scratch.skeleton;
        const version = scratch.version;
        const keys = slotKeysOf(animation, skeleton.slots.length);
        if (keys.unknown) return null;
        const breaks = breakTimesOf(animation);
        if (breaks === null) return null;
        setupOn(scratch, skin);
        if (version.constraintsMoveSlots(skeleton)) return null;
        const layout = new SampleLayout(skeleton, version, keys);
        return {
            animation,
            skin,
            owner,
            scratch,
            base: new UnkeyedPose(skeleton, version, animation, keys),
            layout,
            keyed: keyedSlotsOf(animation, skeleton.slots.length),
            samples: new ClipSamples(breaks, layout, virtualVertexRadii(skeleton, skin, animation), this.within),
            lastUsed: this.frame,
            counted: false,
            drawnBytes: 0,
            drawnEstimate: 0,
        };
    }

    /** Makes room for `bytes`, dropping the clips used longest ago (none used this frame, nor the one being built). */
    private reserve(bytes: number): boolean {
        const budget = this.settings.options.poseCacheMemory * 1024 * 1024;
        while (this.bytesUsed + bytes > budget) {
            let oldest: Clip | null = null;
            for (const owner of this.clipSets) {
                for (const byAnimation of owner.bySkin.values()) {
                    for (const clip of byAnimation.values()) {
                        if (
                            clip !== null &&
                            clip !== this.building &&
                            clip.samples.count > 0 &&
                            clip.lastUsed < this.frame &&
                            (oldest === null || clip.lastUsed < oldest.lastUsed)
                        )
                            oldest = clip;
                    }
                }
            }
            if (oldest === null) return false;
            this.drop(oldest);
        }
        this.bytesUsed += bytes;
        return true;
    }

    /** Lets go of every sample (the plugin is destroyed: what they hold outside the JS heap is given back). */
    clear(): void {
        for (const owner of this.clipSets)
            for (const byAnimation of owner.bySkin.values()) for (const clip of byAnimation.values()) if (clip !== null) this.drop(clip);
    }

    /**
     * Gives back every picture's GPU copy (the renderer's GPU objects are going: its scene shut
     * down), their bytes with them; the samples and pictures are kept (uploaded again when drawn).
     */
    letGoGpu(): void {
        for (const owner of this.clipSets) {
            for (const byAnimation of owner.bySkin.values()) {
                for (const clip of byAnimation.values()) {
                    if (clip === null) continue;
                    const bytes = clip.samples.letGoGpu();
                    clip.drawnBytes -= bytes;
                    this.bytesUsed -= bytes;
                }
            }
        }
    }

    private drop(clip: Clip): void {
        const count = clip.samples.clear();
        this.bytesUsed -= count * clip.layout.bytes + clip.drawnBytes;
        clip.drawnBytes = 0;
        this.sampleCount -= count;
        if (clip.counted) {
            clip.counted = false;
            this.clipCount--;
        }
    }
}
