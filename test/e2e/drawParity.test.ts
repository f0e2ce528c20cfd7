/**
 * The pool draws what stock spine-phaser draws (plugin/draw/PooledDraw.ts), compared pixel by pixel in
 * Chromium (WebGL): the crowd of fixtures/pages/parity.ts drawn by stock, by the pool with
 * `poseCache: 'off'` and with `poseCache: 'shared'`, on every stack: Phaser 3 + spine-phaser (4.2),
 * Phaser 3 + spine-phaser-v3 (4.3), and Phaser 4 + spine-phaser-v4 twice: stock objects and the
 * pool's made with its `'spine-webgl'` renderer (the pool's `renderer` option), and with its
 * default renderer (a Phaser Mesh2D per slot; the GPU path draws a served instance as those meshes
 * are drawn, colours and triangles included; with `gpuDraw` false the runtime draws it: there is
 * no CPU picture path for that renderer). Three frames at
 * different times are read back and each compared; with each, how the pool drew every instance
 * (the plugin's record): the path a test names must be the one that drew; and what reached the GPU
 * in that frame, counted at the WebGL level (fixtures/pages/glCalls.ts).
 *
 * - 'off' on Spine 4.2: the pool draws every instance slot by slot from its own skeleton, computed
 *   as spine-core computes it (a clipping one is left to the runtime): the same pixels as stock,
 *   exactly. On the 4.3 runtimes the pool leaves instances posed in full to the runtime: there the
 *   test compares the pool's posing as the runtime draws it, not the pool's drawing.
 * - Characters turned around by their skeleton's own scale (`skeleton.scaleX = -1`, `scaleY`) are
 *   served from samples made at that scale and drawn from their pictures like the others (the
 *   triangles wind the other way: nothing culls them); one is given `setFlipX`, which stock does not
 *   draw flipped, nor does the pool.
 * - 'shared' (the cache warmed by two passes over the same frames) draws most of the instances the
 *   picture can cover (no physics; tinted skeletons too: a team colour, a skeleton alpha, a hit
 *   flash changing every frame, over slots with a dark colour, their tint multiplied in where they
 *   are drawn, on the GPU in the record) from the cache's samples' picture, and no other instance
 *   (physics, a look the samples do not show, a clipping attachment: slot by slot on 4.2, by the
 *   runtime on 4.3); the samples' poses are within `poseCacheTolerance` (0.5
 *   skeleton px, at most 0.6 screen px at this crowd's scales) of stock's: a point of the picture
 *   moves less than a pixel, so a pixel is within the range of stock's 3×3 neighbourhood around it
 *   (plus 8 levels for texture filtering). Where a texture is minified (the minimap shows a
 *   skeleton px as a tenth of a screen px) a half-texel shift can pick another texel than stock's
 *   pixel did: at most 0.05% of the drawn pixels may do that (3 to 7 pixels of ~31,000 measured in
 *   the frames read). Measured: 450 to 830 pixels of ~31,000 drawn differ at all (10 of the 13
 *   instances the picture can cover drawn from it in each frame).
 */
import type { StackName } from '../../fixtures/headless/stack';
import { chromiumHint, findChromium } from '../../fixtures/browser/chromium';
import { testPageResult } from './testPage';
import type { ParityResult } from '../../fixtures/pages/parity';
import { compare, drawsMesh2d } from './pixels';

const chromiumPath = findChromium();
if (!chromiumPath) process.stderr.write(`\n*** e2e SKIPPED: ${chromiumHint}. Draw parity was not tested. ***\n\n`);
const maybe = chromiumPath ? describe : describe.skip;

const STACKS: { name: StackName; query: string }[] = [
    { name: 'phaser3', query: '' },
    { name: 'phaser3-spine43', query: '' },
    { name: 'phaser4', query: '?renderer=spine-webgl' },
    // spine-phaser-v4's default renderer, Phaser's batches binding one texture each (fixtures/pages/parity.ts
    // says why: with several, stock's own drawing drops pixels; measured in docs/drawing.md).
    { name: 'phaser4', query: '?maxTextures=1' },
];

for (const { name, query } of STACKS)
    maybe(`the pool draws what stock spine-phaser draws (Chromium, WebGL, ${name}${query})`, () => {
        const v43 = name !== 'phaser3';
        /** spine-phaser-v4's default renderer: with gpuDraw false the runtime draws served instances (no CPU picture path). */
        const mesh2d = drawsMesh2d(name, query);
        // On spine-phaser-v4's default renderer 0.1 %: Phaser splits a folded mesh's quads along their
        // other diagonal, which turns the cache's sub-pixel tolerance into more pixels (the runtime
        // drawing the pool's own poses, gpuDraw false: 40 of 74,720 in the first frame read, 0.054 %;
        // the GPU path the same).
        const fewOutside = (outside: number, drawn: number): boolean => outside <= drawn * (mesh2d ? 0.001 : 0.0005);
        let result: ParityResult;
        /** Frame `i` read back of `mode`. */
        const frame = (mode: 'stock' | 'off' | 'shared' | 'cpu' | 'mixed', i: number): Buffer => Buffer.from(result.frames[mode][i], 'base64');

        beforeAll(async () => {
            result = await testPageResult<ParityResult>(chromiumPath as string, name, 'parity', query, 'parityResult');
        }, 300000);

        test('the page ran every mode in WebGL without an error, and read back three frames of each', () => {
            expect(result.errors).toEqual([]);
            expect(result.renderer).toBe('WebGL');
            expect(result.readAt.length).toBe(3);
            for (const mode of ['stock', 'off', 'shared', 'cpu', 'mixed'] as const) expect(result.frames[mode].length).toBe(3);
            for (const mode of ['off', 'shared', 'cpu', 'mixed'] as const) expect(result.drawn[mode].length).toBe(3);
        });

        test("what reached the GPU, counted at the WebGL level (the instances of instanced draws, not the plugin's record): none for stock, for the pool's poses computed in full or with the GPU path off; with it on, at least every instance the record says was drawn there (the minimap draws some twice)", () => {
            result.readAt.forEach((at, i) => {
                const gl = (mode: 'stock' | 'off' | 'shared' | 'cpu' | 'mixed'): number => result.glInstances[mode][i];
                expect({ at, stock: gl('stock'), off: gl('off'), cpu: gl('cpu') }).toEqual({ at, stock: 0, off: 0, cpu: 0 });
                for (const mode of ['shared', 'mixed'] as const) {
                    const recorded = result.drawn[mode][i].gpu;
                    expect({ at, mode, recorded, gl: gl(mode), atLeastRecorded: gl(mode) >= recorded, some: gl(mode) >= 2 }).toEqual({
                        at,
                        mode,
                        recorded,
                        gl: gl(mode),
                        atLeastRecorded: true,
                        some: true,
                    });
                }
            });
        });

        test('stats().drawn reports how the pool drew its instances in each frame read', () => {
            for (const mode of ['off', 'shared', 'cpu', 'mixed'] as const) {
                result.readAt.forEach((at, i) => {
                    const { reported, gpu, picture, slots, runtime } = result.drawn[mode][i];
                    expect({ mode, at, reported }).toEqual({ mode, at, reported: { impostor: 0, gpu, picture, slots, runtime } });
                });
            }
        });

        test('stats().gpu: the GPU path available with it on (none with gpuDraw false), its texture held, and every instance drawn but not on the GPU counted by why', () => {
            for (const mode of ['off', 'shared', 'cpu', 'mixed'] as const) {
                result.readAt.forEach((at, i) => {
                    const counts = result.drawn[mode][i];
                    const { bytes, unavailable, missed } = counts.gpuStats;
                    const missedAll = Object.values(missed).reduce((sum, n) => sum + n, 0);
                    if (mode === 'cpu') {
                        expect({ mode, at, unavailable, missedAll }).toEqual({ mode, at, unavailable: 'off', missedAll: 0 });
                        return;
                    }
                    const drawn = counts.gpu + counts.picture + counts.slots + counts.runtime;
                    expect({ mode, at, unavailable, held: mode === 'off' || bytes > 0, everyOne: counts.gpu + missedAll }).toEqual({
                        mode,
                        at,
                        unavailable: null,
                        held: true,
                        everyOne: drawn,
                    });
                    expect({ mode, at, clipping: missed.clipping, renderer: missed.renderer, memory: missed.memory }).toEqual({
                        mode,
                        at,
                        clipping: counts.clipping,
                        renderer: 0,
                        memory: 0,
                    });
                    // Posed in full ('off'): not from the cache. Shared: every picture drawn on the GPU (the
                    // blended rigs' multiply and screen slots in segments, the flipbook's two pages in one
                    // draw): missed for \`picture\` only where there is none to draw from (two samples
                    // around an attachment switch picture different slots: drawn slot by slot or by the
                    // runtime); a tinted skeleton is no other look (its tint is in the record).
                    if (mode === 'off') expect({ mode, at, pose: missed.pose }).toEqual({ mode, at, pose: drawn - counts.clipping });
                    else {
                        const fromPicture = counts.pictureMissed.filter((which) => /: (gpu|picture)\//.test(which));
                        expect({ mode, at, picture: missed.picture, fromPicture, lookAtMostUntinted: missed.look <= counts.untinted }).toEqual({
                            mode,
                            at,
                            picture: counts.pictureMissed.length,
                            fromPicture: [],
                            lookAtMostUntinted: true,
                        });
                    }
                });
            }
        });

        test(`poseCache 'off': ${v43 ? 'left to the runtime (Spine 4.3: the pool poses, the runtime draws)' : 'drawn slot by slot by the pool'}, the same pixels as stock, exactly, in every frame read`, () => {
            result.readAt.forEach((at, i) => {
                const counts = result.drawn.off[i];
                expect(counts.instances).toBeGreaterThan(20);
                // Every instance by the path this test names (a clipping one is always the runtime's).
                if (v43) expect({ at, ...counts }).toEqual({ at, ...counts, gpu: 0, picture: 0, slots: 0, runtime: counts.instances });
                else
                    expect({ at, ...counts }).toEqual({
                        at,
                        ...counts,
                        gpu: 0,
                        picture: 0,
                        slots: counts.instances - counts.clipping,
                        runtime: counts.clipping,
                    });
                const { differ, drawn } = compare(frame('stock', i), frame('off', i), result.width, result.height, 0);
                expect({ at, drawn: drawn > result.width * result.height * 0.1 }).toEqual({ at, drawn: true }); // the crowd is on the picture
                expect({ at, differ }).toEqual({ at, differ: 0 });
            });
        });

        for (const mode of ['shared', 'cpu'] as const)
            test(`poseCache 'shared', ${mode === 'shared' ? 'the GPU path on: every one pictured on the GPU, of any page and blend mode' : mesh2d ? 'gpuDraw false: every one drawn by the runtime' : 'gpuDraw false: on the CPU'}; drawn from the samples, every pixel within the cache's tolerance of stock's`, () => {
                result.readAt.forEach((at, i) => {
                    const counts = result.drawn[mode][i];
                    if (mesh2d && mode === 'cpu') expect({ at, ...counts }).toEqual({ at, ...counts, gpu: 0, picture: 0, slots: 0, runtime: counts.instances });
                    else countsServed(at, mode, counts);
                    const { differ, outside, drawn } = compare(frame('stock', i), frame(mode, i), result.width, result.height, 8);
                    const pixels = { at, drawn, outside, differ };
                    expect({ ...pixels, fewOutside: fewOutside(outside, drawn), fewDiffer: differ < drawn * 0.05 }).toEqual({
                        ...pixels,
                        fewOutside: true,
                        fewDiffer: true,
                    });
                });
            });

        /** How the pool drew a frame of 'shared' or 'cpu' when the picture can be drawn: most served from it, by the path the mode names. */
        function countsServed(at: number, mode: 'shared' | 'cpu', counts: ParityResult['drawn']['shared'][number]): void {
            // Most of the instances the picture can cover drawn from it, and no other; every instance
            // drawn, the rest by the stack's other path. With the GPU path on, every one of them on the
            // GPU, over several pages and blend modes (multiply, screen) too.
            // (Each object names the frame and its numbers, so a failure says which and how far off.)
            const served = counts.gpu + counts.picture;
            expect({ at, ...counts, most: counts.plainPicture > counts.plain / 2 }).toEqual({
                at,
                ...counts,
                most: true,
                ...(mode === 'shared' ? { gpu: served, picture: 0 } : { gpu: 0, picture: served }),
                plainPicture: served,
            });
            // Nothing reads the untinted ones' skeletons (the page peeks): their bones are written only
            // where a draw needs them (a clipping one's, by the runtime), so the pixels check that too.
            expect({ at, ...counts }).toEqual({ at, ...counts, lazy: counts.untinted });
            // Tinted skeletons (a team colour, translucent, a flash changing every frame) drawn from
            // the samples as the untinted are (most of them: the same misses), on the GPU.
            expect({ at, ...counts, enough: counts.tinted >= 6, most: counts.tintedPicture > counts.tinted / 2 }).toEqual({
                at,
                ...counts,
                enough: true,
                most: true,
            });
            if (mode === 'shared')
                expect({ at, ...counts, someOnGpu: counts.gpu >= 3, tintedOnGpu: counts.tintedGpu >= 3 }).toEqual({
                    at,
                    ...counts,
                    someOnGpu: true,
                    tintedOnGpu: true,
                });
            else expect({ at, ...counts }).toEqual({ at, ...counts, gpu: 0 });
            expect({ at, ...counts }).toEqual({
                at,
                ...counts,
                ...(v43 ? { slots: 0 } : { runtime: counts.clipping }),
                instances: counts.gpu + counts.picture + counts.slots + counts.runtime,
            });
        }

        if (mesh2d)
            test("Phaser 4's default renderer: the GPU path draws the served poses as the runtime's Mesh2D meshes draw them (gpuDraw false: the same poses drawn by the runtime), Phaser's colours, tint modes and triangles, their corners in the same order: at most 1 in 10,000 drawn pixels outside the runtime's 3×3 range", () => {
                result.readAt.forEach((at, i) => {
                    const { differ, outside, drawn } = compare(frame('cpu', i), frame('shared', i), result.width, result.height, 8);
                    const pixels = { at, drawn, outside, differ };
                    // Measured: 1, 2 and 0 outside (89, 133 and 0 differing at all); with the triangles'
                    // corners in another order, 42, 16 and 45.
                    expect({ ...pixels, fewOutside: outside <= drawn * 0.0001, fewDiffer: differ < drawn * 0.01 }).toEqual({
                        ...pixels,
                        fewOutside: true,
                        fewDiffer: true,
                    });
                });
            });

        test("sequence attachments (the flipbook's 8-frame wings, frames on two pages): drawn from their samples' pictures as the frames switch between the frames read, on the GPU whichever page the frame is on, none missed as a look", () => {
            for (const mode of ['shared', 'cpu', 'mixed'] as const) {
                const frames = new Set<number>();
                let gpu = 0;
                result.readAt.forEach((at, i) => {
                    const { sequence } = result.drawn[mode][i];
                    sequence.frames.forEach((f) => frames.add(f));
                    gpu += sequence.gpu;
                    // Idle, walk and run key no slot colour: every one pictured, none missed for its look.
                    expect({ mode, at, ...sequence }).toEqual({
                        mode,
                        at,
                        ...sequence,
                        pictured: mesh2d && mode === 'cpu' ? 0 : 4, // the runtime draws them all there
                        look: 0,
                        ...(mode === 'cpu' ? { gpu: 0, picture: 0 } : { gpu: 4, picture: 0 }),
                    });
                });
                // Frames of both pages shown in the frames read (each instance's pixels compared with its twin's above).
                const shown = [...frames];
                expect({
                    mode,
                    shown,
                    firstPage: shown.some((f) => f >= 0 && f < 4),
                    secondPage: shown.some((f) => f >= 4),
                    several: frames.size >= 4,
                }).toEqual({
                    mode,
                    shown,
                    firstPage: true,
                    secondPage: true,
                    several: true,
                });
                if (mode !== 'cpu') expect({ mode, gpu: gpu > 0 }).toEqual({ mode, gpu: true });
            }
        });

        test("turned around by the skeleton's own scale (skeleton.scaleX, scaleY: served from samples made at that scale): drawn from their samples' pictures, some on the GPU with it on, none with gpuDraw false; their pixels are in the comparisons above", () => {
            for (const mode of ['shared', 'cpu'] as const) {
                // Over the frames read: a clipping attachment is always drawn by the runtime (or slot by
                // slot), and the look check sends some frames slot by slot, mirrored or not.
                const sum = { mirrored: 0, pictured: 0, gpu: 0 };
                for (const counts of result.drawn[mode]) {
                    sum.mirrored += counts.mirrored;
                    sum.pictured += counts.mirroredPicture + counts.mirroredClipping;
                    sum.gpu += counts.mirroredGpu;
                }
                expect({
                    mode,
                    ...sum,
                    mostPictured: mesh2d && mode === 'cpu' ? sum.pictured === 0 : sum.pictured >= sum.mirrored * 0.6,
                    onGpu: mode === 'shared' ? sum.gpu >= 3 : sum.gpu === 0,
                }).toEqual({
                    mode,
                    ...sum,
                    mirrored: 18, // tinted ones included: a tint is drawn with the samples too
                    mostPictured: true,
                    onGpu: true,
                });
            }
        });

        test("display order: the GPU path's draws between stock objects and Phaser's own, each where the display list puts it (every third character stock; a stack of four, pooled and stock in turn, each over the one before), within the cache's tolerance of stock's", () => {
            result.readAt.forEach((at, i) => {
                const counts = result.drawn.mixed[i];
                expect({ at, ...counts, someOnGpu: counts.gpu >= 2, tintedOnGpu: counts.tintedGpu >= 1 }).toEqual({
                    at,
                    ...counts,
                    someOnGpu: true,
                    tintedOnGpu: true,
                });
                const { differ, outside, drawn } = compare(frame('stock', i), frame('mixed', i), result.width, result.height, 8);
                const pixels = { at, drawn, outside, differ };
                expect({ ...pixels, fewOutside: fewOutside(outside, drawn), fewDiffer: differ < drawn * 0.05 }).toEqual({
                    ...pixels,
                    fewOutside: true,
                    fewDiffer: true,
                });
            });
        });
    });
