/**
 * Drawn is seen (plugin/UpdatePass.ts `drawnThrough`), in Chromium on every stack: characters drawn
 * only into a RenderTexture each frame, every camera ignoring them (fixtures/pages/renderTexture.ts).
 * Pooled ones, with the README's "every instance every frame" configuration, are posed every frame as
 * stock's are, so the texture on screen shows stock's pixels within the pose cache's tolerance (a
 * point of a served pose moves less than a pixel: each pixel within stock's 3×3 neighbourhood, plus 8
 * levels); with default options none of them is off screen (their tier follows the size they were
 * drawn at) and their poses are served from the cache.
 */
import type { StackName } from '../../fixtures/headless/stack';
import { chromiumHint, findChromium } from '../../fixtures/browser/chromium';
import { testPageResult } from './testPage';
import { compare, drawsMesh2d } from './pixels';
import type { RenderTextureResult } from '../../fixtures/pages/renderTexture';

const chromiumPath = findChromium();
if (!chromiumPath) process.stderr.write(`\n*** e2e SKIPPED: ${chromiumHint}. Drawing into a RenderTexture was not tested. ***\n\n`);
const maybe = chromiumPath ? describe : describe.skip;

const STACKS: { name: StackName; query: string }[] = [
    { name: 'phaser3', query: '' },
    { name: 'phaser3-spine43', query: '' },
    { name: 'phaser4', query: '?renderer=spine-webgl' },
    // spine-phaser-v4's default renderer, one texture a Phaser batch (fixtures/pages/parity.ts says why).
    { name: 'phaser4', query: '?maxTextures=1' },
];

/** Drawn pixels that may fall outside stock's neighbourhood: a half-texel shift where the texture is minified (measured in draw parity: 0.05 %; on Phaser 4's default renderer 0.1 %, see test/e2e/drawParity.test.ts). */
const outsideShare = (name: StackName, query: string): number => (drawsMesh2d(name, query) ? 0.001 : 0.0005);

for (const { name, query } of STACKS)
    maybe(`characters drawn only into a RenderTexture are seen (Chromium, WebGL, ${name}${query})`, () => {
        let result: RenderTextureResult;
        const frame = (mode: 'stock' | 'every' | 'defaults', i: number): Buffer => Buffer.from(result.frames[mode][i], 'base64');

        beforeAll(async () => {
            result = await testPageResult<RenderTextureResult>(chromiumPath as string, name, 'renderTexture', query, 'renderTextureResult');
        }, 300000);

        test('the page ran every mode in WebGL without an error, and read back three frames of each', () => {
            expect(result.errors).toEqual([]);
            expect(result.renderer).toBe('WebGL');
            for (const mode of ['stock', 'every', 'defaults'] as const) expect(result.frames[mode].length).toBe(result.readAt.length);
        });

        test("with every instance every frame: posed in every frame it is drawn into the texture, the texture's pixels stock's within the cache's tolerance", () => {
            result.readAt.forEach((at, i) => {
                const { differ, outside, drawn } = compare(frame('stock', i), frame('every', i), result.width, result.height, 8);
                expect({ at, drawn: drawn > 1000 }).toEqual({ at, drawn: true }); // the characters are in the texture
                expect({ at, drawn, outsidePixels: outside, outside: outside <= drawn * outsideShare(name, query) }).toEqual({
                    at,
                    drawn,
                    outsidePixels: outside,
                    outside: true,
                });
                expect({ at, differ: differ < drawn }).toEqual({ at, differ: true });
                expect(result.seen.every[i].map((s) => s.tier)).toEqual(result.seen.every[i].map(() => 'high'));
            });
        });

        test('with default options: no character drawn into the texture is off screen, and their poses come from the cache', () => {
            result.readAt.forEach((at, i) => {
                const seen = result.seen.defaults[i];
                expect({ at, offscreen: seen.filter((s) => s.tier === 'offscreen').length }).toEqual({ at, offscreen: 0 });
                expect({ at, served: seen.filter((s) => s.posedBy === null).length > seen.length / 2 }).toEqual({ at, served: true });
            });
        });
    });
