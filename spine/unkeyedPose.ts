/**
 * Whether what an animation does not key is at the setup pose on a skeleton: then its pose at time
 * t is the setup pose with the animation applied at t, the same on every such skeleton, and a
 * sampled pose can stand for it (see PoseCache). It is not after `clearTrack` (stock leaves the
 * cleared animation's pose behind for what the next one does not key) or where the game wrote a
 * bone or constraint value itself; a slot whose deform or sequence is keyed must still show the
 * attachment the animation was sampled with.
 *
 * What a timeline keys is read from its property ids (see core/SpineVersion.ts for their numbers).
 */
import type { Animation, Bone, ConstraintValues, Skeleton } from './core/shapes';
import type { ConstraintList, SpineVersion } from './core/SpineVersion';
import { KEY_ATTACHMENT, KEY_DEFORM, KEY_SEQUENCE, type SlotKeys } from './slotKeys';

const BONE_PROPERTIES = 8;
const ALL_BONE = (1 << BONE_PROPERTIES) - 1;
const ROTATE = 1;
const X = 2;
const Y = 4;
const SCALE_X = 8;
const SCALE_Y = 16;
const SHEAR_X = 32;
const SHEAR_Y = 64;
const INHERIT = 128;

/** Constraint kinds, by the fields their poses have. */
const IK = 0;
const TRANSFORM = 1;
const PATH = 2;
const SLIDER = 3;
/** Each kind's fields, in the order of its mask bits. */
const KIND_FIELDS: (keyof ConstraintValues)[][] = [
    ['mix', 'softness', 'bendDirection', 'compress', 'stretch'],
    ['mixRotate', 'mixX', 'mixY', 'mixScaleX', 'mixScaleY', 'mixShearY'],
    ['position', 'spacing', 'mixRotate', 'mixX', 'mixY'],
    ['time', 'mix'],
];

/**
 * What a skeleton just put in its setup pose (a pooled instance's reset: spine/bonesWhenRead.ts)
 * was found at: the unkeyed pose of every clip of its skin, so none is checked until an apply.
 */
export const AT_SETUP: object = Object.freeze({});

export class UnkeyedPose {
    /** Each bone's unkeyed properties (bits above) and setup values (8 a bone). */
    private readonly boneMasks: Uint8Array;
    private readonly boneSetup: Float64Array;
    /** Constraints with unkeyed values: their list (4.2 has three), index, kind and unkeyed fields (bits of `KIND_FIELDS`). */
    private readonly constraintLists: ConstraintList[] = [];
    private readonly constraintIndices: number[] = [];
    private readonly constraintKinds: number[] = [];
    private readonly constraintMasks: number[] = [];
    /** Slots whose deform or sequence is keyed but not their attachment: index and the attachment sampled. */
    private readonly slots: number[] = [];
    private readonly attachments: unknown[] = [];
    /** The accessors of the skeletons' Spine version. */
    private readonly v: SpineVersion;

    /** For `animation` on `skeleton`, one of Spine `version` in its setup pose with the skin it is sampled with. */
    constructor(skeleton: Skeleton, version: SpineVersion, animation: Animation, slotKeys: SlotKeys) {
        const v = (this.v = version);
        const keyedBones = new Uint8Array(skeleton.bones.length);
        const keyedFields = new Map<string, Set<keyof ConstraintValues> | null>(); // `${list}|${index}` -> fields keyed (null: all)
        const table = v.constraintPropertyIds;
        for (const t of animation.timelines) {
            if (typeof t.boneIndex === 'number') {
                for (const id of t.getPropertyIds()) {
                    const property = parseInt(id, 10);
                    if (property < BONE_PROPERTIES) keyedBones[t.boneIndex] |= 1 << property;
                }
            } else if (typeof t.constraintIndex === 'number') {
                for (const id of t.getPropertyIds()) {
                    const row = table.find(([first]) => first === parseInt(id, 10));
                    const key = `${row ? row[1] : '?'}|${t.constraintIndex}`;
                    const fields = row ? row[2] : null;
                    const known = keyedFields.get(key);
                    if (fields === null || known === null) keyedFields.set(key, null);
                    else keyedFields.set(key, new Set([...(known ?? []), ...fields]));
                }
            }
        }
        this.boneMasks = new Uint8Array(skeleton.bones.length);
        this.boneSetup = new Float64Array(skeleton.bones.length * BONE_PROPERTIES);
        skeleton.bones.forEach((bone, index) => {
            const s = v.boneSetup(bone);
            this.boneSetup.set([s.rotation, s.x, s.y, s.scaleX, s.scaleY, s.shearX, s.shearY, s.inherit], index * BONE_PROPERTIES);
            this.boneMasks[index] = ALL_BONE & ~keyedBones[index];
        });
        for (const list of v.constraintLists) {
            v.constraintsIn(skeleton, list).forEach((constraint, index) => {
                const keyed = keyedFields.get(`${list}|${index}`);
                if (keyed === null) return;
                const value = v.constraintPose(constraint);
                const kind = 'bendDirection' in value ? IK : 'mixScaleX' in value ? TRANSFORM : 'spacing' in value ? PATH : 'time' in value ? SLIDER : -1;
                if (kind < 0) return; // physics: never cached
                let mask = 0;
                KIND_FIELDS[kind].forEach((field, bit) => {
                    if (!keyed?.has(field)) mask |= 1 << bit;
                });
                if (mask === 0) return;
                this.constraintLists.push(list);
                this.constraintIndices.push(index);
                this.constraintKinds.push(kind);
                this.constraintMasks.push(mask);
            });
        }
        slotKeys.masks.forEach((mask, index) => {
            if ((mask & (KEY_DEFORM | KEY_SEQUENCE)) !== 0 && (mask & KEY_ATTACHMENT) === 0) {
                this.slots.push(index);
                this.attachments.push(v.slotLook(skeleton.slots[index]).attachment);
            }
        });
    }

    /**
     * Whether bone `index` of `skeleton` has what the animation does not key at the setup pose
     * (called by the pose copy as it goes through the bones, so each bone is read once).
     */
    boneAtSetup(bone: Bone, index: number): boolean {
        const mask = this.boneMasks[index];
        if (mask === 0) return true;
        const p = this.v.boneLocal(bone);
        const setup = this.boneSetup;
        const o = index * BONE_PROPERTIES;
        return !(
            ((mask & ROTATE) !== 0 && p.rotation !== setup[o]) ||
            ((mask & X) !== 0 && p.x !== setup[o + 1]) ||
            ((mask & Y) !== 0 && p.y !== setup[o + 2]) ||
            ((mask & SCALE_X) !== 0 && p.scaleX !== setup[o + 3]) ||
            ((mask & SCALE_Y) !== 0 && p.scaleY !== setup[o + 4]) ||
            ((mask & SHEAR_X) !== 0 && p.shearX !== setup[o + 5]) ||
            ((mask & SHEAR_Y) !== 0 && p.shearY !== setup[o + 6]) ||
            ((mask & INHERIT) !== 0 && p.inherit !== setup[o + 7])
        );
    }

    /** Whether `skeleton`'s constraints and slots have what the animation does not key at the setup pose (the bones: `boneAtSetup`). */
    restAtSetup(skeleton: Skeleton): boolean {
        const v = this.v;
        for (let i = 0; i < this.constraintKinds.length; i++) {
            const constraint = v.constraintsIn(skeleton, this.constraintLists[i])[this.constraintIndices[i]];
            const value = v.constraintPose(constraint);
            const setup = v.constraintSetup(constraint);
            if (!sameConstraint(this.constraintKinds[i], this.constraintMasks[i], value, setup)) return false;
        }
        for (let i = 0; i < this.slots.length; i++) if (v.slotLook(skeleton.slots[this.slots[i]]).attachment !== this.attachments[i]) return false;
        return true;
    }
}

/** Whether the fields of `mask` (bits of `KIND_FIELDS[kind]`) of a constraint pose are the setup pose's. */
function sameConstraint(kind: number, mask: number, p: ConstraintValues, s: ConstraintValues): boolean {
    switch (kind) {
        case IK:
            return !(
                (mask & 1 && p.mix !== s.mix) ||
                (mask & 2 && p.softness !== s.softness) ||
                (mask & 4 && p.bendDirection !== s.bendDirection) ||
                (mask & 8 && p.compress !== s.compress) ||
                (mask & 16 && p.stretch !== s.stretch)
            );
        case TRANSFORM:
            return !(
                (mask & 1 && p.mixRotate !== s.mixRotate) ||
                (mask & 2 && p.mixX !== s.mixX) ||
                (mask & 4 && p.mixY !== s.mixY) ||
                (mask & 8 && p.mixScaleX !== s.mixScaleX) ||
                (mask & 16 && p.mixScaleY !== s.mixScaleY) ||
                (mask & 32 && p.mixShearY !== s.mixShearY)
            );
        case PATH:
            return !(
                (mask & 1 && p.position !== s.position) ||
                (mask & 2 && p.spacing !== s.spacing) ||
                (mask & 4 && p.mixRotate !== s.mixRotate) ||
                (mask & 8 && p.mixX !== s.mixX) ||
                (mask & 16 && p.mixY !== s.mixY)
            );
        default:
            return !((mask & 1 && p.time !== s.time) || (mask & 2 && p.mix !== s.mix));
    }
}
