/**
 * A temporary project that uses phaser-spine-pool the way a game does: the packed tarball
 * installed with Phaser and spine-phaser by npm, a strict TypeScript scene compiled as ES modules
 * and as CommonJS, and browser bundles built from them (see bundle.mjs).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '.bin');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = promisify(execFile);

/** Runs a command; on failure the error carries its whole output. */
async function exec(command: string, args: string[], cwd: string): Promise<string> {
    try {
        const { stdout, stderr } = await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
        return stdout + stderr;
    } catch (error) {
        const failed = error as Error & { stdout?: string; stderr?: string };
        throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`, { cause: error });
    }
}

/** The version of a package installed in the repository, so the consumer gets the same one from npm's cache. */
function installedVersion(name: string): string {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface Packed {
    tarball: string;
    /** Paths inside the package, as npm lists them. */
    files: string[];
}

/** `npm pack` of the repository (dist/ must be built) into `dir`. */
export async function pack(dir: string): Promise<Packed> {
    const output = await run(NPM, ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    const [info] = JSON.parse(output.stdout) as { filename: string; files: { path: string }[] }[];
    return { tarball: join(dir, info!.filename), files: info!.files.map((f) => f.path).sort() };
}

/**
 * Installs `tarball` with `peers` into a fresh project as a game would (`npm install`, npm's
 * strict peer resolution): resolves with what `npm ls --all` prints, and fails with npm's output
 * when the install or the dependency tree has a problem (a peer conflict, an invalid or missing
 * peer). `use`, if given, runs in the project before it is removed.
 */
export async function installWith(tarball: string, peers: string[], use?: (dir: string) => Promise<void>): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'spine-pool-peers-'));
    try {
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'spine-pool-peers', private: true, type: 'module' }, null, 2));
        await exec(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--strict-peer-deps', tarball, ...peers], dir);
        const tree = await exec(NPM, ['ls', '--all'], dir);
        await use?.(dir);
        return tree;
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
}

/** The strict options of {@link typecheckPair}: declaration files checked too, `noImplicitAny` spelled out. */
const PAIR_COMPILER_OPTIONS = {
    target: 'ES2020',
    lib: ['ES2020', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    noImplicitAny: true,
    skipLibCheck: false,
    noEmit: true,
    types: [],
};

/**
 * Type-checks consumer/pair/game.ts in `dir` (a project with the package and one pair installed),
 * its Spine import renamed to `spinePackage`, with {@link PAIR_COMPILER_OPTIONS}; resolves with
 * the errors, apart from those inside Phaser's and Spine's own declaration files (Phaser 4's
 * own declarations have some with lib check on, whatever else the program holds).
 */
export async function typecheckPair(dir: string, spinePackage: string): Promise<string[]> {
    const source = readFileSync(join(__dirname, 'consumer', 'pair', 'game.ts'), 'utf8');
    const renamed = source.replace("from '@esotericsoftware/spine-phaser';", `from '${spinePackage}';`);
    if (!renamed.includes(`from '${spinePackage}';`)) throw new Error(`consumer/pair/game.ts: no import of ${spinePackage}`);
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'game.ts'), renamed);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: PAIR_COMPILER_OPTIONS, include: ['src'] }, null, 2));
    return (await tsc(dir, 'tsconfig.json')).errors;
}

/** `tsc -p project --listFiles` in `dir`: its output lines, and the errors outside {@link THEIRS}. */
async function tsc(dir: string, project: string): Promise<{ errors: string[]; lines: string[] }> {
    let output: string;
    try {
        const { stdout } = await run(join(BIN, 'tsc'), ['-p', project, '--listFiles', '--pretty', 'false'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
        output = stdout;
    } catch (error) {
        output = (error as { stdout?: string }).stdout ?? String(error);
    }
    const lines = output.split('\n');
    const errors = lines.filter((line) => /error TS\d+/.test(line) && !THEIRS.some((prefix) => line.startsWith(prefix)));
    return { errors, lines };
}

/** `npm run lint:package` on a tarball: publint and arethetypeswrong. */
export function lintPackage(tarball: string): Promise<string> {
    return exec(process.execPath, [join(ROOT, 'test', 'package', 'lint-package.mjs'), tarball], ROOT);
}

const COMPILER_OPTIONS = {
    target: 'ES2020',
    lib: ['ES2020', 'DOM'],
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: [],
};

/** Which module system a compilation of the consumer's sources uses. */
export type Flavour = 'esm' | 'cjs' | 'bundler';

export class ConsumerProject {
    readonly dir = mkdtempSync(join(tmpdir(), 'spine-pool-consumer-'));

    /**
     * The project: package.json, the tarball with the peers installed by npm (from its cache when
     * it can), the game's sources twice (`esm/`, a `"type": "module"` package; `cjs/`, a CommonJS
     * one), and the characters' files in public/assets.
     */
    async create(tarball: string): Promise<void> {
        const dir = this.dir;
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'spine-pool-consumer', private: true }, null, 2));
        const peers = ['phaser', '@esotericsoftware/spine-phaser'].map((name) => `${name}@${installedVersion(name)}`);
        await exec(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball, ...peers], dir);
        for (const [flavour, type] of [
            ['esm', 'module'],
            ['cjs', 'commonjs'],
        ] as const) {
            cpSync(join(__dirname, 'consumer', 'src'), join(dir, flavour, 'src'), { recursive: true });
            writeFileSync(join(dir, flavour, 'package.json'), JSON.stringify({ type }));
            // The ESM program reads all of the package's declaration files: it checks them too (slower).
            const compilerOptions = {
                ...COMPILER_OPTIONS,
                module: 'NodeNext',
                moduleResolution: 'NodeNext',
                skipLibCheck: flavour === 'cjs',
                outDir: 'build',
                rootDir: 'src',
            };
            writeFileSync(join(dir, flavour, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }, null, 2));
        }
        // What Vite and most bundler setups use; checked, not emitted.
        const bundler = { ...COMPILER_OPTIONS, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true };
        writeFileSync(join(dir, 'esm', 'tsconfig.bundler.json'), JSON.stringify({ compilerOptions: bundler, include: ['src'] }, null, 2));
        mkdirSync(join(dir, 'public'), { recursive: true });
        await exec(join(BIN, 'tsx'), [join(ROOT, 'fixtures', 'skeletons', 'write-assets.ts'), join(dir, 'public', 'assets')], ROOT);
    }

    /**
     * Compiles the sources with the strict options (esm, cjs: emitting to build/); returns the
     * declaration files of phaser-spine-pool the program read. Any error fails, including an
     * unused `@ts-expect-error`, except errors inside Phaser's and Spine's own declaration files
     * (the esm program checks declaration files, for the package's sake).
     */
    async typecheck(flavour: Flavour): Promise<string[]> {
        const project = flavour === 'bundler' ? join('esm', 'tsconfig.bundler.json') : join(flavour, 'tsconfig.json');
        const { errors, lines } = await tsc(this.dir, project);
        if (errors.length) throw new Error(`tsc -p ${project}:\n${errors.join('\n')}`);
        return lines
            .filter((line) => line.includes('/node_modules/phaser-spine-pool/'))
            .map((line) => line.slice(line.indexOf('phaser-spine-pool/')))
            .sort();
    }

    /**
     * Bundles esm/build and cjs/build (emitted by `typecheck('esm')` and `typecheck('cjs')`) with
     * bundle.mjs; returns what each bundle took from the package.
     */
    async bundle(): Promise<Record<'esm' | 'cjs' | 'iife', { from: string[]; warnings: string[] }>> {
        const output = await exec(process.execPath, [join(__dirname, 'bundle.mjs'), this.dir], ROOT);
        return JSON.parse(output.trim().split('\n').pop()!);
    }

    /**
     * A page that loads Phaser's and spine-phaser's script builds, then the bundle; returns its path
     * from `dir`. `iife-min` loads the given script tags (the README's: the minified builds of
     * Phaser, spine-phaser and the plugin), then the game bundled for the global `SpinePool`.
     */
    writePage(variant: 'esm' | 'cjs' | 'iife' | 'iife-min', scriptTags: string[] = []): string {
        const scripts =
            variant === 'iife-min'
                ? [...scriptTags, '/public/bundles/iife.js']
                : [
                      '/node_modules/phaser/dist/phaser.js',
                      '/node_modules/@esotericsoftware/spine-phaser/dist/iife/spine-phaser.js',
                      ...(variant === 'iife' ? ['/node_modules/phaser-spine-pool/dist/iife/phaser-spine-pool.js'] : []),
                      `/public/bundles/${variant}.js`,
                  ];
        const html = [
            '<!doctype html>',
            `<html lang="en"><head><meta charset="utf-8"><title>phaser-spine-pool consumer (${variant})</title><link rel="icon" href="data:,"></head>`,
            '<body><div id="game"></div>',
            ...scripts.map((src) => `<script src="${src}"></script>`),
            '</body></html>',
        ].join('\n');
        writeFileSync(join(this.dir, 'public', `${variant}.html`), html);
        return `/public/${variant}.html`;
    }
}

/** Declaration files whose own errors (seen with lib check on) belong to their packages. */
const THEIRS = ['node_modules/phaser/', 'node_modules/@esotericsoftware/'];
