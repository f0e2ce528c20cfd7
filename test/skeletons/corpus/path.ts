/**
 * `path`: a small (120-unit) creature on the shared body with a 7-bone tail that a path constraint
 * (chain rotation) lays along a path attachment on the hip, and a tail mesh weighted over the tail
 * bones. `idle` keys the path mix, `run` its position and spacing, `jump` its position; `die`
 * droops the tail mesh with a deform.
 */
import { angleOf, type Vec } from '../rig';
import { RigBuilder, samplePath, type CorpusSkeleton, type PathPoint } from './builder';
import { addAnimations } from './animations';
import { addBiped, addStrip, type Palette } from './biped';
import * as key from './keys';

const PALETTE: Palette = {
    skin: [110, 170, 90],
    shirt: [200, 170, 70],
    pants: [90, 130, 70],
    boots: [60, 90, 50],
    metal: [170, 150, 120],
    accent: [240, 80, 200],
};

const TAIL_BONES = 7;

export function pathRig(): CorpusSkeleton {
    const s = 0.6;
    const b = new RigBuilder('path');
    addBiped(b, s, PALETTE);
    const P = (x: number, y: number): Vec => ({ x: x * s, y: y * s });
    const points: PathPoint[] = [
        { in: P(6, 110), at: P(-6, 98), out: P(-18, 86) },
        { in: P(-30, 72), at: P(-42, 76), out: P(-54, 80) },
        { in: P(-72, 88), at: P(-84, 100), out: P(-96, 112) },
    ];
    // Tail bones end to end along the path: what the constraint does with spacing 0 in length mode.
    const samples = samplePath(points);
    const total = samples[samples.length - 1]!.length;
    const at = (length: number): Vec => {
        const i = Math.max(1, samples.findIndex((p) => p.length >= length));
        const [p, q] = [samples[i - 1]!, samples[i]!];
        const t = q.length > p.length ? (length - p.length) / (q.length - p.length) : 0;
        return { x: p.at.x + (q.at.x - p.at.x) * t, y: p.at.y + (q.at.y - p.at.y) * t };
    };
    const tail = Array.from({ length: TAIL_BONES }, (_, i) => `tail${i + 1}`);
    const segment = total / TAIL_BONES;
    // The path and the tail hang off `tail_root`, which `die` swings up so the tail stays above ground.
    b.bone('tail_root', 'hip', points[0]!.at, 180, 6 * s);
    tail.forEach((name, i) => {
        const from = at(i * segment);
        b.bone(name, i === 0 ? 'tail_root' : tail[i - 1]!, from, angleOf(from, at((i + 1) * segment)), segment);
    });
    addStrip(b, 'tail', tail, 7 * s, 1.5 * s, PALETTE.skin, 4 * s, 'pelvis');
    b.slot('tail_path', 'tail_root', { attachment: 'tail_path', before: 'tail' });
    b.path('tail_path', 'tail_path', points, 'ff8800ff');
    b.pathConstraint('tail_follow', tail, 'tail_path', { rotateMode: 'chain' });

    const droop = b.deform('tail', 'tail', (pt) => ({ x: 0, y: -8 * s * Math.min(1, Math.max(0, (-6 * s - pt.x) / (78 * s))) }));
    addAnimations(b, {
        s,
        mesh: { slot: 'tail', name: 'tail', die: droop },
        extras: {
            idle: { path: { tail_follow: { mix: key.pathMix([[0, 1, 1, 'inOut'], [0.5, 0.7, 0.85, 'inOut'], [1, 1, 1]]) } } },
            run: {
                path: {
                    tail_follow: {
                        position: key.value1([[0, 0, 'inOut'], [0.25, 0.06, 'inOut'], [0.5, 0]]),
                        spacing: key.value1([[0, 0], [0.25, 2 * s], [0.5, 0]]),
                    },
                },
            },
            jump: { path: { tail_follow: { position: key.value1([[0, 0, 'out'], [0.3, 0.1, 'in'], [0.6, 0]]) } } },
            die: { bones: { tail_root: { rotate: key.value1([[0, 0, 'in'], [0.6, -125], [1, -125]]) } } },
        },
    });
    return b.build();
}
