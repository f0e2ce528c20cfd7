/**
 * What the plugin reads and calls of spine-core, in one module: the shapes it relies on (structural
 * types: no Spine package is imported at run time, the plugin works with whichever runtime made the
 * objects), spine-core's enum values, every difference between Spine 4.2 (spine-phaser, Phaser 3)
 * and 4.3 (spine-phaser-v3, spine-phaser-v4), the one "plays one animation plainly" predicate and the
 * one scratch skeleton poses are sampled on. A new Spine version's difference goes here.
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
 */

/** `Physics.reset`: world transforms with physics constraints reset to their setup state. */
export const PHYSICS_RESET = 1;
/** `Physics.update`. */
export const PHYSICS_UPDATE = 2;
/** `Physics.pose`: world transforms with the physics constraints' current offsets, their state untouched. */
export const PHYSICS_POSE = 3;
/** 4.2's `MixBlend.setup`: timelines mix from the setup pose (no earlier pose survives). */
export const MIX_BLEND_SETUP = 0;
/** 4.2's `MixBlend.add`: an entry's values add to the pose. */
const MIX_BLEND_ADD = 3;
/** 4.2's `MixDirection.mixIn`. */
export const MIX_DIRECTION_IN = 0;
/** 4.3's `MixFrom.setup` (its `MixFrom.current` is 0). */
const MIX_FROM_SETUP = 1;

/** An RGBA colour, 0..1. */
export interface Color {
    r: number;
    g: number;
    b: number;
    a: number;
    set(r: number, g: number, b: number, a: number): unknown;
}

/** A bone's world transform: 4.2's Bone, 4.3's `bone.appliedPose`. */
export interface BoneWorld {
    a: number;
    b: number;
    c: number;
    d: number;
    worldX: number;
    worldY: number;
}

/** A bone's local pose: 4.2's Bone and BoneData, 4.3's `bone.pose` and `data.setupPose`. */
export interface BoneLocal {
    x: number;
    y: number;
    rotation: number;
    scaleX: number;
    scaleY: number;
    shearX: number;
    shearY: number;
    inherit: number;
}

export interface Bone extends BoneWorld, BoneLocal {
    data: BoneLocal & { name: string; index: number; setupPose?: BoneLocal };
    parent: Bone | null;
    pose?: BoneLocal;
    appliedPose?: BoneWorld;
}

/** 4.2: the local pose a bone's world transform was computed from (constraints included). */
interface AppliedBone42 {
    ax: number;
    ay: number;
    arotation: number;
    ascaleX: number;
    ascaleY: number;
    ashearX: number;
    ashearY: number;
}

/**
 * 4.3: a bone's pose object (`pose`, `appliedPose`): local pose, world transform, and the
 * `skeleton._update` of its last world transform (`world`) and of a world change its local pose
 * does not follow yet (`local`).
 */
interface BonePose43 extends BoneLocal, BoneWorld {
    world: number;
    local: number;
}

/** A physics constraint's state (what moves between updates): 4.3 adds the lags. */
interface PhysicsState {
    _reset: boolean;
    ux: number;
    uy: number;
    cx: number;
    cy: number;
    tx: number;
    ty: number;
    xOffset: number;
    xVelocity: number;
    yOffset: number;
    yVelocity: number;
    rotateOffset: number;
    rotateVelocity: number;
    scaleOffset: number;
    scaleVelocity: number;
    remaining: number;
    lastTime: number;
    xLag?: number;
    yLag?: number;
    rotateLag?: number;
    scaleLag?: number;
}

/** Floats of a bone's whole pose (see `SpineVersion.readBonePoses`). */
export const BONE_POSE_FLOATS = 24;
/** Floats of a physics constraint's state (see `SpineVersion.readPhysics`). */
export const PHYSICS_STATE_FLOATS = 21;

/** What a slot shows: 4.2's Slot, 4.3's `slot.pose`. */
export interface SlotLook {
    color: Color;
    darkColor: Color | null;
    attachment: unknown;
    sequenceIndex: number;
    deform: number[];
}

export interface Slot extends SlotLook {
    data: { name: string; index: number };
    bone: Bone;
    pose?: SlotLook;
    appliedPose?: SlotLook;
}

/** A constraint: 4.2's IK, transform or path constraint, 4.3's any constraint. */
export interface Constraint {
    data: Record<string, unknown> & { setupPose?: Record<string, unknown> };
    pose?: Record<string, unknown>;
}

/** A physics constraint: restarted by `reset`, its setup values by `setToSetupPose` (4.2) or `setupPose` (4.3). */
export interface PhysicsConstraint {
    reset(skeleton?: unknown): void;
}

/** A timeline, by the fields the plugin tells kinds apart with (class names do not survive minification). */
export interface Timeline {
    frames: ArrayLike<number>;
    slotIndex?: number;
    boneIndex?: number;
    constraintIndex?: number;
    attachmentNames?: unknown[];
    vertices?: ArrayLike<number>[];
    attachment?: unknown;
    drawOrders?: unknown[];
    events?: unknown[];
    getFrameEntries(): number;
    getPropertyIds(): string[];
    apply(skeleton: unknown, lastTime: number, time: number, events: unknown[] | null, alpha: number, ...mix: (number | boolean)[]): void;
}

export interface Animation {
    name: string;
    duration: number;
    timelines: Timeline[];
    apply(skeleton: unknown, lastTime: number, time: number, loop: boolean, events: unknown[] | null, alpha: number, ...mix: (number | boolean)[]): void;
}

export interface SkeletonData {
    name: string | null;
    version?: string | null;
    skins: { name: string }[];
    animations: Animation[];
    findSkin(name: string): object | null;
    findAnimation(name: string): Animation | null;
}

export interface Skeleton {
    data: SkeletonData;
    /** 4.3: counts world transform updates (bone poses are stamped with it). */
    _update?: number;
    skin: object | null;
    x: number;
    y: number;
    scaleX: number;
    scaleY: number;
    /** Seconds the skeleton has been updated by (physics reads it). */
    time: number;
    color: Color;
    bones: Bone[];
    slots: Slot[];
    drawOrder: Slot[] | { pose: Slot[]; appliedPose: Slot[] };
    physicsConstraints?: PhysicsConstraint[];
    physics?: PhysicsConstraint[];
    constraints?: Constraint[];
    ikConstraints?: Constraint[];
    transformConstraints?: Constraint[];
    pathConstraints?: Constraint[];
    setSkin(skin: object | null): void;
    update(delta: number): void;
    updateWorldTransform(physics: number): void;
    getBoundsRect(): { x: number; y: number; width: number; height: number };
    setupPose?(): void;
    setToSetupPose?(): void;
    setupPoseSlots?(): void;
    setSlotsToSetupPose?(): void;
}

export interface TrackEntry {
    animation: Animation | null;
    trackIndex: number;
    listener: object | null;
    mixingFrom: TrackEntry | null;
    mixingTo: TrackEntry | null;
    next: TrackEntry | null;
    delay: number;
    loop: boolean;
    reverse: boolean;
    alpha: number;
    /** 4.2: `MixBlend.add` adds to the pose; 4.3 says it with `additive`. */
    mixBlend?: number;
    additive?: boolean;
    timeScale: number;
    trackTime: number;
    trackEnd: number;
    trackLast: number;
    nextTrackLast: number;
    animationStart: number;
    animationEnd: number;
    animationLast: number;
    nextAnimationLast: number;
    eventThreshold: number;
    mixTime: number;
    mixDuration: number;
    getAnimationTime(): number;
    /** 4.3: the mix amount, `mixTime / mixDuration` through the entry's mix interpolation. */
    mix?(): number;
}

/** spine-core's event queue, as the plugin drives it. */
export interface EventQueue {
    objects: unknown[];
    drainDisabled: boolean;
    drain(): void;
    clear(): void;
}

export interface AnimationState {
    tracks: (TrackEntry | null)[];
    timeScale: number;
    events: unknown[];
    queue: EventQueue;
    data: { skeletonData: SkeletonData };
    update(delta: number): void;
    apply(skeleton: unknown): boolean;
    queueEvents(entry: TrackEntry, animationTime: number): void;
    /** 4.3: queues the events a reversed entry passed from `animationLast` back to `animationTime`. */
    eventsReverse?(entry: TrackEntry, animationLast: number, animationTime: number): void;
    /** 4.2: sets an Animation object (its `setAnimation` takes a name). */
    setAnimationWith?(trackIndex: number, animation: Animation, loop: boolean): TrackEntry;
    /** 4.3: takes a name or an Animation object. */
    setAnimation(trackIndex: number, animation: Animation | string, loop: boolean): TrackEntry;
    setEmptyAnimation(trackIndex: number, mixDuration: number): TrackEntry;
}

/** Whether `skeleton` is a Spine 4.3 (or later) skeleton. */
export function isSpine43(skeleton: object): boolean {
    return typeof (skeleton as Skeleton).setupPose === 'function';
}

/**
 * The accessors of one Spine version's shapes, as an object: a loop over bones or slots takes the
 * version's object once (`versionOf`) and calls its methods, one monomorphic call site each (V8
 * inlines them), instead of testing the version at every bone.
 */
export interface SpineVersion {
    readonly v43: boolean;
    /** A bone's world transform. */
    boneWorld(bone: Bone): BoneWorld;
    /** A bone's local pose (what animations and the game set). */
    boneLocal(bone: Bone): BoneLocal;
    /** A bone's setup pose. */
    boneSetup(bone: Bone): BoneLocal;
    /** What animations set on a slot (attachment, colours, deform, sequence index). */
    slotLook(slot: Slot): SlotLook;
    /** What a slot is drawn with: 4.3's `appliedPose` (a slider's copy when one constrains it). */
    slotShown(slot: Slot): SlotLook;
    /** The draw order slots are drawn in: 4.3's `drawOrder.appliedPose`. */
    drawOrderShown(skeleton: Skeleton): Slot[];
    /** A constraint's current values (what animations and the game set). */
    constraintPose(constraint: Constraint): Record<string, unknown>;
    /** A constraint's setup values. */
    constraintSetup(constraint: Constraint): Record<string, unknown>;
    /** The constraint lists of the version: 4.2's three, 4.3's one. */
    readonly constraintLists: readonly ConstraintList[];
    /** The constraints of one list. */
    constraintsIn(skeleton: Skeleton, list: ConstraintList): Constraint[];
    /**
     * Reads every bone's whole pose into `s` (`BONE_POSE_FLOATS` floats a bone, in skeleton order):
     * its local pose, its world transform and what that was computed from (4.2's applied values;
     * 4.3's applied pose, constraints included, and whether its stamps are the skeleton's last update).
     */
    readBonePoses(skeleton: Skeleton, s: Float64Array): void;
    /** Writes what `readBonePoses` read; 4.3's stamps as of the skeleton's last update (`skeleton._update`). */
    writeBonePoses(skeleton: Skeleton, s: Float64Array): void;
    /** Reads a physics constraint's state (`PHYSICS_STATE_FLOATS` floats at `o`). */
    readPhysics(constraint: PhysicsConstraint, s: Float64Array, o: number): void;
    /** Writes what `readPhysics` read. */
    writePhysics(constraint: PhysicsConstraint, s: Float64Array, o: number): void;
    /**
     * What a constraint timeline's property id keys: [first id, its list, the fields keyed (null:
     * all)]. Bone property ids are the same in both versions (rotate 0, x 1, y 2, scaleX 3, scaleY 4,
     * shearX 5, shearY 6, inherit 7); 4.3 inserted `drawOrderFolder` before the constraint ones.
     */
    readonly constraintPropertyIds: readonly [number, ConstraintList, readonly string[] | null][];
}

const V42: SpineVersion = {
    v43: false,
    boneWorld: (bone) => bone,
    boneLocal: (bone) => bone,
    boneSetup: (bone) => bone.data,
    slotLook: (slot) => slot,
    slotShown: (slot) => slot,
    drawOrderShown: (skeleton) => skeleton.drawOrder as Slot[],
    constraintPose: (constraint) => constraint as unknown as Record<string, unknown>,
    constraintSetup: (constraint) => constraint.data,
    constraintLists: ['ikConstraints', 'transformConstraints', 'pathConstraints'],
    constraintsIn: (skeleton, list) => constraintsIn(skeleton, list),
    readBonePoses(skeleton, s) {
        const bones = skeleton.bones;
        for (let i = 0, o = 0; i < bones.length; i++, o += BONE_POSE_FLOATS) {
            const p = bones[i] as Bone & AppliedBone42;
            s[o] = p.x;
            s[o + 1] = p.y;
            s[o + 2] = p.rotation;
            s[o + 3] = p.scaleX;
            s[o + 4] = p.scaleY;
            s[o + 5] = p.shearX;
            s[o + 6] = p.shearY;
            s[o + 7] = p.inherit;
            s[o + 8] = p.a;
            s[o + 9] = p.b;
            s[o + 10] = p.c;
            s[o + 11] = p.d;
            s[o + 12] = p.worldX;
            s[o + 13] = p.worldY;
            s[o + 14] = p.ax;
            s[o + 15] = p.ay;
            s[o + 16] = p.arotation;
            s[o + 17] = p.ascaleX;
            s[o + 18] = p.ascaleY;
            s[o + 19] = p.ashearX;
            s[o + 20] = p.ashearY;
        }
    },
    writeBonePoses(skeleton, s) {
        const bones = skeleton.bones;
        for (let i = 0, o = 0; i < bones.length; i++, o += BONE_POSE_FLOATS) {
            const p = bones[i] as Bone & AppliedBone42;
            p.x = s[o];
            p.y = s[o + 1];
            p.rotation = s[o + 2];
            p.scaleX = s[o + 3];
            p.scaleY = s[o + 4];
            p.shearX = s[o + 5];
            p.shearY = s[o + 6];
            p.inherit = s[o + 7];
            p.a = s[o + 8];
            p.b = s[o + 9];
            p.c = s[o + 10];
            p.d = s[o + 11];
            p.worldX = s[o + 12];
            p.worldY = s[o + 13];
            p.ax = s[o + 14];
            p.ay = s[o + 15];
            p.arotation = s[o + 16];
            p.ascaleX = s[o + 17];
            p.ascaleY = s[o + 18];
            p.ashearX = s[o + 19];
            p.ashearY = s[o + 20];
        }
    },
    readPhysics: (constraint, s, o) => readPhysics(constraint as unknown as PhysicsState, s, o),
    writePhysics: (constraint, s, o) => writePhysics(constraint as unknown as PhysicsState, s, o),
    constraintPropertyIds: [
        [15, 'ikConstraints', null],
        [16, 'transformConstraints', null],
        [17, 'pathConstraints', ['position']],
        [18, 'pathConstraints', ['spacing']],
        [19, 'pathConstraints', ['mixRotate', 'mixX', 'mixY']],
    ],
};

const V43: SpineVersion = {
    v43: true,
    boneWorld: (bone) => bone.appliedPose as BoneWorld,
    boneLocal: (bone) => bone.pose as BoneLocal,
    boneSetup: (bone) => bone.data.setupPose as BoneLocal,
    slotLook: (slot) => slot.pose as SlotLook,
    slotShown: (slot) => slot.appliedPose as SlotLook,
    drawOrderShown: (skeleton) => (skeleton.drawOrder as { appliedPose: Slot[] }).appliedPose,
    constraintPose: (constraint) => constraint.pose as Record<string, unknown>,
    constraintSetup: (constraint) => constraint.data.setupPose as Record<string, unknown>,
    constraintLists: ['constraints'],
    constraintsIn: (skeleton, list) => constraintsIn(skeleton, list),
    readBonePoses(skeleton, s) {
        const bones = skeleton.bones;
        const update = skeleton._update as number;
        for (let i = 0, o = 0; i < bones.length; i++, o += BONE_POSE_FLOATS) {
            const bone = bones[i];
            const l = bone.pose as BoneLocal;
            s[o] = l.x;
            s[o + 1] = l.y;
            s[o + 2] = l.rotation;
            s[o + 3] = l.scaleX;
            s[o + 4] = l.scaleY;
            s[o + 5] = l.shearX;
            s[o + 6] = l.shearY;
            s[o + 7] = l.inherit;
            const p = bone.appliedPose as BonePose43;
            s[o + 8] = p.a;
            s[o + 9] = p.b;
            s[o + 10] = p.c;
            s[o + 11] = p.d;
            s[o + 12] = p.worldX;
            s[o + 13] = p.worldY;
            s[o + 14] = p.x;
            s[o + 15] = p.y;
            s[o + 16] = p.rotation;
            s[o + 17] = p.scaleX;
            s[o + 18] = p.scaleY;
            s[o + 19] = p.shearX;
            s[o + 20] = p.shearY;
            s[o + 21] = p.inherit;
            s[o + 22] = p.world === update ? 1 : 0;
            s[o + 23] = p.local === update ? 1 : 0;
        }
    },
    writeBonePoses(skeleton, s) {
        const bones = skeleton.bones;
        const update = skeleton._update as number;
        for (let i = 0, o = 0; i < bones.length; i++, o += BONE_POSE_FLOATS) {
            const bone = bones[i];
            const l = bone.pose as BoneLocal;
            l.x = s[o];
            l.y = s[o + 1];
            l.rotation = s[o + 2];
            l.scaleX = s[o + 3];
            l.scaleY = s[o + 4];
            l.shearX = s[o + 5];
            l.shearY = s[o + 6];
            l.inherit = s[o + 7];
            const p = bone.appliedPose as BonePose43;
            p.a = s[o + 8];
            p.b = s[o + 9];
            p.c = s[o + 10];
            p.d = s[o + 11];
            p.worldX = s[o + 12];
            p.worldY = s[o + 13];
            // Unconstrained, the applied pose is the local pose (just written).
            if (p !== (l as unknown)) {
                p.x = s[o + 14];
                p.y = s[o + 15];
                p.rotation = s[o + 16];
                p.scaleX = s[o + 17];
                p.scaleY = s[o + 18];
                p.shearX = s[o + 19];
                p.shearY = s[o + 20];
                p.inherit = s[o + 21];
            }
            // A stamp older than the last update means the same whatever its value: 0 (never).
            p.world = s[o + 22] !== 0 ? update : 0;
            p.local = s[o + 23] !== 0 ? update : 0;
        }
    },
    readPhysics(constraint, s, o) {
        const c = constraint as unknown as PhysicsState;
        readPhysics(c, s, o);
        s[o + 17] = c.xLag as number;
        s[o + 18] = c.yLag as number;
        s[o + 19] = c.rotateLag as number;
        s[o + 20] = c.scaleLag as number;
    },
    writePhysics(constraint, s, o) {
        const c = constraint as unknown as PhysicsState;
        writePhysics(c, s, o);
        c.xLag = s[o + 17];
        c.yLag = s[o + 18];
        c.rotateLag = s[o + 19];
        c.scaleLag = s[o + 20];
    },
    constraintPropertyIds: [
        [16, 'constraints', null],
        [17, 'constraints', null],
        [18, 'constraints', ['position']],
        [19, 'constraints', ['spacing']],
        [20, 'constraints', ['mixRotate', 'mixX', 'mixY']],
        [30, 'constraints', ['time']],
        [31, 'constraints', ['mix']],
    ],
};

/** The state both versions' physics constraints have, read into `s` at `o` (17 floats). */
function readPhysics(c: PhysicsState, s: Float64Array, o: number): void {
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

/** Writes what `readPhysics` read. */
function writePhysics(c: PhysicsState, s: Float64Array, o: number): void {
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

/** The accessors of `skeleton`'s Spine version. */
export function versionOf(skeleton: object): SpineVersion {
    return isSpine43(skeleton) ? V43 : V42;
}

/** A bone's world transform. */
export function boneWorld(bone: Bone, v43: boolean): BoneWorld {
    return (v43 ? V43 : V42).boneWorld(bone);
}

/** A bone's local pose (what animations and the game set). */
export function boneLocal(bone: Bone, v43: boolean): BoneLocal {
    return (v43 ? V43 : V42).boneLocal(bone);
}

/** A bone's setup pose. */
export function boneSetup(bone: Bone, v43: boolean): BoneLocal {
    return (v43 ? V43 : V42).boneSetup(bone);
}

/** What animations set on a slot (attachment, colours, deform, sequence index). */
export function slotLook(slot: Slot, v43: boolean): SlotLook {
    return (v43 ? V43 : V42).slotLook(slot);
}

/** The draw order animations set, as a list of slots (edited in place). */
export function drawOrderOf(skeleton: Skeleton): Slot[] {
    const order = skeleton.drawOrder;
    return Array.isArray(order) ? order : order.pose;
}

/**
 * Whether constraints pose `skeleton`'s slots after the animations do (4.3's sliders): then what
 * animations set on a slot is not what it shows, and a sampled slot cannot stand for it.
 */
export function constraintsMoveSlots(skeleton: Skeleton): boolean {
    if (!isSpine43(skeleton)) return false;
    for (const slot of skeleton.slots) if (slot.appliedPose !== slot.pose) return true;
    const order = skeleton.drawOrder as { pose: unknown; appliedPose: unknown };
    return order.appliedPose !== order.pose;
}

/** Constraint lists, by name: 4.2's three, 4.3's one. */
export type ConstraintList = 'ikConstraints' | 'transformConstraints' | 'pathConstraints' | 'constraints';

/** The constraint lists of `skeleton`'s version. */
export function constraintListsOf(v43: boolean): readonly ConstraintList[] {
    return (v43 ? V43 : V42).constraintLists;
}

/** The constraints of one list (named loads: a keyed load by a varying name takes V8's slow path). */
export function constraintsIn(skeleton: Skeleton, list: ConstraintList): Constraint[] {
    const found =
        list === 'constraints' ? skeleton.constraints : list === 'ikConstraints' ? skeleton.ikConstraints : list === 'transformConstraints' ? skeleton.transformConstraints : skeleton.pathConstraints;
    return found ?? NO_CONSTRAINTS;
}
const NO_CONSTRAINTS: Constraint[] = [];

/** A constraint's current values (what animations and the game set). */
export function constraintPose(constraint: Constraint, v43: boolean): Record<string, unknown> {
    return (v43 ? V43 : V42).constraintPose(constraint);
}

/** A constraint's setup values. */
export function constraintSetup(constraint: Constraint, v43: boolean): Record<string, unknown> {
    return (v43 ? V43 : V42).constraintSetup(constraint);
}

/** What a constraint timeline's property id keys (see `SpineVersion.constraintPropertyIds`). */
export function constraintPropertyIds(v43: boolean): SpineVersion['constraintPropertyIds'] {
    return (v43 ? V43 : V42).constraintPropertyIds;
}

/** Whether a track entry adds its values to the pose below instead of mixing them. */
export function isAdditive(entry: TrackEntry): boolean {
    return entry.additive === true || entry.mixBlend === MIX_BLEND_ADD;
}

/** Bones, constraints and slots to the setup pose. */
export function setupPose(skeleton: Skeleton): void {
    if (typeof skeleton.setupPose === 'function') skeleton.setupPose();
    else skeleton.setToSetupPose!();
}

/** Constraints (not bones) to the setup pose: the constraint half of 4.2's `setBonesToSetupPose`, 4.3's `setupPoseBones`. */
export function setupPoseConstraints(skeleton: Skeleton): void {
    if (isSpine43(skeleton)) {
        const constraints = skeleton.constraints as unknown as { setupPose(): void }[];
        for (let i = 0; i < constraints.length; i++) constraints[i].setupPose();
        return;
    }
    setupPoseEach(skeleton.ikConstraints);
    setupPoseEach(skeleton.transformConstraints);
    setupPoseEach(skeleton.pathConstraints);
    setupPoseEach(skeleton.physicsConstraints);
}

function setupPoseEach(constraints: readonly unknown[] | undefined): void {
    if (constraints === undefined) return;
    for (let i = 0; i < constraints.length; i++) (constraints[i] as { setToSetupPose(): void }).setToSetupPose();
}

/**
 * Whether constraints pose something else than bones on `skeleton` (4.3's sliders: slots, the draw
 * order, other constraints' values): then a pose is more than its bones and slots' local values.
 */
export function constraintsMoveMoreThanBones(skeleton: Skeleton): boolean {
    if (constraintsMoveSlots(skeleton)) return true;
    if (!isSpine43(skeleton)) return false;
    for (const constraint of skeleton.constraints ?? NO_CONSTRAINTS) {
        if ((constraint as unknown as { appliedPose: unknown }).appliedPose !== constraint.pose) return true;
    }
    return false;
}

/** Slots (attachments, colours) to the setup pose. */
export function setupPoseSlots(skeleton: Skeleton): void {
    if (typeof skeleton.setupPoseSlots === 'function') skeleton.setupPoseSlots();
    else skeleton.setSlotsToSetupPose!();
}

/**
 * Applies `animation` at `time` fully (alpha 1) over the setup pose, the way a track's only
 * animation is applied: events between `lastTime` and `time` go to `events`.
 */
export function applyFromSetup(animation: Animation, skeleton: Skeleton, lastTime: number, time: number, loop: boolean, events: unknown[] | null): void {
    if (isSpine43(skeleton)) animation.apply(skeleton, lastTime, time, loop, events, 1, MIX_FROM_SETUP, false, false, false);
    else animation.apply(skeleton, lastTime, time, loop, events, 1, MIX_BLEND_SETUP, MIX_DIRECTION_IN);
}

/** Sets an Animation object on a track. */
export function setAnimationObject(state: AnimationState, trackIndex: number, animation: Animation, loop: boolean): TrackEntry {
    return typeof state.setAnimationWith === 'function' ? state.setAnimationWith(trackIndex, animation, loop) : state.setAnimation(trackIndex, animation, loop);
}

/** The skeleton's physics constraints (none: an empty list). */
export function physicsOf(skeleton: Skeleton): readonly PhysicsConstraint[] {
    return skeleton.physicsConstraints ?? skeleton.physics ?? NONE;
}
const NONE: readonly never[] = [];

/**
 * Restarts the skeleton's physics constraints from the pose they are given next (no velocity, no
 * offset), as a new skeleton's are.
 */
export function resetPhysics(skeleton: Skeleton): void {
    const constraints = physicsOf(skeleton);
    for (let i = 0; i < constraints.length; i++) constraints[i].reset(skeleton);
}

/** Name spine-core gives the empty animation used to mix a track out. */
export const EMPTY_ANIMATION = '<empty>';

/**
 * The entry of a state playing one animation plainly: on track 0 with every other track empty, no
 * mix in or out, not waiting out a delay, forward, at full alpha, not additive. Then the skeleton's
 * pose is that animation's at the entry's time over whatever it does not key, and where it can be
 * drawn is where that animation reaches. (Something may be queued after it: `entry.next`, which a
 * caller that looks ahead checks.) Otherwise null.
 */
export function plainEntry(state: { tracks: ArrayLike<TrackEntry | null> }): TrackEntry | null {
    const tracks = state.tracks;
    if (tracks.length === 0) return null;
    const entry = tracks[0];
    if (entry === null || entry.animation === null) return null;
    for (let i = 1; i < tracks.length; i++) if (tracks[i] !== null) return null;
    if (entry.mixingFrom !== null || entry.delay > 0 || entry.reverse || entry.alpha !== 1 || isAdditive(entry)) return null;
    return entry;
}

/** One scratch skeleton per SkeletonData: where poses are sampled off the instances (reach, pose cache). */
const scratches = new WeakMap<object, Skeleton>();

/** The scratch skeleton of `source`'s data (made once, of `source`'s runtime class). */
export function scratchSkeleton(source: Skeleton): Skeleton {
    let scratch = scratches.get(source.data);
    if (scratch === undefined) {
        const SkeletonClass = (source as object).constructor as new (data: object) => Skeleton;
        scratch = new SkeletonClass(source.data);
        scratches.set(source.data, scratch);
    }
    return scratch;
}

/** Puts `scratch` (see `scratchSkeleton`) in the setup pose with `skin` (world transforms not computed). */
export function setupOn(scratch: Skeleton, skin: object | null): void {
    if (scratch.skin !== skin) scratch.setSkin(skin);
    setupPose(scratch);
}

/**
 * Poses `scratch` (see `scratchSkeleton`) as a skeleton with `skin` playing `animation` alone shows
 * it at `time` over the setup pose, world transforms included (physics at rest).
 */
export function sampleOn(scratch: Skeleton, skin: object | null, animation: Animation, time: number): void {
    setupOn(scratch, skin);
    applyFromSetup(animation, scratch, time, time, false, null);
    scratch.updateWorldTransform(PHYSICS_RESET);
}

/**
 * The `before/afterUpdateWorldTransforms` callback of an instance nobody gave one: the plugin puts
 * it on every pooled object (spine-phaser's default is a new function per object), so an instance
 * whose callbacks are something else is known to have them.
 */
export function NO_CALLBACK(): void {}
