/**
 * Spine 4.2's object of the version API (spine-phaser on Phaser 3): its bones, slots and
 * constraints are their own poses, its tracks mix by `MixBlend` (see SpineVersion.ts).
 */
import {
    MIX_BLEND_ADD,
    MIX_BLEND_SETUP,
    MIX_DIRECTION_IN,
    type AppliedBone42,
    type Bone,
    type DrawnAttachment,
    type Sequence42,
    type Skeleton,
    type Slot,
} from './shapes';
import { BONE_POSE_FLOATS, constraintsIn, readPhysicsState, writePhysicsState, type SpineVersion } from './SpineVersion';

const NO_PHYSICS: readonly never[] = [];

function setupPoseEach(constraints: readonly { setToSetupPose?(): void }[] | undefined): void {
    if (constraints === undefined) return;
    for (let i = 0; i < constraints.length; i++) constraints[i].setToSetupPose!();
}

export const SPINE_42: SpineVersion = {
    v43: false,
    boneWorld: (bone) => bone,
    boneLocal: (bone) => bone,
    boneSetup: (bone) => bone.data,
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
    countUpdate() {},
    slotLook: (slot) => slot,
    slotShown: (slot) => slot,
    drawOrder: (skeleton) => skeleton.drawOrder as Slot[],
    drawOrderShown: (skeleton) => skeleton.drawOrder as Slot[],
    constraintLists: ['ikConstraints', 'transformConstraints', 'pathConstraints'],
    constraintsIn: (skeleton, list) => constraintsIn(skeleton, list),
    constraintPose: (constraint) => constraint,
    constraintSetup: (constraint) => constraint.data,
    constraintPropertyIds: [
        [15, 'ikConstraints', null],
        [16, 'transformConstraints', null],
        [17, 'pathConstraints', ['position']],
        [18, 'pathConstraints', ['spacing']],
        [19, 'pathConstraints', ['mixRotate', 'mixX', 'mixY']],
    ],
    constraintsMoveSlots: () => false,
    constraintsMoveMoreThanBones: () => false,
    physicsOf: (skeleton) => skeleton.physicsConstraints ?? NO_PHYSICS,
    resetPhysics(skeleton) {
        const constraints = skeleton.physicsConstraints ?? NO_PHYSICS;
        for (let i = 0; i < constraints.length; i++) constraints[i].reset(skeleton);
    },
    readPhysics: (constraint, s, o) => readPhysicsState(constraint, s, o),
    writePhysics: (constraint, s, o) => writePhysicsState(constraint, s, o),
    setupPose: (skeleton: Skeleton) => skeleton.setToSetupPose!(),
    setupPoseSlots: (skeleton: Skeleton) => skeleton.setSlotsToSetupPose!(),
    setupPoseConstraints(skeleton) {
        setupPoseEach(skeleton.ikConstraints);
        setupPoseEach(skeleton.transformConstraints);
        setupPoseEach(skeleton.pathConstraints);
        setupPoseEach(skeleton.physicsConstraints);
    },
    applyFromSetup: (animation, skeleton, lastTime, time, loop, events) =>
        animation.apply(skeleton, lastTime, time, loop, events, 1, MIX_BLEND_SETUP, MIX_DIRECTION_IN),
    setAnimation: (state, trackIndex, animation, loop) => state.setAnimationWith!(trackIndex, animation, loop),
    isAdditive: (entry) => entry.mixBlend === MIX_BLEND_ADD,
    mixOf: (entry) => (entry.mixDuration === 0 ? 1 : Math.min(1, entry.mixTime / entry.mixDuration)),
    eventsReversed() {},
    drawnFloats(attachment) {
        if (attachment === null || typeof attachment !== 'object') return 0;
        const a = attachment as DrawnAttachment;
        if (a.triangles !== undefined && a.worldVerticesLength !== undefined) return a.worldVerticesLength;
        return a.offset !== undefined && a.offset.length === 8 ? 8 : 0;
    },
    switchesRegion: (attachment) => Boolean(attachment.sequence),
    regionOf(attachment, shown, out) {
        // A sequence's region and UVs are its attachment's, set for the slot's frame (shared by every slot showing it).
        if (attachment.sequence) (attachment.sequence as Sequence42).apply(shown, attachment);
        out.uvs = attachment.uvs;
        out.texture = attachment.region === null ? null : attachment.region.texture;
    },
    worldVertices(_skeleton, slot, a, floats, out, at) {
        if (a.triangles !== undefined) a.computeWorldVertices(slot, 0, floats, out, at, 2);
        else a.computeWorldVertices(slot, out, at, 2);
    },
};
