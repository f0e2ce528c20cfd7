/**
 * The body every corpus rig shares, so the same animation names key the same kind of bones in every
 * rig: hips, spine, chest, neck, head, two 2-bone IK legs with feet, a back arm (waved on its own
 * track) and a front arm holding a gun, an `aim_target` with an arm IK whose mix is 0 until `aim`
 * keys it, an `fx` slot (the jump's flash) and a `crosshair` slot, both empty at setup.
 *
 * Authored at 200 units tall and scaled by `s`; facing +x with the origin between the feet.
 */
import type { Rgb } from '../color';
import { ladderMesh } from '../mesh';
import { add, angleOf, dir, distance, type Vec } from '../rig';
import type { RigBuilder } from './builder';

export type Side = 'L' | 'R';
/** L is the back side (drawn behind the body, the waving arm), R the front (the gun arm). */
export const SIDES: readonly Side[] = ['L', 'R'];

export interface Palette {
    skin: Rgb;
    shirt: Rgb;
    pants: Rgb;
    boots: Rgb;
    metal: Rgb;
    accent: Rgb;
}

/** The chest slot's two-colour tint at setup (its dark colour; the light one is white). */
export const CHEST_DARK = '2a2a40';

const wrap = (deg: number): number => ((((deg + 180) % 360) + 360) % 360) - 180;

/** The bend direction of a 2-bone IK whose bones point at `first` and `second` degrees: the child's rotation relative to its parent has its sign. */
export const bendPositive = (first: number, second: number): boolean => wrap(second - first) > 0;

/** The point `l1` from `a` and `l2` from `b` on the +x side of a downward a→b: where a knee goes. */
export function joint(a: Vec, b: Vec, l1: number, l2: number): Vec {
    const d = distance(a, b);
    const along = (l1 * l1 - l2 * l2 + d * d) / (2 * d);
    const h = Math.sqrt(Math.max(0, l1 * l1 - along * along));
    const u = { x: (b.x - a.x) / d, y: (b.y - a.y) / d };
    return add(add(a, u, along), { x: -u.y, y: u.x }, h);
}

/**
 * Adds the shared body to a rig at scale `s` (200 × `s` units tall): to an empty rig, or to one whose
 * `root` (and `anchor`) the rig made first. The hips, the leg IK targets and the aim target hang
 * from `anchor` (default: the root), which should be at the origin's world rotation in the setup pose.
 */
export function addBiped(b: RigBuilder, s: number, pal: Palette, opts: { anchor?: string } = {}): void {
    const P = (x: number, y: number): Vec => ({ x: x * s, y: y * s });
    const anchor = opts.anchor ?? 'root';

    if (!b.has('root')) b.bone('root', null, P(0, 0));
    b.bone('hip', anchor, P(0, 100), 90, 18 * s);
    b.bone('spine', 'hip', P(0, 118), 90, 24 * s);
    b.bone('chest', 'spine', P(0, 142), 90, 24 * s);
    b.bone('neck', 'chest', P(0, 166), 90, 8 * s);
    b.bone('head', 'neck', P(0, 174), 90, 26 * s);
    const bends: Record<Side, boolean> = { L: true, R: true };
    for (const side of SIDES) {
        const dx = side === 'L' ? -4 : 4;
        const hipJoint = P(dx, 100);
        const ankle = P(dx, 8);
        const knee = joint(hipJoint, ankle, 49 * s, 47 * s);
        const thigh = angleOf(hipJoint, knee);
        const shin = angleOf(knee, ankle);
        b.bone(`thigh_${side}`, 'hip', hipJoint, thigh, 49 * s);
        b.bone(`shin_${side}`, `thigh_${side}`, knee, shin, 47 * s);
        b.bone(`foot_${side}`, `shin_${side}`, ankle, 0, 18 * s, 'noRotationOrReflection');
        b.bone(`leg_target_${side}`, anchor, ankle);
        bends[side] = bendPositive(thigh, shin);
    }
    const shoulder = P(0, 160);
    const chain = (names: string[], parent: string, from: Vec, angles: number[], lengths: number[]): void => {
        let at = from;
        names.forEach((name, i) => {
            b.bone(name, i === 0 ? parent : names[i - 1]!, at, angles[i]!, lengths[i]! * s);
            at = b.tip(name);
        });
    };
    chain(['upperarm_L', 'forearm_L', 'hand_L'], 'chest', shoulder, [-100, -75, -75], [30, 26, 10]);
    chain(['upperarm_R', 'forearm_R', 'hand_R', 'gun'], 'chest', shoulder, [-75, -20, -20, 0], [30, 26, 8, 36]);
    b.bone('aim_target', anchor, P(50, 150));

    // Draw order, back to front.
    const part = (slot: string, bone: string, thickness: number, fill: Rgb): void => {
        b.slot(slot, bone, { attachment: slot });
        b.limb(slot, bone, thickness * s, fill);
    };
    part('upperarm_L', 'upperarm_L', 9, pal.shirt);
    part('forearm_L', 'forearm_L', 8, pal.skin);
    part('hand_L', 'hand_L', 8, pal.skin);
    const leg = (side: Side): void => {
        part(`thigh_${side}`, `thigh_${side}`, 12, pal.pants);
        part(`shin_${side}`, `shin_${side}`, 10, pal.pants);
        b.slot(`foot_${side}`, `foot_${side}`, { attachment: `foot_${side}` });
        b.region(`foot_${side}`, `foot_${side}`, add(b.get(`foot_${side}`), P(6, -3)), 22 * s, 8 * s, pal.boots);
    };
    leg('L');
    b.slot('pelvis', 'hip', { attachment: 'pelvis' });
    b.region('pelvis', 'pelvis', P(1, 106), 26 * s, 22 * s, pal.pants);
    b.slot('belly', 'spine', { attachment: 'belly' });
    b.region('belly', 'belly', P(1, 130), 24 * s, 28 * s, pal.shirt);
    b.slot('chest', 'chest', { attachment: 'chest', color: 'ffffffff', dark: CHEST_DARK });
    b.region('chest', 'chest', P(1, 154), 28 * s, 30 * s, pal.shirt);
    leg('R');
    b.slot('head', 'head', { attachment: 'head' });
    b.region('head', 'head', P(4, 187), 26 * s, 26 * s, pal.skin);
    b.slot('eyes', 'head', { attachment: 'eyes' });
    b.region('eyes', 'eyes', P(12, 190), 8 * s, 5 * s, [30, 30, 40]);
    b.region('eyes', 'eyes_closed', P(12, 189), 8 * s, 2 * s, [30, 30, 40]);
    part('upperarm_R', 'upperarm_R', 9, pal.shirt);
    part('forearm_R', 'forearm_R', 8, pal.skin);
    part('hand_R', 'hand_R', 8, pal.skin);
    part('gun', 'gun', 7, pal.metal);
    b.slot('fx', 'chest');
    b.region('fx', 'flash', P(30, 150), 36 * s, 36 * s, [255, 236, 120]);
    b.slot('crosshair', 'aim_target');
    b.region('crosshair', 'crosshair', b.get('aim_target'), 14 * s, 14 * s, pal.accent, { paint: 'cross' });

    b.ik('leg_ik_L', ['thigh_L', 'shin_L'], 'leg_target_L', { bendPositive: bends.L });
    b.ik('leg_ik_R', ['thigh_R', 'shin_R'], 'leg_target_R', { bendPositive: bends.R });
    // The elbow bends down when the arm reaches forward; the arm hangs free until `aim` mixes it in.
    b.ik('aim_ik', ['upperarm_R', 'forearm_R'], 'aim_target', { bendPositive: true, mix: 0 });
}

/**
 * A cape behind the body (the first slot): a 3×5 grid mesh from the shoulders to the hips, flaring
 * back to `flare` units behind the spine at the hem, weighted over chest, spine and hip. Returns
 * the deform offsets of a cape folded towards the body and lifted (so it stays above the ground
 * when the body lies on its back) and of a cape swaying back (full amount at the hem).
 */
export function addCape(b: RigBuilder, s: number, flare: number, fill: Rgb): { slot: string; name: string; folded: number[]; sway: number[] } {
    const [top, bottom] = [164 * s, 92 * s];
    const columns = [0, 1, 2].map((c) =>
        [0, 1, 2, 3, 4].map((k) => {
            const t = k / 4;
            const left = (-10 - (flare - 10) * t) * s;
            const right = (-2 - 4 * t) * s;
            return { x: left + ((right - left) * c) / 2, y: top - (top - bottom) * t };
        }),
    );
    b.slot('cape', 'chest', { attachment: 'cape', before: b.slotNames()[0] });
    b.mesh('cape', 'cape', ladderMesh(columns), ['chest', 'spine', 'hip'], fill, 6 * s);
    const hem = (pt: Vec): number => (top - pt.y) / (top - bottom);
    return {
        slot: 'cape',
        name: 'cape',
        folded: b.deform('cape', 'cape', (pt) => ({ x: 10 * s * hem(pt), y: 6 * s * hem(pt) })),
        sway: b.deform('cape', 'cape', (pt) => ({ x: -3 * s * hem(pt), y: 0 })),
    };
}

/**
 * A strip mesh along a bone chain (a tail, a ponytail): 3 columns of points from the chain's root to
 * its tip, `from` to `to` units to each side, each vertex weighted on the nearest chain bones. The
 * slot (named `slot`, on the chain's first bone) is drawn just before `before`.
 */
export function addStrip(b: RigBuilder, slot: string, bones: string[], from: number, to: number, fill: Rgb, softness: number, before: string): void {
    const line = [...bones.map((n) => ({ x: b.get(n).x, y: b.get(n).y })), b.tip(bones[bones.length - 1]!)];
    const normals = line.map((_, i) => dir(angleOf(line[Math.max(0, i - 1)]!, line[Math.min(line.length - 1, i + 1)]!) + 90));
    const halfWidth = (i: number): number => from + ((to - from) * i) / (line.length - 1);
    const columns = [-1, 0, 1].map((o) => line.map((pt, i) => add(pt, normals[i]!, o * halfWidth(i))));
    b.slot(slot, bones[0]!, { attachment: slot, before });
    b.mesh(slot, slot, ladderMesh(columns), bones, fill, softness);
}
