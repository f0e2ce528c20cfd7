/** Colour arithmetic for palettes and painters; colours stay as RGB triples until they reach the canvas. */

export type Rgb = readonly [number, number, number];

export function hex(text: string): Rgb {
    const value = parseInt(text.replace('#', ''), 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function css(color: Rgb, alpha = 1): string {
    const [r, g, b] = color.map((c) => Math.round(Math.min(255, Math.max(0, c))));
    return alpha >= 1 ? `rgb(${r},${g},${b})` : `rgba(${r},${g},${b},${alpha})`;
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Positive amounts move toward white, negative toward black. */
export function shade(color: Rgb, amount: number): Rgb {
    return amount >= 0 ? mix(color, [255, 255, 255], amount) : mix(color, [0, 0, 0], -amount);
}

/** Rotates the hue (degrees) keeping lightness and saturation, for per-seed palette variation. */
export function shiftHue(color: Rgb, degrees: number): Rgb {
    const [r, g, b] = color.map((c) => c / 255);
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const l = (max + min) / 2;
    const d = max - min;
    if (d === 0) return color;
    const s = d / (1 - Math.abs(2 * l - 1));
    let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h = (((h * 60 + degrees) % 360) + 360) % 360;
    const c = (1 - Math.abs(2 * l - 1)) * s;
    const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
    const m = l - c / 2;
    const [r1, g1, b1] =
        h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
    return [(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255];
}

/** Spine's `rrggbbaa` colour notation (slot tints). */
export function spineColor(color: Rgb, alpha = 1): string {
    return [...color, alpha * 255].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}
