/**
 * Impostors draw small characters within half a pixel of stock spine-phaser, in Chromium (WebGL):
 * the crowds of fixtures/pages/impostors.ts, 20, 32 and 48 px tall, drawn by stock, by stock with
 * every character moved by 0.5 screen px (`proxy`: the baseline, what moving every drawn point by
 * half a pixel does), by the pool on its GPU path with no impostor (`impostorBelow: 0`, `exact`: the
 * noise floor), with impostors (`impostorBelow: 64`: each served instance one textured quad of its
 * sample's picture rendered at a scale bucket) and with `gpuDraw: false` (`cpu`, no impostor
 * possible), on every stack: Phaser 3 + spine-phaser (4.2), Phaser 3 + spine-phaser-v3 (4.3), Phaser
 * 4 + spine-phaser-v4 with its `'spine-webgl'` renderer, and with its default renderer (Mesh2D
 * slots, one texture a batch), where impostors are not drawn (the GPU path draws its served
 * instances as the runtime's meshes are drawn).
 *
 * The measure: the share of stock's drawn pixels (not the background) at which a mode's frame
 * differs from stock's by more than NOISE levels in some channel, summed over the frames read of a
 * size; every mode's share at most the proxy's. NOISE is 24 levels: the exact path (stock's
 * textures and triangles, its poses within the pose cache's 0.5 skeleton px tolerance) differs from
 * stock at 1.6 to 3 % of the drawn pixels at all, at 0.3 to 0.6 % by more than 8 levels and at 0.06
 * to 0.14 % by more than 24 (measured on every stack): beyond 24 levels is not texture filtering's
 * noise. (At these sizes a 712 px rig is drawn from a 1024² page minified 15 to 35 times without
 * mipmaps: half a pixel's shift picks other texels, so the proxy differs at about half the drawn
 * pixels.) Measured on the three spine-webgl stacks, impostor / proxy shares beyond 24 levels:
 * 56–58 / 69–70 % at 20 px, 51–52 / 56–57 % at 32 px, 41–42 / 47–48 % at 48 px (exact and cpu
 * 0.06–0.14 %; printed by the test). With the impostors drawn 0.5 px to the right, 82 / 70 / 57 %:
 * the test fails. Their differences are many small ones (their picture is smoother than stock's
 * aliased sampling): the shares beyond 8 levels at 32 and 48 px (82–84 %, 70–71 %) are above the
 * proxy's (79–80 %, 68 %); so the band holds for differences beyond filtering's, not for every one.
 *
 * Where each character is: the centroid of its pixels (weighted by their distance from the
 * background, in its cell of the grid) is within half a pixel of stock's, root mean square over
 * every character and frame, and nearer than the proxy's (measured 0.28–0.29 px against 0.62; the
 * images drawn 0.7 px to the right: 0.72, the test fails).
 *
 * Also: a crowd of a size no mode drew (every image drawn in its first frame, read back), each
 * character after a Phaser rectangle in the display list: the rectangles keep their pixels (an image
 * drawn while Phaser's own batch was open lost them on Phaser 3: the test failed); and the crowd
 * drawn again after a lost and restored context (every image drawn again): the same pixels as before.
 */
import type { StackName } from '../../fixtures/headless/stack';
import { chromiumHint, findChromium } from '../../fixtures/browser/chromium';
import { testPageResult } from './testPage';
import type { ImpostorResult, Mode, PoolMode } from '../../fixtures/pages/impostors';
import { centroids, differBeyond, drawsMesh2d } from './pixels';

const chromiumPath = findChromium();
if (!chromiumPath) process.stderr.write(`\n*** e2e SKIPPED: ${chromiumHint}. Impostor parity was not tested. ***\n\n`);
const maybe = chromiumPath ? describe : describe.skip;

const STACKS: { name: StackName; query: string }[] = [
    { name: 'phaser3', query: '' },
    { name: 'phaser3-spine43', query: '' },
    { name: 'phaser4', query: '?renderer=spine-webgl' },
    // spine-phaser-v4's default renderer, one texture a batch (fixtures/pages/parity.ts says why): no impostors there.
    { name: 'phaser4', query: '?maxTextures=1' },
];

/** Levels (0–255) by which a channel may differ from stock's before the pixel counts as differing (the file's comment says why 24). */
const NOISE = 24;
const SIZES = [20, 32, 48];
const POOL_MODES: Exclude<PoolMode, 'lost'>[] = ['exact', 'impostor', 'cpu'];
type Compared = Exclude<Mode, 'stock' | 'lost' | 'fresh'>;
const COMPARED: Compared[] = ['proxy', 'exact', 'impostor', 'cpu'];
/** The size the page draws `lost` at (fixtures/pages/impostors.ts LOST_SIZE). */
const LOST_SIZE = 32;

for (const { name, query } of STACKS)
    maybe(`impostors draw within half a pixel of stock (Chromium, WebGL, ${name}${query})`, () => {
        /** spine-phaser-v4's default renderer: no impostors (its served instances are drawn as Mesh2D meshes). */
        const mesh2d = drawsMesh2d(name, query);
        let result: ImpostorResult;
        /** Per size: stock's drawn pixels and each mode's pixels differing beyond NOISE, summed over the frames read. */
        const shares: { size: number; drawn: number; beyond: Record<Compared, number> }[] = [];
        const share = (s: number, mode: Compared): number => shares[s].beyond[mode] / shares[s].drawn;

        beforeAll(async () => {
            result = await testPageResult<ImpostorResult>(chromiumPath as string, name, 'impostors', query, 'impostorResult');
            const frame = (mode: Mode, s: number, f: number): Buffer => Buffer.from(result.frames[mode][s][f], 'base64');
            result.sizes.forEach((size, s) => {
                const entry = { size, drawn: 0, beyond: { proxy: 0, exact: 0, impostor: 0, cpu: 0 } };
                for (const mode of COMPARED)
                    result.readAt.forEach((_, f) => {
                        const { drawn, beyond } = differBeyond(frame('stock', s, f), frame(mode, s, f), result.width, result.height, NOISE);
                        if (mode === 'proxy') entry.drawn += drawn;
                        entry.beyond[mode] += beyond;
                    });
                shares.push(entry);
            });
            const percent = (s: number, mode: Compared): string => `${(100 * share(s, mode)).toFixed(2)} %`;
            process.stdout.write(
                `\nimpostor parity, ${name}${query}: the share of stock's drawn pixels differing by more than ${NOISE} levels (frames ${result.readAt.join(', ')})\n` +
                    shares
                        .map(
                            (e, s) =>
                                `  ${e.size} px (${e.drawn} drawn): proxy ${percent(s, 'proxy')}, exact ${percent(s, 'exact')}, impostor ${percent(s, 'impostor')}, cpu ${percent(s, 'cpu')}; ` +
                                `drawn.impostor ${result.drawn.impostor[s].map((d) => d.impostor).join('/')} of ${result.instances}\n`,
                        )
                        .join(''),
            );
        }, 300000);

        test('the page ran every size and mode in WebGL without an error, and read back its frames', () => {
            expect(result.errors).toEqual([]);
            expect(result.renderer).toBe('WebGL');
            expect(result.sizes).toEqual(SIZES);
            expect(result.proxyShift).toBe(0.5);
            for (const mode of ['stock', ...COMPARED] as Mode[])
                expect({ mode, frames: result.frames[mode].map((f) => f.length) }).toEqual({ mode, frames: SIZES.map(() => result.readAt.length) });
            for (const mode of POOL_MODES)
                expect({ mode, drawn: result.drawn[mode].map((d) => d.length) }).toEqual({ mode, drawn: SIZES.map(() => result.readAt.length) });
        });

        test(`stats().drawn: every instance drawn in every frame read; ${mesh2d ? 'no impostor in any mode (this renderer has none)' : 'most as impostors with impostorBelow 64, none with 0 or with gpuDraw false'}`, () => {
            for (const mode of POOL_MODES)
                result.sizes.forEach((size, s) =>
                    result.readAt.forEach((at, f) => {
                        const drawn = result.drawn[mode][s][f];
                        const all = Object.values(drawn).reduce((sum, n) => sum + n, 0);
                        const impostors = mode === 'impostor' && !mesh2d;
                        expect({ mode, size, at, ...drawn, all, most: impostors ? drawn.impostor > result.instances / 2 : drawn.impostor === 0 }).toEqual({
                            mode,
                            size,
                            at,
                            ...drawn,
                            all: result.instances,
                            most: true,
                        });
                    }),
                );
        });

        test(
            mesh2d
                ? 'no context loss run (no impostor on this renderer)'
                : `after the context is lost and restored, the impostors are drawn again: the same pixels and the same count as before the loss (${LOST_SIZE} px)`,
            () => {
                if (mesh2d) {
                    expect(result.frames.lost).toEqual([]);
                    return;
                }
                const s = SIZES.indexOf(LOST_SIZE);
                expect(result.frames.lost.length).toBe(1);
                result.readAt.forEach((at, f) => {
                    const same = result.frames.lost[0][f] === result.frames.impostor[s][f];
                    expect({ at, drawn: result.drawn.lost[0][f], same }).toEqual({ at, drawn: result.drawn.impostor[s][f], same: true });
                });
            },
        );

        test(
            mesh2d
                ? 'no fresh-image run (no impostor on this renderer)'
                : "in a frame whose images are all drawn then (a size not drawn before), Phaser's objects drawn between the characters keep their pixels",
            () => {
                if (mesh2d) {
                    expect(result.frames.fresh).toEqual([]);
                    return;
                }
                const frame = Buffer.from(result.frames.fresh[0][0], 'base64');
                const colour = [(result.rectColor >> 16) & 255, (result.rectColor >> 8) & 255, result.rectColor & 255];
                const wrong = result.rects.filter(({ x, y }) => {
                    const i = ((result.height - 1 - y) * result.width + x) * 4; // read back bottom row first
                    return colour.some((c, k) => Math.abs(frame[i + k] - c) > 2);
                });
                expect({ images: result.drawn.fresh[0][0].impostor > result.instances / 2, rects: result.rects.length, wrong }).toEqual({
                    images: true,
                    rects: result.instances,
                    wrong: [],
                });
            },
        );

        test(
            mesh2d
                ? 'where each character is drawn: no impostor on this renderer'
                : 'each character drawn as an image is where stock draws it: the centroids of their pixels within half a pixel (root mean square), nearer than stock moved by half a pixel',
            () => {
                if (mesh2d) return;
                const frame = (mode: Mode, s: number, f: number): Buffer => Buffer.from(result.frames[mode][s][f], 'base64');
                const rms = (mode: Mode): number => {
                    let sum = 0;
                    let n = 0;
                    result.sizes.forEach((_, s) =>
                        result.readAt.forEach((__, f) => {
                            const stock = centroids(frame('stock', s, f), result.width, result.height, result.cells[s]);
                            const other = centroids(frame(mode, s, f), result.width, result.height, result.cells[s]);
                            stock.forEach((c, k) => {
                                const o = other[k];
                                if (c === null || o === null) return;
                                sum += (c.x - o.x) ** 2 + (c.y - o.y) ** 2;
                                n++;
                            });
                        }),
                    );
                    return Math.sqrt(sum / n);
                };
                const measured = { impostor: rms('impostor'), proxy: rms('proxy') };
                process.stdout.write(
                    `impostor parity, ${name}${query}: centroid distance to stock's (rms, px): impostor ${measured.impostor.toFixed(3)}, proxy ${measured.proxy.toFixed(3)}\n`,
                );
                expect({ ...measured, withinHalf: measured.impostor <= 0.5, nearerThanProxy: measured.impostor < measured.proxy }).toEqual({
                    ...measured,
                    withinHalf: true,
                    nearerThanProxy: true,
                });
            },
        );

        test('every size drawn: the crowd on the picture, and moving it by half a pixel changes a good share of it', () => {
            shares.forEach(({ size, drawn }, s) => {
                // 30 characters, 20 px tall: some 2,000 drawn pixels a frame at least.
                expect({ size, drawn: drawn > 2000 * result.readAt.length, proxy: share(s, 'proxy') > 0.2 }).toEqual({ size, drawn: true, proxy: true });
            });
        });

        for (const [i, size] of SIZES.entries())
            test(`${size} px tall: the share of drawn pixels differing from stock's by more than ${NOISE} levels, with impostors (${mesh2d ? 'none here' : 'most drawn so'}), on the GPU path without them and with gpuDraw false, at most the share of stock moved by half a pixel`, () => {
                const measured = { size, proxy: share(i, 'proxy'), exact: share(i, 'exact'), impostor: share(i, 'impostor'), cpu: share(i, 'cpu') };
                expect({
                    ...measured,
                    exactWithinProxy: measured.exact <= measured.proxy,
                    impostorWithinProxy: measured.impostor <= measured.proxy,
                    cpuWithinProxy: measured.cpu <= measured.proxy,
                }).toEqual({ ...measured, exactWithinProxy: true, impostorWithinProxy: true, cpuWithinProxy: true });
            });
    });
