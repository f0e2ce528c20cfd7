/**
 * `giant`: the shared body at 12× (2400 units tall), with a cape flaring 360 units behind it and a
 * gun reaching 900 in front, so it is about 1290 wide: several times an 800×600 view. The origin
 * is at its feet, so when its position is far outside a view its body can still fill part of it.
 */
import { RigBuilder, type CorpusSkeleton } from './builder';
import { addAnimations } from './animations';
import { addBiped, addCape, type Palette } from './biped';

const PALETTE: Palette = {
    skin: [150, 170, 120],
    shirt: [110, 80, 60],
    pants: [70, 60, 50],
    boots: [50, 40, 35],
    metal: [120, 120, 130],
    accent: [250, 200, 60],
};

export function giantRig(): CorpusSkeleton {
    const s = 12;
    const b = new RigBuilder('giant');
    addBiped(b, s, PALETTE);
    const cape = addCape(b, s, 30, [80, 90, 140]);
    addAnimations(b, { s, mesh: { slot: cape.slot, name: cape.name, die: cape.folded } });
    return b.build();
}
