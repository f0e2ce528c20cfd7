/**
 * `swing`: the shared body hanging from a rope, moved mostly by physics, like a trapeze act. A bar
 * (the hook) at the top, 300 units above the hips; a 3-bone rope from it down to a `harness` at
 * the hips, each rope bone with a rotating physics constraint (little damping, weak springs, strong
 * gravity: a pendulum); the hips, the leg IK targets and the aim target hang from the harness, so
 * the whole body swings with the rope.
 *
 * The track-0 animations move the bar a little: `idle` pushes it 16 units to and fro once a
 * second, `walk`, `run`, `jump` and `die` nudge it (12, 8, 14 and 10 units); otherwise they key the
 * body as on every rig (`aim` and `wave` only key the arms, as everywhere). The rope's physics turns
 * these nudges into swings of hundreds of units that build up over seconds (the feet swing about
 * 250 units from the animated pose within 2 s of `idle`), so the pose depends on the whole history
 * of the swing, not on the animation time. A bare vertical move (the jump's root) swings nothing:
 * the rope hangs plumb.
 */
import type { Vec } from '../rig';
import { RigBuilder, type CorpusSkeleton, type Json } from './builder';
import { addAnimations } from './animations';
import { addBiped, type Palette } from './biped';
import * as key from './keys';

const PALETTE: Palette = {
    skin: [240, 205, 175],
    shirt: [230, 60, 120],
    pants: [250, 250, 250],
    boots: [230, 200, 60],
    metal: [130, 130, 140],
    accent: [90, 220, 120],
};

/** The rope's bones, top to bottom. */
export const SWING_ROPE = ['rope1', 'rope2', 'rope3'] as const;

/** Each rope bone's physics: rotation only, damped little (Spine's damping: 1 is none). */
export const SWING_PHYSICS: Json = { rotate: 1, inertia: 1, strength: 2, damping: 0.98, mass: 1, gravity: 60 };

export function swingRig(): CorpusSkeleton {
    const s = 1;
    const u = (v: number): number => v * s;
    const P = (x: number, y: number): Vec => ({ x: x * s, y: y * s });
    const b = new RigBuilder('swing');

    b.bone('root', null, P(0, 0));
    b.bone('bar', 'root', P(0, 400));
    let at = P(0, 400);
    for (const [i, name] of SWING_ROPE.entries()) {
        b.bone(name, i === 0 ? 'bar' : SWING_ROPE[i - 1]!, at, -90, u(100));
        at = b.tip(name);
    }
    // At the hips, turned like the root: the body keeps its usual setup pose below it.
    b.bone('harness', SWING_ROPE[SWING_ROPE.length - 1]!, at);
    // Before the body's IKs, so the legs reach for their targets after the rope has swung.
    for (const name of SWING_ROPE) b.physics(name, name, SWING_PHYSICS);

    addBiped(b, s, PALETTE, { anchor: 'harness' });

    const first = b.slotNames()[0]!;
    for (const name of SWING_ROPE) {
        b.slot(name, name, { attachment: name, before: first });
        b.limb(name, name, u(3), [150, 120, 80], u(2));
    }
    b.slot('bar', 'bar', { attachment: 'bar', before: first });
    b.region('bar', 'bar', P(0, 400), u(90), u(8), PALETTE.metal);
    b.slot('harness', 'harness', { attachment: 'harness', before: 'chest' });
    b.region('harness', 'harness', P(0, 104), u(30), u(8), [110, 70, 40]);

    const push = (duration: number, dx: number, dy: number): Json[] =>
        key.value2([
            [0, 0, 0, 'inOut'],
            [duration / 2, u(dx), u(dy), 'inOut'],
            [duration, 0, 0],
        ]);
    addAnimations(b, {
        s,
        extras: {
            idle: { bones: { bar: { translate: push(1, 16, 0) } } },
            walk: { bones: { bar: { translate: push(0.8, -12, 0) } } },
            run: { bones: { bar: { translate: push(0.5, 8, -4) } } },
            jump: { bones: { bar: { translate: push(0.6, -14, 0) } } },
            die: { bones: { bar: { translate: push(1, 10, 0) } } },
        },
    });
    return b.build();
}
