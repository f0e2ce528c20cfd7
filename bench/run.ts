/**
 * `npm run bench`: stock spine-phaser, a port of the seed's SpineManager, phaser-spine-pool (with
 * and without the pose cache) and the exact bound (see exactBound.ts), side by side in one
 * process on the real stack (HEADLESS Phaser + spine-phaser), reported as medians and ratios.
 * Writes bench/RESULTS.md and bench/frame-cost.svg.
 *
 * Environment: BENCH_SIZES=100,1000,3000  BENCH_FRAMES=200  BENCH_VIEW=800x600  BENCH_QUICK=1
 * (frame costs only)  SPINE_STACK=phaser4 (Phaser 4 + spine-phaser-v4; see test/stacks/stacks.cjs).
 */
import '../test/harness/setup';
import { writeFileSync } from 'fs';
import { cpus } from 'os';
import { join } from 'path';
import { stack } from '../test/harness/stack';
import { VIEW_HEIGHT, VIEW_WIDTH } from './crowd';
import { browserBench } from './browser';
import { allocationPerFrame, boundWaveCost, churnGarbage, offscreenCost, schedulerOverhead, spawnCost, waveCost } from './probes';
import { fill, frameChart, frameTable, ms, shotTable, type Row } from './report';
import { frameSamples, SCENARIOS, SHOT_SCENARIOS, SKELETON } from './scenarios';
import { SHOTS } from './crowd';
import { BUILDS_PER_FRAME } from '../spine/PoseCache';

const SIZES = (process.env.BENCH_SIZES ?? '100,1000,3000').split(',').map(Number);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 200);
const QUICK = process.env.BENCH_QUICK === '1';

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
        `'${SKELETON}' characters (60 bones, 4 IK, 2 transform constraints, 3 weighted meshes) spread over a world of ` +
        `4×4 viewports of ${VIEW_WIDTH}×${VIEW_HEIGHT}, camera in the middle, each walking, running or idling`;
    log(`phaser-spine-pool bench: ${setting}.`);
    log(`Frame cost = one game.headlessStep (Phaser's whole update, no rendering), ${FRAMES} frames after 60 warm-up, contenders stepped in turns. ${machine}.\n`);

    const rows: Row[] = SCENARIOS.map((s) => ({ key: s.key, label: s.label, median: {}, p95: {}, worst: {}, posed: {} }));
    for (const n of SIZES) {
        const runs = await frameSamples(SCENARIOS, n, FRAMES);
        SCENARIOS.forEach((scenario, i) => {
            const row = rows[i];
            fill(row, n, runs[i]);
            log(`  ${scenario.label.padEnd(52)} N=${String(n).padEnd(5)} median ${ms(row.median[n]).padStart(6)} ms  p95 ${ms(row.p95[n]).padStart(6)}  worst ${ms(row.worst[n]).padStart(6)}  posed ${row.posed[n].toFixed(0)}`);
        });
    }
    const table = frameTable(rows, SIZES);
    log(`\n${table}\n`);

    // The other shots: the crowd zoomed out (all on screen, small), and characters taller than half the view.
    const shotSize = SIZES.includes(1000) ? 1000 : SIZES[Math.floor(SIZES.length / 2)];
    const shotTables: string[] = [];
    for (const shot of [SHOTS.zoom1, SHOTS.zoomedOut, SHOTS.bigRigs]) {
        const shotRows: Row[] = SHOT_SCENARIOS.map((s) => ({ key: s.key, label: s.label, median: {}, p95: {}, worst: {}, posed: {} }));
        if (shot === SHOTS.zoom1) {
            // Already measured in the main table.
            SHOT_SCENARIOS.forEach((s, i) => Object.assign(shotRows[i], rows.find((r) => r.key === s.key)));
        } else {
            const runs = await frameSamples(SHOT_SCENARIOS, shotSize, FRAMES, shot);
            shotRows.forEach((row, i) => fill(row, shotSize, runs[i]));
        }
        shotTables.push(shotTable(shot.label, shotRows, shotSize));
    }
    const shots = shotTables.join('\n\n');
    log(`${shots}\n`);

    const results: string[] = [
        '# Benchmark results',
        '',
        `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.`,
        '',
        `${setting}. Frame cost is one \`game.headlessStep\`: Phaser's whole update with the real`,
        `spine-phaser runtime, no rendering; ${FRAMES} frames measured after 60 warm-up frames. All contenders live in one`,
        'process and are stepped in turns of 4 frames, so the drifts of this shared machine hit them alike.',
        '',
        '![Median frame cost against the number of characters](frame-cost.svg)',
        '',
        table,
        '',
        `The same crowd of ${shotSize} seen three ways; *posed* is the average number of characters posed per frame`,
        '(copied from the pose cache counts as posed).',
        '',
        shots,
    ];

    if (!QUICK) {
        // Twice, the second kept: the first run of a process times code V8 has not optimised yet
        // (spawn's medians were up to 2× the later runs'; add.spine's barely moved).
        await spawnCost();
        const spawn = await spawnCost();
        const churn = await churnGarbage();
        const allocation = await allocationPerFrame();
        const overhead = await schedulerOverhead();
        const offscreen = await offscreenCost();
        const wave = await waveCost({});
        const waveShared = await waveCost({ poseCache: 'shared' });
        const waveBound = await boundWaveCost();
        const waveWarm = await waveCost({}, true);
        const waveBoundWarm = await boundWaveCost(true);
        const n = SIZES.includes(1000) ? 1000 : SIZES[Math.floor(SIZES.length / 2)];
        const plugin = rows.find((r) => r.key === 'plugin')!;
        const shared = rows.find((r) => r.key === 'pluginShared')!;
        const stock = rows.find((r) => r.key === 'stock')!;
        const lines = [
            `| \`spawn\` + \`despawn\`, µs per pair | \`this.add.spine\` ${spawn.addSpine.toFixed(1)} (destroy not counted); pooled \`spawn\` ${spawn.spawn.toFixed(2)} + \`despawn\` ${spawn.despawn.toFixed(2)} = ${(spawn.spawn + spawn.despawn).toFixed(2)}: **${(spawn.addSpine / (spawn.spawn + spawn.despawn)).toFixed(0)}× cheaper** (production mode) |`,
            `| an instance that played an animation, \`despawn\` then \`spawn\` again, µs per pair, its setup pose counted wherever it is made (production mode) | handed out in the same frame ${spawn.pairSameFrame.toFixed(2)} (**${(spawn.addSpine / spawn.pairSameFrame).toFixed(0)}× cheaper** than \`this.add.spine\`), the next frame ${spawn.pairNextFrame.toFixed(2)} (${(spawn.addSpine / spawn.pairNextFrame).toFixed(0)}×), long after ${spawn.pairLongAfter.toFixed(2)} (${(spawn.addSpine / spawn.pairLongAfter).toFixed(0)}×) |`,
            `| \`spawn(..., { animation })\` on screen, µs | ${spawn.spawnAnimated.toFixed(1)} = **${(spawn.spawnAnimated / spawn.onePose).toFixed(2)}× one pose** (one \`updatePose\` of the same character: ${spawn.onePose.toFixed(1)} µs); with \`poseCache: 'shared'\` ${spawn.spawnAnimatedShared.toFixed(1)} (${(spawn.spawnAnimatedShared / spawn.onePose).toFixed(2)}×); in dev mode ${spawn.spawnDev.toFixed(1)} (a call site captured) |`,
            `| a wave of 1000 spawned at once (default options), the first of the process | ${wave.spawn.toFixed(1)} µs per spawn; the first frame after it ${ms(wave.first)} ms = ${(wave.first / wave.steady).toFixed(2)}× a steady frame (${ms(wave.steady)} ms; worst of 200 steady frames ${(wave.worst / wave.steady).toFixed(2)}×); the exact bound's, after the same wave: ${(waveBound.first / waveBound.steady).toFixed(2)}× its steady frame (much code runs for the first time) |`,
            `| a later wave of 1000 (one was played and despawned before) | first frame ${ms(waveWarm.first)} ms = **${(waveWarm.first / waveWarm.steady).toFixed(2)}× a steady frame** (${ms(waveWarm.steady)} ms); the exact bound's ${(waveBoundWarm.first / waveBoundWarm.steady).toFixed(2)}× (spine-core's first \`apply\` of a new animation works out how the tracks mix; the bound knows who is visible for free) |`,
            `| the same with \`poseCache: 'shared'\` | ${waveShared.spawn.toFixed(1)} µs per spawn; first frame ${ms(waveShared.first)} ms = ${(waveShared.first / waveShared.steady).toFixed(2)}× a steady frame (${ms(waveShared.steady)} ms), ${(waveShared.first / wave.steady).toFixed(2)}× one without the cache: the samples are built over the first frames, ${BUILDS_PER_FRAME} a frame |`,
            `| churn: heap left after 20 000 spawn/despawn cycles (after GC) | ${(churn / 1024).toFixed(1)} KB |`,
            `| heap allocated per frame, N = 1000 | stock ${kb(allocation.stock)}; phaser-spine-pool ${kb(allocation.plugin)} (spine-core allocates while posing); with posing stubbed out: Phaser's UpdateList ${kb(allocation.updateList)}, phaser-spine-pool's scheduling ${kb(allocation.scheduling)} |`,
            `| scheduler overhead per instance and frame (posing stubbed out), N = 3000 | phaser-spine-pool ${overhead.plugin.toFixed(3)} µs; Phaser's UpdateList ${overhead.updateList.toFixed(3)} µs |`,
            `| one instance per frame in the N = 1000 crowd, default options: on screen (${offscreen.visible}) / off screen | ${offscreen.onscreen.toFixed(2)} µs / ${offscreen.offscreen.toFixed(3)} µs (**${((offscreen.offscreen / offscreen.onscreen) * 100).toFixed(1)} %**) |`,
            `| worst frame / median, N = ${n} | phaser-spine-pool **${(plugin.worst[n] / plugin.median[n]).toFixed(2)}** (p95 ${(plugin.p95[n] / plugin.median[n]).toFixed(2)}); with the cache ${(shared.worst[n] / shared.median[n]).toFixed(2)}; stock ${(stock.worst[n] / stock.median[n]).toFixed(2)} |`,
        ];
        const probes = ['| measurement | result |', '|---|---|', ...lines].join('\n');
        log(`${probes}\n`);
        results.push('', probes);
    }

    if (!QUICK) {
        const n = 1000;
        const browser = await browserBench(n, 120, `${VIEW_WIDTH}x${VIEW_HEIGHT}`);
        if (!browser) {
            log('browser benchmark SKIPPED: no Chromium (apt-get install chromium, or set CHROMIUM_PATH)\n');
        } else {
            const rows = Object.fromEntries(browser.map((row) => [row.mode, row]));
            const stock = rows.stock;
            const line = (label: string, row: { median: number; p95: number }) =>
                `| ${label} | ${ms(row.median)} (${ms(row.p95)})${row === stock ? '' : `: **${(stock.median / row.median).toFixed(1)}× cheaper**`} |`;
            const table = [
                `| browser: Chromium, ${stock.renderer} (software, --disable-gpu), N = ${n}, frame time (update + render) | median ms (p95) |`,
                '|---|---:|',
                line('stock spine-phaser', stock),
                line('phaser-spine-pool, default options', rows.plugin),
                line("phaser-spine-pool, poseCache: 'shared'", rows.shared),
            ].join('\n');
            log(`${table}\n`);
            results.push('', table);
        }
    }

    results.push(
        '',
        'Contenders: *stock* is `this.add.spine` for every character, each updated by Phaser\'s UpdateList every frame;',
        "*Unity SpineManager* is a faithful port of the Unity `SpineManager.Update` this project started from (one of 4 groups visited per frame, distance tiers",
        'at intervals 1/2/4 counted in visits, so even the nearest characters are posed every 4th frame);',
        "*phaser-spine-pool* uses its default options (off-screen characters keep exact time and events but are not posed),",
        "or `offscreen: 'lod'` (distance tiers only, as the Unity SpineManager), or `poseCache: 'shared'` (poses of plain animations copied",
        'from samples shared by the crowd, see the README); the *exact bound* moves every character\'s time and poses exactly',
        'the characters whose current bounds touch the view, every frame (knowing which costs it nothing: each animation\'s',
        'bounds are sampled beforehand), and does nothing else (no events, queues or physics kept off screen): no scheduler',
        'that poses every visible character in full every frame can do less.',
        '',
    );
    const here = join(__dirname);
    writeFileSync(join(here, 'RESULTS.md'), results.join('\n'));
    writeFileSync(join(here, 'frame-cost.svg'), frameChart(rows, SIZES, `Frame cost vs crowd size (${VIEW_WIDTH}×${VIEW_HEIGHT} view, 4×4 world)`));
    log('wrote bench/RESULTS.md and bench/frame-cost.svg');
}

main().catch((error) => {
    console.error(error);
    process.exit(1);
});
