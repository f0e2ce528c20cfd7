/**
 * The browser half of the benchmark: builds the standalone page (bench/browser/page.ts) into
 * bench/out/browser/ and runs it from disk in the system's Chromium, stock spine-phaser against
 * phaser-spine-pool (`poseCache: 'off'` and `poseCache: 'shared'`), frame time (update + render).
 * Run by `npm run bench` after the headless part; skipped, saying so, when there is no Chromium.
 * The page needs no driver: see page.ts for running it by hand.
 */
import { execFileSync } from 'child_process';
import { copyFileSync, mkdirSync } from 'fs';
import { join } from 'path';
import { pathToFileURL } from 'url';
import { findChromium, launchChromium } from '../test/e2e/chromium';
import { stack } from '../test/harness/stack';
import { median, percentile } from './stats';

const ROOT = join(__dirname, '..');
/** Where the page is built: index.html, bench.js and vendor/phaser.min.js. */
export const PAGE_DIR = join(__dirname, 'out', 'browser');

export interface BrowserRow {
    mode: string;
    renderer: string;
    median: number;
    p95: number;
}

/** Builds the standalone page for the stack in use (needs `npm run build` for the plugin's bundle). */
export function buildPage(): string {
    mkdirSync(join(PAGE_DIR, 'vendor'), { recursive: true });
    execFileSync(process.execPath, [require.resolve('rollup/dist/bin/rollup'), '-c', 'bench/browser/rollup.config.mjs', '--silent'], { cwd: ROOT, stdio: 'pipe' });
    copyFileSync(join(__dirname, 'browser', 'index.html'), join(PAGE_DIR, 'index.html'));
    copyFileSync(join(stack().phaserFile, '..', 'phaser.min.js'), join(PAGE_DIR, 'vendor', 'phaser.min.js'));
    return join(PAGE_DIR, 'index.html');
}

/** Runs the page's modes (in turns, `rounds` each) and returns their frame-time medians; null without Chromium. */
export async function browserBench(count: number, frames: number, view: string, rounds = 2): Promise<BrowserRow[] | null> {
    const executable = findChromium();
    if (!executable) return null;
    const page = buildPage();
    const browser = await launchChromium(executable);
    try {
        const tab = await browser.context.newPage();
        const errors: string[] = [];
        tab.on('pageerror', (error) => errors.push(String(error)));
        await tab.goto(`${pathToFileURL(page).href}?count=${count}&frames=${frames}&rounds=${rounds}&view=${view}`, { waitUntil: 'load', timeout: 900000 });
        const result = (await tab.evaluate(() => (window as unknown as { benchResult?: unknown }).benchResult)) as { renderer: string; samples: Record<string, number[]> } | undefined;
        if (errors.length || !result) throw new Error(`browser bench: ${errors.join('; ') || 'no result on the page'}`);
        return Object.entries(result.samples).map(([mode, samples]) => ({ mode, renderer: result.renderer, median: median(samples), p95: percentile(samples, 95) }));
    } finally {
        await browser.close();
    }
}
