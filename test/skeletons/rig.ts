/**
 * The skeleton's bones and constraints for each detail level, authored in world coordinates of the
 * setup pose (y up, root at the feet, facing +x) and converted to Spine's parent-local form on export.
 * Authoring in world space keeps proportions readable and lets attachments and mesh weights be
 * placed with the same numbers.
 */
import type { Rng } from './random';

export type Detail = 'tiny' | 'crowd' | 'hero';
export type Side = 'B' | 'F';
/** Back side first: it is drawn first, behind the body. */
export const SIDES: readonly Side[] = ['B', 'F'];

export interface Vec {
    x: number;
    y: number;
}

export interface BoneDef {
    name: string;
    parent: string | null;
    /** World position, rotation (degrees) and length at the setup pose. */
    x: number;
    y: number;
    rotation: number;
    length: number;
    /** Feet keep their world rotation so they stay flat while the IK bends the legs. */
    inherit?: 'noRotationOrReflection';
}

export interface IkDef {
    name: string;
    order: number;
    bones: string[];
    target: string;
    bendPositive: boolean;
}

export interface TransformDef {
    name: string;
    order: number;
    bone: string;
    target: string;
    mixRotate: number;
}

/** What a detail level contains; everything else (motion, parts) adapts to these switches. */
export interface Features {
    height: number;
    spineSegments: number;
    neck: boolean;
    /** Eyes and mouth as their own bones and slots, so expressions swap attachments. */
    face: boolean;
    headgearBone: boolean;
    hairSegments: number;
    capeChains: 0 | 1 | 2;
    capeSegments: number;
    /** Upper and lower limb bones with hands and feet; otherwise one bone per limb. */
    jointed: boolean;
    clavicles: boolean;
    fingers: boolean;
    toes: boolean;
    pauldrons: boolean;
    tunic: boolean;
    belly: boolean;
    weaponBone: boolean;
    legIk: boolean;
    armIk: 'none' | 'aim' | 'two-bone';
    meshes: { cape: boolean; hair: boolean; torso: boolean };
}

export const FEATURES: Record<Detail, Features> = {
    tiny: {
        height: 100, spineSegments: 1, neck: false, face: false, headgearBone: false, hairSegments: 0,
        capeChains: 0, capeSegments: 0, jointed: false, clavicles: false, fingers: false, toes: false,
        pauldrons: false, tunic: false, belly: false, weaponBone: false, legIk: false, armIk: 'aim',
        meshes: { cape: false, hair: false, torso: false },
    },
    crowd: {
        height: 140, spineSegments: 2, neck: true, face: false, headgearBone: false, hairSegments: 0,
        capeChains: 1, capeSegments: 3, jointed: true, clavicles: false, fingers: false, toes: false,
        pauldrons: false, tunic: false, belly: false, weaponBone: false, legIk: true, armIk: 'none',
        meshes: { cape: true, hair: false, torso: false },
    },
    hero: {
        height: 180, spineSegments: 4, neck: true, face: true, headgearBone: true, hairSegments: 6,
        capeChains: 2, capeSegments: 4, jointed: true, clavicles: true, fingers: true, toes: true,
        pauldrons: true, tunic: true, belly: true, weaponBone: true, legIk: true, armIk: 'two-bone',
        meshes: { cape: true, hair: true, torso: true },
    },
};

/** Body measurements in pixels; `p` is 1% of the character height. */
export interface Body {
    p: number;
    hipY: number;
    ankleY: number;
    neckBase: number;
    shoulderY: number;
    thigh: number;
    shin: number;
    footLen: number;
    upperArm: number;
    foreArm: number;
    hand: number;
    head: Vec;
    headR: number;
    chestDepth: number;
    hairLen: number;
    capeLen: number;
    weaponLen: number;
    armX: Record<Side, number>;
    legX: Record<Side, number>;
}

export interface Rig {
    detail: Detail;
    features: Features;
    body: Body;
    bones: BoneDef[];
    ik: IkDef[];
    transforms: TransformDef[];
    spine: string[];
    hair: string[];
    /** One or two bone chains (inner edge, outer edge). */
    cape: string[][];
    has(name: string): boolean;
    bone(name: string): BoneDef;
    index(name: string): number;
}

/** World angle of a held weapon at rest: blade forward and a little down. */
export const WEAPON_ANGLE = -25;

export const dir = (degrees: number): Vec => {
    const r = (degrees * Math.PI) / 180;
    return { x: Math.cos(r), y: Math.sin(r) };
};
export const add = (a: Vec, b: Vec, s = 1): Vec => ({ x: a.x + b.x * s, y: a.y + b.y * s });
export const angleOf = (from: Vec, to: Vec): number => (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
export const distance = (a: Vec, b: Vec): number => Math.hypot(b.x - a.x, b.y - a.y);

/** Rotates `v` by `degrees` counter-clockwise (y up). */
export function rotate(v: Vec, degrees: number): Vec {
    const r = (degrees * Math.PI) / 180;
    const c = Math.cos(r);
    const s = Math.sin(r);
    return { x: v.x * c - v.y * s, y: v.x * s + v.y * c };
}

/** A world point and angle expressed in a bone's local frame at the setup pose. */
export function toBoneSpace(bone: BoneDef, point: Vec, angle = 0): { x: number; y: number; rotation: number } {
    const local = rotate({ x: point.x - bone.x, y: point.y - bone.y }, -bone.rotation);
    return { x: local.x, y: local.y, rotation: angle - bone.rotation };
}

/** The bone's own transform relative to its parent, as Spine stores it. */
export function localTransform(rig: Rig, bone: BoneDef): { x: number; y: number; rotation: number } {
    if (!bone.parent) return { x: bone.x, y: bone.y, rotation: bone.rotation };
    const local = toBoneSpace(rig.bone(bone.parent), bone, bone.rotation);
    // Bones that ignore the parent's rotation store their world rotation.
    return bone.inherit ? { ...local, rotation: bone.rotation } : local;
}

/** The point at `l1` from `a` and `l2` from `b`, left of a→b when `side` is 1 (the knee for legs). */
function joint(a: Vec, b: Vec, l1: number, l2: number, side: 1 | -1): Vec {
    const d = distance(a, b);
    const along = (l1 * l1 - l2 * l2 + d * d) / (2 * d);
    const h = Math.sqrt(Math.max(0, l1 * l1 - along * along));
    const ux = (b.x - a.x) / d;
    const uy = (b.y - a.y) / d;
    return { x: a.x + ux * along - uy * h * side, y: a.y + uy * along + ux * h * side };
}

function measure(height: number, rng: Rng): Body {
    const p = height / 100;
    // Small per-seed variation; limb lengths stay fixed so walk cycles keep their reach.
    const vary = (v: number, amount = 0.04): number => v * (1 + rng.range(-amount, amount));
    return {
        p,
        hipY: 50 * p,
        ankleY: 4.5 * p,
        neckBase: 77 * p,
        shoulderY: 74.5 * p,
        thigh: 23 * p,
        shin: 22.8 * p,
        footLen: 8 * p,
        upperArm: 15 * p,
        foreArm: 13 * p,
        hand: 5 * p,
        head: { x: 2 * p, y: 89.5 * p },
        headR: vary(9.5 * p),
        chestDepth: vary(18 * p),
        hairLen: vary(24 * p, 0.08),
        capeLen: vary(44 * p, 0.05),
        weaponLen: 36 * p,
        armX: { B: -1.2 * p, F: 1.2 * p },
        legX: { B: -1.6 * p, F: 1.6 * p },
    };
}

/** Builds the rig of a size class, with `overrides` of its features (e.g. longer hair and cape chains). */
export function buildRig(detail: Detail, rng: Rng, overrides?: Partial<Features>): Rig {
    const f = overrides ? { ...FEATURES[detail], ...overrides } : FEATURES[detail];
    const b = measure(f.height, rng);
    const p = b.p;
    const bones: BoneDef[] = [];
    const byName = new Map<string, BoneDef>();
    const ik: IkDef[] = [];
    const transforms: TransformDef[] = [];

    const bone = (
        name: string,
        parent: string | null,
        at: Vec,
        rotation: number,
        length = 0,
        inherit?: BoneDef['inherit'],
    ): BoneDef => {
        if (parent && !byName.has(parent)) throw new Error(`bone ${name}: parent ${parent} must come first`);
        const def: BoneDef = { name, parent, x: at.x, y: at.y, rotation, length, ...(inherit ? { inherit } : {}) };
        bones.push(def);
        byName.set(name, def);
        return def;
    };
    /** Bones laid end to end along the given world angles. */
    const chain = (prefix: string, parent: string, start: Vec, angles: number[], total: number): string[] => {
        const names: string[] = [];
        let at = start;
        let prev = parent;
        const segment = total / angles.length;
        angles.forEach((angle, i) => {
            const name = `${prefix}${i + 1}`;
            bone(name, prev, at, angle, segment);
            at = add(at, dir(angle), segment);
            names.push(name);
            prev = name;
        });
        return names;
    };
    const spread = (count: number, from: number, to: number): number[] =>
        Array.from({ length: count }, (_, i) => from + ((to - from) * i) / Math.max(1, count - 1));

    bone('root', null, { x: 0, y: 0 }, 0);
    bone('shadow', 'root', { x: 0, y: 0 }, 0);
    bone('hip', 'root', { x: 0, y: b.hipY }, 0);

    const spineNames = f.spineSegments === 1 ? ['chest'] : [...spread(f.spineSegments - 1, 1, f.spineSegments - 1).map((i) => `spine${i}`), 'chest'];
    const segment = (b.neckBase - b.hipY) / f.spineSegments;
    spineNames.forEach((name, i) => bone(name, i === 0 ? 'hip' : spineNames[i - 1]!, { x: 0, y: b.hipY + i * segment }, 90, segment));

    let headBase: Vec = { x: 0.5 * p, y: b.neckBase };
    if (f.neck) headBase = add(bone('neck', 'chest', { x: 0.3 * p, y: b.neckBase }, 78, 5 * p), dir(78), 5 * p);
    bone('head', f.neck ? 'neck' : 'chest', headBase, 90, 17 * p);
    const r = b.headR;
    if (f.headgearBone) bone('headgear', 'head', { x: b.head.x - 0.3 * r, y: b.head.y + 0.7 * r }, 90, 0.6 * r);
    if (f.face) {
        bone('eye_B', 'head', { x: b.head.x + 0.3 * r, y: b.head.y + 0.1 * r }, 0);
        bone('eye_F', 'head', { x: b.head.x + 0.74 * r, y: b.head.y + 0.07 * r }, 0);
        bone('mouth', 'head', { x: b.head.x + 0.62 * r, y: b.head.y - 0.47 * r }, 0);
    }
    const hair = f.hairSegments
        ? chain('hair', 'head', { x: b.head.x - 0.78 * r, y: b.head.y + 0.15 * r }, spread(f.hairSegments, -118, -96), b.hairLen)
        : [];

    for (const s of SIDES) {
        const shoulder = { x: b.armX[s], y: b.shoulderY };
        if (!f.jointed) {
            const arm = bone(`arm_${s}`, 'chest', shoulder, -92, b.upperArm + b.foreArm + 0.5 * b.hand);
            if (f.armIk === 'aim' && s === 'F') {
                bone('arm_target_F', 'chest', add(arm, dir(arm.rotation), arm.length), 0);
                ik.push({ name: 'aim_ik_F', order: ik.length, bones: ['arm_F'], target: 'arm_target_F', bendPositive: true });
            }
            continue;
        }
        let armParent = 'chest';
        if (f.clavicles) {
            bone(`clavicle_${s}`, 'chest', { x: shoulder.x, y: b.neckBase - 0.5 * p }, -90, b.neckBase - 0.5 * p - shoulder.y);
            armParent = `clavicle_${s}`;
        }
        const upper = bone(`upperarm_${s}`, armParent, shoulder, -95, b.upperArm);
        const elbow = add(upper, dir(upper.rotation), upper.length);
        const fore = bone(`forearm_${s}`, upper.name, elbow, -80, b.foreArm);
        const wrist = add(elbow, dir(fore.rotation), fore.length);
        const palm = f.fingers ? 0.6 * b.hand : b.hand;
        const hand = bone(`hand_${s}`, fore.name, wrist, -86, palm);
        if (f.fingers) {
            const knuckle = add(wrist, dir(hand.rotation), palm);
            const f1 = bone(`finger1_${s}`, hand.name, knuckle, -96, 0.45 * b.hand);
            bone(`finger2_${s}`, f1.name, add(knuckle, dir(f1.rotation), f1.length), -112, 0.38 * b.hand);
            bone(`thumb_${s}`, hand.name, add(add(wrist, dir(hand.rotation), 0.2 * b.hand), dir(0), 0.22 * b.hand), -55, 0.45 * b.hand);
        }
        if (f.armIk === 'two-bone') {
            bone(`arm_target_${s}`, 'chest', wrist, 0);
            ik.push({ name: `arm_ik_${s}`, order: 0, bones: [upper.name, fore.name], target: `arm_target_${s}`, bendPositive: true });
        }
        if (f.pauldrons) {
            bone(`pauldron_${s}`, armParent, { x: shoulder.x, y: shoulder.y + 0.5 * p }, upper.rotation, 5 * p);
            transforms.push({ name: `pauldron_${s}`, order: 0, bone: `pauldron_${s}`, target: upper.name, mixRotate: 0.6 });
        }
    }

    for (const s of SIDES) {
        const hipJoint = { x: b.legX[s], y: b.hipY - 1 * p };
        const ankle = { x: b.legX[s] + 1 * p, y: b.ankleY };
        if (!f.jointed) {
            bone(`leg_${s}`, 'hip', hipJoint, angleOf(hipJoint, ankle), distance(hipJoint, ankle));
            continue;
        }
        const knee = joint(hipJoint, ankle, b.thigh, b.shin, 1);
        bone(`thigh_${s}`, 'hip', hipJoint, angleOf(hipJoint, knee), b.thigh);
        bone(`shin_${s}`, `thigh_${s}`, knee, angleOf(knee, ankle), b.shin);
        const ball = 0.62 * b.footLen;
        bone(`foot_${s}`, `shin_${s}`, ankle, 0, f.toes ? ball : b.footLen, 'noRotationOrReflection');
        if (f.toes) bone(`toe_${s}`, `foot_${s}`, { x: ankle.x + ball, y: ankle.y }, 0, b.footLen - ball);
        if (f.legIk) {
            bone(`leg_target_${s}`, 'root', ankle, 0);
            // Knees bend forward: the shin turns clockwise from the thigh.
            ik.push({ name: `leg_ik_${s}`, order: 0, bones: [`thigh_${s}`, `shin_${s}`], target: `leg_target_${s}`, bendPositive: false });
        }
    }

    const cape: string[][] = [];
    if (f.capeChains === 1) {
        cape.push(chain('cape', 'chest', { x: -6.5 * p, y: b.neckBase - 1 * p }, spread(f.capeSegments, -96, -100), b.capeLen));
    } else if (f.capeChains === 2) {
        cape.push(chain('cape_in', 'chest', { x: -5.5 * p, y: b.neckBase - 0.5 * p }, spread(f.capeSegments, -94, -97), b.capeLen));
        cape.push(chain('cape_out', 'chest', { x: -8 * p, y: b.neckBase - 1 * p }, spread(f.capeSegments, -99, -104), b.capeLen));
    }

    if (f.weaponBone) {
        const hand = byName.get('hand_F')!;
        const weapon = bone('weapon', 'hand_F', add(hand, dir(hand.rotation), 0.45 * b.hand), WEAPON_ANGLE, b.weaponLen);
        bone('weapon_tip', 'weapon', add(weapon, dir(weapon.rotation), weapon.length), WEAPON_ANGLE);
    }
    if (f.tunic) {
        bone('tunic_B', 'hip', { x: -4.5 * p, y: b.hipY - 3 * p }, -100, 11 * p);
        bone('tunic_F', 'hip', { x: 4.5 * p, y: b.hipY - 3 * p }, -80, 11 * p);
    }
    if (f.belly) bone('belly', spineNames[0]!, { x: 5.5 * p, y: b.hipY + 7 * p }, 0, 2 * p);

    // Constraint order: legs, arms, then the pauldron transforms, which read the arms' solved rotation.
    ik.sort((x, y) => Number(x.name.startsWith('arm')) - Number(y.name.startsWith('arm')));
    ik.forEach((c, i) => (c.order = i));
    transforms.forEach((c, i) => (c.order = ik.length + i));

    const index = new Map(bones.map((d, i) => [d.name, i]));
    return {
        detail,
        features: f,
        body: b,
        bones,
        ik,
        transforms,
        spine: spineNames,
        hair,
        cape,
        has: (name) => byName.has(name),
        bone: (name) => {
            const def = byName.get(name);
            if (!def) throw new Error(`no bone ${name}`);
            return def;
        },
        index: (name) => {
            const i = index.get(name);
            if (i === undefined) throw new Error(`no bone ${name}`);
            return i;
        },
    };
}
