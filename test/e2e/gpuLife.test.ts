/**
 * The GPU path survives what browsers do to it, in Chromium (WebGL), on every stack: Phaser 3 +
 * spine-phaser (4.2), Phaser 3 + spine-phaser-v3 (4.3), Phaser 4 + spine-phaser-v4 with its
 * `'spine-webgl'` renderer (the pool's `renderer` option) and with its default Mesh2D renderer
 * (pooled instances drawn by it). The page is fixtures/pages/gpuLife.ts; what reached the GPU is
 * counted at the WebGL level (fixtures/pages/glCalls.ts), never read from the plugin's record.
 *
 * - A context lost mid-run (`WEBGL_lose_context`) and restored: no page error and no WebGL error in
 *   the console; `stats().gpu.unavailable` is `'context-lost'` while it is lost; after the restore
 *   stock draws exactly what it draws without a loss (on spine-phaser 4.2 because the pool restores
 *   spine-webgl's objects, which that runtime leaves lost), and the pool draws on the GPU again, its
 *   pixels within the pose cache's tolerance of stock's (drawParity.test.ts says what that is).
 * - A GPU path that does not build or does not read its float texture falls back to the CPU
 *   pictures with its reason: the crowd's shaders broken (`'shader'`, the driver's log in a
 *   development warning), float uploads read as zeros (`'vertex-textures'`, caught by the probe
 *   drawn when the crowd is made); nothing drawn instanced, pixels within tolerance of stock's.
 * - A game made, drawn on the GPU and destroyed 20 times, then 20 with stock objects only: the
 *   scene's shutdown deletes the GPU path's programs and texture; every
 *   program and float texture the GPU path made is deleted, the pooled games leave no more GL
 *   objects than the stock ones, and no destroyed game's renderer is reachable after a forced GC.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPage } from '../../bench/browser';
import { chromiumHint, findChromium, launchChromium } from '../../fixtures/browser/chromium';
import type { StackName } from '../../fixtures/headless/stack';
import { KINDS } from '../../fixtures/pages/glCalls';
import type { LifeResult } from '../../fixtures/pages/gpuLife';
import { compare, drawsMesh2d, withinTolerance } from './pixels';

const chromiumPath = findChromium();
if (!chromiumPath) process.stderr.write(`\n*** e2e SKIPPED: ${chromiumHint}. The GPU path's life was not tested. ***\n\n`);
const maybe = chromiumPath ? describe : describe.skip;

/** What the page left, its page errors and its console's WebGL errors (Chromium's "WebGL: INVALID_OPERATION: ..." lines). */
interface Run {
    result: LifeResult;
    pageErrors: string[];
    glErrors: string[];
    warnings: string[];
}

async function runPage(name: StackName, query: string): Promise<Run> {
    const page = join(buildPage(name), '..', 'gpuLife.html');
    const browser = await launchChromium(chromiumPath as string, ['--js-flags=--expose-gc']);
    try {
        const tab = await browser.context.newPage();
        const pageErrors: string[] = [];
        const glErrors: string[] = [];
        const warnings: string[] = [];
        tab.on('pageerror', (error) => pageErrors.push(String(error)));
        tab.on('console', (message) => {
            const text = message.text();
            if (/^WebGL: /.test(text)) glErrors.push(text);
            if (message.type() === 'warning') warnings.push(text);
        });
        await tab.goto(`${pathToFileURL(page).href}?${query}`, { waitUntil: 'load', timeout: 240000 });
        await tab.waitForFunction(() => document.body.dataset.done === 'true', undefined, { timeout: 600000, polling: 500 });
        const result = (await tab.evaluate(() => (window as unknown as { lifeResult: unknown }).lifeResult)) as LifeResult;
        return { result, pageErrors: [...pageErrors, ...result.errors], glErrors, warnings };
    } finally {
        await browser.close();
    }
}

const frame = (run: Run, mode: keyof LifeResult['frames'], i: number): Buffer => Buffer.from((run.result.frames[mode] as string[])[i], 'base64');

const STACKS: { name: StackName; query: string; gpu: boolean }[] = [
    { name: 'phaser3', query: '', gpu: true },
    { name: 'phaser3-spine43', query: '', gpu: true },
    { name: 'phaser4', query: '&renderer=spine-webgl', gpu: true },
    // spine-phaser-v4's default renderer: served instances drawn on the GPU as its Mesh2D slot meshes
    // are (one texture a Phaser batch: see fixtures/pages/parity.ts).
    { name: 'phaser4', query: '&maxTextures=1', gpu: true },
    // Posed in full: drawn by the runtime's Mesh2D renderer, stock's pixels exactly.
    { name: 'phaser4', query: '&poseCache=off', gpu: false },
];

for (const { name, query, gpu } of STACKS)
    maybe(`a lost and restored WebGL context (Chromium, ${name}${query})`, () => {
        let run: Run;

        beforeAll(async () => {
            run = await runPage(name, `case=restore${query}`);
        }, 600000);

        test('the page ran in WebGL, lost and restored its context in both runs, with no page error and no WebGL error', () => {
            expect(run.pageErrors).toEqual([]);
            expect(run.glErrors).toEqual([]);
            expect(run.result.renderer).toBe('WebGL');
            expect(run.warnings.filter((w) => w.startsWith('WebGL Context restored'))).toHaveLength(2);
            for (const mode of ['stockPlain', 'stockLost', 'pooledPlain', 'pooledLost'] as const) expect(run.result.frames[mode]).toHaveLength(3);
        });

        test('stats() makes nothing: asked before anything is drawn, with gpuDraw off then on, it makes no GL object', () => {
            expect(run.result.statsMade).toEqual({ objects: 0, unavailable: ['off', null] });
        });

        test("stats().gpu says 'context-lost' while the context is lost, and why not again once it is restored", () => {
            expect(run.result.whileLost?.unavailable).toBe('context-lost');
            for (const state of run.result.states.pooledLost ?? []) expect(state.gpu.unavailable).toBeNull();
        });

        test('stock after the restore draws exactly what it draws without a loss', () => {
            for (let i = 0; i < 3; i++) {
                const { differ, drawn } = compare(frame(run, 'stockPlain', i), frame(run, 'stockLost', i), run.result.width, run.result.height, 0);
                expect({ i, drawn: drawn > 1000, differ }).toEqual({ i, drawn: true, differ: 0 });
            }
        });

        test(
            gpu
                ? 'the pool after the restore draws on the GPU again (counted at the WebGL level), exactly what it draws without a loss'
                : 'the pool after the restore (its instances drawn by the runtime) draws exactly what it draws without a loss',
            () => {
                (run.result.states.pooledLost ?? []).forEach((state, i) => {
                    const plain = (run.result.states.pooledPlain ?? [])[i];
                    if (gpu)
                        expect({ i, onGpu: state.drawn.gpu >= 3, reached: state.glInstances >= state.drawn.gpu }).toEqual({ i, onGpu: true, reached: true });
                    else expect({ i, gl: state.glInstances, gpu: state.drawn.gpu }).toEqual({ i, gl: 0, gpu: 0 });
                    // (The crowd made again after the restore draws its probe record too: one instance more in that frame.)
                    expect({ i, drawn: state.drawn }).toEqual({ i, drawn: plain.drawn });
                    const { differ } = compare(frame(run, 'pooledPlain', i), frame(run, 'pooledLost', i), run.result.width, run.result.height, 0);
                    expect({ i, differ }).toEqual({ i, differ: 0 });
                });
            },
        );

        test(
            gpu
                ? "the pool's pixels after the restore are within the cache tolerance of stock's after the restore"
                : "the pool's pixels after the restore (posed in full) are stock's after the restore, exactly",
            () => {
                for (let i = 0; i < 3; i++) {
                    const pixels = withinTolerance(frame(run, 'stockLost', i), frame(run, 'pooledLost', i), run.result.width, run.result.height);
                    if (gpu) expect({ i, ...pixels }).toEqual({ i, ...pixels, within: true });
                    else expect({ i, differ: pixels.differ }).toEqual({ i, differ: 0 });
                }
            },
        );
    });

/** spine-phaser-v4's default renderer: no CPU picture path (spine-webgl's batch does not colour as Phaser does); the runtime draws what the GPU path does not. */

for (const { name, query } of STACKS.filter((s) => s.gpu))
    maybe(
        `a GPU path that cannot be trusted falls back to the CPU pictures (the runtime on Phaser 4's default renderer), saying why (Chromium, ${name}${query})`,
        () => {
            let shader: Run;
            let zeros: Run;

            beforeAll(async () => {
                shader = await runPage(name, `case=shader${query}`);
                zeros = await runPage(name, `case=zeros${query}`);
            }, 600000);

            test("shaders that do not compile: 'shader', the driver's log in a development warning, no page error", () => {
                expect(shader.pageErrors).toEqual([]);
                const warning = shader.warnings.find((w) => w.includes("the GPU path's shaders did not build"));
                expect(warning).toMatch(/The driver said: vertex shader: .*ERROR/);
                for (const state of shader.result.states.pooledPlain ?? []) expect(state.gpu.unavailable).toBe('shader');
            });

            test("a float texture the vertex shader reads as zeros: 'vertex-textures' (the probe drawn when the crowd is made), no page error", () => {
                expect(zeros.pageErrors).toEqual([]);
                for (const state of zeros.result.states.pooledPlain ?? []) expect(state.gpu.unavailable).toBe('vertex-textures');
            });

            test(`either way nothing is drawn instanced, served instances are drawn ${drawsMesh2d(name, query) ? 'by the runtime' : 'from their pictures on the CPU'}, within the cache tolerance of stock's`, () => {
                for (const run of [shader, zeros]) {
                    (run.result.states.pooledPlain ?? []).forEach((state, i) => {
                        const fallback = drawsMesh2d(name, query) ? state.drawn.runtime > 3 && state.drawn.picture === 0 : state.drawn.picture > 3;
                        expect({ case: run.result.case, i, gl: state.glInstances, gpu: state.drawn.gpu, fallback }).toEqual({
                            case: run.result.case,
                            i,
                            gl: 0,
                            gpu: 0,
                            fallback: true,
                        });
                        const pixels = withinTolerance(frame(run, 'stockPlain', i), frame(run, 'pooledPlain', i), run.result.width, run.result.height);
                        expect({ case: run.result.case, i, ...pixels }).toEqual({ case: run.result.case, i, ...pixels, within: true });
                    });
                }
            });
        },
    );

for (const { name, query } of STACKS.filter((s) => s.gpu))
    maybe(`a game destroyed and made again 20 times gives back what the GPU path made (Chromium, ${name}${query})`, () => {
        let run: Run;

        beforeAll(async () => {
            run = await runPage(name, `case=remake&games=20${query}`);
        }, 600000);

        test(`every game drew on the GPU${drawsMesh2d(name, query) ? '' : ', its small characters as images of their samples'}, with no page error`, () => {
            expect(run.pageErrors).toEqual([]);
            const remake = run.result.remake as NonNullable<LifeResult['remake']>;
            expect(remake.pooled.drawnOnGpu).toHaveLength(20);
            expect(remake.pooled.drawnOnGpu.every((n) => n > 0)).toBe(true);
            // spine-phaser-v4's default renderer draws no image of a sample.
            expect(remake.pooled.drawnAsImages.every((n) => (drawsMesh2d(name, query) ? n === 0 : n > 0))).toBe(true);
        });

        test("the scene's shutdown (the renderer's last scene drawing with it) deletes the GPU path's programs and float texture", () => {
            const remake = run.result.remake as NonNullable<LifeResult['remake']>;
            expect(remake.pooled.shutdowns).toHaveLength(20);
            // Four programs and the float texture; on Phaser 4 six programs (Phaser's Mesh2D colours too).
            const whileDrawing = name === 'phaser4' ? 7 : 5;
            for (const shutdown of remake.pooled.shutdowns) expect(shutdown).toEqual({ whileDrawing, afterShutdown: 0 });
        });

        test('every program and float texture the GPU path made is deleted, and the pooled games (images of samples included) leave no more GL objects of any kind than stock games', () => {
            const remake = run.result.remake as NonNullable<LifeResult['remake']>;
            expect(remake.crowdMade.programs).toBeGreaterThanOrEqual(80); // four programs a game (one page or several, two-colour tint or not)
            expect(remake.crowdMade.floatTextures).toBeGreaterThanOrEqual(20);
            expect(remake.crowdLive).toEqual({ programs: 0, floatTextures: 0 });
            const left = (half: typeof remake.pooled | typeof remake.stock) => Object.fromEntries(KINDS.map((k) => [k, half.created[k] - half.deleted[k]]));
            expect(left(remake.pooled)).toEqual(left(remake.stock));
        });

        test("no destroyed game's renderer is reachable after a forced GC (nothing of the plugin's keeps it)", () => {
            const remake = run.result.remake as NonNullable<LifeResult['remake']>;
            expect(remake.gc).toBe(true);
            expect({ pooled: remake.pooled.reachable, stock: remake.stock.reachable }).toEqual({ pooled: 0, stock: 0 });
        });
    });
