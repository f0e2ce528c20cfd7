/**
 * The examples in examples/, as a user copies one: the folder copied out of the repository (no
 * node_modules, no build, no characters), `npm install` with the packed package in place of the
 * registry's (and the stack's Phaser and Spine runtime at the versions this repository verifies),
 * the characters written by our generator into public/assets, `npm run build` (tsc, then Vite),
 * and the built page run in Chromium: characters are spawned from the pool, updated, die through
 * the Legacy helper's queued cross-fade and are despawned into the pool, then spawned again
 * without building new instances; the pool's stats are on screen; no console error.
 *
 * Needs `npm run build` first (npm test does). The browser part is skipped, saying so, where there
 * is no Chromium.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { chromiumHint, findChromium, launchChromium, type Browser } from '../../fixtures/browser/chromium';
import { pack } from '../package/consumerProject';
import { serveStatic, type StaticServer } from '../package/staticServer';
import { gameStack, npmInstall, npmRun, openPage, ROOT, TEARDOWN_MS, writeCharacters } from '../../fixtures/browser/viteProject';

const chromiumPath = findChromium();
if (!chromiumPath) {
    process.stderr.write(`\n*** examples: browser part SKIPPED: ${chromiumHint}. The examples were built but not run in a browser. ***\n\n`);
}
const testInBrowser = chromiumPath ? test : test.skip;

/** Each example and the stack it is written for. */
const EXAMPLES = [
    { name: 'phaser3', spine: '@esotericsoftware/spine-phaser', phaserMajor: 3 },
    { name: 'phaser4', spine: '@esotericsoftware/spine-phaser-v4', phaserMajor: 4 },
] as const;

/** What the copied folder may not bring: made by install, build or the generator. */
const GENERATED = ['node_modules', 'dist', join('public', 'assets')];

// Temporary folders are made in beforeAll: a run filtered to other tests (-t) runs no hook and leaves nothing behind.
let packDir = '';
let tarball: string;
let browser: Browser | undefined;

beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'index.mjs'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
    packDir = mkdtempSync(join(tmpdir(), 'spine-pool-examples-pack-'));
    tarball = (await pack(packDir)).tarball;
}, 60_000);

afterAll(async () => {
    await browser?.close();
    if (packDir) rmSync(packDir, { recursive: true, force: true });
});

/** Files of a folder, relative, sorted. */
function filesOf(dir: string): string[] {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
        .sort();
}

/** What the page of an example reports, watched from outside until enough characters died and came back. */
interface ExampleRun {
    error?: string;
    spawned: number;
    despawned: number;
    /** stats() when the watch ended. */
    created: number;
    active: number;
    /** Frames in which the scheduler updated instances, of the frames watched. */
    updatedFrames: number;
    frames: number;
    /** The on-screen text. */
    hud: string;
}

describe.each(EXAMPLES)('examples/$name', (example) => {
    const stack = gameStack(example.name);
    const source = join(ROOT, 'examples', example.name);
    let dir = '';
    let server: StaticServer | undefined;

    beforeAll(() => {
        // A copy of what the repository has, as someone copying the folder gets it.
        dir = mkdtempSync(join(tmpdir(), `spine-pool-example-${example.name}-`));
        cpSync(source, dir, { recursive: true, filter: (path) => !GENERATED.some((skip) => relative(source, path) === skip) });
    });

    afterAll(async () => {
        await server?.close();
        if (!dir) return;
        if (!process.env.KEEP_EXAMPLES) rmSync(dir, { recursive: true, force: true });
        else process.stderr.write(`examples/${example.name} copy kept at ${dir}\n`);
    }, TEARDOWN_MS);

    test('is a few files a user can copy: its own package.json naming the real packages (no path into this repository), sources that import them by name', () => {
        expect(filesOf(dir)).toEqual(['index.html', 'package.json', 'src/Skirmish.ts', 'src/main.ts', 'tsconfig.json', 'vite.config.ts']);
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
            scripts: Record<string, string>;
            dependencies: Record<string, string>;
            devDependencies: Record<string, string>;
        };
        expect(Object.keys(pkg.dependencies).sort()).toEqual([example.spine, 'phaser', 'phaser-spine-pool'].sort());
        expect(pkg.dependencies.phaser).toMatch(new RegExp(`^\\^${example.phaserMajor}\\.`));
        expect(Object.keys(pkg.devDependencies).sort()).toEqual(['typescript', 'vite']);
        expect(pkg.scripts.build).toBe('tsc && vite build');
        for (const spec of [...Object.values(pkg.dependencies), ...Object.values(pkg.devDependencies)]) expect(spec).toMatch(/^[\^~]?\d/);
        const sources = filesOf(join(dir, 'src'))
            .map((file) => readFileSync(join(dir, 'src', file), 'utf8'))
            .join('\n');
        const imported = [...sources.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]!);
        expect([...new Set(imported)].sort()).toEqual(['./Skirmish', example.spine, 'phaser', 'phaser-spine-pool'].sort());
    });

    test(`installs (the packed package, ${stack.peers.join(', ')}) and builds with its own \`npm run build\` (tsc, then Vite), the characters generated as Spine ${stack.spineFormat} into public/assets`, async () => {
        await npmInstall(dir, [tarball, ...stack.peers]);
        writeCharacters(join(dir, 'public', 'assets'), ['crowd'], stack.spineFormat);
        await npmRun(dir, 'build');
        expect(filesOf(join(dir, 'dist')).filter((file) => !file.startsWith('assets/index-'))).toEqual([
            'assets/crowd.atlas',
            'assets/crowd.json',
            'assets/crowd.png',
            'index.html',
        ]);
        // The JSON is the stack's Spine version.
        const json = JSON.parse(readFileSync(join(dir, 'dist', 'assets', 'crowd.json'), 'utf8')) as { skeleton: { spine: string } };
        expect(json.skeleton.spine).toMatch(new RegExp(`^${stack.spineFormat.replace('.', '\\.')}`));
    }, 180_000);

    testInBrowser(
        'runs in Chromium: characters spawned from the pool and updated, dying through the queued Legacy cross-fade into the pool, respawned without new instances; stats() on screen; no console error',
        async () => {
            expect(existsSync(join(dir, 'dist', 'index.html'))).toBe(true);
            browser ??= await launchChromium(chromiumPath!);
            server = await serveStatic(join(dir, 'dist'));
            const { page, problems } = await openPage(browser);
            try {
                await page.goto(`${server.url}/index.html`);
                const run = await page.evaluate(
                    () =>
                        new Promise<ExampleRun>((resolve) => {
                            type Example = {
                                game: { loop: { frame: number }; scene: { getScene(key: string): { children: { list: { type: string; text?: string }[] } } } };
                                stats(): { active: number; created: number; updatedLastFrame: number };
                                spawned(): number;
                                despawned(): number;
                            };
                            const report: ExampleRun = { spawned: 0, despawned: 0, created: 0, active: 0, updatedFrames: 0, frames: 0, hud: '' };
                            const started = performance.now();
                            let last = -1;
                            const tick = (): void => {
                                try {
                                    const example = (window as unknown as { example?: Example }).example;
                                    if (performance.now() - started > 45_000) return resolve({ ...report, error: 'timed out' });
                                    let stats: ReturnType<Example['stats']>;
                                    try {
                                        stats = example!.stats();
                                    } catch {
                                        return void requestAnimationFrame(tick); // not booted yet
                                    }
                                    const frame = example!.game.loop.frame;
                                    if (frame !== last) {
                                        last = frame;
                                        report.frames++;
                                        if (stats.updatedLastFrame > 0) report.updatedFrames++;
                                    }
                                    report.spawned = example!.spawned();
                                    report.despawned = example!.despawned();
                                    report.created = stats.created;
                                    report.active = stats.active;
                                    report.hud = example!.game.scene.getScene('skirmish').children.list.find((child) => child.type === 'Text')?.text ?? '';
                                    // Enough deaths that the pool has handed dead characters' instances out again.
                                    if (report.despawned >= 6 && report.spawned > report.created + 3) return resolve(report);
                                    requestAnimationFrame(tick);
                                } catch (error) {
                                    resolve({ ...report, error: String((error as Error).stack ?? error) });
                                }
                            };
                            tick();
                        }),
                );
                const canvas = (await page.locator('#game canvas').count()) === 1;
                expect({ ...run, canvas, problems }).toEqual({
                    spawned: expect.any(Number),
                    despawned: expect.any(Number),
                    created: expect.any(Number),
                    active: expect.any(Number),
                    updatedFrames: expect.any(Number),
                    frames: expect.any(Number),
                    hud: expect.stringMatching(/spawned \d+ · despawned \d+[\s\S]*pool: \d+ active · \d+ free · \d+ built[\s\S]*updated last frame: \d+/),
                    canvas: true,
                    problems: [],
                });
                // The dead ones' instances were handed out again: more spawns than instances built.
                expect(run.spawned).toBeGreaterThan(run.created + 3);
                expect(run.spawned - run.despawned).toBe(run.active);
                // The pool's scheduler updated the characters in (nearly) every frame they were out.
                expect(run.updatedFrames).toBeGreaterThan(run.frames * 0.8);
            } finally {
                await page.close();
            }
        },
        120_000,
    );
});
