/**
 * A corpus rig (fixtures/skeletons/corpus.ts) on real spine-core of a Spine version, without Phaser: its
 * SkeletonData, Skeletons and AnimationStates, for unit tests of spine/ that run on 4.2 and 4.3
 * alike (`describe.each(CORE_RUNTIMES)`). spine-core comes from `loadSpineCore`; the calls whose API
 * changed in 4.3 go through `./spineApi`, or are written out here for both versions.
 *
 * No textures: an AtlasAttachmentLoader finds every region in the rig's atlas text, which is all
 * posing and bounds need.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { corpusRig, type CorpusRigName, type StuntRigName } from '../../fixtures/skeletons/corpus';
import type { SpineFormat } from '../../fixtures/skeletons/generate';
import type { SpineVersion } from '../../spine/core/SpineVersion';
import { versionOf } from '../../spine/core/versions';
import { loadSpineCore } from './spineCore';
import { applyFromSetup, setupPose, worldOf } from './spineApi';

type Any = any;
export type Spine = typeof SpineCore;
export type { CorpusRigName, StuntRigName };
/** A rig of the corpus or a stunt rig (fixtures/skeletons/corpus.ts). */
export type RigName = CorpusRigName | StuntRigName;
export { CORPUS_RIGS, STUNT_RIGS } from '../../fixtures/skeletons/corpus';

/** spine-core's `Physics` values (the same in 4.2 and 4.3). */
export const PHYSICS_NONE = 0;
export const PHYSICS_RESET = 1;

/** A bone's local pose as 4.2's Bone and 4.3's `bone.pose` hold it. */
export interface LocalPose {
    x: number;
    y: number;
    rotation: number;
    scaleX: number;
    scaleY: number;
    shearX: number;
    shearY: number;
    inherit: number;
}

/** What a slot shows as 4.2's Slot and 4.3's `slot.pose` hold it. */
export interface SlotPose {
    color: SpineCore.Color;
    darkColor: SpineCore.Color | null;
    attachment: SpineCore.Attachment | null;
    sequenceIndex: number;
    deform: number[];
}

/** One spine-core version and the corpus rigs on it. Objects are typed with 4.2's declarations. */
export interface CoreRuntime {
    readonly format: SpineFormat;
    readonly v43: boolean;
    readonly spine: Spine;
    /** The plugin's object of this Spine version (`versionOf` one of its skeletons). */
    readonly version: SpineVersion;
    /** The rig's SkeletonData, parsed once per rig (shared: do not change it, see `freshData`). */
    data(rig: RigName): SpineCore.SkeletonData;
    /** The rig's SkeletonData parsed anew, for a test that edits it. */
    freshData(rig: RigName): SpineCore.SkeletonData;
    /** A new skeleton of `rig` (or of `data`) in the setup pose, world transforms computed (physics reset). */
    skeleton(of: RigName | SpineCore.SkeletonData): SpineCore.Skeleton;
    /** A new AnimationState of `data` (or of the rig's shared data), mixes between animations of `defaultMix` s. */
    state(of: RigName | SpineCore.SkeletonData, defaultMix?: number): SpineCore.AnimationState;
    /** Poses `skeleton` as `animation` alone shows it at `time` over the setup pose, world transforms computed (physics reset). */
    poseAt(skeleton: SpineCore.Skeleton, animation: string | SpineCore.Animation, time: number): void;
    /** Bones, constraints and slots to the setup pose. */
    setupPose(skeleton: SpineCore.Skeleton): void;
    /** A bone's world transform (4.3: `appliedPose`). */
    world(bone: SpineCore.Bone): { a: number; b: number; c: number; d: number; worldX: number; worldY: number };
    /** A bone's local pose (4.3: `pose`). */
    local(bone: SpineCore.Bone): LocalPose;
    /** What animations set on a slot (4.3: `pose`). */
    look(slot: SpineCore.Slot): SlotPose;
    /** Slot indices in draw order. */
    drawOrder(skeleton: SpineCore.Skeleton): number[];
    /** Makes `entry` add its values to the pose below (4.2: `MixBlend.add`, 4.3: `additive`). */
    makeAdditive(entry: SpineCore.TrackEntry): void;
    /**
     * An animation that keys the sequence index of `slot`'s setup attachment (which the corpus, like
     * `toSpine43`, has no sequence for): the attachment of `data` is given a three-region sequence
     * (its own region thrice) and the animation a real SequenceTimeline, looping through the
     * regions every 0.1 s, then holding region 1 from 0.5 s (duration 1 s). Edits `data`: use
     * `freshData`.
     */
    sequenceAnimation(data: SpineCore.SkeletonData, slot: string): SpineCore.Animation;
    /** Sets an Animation object (not a name) on a track (4.2: `setAnimationWith`). */
    setAnimation(state: SpineCore.AnimationState, track: number, animation: SpineCore.Animation, loop: boolean): SpineCore.TrackEntry;
    /** A Spine event's name, time (to 6 decimals: keys are single precision) and payload, as one string. */
    describeEvent(event: SpineCore.Event): string;
}

function runtime(format: SpineFormat): CoreRuntime {
    const spine = loadSpineCore(format);
    const v43 = format === '4.3';
    const parse = (rig: RigName): SpineCore.SkeletonData => {
        const { json, atlas } = corpusRig(rig, format);
        // AtlasAttachmentLoader throws when an attachment's region is missing from the atlas.
        return new spine.SkeletonJson(new spine.AtlasAttachmentLoader(new spine.TextureAtlas(atlas))).readSkeletonData(json);
    };
    const parsed = new Map<RigName, SpineCore.SkeletonData>();
    const data = (rig: RigName): SpineCore.SkeletonData => {
        let found = parsed.get(rig);
        if (!found) parsed.set(rig, (found = parse(rig)));
        return found;
    };
    const dataOf = (of: RigName | SpineCore.SkeletonData): SpineCore.SkeletonData => (typeof of === 'string' ? data(of) : of);
    const rt: CoreRuntime = {
        format,
        v43,
        spine,
        version: versionOf(new spine.Skeleton(data('limbs'))),
        data,
        freshData: parse,
        skeleton(of) {
            const skeleton = new spine.Skeleton(dataOf(of));
            setupPose(skeleton as Any);
            skeleton.updateWorldTransform(PHYSICS_RESET as Any);
            return skeleton;
        },
        state(of, defaultMix = 0) {
            const stateData = new spine.AnimationStateData(dataOf(of));
            stateData.defaultMix = defaultMix;
            return new spine.AnimationState(stateData);
        },
        poseAt(skeleton, animation, time) {
            const found = typeof animation === 'string' ? skeleton.data.findAnimation(animation) : animation;
            if (!found) throw new Error(`no animation ${String(animation)}`);
            setupPose(skeleton as Any);
            applyFromSetup(spine as Any, found as Any, skeleton as Any, time, time);
            skeleton.updateWorldTransform(PHYSICS_RESET as Any);
        },
        setupPose: (skeleton) => setupPose(skeleton as Any),
        world: (bone) => worldOf(bone as Any),
        local: (bone) => (v43 ? (bone as Any).pose : bone),
        look: (slot) => (v43 ? (slot as Any).pose : slot),
        drawOrder(skeleton) {
            const order = (skeleton as Any).drawOrder;
            return (Array.isArray(order) ? order : order.pose).map((slot: SpineCore.Slot) => slot.data.index);
        },
        makeAdditive(entry) {
            if (v43) (entry as Any).additive = true;
            else entry.mixBlend = spine.MixBlend.add;
        },
        sequenceAnimation(data, slotName) {
            const slot = data.findSlot(slotName)!;
            const attachment = data.defaultSkin!.getAttachment(slot.index, slot.attachmentName!) as Any;
            const region = attachment.region;
            if (v43) {
                const sequence = attachment.sequence;
                sequence.regions = [region, region, region];
                sequence.uvs = [0, 0, 0].map(() => sequence.uvs[0]);
                sequence.offsets = [0, 0, 0].map(() => sequence.offsets[0]);
            } else {
                // 4.2's IIFE does not export Sequence: SkeletonJson makes one as it reads `sequence` maps.
                const sequence = (new spine.SkeletonJson(null as Any) as Any).readSequence({ count: 3, start: 0 });
                sequence.regions = [region, region, region];
                attachment.sequence = sequence;
            }
            const LOOP = 2;
            const HOLD = 0;
            const timeline = new spine.SequenceTimeline(2, slot.index, attachment);
            timeline.setFrame(0, 0, LOOP as Any, 0, 0.1);
            timeline.setFrame(1, 0.5, HOLD as Any, 1, 0);
            return new spine.Animation('sequence', [timeline], 1);
        },
        setAnimation: (state, track, animation, loop) =>
            v43 ? (state as Any).setAnimation(track, animation, loop) : state.setAnimationWith(track, animation, loop),
        describeEvent: (event) => `${event.data.name}@${+event.time.toFixed(6)} ${event.intValue} ${+event.floatValue.toFixed(6)} ${event.stringValue ?? ''}`,
    };
    return rt;
}

/** spine-core 4.2 and 4.3, for `describe.each(CORE_RUNTIMES)('Spine $format', ...)`. */
export const CORE_RUNTIMES: readonly CoreRuntime[] = (['4.2', '4.3'] as const).map(runtime);

/**
 * Records every callback `state` dispatches (start, interrupt, end, dispose, complete, Spine
 * events) as one string each: `type track animation [event]`.
 */
export function recordCallbacks(rt: CoreRuntime, state: SpineCore.AnimationState): string[] {
    const heard: string[] = [];
    const say = (type: string) => (entry: SpineCore.TrackEntry) => heard.push(`${type} ${entry.trackIndex} ${entry.animation?.name}`);
    state.addListener({
        start: say('start'),
        interrupt: say('interrupt'),
        end: say('end'),
        dispose: say('dispose'),
        complete: say('complete'),
        event: (entry, event) => heard.push(`event ${entry.trackIndex} ${entry.animation?.name} ${rt.describeEvent(event)}`),
    });
    return heard;
}

/** One frame of a stock spine-phaser object (its `updatePose` without world transforms): update, apply, skeleton clock. */
export function stockFrame(state: SpineCore.AnimationState, skeleton: SpineCore.Skeleton, seconds: number): void {
    state.update(seconds);
    state.apply(skeleton);
    skeleton.update(seconds);
}

/** The fields of a track entry that say where it is (times, mix, bookkeeping of the last apply). */
export function entryTimes(entry: SpineCore.TrackEntry | null): Record<string, unknown> | null {
    if (!entry) return null;
    const e = entry as Any;
    return {
        animation: entry.animation?.name,
        trackTime: e.trackTime,
        trackLast: e.trackLast,
        nextTrackLast: e.nextTrackLast,
        animationLast: e.animationLast,
        nextAnimationLast: e.nextAnimationLast,
        delay: e.delay,
        mixTime: e.mixTime,
        mixingFrom: entryTimes(entry.mixingFrom),
        next: entry.next?.animation?.name ?? null,
    };
}

/** A skeleton's local pose (bones), what its slots show and its draw order: what `AnimationState.apply` writes. */
export function localPose(rt: CoreRuntime, skeleton: SpineCore.Skeleton): { bones: number[][]; slots: unknown[][]; drawOrder: number[] } {
    return {
        bones: skeleton.bones.map((bone) => {
            const p = rt.local(bone);
            return [p.x, p.y, p.rotation, p.scaleX, p.scaleY, p.shearX, p.shearY, p.inherit];
        }),
        slots: skeleton.slots.map((slot) => {
            const look = rt.look(slot);
            const dark = look.darkColor;
            return [
                look.attachment?.name ?? null,
                look.color.r,
                look.color.g,
                look.color.b,
                look.color.a,
                dark ? [dark.r, dark.g, dark.b] : null,
                look.sequenceIndex,
                [...look.deform],
            ];
        }),
        drawOrder: rt.drawOrder(skeleton),
    };
}

/**
 * The largest difference between two skeletons' local poses (bone values, slot colours and
 * deforms); Infinity when an attachment or the draw order differs.
 */
export function poseDistance(rt: CoreRuntime, a: SpineCore.Skeleton, b: SpineCore.Skeleton): number {
    const [pa, pb] = [localPose(rt, a), localPose(rt, b)];
    if (JSON.stringify(pa.drawOrder) !== JSON.stringify(pb.drawOrder)) return Infinity;
    const numbers = (x: unknown): number[] => (Array.isArray(x) ? x.flatMap(numbers) : typeof x === 'number' ? [x] : []);
    const others = (x: unknown): unknown[] => (Array.isArray(x) ? x.flatMap(others) : typeof x === 'number' ? [] : [x]);
    if (JSON.stringify(others(pa.slots)) !== JSON.stringify(others(pb.slots))) return Infinity;
    const [na, nb] = [numbers([pa.bones, pa.slots]), numbers([pb.bones, pb.slots])];
    if (na.length !== nb.length) return Infinity;
    return Math.max(0, ...na.map((v, i) => Math.abs(v - nb[i]!)));
}
