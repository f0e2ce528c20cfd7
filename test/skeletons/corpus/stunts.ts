/**
 * `stunts`: the shared body doing what real rigs do and tame rigs never do, each stunt built into one
 * of the seven shared animations so generic scenarios play it:
 *
 * - `walk` dashes in from 900 units (4.5 bodies) behind: the root is keyed at x = -900 at 0, eased
 *   back to 0 by 0.3 s and held there, so every loop wraps with a 900-unit jump (spineboy's `portal`);
 * - `idle` shrinks the head to exactly scale 0 (0.6 s to 0.7 s) and back, keys the neck with
 *   stepped curves (0 → 8° at 0.25 s → -4° at 0.5 s → 0 at 0.75 s), closes the eyes from 0.237 s
 *   to 0.389 s and draws the back arm in front of the gun arm from 0.611 s to 0.874 s: attachment
 *   and draw-order keys between frames of a 60 fps clock;
 * - `run` spins a blade on the gun hand at 720°/s (rotate keys 0, 90, ..., 360: one turn a loop);
 * - `jump` throws the target of a 2-bone claw arm (its own IK, on the chest's back) far out of
 *   reach, so the arm snaps straight, brings it back and flips the IK's bend from 0.35 s to the end;
 * - `die` shows a 4-frame sequence attachment (`smoke`, on the root where the head lands; regions
 *   smoke0..smoke3) from 0.5 s, played once (a frame per 0.1 s) then in reverse from 0.85 s (a
 *   frame per 0.05 s), and a clipping attachment (`portal`, an octagon on the root around the hips)
 *   from 0.2 s to 0.8 s that clips the front leg's three slots (thigh_R to its end slot foot_R).
 *
 * Also a cape mesh (breathing in `idle`, folding in `die`). Key times are stored in single
 * precision: a key at 0.2 s applies from 0.2000000030 s, so checks sample either side of a key.
 */
import { angleOf, type Vec } from '../rig';
import { RigBuilder, type CorpusSkeleton } from './builder';
import { addAnimations, swap } from './animations';
import { addBiped, addCape, bendPositive, joint, type Palette } from './biped';
import * as key from './keys';

const PALETTE: Palette = {
    skin: [236, 196, 150],
    shirt: [220, 120, 40],
    pants: [50, 50, 60],
    boots: [40, 30, 30],
    metal: [170, 175, 190],
    accent: [255, 80, 140],
};

/** How far behind the root starts `walk` (4.5 times the body's 200 units). */
export const STUNT_DASH = 900;
/** The blade's spin in `run`, degrees per second. */
export const STUNT_SPIN = 720;
/** The idle keys that fall between frames of a 60 fps clock: the eyes close and open, the arms swap and swap back. */
export const STUNT_IDLE_TIMES = { eyesClosed: 0.237, eyesOpen: 0.389, armsSwapped: 0.611, armsBack: 0.874 } as const;

export function stuntsRig(): CorpusSkeleton {
    const s = 1;
    const u = (v: number): number => v * s;
    const P = (x: number, y: number): Vec => ({ x: x * s, y: y * s });
    const b = new RigBuilder('stunts');
    addBiped(b, s, PALETTE);

    // The claw: a 2-bone arm from the back of the chest, its IK target on the root.
    const shoulder = P(-8, 158);
    const grip = P(-46, 112);
    const [upper, lower] = [u(36), u(34)];
    const elbow = joint(shoulder, grip, upper, lower);
    b.bone('claw1', 'chest', shoulder, angleOf(shoulder, elbow), upper);
    b.bone('claw2', 'claw1', elbow, angleOf(elbow, grip), lower);
    b.bone('claw_target', 'root', grip);
    const clawBend = bendPositive(b.get('claw1').rotation, b.get('claw2').rotation);
    const first = b.slotNames()[0]!;
    for (const name of ['claw1', 'claw2']) {
        b.slot(name, name, { attachment: name, before: first });
        b.limb(name, name, 6 * s, PALETTE.metal);
    }
    b.ik('claw_ik', ['claw1', 'claw2'], 'claw_target', { bendPositive: clawBend });

    // The blade, spun by `run`, at the end of the gun hand.
    b.bone('blade', 'hand_R', b.tip('hand_R'), 0, u(12));
    b.slot('blade', 'blade', { attachment: 'blade', before: 'fx' });
    b.region('blade', 'blade', b.tip('hand_R'), u(26), u(26), PALETTE.accent, { paint: 'cross' });

    // The portal: a clipping octagon on the root around the front leg's upper half, clipping from
    // the front thigh to the front foot. Empty at setup; `die` shows it.
    b.slot('portal', 'root', { before: 'thigh_R' });
    const octagon = Array.from({ length: 8 }, (_, i) => {
        const a = ((i * 45 + 22.5) * Math.PI) / 180;
        return P(6 + 62 * Math.cos(a), 112 + 72 * Math.sin(a));
    });
    b.clipping('portal', 'portal', octagon, 'foot_R');

    // The smoke: 4 frames of one region, shown by `die` where the body lands.
    b.slot('smoke', 'root');
    const smoke = { fills: [[255, 240, 160], [250, 190, 90], [200, 120, 80], [120, 110, 110]] as [number, number, number][], start: 0 };
    b.region('smoke', 'smoke', P(-112, 22), u(64), u(40), smoke.fills[0]!, { sequence: smoke });

    const cape = addCape(b, s, 22, [40, 60, 140]);

    const times = STUNT_IDLE_TIMES;
    addAnimations(b, {
        s,
        mesh: { slot: cape.slot, name: cape.name, die: cape.folded, idle: cape.sway },
        extras: {
            idle: {
                slots: { eyes: { attachment: key.attachment([[times.eyesClosed, 'eyes_closed'], [times.eyesOpen, 'eyes']]) } },
                bones: {
                    head: { scale: key.value2([[0, 1, 1], [0.45, 1, 1, 'in'], [0.6, 0, 0], [0.7, 0, 0, 'out'], [0.85, 1, 1], [1, 1, 1]], 1) },
                    neck: { rotate: key.value1([[0, 0, 'stepped'], [0.25, 8, 'stepped'], [0.5, -4, 'stepped'], [0.75, 0]]) },
                },
                drawOrder: [{ time: times.armsSwapped, offsets: swap(b, 'upperarm_L', 'upperarm_R') }, { time: times.armsBack }],
            },
            // Eased in and out, so the frames next to the wrap are still about 900 units apart at 60 fps.
            walk: { bones: { root: { translate: key.value2([[0, -STUNT_DASH * s, 0, 'inOut'], [0.3, 0, 0], [0.8, 0, 0]]) } } },
            // Absolute angles a quarter turn apart (0, 90, ..., 360 over the 0.5 s loop), linear: one steady turn per loop.
            run: { bones: { blade: { rotate: key.value1([0, 0.125, 0.25, 0.375, 0.5].map((t): key.K1 => [t, STUNT_SPIN * t])) } } },
            jump: {
                bones: { claw_target: { translate: key.value2([[0, 0, 0, 'out'], [0.15, u(-100), u(120)], [0.3, u(-100), u(120), 'inOut'], [0.45, 0, 0], [0.6, 0, 0]]) } },
                ik: { claw_ik: key.ik([[0, 1, clawBend], [0.35, 1, !clawBend], [0.6, 1, clawBend]]) },
            },
            die: {
                slots: {
                    portal: { attachment: key.attachment([[0.2, 'portal'], [0.8, null]]) },
                    smoke: { attachment: key.attachment([[0.5, 'smoke']]) },
                },
                attachments: { default: { smoke: { smoke: { sequence: key.sequence([[0.5, 'once', 0, 0.1], [0.85, 'loopReverse', 0, 0.05]]) } } } },
            },
        },
    });
    return b.build();
}
