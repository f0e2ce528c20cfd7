/**
 * `npm run bench`: stock spine-phaser and phaser-spine-pool side by side in one process, on the
 * real stack (HEADLESS Phaser + spine-phaser), reported as medians and ratios.
 */
import '../test/harness/setup';
import { crowdGame, measureFrames, median, percentile, placements, populatePool, populateStock } from './crowd';

const SKELETON = 'hero';
const N = Number(process.env.BENCH_N ?? 1000);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 240);

function gc(): void {
    (globalThis as { gc?: () => void }).gc?.();
}

interface Row {
    name: string;
    median: number;
    p95: number;
    max: number;
}

async function frameCost(name: string, pool: boolean): Promise<Row> {
    const t = await crowdGame(SKELETON, pool);
    const crowd = placements(N);
    if (pool) populatePool(t, SKELETON, crowd);
    else populateStock(t, SKELETON, crowd);
    gc();
    const samples = measureFrames(t, FRAMES);
    t.destroy();
    gc();
    return { name, median: median(samples), p95: percentile(samples, 95), max: Math.max(...samples) };
}

/** µs per `this.add.spine` and per pooled `spawn` (after prewarm), median of batches. */
async function spawnCost(): Promise<{ stock: number; pooled: number }> {
    const t = await crowdGame(SKELETON, true);
    const batch = 50;
    const rounds = 8;
    const stock: number[] = [];
    const pooled: number[] = [];
    const atlas = `${SKELETON}-atlas`;
    for (let i = 0; i < 20; i++) t.scene.add.spine(0, 0, SKELETON, atlas).destroy(); // warm the JIT
    t.scene.spinePool.prewarm(SKELETON, atlas, batch);
    for (let r = 0; r < rounds; r++) {
        let begin = performance.now();
        const made = [];
        for (let i = 0; i < batch; i++) made.push(t.scene.add.spine(i, i, SKELETON, atlas));
        stock.push(((performance.now() - begin) * 1000) / batch);
        made.forEach((go) => go.destroy());

        begin = performance.now();
        const spawned = [];
        for (let i = 0; i < batch; i++) spawned.push(t.scene.spinePool.spawn(i, i, SKELETON, atlas));
        pooled.push(((performance.now() - begin) * 1000) / batch);
        spawned.forEach((go) => t.scene.spinePool.despawn(go));
    }
    t.destroy();
    return { stock: median(stock), pooled: median(pooled) };
}

const fmt = (ms: number) => ms.toFixed(3).padStart(8);

async function main(): Promise<void> {
    const cores = (await import('os')).cpus().length;
    console.log(`phaser-spine-pool bench: ${N} '${SKELETON}' characters over a 4x4-viewport world, camera in the middle; ` +
        `${FRAMES} frames after 60 warm-up; Node ${process.version}, ${cores} cores\n`);
    const stock = await frameCost('stock spine-phaser (UpdateList, every frame)', false);
    const plugin = await frameCost('phaser-spine-pool, default options', true);
    console.log('frame cost (headlessStep), ms      median      p95      max   vs stock');
    for (const row of [stock, plugin]) {
        const ratio = row === stock ? '' : `  ${(stock.median / row.median).toFixed(2)}x cheaper`;
        console.log(`${row.name.padEnd(46)}${fmt(row.median)} ${fmt(row.p95)} ${fmt(row.max)}${ratio}`);
    }
    const spawn = await spawnCost();
    console.log(`\nspawn cost, us per call: this.add.spine ${spawn.stock.toFixed(1)}, pooled spawn ${spawn.pooled.toFixed(1)} ` +
        `(${(spawn.stock / spawn.pooled).toFixed(1)}x cheaper)`);
}

main().catch((error) => {
    console.error(error);
    process.exit(1);
});
