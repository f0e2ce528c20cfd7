/**
 * `npm run bench`: stock spine-phaser, a port of the seed's SpineManager, phaser-spine-pool (each
 * pose cache mode named, the default one labelled so, and `offscreen: 'lod'`) and the exact bound
 * (see exactBound.ts), side by side in one process on the real stack (HEADLESS Phaser +
 * spine-phaser), reported as medians and ratios, with the issue's targets checked against the same
 * run and the pose cache's memory per rig. Writes bench/RESULTS.md and bench/frame-cost.svg (another
 * stack than the default: bench/RESULTS-<stack>.md and bench/frame-cost-<stack>.svg).
 *
 * Environment: BENCH_SIZES=100,1000,3000  BENCH_FRAMES=200  BENCH_VIEW=800x600  BENCH_QUICK=1
 * (frame costs only)  BENCH_BROWSER=0 (no Chromium run)  BENCH_RIG=shipped (the crowd's rig, a
 * preset of fixtures/skeletons/presets.ts; `hero` by default)  SPINE_STACK=phaser4 (Phaser 4 +
 * spine-phaser-v4; see fixtures/stacks/stacks.cjs). The browser part: BENCH_SHOTS=shippedPagesAllOnScreen
 * (only these shots of bench/browser.ts BROWSER_SHOTS, comma-separated; run even with BENCH_QUICK=1)
 * BENCH_BROWSER_COUNT=1000  BENCH_BROWSER_FRAMES=120  BENCH_BROWSER_ROUNDS=2  BENCH_BROWSER_MODES=stock,shared,sharedPlain (the page's
 * modes, see bench/browser/page.ts; all by default: stock's row is needed)  BENCH_SPAWNS=1 (the browser's spawn
 * probe even with BENCH_QUICK=1, after the shots named).
 */
import '../fixtures/headless/setup';
import { writeFileSync } from 'fs';
import { cpus } from 'os';
import { join } from 'path';
import { stack, STACK_NAMES } from '../fixtures/headless/stack';
import { VIEW_HEIGHT, VIEW_WIDTH } from './crowd';
import { spikesAlone } from './alone';
import { browserBench, browserShots, browserSpawns, type BrowserRow } from './browser';
import { findChromium } from '../fixtures/browser/chromium';
import { allocationPerFrame, boundWaveCost, churnGarbage, offscreenCost, schedulerOverhead, spawnCost, waveCost, type WaveCost } from './probes';
import { fill, frameChart, frameTable, memoryTable, ms, ratio, shotTable, targetsTable, type Row } from './report';
import { cacheMode, DEFAULT_KEY, DEFAULT_POSE_CACHE, frameSamples, POSE_CACHE_KEY, SCENARIOS, SHOT_SCENARIOS, SKELETON, type Scenario } from './scenarios';
import { SHOTS } from './crowd';
import { rigMemory, type RigMemory } from './memory';
import { shapeOf, SPAWN_RIGS, spawnRigs, spawnRigTable } from './spawnRigs';
import { targets, type Measured } from './targets';
import { POSE_CACHE_MODES, type PoseCacheMode } from '../src/options';
import type { PresetName } from '../fixtures/skeletons/presets';

const SIZES = (process.env.BENCH_SIZES ?? '100,1000,3000').split(',').map(Number);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 200);
const QUICK = process.env.BENCH_QUICK === '1';
const BROWSER = process.env.BENCH_BROWSER !== '0';
/** The browser's spawn probe even with BENCH_QUICK=1 (after the shots named, if any). */
const SPAWNS = process.env.BENCH_SPAWNS === '1';
/** The browser shots run (BENCH_SHOTS names some: they run even with BENCH_QUICK=1), their timed frames and rounds. */
const SHOTS_NAMED = Boolean(process.env.BENCH_SHOTS);
const BROWSER_SHOTS = browserShots();
const BROWSER_FRAMES = Number(process.env.BENCH_BROWSER_FRAMES ?? 120);
const BROWSER_ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 2);
const BROWSER_MODES = process.env.BENCH_BROWSER_MODES || undefined;
/** The browser crowd's size (the browser targets' labels say it). */
const BROWSER_COUNT = Number(process.env.BENCH_BROWSER_COUNT ?? 1000);
/** The rigs whose pose cache memory is reported. */
const MEMORY_RIGS: PresetName[] = ['hero', 'crowd', 'tiny'];
/** The pose cache mode that is not the default. */
const OTHER_POSE_CACHE: PoseCacheMode = POSE_CACHE_MODES.find((m) => m !== DEFAULT_POSE_CACHE)!;

function kb(bytes: number): string {
    return bytes < 1024 ? `${Math.round(bytes)} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function log(line = ''): void {
    process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
    if (!(globalThis as { gc?: unknown }).gc) log('(run through `npm run bench` for --expose-gc: without it GC noise is larger)');
    const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${stack().label}`;
    const setting =
        `'${SKELETON}' characters (${shapeOf(SKELETON)}) spread over a world of ` +
        `4×4 viewports of ${VIEW_WIDTH}×${VIEW_HEIGHT}, camera in the middle, each walking, running or idling`;
    log(`phaser-spine-pool bench: ${setting}.`);
    log(
        `Frame cost = one game.headlessStep (Phaser's whole update, no rendering), ${FRAMES} frames after 60 warm-up, contenders stepped in turns. ${machine}.`,
    );
    log(`The plugin's default pose cache mode (defaultOptions()): '${DEFAULT_POSE_CACHE}'.\n`);

    const newRow = (s: Scenario): Row => ({ key: s.key, label: s.label, short: s.short, median: {}, p95: {}, worst: {}, posed: {} });
    const rows: Row[] = SCENARIOS.map(newRow);
    for (const n of SIZES) {
        const runs = await frameSamples(SCENARIOS, n, FRAMES);
        SCENARIOS.forEach((scenario, i) => {
            const row = rows[i];
            fill(row, n, runs[i]);
            log(
                `  ${scenario.short.padEnd(44)} N=${String(n).padEnd(5)} median ${ms(row.median[n]).padStart(6)} ms  p95 ${ms(row.p95[n]).padStart(6)}  worst ${ms(row.worst[n]).padStart(6)}  posed ${row.posed[n].toFixed(0)}`,
            );
        });
    }
    const table = frameTable(rows, SIZES);
    log(`\n${table}\n`);

    // The other shots: the crowd zoomed out (all on screen, small), and characters taller than half the view.
    const shotSize = SIZES.includes(1000) ? 1000 : SIZES[Math.floor(SIZES.length / 2)];
    const shotTables: string[] = [];
    const shotRowsOf: Record<string, Row[]> = {};
    for (const shot of [SHOTS.zoom1, SHOTS.zoomedOut, SHOTS.bigRigs]) {
        let shotRows: Row[];
        if (shot === SHOTS.zoom1) {
            // Already measured in the main table.
            shotRows = SHOT_SCENARIOS.map((s) => rows.find((r) => r.key === s.key)!);
        } else {
            shotRows = SHOT_SCENARIOS.map(newRow);
            const runs = await frameSamples(SHOT_SCENARIOS, shotSize, FRAMES, shot);
            shotRows.forEach((row, i) => fill(row, shotSize, runs[i]));
        }
        shotRowsOf[shot.key] = shotRows;
        shotTables.push(shotTable(shot.label, shotRows, shotSize));
    }
    const shots = shotTables.join('\n\n');
    log(`${shots}\n`);

    let probes: string | null = null;
    let memory: string | null = null;
    let spawnTable: string | null = null;
    const measured: Measured = {
        n: shotSize,
        zoom1: shotRowsOf.zoom1,
        zoomedOut: shotRowsOf.zoomedOut,
        spawn: null,
        waveWarm: null,
        waveCold: null,
        spawnRigs: null,
        spikes: null,
        browserSpawns: {},
        memory: null,
        browser: {},
        images: {},
        browserCount: BROWSER_COUNT,
    };
    if (!QUICK) {
        // Twice, the second kept: the first run of a process times code V8 has not optimised yet
        // (spawn's medians were up to 2× the later runs'; add.spine's barely moved).
        await spawnCost();
        const spawn = await spawnCost();
        const churn = await churnGarbage();
        const allocation = await allocationPerFrame();
        const overhead = await schedulerOverhead();
        const offscreen = await offscreenCost();
        // The default mode's wave first: it is the first of the process.
        const waveCold: Partial<Record<PoseCacheMode, WaveCost>> = {};
        const waveWarm: Partial<Record<PoseCacheMode, WaveCost>> = {};
        for (const mode of [DEFAULT_POSE_CACHE, OTHER_POSE_CACHE]) waveCold[mode] = await waveCost({ poseCache: mode });
        const waveBound = await boundWaveCost();
        for (const mode of [DEFAULT_POSE_CACHE, OTHER_POSE_CACHE]) waveWarm[mode] = await waveCost({ poseCache: mode }, 1);
        const waveBoundWarm = await boundWaveCost(1);
        const perRig = await spawnRigs();
        const spikes = { pool: spikesAlone('pool', SKELETON, shotSize), stock: spikesAlone('stock', SKELETON, shotSize) };
        measured.spikes = spikes;
        const rigs: RigMemory[] = [];
        for (const rig of MEMORY_RIGS) rigs.push(await rigMemory(rig));
        Object.assign(measured, { spawn, waveWarm: waveWarm[DEFAULT_POSE_CACHE], waveCold: waveCold[DEFAULT_POSE_CACHE], spawnRigs: perRig, memory: rigs });

        const n = shotSize;
        const dflt = `default options (\`poseCache: '${DEFAULT_POSE_CACHE}'\`)`;
        const other = cacheMode(OTHER_POSE_CACHE);
        const mine = rows.find((r) => r.key === DEFAULT_KEY)!;
        const theirs = rows.find((r) => r.key === POSE_CACHE_KEY[OTHER_POSE_CACHE])!;
        const stock = rows.find((r) => r.key === 'stock')!;
        const bound = rows.find((r) => r.key === 'bound')!;
        const wave = (w: WaveCost) => `${ms(w.first)} ms = ${ratio(w.first / w.steady)}× a steady frame (${ms(w.steady)} ms)`;
        const worst = (row: Row) => `${ratio(row.worst[n] / row.median[n])} (p95 ${ratio(row.p95[n] / row.median[n])})`;
        const lines = [
            `| \`spawn\` + \`despawn\`, µs per pair, ${dflt} | \`this.add.spine\` ${spawn.addSpine.toFixed(1)} (destroy not counted); pooled \`spawn\` ${spawn.spawn.toFixed(2)} + \`despawn\` ${spawn.despawn.toFixed(2)} = ${(spawn.spawn + spawn.despawn).toFixed(2)}: **${(spawn.addSpine / (spawn.spawn + spawn.despawn)).toFixed(0)}× cheaper** (production mode) |`,
            `| an instance that played an animation, \`despawn\` then \`spawn\` again, µs per pair, its setup pose counted wherever it is made (production mode) | handed out in the same frame ${spawn.pairSameFrame.toFixed(2)} (**${(spawn.addSpine / spawn.pairSameFrame).toFixed(0)}× cheaper** than \`this.add.spine\`), the next frame ${spawn.pairNextFrame.toFixed(2)} (${(spawn.addSpine / spawn.pairNextFrame).toFixed(0)}×), long after ${spawn.pairLongAfter.toFixed(2)} (${(spawn.addSpine / spawn.pairLongAfter).toFixed(0)}×) |`,
            `| \`spawn(..., { animation })\` on screen, µs | ${dflt}: ${spawn.spawnAnimated[DEFAULT_POSE_CACHE].toFixed(1)} = **${ratio(spawn.spawnAnimated[DEFAULT_POSE_CACHE] / spawn.onePose)}× one pose** (one \`updatePose\` of the same character: ${spawn.onePose.toFixed(1)} µs); ${other}: ${spawn.spawnAnimated[OTHER_POSE_CACHE].toFixed(1)} (${ratio(spawn.spawnAnimated[OTHER_POSE_CACHE] / spawn.onePose)}×); in dev mode, default options, ${spawn.spawnDev.toFixed(1)} (a call site captured) |`,
            `| a wave of 1000 spawned at once, the first of the process, ${dflt} | ${waveCold[DEFAULT_POSE_CACHE]!.spawn.toFixed(1)} µs per spawn; the first frame after it ${wave(waveCold[DEFAULT_POSE_CACHE]!)}, worst of 200 steady frames ${ratio(waveCold[DEFAULT_POSE_CACHE]!.worst / waveCold[DEFAULT_POSE_CACHE]!.steady)}×; ${other}, its first wave (after that one): ${waveCold[OTHER_POSE_CACHE]!.spawn.toFixed(1)} µs per spawn, first frame ${wave(waveCold[OTHER_POSE_CACHE]!)}; the exact bound's, after the same wave: ${ratio(waveBound.first / waveBound.steady)}× its steady frame (much code runs for the first time) |`,
            `| a later wave of 1000 (one was played and despawned before) | ${dflt}: first frame **${wave(waveWarm[DEFAULT_POSE_CACHE]!)}**; ${other}: ${wave(waveWarm[OTHER_POSE_CACHE]!)}; the exact bound's ${ratio(waveBoundWarm.first / waveBoundWarm.steady)}× (spine-core's first \`apply\` of a new animation works out how the tracks mix; the bound knows who is visible for free; the shared cache builds samples a few a frame where none were) |`,
            `| churn: heap left after 20 000 spawn/despawn cycles (after GC), ${dflt} | ${(churn / 1024).toFixed(1)} KB |`,
            `| heap allocated per frame, N = 1000 | stock ${kb(allocation.stock)}; phaser-spine-pool, ${dflt}, ${kb(allocation.plugin)} (spine-core allocates while posing); with posing stubbed out (pose cache off): Phaser's UpdateList ${kb(allocation.updateList)}, phaser-spine-pool's scheduling ${kb(allocation.scheduling)} |`,
            `| scheduler overhead per instance and frame (posing stubbed out, pose cache off), N = 3000 | phaser-spine-pool ${overhead.plugin.toFixed(3)} µs; Phaser's UpdateList ${overhead.updateList.toFixed(3)} µs |`,
            `| one instance per frame in the N = 1000 crowd, ${dflt}: on screen (${offscreen.visible}) / off screen | ${offscreen.onscreen.toFixed(2)} µs / ${offscreen.offscreen.toFixed(3)} µs (**${((offscreen.offscreen / offscreen.onscreen) * 100).toFixed(1)} %**) |`,
            `| worst frame / median, N = ${n}, zoom 1 (the main table's ${FRAMES} frames) | ${dflt} **${worst(mine)}**; ${other} ${worst(theirs)}; exact bound ${worst(bound)}; stock ${worst(stock)} |`,
            `| frame spikes, N = ${n}, zoom 1, each contender in a process of its own (${spikes.pool.frames} frames after a collection and 120 warm-up frames): median ms, p99, worst | ${dflt} ${ms(spikes.pool.median)}, p99 **${ratio(spikes.pool.p99 / spikes.pool.median)}×**, worst ${ms(spikes.pool.worst)} ms (**${ratio(spikes.pool.worst / spikes.stock.median)}×** stock's median); stock ${ms(spikes.stock.median)}, p99 ${ratio(spikes.stock.p99 / spikes.stock.median)}×, worst ${ms(spikes.stock.worst)} ms |`,
        ];
        probes = ['| measurement | result |', '|---|---|', ...lines].join('\n');
        log(`${probes}\n`);
        spawnTable = spawnRigTable(perRig);
        log(`${spawnTable}\n`);

        memory = memoryTable(rigs, "`poseCache: 'shared'`, measured");
        log(`${memory}\n`);
        for (const rig of rigs) {
            log(
                `  ${rig.rig}: ${rig.perAnimation.map((a) => `${a.name} ${a.seconds.toFixed(2)} s ${a.samples} samples (60 Hz: ${a.uniformSamples})`).join('; ')}; ${rig.frames} frames stepped`,
            );
        }
        log('');
    }

    let browserTable: string | null = null;
    let spawnsTable: string | null = null;
    if ((!QUICK || SHOTS_NAMED || SPAWNS) && BROWSER) {
        const n = BROWSER_COUNT;
        const rows: string[] = [];
        let renderer = '';
        for (const shot of QUICK && !SHOTS_NAMED ? [] : BROWSER_SHOTS) {
            const browser = await browserBench(
                shot.count ?? n,
                BROWSER_FRAMES,
                `${VIEW_WIDTH}x${VIEW_HEIGHT}`,
                shot,
                BROWSER_ROUNDS,
                60,
                BROWSER_MODES ?? shot.modes,
            );
            if (!browser) break;
            const byMode = Object.fromEntries(browser.map((row) => [row.mode, row]));
            // A shot whose own modes leave stock out (ten thousand: stock's 1000 are its target) has no ratio to stock.
            const stock: BrowserRow | undefined = byMode.stock;
            if (!stock && !shot.modes) throw new Error('BENCH_BROWSER_MODES: the browser table needs the mode stock');
            renderer = (stock ?? browser[0]).renderer;
            if (stock && byMode.shared)
                measured.browser[shot.key] = { stock, shared: byMode.shared, off: byMode.plugin, tinted: byMode.sharedTinted, plain: byMode.sharedPlain };
            if (byMode.shared && byMode.sharedExact) measured.images[shot.key] = { shared: byMode.shared, exact: byMode.sharedExact };
            const gpu = (row: BrowserRow) =>
                row.gpuShare === null
                    ? '–'
                    : `${(row.gpuShare * 100).toFixed(0)} %${row.imageShare ? ` (${(row.imageShare * 100).toFixed(0)} % as images)` : ''}${row.gpuMissed ? ` (else: ${row.gpuMissed})` : ''}`;
            const line = (label: string, row: BrowserRow) =>
                `| ${shot.label}${shot.count ? ` (${shot.count})` : ''} | ${label} | ${ms(row.median)} (${ms(row.p95)}) | ${ms(row.update)} | ${ms(row.render)} | ${ms(row.drain)} | ${row === stock ? '1' : stock ? `**${(stock.median / row.median).toFixed(1)}×**` : '–'} | ${row === stock ? '1' : stock ? `${(row.render / stock.render).toFixed(2)}` : '–'} | ${gpu(row)} |`;
            // The page's modes: 'plugin' is `poseCache: 'off'`, 'shared' is `poseCache: 'shared'` (see browser/page.ts).
            if (stock) rows.push(line('stock spine-phaser', stock));
            if (byMode.shared) rows.push(line(`phaser-spine-pool, ${cacheMode('shared')}`, byMode.shared));
            if (byMode.sharedExact) rows.push(line(`phaser-spine-pool, ${cacheMode('shared')}, \`impostorBelow: 0\` (every vertex drawn)`, byMode.sharedExact));
            if (byMode.plugin) rows.push(line(`phaser-spine-pool, ${cacheMode('off')}`, byMode.plugin));
            if (byMode.sharedCpu) rows.push(line(`phaser-spine-pool, ${cacheMode('shared')}, \`gpuDraw: false\``, byMode.sharedCpu));
            // The tinted crowd (bench/tintedCrowd.ts) and, for a rig of several pages, the plain crowd: its one-page original.
            if (byMode.sharedTinted) rows.push(line(`phaser-spine-pool, ${cacheMode('shared')}, a third tinted, a tenth flashing`, byMode.sharedTinted));
            if (byMode.sharedPlain)
                rows.push(line(`phaser-spine-pool, ${cacheMode('shared')}, the same crowd of its one-page original (the plain crowd)`, byMode.sharedPlain));
            // Phaser 4: spine-phaser-v4's 'spine-webgl' renderer, stock's and the pool's (`renderer` option).
            if (byMode.stockWebgl) rows.push(line("stock spine-phaser-v4, `renderer: 'spine-webgl'`", byMode.stockWebgl));
            if (byMode.sharedWebgl) rows.push(line(`phaser-spine-pool, ${cacheMode('shared')}, \`renderer: 'spine-webgl'\``, byMode.sharedWebgl));
            log(`  browser, ${shot.label}: done`);
        }
        if (findChromium() && (!QUICK || SPAWNS)) {
            for (const rig of SPAWN_RIGS) {
                const spawns = await browserSpawns(rig);
                if (spawns) measured.browserSpawns[rig] = spawns;
            }
            const lines = SPAWN_RIGS.flatMap((rig) => {
                const t = measured.browserSpawns[rig];
                return t
                    ? [
                          `| \`${rig}\` (${shapeOf(rig)}) | ${t.addSpine.toFixed(0)} | ${t.spawn.toFixed(2)} + ${t.despawn.toFixed(2)} = ${(t.spawn + t.despawn).toFixed(2)} | **${(t.addSpine / (t.spawn + t.despawn)).toFixed(0)}×** |`,
                      ]
                    : [];
            });
            spawnsTable = [
                "| browser: Chromium, spawns, µs per call (the page's `spawns` probe) | `this.add.spine` (destroy not timed) | pooled `spawn` + `despawn` (production mode, default options) | × cheaper |",
                '|---|---:|---:|---:|',
                ...lines,
            ].join('\n');
            log(`${spawnsTable}\n`);
        }
        if (!findChromium()) {
            log('browser benchmark SKIPPED: no Chromium (apt-get install chromium, or set CHROMIUM_PATH)\n');
        } else if (rows.length > 0) {
            browserTable = [
                `| browser: Chromium, ${renderer} (software, --disable-gpu), N = ${n} | | frame median ms (p95) | update | render | GPU drain | frame: × cheaper than stock | render: × stock's | served drawn on the GPU |`,
                '|---|---|---:|---:|---:|---:|---:|---:|---:|',
                ...rows,
            ].join('\n');
            log(`${browserTable}\n`);
        }
    }

    const goals = targetsTable(targets(measured));
    log(`${goals}\n`);

    const results: string[] = [
        '# Benchmark results',
        '',
        `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.`,
        '',
        `${setting}. Frame cost is one \`game.headlessStep\`: Phaser's whole update with the real`,
        `spine-phaser runtime, no rendering; ${FRAMES} frames measured after 60 warm-up frames. All contenders live in one`,
        "process and are stepped in turns of 4 frames, so the drifts of this shared machine hit them alike (the frame spikes and a game's second wave excepted: each in a process of its own, bench/alone.ts).",
        `The plugin's default pose cache mode, read from its default options, is \`'${DEFAULT_POSE_CACHE}'\`: its rows say "(default)".`,
        '',
        '![Median frame cost against the number of characters](frame-cost.svg)',
        '',
        '## Targets',
        '',
        `Each from this run's figures below${QUICK ? ' (`BENCH_QUICK=1`: frame costs only, the rest not measured)' : ''}.`,
        '',
        goals,
        '',
        '## Frame cost',
        '',
        table,
        '',
        `The same crowd of ${shotSize} seen three ways; *posed* is the average number of characters posed per frame`,
        '(copied from the pose cache counts as posed).',
        '',
        shots,
    ];
    if (probes) results.push('', '## Spawning, waves, allocation, overhead', '', probes);
    if (spawnTable) {
        results.push(
            '',
            '## Spawns and waves per rig',
            '',
            "The same spawn and wave probes on each rig, default options, production mode: `hero` and `shipped`, shaped like Spine's",
            "spineboy (the issue's targets are read on it). A later wave: 1000 spawned at once after one (or three) were played and",
            'despawned; its first frame against the median of 200 frames after 60 more, p99 of those 200 against that median.',
            '',
            spawnTable,
        );
    }
    if (memory) {
        results.push(
            '',
            '## Pose cache memory',
            '',
            "Each rig's every animation played through on a few instances at irregular frame deltas (spawned with `poseCache: 'shared'`),",
            'until every part of it was covered several times and the cache stopped growing; then `stats().poseCache`. The uniform',
            '60 Hz cache of the previous version is computed for the same animations: `ceil(duration × 60) + 1` samples each, at the',
            'bytes per sample of its layout (6 floats per bone, 7 per colour-keyed slot, 2 + the longest deform per attachment-,',
            'deform- or sequence-keyed slot, one per slot if the draw order is keyed; 4 bytes a float, 8 per attachment reference).',
            "That count includes the sample at each animation's end, which a looping animation whose duration is a hair over a multiple",
            'of 1/60 s (0.8 s stored as 0.80000001) all but never needs: the 60 Hz cache itself built one fewer for such animations.',
            '',
            memory,
        );
    }
    if (browserTable) results.push('', browserTable);
    if (spawnsTable) results.push('', spawnsTable);

    results.push(
        '',
        "Contenders: *stock* is `this.add.spine` for every character, each updated by Phaser's UpdateList every frame;",
        '*Unity SpineManager* is a faithful port of the Unity `SpineManager.Update` this project started from (one of 4 groups visited per frame, distance tiers',
        'at intervals 1/2/4 counted in visits, so even the nearest characters are posed every 4th frame);',
        '*phaser-spine-pool* runs with its default options (off-screen characters keep exact time and events but are not posed) and each',
        "pose cache mode named: `poseCache: 'shared'` (poses of plain animations copied from samples shared by the crowd, see docs/level-of-detail.md)",
        "or `poseCache: 'off'` (every pose computed), the default one marked \"(default)\"; and with `offscreen: 'lod'`, `poseCache: 'off'`",
        "(distance tiers only, every pose computed, as the Unity SpineManager); the *exact bound* moves every character's time and poses exactly",
        "the characters whose current bounds touch the view, every frame (knowing which costs it nothing: each animation's",
        'bounds are sampled beforehand), and does nothing else (no events, queues or physics kept off screen): no scheduler',
        'that poses every visible character in full every frame can do less.',
        '',
    );
    const here = join(__dirname);
    const suffix = stack().name === STACK_NAMES[0] ? '' : `-${stack().name}`;
    writeFileSync(join(here, `RESULTS${suffix}.md`), results.join('\n').replace('(frame-cost.svg)', `(frame-cost${suffix}.svg)`));
    const focus = [DEFAULT_KEY, POSE_CACHE_KEY[OTHER_POSE_CACHE], 'bound'];
    writeFileSync(
        join(here, `frame-cost${suffix}.svg`),
        frameChart(rows, SIZES, `Frame cost vs crowd size (${VIEW_WIDTH}×${VIEW_HEIGHT} view, 4×4 world)`, focus),
    );
    log(`wrote bench/RESULTS${suffix}.md and bench/frame-cost${suffix}.svg`);
}

main().catch((error) => {
    console.error(error);
    process.exit(1);
});
