/**
 * The documentation's code (README.md and every guide in docs/), as a user copies it: every
 * TypeScript block (test/readme/docBlocks.ts says how they are marked) type-checked with strict
 * TypeScript against the packed package installed next to each stack (Phaser 3 + spine-phaser,
 * Phaser 4 + spine-phaser-v4, with the tsconfig the docs give that stack), no block using a global
 * that only the declarations define (`Phaser` without `import * as Phaser from 'phaser'`
 * type-checks, but Phaser 4's module defines no global); and every complete program built with Vite
 * and run in Chromium on its stack with our generated characters, asserting what it does (the scene
 * starts, the hero is spawned from the pool and animated by its scheduler, and despawned back into
 * the pool).
 *
 * One install and one TypeScript program per stack checks the blocks of every file; the results
 * are reported per file (a failure names the file and the block's line).
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
import { allDocBlocks, compileUnits, DOC_STACKS, docBlocks, docCompilerOptions, docFiles, wrapFragment, type DocBlock, type DocStack } from './docBlocks';

const FILES = docFiles(ROOT);
const TEXTS = new Map(FILES.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
const BLOCKS = allDocBlocks(ROOT);
const chromiumPath = findChromium();
if (!chromiumPath) {
    process.stderr.write(`\n*** Documentation programs: browser part SKIPPED: ${chromiumHint}. The docs' programs were not run in a browser. ***\n\n`);
}
const testInBrowser = chromiumPath ? test : test.skip;

describe('the documentation blocks, as extracted', () => {
    test('the files are README.md and every guide in docs/', () => {
        expect(FILES[0]).toBe('README.md');
        expect(FILES.length).toBeGreaterThan(1);
        for (const file of FILES.slice(1)) expect(file).toMatch(/^docs\/[^/]+\.md$/);
    });

    test.each(FILES)('%s: every TypeScript block is marked (a program of one stack, or a fragment with the names it assumes)', (file) => {
        const text = TEXTS.get(file)!;
        const blocks = docBlocks(text, file);
        // Every ```ts fence of the file is one of them.
        expect(blocks.filter((block) => block.kind !== 'tsconfig')).toHaveLength(text.match(/^```(ts|typescript)\s*$/gm)?.length ?? 0);
    });

    test('between them, the docs have a complete program for each stack and fragments; an unmarked block is an error naming its file and line', () => {
        const summary = BLOCKS.map((block) => `${block.kind} ${block.stacks.join('+')}`);
        expect(summary).toEqual(expect.arrayContaining(['program phaser3', 'program phaser4', 'fragment phaser3+phaser4']));

        expect(() => docBlocks('text\n\n```ts\nconst a = 1;\n```\n', 'docs/x.md')).toThrow(/docs\/x\.md:3: a TypeScript block without a doc-check marker/);
        expect(() => docBlocks('<!-- doc-check: program phaser5 -->\n```ts\n```\n')).toThrow(/README\.md:1: .*unknown stack phaser5/);
        expect(() => docBlocks('<!-- doc-check: fragment -->\nsome prose\n```ts\n```\n', 'docs/x.md')).toThrow(
            /docs\/x\.md:1: doc-check marker with no code block right after it/,
        );
        // The marker's earlier name still reads.
        expect(docBlocks('<!-- readme-check: fragment -->\n```ts\n```\n')).toHaveLength(1);
    });

    test("a fragment becomes a scene's create(), its imports on top and the names it assumes declared", () => {
        const [block] = docBlocks(
            [
                '<!-- doc-check: fragment; assumes x: number, hp: Map<string, number> -->',
                '```ts',
                "import { PlayMode } from 'phaser-spine-pool';",
                '',
                "const go = this.spinePool.spawn(x, 0, 'a', 'b');",
                '```',
            ].join('\n'),
            'docs/legacy.md',
        ) as [DocBlock];
        expect(block).toMatchObject({ file: 'docs/legacy.md', kind: 'fragment', stacks: [...DOC_STACKS], assumes: ['x: number', 'hp: Map<string, number>'] });
        expect(compileUnits([block], 'phaser3').map((unit) => unit.file)).toEqual(['docs-legacy-L2.ts']);
        const wrapped = wrapFragment(block);
        expect(wrapped).toMatch(
            /^\/\/ docs\/legacy\.md line 2: .*\nimport \{ PlayMode \} from 'phaser-spine-pool';\nimport \* as DocCheckPhaser from 'phaser';/,
        );
        expect(wrapped).toContain(
            'export class DocFragment2 extends DocCheckPhaser.Scene {\n    create(): void {\n        let x!: number;\n        let hp!: Map<string, number>;\n        const go = this.spinePool.spawn(',
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

/** Where a problem outside every block (the tsconfig, a declaration file) is reported, in the results by file. */
const OUTSIDE = '(outside the blocks)';

/**
 * Type-checks the units of every block for `stack` in `dir` (a project with the package and the
 * stack installed) with its tsconfig.json, in one TypeScript program; the results by doc file
 * (`README.md`, `docs/legacy.md`; `OUTSIDE` for the rest).
 */
function typecheck(dir: string, stack: DocStack, blocks: DocBlock[]): Map<string, Checked> {
    const units = compileUnits(blocks, stack);
    mkdirSync(join(dir, 'docs-check'), { recursive: true });
    for (const unit of units) writeFileSync(join(dir, 'docs-check', unit.file), unit.text);
    // What a Vite + TypeScript game has (strict), plus what the docs tell this stack's users.
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
        ...docCompilerOptions(blocks, stack),
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['docs-check'] }, null, 2));
    const config = ts.readConfigFile(join(dir, 'tsconfig.json'), (path) => ts.sys.readFile(path));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir);
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const unitOf = new Map(units.map((unit) => [join(dir, 'docs-check', unit.file), unit]));
    const results = new Map<string, Checked>();
    const resultOf = (file: ts.SourceFile | undefined): Checked => {
        const key = (file && unitOf.get(file.fileName)?.block.file) ?? OUTSIDE;
        let result = results.get(key);
        if (!result) results.set(key, (result = { errors: [], globals: [] }));
        return result;
    };
    /** file:line:column; for a program (compiled line for line, after a comment) its doc line, for a fragment its block's. */
    const where = (file: ts.SourceFile, position: number): string => {
        const { line, character } = file.getLineAndCharacterOfPosition(position);
        const at = `${file.fileName.slice(dir.length + 1)}:${line + 1}:${character + 1}`;
        const block = unitOf.get(file.fileName)?.block;
        if (!block) return at;
        return block.kind === 'program'
            ? `${block.file}:${block.line + line}:${character + 1} (${at})`
            : `${block.file}, the block at line ${block.line} (${at})`;
    };
    for (const d of [...parsed.errors, ...ts.getPreEmitDiagnostics(program)]) {
        resultOf(d.file).errors.push(
            `${d.file ? where(d.file, d.start ?? 0) : 'tsconfig'}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
        );
    }
    const checker = program.getTypeChecker();
    for (const unit of units) {
        const file = program.getSourceFile(join(dir, 'docs-check', unit.file))!;
        const visit = (node: ts.Node): void => {
            if (ts.isIdentifier(node) && isReference(node)) {
                const symbol = checker.getSymbolAtLocation(node);
                if (symbol && !(symbol.flags & ts.SymbolFlags.Alias) && symbol.declarations?.some(isPackageGlobal)) {
                    resultOf(file).globals.push(`${where(file, node.getStart())}: \`${node.text}\` is the global its declarations define: import it`);
                }
            }
            ts.forEachChild(node, visit);
        };
        visit(file);
    }
    return results;
}

/** What the probe page reports: the documentation program's game, seen from outside. */
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

const PROBE = `// Test machinery, not the docs': records the games the documentation's program makes.
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

describe.each(DOC_STACKS)('the documentation on %s', (stackName) => {
    const stack: GameStack = gameStack(stackName);
    const blocks = BLOCKS.filter((block) => block.stacks.includes(stackName));
    const files = FILES.filter((file) => blocks.some((block) => block.file === file && block.kind !== 'tsconfig'));
    const programs = blocks.filter((block) => block.kind === 'program');
    // Made in beforeAll: a run filtered to other tests (-t) runs no hook and leaves nothing behind.
    let dir = '';
    let browser: Browser | undefined;
    let server: StaticServer | undefined;
    let checked: Map<string, Checked> | undefined;
    /** Every file's blocks, type-checked once (one program) by the first test that asks. */
    const results = (): Map<string, Checked> => (checked ??= typecheck(dir, stackName, BLOCKS));

    beforeAll(async () => {
        if (!existsSync(join(ROOT, 'dist', 'index.mjs'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
        dir = mkdtempSync(join(tmpdir(), `spine-pool-docs-${stackName}-`));
        const packed = await pack(dir);
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `docs-${stackName}`, private: true, type: 'module' }, null, 2));
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
        else process.stderr.write(`Documentation ${stackName} project kept at ${dir}\n`);
    }, TEARDOWN_MS);

    test.each(files)(
        `%s: every block type-checks for ${stackName} (strict, against the packed package), none using a global it does not import`,
        (file) => {
            expect(results().get(file) ?? { errors: [], globals: [] }).toEqual({ errors: [], globals: [] });
        },
        60_000,
    );

    test(`the type check for ${stackName} finds no problem outside the blocks (the tsconfig the docs give, the declarations)`, () => {
        expect(results().get(OUTSIDE) ?? { errors: [], globals: [] }).toEqual({ errors: [], globals: [] });
    }, 60_000);

    describe.each(programs.map((program) => [`${program.file}:${program.line}`, program] as const))('the complete program at %s', (_, program) => {
        testInBrowser(
            `runs in Chromium on ${stackName}, built with Vite: the scene starts, the hero is spawned from the pool, updated and animated, then despawned into the pool`,
            async () => {
                browser ??= await launchChromium(chromiumPath!);
                mkdirSync(join(dir, 'src'), { recursive: true });
                writeFileSync(join(dir, 'src', 'main.ts'), program.code);
                writeFileSync(join(dir, 'src', 'doc-probe.ts'), PROBE);
                writeFileSync(
                    join(dir, 'index.html'),
                    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Documentation program</title><link rel="icon" href="data:,"></head>\n<body>\n<script type="module" src="/src/doc-probe.ts"></script>\n<script type="module" src="/src/main.ts"></script>\n</body></html>\n',
                );
                await exec(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error', '--emptyOutDir'], dir);
                await server?.close();
                server = await serveStatic(join(dir, 'dist'));
                const { page, problems } = await openPage(browser);
                try {
                    await page.goto(`${server.url}/index.html`);
                    const run = await watchProgram(page);
                    expect({ program: `${program.file}:${program.line}`, ...run, problems }).toEqual({
                        program: `${program.file}:${program.line}`,
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
            },
            120_000,
        );
    });
});
