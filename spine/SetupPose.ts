/**
 * The setup pose of (skeleton data, skin), made once and copied into instances: what stock's
 * `setToSetupPose()`, the skeleton's clock at 0 and `updateWorldTransform(Physics.reset)` give a
 * skeleton, without computing the world transforms again for every instance. The setup pose is
 * the same for every skeleton of one data and skin, so a respawn soon after a despawn costs a copy
 * instead of a pose (IK, transform and path constraints, physics, every bone's matrix).
 *
 * A sample holds the result of that computation, made on a new skeleton of the data (a scratch that
 * nothing else has posed: a new object's deforms, sequence indices and physics state), bit for bit:
 *
 * | part | from the sample |
 * |---|---|
 * | bones | local pose (what `setToSetupPose` writes), what the world transform was computed from (4.2's applied values; 4.3's applied pose and its stamps), world transform |
 * | constraints | their setup values (spine-core's own `setToSetupPose` / `setupPose`, no sample needed) |
 * | physics constraints | their state after the reset, as a new object's (also those at mix 0, which `updateWorldTransform` skips) |
 * | slots | attachment, colour, dark colour, sequence index; deform cleared |
 * | draw order | the slots' order |
 * | skeleton | clock (`time`) 0 |
 *
 * A skeleton is copied into when it has the sample's data, skin and placement (`x`, `y`,
 * `scaleX`, `scaleY`, as spine-core reads them); otherwise, and on a 4.3 rig whose constraints pose
 * more than bones (sliders keying slots, the draw order or constraint values), the setup pose is
 * computed as stock computes it.
 *
 * Samples are kept per data in a WeakMap, per skin by object identity (a skin combined at run time
 * is one key for as long as it is the same object; one edited after its setup pose was sampled is
 * not seen), the skins too in a WeakMap: one sample per data and skin in use, gone with them.
 */
import { PHYSICS_RESET, type Skeleton, type Skin } from './core/shapes';
import { BONE_POSE_FLOATS, PHYSICS_STATE_FLOATS, type SpineVersion } from './core/SpineVersion';
import { versionOf } from './core/versions';

/** Floats per slot: colour r, g, b, a, dark r, g, b, sequence index. */
const SLOT_FLOATS = 8;

/** The setup pose of one (data, skin): see the module's doc. */
export class SetupPose {
    /** The placement it was computed at. */
    private readonly x: number;
    private readonly y: number;
    private readonly scaleX: number;
    private readonly scaleY: number;
    private readonly bones: Float64Array;
    private readonly slots: Float64Array;
    private readonly attachments: unknown[];
    private readonly physics: Float64Array;
    private readonly v: SpineVersion;

    /** Reads the setup pose of `posed`, a skeleton of Spine `v` just put in it (`computeSetupPose`). */
    private constructor(posed: Skeleton, v: SpineVersion) {
        this.v = v;
        this.x = posed.x;
        this.y = posed.y;
        this.scaleX = posed.scaleX;
        this.scaleY = posed.scaleY;
        const bones = posed.bones;
        this.bones = new Float64Array(bones.length * BONE_POSE_FLOATS);
        v.readBonePoses(posed, this.bones);
        const slots = posed.slots;
        this.slots = new Float64Array(slots.length * SLOT_FLOATS);
        this.attachments = new Array(slots.length);
        for (let i = 0, o = 0; i < slots.length; i++, o += SLOT_FLOATS) {
            const look = v.slotLook(slots[i]);
            const s = this.slots;
            s[o] = look.color.r;
            s[o + 1] = look.color.g;
            s[o + 2] = look.color.b;
            s[o + 3] = look.color.a;
            const dark = look.darkColor;
            if (dark !== null) {
                s[o + 4] = dark.r;
                s[o + 5] = dark.g;
                s[o + 6] = dark.b;
            }
            s[o + 7] = look.sequenceIndex;
            this.attachments[i] = look.attachment;
        }
        const physics = v.physicsOf(posed);
        this.physics = new Float64Array(physics.length * PHYSICS_STATE_FLOATS);
        for (let i = 0; i < physics.length; i++) v.readPhysics(physics[i], this.physics, i * PHYSICS_STATE_FLOATS);
    }

    /**
     * The setup pose of `skeleton`'s data and current skin, made the first time it is asked for;
     * null where it cannot stand for the computation (see the module's doc).
     */
    static of(skeleton: Skeleton): SetupPose | null {
        let byData = samples.get(skeleton.data);
        if (byData === undefined) {
            byData = { version: versionOf(skeleton), noSkin: undefined, bySkin: new WeakMap() };
            samples.set(skeleton.data, byData);
        }
        const skin = skeleton.skin;
        let sample = skin === null ? byData.noSkin : byData.bySkin.get(skin);
        if (sample === undefined) {
            sample = SetupPose.sample(skeleton, skin, byData.version);
            if (skin === null) byData.noSkin = sample;
            else byData.bySkin.set(skin, sample);
        }
        return sample;
    }

    /** The setup pose of `source`'s data with `skin`, computed on a new skeleton of `source`'s runtime class. */
    private static sample(source: Skeleton, skin: Skin | null, version: SpineVersion): SetupPose | null {
        const SkeletonClass = source.constructor as new (data: Skeleton['data']) => Skeleton;
        const fresh = new SkeletonClass(source.data);
        if (skin !== null) fresh.setSkin(skin);
        computeSetupPose(fresh, version);
        return version.constraintsMoveMoreThanBones(fresh) ? null : new SetupPose(fresh, version);
    }

    /** Whether it can be copied into `skeleton` (of its data and skin): placed as it was computed. */
    fits(skeleton: Skeleton): boolean {
        return skeleton.x === this.x && skeleton.y === this.y && skeleton.scaleX === this.scaleX && skeleton.scaleY === this.scaleY;
    }

    /**
     * Copies it into `skeleton` (of its data and skin, one it `fits`); its bones only when `bones`
     * (else they are owed: `copyBonesTo` writes them before anything reads or poses them); of its
     * slots, only those the first `writtenCount` of `written` list when given (the rest are known
     * to be at their setup values).
     */
    copyTo(skeleton: Skeleton, bones = true, written: readonly WrittenSlots[] | null = null, writtenCount = written?.length ?? 0): void {
        const v = this.v;
        v.countUpdate(skeleton); // as the update it stands for
        if (bones) v.writeBonePoses(skeleton, this.bones);
        v.setupPoseConstraints(skeleton);
        const physics = v.physicsOf(skeleton);
        for (let i = 0; i < physics.length; i++) v.writePhysics(physics[i], this.physics, i * PHYSICS_STATE_FLOATS);
        const slots = skeleton.slots;
        let order = written === null;
        if (written === null) {
            for (let i = 0; i < slots.length; i++) this.copySlot(skeleton, i);
        } else {
            for (let k = 0; k < writtenCount; k++) {
                const indices = written[k].writtenSlots;
                for (let j = 0; j < indices.length; j++) this.copySlot(skeleton, indices[j]);
                order ||= written[k].writesDrawOrder;
            }
        }
        if (order) {
            const drawOrder = v.drawOrder(skeleton);
            for (let i = 0; i < slots.length; i++) drawOrder[i] = slots[i];
        }
        skeleton.time = 0;
    }

    /** Slot `i` of `skeleton` to its setup values. */
    private copySlot(skeleton: Skeleton, i: number): void {
        const s = this.slots;
        const o = i * SLOT_FLOATS;
        const look = this.v.slotLook(skeleton.slots[i]);
        const color = look.color;
        color.r = s[o];
        color.g = s[o + 1];
        color.b = s[o + 2];
        color.a = s[o + 3];
        const dark = look.darkColor;
        if (dark !== null) {
            dark.r = s[o + 4];
            dark.g = s[o + 5];
            dark.b = s[o + 6];
        }
        look.attachment = this.attachments[i];
        look.sequenceIndex = s[o + 7];
        if (look.deform.length !== 0) look.deform.length = 0;
    }

    /** Writes its bones (local pose, applied values, world transforms) into `skeleton`, whose `copyTo` left them owed. */
    copyBonesTo(skeleton: Skeleton): void {
        this.v.writeBonePoses(skeleton, this.bones);
    }
}

/** The slots an animation keys (an apply of it, or a pose of it copied from samples, writes no other), and whether it keys the draw order. */
export interface WrittenSlots {
    readonly writtenSlots: Int32Array;
    readonly writesDrawOrder: boolean;
}

/** The samples of one SkeletonData: without a skin, and per skin; and the data's Spine version. */
interface DataSetups {
    readonly version: SpineVersion;
    noSkin: SetupPose | null | undefined;
    readonly bySkin: WeakMap<Skin, SetupPose | null>;
}

const samples = new WeakMap<object, DataSetups>();

/**
 * Puts `skeleton` in the setup pose of its skin with world transforms, its clock at 0 and its physics
 * restarted, as a new object of its data and skin is once posed: copied from the shared sample when
 * it can be, else computed (`computeSetupPose`).
 */
export function toSetupPose(skeleton: Skeleton, version: SpineVersion): void {
    toSetupPoseOwingBones(skeleton, version)?.copyBonesTo(skeleton);
}

/**
 * `toSetupPose` with the bones owed when it is copied (72 bones are most of the copy): returns the
 * sample whose `copyBonesTo` must run before anything reads or poses the bones, or null when all
 * was written (computed: no sample fits). `written` (its first `writtenCount`): when given, the
 * only slots that may differ from their setup values (the rest are not copied).
 */
export function toSetupPoseOwingBones(
    skeleton: Skeleton,
    version: SpineVersion,
    written: readonly WrittenSlots[] | null = null,
    writtenCount = written?.length ?? 0,
): SetupPose | null {
    const sample = SetupPose.of(skeleton);
    if (sample !== null && sample.fits(skeleton)) {
        sample.copyTo(skeleton, false, written, writtenCount);
        return sample;
    }
    computeSetupPose(skeleton, version);
    return null;
}

/**
 * The computation a sample stands for: bones, constraints and slots to the setup pose, the clock at
 * 0, physics restarted, world transforms with physics reset. Slots' deforms and sequence indices,
 * and physics constraints at mix 0, are a new object's too (stock's `setToSetupPose` leaves a
 * slot's deform and sequence index when it has no setup attachment, `updateWorldTransform` skips a
 * physics constraint at mix 0).
 */
export function computeSetupPose(skeleton: Skeleton, version: SpineVersion): void {
    const slots = skeleton.slots;
    for (let i = 0; i < slots.length; i++) {
        // A new slot's: 4.3's setup pose then sets its data's index, or -1 with an attachment.
        const look = version.slotLook(slots[i]);
        look.deform.length = 0;
        look.sequenceIndex = -1;
    }
    version.setupPose(skeleton);
    skeleton.time = 0;
    version.resetPhysics(skeleton);
    skeleton.updateWorldTransform(PHYSICS_RESET);
}
