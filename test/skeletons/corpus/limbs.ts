/**
 * `limbs`: a 200-unit biped with everything a production character has on its limbs: 2-bone IK
 * legs, an aiming arm IK, a transform constraint (a belt that follows the chest's rotation halfway,
 * its mix keyed by `walk`), a cape mesh weighted over chest, spine and hip that breathes in `idle`
 * and folds in `die`, and a two-colour (dark) tinted chest.
 */
import { RigBuilder, type CorpusSkeleton } from './builder';
import { addAnimations } from './animations';
import { addBiped, addCape, type Palette } from './biped';
import * as key from './keys';

const PALETTE: Palette = {
    skin: [232, 190, 160],
    shirt: [70, 110, 170],
    pants: [60, 60, 80],
    boots: [90, 60, 40],
    metal: [150, 155, 165],
    accent: [230, 60, 60],
};

export function limbsRig(): CorpusSkeleton {
    const s = 1;
    const b = new RigBuilder('limbs');
    addBiped(b, s, PALETTE);
    // Same world rotation as the chest at setup, so the constraint changes nothing until the chest turns.
    b.bone('belt', 'hip', { x: 0, y: 110 * s }, 90, 14 * s);
    b.slot('belt', 'belt', { attachment: 'belt', before: 'chest' });
    b.region('belt', 'belt', { x: 2 * s, y: 112 * s }, 28 * s, 6 * s, [120, 80, 40]);
    b.transform('belt_follow', ['belt'], 'chest', { mixRotate: 0.5, mixX: 0, mixScaleX: 0, mixShearY: 0 });
    const cape = addCape(b, s, 26, [150, 40, 50]);
    addAnimations(b, {
        s,
        mesh: { slot: cape.slot, name: cape.name, die: cape.folded, idle: cape.sway },
        extras: {
            walk: { transform: { belt_follow: key.transformMix([[0, 0.5, 'inOut'], [0.4, 1, 'inOut'], [0.8, 0.5]]) } },
        },
    });
    return b.build();
}
