/**
 * The tint of a drawn instance: what its sample's picture, built for a white skeleton
 * (spine/SampleVertices.ts), is multiplied by to give the vertex colours stock draws. spine-webgl's
 * SkeletonRenderer colours a vertex skeleton × slot × attachment, and with premultiplied alpha
 * multiplies the light and dark colours by the product's alpha; spine-phaser-v4's transformer then
 * multiplies both (not the dark alpha) by the object's alpha. Every factor but the skeleton's colour
 * and the object's alpha is in the picture, so a skeleton colour (a hit flash, a team colour, a
 * fading unit) is one multiplier per instance and draw, never a look the picture misses.
 */
import type { Rgba } from '../../spine/SampleVertices';

/** Multipliers of a picture's vertex colours: light r, g, b, a, and the dark colour's r, g, b (`dark`; the dark alpha is a flag, kept). */
export interface Tint {
    r: number;
    g: number;
    b: number;
    a: number;
    dark: number;
}

/** The tint of nothing: the picture as built. */
export const WHITE: Readonly<Tint> = Object.freeze({ r: 1, g: 1, b: 1, a: 1, dark: 1 });

/**
 * Sets `out` to the tint of a skeleton of `color` drawn with premultiplied alpha (`pma`) or not,
 * times the object's `alpha` (Phaser 4's `'spine-webgl'` renderer; 1 on Phaser 3's runtimes).
 */
export function tintOf(out: Tint, color: Rgba, pma: boolean, alpha: number): void {
    const a = color.a;
    const light = pma ? a * alpha : alpha; // premultiplied: the colour channels carry the alpha too
    out.r = color.r * light;
    out.g = color.g * light;
    out.b = color.b * light;
    out.a = a * alpha;
    out.dark = light;
}

/**
 * Sets `out` to the tint of a skeleton of `color` in an object of `alpha` drawn by spine-phaser-v4's
 * default renderer: its slot meshes get the colour unpremultiplied (a vertex's colour is cut to 8
 * bits after this multiplies it in: crowdShaders.ts) and alpha × the skeleton's alpha; the dark
 * colour is not multiplied.
 */
export function mesh2dTintOf(out: Tint, color: Rgba, alpha: number): void {
    out.r = color.r;
    out.g = color.g;
    out.b = color.b;
    out.a = alpha * color.a;
    out.dark = 1;
}

/** Whether `tint` leaves the picture's colours as they are. */
export function isWhite(tint: Tint): boolean {
    return tint.r === 1 && tint.g === 1 && tint.b === 1 && tint.a === 1 && tint.dark === 1;
}
