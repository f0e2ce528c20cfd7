/**
 * The package as a game gets it from npm: `npm pack`, installed with Phaser and spine-phaser into
 * a temporary project, used from a strict TypeScript scene, bundled for the browser through the
 * ESM and the CommonJS entries, and run in real Chromium next to Phaser's and spine-phaser's own
 * script builds (the script-tag build of the plugin too). Each supported pair of Phaser and a Spine
 * runtime is also installed on its own and a strict game (consumer/pair/game.ts, lib check on)
 * type-checked against it. Needs `npm run build` first (npm test does it). The browser part is
 * skipped, saying so, where there is no Chromium.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { chromiumHint, findChromium, launchChromium, type Browser } from '../../fixtures/browser/chromium';
import { ConsumerProject, installWith, lintPackage, pack, ROOT, typecheckPair, type Packed } from './consumerProject';
import { serveStatic, type StaticServer } from './staticServer';
import { TEARDOWN_MS, watchProblems } from '../../fixtures/browser/viteProject';
import type { SmokeReport } from './consumer/src/BattleScene';

const chromiumPath = findChromium();
if (!chromiumPath) {
    process.stderr.write(`\n*** package smoke test: browser part SKIPPED: ${chromiumHint}. The packed bundles were not run in a browser. ***\n\n`);
}
const describeInBrowser = chromiumPath ? describe : describe.skip;

/** Every file the package ships. */
const SHIPPED = [
    'CHANGELOG.md',
    'LICENSE',
    'README.md',
    'dist/iife/phaser-spine-pool.js',
    'dist/iife/phaser-spine-pool.js.map',
    'dist/iife/phaser-spine-pool.min.js',
    'dist/iife/phaser-spine-pool.min.js.map',
    'dist/index.cjs',
    'dist/index.cjs.map',
    'dist/index.d.mts',
    'dist/index.d.ts',
    'dist/index.mjs',
    'dist/index.mjs.map',
    'package.json',
];

/**
 * The README's script-tag route: the `src` of each `<script>` in its ```html block, as URLs of the
 * consumer project (whose node_modules the static server serves from its root).
 */
function readmeScriptTags(): string[] {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /^```html\n([\s\S]*?)^```/m.exec(readme)?.[1] ?? '';
    return [...block.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => `/${match[1]!.replace(/^\.?\//, '')}`);
}

const project = new ConsumerProject();
const packDir = mkdtempSync(join(tmpdir(), 'spine-pool-pack-'));
let packed: Packed;

beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'index.mjs'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
    packed = await pack(packDir);
    await project.create(packed.tarball);
}, 120_000);

afterAll(() => {
    rmSync(packDir, { recursive: true, force: true });
    if (!process.env.KEEP_CONSUMER) rmSync(project.dir, { recursive: true, force: true });
    else process.stderr.write(`consumer project kept at ${project.dir}\n`);
}, TEARDOWN_MS);

describe('the packed package', () => {
    test('ships the builds, their types and source maps, the licence, the README and the changelog, nothing else', () => {
        expect(packed.files).toEqual(SHIPPED);
        // The script-tag build comes minified too, next to the readable one, with the same exports.
        const iife = join(project.dir, 'node_modules', 'phaser-spine-pool', 'dist', 'iife');
        const readable = readFileSync(join(iife, 'phaser-spine-pool.js'), 'utf8');
        const minified = readFileSync(join(iife, 'phaser-spine-pool.min.js'), 'utf8');
        expect(minified.length).toBeLessThan(readable.length / 2);
        expect(minified).toMatch(/^var SpinePool=function\(/);
        expect(minified).toMatch(/\/\/# sourceMappingURL=phaser-spine-pool\.min\.js\.map\s*$/);
        // The README's size of it is the build's, within 15 %.
        const stated = /`phaser-spine-pool\.min\.js` \(about (\d+) kB, (\d+) kB gzipped\)/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
        expect(stated).not.toBeNull();
        const kB = (bytes: number) => bytes / 1000;
        expect(Math.abs(kB(Buffer.byteLength(minified)) / Number(stated![1]) - 1)).toBeLessThan(0.15);
        expect(Math.abs(kB(gzipSync(minified).length) / Number(stated![2]) - 1)).toBeLessThan(0.15);
        // Source maps carry their sources: a game's bundler finds no missing file.
        const installed = join(project.dir, 'node_modules', 'phaser-spine-pool');
        for (const map of SHIPPED.filter((file) => file.endsWith('.map'))) {
            const { sources, sourcesContent } = JSON.parse(readFileSync(join(installed, map), 'utf8')) as {
                sources: string[];
                sourcesContent?: (string | null)[];
            };
            expect(sourcesContent?.filter((content) => typeof content === 'string')).toHaveLength(sources.length);
        }
    });

    test("installs with strict peer resolution next to each supported pair (Phaser 3 + spine-phaser, Phaser 4 + spine-phaser-v4, Phaser 3 + spine-phaser-v3), and a strict game (skipLibCheck off) type-checks on each: spawn() gives that runtime's own SpineGameObject, with @ts-expect-error lines proving it is not `any`", async () => {
        const version = (dir: string, name: string) =>
            (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
        const phaser4 = join(ROOT, 'fixtures', 'stacks', 'phaser4');
        const pairs = [
            [ROOT, '@esotericsoftware/spine-phaser'],
            [phaser4, '@esotericsoftware/spine-phaser-v4'],
            [ROOT, '@esotericsoftware/spine-phaser-v3'],
        ] as const;
        const results: { peers: string[]; errors: string[] }[] = [];
        for (const [from, spine] of pairs) {
            const peers = [`phaser@${version(from, 'phaser')}`, `${spine}@${version(from, spine)}`];
            let errors: string[] = [];
            const tree = await installWith(packed.tarball, peers, async (dir) => void (errors = await typecheckPair(dir, spine)));
            expect(tree).toContain('phaser-spine-pool@');
            for (const peer of peers) expect(tree).toContain(peer.replace(/^(@?[^@]+)@/, '$1@'));
            results.push({ peers, errors });
        }
        // A declaration naming a package the pair lacks (TS2307), `any` where a type was due (an
        // unused @ts-expect-error), another runtime's class: each is an error of its pair here.
        expect(results).toEqual(results.map(({ peers }) => ({ peers, errors: [] })));
    }, 600_000); // three installs and three strict type checks, one after another: 4 minutes were exceeded on a loaded 2-core machine

    test('publint and arethetypeswrong report no problem, and the README has no relative link or image the tarball lacks (npm run lint:package)', async () => {
        const output = await lintPackage(packed.tarball);
        expect(output).toContain('All good!');
        expect(output).toContain('No problems found');
        expect(output).toMatch(/README links: \d+ links and images, every relative one in the tarball/);
    }, 60_000);
});

describe('a strict TypeScript game using the installed package', () => {
    test('type-checks as ES modules, as CommonJS and with bundler resolution, `this.spinePool` typed in a scene that does not import the package, with @ts-expect-error lines proving the types bite', async () => {
        // In parallel: each program loads Phaser's large declaration file.
        const [esm, cjs, bundler] = await Promise.all([project.typecheck('esm'), project.typecheck('cjs'), project.typecheck('bundler')]);
        // Each resolution reads the declarations meant for it ("import" → .d.mts, "require" → .d.ts).
        expect(esm).toEqual(['phaser-spine-pool/dist/index.d.mts', 'phaser-spine-pool/dist/index.d.ts']);
        expect(cjs).toEqual(['phaser-spine-pool/dist/index.d.ts']);
        expect(bundler).toEqual(esm);
    }, 120_000);

    test("bundles for the browser through the package's ESM entry and through its CommonJS entry, without a warning", async () => {
        const bundles = await project.bundle();
        expect(bundles.esm).toEqual({ from: ['phaser-spine-pool/dist/index.mjs'], warnings: [] });
        expect(bundles.cjs).toEqual({ from: ['phaser-spine-pool/dist/index.cjs'], warnings: [] });
        // The script-tag variant leaves the plugin to dist/iife (the global SpinePool).
        expect(bundles.iife).toEqual({ from: [], warnings: [] });
    }, 60_000);
});

describeInBrowser('the bundled game in real Chromium', () => {
    let server: StaticServer | undefined;
    let browser: Browser | undefined;

    beforeAll(async () => {
        server = await serveStatic(project.dir);
        browser = await launchChromium(chromiumPath!);
    }, 60_000);

    afterAll(async () => {
        await browser?.close();
        await server?.close();
    });

    test.each([
        ['esm', 'the ESM entry (dist/index.mjs) bundled'],
        ['cjs', 'the CommonJS entry (dist/index.cjs) bundled'],
        ['iife', 'the script-tag build (dist/iife/phaser-spine-pool.js, global SpinePool)'],
        ['iife-min', "the README's script tags (phaser.min.js, spine-phaser.min.js, dist/iife/phaser-spine-pool.min.js)"],
    ] as const)(
        '%s: with %s, the game boots, spawns a character that animates, fires Spine events and is drawn, despawns it (hidden, back in the pool) and respawns the same object, with no console error or warning',
        async (variant, _entry) => {
            const page: Page = await browser!.context.newPage();
            const problems = watchProblems(page);
            try {
                const scriptTags = readmeScriptTags();
                if (variant === 'iife-min') {
                    expect(scriptTags).toEqual([
                        '/node_modules/phaser/dist/phaser.min.js',
                        '/node_modules/@esotericsoftware/spine-phaser/dist/iife/spine-phaser.min.js',
                        '/node_modules/phaser-spine-pool/dist/iife/phaser-spine-pool.min.js',
                    ]);
                }
                const loaded: string[] = [];
                page.on('response', (response) => loaded.push(new URL(response.url()).pathname));
                await page.goto(server!.url + project.writePage(variant, scriptTags));
                await page.waitForFunction(
                    () => {
                        const smoke = (window as unknown as { smoke?: SmokeReport }).smoke;
                        return smoke !== undefined && (smoke.done || smoke.error !== null);
                    },
                    undefined,
                    { timeout: 30_000 },
                );
                const report = await page.evaluate(() => (window as unknown as { smoke: SmokeReport }).smoke);
                expect({ error: report.error, problems }).toEqual({ error: null, problems: [] });
                expect(report.checks).toEqual({
                    playModeConstant: 'StopAll',
                    offscreenType: 'events',
                    spawnedActive: true,
                    createdAfterSpawn: 1, // the prewarmed instance
                    footsteps: expect.any(Number),
                    walking: true,
                    pixelsWhileSpawned: expect.any(Number),
                    despawned: true,
                    activeAfterDespawn: 0,
                    freeAfterDespawn: 1,
                    hiddenAfterDespawn: true,
                    pixelsAfterDespawn: 0,
                    reusedInstance: true,
                    createdAfterRespawn: 1,
                    despawnedAgain: true,
                    leaksCleared: 0,
                });
                expect(report.checks.footsteps).toBeGreaterThan(0);
                expect(report.checks.pixelsWhileSpawned).toBeGreaterThan(200);
                // The page ran the build it names, and only that one.
                const plugin = loaded.filter((path) => path.startsWith('/node_modules/phaser-spine-pool/') && path.endsWith('.js'));
                expect(plugin).toEqual(
                    variant === 'iife'
                        ? ['/node_modules/phaser-spine-pool/dist/iife/phaser-spine-pool.js']
                        : variant === 'iife-min'
                          ? ['/node_modules/phaser-spine-pool/dist/iife/phaser-spine-pool.min.js']
                          : [],
                );
            } catch (error) {
                if (error instanceof Error && problems.length) error.message += `\n\nbrowser problems:\n${problems.join('\n')}`;
                throw error;
            } finally {
                await page.close();
            }
        },
        60_000,
    );
});
