/**
 * The README's code, as a user copies it: every TypeScript block (test/readme/readmeBlocks.ts says
 * how they are marked) type-checked with strict TypeScript against the packed package installed
 * next to each stack (Phaser 3 + spine-phaser, Phaser 4 + spine-phaser-v4, with the tsconfig the
 * README gives that stack), no block using a global that only the declarations define (`Phaser`
 * without `import * as Phaser from 'phaser'` type-checks, but Phaser 4's module defines no global);
 * and every complete program built with Vite and run in Chromium on its stack with our generated
 * characters, asserting what it does (the scene starts, the hero is spawned from the pool and
 * animated by its scheduler, and despawned back into the pool).
 *
 * Needs `npm run build` first (npm test does). The browser part is skipped, saying so, where there
 * is no Chromium.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import * as ts from 'typescript';
import { chromiumHint, findChromium, launchChromium, type Browser } from '../../fixtures/browser/chromium';
import { pack } from '../package/consumerProject';
import { serveStatic, type StaticServer } from '../package/staticServer';
import { exec, gameStack, npmInstall, openPage, ROOT, TEARDOWN_MS, VITE, writeCharacters, type GameStack } from '../../fixtures/browser/viteProject';
import { compileUnits, README_STACKS, readmeBlocks, readmeCompilerOptions, wrapFragment, type ReadmeBlock, type ReadmeStack } from './readmeBlocks';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const chromiumPath = findChromium();
if (!chromiumPath) {
    process.stderr.write(`\n*** README programs: browser part SKIPPED: ${chromiumHint}. The README's programs were not run in a browser. ***\n\n`);
}
const testInBrowser = chromiumPath ? test : test.skip;

describe('the README blocks, as extracted', () => {
    test('every TypeScript block is marked: programs per stack, fragments with the names they assume; an unmarked block is an error', () => {
        const blocks = readmeBlocks(README);
        const summary = blocks.map((block) => `${block.kind} ${block.stacks.join('+')}`);
        expect(summary).toEqual(expect.arrayContaining(['program phaser3', 'program phaser4', 'fragment phaser3+phaser4']));
        // Every ```ts fence of the README is one of them.
        expect(blocks.filter((block) => block.kind !== 'tsconfig')).toHaveLength(README.match(/^```(ts|typescript)\s*$/gm)!.length);

        expect(() => readmeBlocks('text\n\n```ts\nconst a = 1;\n```\n')).toThrow(/README\.md:3: a TypeScript block without a readme-check marker/);
        expect(() => readmeBlocks('<!-- readme-check: program phaser5 -->\n```ts\n```\n')).toThrow(/unknown stack phaser5/);
        expect(() => readmeBlocks('<!-- readme-check: fragment -->\nsome prose\n```ts\n```\n')).toThrow(/marker with no code block right after it/);
    });

    test("a fragment becomes a scene's create(), its imports on top and the names it assumes declared", () => {
        const [block] = readmeBlocks(
            [
                '<!-- readme-check: fragment; assumes x: number, hp: Map<string, number> -->',
                '```ts',
                "import { PlayMode } from 'phaser-spine-pool';",
                '',
                "const go = this.spinePool.spawn(x, 0, 'a', 'b');",
                '```',
            ].join('\n'),
        ) as [ReadmeBlock];
        expect(block).toMatchObject({ kind: 'fragment', stacks: [...README_STACKS], assumes: ['x: number', 'hp: Map<string, number>'] });
        const wrapped = wrapFragment(block);
        expect(wrapped).toMatch(/^\/\/ README\.md line 2: .*\nimport \{ PlayMode \} from 'phaser-spine-pool';\nimport \* as ReadmeCheckPhaser from 'phaser';/);
        expect(wrapped).toContain(
            'export class ReadmeFragment2 extends ReadmeCheckPhaser.Scene {\n    create(): void {\n        let x!: number;\n        let hp!: Map<string, number>;\n        const go = this.spinePool.spawn(',
        );
    });
});

/** Where a declaration lives that a name resolves to: a global of Phaser's, Spine's or our declarations. */
function isPackageGlobal(declaration: ts.Declaration): boolean {
    const file = declaration.getSourceFile();
    if (!file.isDeclarationFile || !/[\\/]node_modules[\\/](phaser|@esotericsoftware[\\/][^\\/]+|phaser-spine-pool)[\\/]/.test(file.fileName)) return false;
    for (let node: ts.Node = declaration; node.parent; node = node.parent) {
        // `declare global { ... }`
        if (ts.isModuleDeclaration(node) && node.name.text === 'global') return true;
        // Top level of a script declaration file (phaser.d.ts: `declare namespace Phaser`).
        if (ts.isSourceFile(node.parent)) return !ts.isExternalModule(node.parent);
    }
    return false;
}

/** An identifier that names something (not a property, a key, or what a declaration or an import introduces). */
function isReference(node: ts.Identifier): boolean {
    const parent = node.parent;
    if ((ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) && (ts.isPropertyAccessExpression(parent) ? parent.name : parent.right) === node)
        return false;
    if (
        (ts.isPropertyAssignment(parent) ||
            ts.isShorthandPropertyAssignment(parent) ||
            ts.isBindingElement(parent) ||
            ts.isMethodDeclaration(parent) ||
            ts.isPropertyDeclaration(parent)) &&
        (parent.name === node || (ts.isBindingElement(parent) && parent.propertyName === node))
    )
        return false;
    if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) return false;
    if ('name' in parent && (parent as { name?: ts.Node }).name === node) return false;
    return true;
}

interface Checked {
    errors: string[];
    globals: string[];
}

/** Type-checks the README's units for `stack` in `dir` (a project with the package and the stack installed) with its tsconfig.json. */
function typecheck(dir: string, stack: ReadmeStack, blocks: ReadmeBlock[]): Checked {
    const units = compileUnits(blocks, stack);
    mkdirSync(join(dir, 'readme'), { recursive: true });
    for (const unit of units) writeFileSync(join(dir, 'readme', unit.file), unit.text);
    // What a Vite + TypeScript game has (strict), plus what the README tells this stack's users.
    const compilerOptions = {
        target: 'ES2020',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2020', 'DOM', 'DOM.Iterable'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        isolatedModules: true,
        types: [],
        ...readmeCompilerOptions(blocks, stack),
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['readme'] }, null, 2));
    const config = ts.readConfigFile(join(dir, 'tsconfig.json'), (path) => ts.sys.readFile(path));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir);
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const unitOf = new Map(units.map((unit) => [join(dir, 'readme', unit.file), unit]));
    /** file:line:column, and for a program (compiled line for line, after a comment) its README line. */
    const where = (file: ts.SourceFile, position: number): string => {
        const { line, character } = file.getLineAndCharacterOfPosition(position);
        const at = `${file.fileName.slice(dir.length + 1)}:${line + 1}:${character + 1}`;
        const unit = unitOf.get(file.fileName);
        return unit?.block.kind === 'program' ? `README.md:${unit.block.line + line}:${character + 1} (${at})` : at;
    };
    const errors = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)].map(
        (d) => `${d.file ? where(d.file, d.start ?? 0) : 'tsconfig'}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
    const checker = program.getTypeChecker();
    const globals: string[] = [];
    for (const unit of units) {
        const file = program.getSourceFile(join(dir, 'readme', unit.file))!;
        const visit = (node: ts.Node): void => {
            if (ts.isIdentifier(node) && isReference(node)) {
                const symbol = checker.getSymbolAtLocation(node);
                if (symbol && !(symbol.flags & ts.SymbolFlags.Alias) && symbol.declarations?.some(isPackageGlobal)) {
                    globals.push(
                        `${where(file, node.getStart())}: \`${node.text}\` is the global its declarations define: import it (the README block at line ${unit.block.line})`,
                    );
                }
            }
            ts.forEachChild(node, visit);
        };
        visit(file);
    }
    return { errors, globals };
}

/** What the probe page reports: the README program's game, seen from outside. */
interface ProgramRun {
    error?: string;
    /** The bundled Phaser's version. */
    phaser?: string;
    sceneKey?: string;
    spinePool?: boolean;
    spawned?: { active: number; free: number; created: number };
    animation?: string | null;
    trackTimes?: number[];
    updatedFrames?: number;
    despawned?: { active: number; free: number; created: number; visible: boolean };
}

const PROBE = `// Test machinery, not the README's: records the games the README program makes.
import * as Phaser from 'phaser';
const games: Phaser.Game[] = [];
(window as unknown as { readmeProbe: unknown }).readmeProbe = { games, version: Phaser.VERSION };
const boot = Phaser.Game.prototype.boot;
Phaser.Game.prototype.boot = function (this: Phaser.Game) {
    games.push(this);
    return boot.call(this);
};
`;

/** Watches the program's game: its scene, the spawned hero, its animation over frames, the despawn 3 s later. */
async function watchProgram(page: Page): Promise<ProgramRun> {
    return page.evaluate(
        () =>
            new Promise<ProgramRun>((resolve) => {
                type Stats = { active: number; free: number; created: number; updatedLastFrame: number };
                type Go = { visible: boolean; animationState?: { tracks: ({ animation: { name: string } | null; trackTime: number } | null)[] } };
                type Scene = { sys: { settings: { key: string } }; spinePool?: { stats(): Stats }; children: { list: Go[] } };
                type Game = { loop: { frame: number }; scene: { getScenes(active: boolean): Scene[] } };
                const probe = (window as unknown as { readmeProbe?: { games: Game[]; version: string } }).readmeProbe;
                const report: ProgramRun = { phaser: probe?.version, trackTimes: [], updatedFrames: 0 };
                const started = performance.now();
                let hero: Go | undefined;
                let lastFrame = -1;
                const stats = (scene: Scene): { active: number; free: number; created: number } => {
                    const { active, free, created } = scene.spinePool!.stats();
                    return { active, free, created };
                };
                const tick = (): void => {
                    try {
                        step();
                    } catch (error) {
                        resolve({ ...report, error: String((error as Error).stack ?? error) });
                    }
                };
                const step = (): void => {
                    if (performance.now() - started > 20_000) return resolve({ ...report, error: 'timed out' });
                    const game = probe?.games[0];
                    const scene = game?.scene.getScenes(true)[0];
                    if (!game || !scene) return void requestAnimationFrame(tick);
                    report.sceneKey = scene.sys.settings.key;
                    report.spinePool = scene.spinePool !== undefined;
                    if (!scene.spinePool) return resolve(report);
                    if (!hero) {
                        hero = scene.children.list.find((go) => go.animationState !== undefined);
                        if (hero) report.spawned = stats(scene);
                        return void requestAnimationFrame(tick);
                    }
                    const frame = game.loop.frame;
                    if (frame !== lastFrame) {
                        lastFrame = frame;
                        const now = stats(scene);
                        if (now.active > 0) {
                            const entry = hero.animationState!.tracks[0]; // getCurrent(0) in Spine 4.2, getTrack(0) in 4.3
                            report.animation = entry?.animation?.name ?? null;
                            if (report.trackTimes!.length < 20 && entry) report.trackTimes!.push(entry.trackTime);
                            if (scene.spinePool.stats().updatedLastFrame > 0) report.updatedFrames!++;
                        } else {
                            report.despawned = { ...now, visible: hero.visible };
                            return resolve(report);
                        }
                    }
                    requestAnimationFrame(tick);
                };
                tick();
            }),
    );
}

describe.each(README_STACKS)('the README on %s', (stackName) => {
    const stack: GameStack = gameStack(stackName);
    const blocks = readmeBlocks(README);
    const programs = blocks.filter((block) => block.kind === 'program' && block.stacks.includes(stackName));
    // Made in beforeAll: a run filtered to other tests (-t) runs no hook and leaves nothing behind.
    let dir = '';
    let browser: Browser | undefined;
    let server: StaticServer | undefined;

    beforeAll(async () => {
        if (!existsSync(join(ROOT, 'dist', 'index.mjs'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
        dir = mkdtempSync(join(tmpdir(), `spine-pool-readme-${stackName}-`));
        const packed = await pack(dir);
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `readme-${stackName}`, private: true, type: 'module' }, null, 2));
        await npmInstall(dir, [packed.tarball, ...stack.peers, VITE]);
        rmSync(packed.tarball);
        // The characters the quick start loads, next to the page: hero.json, hero.atlas, its pages.
        writeCharacters(join(dir, 'public'), ['hero'], stack.spineFormat);
    }, 180_000);

    afterAll(async () => {
        await browser?.close();
        await server?.close();
        if (!dir) return;
        if (!process.env.KEEP_README) rmSync(dir, { recursive: true, force: true });
        else process.stderr.write(`README ${stackName} project kept at ${dir}\n`);
    }, TEARDOWN_MS);

    test(`type-checks every block for ${stackName} (strict, against the packed package), none using a global it does not import`, () => {
        expect(typecheck(dir, stackName, blocks)).toEqual({ errors: [], globals: [] });
    }, 60_000);

    testInBrowser(
        `runs the README's complete program for ${stackName} in Chromium, built with Vite: the scene starts, the hero is spawned from the pool, updated and animated, then despawned into the pool`,
        async () => {
            expect(programs.length).toBeGreaterThan(0);
            browser = await launchChromium(chromiumPath!);
            for (const program of programs) {
                mkdirSync(join(dir, 'src'), { recursive: true });
                writeFileSync(join(dir, 'src', 'main.ts'), program.code);
                writeFileSync(join(dir, 'src', 'readme-probe.ts'), PROBE);
                writeFileSync(
                    join(dir, 'index.html'),
                    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>README program</title><link rel="icon" href="data:,"></head>\n<body>\n<script type="module" src="/src/readme-probe.ts"></script>\n<script type="module" src="/src/main.ts"></script>\n</body></html>\n',
                );
                await exec(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error', '--emptyOutDir'], dir);
                await server?.close();
                server = await serveStatic(join(dir, 'dist'));
                const { page, problems } = await openPage(browser);
                try {
                    await page.goto(`${server.url}/index.html`);
                    const run = await watchProgram(page);
                    expect({ readmeLine: program.line, ...run, problems }).toEqual({
                        readmeLine: program.line,
                        phaser: expect.stringMatching(new RegExp(`^${stack.phaserMajor}\\.`)),
                        sceneKey: expect.any(String),
                        spinePool: true,
                        spawned: { active: 1, free: 0, created: 1 },
                        animation: 'walk',
                        trackTimes: expect.any(Array),
                        updatedFrames: expect.any(Number),
                        despawned: { active: 0, free: 1, created: 1, visible: false },
                        problems: [],
                    });
                    // The pooled hero was updated by the plugin's scheduler, and its walk went on.
                    expect(run.updatedFrames).toBeGreaterThan(3);
                    const times = run.trackTimes!;
                    expect(times[times.length - 1]).toBeGreaterThan(times[0]!);
                } finally {
                    await page.close();
                }
            }
        },
        120_000,
    );
});
