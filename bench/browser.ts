/**
 * The browser half of the benchmark: the same crowd in real Chromium with WebGL, stock
 * spine-phaser against phaser-spine-pool with default options, frame time (update + render).
 * Run by `npm run bench` after the headless part; skipped, saying so, when there is no Chromium.
 */
import { execFileSync } from 'child_process';
import { createReadStream, existsSync, mkdirSync, statSync } from 'fs';
import { createServer, type Server } from 'http';
import { extname, join, normalize } from 'path';
import { findChromium, launchChromium } from '../test/e2e/chromium';
import { stack } from '../test/harness/stack';
import { median, percentile } from './stats';

const ROOT = join(__dirname, '..');
const OUT = join(__dirname, 'out', 'browser');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.atlas': 'text/plain', '.png': 'image/png' };

export interface BrowserRow {
    mode: string;
    renderer: string;
    median: number;
    p95: number;
}

function build(): void {
    mkdirSync(join(OUT, 'assets'), { recursive: true });
    const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: ROOT, stdio: 'pipe' });
    run(process.execPath, [require.resolve('rollup/dist/bin/rollup'), '-c', 'bench/browser/rollup.config.mjs', '--silent']);
    run(process.execPath, [require.resolve('tsx/cli'), 'test/skeletons/write-assets.ts', join(OUT, 'assets')]);
}

function serve(): Promise<Server> {
    const files = (path: string): string | null => {
        if (path === '/' || path === '/index.html') return join(__dirname, 'browser', 'index.html');
        if (path === '/vendor/phaser.min.js') return join(stack().phaserFile, '..', 'phaser.min.js');
        const file = normalize(join(OUT, path));
        return file.startsWith(OUT) ? file : null;
    };
    const server = createServer((request, response) => {
        const file = files(new URL(request.url ?? '/', 'http://localhost').pathname);
        if (!file || !existsSync(file) || !statSync(file).isFile()) {
            response.writeHead(404).end();
            return;
        }
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(response);
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Runs both modes (in turns, twice each) and returns their frame-time medians; null without Chromium. */
export async function browserBench(count: number, frames: number, view: string): Promise<BrowserRow[] | null> {
    const executable = findChromium();
    if (!executable) return null;
    build();
    const server = await serve();
    const port = (server.address() as { port: number }).port;
    const browser = await launchChromium(executable);
    const samples: Record<string, number[]> = { stock: [], plugin: [] };
    let renderer = '';
    try {
        for (let round = 0; round < 2; round++) {
            for (const mode of ['stock', 'plugin']) {
                const page = await browser.context.newPage();
                const errors: string[] = [];
                page.on('pageerror', (error) => errors.push(String(error)));
                const json = stack().spineFormat === '4.3' ? 'assets/4.3/hero.json' : 'assets/hero.json';
                await page.goto(`http://127.0.0.1:${port}/?mode=${mode}&count=${count}&frames=${frames}&view=${view}&json=${json}`);
                const handle = await page.waitForFunction(() => (window as unknown as { benchResult?: unknown }).benchResult, undefined, { timeout: 300000 });
                const result = (await handle.jsonValue()) as { renderer: string; samples: number[] };
                if (errors.length) throw new Error(`browser bench (${mode}): ${errors.join('; ')}`);
                samples[mode].push(...result.samples);
                renderer = result.renderer;
                await page.close();
            }
        }
    } finally {
        await browser.close();
        server.close();
    }
    return ['stock', 'plugin'].map((mode) => ({ mode, renderer, median: median(samples[mode]), p95: percentile(samples[mode], 95) }));
}
