/**
 * The pool draws what stock spine-phaser draws (plugin/PooledDraw.ts), compared pixel by pixel in
 * Chromium (WebGL): the crowd of test/e2e/drawParity/page.ts drawn by stock, by the pool with
 * `poseCache: 'off'` and with `poseCache: 'shared'`, on every stack: Phaser 3 + spine-phaser (4.2),
 * Phaser 3 + spine-phaser-v3 (4.3), and Phaser 4 + spine-phaser-v4 with stock objects and the
 * pool's both made with its `'spine-webgl'` renderer (the pool's `renderer` option; with the
 * runtime's default Mesh2D renderer pooled instances are drawn by the runtime).
 *
 * - 'off' draws every vertex from the instance's own skeleton, computed as spine-core computes it:
 *   the same pixels as stock, exactly.
 * - 'shared' draws from the cache's samples, whose poses are within `poseCacheTolerance` (0.5
 *   skeleton px, at most 0.6 screen px at this crowd's scales) of stock's: a point of the picture
 *   moves less than a pixel, so a pixel is within the range of stock's 3×3 neighbourhood around it
 *   (plus 8 levels for texture filtering). Where a texture is minified (the minimap shows a
 *   skeleton px as a tenth of a screen px) a half-texel shift can pick another texel than stock's
 *   pixel did: at most 0.05% of the drawn pixels may do that (1 pixel of ~31,000 measured).
 *   Measured: 223 pixels of ~31,000 drawn differ at all.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildPage } from '../../bench/browser';
import type { StackName } from '../harness/stack';
import { chromiumHint, findChromium, launchChromium } from './chromium';

const chromiumPath = findChromium();
if (!chromiumPath) process.stderr.write(`\n*** e2e SKIPPED: ${chromiumHint}. Draw parity was not tested. ***\n\n`);
const maybe = chromiumPath ? describe : describe.skip;

interface ParityResult {
    renderer: string;
    width: number;
    height: number;
    frames: Record<'stock' | 'off' | 'shared', string>;
    sharedHits: number;
    errors: string[];
}

/** Pixels of `b` differing from `a`'s (any channel); and those outside `a`'s 3×3 neighbourhood range by more than `slack`. */
function compare(a: Buffer, b: Buffer, width: number, height: number, slack: number): { differ: number; outside: number; drawn: number } {
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

const STACKS: { name: StackName; query: string }[] = [
    { name: 'phaser3', query: '' },
    { name: 'phaser3-spine43', query: '' },
    { name: 'phaser4', query: '?renderer=spine-webgl' },
];

for (const { name, query } of STACKS) maybe(`the pool draws what stock spine-phaser draws (Chromium, WebGL, ${name}${query})`, () => {
    let result: ParityResult;

    beforeAll(async () => {
        const page = join(buildPage(name), '..', 'parity.html');
        const browser = await launchChromium(chromiumPath as string);
        try {
            const tab = await browser.context.newPage();
            const errors: string[] = [];
            tab.on('pageerror', (error) => errors.push(String(error)));
            await tab.goto(pathToFileURL(page).href + query, { waitUntil: 'load', timeout: 240000 });
            await tab.waitForFunction(() => document.body.dataset.done === 'true', undefined, { timeout: 240000 });
            result = (await tab.evaluate(() => (window as unknown as { parityResult: unknown }).parityResult)) as ParityResult;
            result.errors.push(...errors);
        } finally {
            await browser.close();
        }
    }, 300000);

    test('the page ran every mode in WebGL without an error', () => {
        expect(result.errors).toEqual([]);
        expect(result.renderer).toBe('WebGL');
    });

    test("poseCache 'off': the same pixels as stock, exactly", () => {
        const stock = Buffer.from(result.frames.stock, 'base64');
        const off = Buffer.from(result.frames.off, 'base64');
        const { differ, drawn } = compare(stock, off, result.width, result.height, 0);
        expect(drawn).toBeGreaterThan(result.width * result.height * 0.1); // the crowd is on the picture
        expect(differ).toBe(0);
    });

    test("poseCache 'shared': drawn from the samples, every pixel within the cache's tolerance of stock's", () => {
        const stock = Buffer.from(result.frames.stock, 'base64');
        const shared = Buffer.from(result.frames.shared, 'base64');
        expect(result.sharedHits).toBeGreaterThan(5); // the samples' path was taken
        const { differ, outside, drawn } = compare(stock, shared, result.width, result.height, 8);
        expect(outside).toBeLessThanOrEqual(drawn * 0.0005);
        expect(differ).toBeLessThan(drawn * 0.05);
    });
});
