/**
 * Skin looks: one palette + a few style switches per skin. All skins share the skeleton, so a look
 * may only change what is painted, never the geometry.
 */
import { hex, shade, shiftHue, type Rgb } from './color';
import { hashString, type Rng } from './random';

export interface Look {
    name: string;
    skin: Rgb;
    eye: Rgb;
    /** Hair, plume or beard strand colour. */
    hair: Rgb;
    /** Main garment: tabard, vest or robe. */
    cloth: Rgb;
    /** Accent for hems, belts, rims. */
    trim: Rgb;
    /** Upper arms and forearms. */
    sleeve: Rgb;
    glove: Rgb;
    leg: Rgb;
    boot: Rgb;
    cape: Rgb;
    /** Shiny plate shading (strong highlights) instead of cloth shading. */
    metal: boolean;
    weapon: 'sword' | 'club' | 'staff';
    headgear: 'helmet' | 'ears' | 'hat';
    hairStyle: 'plume' | 'tuft' | 'long';
    beard: boolean;
    outline: Rgb;
}

type Archetype = Omit<Look, 'name'>;

const ARCHETYPES: Record<string, Archetype> = {
    knight: {
        skin: hex('#f0c39b'), eye: hex('#3d6fb0'), hair: hex('#c8323c'),
        cloth: hex('#2d5bbf'), trim: hex('#e6c14f'), sleeve: hex('#aab5c3'), glove: hex('#7f8b9a'),
        leg: hex('#98a3b1'), boot: hex('#5d6776'), cape: hex('#24479c'),
        metal: true, weapon: 'sword', headgear: 'helmet', hairStyle: 'plume', beard: false, outline: hex('#1b2030'),
    },
    goblin: {
        skin: hex('#79b845'), eye: hex('#f4d23a'), hair: hex('#2e2a25'),
        cloth: hex('#7d5431'), trim: hex('#b38b4d'), sleeve: hex('#79b845'), glove: hex('#5e3e22'),
        leg: hex('#6a5030'), boot: hex('#47311f'), cape: hex('#5b4a2f'),
        metal: false, weapon: 'club', headgear: 'ears', hairStyle: 'tuft', beard: false, outline: hex('#1e2414'),
    },
    mage: {
        skin: hex('#f4d7c0'), eye: hex('#7240b0'), hair: hex('#e4e2ea'),
        cloth: hex('#6a30aa'), trim: hex('#f0c94a'), sleeve: hex('#5a2795'), glove: hex('#f4d7c0'),
        leg: hex('#3c2163'), boot: hex('#3a2a4c'), cape: hex('#44206f'),
        metal: false, weapon: 'staff', headgear: 'hat', hairStyle: 'long', beard: true, outline: hex('#1e1430'),
    },
};

export const DEFAULT_SKINS: readonly string[] = ['knight', 'goblin', 'mage'];

/**
 * The look for a skin name. Unknown names reuse an archetype with a hue derived from the name, so
 * any list of skin names yields distinct, stable looks. The seed nudges hues a little so that two
 * characters of the same preset family are told apart.
 */
export function lookFor(name: string, rng: Rng): Look {
    const keys = Object.keys(ARCHETYPES);
    const known = ARCHETYPES[name];
    const base = known ?? ARCHETYPES[keys[hashString(name) % keys.length]!]!;
    const hue = (known ? 0 : (hashString(name) % 300) + 30) + rng.range(-8, 8);
    const tone = rng.range(-0.05, 0.05);
    const tint = (c: Rgb): Rgb => shade(shiftHue(c, hue), tone);
    return { ...base, name, cloth: tint(base.cloth), cape: tint(base.cape), trim: shiftHue(base.trim, hue / 4) };
}
