/**
 * `skins`: the shared body as a mix-and-match rig. The default skin is empty and every attachment
 * lives in a named skin, meant to be combined at run time (`skin.addSkin(base); skin.addSkin(hat)`):
 *
 * - `base`: the whole body (its attachments stored under their slot names), with an open right
 *   hand (`hand_R_open`) besides the fist;
 * - `red`, `blue`: variants of the same slots (chest, belly, upper arms) under the same keys but
 *   with attachments of their own names (`red/chest`, ...) and sizes; `blue` also gloves both
 *   right-hand attachments. Added after `base`, a variant replaces base's attachments;
 * - `hat`: a hat (and the hat knocked upwards, `hat_up`) on a `hat` slot of its own, on the head;
 * - `cape`: a cape mesh on a `cape` slot of its own, its deform keys (`idle` sway, `die` fold)
 *   stored under the `cape` skin.
 *
 * Its animations key attachments of named-skin slots: `idle` blinks (the eyes close from 0.42 s to
 * 0.5 s), `walk` opens the right hand from 0.2 s to 0.6 s, `jump` knocks the hat up from 0.15 s
 * to 0.45 s. With no skin set nothing is drawn, as with the editor's mix-and-match example.
 */
import type { Rgb } from '../color';
import type { Vec } from '../rig';
import { RigBuilder, type CorpusSkeleton } from './builder';
import { addAnimations } from './animations';
import { addBiped, addCape, type Palette } from './biped';
import * as key from './keys';

const BASE: Palette = {
    skin: [226, 184, 150],
    shirt: [200, 200, 190],
    pants: [70, 80, 90],
    boots: [60, 45, 35],
    metal: [140, 145, 150],
    accent: [250, 210, 60],
};

/** The skins in the data, in order: the empty default skin, the body, two variants, two accessories. */
export const SKINS_RIG_SKINS = ['default', 'base', 'red', 'blue', 'hat', 'cape'] as const;

/** A variant's shirt: chest, belly and upper arms under the base's keys, with names of its own. */
function shirt(b: RigBuilder, s: number, variant: string, fill: Rgb, width: number): void {
    const P = (x: number, y: number): Vec => ({ x: x * s, y: y * s });
    const name = (slot: string): { name: string } => ({ name: `${variant}/${slot}` });
    b.region('chest', 'chest', P(1, 154), width * 30 * s, 32 * s, fill, name('chest'));
    b.region('belly', 'belly', P(1, 130), width * 26 * s, 28 * s, fill, name('belly'));
    for (const slot of ['upperarm_L', 'upperarm_R']) b.limb(slot, slot, width * 11 * s, fill, undefined, name(slot));
}

export function skinsRig(): CorpusSkeleton {
    const s = 1;
    const P = (x: number, y: number): Vec => ({ x: x * s, y: y * s });
    const b = new RigBuilder('skins');

    b.skin('base');
    addBiped(b, s, BASE);
    const hand = b.get('hand_R');
    const open = { x: hand.x + 6 * s, y: hand.y - 2 * s };
    b.region('hand_R', 'hand_R_open', open, 14 * s, 12 * s, BASE.skin, { rotation: hand.rotation });

    b.skin('red');
    shirt(b, s, 'red', [200, 50, 50], 1);

    b.skin('blue');
    shirt(b, s, 'blue', [50, 80, 200], 1.15);
    const glove: Rgb = [30, 40, 120];
    b.limb('hand_R', 'hand_R', 10 * s, glove, undefined, { name: 'blue/hand_R' });
    b.region('hand_R', 'hand_R_open', open, 16 * s, 14 * s, glove, { rotation: hand.rotation, name: 'blue/hand_R_open' });

    b.skin('hat');
    b.slot('hat', 'head', { attachment: 'hat', before: 'upperarm_R' });
    b.region('hat', 'hat', P(3, 206), 34 * s, 14 * s, [90, 40, 120]);
    b.region('hat', 'hat_up', P(-2, 232), 34 * s, 14 * s, [90, 40, 120], { rotation: 20 });

    b.skin('cape');
    const cape = addCape(b, s, 26, [30, 120, 90]);

    addAnimations(b, {
        s,
        mesh: { slot: cape.slot, name: cape.name, die: cape.folded, idle: cape.sway, skin: 'cape' },
        extras: {
            idle: { slots: { eyes: { attachment: key.attachment([[0, 'eyes'], [0.42, 'eyes_closed'], [0.5, 'eyes']]) } } },
            walk: { slots: { hand_R: { attachment: key.attachment([[0, 'hand_R'], [0.2, 'hand_R_open'], [0.6, 'hand_R']]) } } },
            jump: { slots: { hat: { attachment: key.attachment([[0, 'hat'], [0.15, 'hat_up'], [0.45, 'hat']]) } } },
        },
    });
    return b.build();
}
