/**
 * The one version API: every difference between Spine 4.2 (spine-phaser, Phaser 3) and 4.3
 * (spine-phaser-v3, spine-phaser-v4) the plugin meets, behind one object per version (spine42.ts,
 * spine43.ts). Code takes the object of its skeletons' version once (`versionOf`, versions.ts: the
 * one place the versions are told apart) and asks it; nothing else tests the version. A loop over
 * bones or slots calls one version's methods at one call site each, monomorphic (V8 inlines them).
 * A new Spine version's differences go into a new object of this interface.
 *
 * | | 4.2 | 4.3 |
 * |---|---|---|
 * | setup pose | `setToSetupPose()` / `setSlotsToSetupPose()` | `setupPose()` / `setupPoseSlots()` |
 * | `animation.apply(..., alpha, ...)` | `MixBlend, MixDirection` | `MixFrom, add, out, appliedPose` |
 * | set an Animation object on a track | `setAnimationWith` | `setAnimation` |
 * | physics constraints | `physicsConstraints[i].reset()` | `physics[i].reset(skeleton)` |
 * | a physics constraint's state | offsets, velocities | also lags |
 * | what a bone's world transform was computed from | its `ax` ... `ashearY` | `appliedPose`'s local pose, its `world` / `local` stamps against `skeleton._update` |
 * | a bone's world transform / local pose / setup pose | the bone / the bone / `bone.data` | `appliedPose` / `pose` / `data.setupPose` |
 * | what animations set on a slot | the slot | `slot.pose` (`appliedPose` differs only under a slider) |
 * | draw order | `skeleton.drawOrder` (an array) | `skeleton.drawOrder.pose` |
 * | constraints | `ikConstraints`, `transformConstraints`, `pathConstraints` | `constraints` |
 * | a constraint's values / setup values | the constraint / `data` | `pose` / `data.setupPose` |
 * | constraint timelines' property ids | ik 15, transform 16, path 17-19 | 16-20, slider 30-31 |
 * | an additive track | `mixBlend === MixBlend.add` | `additive` |
 * | a mix's amount | `mixTime / mixDuration` | `entry.mix()` (its interpolation) |
 * | a reversed entry's events | none fired | `eventsReverse` |
 * | an attachment's region | `region`, `uvs`; a sequence only when it has one | its `sequence` (always one), by the slot's pose |
 * | an attachment's world vertices | `computeWorldVertices(slot, ...)` | `(skeleton, slot, ...)` (mesh), the offsets of the slot's pose (region) |
 */
import type {
    Animation,
    AnimationState,
    Bone,
    BoneLocal,
    BoneWorld,
    Constraint,
    ConstraintValues,
    DrawnAttachment,
    PhysicsConstraint,
    Region,
    PhysicsState,
    Skeleton,
    Slot,
    SlotLook,
    TrackEntry,
} from './shapes';

/** Constraint lists, by name: 4.2's three, 4.3's one. */
export type ConstraintList = 'ikConstraints' | 'transformConstraints' | 'pathConstraints' | 'constraints';

/** Floats of a bone's whole pose (see `SpineVersion.readBonePoses`). */
export const BONE_POSE_FLOATS = 24;
/** Floats of a physics constraint's state (see `SpineVersion.readPhysics`). */
export const PHYSICS_STATE_FLOATS = 21;

/** The differences of one Spine version, asked of its object (see the module's doc). */
export interface SpineVersion {
    /** Whether it is Spine 4.3 (drawing only: spine-webgl's layout and which runtime draws slot by slot). */
    readonly v43: boolean;

    /** A bone's world transform. */
    boneWorld(bone: Bone): BoneWorld;
    /** A bone's local pose (what animations and the game set). */
    boneLocal(bone: Bone): BoneLocal;
    /** A bone's setup pose. */
    boneSetup(bone: Bone): BoneLocal;
    /**
     * Reads every bone's whole pose into `s` (`BONE_POSE_FLOATS` floats a bone, in skeleton order):
     * its local pose, its world transform and what that was computed from (4.2's applied values;
     * 4.3's applied pose, constraints included, and whether its stamps are the skeleton's last update).
     */
    readBonePoses(skeleton: Skeleton, s: Float64Array): void;
    /** Writes what `readBonePoses` read; 4.3's stamps as of the skeleton's last update (`skeleton._update`). */
    writeBonePoses(skeleton: Skeleton, s: Float64Array): void;
    /** Counts a world transform update on `skeleton` (4.3 stamps bone poses with the count; 4.2 keeps none). */
    countUpdate(skeleton: Skeleton): void;

    /** What animations set on a slot (attachment, colours, deform, sequence index). */
    slotLook(slot: Slot): SlotLook;
    /** What a slot is drawn with: 4.3's `appliedPose` (a slider's copy when one constrains it). */
    slotShown(slot: Slot): SlotLook;
    /** The draw order animations set, as a list of slots (edited in place). */
    drawOrder(skeleton: Skeleton): Slot[];
    /** The draw order slots are drawn in: 4.3's `drawOrder.appliedPose`. */
    drawOrderShown(skeleton: Skeleton): Slot[];

    /** The constraint lists of the version: 4.2's three, 4.3's one. */
    readonly constraintLists: readonly ConstraintList[];
    /** The constraints of one list. */
    constraintsIn(skeleton: Skeleton, list: ConstraintList): Constraint[];
    /** A constraint's current values (what animations and the game set). */
    constraintPose(constraint: Constraint): ConstraintValues;
    /** A constraint's setup values. */
    constraintSetup(constraint: Constraint): ConstraintValues;
    /**
     * What a constraint timeline's property id keys: [first id, its list, the fields keyed (null:
     * all)]. Bone property ids are the same in both versions (rotate 0, x 1, y 2, scaleX 3, scaleY 4,
     * shearX 5, shearY 6, inherit 7); 4.3 inserted `drawOrderFolder` before the constraint ones.
     */
    readonly constraintPropertyIds: readonly [number, ConstraintList, readonly (keyof ConstraintValues)[] | null][];
    /**
     * Whether constraints pose `skeleton`'s slots after the animations do (4.3's sliders): then what
     * animations set on a slot is not what it shows, and a sampled slot cannot stand for it.
     */
    constraintsMoveSlots(skeleton: Skeleton): boolean;
    /**
     * Whether constraints pose something else than bones on `skeleton` (4.3's sliders: slots, the draw
     * order, other constraints' values): then a pose is more than its bones and slots' local values.
     */
    constraintsMoveMoreThanBones(skeleton: Skeleton): boolean;

    /** The skeleton's physics constraints (none: an empty list). */
    physicsOf(skeleton: Skeleton): readonly PhysicsConstraint[];
    /**
     * Restarts the skeleton's physics constraints from the pose they are given next (no velocity, no
     * offset), as a new skeleton's are.
     */
    resetPhysics(skeleton: Skeleton): void;
    /** Reads a physics constraint's state (`PHYSICS_STATE_FLOATS` floats at `o`). */
    readPhysics(constraint: PhysicsConstraint, s: Float64Array, o: number): void;
    /** Writes what `readPhysics` read. */
    writePhysics(constraint: PhysicsConstraint, s: Float64Array, o: number): void;

    /** Bones, constraints and slots to the setup pose. */
    setupPose(skeleton: Skeleton): void;
    /** Slots (attachments, colours) to the setup pose. */
    setupPoseSlots(skeleton: Skeleton): void;
    /** Constraints (not bones) to the setup pose: the constraint half of 4.2's `setBonesToSetupPose`, 4.3's `setupPoseBones`. */
    setupPoseConstraints(skeleton: Skeleton): void;

    /**
     * Applies `animation` at `time` fully (alpha 1) over the setup pose, the way a track's only
     * animation is applied: events between `lastTime` and `time` go to `events`.
     */
    applyFromSetup(animation: Animation, skeleton: Skeleton, lastTime: number, time: number, loop: boolean, events: unknown[] | null): void;
    /** Sets an Animation object on a track. */
    setAnimation(state: AnimationState, trackIndex: number, animation: Animation, loop: boolean): TrackEntry;
    /** Whether a track entry adds its values to the pose below instead of mixing them. */
    isAdditive(entry: TrackEntry): boolean;
    /** How far the mix into `entry` has gone (0..1), as `apply` weighs it. */
    mixOf(entry: TrackEntry): number;
    /** What `apply` fires of a reversed entry between `animationLast` and `animationTime`: 4.3 queues its events, 4.2 none. */
    eventsReversed(state: AnimationState, entry: TrackEntry, animationLast: number, animationTime: number): void;

    /** How many floats an attachment's vertices take drawn (x, y each), 0 when it is not a region or mesh (4.2's region has `offset`, 4.3's `getOffsets`). */
    drawnFloats(attachment: unknown): number;
    /** Whether an attachment's region switches at draw time (a sequence of several regions: 4.3 gives every attachment a sequence). */
    switchesRegion(attachment: DrawnAttachment): boolean;
    /** The UVs and texture an attachment is drawn with for a slot's pose (`shown`, its sequence index picking a sequence's frame), into `out`, as the runtime's SkeletonRenderer reads them. */
    regionOf(attachment: DrawnAttachment, shown: SlotLook, out: Region): void;
    /**
     * Writes the world vertices of `slot`'s attachment (`floats` of them) into `out` from `at`, 2
     * apart: spine-core's own computeWorldVertices (4.2's and 4.3's region and mesh signatures).
     */
    worldVertices(skeleton: Skeleton, slot: Slot, attachment: DrawnAttachment, floats: number, out: Float32Array, at: number): void;
}

/** The constraints of one list (named loads: a keyed load by a varying name takes V8's slow path). */
export function constraintsIn(skeleton: Skeleton, list: ConstraintList): Constraint[] {
    const found =
        list === 'constraints'
            ? skeleton.constraints
            : list === 'ikConstraints'
              ? skeleton.ikConstraints
              : list === 'transformConstraints'
                ? skeleton.transformConstraints
                : skeleton.pathConstraints;
    return found ?? NO_CONSTRAINTS;
}
export const NO_CONSTRAINTS: Constraint[] = [];

/** The state both versions' physics constraints have, read into `s` at `o` (17 floats). */
export function readPhysicsState(c: PhysicsState, s: Float64Array, o: number): void {
    s[o] = c._reset ? 1 : 0;
    s[o + 1] = c.ux;
    s[o + 2] = c.uy;
    s[o + 3] = c.cx;
    s[o + 4] = c.cy;
    s[o + 5] = c.tx;
    s[o + 6] = c.ty;
    s[o + 7] = c.xOffset;
    s[o + 8] = c.xVelocity;
    s[o + 9] = c.yOffset;
    s[o + 10] = c.yVelocity;
    s[o + 11] = c.rotateOffset;
    s[o + 12] = c.rotateVelocity;
    s[o + 13] = c.scaleOffset;
    s[o + 14] = c.scaleVelocity;
    s[o + 15] = c.remaining;
    s[o + 16] = c.lastTime;
}

/** Writes what `readPhysicsState` read. */
export function writePhysicsState(c: PhysicsState, s: Float64Array, o: number): void {
    c._reset = s[o] !== 0;
    c.ux = s[o + 1];
    c.uy = s[o + 2];
    c.cx = s[o + 3];
    c.cy = s[o + 4];
    c.tx = s[o + 5];
    c.ty = s[o + 6];
    c.xOffset = s[o + 7];
    c.xVelocity = s[o + 8];
    c.yOffset = s[o + 9];
    c.yVelocity = s[o + 10];
    c.rotateOffset = s[o + 11];
    c.rotateVelocity = s[o + 12];
    c.scaleOffset = s[o + 13];
    c.scaleVelocity = s[o + 14];
    c.remaining = s[o + 15];
    c.lastTime = s[o + 16];
}
