/**
 * The browser half of the benchmark: builds the standalone page (bench/browser/page.ts) into
 * bench/out/browser/ and runs it from disk in the system's Chromium, stock spine-phaser against
 * phaser-spine-pool (`poseCache: 'off'` and `poseCache: 'shared'`), frame time (update + render) and
 * its two halves, in three shots (BROWSER_SHOTS).
 * Run by `npm run bench` after the headless part; skipped, saying so, when there is no Chromium.
 * The page needs no driver: see page.ts for running it by hand.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { join } from 'path';
import { pathToFileURL } from 'url';
import { bundleForBrowser } from '../fixtures/browser/bundle';
import { findChromium, launchChromium } from '../fixtures/browser/chromium';
import { stack, STACK_NAMES, type StackName } from '../fixtures/headless/stack';
import { median, percentile } from './stats';
import type { PresetName } from '../fixtures/skeletons/presets';

const ROOT = join(__dirname, '..');
/** Where the page is built: index.html, bench.js and vendor/phaser.min.js. */
/** Where the page of a stack is built: bench/out/browser for the default stack, bench/out/browser-<stack> for the others (one test's build never replaces another's page). */
export function pageDir(name = stack().name): string {
    return join(__dirname, 'out', name === STACK_NAMES[0] ? 'browser' : `browser-${name}`);
}

export interface BrowserRow {
    mode: string;
    renderer: string;
    /** Frame (update + render) median and 95th percentile, ms. */
    median: number;
    p95: number;
    /** The frames' update and render halves, medians, ms. */
    update: number;
    render: number;
    /** The GPU drain after the frames (a 1×1 readPixels, outside the frame), median, ms. */
    drain: number;
    /**
     * Of the served instances drawn over the timed frames (pooled modes), the share the GPU path drew,
     * 0..1 (null: stock, or none served), and the commonest reason the others were not (null: none;
     * `GPU path: off` and the like when the GPU path was not used at all, `stats().gpu.unavailable`).
     */
    gpuShare: number | null;
    gpuMissed: string | null;
    /** Of the served instances drawn, the share drawn as images of their samples (the `impostorBelow` option), 0..1; null: stock, or none served. */
    imageShare: number | null;
}

/** The page's spawn probe (`?spawns=`, see browser/page.ts): µs per `this.add.spine` (destroy not timed), per pooled `spawn` and `despawn` (production mode). */
export interface SpawnTimes {
    addSpine: number;
    spawn: number;
    despawn: number;
}

/** How the browser crowd is seen (page.ts's `zoom` and `scale`). */
export interface BrowserShot {
    key: string;
    label: string;
    zoom: number;
    scale: number;
    /** The page's rig (a preset): `hero` unless said. A rig of several pages also runs the page's `sharedPlain` mode (its one-page original). */
    rig?: 'hero' | 'shipped' | 'shippedPages';
    /** Its crowd's size, when not the run's (`BENCH_BROWSER_COUNT`). */
    count?: number;
    /** The page's modes for it (comma-separated) unless `BENCH_BROWSER_MODES` says; the page's defaults when not given. */
    modes?: string;
}

/** The browser scenarios: the crowd as the headless bench's zoom 1 shot, all of it on screen, and rigs taller than the view. */
export const BROWSER_SHOTS: readonly BrowserShot[] = [
    { key: 'zoom1', label: 'zoom 1, 4×4-viewport world (216 px characters)', zoom: 1, scale: 1 },
    { key: 'allOnScreen', label: 'zoomed out to 0.25: all on screen (43 px characters)', zoom: 0.25, scale: 0.8 },
    { key: 'tall', label: 'zoom 1, characters scaled to 648 px (taller than the view)', zoom: 1, scale: 3 },
    {
        key: 'shippedAllOnScreen',
        label: "the 'shipped' rig (79 bones, 53 slots, a path constraint, 712 px, one 1024² page) zoomed out to 0.25: all on screen (43 px)",
        zoom: 0.25,
        scale: 0.243,
        rig: 'shipped',
        // Issue 48: images of samples (the default) against every vertex drawn (`sharedExact`).
        modes: 'stock,plugin,shared,sharedExact,sharedCpu,sharedTinted',
    },
    {
        // Issue 48: ten thousand small characters, with images of samples and without (stock's 1000 above are the target).
        key: 'shippedTenThousand',
        label: "10,000 of the 'shipped' rig zoomed out to 0.25: all on screen (20 px)",
        zoom: 0.25,
        scale: 0.112,
        rig: 'shipped',
        count: 10000,
        modes: 'shared,sharedExact',
    },
    { key: 'shippedZoom1', label: "the 'shipped' rig at zoom 1 (712 px: taller than half the view)", zoom: 1, scale: 1, rig: 'shipped' },
    {
        // Issue 45: its shared row against the plain crowd's (`sharedPlain`, the one-page 'shipped', in turns in the same run).
        key: 'shippedPagesAllOnScreen',
        label: "the 'shippedPages' rig ('shipped' packed over three pages, its draw order switching pages 22 times) zoomed out to 0.25: all on screen (43 px)",
        zoom: 0.25,
        scale: 0.243,
        rig: 'shippedPages',
    },
];

/** The shots `BENCH_SHOTS` (keys, comma-separated) names, all by default; an unknown key is an error naming the known ones. */
export function browserShots(keys = process.env.BENCH_SHOTS): readonly BrowserShot[] {
    if (!keys) return BROWSER_SHOTS;
    return keys.split(',').map((key) => {
        const shot = BROWSER_SHOTS.find((s) => s.key === key);
        if (!shot) throw new Error(`BENCH_SHOTS: no browser shot ${key}; use some of ${BROWSER_SHOTS.map((s) => s.key).join(', ')}`);
        return shot;
    });
}

/** The e2e tests' pages built beside the bench page (fixtures/pages/<name>.ts, served as <name>.html), and their titles. */
const TEST_PAGES: Record<string, string> = {
    parity: 'draw parity',
    debugView: 'debug view',
    gpuLife: 'GPU life',
    renderTexture: 'render texture',
    impostors: 'impostor parity',
};

/**
 * Builds the standalone page for a stack (the one in use by default; needs `npm run build` for the
 * plugin's bundle) into its `pageDir`, and beside it the e2e tests' pages (`TEST_PAGES`: draw parity,
 * the debug view, the GPU path's life, a RenderTexture, impostor parity; fixtures/pages/).
 * Returns the page's path.
 */
export function buildPage(name: StackName = stack().name): string {
    const dir = pageDir(name);
    mkdirSync(dir, { recursive: true });
    // The e2e files and the bench build the same pages: a build is kept while nothing it is made
    // from changed; jest's workers take turns (a lock directory beside it).
    const stamp = join(dir, '.built');
    const { phaserVersion, spineVersion } = stack(name);
    const key = `${name} ${phaserVersion} ${spineVersion} ${newestInput(name)}`;
    withLock(`${dir}.lock`, () => {
        if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return;
        rmSync(stamp, { force: true });
        writePage(name, dir);
        writeFileSync(stamp, key);
    });
    return join(dir, 'index.html');
}

/** The newest modification time (ms) of what a page of `name` is made from: the plugin's bundle, the pages' sources and fixtures, the stack's Phaser and Spine runtime. */
function newestInput(name: StackName): number {
    let newest = 0;
    const visit = (path: string): void => {
        const stats = statSync(path, { throwIfNoEntry: false });
        if (!stats) return;
        newest = Math.max(newest, stats.mtimeMs);
        if (!stats.isDirectory()) return;
        for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    };
    for (const input of ['dist', join('bench', 'browser'), 'fixtures']) visit(join(ROOT, input));
    visit(stack(name).spineFile);
    visit(stack(name).phaserFile);
    return newest;
}

/** Runs `work` holding the lock directory `lock` (made atomically; one older than ten minutes is a crashed holder's). */
function withLock(lock: string, work: () => void): void {
    const wait = new Int32Array(new SharedArrayBuffer(4));
    for (;;) {
        try {
            mkdirSync(lock);
            break;
        } catch {
            const held = statSync(lock, { throwIfNoEntry: false });
            if (held && Date.now() - held.mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
            else Atomics.wait(wait, 0, 0, 200);
        }
    }
    try {
        work();
    } finally {
        rmSync(lock, { recursive: true, force: true });
    }
}

/** The pages of `name` built into `dir`. */
function writePage(name: StackName, dir: string): void {
    mkdirSync(join(dir, 'vendor'), { recursive: true });
    bundleForBrowser(
        [
            { input: join(__dirname, 'browser', 'page.ts'), output: join(dir, 'bench.js') },
            ...Object.keys(TEST_PAGES).map((page) => ({ input: join(ROOT, 'fixtures', 'pages', `${page}.ts`), output: join(dir, `${page}.js`) })),
        ],
        name,
    );
    copyFileSync(join(__dirname, 'browser', 'index.html'), join(dir, 'index.html'));
    // The e2e tests' pages are the same page running their own script.
    const html = readFileSync(join(__dirname, 'browser', 'index.html'), 'utf8');
    for (const [page, title] of Object.entries(TEST_PAGES)) {
        writeFileSync(
            join(dir, `${page}.html`),
            html.replace('bench.js', `${page}.js`).replace(/<title>.*<\/title>/, `<title>phaser-spine-pool · ${title}</title>`),
        );
    }
    copyFileSync(join(stack(name).phaserFile, '..', 'phaser.min.js'), join(dir, 'vendor', 'phaser.min.js'));
}

/** Runs the page's modes (in turns, `rounds` each; `modes` or the page's default ones) for `shot` and returns their frame-time medians; null without Chromium. */
export async function browserBench(
    count: number,
    frames: number,
    view: string,
    shot: BrowserShot,
    rounds = 2,
    warmup = 60,
    /** The page's modes (comma-separated), its defaults when not given. */
    modes?: string,
): Promise<BrowserRow[] | null> {
    const result = await pageResult<{
        renderer: string;
        samples: Record<string, number[]>;
        update: Record<string, number[]>;
        render: Record<string, number[]>;
        drain: Record<string, number[]>;
        drawnSum?: Record<string, { gpuShare: number | null; imageShare?: number | null; missed: Record<string, number>; unavailable: string | null }>;
    }>(
        `count=${count}&frames=${frames}&warmup=${warmup}&rounds=${rounds}&view=${view}&zoom=${shot.zoom}&scale=${shot.scale}&rig=${shot.rig ?? 'hero'}${modes ? `&modes=${modes}` : ''}`,
    );
    if (!result) return null;
    return Object.entries(result.samples).map(([mode, samples]) => {
        const drawn = result.drawnSum?.[mode];
        const [reason, missed] = Object.entries(drawn?.missed ?? {}).reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
        return {
            mode,
            renderer: result.renderer,
            median: median(samples),
            p95: percentile(samples, 95),
            update: median(result.update[mode]),
            render: median(result.render[mode]),
            drain: median(result.drain[mode]),
            gpuShare: drawn?.gpuShare ?? null,
            gpuMissed: drawn?.unavailable ? `GPU path: ${drawn.unavailable}` : missed > 0 ? reason : null,
            imageShare: drawn?.imageShare ?? null,
        };
    });
}

/** µs per `this.add.spine` and per pooled `spawn` and `despawn` of `rig` in Chromium (the page's `spawns` probe, `rounds` rounds); null without Chromium. */
export async function browserSpawns(rig: PresetName, rounds = 200): Promise<SpawnTimes | null> {
    const result = await pageResult<{ spawns?: SpawnTimes }>(`spawns=${rounds}&rig=${rig}`);
    if (!result) return null;
    if (!result.spawns) throw new Error('browser bench: the page ran no spawn probe');
    return result.spawns;
}

/** Opens the bench page with `query` in a fresh Chromium and returns its `window.benchResult`; null without Chromium; a page error or no result throws. */
async function pageResult<T>(query: string): Promise<T | null> {
    const executable = findChromium();
    if (!executable) return null;
    const page = buildPage();
    const browser = await launchChromium(executable);
    try {
        const tab = await browser.context.newPage();
        const errors: string[] = [];
        tab.on('pageerror', (error) => errors.push(String(error)));
        // A page holds its load event until its last frame: 1000 `shipped` all on screen, every mode, two rounds, takes over
        // 15 minutes on software GL (a GPU drain of 1-2 s after each of stock's frames).
        await tab.goto(`${pathToFileURL(page).href}?${query}`, { waitUntil: 'load', timeout: 3_600_000 });
        const result = (await tab.evaluate(() => (window as unknown as { benchResult?: unknown }).benchResult)) as T | undefined;
        if (errors.length || !result) throw new Error(`browser bench: ${errors.join('; ') || 'no result on the page'}`);
        return result;
    } finally {
        await browser.close();
    }
}
