/**
 * Spine 4.3's object of the version API (spine-phaser-v3 on Phaser 3, spine-phaser-v4 on Phaser 4):
 * bones, slots, constraints and the draw order keep their values in pose objects (`pose`, what
 * animations and the game set; `appliedPose`, what constraints made of it), stamped with the
 * skeleton's update count; tracks say additive with a flag (see SpineVersion.ts).
 */
import {
    MIX_FROM_SETUP,
    type BoneLocal,
    type BonePose43,
    type BoneWorld,
    type ConstraintValues,
    type DrawnAttachment,
    type Sequence43,
    type Skeleton,
    type Slot,
    type SlotLook,
} from './shapes';
import { BONE_POSE_FLOATS, constraintsIn, NO_CONSTRAINTS, readPhysicsState, writePhysicsState, type SpineVersion } from './SpineVersion';

const NO_PHYSICS: readonly never[] = [];

/** Whether constraints pose `skeleton`'s slots or its draw order (sliders): their applied pose is then their own copy. */
function constraintsMoveSlots(skeleton: Skeleton): boolean {
    const slots = skeleton.slots;
    for (let i = 0; i < slots.length; i++) if (slots[i].appliedPose !== slots[i].pose) return true;
    const order = skeleton.drawOrder as { pose: unknown; appliedPose: unknown };
    return order.appliedPose !== order.pose;
}

export const SPINE_43: SpineVersion = {
    v43: true,
    boneWorld: (bone) => bone.appliedPose as BoneWorld,
    boneLocal: (bone) => bone.pose as BoneLocal,
    boneSetup: (bone) => bone.data.setupPose as BoneLocal,
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
            if (p !== l) {
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
    countUpdate(skeleton) {
        (skeleton._update as number)++;
    },
    slotLook: (slot) => slot.pose as SlotLook,
    slotShown: (slot) => slot.appliedPose as SlotLook,
    drawOrder: (skeleton) => (skeleton.drawOrder as { pose: Slot[] }).pose,
    drawOrderShown: (skeleton) => (skeleton.drawOrder as { appliedPose: Slot[] }).appliedPose,
    constraintLists: ['constraints'],
    constraintsIn: (skeleton, list) => constraintsIn(skeleton, list),
    constraintPose: (constraint) => constraint.pose as ConstraintValues,
    constraintSetup: (constraint) => constraint.data.setupPose as ConstraintValues,
    constraintPropertyIds: [
        [16, 'constraints', null],
        [17, 'constraints', null],
        [18, 'constraints', ['position']],
        [19, 'constraints', ['spacing']],
        [20, 'constraints', ['mixRotate', 'mixX', 'mixY']],
        [30, 'constraints', ['time']],
        [31, 'constraints', ['mix']],
    ],
    constraintsMoveSlots,
    constraintsMoveMoreThanBones(skeleton) {
        if (constraintsMoveSlots(skeleton)) return true;
        const constraints = skeleton.constraints ?? NO_CONSTRAINTS;
        for (let i = 0; i < constraints.length; i++) if (constraints[i].appliedPose !== constraints[i].pose) return true;
        return false;
    },
    physicsOf: (skeleton) => skeleton.physics ?? NO_PHYSICS,
    resetPhysics(skeleton) {
        const constraints = skeleton.physics ?? NO_PHYSICS;
        for (let i = 0; i < constraints.length; i++) constraints[i].reset(skeleton);
    },
    readPhysics(c, s, o) {
        readPhysicsState(c, s, o);
        s[o + 17] = c.xLag as number;
        s[o + 18] = c.yLag as number;
        s[o + 19] = c.rotateLag as number;
        s[o + 20] = c.scaleLag as number;
    },
    writePhysics(c, s, o) {
        writePhysicsState(c, s, o);
        c.xLag = s[o + 17];
        c.yLag = s[o + 18];
        c.rotateLag = s[o + 19];
        c.scaleLag = s[o + 20];
    },
    setupPose: (skeleton) => skeleton.setupPose!(),
    setupPoseSlots: (skeleton) => skeleton.setupPoseSlots!(),
    setupPoseConstraints(skeleton) {
        const constraints = skeleton.constraints ?? NO_CONSTRAINTS;
        for (let i = 0; i < constraints.length; i++) constraints[i].setupPose!();
    },
    applyFromSetup: (animation, skeleton, lastTime, time, loop, events) =>
        animation.apply(skeleton, lastTime, time, loop, events, 1, MIX_FROM_SETUP, false, false, false),
    setAnimation: (state, trackIndex, animation, loop) => state.setAnimation(trackIndex, animation, loop),
    isAdditive: (entry) => entry.additive === true,
    mixOf: (entry) => entry.mix!(),
    eventsReversed: (state, entry, animationLast, animationTime) => state.eventsReverse!(entry, animationLast, animationTime),
    drawnFloats(attachment) {
        if (attachment === null || typeof attachment !== 'object') return 0;
        const a = attachment as DrawnAttachment;
        if (a.triangles !== undefined && a.worldVerticesLength !== undefined) return a.worldVerticesLength;
        return typeof a.getOffsets === 'function' ? 8 : 0;
    },
    switchesRegion: (attachment) => (attachment.sequence as Sequence43).regions.length > 1,
    regionOf(attachment, shown, out) {
        const sequence = attachment.sequence as Sequence43;
        const index = sequence.resolveIndex(shown);
        out.uvs = sequence.getUVs(index);
        out.texture = sequence.regions[index]?.texture ?? null;
    },
    worldVertices(skeleton, slot, a, floats, out, at) {
        if (a.triangles !== undefined) a.computeWorldVertices(skeleton, slot, 0, floats, out, at, 2);
        else a.computeWorldVertices(slot, (a.getOffsets as (pose: SlotLook) => ArrayLike<number>)(slot.appliedPose as SlotLook), out, at, 2);
    },
};
