/**
 * The browser benchmark's page runs on its own: built, opened from disk (file://, no server, no
 * driver) by Chromium with `--dump-dom`, it prints its results in the DOM it dumps, for every mode.
 * (It holds its load event until the last frame, see bench/browser/page.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPage } from '../../bench/browser';
import { chromiumHint, findChromium } from '../../fixtures/browser/chromium';

const chromiumPath = findChromium();
if (!chromiumPath) process.stderr.write(`\n*** e2e SKIPPED: ${chromiumHint}. The benchmark page was not tested. ***\n\n`);
const maybe = chromiumPath ? test : test.skip;

/** `chromium --dump-dom` of `page` with `query`: the DOM it prints. */
async function dumpDom(page: string, query: string): Promise<string> {
    const profile = mkdtempSync(join(tmpdir(), 'spine-pool-bench-'));
    try {
        const args = [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            `--user-data-dir=${profile}`,
            '--dump-dom',
            `${pathToFileURL(page).href}${query}`,
        ];
        return await new Promise<string>((resolve, reject) =>
            execFile(chromiumPath as string, args, { timeout: 240000, maxBuffer: 64 << 20 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
        );
    } finally {
        rmSync(profile, { recursive: true, force: true });
    }
}

/** The page's results (`#bench-json`) in a dumped DOM; null when there are none. */
function benchJson<T>(dom: string): T {
    const json = /<script type="application\/json" id="bench-json">(.*?)<\/script>/s.exec(dom)?.[1];
    return JSON.parse(json ?? 'null') as T;
}

maybe(
    'chromium --dump-dom of the page opened from disk prints a result for stock, the plugin and the pose cache',
    async () => {
        const dom = await dumpDom(buildPage(), '?count=120&frames=20&warmup=5&rounds=1');
        expect(dom).toContain('<div id="status">done</div>');
        const result = benchJson<{ count: number; samples: Record<string, number[]> }>(dom);
        expect(result.count).toBe(120);
        for (const mode of ['stock', 'plugin', 'shared']) {
            expect(result.samples[mode]).toHaveLength(20);
            expect(result.samples[mode].every((ms) => ms > 0)).toBe(true); // real time, not a frozen clock
        }
        expect(dom).toMatch(/<td>phaser-spine-pool, poseCache: 'shared'<\/td><td>[\d.]+<\/td>/);
    },
    300000,
);

maybe(
    "the page's spawn probe (?spawns=) prints µs per this.add.spine and per pooled spawn and despawn instead of frames",
    async () => {
        const dom = await dumpDom(buildPage(), '?spawns=4&rig=hero');
        expect(dom).toContain('<div id="status">done</div>');
        const result = benchJson<{ samples: Record<string, number[]>; spawns?: Record<string, number> }>(dom);
        expect(result.samples).toEqual({});
        expect(Object.keys(result.spawns ?? {})).toEqual(['addSpine', 'spawn', 'despawn']);
        expect(result.spawns!.addSpine).toBeGreaterThan(0);
        for (const call of ['spawn', 'despawn']) expect(Number.isFinite(result.spawns![call]) && result.spawns![call] >= 0).toBe(true);
        expect(dom).toMatch(/<td>spawns \(µs per call\)<\/td><td colspan="6">this.add.spine [\d.]+; spawn [\d.]+ \+ despawn [\d.]+: \d+× cheaper<\/td>/);
    },
    300000,
);

maybe(
    "Phaser 4: one game drawing pooled crowds of both of spine-phaser-v4's renderers in turns (its default Mesh2D one, then 'spine-webgl'), each served crowd all drawn on the GPU (the samples pictured for each renderer)",
    async () => {
        const dom = await dumpDom(buildPage('phaser4'), '?count=60&frames=10&warmup=20&rounds=1&zoom=0.25&scale=0.8&modes=stock,shared,sharedWebgl');
        expect(dom).toContain('<div id="status">done</div>');
        const json = /<script type="application\/json" id="bench-json">(.*?)<\/script>/s.exec(dom)?.[1];
        const result = JSON.parse(json ?? 'null') as { drawnSum: Record<string, { gpuShare: number | null; missed: Record<string, number> }> };
        for (const mode of ['shared', 'sharedWebgl']) {
            const { gpuShare, missed } = result.drawnSum[mode];
            expect({ mode, gpuShare, missed }).toEqual({ mode, gpuShare: 1, missed });
        }
    },
    300000,
);
