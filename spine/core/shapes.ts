/**
 * The spine-core shapes the plugin relies on, and spine-core's enum values: the one type family for
 * Spine's objects throughout the plugin. They are structural (no Spine package is imported at run
 * time: the plugin works with whichever runtime made the objects), read from the installed
 * runtime's typings where Spine 4.2 and 4.3 agree (`Skin`), and written so that the installed
 * runtime's own classes are these shapes (a game object's skeleton is a `Skeleton` here, no cast).
 * Where the versions differ, a shape has both versions' fields (optional where one lacks them),
 * and only the version's object (SpineVersion.ts) reads them. Also the runtime's game object as the
 * Spine layer reads it (`SpineObject`), the callback the pool gives it (`NO_CALLBACK`) and which
 * callbacks count as none (`isNoCallback`).
 */
import type { Skin } from '@esotericsoftware/spine-core';

export type { Skin };

/** `Physics.reset`: world transforms with physics constraints reset to their setup state. */
export const PHYSICS_RESET = 1;
/** `Physics.update`. */
export const PHYSICS_UPDATE = 2;
/** `Physics.pose`: world transforms with the physics constraints' current offsets, their state untouched. */
export const PHYSICS_POSE = 3;
/** 4.2's `MixBlend.setup`: timelines mix from the setup pose (no earlier pose survives). */
export const MIX_BLEND_SETUP = 0;
/** 4.2's `MixBlend.add`: an entry's values add to the pose. */
export const MIX_BLEND_ADD = 3;
/** 4.2's `MixDirection.mixIn`. */
export const MIX_DIRECTION_IN = 0;
/** 4.3's `MixFrom.setup` (its `MixFrom.current` is 0). */
export const MIX_FROM_SETUP = 1;

/** Name spine-core gives the empty animation used to mix a track out. */
export const EMPTY_ANIMATION = '<empty>';

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
    data: BoneLocal & { name: string; index: number; length: number; setupPose?: BoneLocal };
    parent: Bone | null;
    /** Whether it is active with the skeleton's skin (an inactive bone's attachments are not drawn). */
    active: boolean;
    pose?: BoneLocal;
    appliedPose?: BoneWorld;
}

/** 4.2: the local pose a bone's world transform was computed from (constraints included). */
export interface AppliedBone42 {
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
export interface BonePose43 extends BoneLocal, BoneWorld {
    world: number;
    local: number;
}

/** What a slot shows: 4.2's Slot, 4.3's `slot.pose`. */
export interface SlotLook {
    color: Color;
    darkColor: Color | null;
    attachment: unknown;
    sequenceIndex: number;
    deform: number[];
}

export interface Slot extends SlotLook {
    data: { name: string; index: number; blendMode: number; boneData: { index: number } };
    bone: Bone;
    pose?: SlotLook;
    appliedPose?: SlotLook;
}

/** A 4.2 attachment's sequence (when it has one): `apply` sets its region, offsets and UVs for a slot's sequence index. */
export interface Sequence42 {
    apply(slot: SlotLook, attachment: DrawnAttachment): void;
}

/** A 4.3 attachment's sequence (every region and mesh has one). */
export interface Sequence43 {
    regions: ({ texture: unknown } | null)[];
    resolveIndex(pose: SlotLook): number;
    getUVs(index: number): ArrayLike<number>;
}

/** What drawing reads of an attachment (spine-core's RegionAttachment and MeshAttachment, by shape). */
export interface DrawnAttachment {
    /** 4.2: a sequence when it has one; 4.3: always one. */
    sequence?: unknown;
    color: { r: number; g: number; b: number; a: number };
    /** 4.2 (4.3: its sequence's). */
    uvs: ArrayLike<number>;
    region: { texture: unknown } | null;
    /** Mesh: triangles. */
    triangles?: ArrayLike<number>;
    worldVerticesLength?: number;
    /** 4.2 region: its 8 offsets. */
    offset?: ArrayLike<number>;
    /** 4.3 region: its offsets for a slot's pose. */
    getOffsets?(pose: SlotLook): ArrayLike<number>;
    /** Clipping: the slot it ends at. */
    endSlot?: unknown;
    computeWorldVertices(...args: unknown[]): void;
}

/** Where an attachment's region is found for a slot (`SpineVersion.regionOf`): its UVs and texture. */
export interface Region {
    uvs: ArrayLike<number>;
    texture: unknown;
}

/** A constraint's values, every kind's fields (4.2: the constraint itself and its data; 4.3: `pose`, `data.setupPose`). */
export interface ConstraintValues {
    mix?: number;
    softness?: number;
    bendDirection?: number;
    compress?: boolean;
    stretch?: boolean;
    mixRotate?: number;
    mixX?: number;
    mixY?: number;
    mixScaleX?: number;
    mixScaleY?: number;
    mixShearY?: number;
    position?: number;
    spacing?: number;
    time?: number;
}

/** A constraint: 4.2's IK, transform or path constraint, 4.3's any constraint. */
export interface Constraint extends ConstraintValues {
    data: ConstraintValues & { setupPose?: ConstraintValues };
    pose?: ConstraintValues;
    /** 4.3: the values constraints posed it with (a slider's copy when one constrains it). */
    appliedPose?: ConstraintValues;
    /** 4.3: back to its setup values (4.2: `setToSetupPose`). */
    setupPose?(): void;
    setToSetupPose?(): void;
}

/** A physics constraint's state (what moves between updates): 4.3 adds the lags. */
export interface PhysicsState {
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

/** A physics constraint: restarted by `reset`, its setup values by `setToSetupPose` (4.2) or `setupPose` (4.3). */
export interface PhysicsConstraint extends PhysicsState {
    reset(skeleton?: unknown): void;
    setToSetupPose?(): void;
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
    skins: Skin[];
    defaultSkin: Skin | null;
    animations: Animation[];
    findSkin(name: string): Skin | null;
    findAnimation(name: string): Animation | null;
}

export interface Skeleton {
    data: SkeletonData;
    /** 4.3: counts world transform updates (bone poses are stamped with it). */
    _update?: number;
    skin: Skin | null;
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
    setSkin(skin: Skin | null): void;
    update(delta: number): void;
    updateWorldTransform(physics: number): void;
    getBoundsRect(): { x: number; y: number; width: number; height: number };
    getBounds(offset: { set(x: number, y: number): unknown }, size: { set(x: number, y: number): unknown }, temp?: number[]): void;
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
    clearTracks(): void;
}

/** A spine-ts runtime's skeleton object: a skeleton, its animation state and one update step. */
export interface SpineObject {
    skeleton: Skeleton;
    animationState: AnimationState;
    /** One stock update of `ms`: the state's update and apply, world transforms (spine-phaser's `updatePose`). */
    updatePose(ms: number): void;
    beforeUpdateWorldTransforms(object: unknown): void;
    afterUpdateWorldTransforms(object: unknown): void;
    /** spine-phaser-v4: carries the object's movement to physics constraints, as `updatePose` does first. */
    skeletonPhysics?: { applyTransformMovement(): void };
}

/**
 * The `before/afterUpdateWorldTransforms` callback of an instance nobody gave one: the plugin puts
 * it on every pooled object (spine-phaser's default is a new function per object), so an instance
 * whose callbacks are something else is known to have them (unless they do nothing: `isNoCallback`).
 */
export function NO_CALLBACK(): void {}

/**
 * Whether `fn`, an instance's `before/afterUpdateWorldTransforms`, does nothing: the pool's own
 * (`NO_CALLBACK`), or a function whose body is empty, which is how a game clears a callback it set
 * (`go.afterUpdateWorldTransforms = () => {}`; also `function () {}`, a method `noop() {}`,
 * comments and plain parameters allowed; a source of at most 256 characters). Anything else counts
 * as a callback, even one that does nothing in another way. A function's source is read once
 * (`emptyBodies`); the pool's is compared.
 */
export function isNoCallback(fn: unknown): boolean {
    if (fn === NO_CALLBACK) return true;
    if (typeof fn !== 'function') return false;
    let empty = emptyBodies.get(fn);
    if (empty === undefined) {
        const source = Function.prototype.toString.call(fn);
        empty = source.length <= 256 && EMPTY_FUNCTION.test(source);
        emptyBodies.set(fn, empty);
    }
    return empty;
}

/** Whether each function seen by `isNoCallback` has an empty body. */
const emptyBodies = new WeakMap<object, boolean>();

/** Spaces and comments. */
const GAP = String.raw`(?:\s|/\*[\s\S]*?\*/|//[^\n]*(?:\n|$))*`;
/** A parameter list of plain names (a default value could run code when the callback is called). */
const PARAMS = String.raw`\(${GAP}(?:[\w$]+${GAP}(?:,${GAP}[\w$]+${GAP})*(?:,${GAP})?)?\)`;
/** The source of a function with an empty body: an arrow, a function expression or declaration, a method. */
const EMPTY_FUNCTION = new RegExp(
    String.raw`^(?:(?:${PARAMS}|[\w$]+)${GAP}=>|function\b(?:${GAP}[\w$]+)?${GAP}${PARAMS}|[\w$]+${GAP}${PARAMS})${GAP}\{${GAP}\}$`,
);
