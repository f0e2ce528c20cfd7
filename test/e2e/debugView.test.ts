/**
 * The debug view (the `debug` option) drawn by a real browser: the page of fixtures/pages/debugView.ts
 * (three pooled characters, one per distance tier) is run in Chromium (WebGL) on every stack, Phaser 3
 * (spine-phaser and spine-phaser-v3) and Phaser 4 (spine-phaser-v4), and in Canvas on Phaser 3 + spine-phaser (whose Canvas
 * renderer writes each skeleton's x, y and scale as it draws: tiers and extents must not follow them). The frames are read back: with the view on, each character's origin square is its
 * tier's colour (the package's DEBUG_TIER_COLORS, as the page's bundle exports them) where the camera
 * shows its origin, also zoomed and scrolled; with the view off (before, and after it was turned
 * off), no pixel has any tier's colour.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildPage } from '../../bench/browser';
import type { StackName } from '../../fixtures/headless/stack';
import { chromiumHint, findChromium, launchChromium } from '../../fixtures/browser/chromium';
import type { DebugFrame, DebugViewResult } from '../../fixtures/pages/debugView';

/** The side of the square the view draws at each origin, px (plugin/DebugView.ts ORIGIN_SQUARE). */
const ORIGIN_SQUARE = 8;
/** What the package exports, as the test expects it (the page reports the bundle's own). */
const DEBUG_TIER_COLORS = { high: 0x3ddc84, mid: 0xffc107, low: 0xff5252, offscreen: 0x9e9e9e, inactive: 0x7e57c2 };

const chromiumPath = findChromium();
if (!chromiumPath) process.stderr.write(`\n*** e2e SKIPPED: ${chromiumHint}. The debug view was not tested in a browser. ***\n\n`);
const maybe = chromiumPath ? describe : describe.skip;

const STACKS: StackName[] = ['phaser3', 'phaser3-spine43', 'phaser4'];

type Tier = keyof typeof DEBUG_TIER_COLORS;
const TIERS = Object.keys(DEBUG_TIER_COLORS) as Tier[];

/** The colour at (x, y) of a frame, 0xRRGGBB. */
function colorAt(frame: DebugFrame, width: number, x: number, y: number): number {
    const pixels = Buffer.from(frame.pixels, 'base64');
    const i = (Math.round(y) * width + Math.round(x)) * 4;
    return (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
}

/** How many pixels of a frame have each tier's colour, exactly. */
function tierPixels(frame: DebugFrame): Record<Tier, number> {
    const pixels = Buffer.from(frame.pixels, 'base64');
    const counts = Object.fromEntries(TIERS.map((tier) => [tier, 0])) as Record<Tier, number>;
    for (let i = 0; i < pixels.length; i += 4) {
        const color = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
        for (const tier of TIERS) if (color === DEBUG_TIER_COLORS[tier]) counts[tier]++;
    }
    return counts;
}

/** Pixels that are not the background: the characters are drawn. */
function drawnPixels(frame: DebugFrame): number {
    const pixels = Buffer.from(frame.pixels, 'base64');
    let drawn = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] !== 0x10 || pixels[i + 1] !== 0x10 || pixels[i + 2] !== 0x10) drawn++;
    return drawn;
}

/** Each stack in WebGL, and Phaser 3 + spine-phaser in Canvas. */
const RUNS: { name: StackName; renderer: 'WebGL' | 'Canvas' }[] = [
    ...STACKS.map((name) => ({ name, renderer: 'WebGL' as const })),
    { name: 'phaser3', renderer: 'Canvas' },
];

for (const { name, renderer } of RUNS)
    maybe(`the debug view in Chromium (${renderer}, ${name})`, () => {
        let result: DebugViewResult;

        beforeAll(async () => {
            const page = join(buildPage(name), '..', 'debugView.html');
            const browser = await launchChromium(chromiumPath as string);
            try {
                const tab = await browser.context.newPage();
                const errors: string[] = [];
                tab.on('pageerror', (error) => errors.push(String(error)));
                const url = pathToFileURL(page);
                if (renderer === 'Canvas') url.search = '?renderer=canvas';
                await tab.goto(url.href, { waitUntil: 'load', timeout: 240000 });
                await tab.waitForFunction(() => document.body.dataset.done === 'true', undefined, { timeout: 240000 });
                result = (await tab.evaluate(() => (window as unknown as { debugViewResult: unknown }).debugViewResult)) as DebugViewResult;
                result.errors.push(...errors);
            } finally {
                await browser.close();
            }
        }, 300000);

        test(`the page ran in ${renderer} without an error, the characters in the high, mid and low tiers`, () => {
            expect(result.errors).toEqual([]);
            expect(result.colors).toEqual(DEBUG_TIER_COLORS);
            expect(result.renderer).toBe(renderer);
            expect(result.phaser.startsWith(name === 'phaser4' ? '4.' : '3.')).toBe(true);
            for (const frame of [result.off, result.on, result.zoomed, result.offAgain])
                expect(frame.characters.map((c) => c.tier)).toEqual(['high', 'mid', 'low']);
        });

        test("on: each character's origin square shows its tier's colour where the camera shows its origin, zoomed and scrolled too", () => {
            for (const frame of [result.on, result.zoomed]) {
                const found = frame.characters.map(({ tier, x, y }) => ({ tier, color: colorAt(frame, result.width, x, y).toString(16) }));
                expect(found).toEqual(frame.characters.map(({ tier }) => ({ tier, color: DEBUG_TIER_COLORS[tier as Tier].toString(16) })));
                const counts = tierPixels(frame);
                // At least most of each square (a box's line may cross one), and the boxes' outlines.
                for (const tier of ['high', 'mid', 'low'] as const)
                    expect({ tier, enough: counts[tier] >= (ORIGIN_SQUARE * ORIGIN_SQUARE) / 2 }).toEqual({ tier, enough: true });
            }
        });

        test(`stats().drawn counts the three characters drawn in each frame read${renderer === 'Canvas' ? ', by the runtime (Canvas)' : ''}`, () => {
            for (const frame of [result.off, result.on, result.zoomed, result.offAgain]) {
                const { gpu, picture, slots, runtime } = frame.drawn;
                expect(gpu + picture + slots + runtime).toBe(3);
                if (renderer === 'Canvas') expect(frame.drawn).toEqual({ impostor: 0, gpu: 0, picture: 0, slots: 0, runtime: 3 });
            }
        });

        test('off (before the view was turned on, and after it was turned off): no pixel has a tier colour, though the characters are drawn', () => {
            const none = Object.fromEntries(TIERS.map((tier) => [tier, 0]));
            for (const frame of [result.off, result.offAgain]) {
                expect(drawnPixels(frame)).toBeGreaterThan(1000);
                expect(tierPixels(frame)).toEqual(none);
            }
        });
    });
