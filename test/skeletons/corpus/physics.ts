/**
 * `physics`: the shared body with a 4-bone ponytail (a strip mesh over it) whose bones each have a
 * rotating physics constraint, and a 2-bone antenna whose tip has a translating (x/y) one with a
 * speed limit. Every physics setting is set on the ponytail; the antenna leaves inertia at 4.2's
 * default (which 4.3 changed, so the converter must write it). Animations key every physics property:
 * `idle` wind and gravity, `walk` the antenna's mix, `run` strength and damping, `jump` (which
 * throws the root 170 units up and back in 0.6 s) inertia and mass, `die` a mix-out and a reset of
 * all physics constraints (the global, unnamed timeline).
 */
import { RigBuilder, type CorpusSkeleton } from './builder';
import { addAnimations } from './animations';
import { addBiped, addStrip, type Palette } from './biped';
import * as key from './keys';

const PALETTE: Palette = {
    skin: [240, 200, 170],
    shirt: [60, 150, 120],
    pants: [40, 70, 90],
    boots: [30, 30, 40],
    metal: [180, 180, 190],
    accent: [60, 200, 255],
};

export function physicsRig(): CorpusSkeleton {
    const s = 1;
    const b = new RigBuilder('physics');
    addBiped(b, s, PALETTE);
    const hair = ['hair1', 'hair2', 'hair3', 'hair4'];
    const angles = [-115, -120, -125, -130];
    const lengths = [14, 14, 13, 12];
    hair.forEach((name, i) => b.bone(name, i === 0 ? 'head' : hair[i - 1]!, i === 0 ? { x: -10 * s, y: 192 * s } : b.tip(hair[i - 1]!), angles[i]!, lengths[i]! * s));
    b.bone('antenna1', 'head', { x: 8 * s, y: 199 * s }, 75, 12 * s);
    b.bone('antenna2', 'antenna1', b.tip('antenna1'), 65, 12 * s);

    addStrip(b, 'ponytail', hair, 5 * s, 2 * s, [90, 50, 30], 4 * s, 'head');
    for (const name of ['antenna1', 'antenna2']) {
        b.slot(name, name, { attachment: name, before: 'upperarm_R' });
        b.limb(name, name, 3 * s, PALETTE.accent);
    }
    hair.forEach((name, i) =>
        b.physics(name, name, { rotate: 1, inertia: 0.5, strength: 140 - 10 * i, damping: 0.85, mass: 1.2, wind: 1, gravity: 20 }),
    );
    // The editor's defaults (inertia 1, strength 100, damping 1: undamped, the speed limit 5000):
    // a springy tip that swings as long as it is jolted.
    b.physics('antenna', 'antenna2', { x: 1, y: 1 });

    const flick = b.deform('ponytail', 'ponytail', (pt) => ({ x: -4 * s * Math.max(0, (192 * s - pt.y) / (50 * s)), y: 0 }));
    addAnimations(b, {
        s,
        mesh: { slot: 'ponytail', name: 'ponytail', die: flick },
        extras: {
            idle: {
                physics: {
                    hair1: {
                        wind: key.value1([[0, 1, 'inOut'], [0.5, 3, 'inOut'], [1, 1]]),
                        gravity: key.value1([[0, 20], [0.5, 35], [1, 20]]),
                    },
                },
            },
            walk: { physics: { antenna: { mix: key.value1([[0, 1], [0.4, 0.5], [0.8, 1]]) } } },
            run: {
                physics: {
                    hair2: {
                        strength: key.value1([[0, 130], [0.25, 200, 'stepped'], [0.5, 130]]),
                        damping: key.value1([[0, 0.85], [0.25, 0.6], [0.5, 0.85]]),
                    },
                },
            },
            jump: {
                physics: {
                    antenna: {
                        inertia: key.value1([[0, 1], [0.3, 0.4, 'inOut'], [0.6, 1]]),
                        mass: key.value1([[0, 0.8], [0.3, 2], [0.6, 0.8]]),
                    },
                },
            },
            // 4.2 reads a physics mix key without a value as 0: the mix-out's last key has none.
            // The ponytail swings up off the ground as the body lies down.
            die: {
                bones: { hair1: { rotate: key.value1([[0, 0, 'in'], [0.6, 50], [1, 50]]) } },
                physics: { '': { reset: [{ time: 0.5 }] }, hair3: { mix: key.value1([[0, 1], [1, 0]]) } },
            },
        },
    });
    return b.build();
}
