/**
 * Vite projects that use the packed package the way a game does, for the README test
 * (test/readme) and the examples' test (test/examples): a temporary folder, the tarball installed
 * by npm with a stack's Phaser and Spine runtime and Vite, the characters written by our
 * generator, `vite build`, and the built page opened in Chromium.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { writeSkeletonFiles } from '../skeletons/node';
import { preset, type PresetName } from '../skeletons/presets';
import type { Browser } from '../e2e/chromium';

export const ROOT = join(__dirname, '..', '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = promisify(execFile);
const { stack } = require('../stacks/stacks.cjs') as { stack(name: string): StackInfo };

interface StackInfo {
    phaserVersion: string;
    spinePackage: string;
    spineVersion: string;
    spineFormat: '4.2' | '4.3';
}

/** The version range of `name` an example's package.json asks for (its devDependencies or dependencies). */
export function exampleRange(example: string, name: string): string {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'examples', example, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const range = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
    if (!range) throw new Error(`examples/${example}/package.json does not name ${name}`);
    return range;
}

/** The Vite the temporary projects install: the examples'. */
export const VITE = `vite@${exampleRange('phaser3', 'vite')}`;

/** A stack a game can be built on, with the versions the repository verifies it with. */
export interface GameStack {
    name: 'phaser3' | 'phaser4';
    /** npm install specs: `phaser@x.y.z`, the Spine runtime's. */
    peers: string[];
    spinePackage: string;
    spineFormat: '4.2' | '4.3';
    phaserMajor: number;
}

export function gameStack(name: GameStack['name']): GameStack {
    const info = stack(name);
    return {
        name,
        peers: [`phaser@${info.phaserVersion}`, `${info.spinePackage}@${info.spineVersion}`],
        spinePackage: info.spinePackage,
        spineFormat: info.spineFormat,
        phaserMajor: Number(info.phaserVersion.split('.')[0]),
    };
}

/** Runs a command; on failure the error carries its whole output. */
export async function exec(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
    try {
        const { stdout, stderr } = await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', ...env } });
        return stdout + stderr;
    } catch (error) {
        const failed = error as Error & { stdout?: string; stderr?: string };
        throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`);
    }
}

/** `npm install` of `specs` in `dir` (a project with a package.json), as a game would, from npm's cache when it can. */
export function npmInstall(dir: string, specs: string[]): Promise<string> {
    return exec(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], dir);
}

/** `npm run <script>` in `dir`. */
export function npmRun(dir: string, script: string): Promise<string> {
    return exec(NPM, ['run', '--silent', script], dir);
}

/**
 * Writes the characters `names` as Spine `format` files into `dir`, flat: `<name>.json`,
 * `<name>.atlas` and the atlas pages, as a Spine export puts them.
 */
export function writeCharacters(dir: string, names: PresetName[], format: '4.2' | '4.3'): void {
    mkdirSync(dir, { recursive: true });
    for (const name of names) {
        const files = writeSkeletonFiles(dir, preset(name));
        if (format === '4.3') writeFileSync(files.json, JSON.stringify(preset(name, '4.3').json));
    }
}

/** What a page did wrong, as the tests list it. */
export function watchProblems(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
        const type = message.type();
        // Chromium's own notes on the software GL driver (ReadPixels) are not the game's.
        if (type === 'error' || (type === 'warning' && !message.text().includes('GL Driver Message'))) problems.push(`console.${type}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    return problems;
}

/** A new page of `browser` with its problems watched; closed by `close`. */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    return { page, problems: watchProblems(page) };
}

/** Timeout of the hooks that close a server and remove an installed project (its node_modules): more than jest's 5 s on 2 busy cores. */
export const TEARDOWN_MS = 60_000;
