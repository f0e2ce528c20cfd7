/**
 * Whether what an animation does not key is at the setup pose on a skeleton: then its pose at time
 * t is the setup pose with the animation applied at t, the same on every such skeleton, and a
 * sampled pose can stand for it (see PoseCache). It is not after `clearTrack` (stock leaves the
 * cleared animation's pose behind for what the next one does not key) or where the game wrote a
 * bone or constraint value itself; a slot whose deform or sequence is keyed must still show the
 * attachment the animation was sampled with.
 *
 * Bone properties are read from each bone timeline's property ids (the same numbers in spine-core
 * 4.2 and 4.3: rotate 0, x 1, y 2, scaleX 3, scaleY 4, shearX 5, shearY 6, inherit 7); constraint
 * ones from the constraint timelines' ids, whose numbers differ between the versions (4.3 inserted
 * `drawOrderFolder` before them).
 */
import { isSpine43 } from './compat';
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

/** A bone's local pose: 4.2's Bone and BoneData, 4.3's BonePose. */
interface Local {
    x: number;
    y: number;
    rotation: number;
    scaleX: number;
    scaleY: number;
    shearX: number;
    shearY: number;
    inherit: number;
}
interface Bone extends Local {
    data: Local & { setupPose?: Local };
    pose?: Local;
}
interface Constraint {
    data: Record<string, unknown> & { setupPose?: Record<string, unknown> };
    pose?: Record<string, unknown>;
}
interface Skeleton {
    bones: Bone[];
    slots: { pose?: { attachment: unknown }; attachment?: unknown }[];
    constraints?: Constraint[];
    ikConstraints?: Constraint[];
    transformConstraints?: Constraint[];
    pathConstraints?: Constraint[];
}
interface Timeline {
    boneIndex?: number;
    constraintIndex?: number;
    getPropertyIds(): string[];
}

/** Constraint values a pose depends on (whichever a constraint has). */
const CONSTRAINT_FIELDS = ['mix', 'softness', 'bendDirection', 'compress', 'stretch', 'mixRotate', 'mixX', 'mixY', 'mixScaleX', 'mixScaleY', 'mixShearY', 'position', 'spacing', 'time'];

/** The constraint lists of 4.2, in the order of their property ids (ik, transform, path...). */
const LISTS_42 = ['ikConstraints', 'transformConstraints', 'pathConstraints'] as const;
type List = (typeof LISTS_42)[number] | 'constraints';

/** What a constraint timeline's property id keys: [first id, the list (4.2), the fields keyed (null: all)]. */
const CONSTRAINT_KEYS_42: [number, List, string[] | null][] = [
    [15, 'ikConstraints', null],
    [16, 'transformConstraints', null],
    [17, 'pathConstraints', ['position']],
    [18, 'pathConstraints', ['spacing']],
    [19, 'pathConstraints', ['mixRotate', 'mixX', 'mixY']],
];
const CONSTRAINT_KEYS_43: [number, List, string[] | null][] = [
    [16, 'constraints', null],
    [17, 'constraints', null],
    [18, 'constraints', ['position']],
    [19, 'constraints', ['spacing']],
    [20, 'constraints', ['mixRotate', 'mixX', 'mixY']],
    [30, 'constraints', ['time']],
    [31, 'constraints', ['mix']],
];

export class UnkeyedPose {
    /** Bones with unkeyed properties, and those properties (bits above). */
    private readonly bones: Int32Array;
    private readonly boneMasks: Uint8Array;
    /** Unkeyed constraint values: its list, index, and the fields to compare with its setup pose. */
    private readonly constraints: { list: List; index: number; fields: string[] }[] = [];
    /** Slots whose deform or sequence is keyed but not their attachment: index and the attachment sampled. */
    private readonly slots: number[] = [];
    private readonly attachments: unknown[] = [];
    private readonly v43: boolean;

    /** For `animation` on `setup`, a skeleton in its setup pose with the skin it is sampled with. */
    constructor(setup: object, animation: { timelines: unknown[] }, slotKeys: SlotKeys) {
        const skeleton = setup as Skeleton;
        this.v43 = isSpine43(skeleton);
        const keyedBones = new Uint8Array(skeleton.bones.length);
        const keyedFields = new Map<string, Set<string> | null>(); // `${list}|${index}` -> fields keyed (null: all)
        const table = this.v43 ? CONSTRAINT_KEYS_43 : CONSTRAINT_KEYS_42;
        for (const t of animation.timelines as Timeline[]) {
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
        const bones: number[] = [];
        const masks: number[] = [];
        keyedBones.forEach((keyed, index) => {
            if (keyed !== ALL_BONE) {
                bones.push(index);
                masks.push(ALL_BONE & ~keyed);
            }
        });
        this.bones = Int32Array.from(bones);
        this.boneMasks = Uint8Array.from(masks);
        for (const list of this.v43 ? (['constraints'] as const) : LISTS_42) {
            const constraints = skeleton[list] ?? [];
            constraints.forEach((constraint, index) => {
                const keyed = keyedFields.get(`${list}|${index}`);
                if (keyed === null) return;
                const [value, setupValue] = sides(constraint, this.v43);
                const fields = CONSTRAINT_FIELDS.filter((f) => !keyed?.has(f) && f in value && f in setupValue && value[f] === setupValue[f]);
                if (fields.length > 0) this.constraints.push({ list, index, fields });
            });
        }
        slotKeys.masks.forEach((mask, index) => {
            if ((mask & (KEY_DEFORM | KEY_SEQUENCE)) !== 0 && (mask & KEY_ATTACHMENT) === 0) {
                this.slots.push(index);
                this.attachments.push(attachmentOf(skeleton, index, this.v43));
            }
        });
    }

    /** Whether `skeleton` (of the same data and skin) has what the animation does not key at the setup pose. */
    isSetup(skeleton: object): boolean {
        const sk = skeleton as Skeleton;
        const bones = sk.bones;
        const v43 = this.v43;
        for (let i = 0; i < this.bones.length; i++) {
            const bone = bones[this.bones[i]];
            const mask = this.boneMasks[i];
            const p = v43 ? (bone.pose as Local) : bone;
            const s = v43 ? (bone.data.setupPose as Local) : bone.data;
            if ((mask & ROTATE) !== 0 && p.rotation !== s.rotation) return false;
            if ((mask & X) !== 0 && p.x !== s.x) return false;
            if ((mask & Y) !== 0 && p.y !== s.y) return false;
            if ((mask & SCALE_X) !== 0 && p.scaleX !== s.scaleX) return false;
            if ((mask & SCALE_Y) !== 0 && p.scaleY !== s.scaleY) return false;
            if ((mask & SHEAR_X) !== 0 && p.shearX !== s.shearX) return false;
            if ((mask & SHEAR_Y) !== 0 && p.shearY !== s.shearY) return false;
            if ((mask & INHERIT) !== 0 && p.inherit !== s.inherit) return false;
        }
        for (let i = 0; i < this.constraints.length; i++) {
            const { list, index, fields } = this.constraints[i];
            const [value, setupValue] = sides((sk[list] as Constraint[])[index], v43);
            for (let f = 0; f < fields.length; f++) if (value[fields[f]] !== setupValue[fields[f]]) return false;
        }
        for (let i = 0; i < this.slots.length; i++) if (attachmentOf(sk, this.slots[i], v43) !== this.attachments[i]) return false;
        return true;
    }
}

/** A constraint's current values and its setup values (4.2: the constraint and its data; 4.3: their poses). */
function sides(constraint: Constraint, v43: boolean): [Record<string, unknown>, Record<string, unknown>] {
    if (v43) return [constraint.pose as Record<string, unknown>, constraint.data.setupPose as Record<string, unknown>];
    return [constraint as unknown as Record<string, unknown>, constraint.data];
}

function attachmentOf(skeleton: Skeleton, index: number, v43: boolean): unknown {
    const slot = skeleton.slots[index];
    return v43 ? (slot.pose as { attachment: unknown }).attachment : slot.attachment;
}
