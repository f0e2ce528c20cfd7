/** Comparing frames read back from Chromium (RGBA, the same size), for the e2e pages. */
import type { StackName } from '../../fixtures/headless/stack';

/** Pixels of `b` differing from `a`'s (any channel); and those outside `a`'s 3×3 neighbourhood range by more than `slack`. */
export function compare(a: Buffer, b: Buffer, width: number, height: number, slack: number): { differ: number; outside: number; drawn: number } {
    let differ = 0;
    let outside = 0;
    let drawn = 0;
    const background = [a[0], a[1], a[2]];
    for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
            const i = (y * width + x) * 4;
            if (a[i] !== background[0] || a[i + 1] !== background[1] || a[i + 2] !== background[2]) drawn++;
            if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2] && a[i + 3] === b[i + 3]) continue;
            differ++;
            for (let c = 0; c < 4; c++) {
                let lo = 255;
                let hi = 0;
                for (let dy = -1; dy <= 1; dy++) {
                    for (let dx = -1; dx <= 1; dx++) {
                        const nx = Math.min(width - 1, Math.max(0, x + dx));
                        const ny = Math.min(height - 1, Math.max(0, y + dy));
                        const v = a[(ny * width + nx) * 4 + c];
                        if (v < lo) lo = v;
                        if (v > hi) hi = v;
                    }
                }
                if (b[i + c] < lo - slack || b[i + c] > hi + slack) {
                    outside++;
                    break;
                }
            }
        }
    }
    return { differ, outside, drawn };
}

/**
 * Within the pose cache's tolerance of `a` (drawParity.test.ts says why): a pixel outside `a`'s 3×3
 * range by more than 8 levels at most once in 1,000 drawn (where a texture is minified a shift of a
 * fraction of a pixel picks another texel: 5 to 9 of ~14,000 in gpuLife's crowd, from the CPU
 * pictures as from the GPU), fewer than 15 % differing at all (a crowd of small characters is mostly
 * edges). A character missing or misplaced is far beyond both.
 */
export function withinTolerance(a: Buffer, b: Buffer, width: number, height: number): { drawn: number; outside: number; differ: number; within: boolean } {
    const { differ, outside, drawn } = compare(a, b, width, height, 8);
    return { drawn, outside, differ, within: drawn > 0 && outside <= drawn * 0.001 && differ < drawn * 0.15 };
}

/** Whether a page of stack `name` opened with `query` draws with spine-phaser-v4's default renderer (Mesh2D slots): Phaser 4 without `renderer=`. */
export function drawsMesh2d(name: StackName, query: string): boolean {
    return name === 'phaser4' && !query.includes('renderer=');
}

/**
 * Pixels of `b` where some channel differs from `a`'s by more than `threshold` levels (the same
 * pixel, no neighbourhood), and `a`'s drawn pixels (not its background, the top left pixel's
 * colour): the share `beyond / drawn` says how much of a picture another drawing of it changes.
 */
export function differBeyond(a: Buffer, b: Buffer, width: number, height: number, threshold: number): { drawn: number; beyond: number } {
    let drawn = 0;
    let beyond = 0;
    for (let i = 0; i < width * height * 4; i += 4) {
        if (a[i] !== a[0] || a[i + 1] !== a[1] || a[i + 2] !== a[2]) drawn++;
        const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3]));
        if (d > threshold) beyond++;
    }
    return { drawn, beyond };
}

/**
 * Where a drawing is in each of `cells` (x0, y0 to x1, y1 excluded, from the top left; `a` read back
 * bottom row first): the centroid of its pixels weighted by how far each is from the background (the
 * top left pixel's colour), or null where nothing is drawn.
 */
export function centroids(
    a: Buffer,
    width: number,
    height: number,
    cells: readonly { x0: number; y0: number; x1: number; y1: number }[],
): ({ x: number; y: number } | null)[] {
    return cells.map(({ x0, y0, x1, y1 }) => {
        let sum = 0;
        let sx = 0;
        let sy = 0;
        for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
            for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
                const i = ((height - 1 - y) * width + x) * 4;
                const w = Math.max(Math.abs(a[i] - a[0]), Math.abs(a[i + 1] - a[1]), Math.abs(a[i + 2] - a[2]));
                sum += w;
                sx += w * x;
                sy += w * y;
            }
        }
        return sum === 0 ? null : { x: sx / sum, y: sy / sum };
    });
}
