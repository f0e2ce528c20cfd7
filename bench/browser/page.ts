/**
 * The browser benchmark, a page that runs on its own: open bench/out/browser/index.html from disk
 * (file://, no server, no test driver) in any Chromium, for instance one with a real GPU:
 *
 *     chromium --headless --dump-dom bench/out/browser/index.html > results.html
 *
 * It builds the bench crowd (N production-size characters over a world of 4×4 viewports, camera
 * in the middle; the characters are generated in the page, nothing is fetched) in a real WebGL
 * game, then times each frame (`game.step`: update and render) with stock spine-phaser
 * (`this.add.spine`, every instance updated and drawn every frame), with phaser-spine-pool's
 * `poseCache: 'off'` (mode `plugin`) and `poseCache: 'shared'` (mode `shared`), each set explicitly,
 * in turns, and writes the results into the page: a table (#results), the samples as JSON
 * (#bench-json, also `window.benchResult`).
 *
 * Why `--dump-dom` sees the results: it dumps the page when its load event fires, and a page's load
 * event waits for its images. Every frame is run from an image's load handler that first starts
 * the next image (a 1×1 PNG), so the load event is held until the last frame, and the timing runs
 * on the real clock (`--virtual-time-budget` would freeze `performance.now()` during the work).
 *
 * Each frame is also timed in its two halves: update (the scene's update, where posing happens) and
 * render (from the game's PRE_RENDER event to the end of the step: drawing).
 *
 * URL: ?count=1000&frames=120&warmup=60&rounds=2&view=800x600&modes=stock,plugin,shared&zoom=1&scale=1&rig=hero
 * (`dry`: of the warm-up frames, how many first are only updated, not drawn: a large crowd's pose
 * cache filled without waiting on the GPU for frames nobody times.)
 * (`zoom` 0.25 shows the whole world: every character on screen; `scale` sizes the characters; `rig`
 * is a preset of fixtures/skeletons/presets.ts: `hero`, 216 px, `shipped`, 712 px on a 1024² page,
 * or `shippedPages`, the same character packed over three pages, its draw order switching pages.)
 * Mode `sharedCpu` is `shared` with the GPU path off (`gpuDraw: false`: drawn from the pictures on the CPU);
 * mode `sharedTinted` is `shared` with a third of the crowd in team colours and a tenth flashing every
 * second (bench/tintedCrowd.ts), its colours set before each frame; mode `sharedPlain` (a rig of several
 * pages only, and then run by default) is `shared` with the same crowd of the rig's one-page original
 * (`shipped` for `shippedPages`): the plain crowd, measured in turns with the other modes.
 *
 * Beside each pooled mode's frame, where its instances were drawn over the timed frames (`stats().drawn`
 * and `stats().gpu.missed` after each frame, summed): the share of the served instances drawn (drawn,
 * less those posed in full: `gpu.missed.pose`) that the GPU path drew, and why the others were not.
 *
 * After each timed frame (outside its time) a 1×1 readPixels waits for the GPU to finish it: its time
 * is the GPU drain (`drain`), the GPU's work left when the main thread is done (software GL does it
 * on the same cores; a real GPU in parallel).
 * `spawns` (a number of rounds, 0 by default): instead of frames, the page times spawns (bench/probes.ts's
 * `spawnCost` in the browser): µs per `this.add.spine` (its destroy not timed) and per pooled `spawn`
 * and `despawn` (production mode, free instances ready, default options) of the page's rig, in batches
 * (50 objects made, 1000 spawned: the page's clock ticks in steps of 0.1 ms), frames stepped between
 * batches; the medians of the later half of the rounds (`window.benchResult.spawns`).
 * On Phaser 4 the modes also include spine-phaser-v4's `'spine-webgl'` renderer: stock objects made
 * with it (`stockWebgl`) and the pool's (`sharedWebgl`: the pool's `renderer` option, default
 * `poseCache`); `stock`, `plugin` and `shared` use its default (Mesh2D) renderer.
 */
import * as spine from '@esotericsoftware/spine-phaser';
import type * as PhaserModule from 'phaser';
import { SpinePoolPlugin } from 'phaser-spine-pool';
import { addRig } from '../../fixtures/pages/addRig';
import { preset } from '../../fixtures/skeletons/presets';
import { timeBatches } from '../batches';
import { placements } from '../placements';
import { flash, tintCrowd } from '../tintedCrowd';

declare const Phaser: typeof PhaserModule;

const params = new URLSearchParams(location.search);
const count = Number(params.get('count') ?? 1000);
const frames = Number(params.get('frames') ?? 120);
const warmup = Number(params.get('warmup') ?? 60);
/** Of the warm-up frames, how many first are updated only (`headlessStep`: the pose cache filled without the GPU's drawing; 0 by default). */
const dry = Number(params.get('dry') ?? 0);
const rounds = Number(params.get('rounds') ?? 2);
const [width, height] = (params.get('view') ?? '800x600').split('x').map(Number);
const phaser4 = Phaser.VERSION.startsWith('4');
/** The rigs the page takes, and the one-page original of a rig of several pages (mode `sharedPlain`). */
const RIGS = ['hero', 'shipped', 'shippedPages'] as const;
const PLAIN: Partial<Record<Rig, Rig>> = { shippedPages: 'shipped' };
type Rig = (typeof RIGS)[number];
const rig = (params.get('rig') ?? 'hero') as Rig;
if (!RIGS.includes(rig)) throw new Error(`rig=${rig}: not a rig of this page; use one of ${RIGS.join(', ')}`);
const plain = PLAIN[rig];
const modes = (
    params.get('modes') ??
    (phaser4 ? 'stock,stockWebgl,plugin,shared,sharedWebgl' : 'stock,plugin,shared,sharedCpu,sharedTinted') + (plain ? ',sharedPlain' : '')
).split(',') as Mode[];
if (modes.includes('sharedPlain') && !plain) throw new Error(`mode sharedPlain: rig ${rig} has no one-page original (${Object.keys(PLAIN).join(', ')} have)`);
/** The rigs loaded: the page's, and its one-page original when a mode draws it. */
const KEYS: Rig[] = plain && modes.includes('sharedPlain') ? [rig, plain] : [rig];
const zoom = Number(params.get('zoom') ?? 1);
const scale = Number(params.get('scale') ?? 1);
/** Rounds of the spawn probe (`spawns`, see above); 0: the frames are timed instead. */
const spawnRounds = Number(params.get('spawns') ?? 0);
const FRAME_MS = 1000 / 60;
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type Mode = 'stock' | 'stockWebgl' | 'plugin' | 'shared' | 'sharedExact' | 'sharedCpu' | 'sharedWebgl' | 'sharedTinted' | 'sharedPlain';
const LABELS: Record<Mode, string> = {
    stock: 'stock spine-phaser',
    stockWebgl: "stock spine-phaser-v4, renderer: 'spine-webgl'",
    sharedWebgl: "phaser-spine-pool, poseCache: 'shared', renderer: 'spine-webgl'",
    plugin: "phaser-spine-pool, poseCache: 'off'",
    shared: "phaser-spine-pool, poseCache: 'shared'",
    sharedExact: "phaser-spine-pool, poseCache: 'shared', impostorBelow: 0 (every vertex drawn, no image of a sample)",
    sharedCpu: "phaser-spine-pool, poseCache: 'shared', gpuDraw: false",
    sharedTinted: "phaser-spine-pool, poseCache: 'shared', a third tinted, a tenth flashing",
    sharedPlain: `phaser-spine-pool, poseCache: 'shared', the same crowd of '${plain ?? '–'}' (one page)`,
};

/** How a pooled mode's instances were drawn, summed over its timed frames (`stats().drawn` and `stats().gpu.missed`). */
export interface DrawnSum {
    /** Instance-frames by draw path: `impostor`, `gpu`, `picture`, `slots`, `runtime`. */
    drawn: Record<string, number>;
    /** Instance-frames drawn but not on the GPU, by the first reason (none while `stats().gpu.unavailable`). */
    missed: Record<string, number>;
    /** The share of the served instance-frames drawn (all drawn less `missed.pose`) drawn on the GPU (as images or from pictures), 0..1; null when none was served. */
    gpuShare: number | null;
    /** Of them, the share drawn as images of their samples (`stats().drawn.impostor`), 0..1; null when none was served. */
    imageShare: number | null;
    /** Frames summed. */
    frames: number;
    /** `stats().gpu.unavailable` of the last frame: why the GPU path was not used at all (`'off'`: `gpuDraw: false`), or null. */
    unavailable: string | null;
}

export interface BenchResult {
    count: number;
    renderer: string;
    /** Frame times (ms) per mode, warm-up frames left out. */
    samples: Partial<Record<Mode, number[]>>;
    /** The same frames' update and render halves (ms). */
    update: Partial<Record<Mode, number[]>>;
    render: Partial<Record<Mode, number[]>>;
    /** The GPU drain after each of those frames (ms). */
    drain: Partial<Record<Mode, number[]>>;
    /** The pool's `stats().drawn` after the last frame (how its instances were drawn). */
    drawn: Partial<Record<Mode, unknown>>;
    /** The same (and the GPU path's misses) summed over the timed frames, with the GPU's share of the served. */
    drawnSum: Partial<Record<Mode, DrawnSum>>;
    /** The spawn probe's µs per call (`spawns`), when run. */
    spawns?: SpawnTimes;
}

/** µs per call: `this.add.spine`, the pool's `spawn` and `despawn` (see `spawns` above). */
export interface SpawnTimes {
    addSpine: number;
    spawn: number;
    despawn: number;
}

/** Runs `next` in a later task that holds the page's load event until it has run (see above). */
function later(next: () => void): void {
    const image = new Image();
    image.onload = next;
    image.src = PIXEL;
}

function status(text: string): void {
    (document.getElementById('status') as HTMLElement).textContent = text;
}

/** The bench character (and its one-page original, for `sharedPlain`), generated for the runtime's Spine version, put where spine-phaser's loader would put it. */
function addHero(scene: Phaser.Scene): void {
    const v43 = typeof (spine.Skeleton.prototype as unknown as { setupPose?: unknown }).setupPose === 'function';
    for (const key of KEYS) addRig(scene, key, preset(key, v43 ? '4.3' : '4.2'), v43);
}

/** Adds the last frame's `stats().drawn` and `stats().gpu.missed` of `stats` to `sum`. */
function addDrawn(sum: DrawnSum, stats: ReturnType<SpinePoolPlugin['stats']>): void {
    for (const [path, n] of Object.entries(stats.drawn)) sum.drawn[path] = (sum.drawn[path] ?? 0) + n;
    for (const [reason, n] of Object.entries(stats.gpu.missed)) sum.missed[reason] = (sum.missed[reason] ?? 0) + n;
    sum.frames++;
    sum.unavailable = stats.gpu.unavailable;
    const all = Object.values(sum.drawn).reduce((a, b) => a + b, 0);
    const served = all - (sum.missed.pose ?? 0);
    const images = sum.drawn.impostor ?? 0;
    sum.gpuShare = served > 0 ? ((sum.drawn.gpu ?? 0) + images) / served : null;
    sum.imageShare = served > 0 ? images / served : null;
}

/** "98 %", and the commonest reason the others were not drawn on the GPU. */
function gpuShareText(sum: DrawnSum | undefined): string {
    if (!sum || sum.gpuShare === null) return '–';
    if (sum.unavailable !== null) return `${(sum.gpuShare * 100).toFixed(0)} % (GPU path: ${sum.unavailable})`;
    const [reason, n] = Object.entries(sum.missed).reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
    return `${(sum.gpuShare * 100).toFixed(0)} %${n > 0 ? ` (else: ${reason})` : ''}`;
}

const pixel = new Uint8Array(4);

class BenchScene extends Phaser.Scene {
    private readonly result: BenchResult = { count, renderer: '', samples: {}, update: {}, render: {}, drain: {}, drawn: {}, drawnSum: {} };
    /** `stats()` read into the same object after each timed frame (outside its time). */
    private statsOut: ReturnType<SpinePoolPlugin['stats']> | undefined;
    /** When the frame being timed began rendering (the game's PRE_RENDER). */
    private renderBegan = 0;
    private readonly plan: Mode[] = [];
    private crowd: { destroy(): void }[] = [];
    private clock = 0;

    create(): void {
        addHero(this);
        this.cameras.main.setZoom(zoom);
        this.cameras.main.centerOn((width * 4) / 2, (height * 4) / 2);
        this.game.events.on(Phaser.Core.Events.PRE_RENDER, () => (this.renderBegan = performance.now()));
        this.result.renderer = this.game.renderer.type === Phaser.WEBGL ? 'WebGL' : 'Canvas';
        for (let round = 0; round < rounds; round++) this.plan.push(...modes);
        later(() => {
            this.game.loop.stop(); // frames are stepped here, timed one by one
            if (spawnRounds > 0) {
                this.result.spawns = this.timeSpawns();
                this.finish();
            } else {
                this.nextMode();
            }
        });
    }

    private get pool(): SpinePoolPlugin {
        return (this as unknown as { spinePool: SpinePoolPlugin }).spinePool;
    }

    /** The `impostorBelow` option's default, read before the first mode (`sharedExact` sets 0). */
    private impostorBelow: number | null = null;

    /** The spawn probe (`spawns`): each operation in its own run of batches, the median of the later half's batch averages. */
    private timeSpawns(): SpawnTimes {
        /** Objects made per batch by `this.add.spine`, and spawned by the pool: a batch takes a few ms either way. */
        const made = 50;
        const spawned = 1000;
        const atlas = `${rig}-atlas`;
        const [x, y] = [width * 2, height * 2];
        const pool = this.pool;
        pool.configure({ dev: false });
        pool.prewarm(rig, atlas, spawned);
        const step = (frames: number) => {
            for (let i = 0; i < frames; i++) this.game.headlessStep((this.clock += FRAME_MS), FRAME_MS);
        };
        // Despawned instances get their setup pose back over the next frames (a burst within 30): the next batch finds them ready, as a game's does.
        const measure = (
            batch: number,
            make: () => ReturnType<typeof this.add.spine>,
            undo: (go: ReturnType<typeof this.add.spine>) => void,
            timeUndo = false,
        ) => timeBatches(spawnRounds, batch, make, undo, () => step(31), timeUndo);
        const despawn = (go: ReturnType<typeof this.add.spine>) => pool.despawn(go);
        return {
            addSpine: measure(
                made,
                () => this.add.spine(x, y, rig, atlas),
                (go) => go.destroy(),
            ),
            spawn: measure(spawned, () => pool.spawn(x, y, rig, atlas), despawn),
            despawn: measure(spawned, () => pool.spawn(x, y, rig, atlas), despawn, true),
        };
    }

    private nextMode(): void {
        for (const go of this.crowd) go.destroy();
        this.crowd = [];
        const mode = this.plan.shift();
        if (!mode) {
            this.finish();
            return;
        }
        status(`${LABELS[mode]}: ${count} characters`);
        const pool = this.pool;
        const renderer = mode === 'sharedWebgl' ? 'spine-webgl' : null;
        // The renderer is chosen when an instance is built: free ones of the other renderer go.
        if (pool.getOptions().renderer !== renderer) for (const key of KEYS) pool.trim(key, `${key}-atlas`, 0);
        const key = mode === 'sharedPlain' ? plain! : rig;
        this.impostorBelow ??= pool.getOptions().impostorBelow;
        pool.configure({
            poseCache: mode === 'stock' || mode === 'stockWebgl' || mode === 'plugin' ? 'off' : 'shared',
            renderer,
            gpuDraw: mode !== 'sharedCpu',
            impostorBelow: mode === 'sharedExact' ? 0 : this.impostorBelow,
        });
        const gos: ReturnType<typeof this.add.spine>[] = [];
        for (const p of placements(count, 7, width * 4, height * 4)) {
            const go =
                mode === 'stock'
                    ? this.add.spine(p.x, p.y, key, `${key}-atlas`)
                    : mode === 'stockWebgl'
                      ? (this.add.spine as (...args: unknown[]) => ReturnType<typeof this.add.spine>)(p.x, p.y, key, `${key}-atlas`, {
                            renderer: 'spine-webgl',
                        })
                      : pool.spawn(p.x, p.y, key, `${key}-atlas`);
            if (scale !== 1) go.setScale(scale);
            go.animationState.setAnimation(0, p.animation, true).trackTime = p.offset;
            this.crowd.push(mode === 'stock' || mode === 'stockWebgl' ? go : { destroy: () => pool.despawn(go) });
            gos.push(go);
        }
        const flashing = mode === 'sharedTinted' ? tintCrowd(gos) : [];
        const samples = (this.result.samples[mode] ??= []);
        const updates = (this.result.update[mode] ??= []);
        const renders = (this.result.render[mode] ??= []);
        const drains = (this.result.drain[mode] ??= []);
        const pooled = mode !== 'stock' && mode !== 'stockWebgl';
        const drawnSum = pooled
            ? (this.result.drawnSum[mode] ??= { drawn: {}, missed: {}, gpuShare: null, imageShare: null, frames: 0, unavailable: null })
            : null;
        const gl = (this.game.renderer as unknown as { gl?: WebGLRenderingContext }).gl;
        let frame = 0;
        const step = (): void => {
            if (frame === warmup + frames) {
                if (pooled) this.result.drawn[mode] = { ...pool.stats().drawn };
                later(() => this.nextMode());
                return;
            }
            later(step);
            this.clock += FRAME_MS;
            const begin = performance.now();
            flash(flashing, frame); // as a game's tween would, in the frame's time
            if (frame < dry) this.game.headlessStep(this.clock, FRAME_MS);
            else this.game.step(this.clock, FRAME_MS);
            const end = performance.now();
            if (gl) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
            const drained = performance.now();
            if (frame++ >= warmup) {
                samples.push(end - begin);
                updates.push(this.renderBegan - begin);
                renders.push(end - this.renderBegan);
                drains.push(drained - end);
                if (drawnSum) addDrawn(drawnSum, (this.statsOut = pool.stats(this.statsOut)));
            }
        };
        later(step);
    }

    private finish(): void {
        const result = this.result;
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const stock = result.samples.stock ? median(result.samples.stock) : NaN;
        const rows = (spawnRounds > 0 ? [] : modes).map((mode) => {
            const m = median(result.samples[mode] ?? []);
            const u = median(result.update[mode] ?? []);
            const r = median(result.render[mode] ?? []);
            const d = median(result.drain[mode] ?? []);
            return `<tr><td>${LABELS[mode]}</td><td>${m.toFixed(2)}</td><td>${u.toFixed(2)}</td><td>${r.toFixed(2)}</td><td>${d.toFixed(2)}</td><td>${mode === 'stock' || Number.isNaN(stock) ? '1' : (stock / m).toFixed(1)}</td><td>${gpuShareText(result.drawnSum[mode])}</td></tr>`;
        });
        (document.getElementById('results') as HTMLElement).innerHTML =
            `<caption>${count} characters ('${rig}'), ${result.renderer}, ${navigator.userAgent}</caption>` +
            '<tr><th>frame time (update + render)</th><th>median ms</th><th>update</th><th>render</th><th>GPU drain</th><th>× cheaper than stock</th><th>served drawn on the GPU</th></tr>' +
            rows.join('') +
            (result.spawns
                ? `<tr><td>spawns (µs per call)</td><td colspan="6">this.add.spine ${result.spawns.addSpine.toFixed(1)}; spawn ${result.spawns.spawn.toFixed(2)} + despawn ${result.spawns.despawn.toFixed(2)}: ${(result.spawns.addSpine / (result.spawns.spawn + result.spawns.despawn)).toFixed(0)}× cheaper</td></tr>`
                : '');
        (document.getElementById('bench-json') as HTMLElement).textContent = JSON.stringify(result);
        (window as unknown as { benchResult: BenchResult }).benchResult = result;
        status('done');
        document.body.dataset.done = 'true';
    }
}

new Phaser.Game({
    type: Phaser.WEBGL,
    width,
    height,
    backgroundColor: '#2d3b2d',
    parent: 'game',
    banner: false,
    scene: [BenchScene],
    plugins: {
        scene: [
            { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
            { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
        ],
    },
});
