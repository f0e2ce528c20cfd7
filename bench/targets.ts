/**
 * The issue's targets, each checked against figures of the same run (ratios within one process):
 * the plugin's default mode (whichever `defaultOptions()` names), `poseCache: 'off'` against the
 * exact bound, spawn cost, the first frame after a wave, worst frame, pose cache memory.
 */
import type { Spikes } from './alone';
import type { BrowserRow, SpawnTimes } from './browser';
import type { RigMemory } from './memory';
import type { SpawnCost, WaveCost } from './probes';
import { SPINEBOY_SHAPED, type SpawnRig } from './spawnRigs';
import { ms, ratio, type Row, type Target } from './report';
import { cacheMode, DEFAULT_KEY, DEFAULT_POSE_CACHE, POSE_CACHE_KEY } from './scenarios';

/** What the targets are read from; null where this run did not measure it (`BENCH_QUICK=1`, a shot or size left out). */
export interface Measured {
    /** The crowd size of the zoom 1 and zoomed-out figures (1000 unless `BENCH_SIZES` leaves it out). */
    n: number;
    /** The zoom 1 rows (the main table's). */
    zoom1: Row[];
    zoomedOut: Row[] | null;
    spawn: SpawnCost | null;
    /** A wave of 1000 in the default mode after an earlier one was played and despawned, and the first of the process. */
    waveWarm: WaveCost | null;
    waveCold: WaveCost | null;
    /** Spawns and waves per rig (bench/spawnRigs.ts). */
    spawnRigs: SpawnRig[] | null;
    /** The zoom 1 crowd's frames, the default options' and stock's, each in a process of its own (bench/alone.ts). */
    spikes: { pool: Spikes; stock: Spikes } | null;
    /** Spawn costs in Chromium per rig (the bench page's spawn probe). */
    browserSpawns: Partial<Record<string, SpawnTimes>>;
    memory: RigMemory[] | null;
    /** The browser crowd's size (1000 unless `BENCH_BROWSER_COUNT` says). */
    browserCount: number;
    /**
     * The browser shots (bench/browser.ts BROWSER_SHOTS) by key: stock's and the shared cache's rows, and where
     * the page ran them, `'off'`'s, the tinted crowd's and (a rig of several pages) its one-page original's.
     */
    browser: Record<string, { stock: BrowserRow; shared: BrowserRow; off?: BrowserRow; tinted?: BrowserRow; plain?: BrowserRow }>;
    /** The browser shots that ran with images of samples (the default) and without (`impostorBelow: 0`), by key. */
    images: Record<string, { shared: BrowserRow; exact: BrowserRow }>;
}

function row(rows: Row[] | null, key: string): Row | undefined {
    return rows?.find((r) => r.key === key);
}

/** How many times cheaper than stock `key` is with `n` characters, or null. */
function cheaper(rows: Row[] | null, key: string, n: number): number | null {
    const stock = row(rows, 'stock')?.median[n];
    const mine = row(rows, key)?.median[n];
    return stock === undefined || mine === undefined ? null : stock / mine;
}

/** How many times cheaper a pooled spawn + despawn is than `this.add.spine`, or null. */
function browserPair(t: SpawnTimes | undefined): number | null {
    return t ? t.addSpine / (t.spawn + t.despawn) : null;
}

function check(target: string, value: number | null, text: (v: number) => string, met: (v: number) => boolean): Target {
    return value === null || Number.isNaN(value) ? { target, value: '–', met: null } : { target, value: text(value), met: met(value) };
}

export function targets(m: Measured): Target[] {
    const dflt = `default options (\`poseCache: '${DEFAULT_POSE_CACHE}'\`)`;
    const n = m.n;
    const list: Target[] = [];

    list.push(
        check(
            `${dflt}, ${n} characters, zoom 1: ≥ 15× cheaper than stock`,
            cheaper(m.zoom1, DEFAULT_KEY, n),
            (v) => `${v.toFixed(1)}×`,
            (v) => v >= 15,
        ),
        check(
            `${dflt}, ${n} characters, zoomed out (all on screen): ≥ 8× cheaper than stock`,
            cheaper(m.zoomedOut, DEFAULT_KEY, n),
            (v) => `${v.toFixed(1)}×`,
            (v) => v >= 8,
        ),
    );

    const all = m.browser.allOnScreen;
    const tall = m.browser.tall;
    const shared = DEFAULT_POSE_CACHE === 'shared';
    list.push(
        check(
            `browser, ${dflt}, ${m.browserCount} all on screen: frame (update + render) ≥ 4× cheaper than stock`,
            all && shared ? all.stock.median / all.shared.median : null,
            (v) => `${v.toFixed(1)}×`,
            (v) => v >= 4,
        ),
        check(
            `browser, ${dflt}, ${m.browserCount} all on screen: render ≤ 1/3 of stock's`,
            all && shared ? all.shared.render / all.stock.render : null,
            (v) => `${ratio(v)} (${ms(all!.shared.render)} ms against ${ms(all!.stock.render)} ms)`,
            (v) => v <= 1 / 3,
        ),
        check(
            `browser, ${dflt}, ${m.browserCount} at zoom 1 over a 4×4-viewport world, rigs taller than the view: ≥ 8× cheaper than stock`,
            tall && shared ? tall.stock.median / tall.shared.median : null,
            (v) => `${v.toFixed(1)}×`,
            (v) => v >= 8,
        ),
    );

    // Issue 45, on the rig of several pages (bench/browser.ts shippedPagesAllOnScreen): its plain crowd is
    // the same crowd of its one-page original, measured in turns in the same run.
    const pages = m.browser.shippedPagesAllOnScreen;
    list.push(
        check(
            `browser, ${dflt}, a crowd of ${m.browserCount} of a rig of three pages (\`shippedPages\`), all on screen: ≥ 90 % of the served instances drawn on the GPU`,
            pages && shared ? pages.shared.gpuShare : null,
            (v) => `${(v * 100).toFixed(1)} %${pages!.shared.gpuMissed ? ` (the others: ${pages!.shared.gpuMissed})` : ''}`,
            (v) => v >= 0.9,
        ),
        check(
            `browser, ${dflt}, the same: frame within 10 % of the plain crowd's (one page, \`shipped\`)`,
            pages?.plain && shared ? pages.shared.median / pages.plain.median : null,
            (v) =>
                `${ratio(v)}× (${ms(pages!.shared.median)} ms against ${ms(pages!.plain!.median)} ms; × cheaper than stock: ${(pages!.stock.median / pages!.shared.median).toFixed(1)})`,
            (v) => v <= 1.1,
        ),
    );

    // Issue 48: small characters drawn as images of their samples (bench/browser.ts shippedTenThousand, shippedAllOnScreen).
    const shipped = m.browser.shippedAllOnScreen;
    const tenK = m.images.shippedTenThousand;
    list.push(
        check(
            "browser, `shipped`, 10,000 all on screen at 20 px: GPU drain ≤ stock's 1,000 at 43 px",
            tenK && shipped ? tenK.shared.drain / shipped.stock.drain : null,
            (v) => `${ratio(v)}× (${ms(tenK!.shared.drain)} ms against ${ms(shipped!.stock.drain)}; every vertex drawn: ${ms(tenK!.exact.drain)})`,
            (v) => v <= 1,
        ),
        check(
            'browser, the same: main-thread frame no worse than with every vertex drawn (`impostorBelow: 0`)',
            tenK ? tenK.shared.median / tenK.exact.median : null,
            (v) => `${ratio(v)}× (${ms(tenK!.shared.median)} ms against ${ms(tenK!.exact.median)})`,
            (v) => v <= 1,
        ),
        check(
            "browser, `shipped`, 1,000 all on screen at 43 px: GPU drain ≤ 1/4 of stock's",
            shipped ? shipped.shared.drain / shipped.stock.drain : null,
            (v) => `${ratio(v)}× (${ms(shipped!.shared.drain)} ms against ${ms(shipped!.stock.drain)})`,
            (v) => v <= 0.25,
        ),
    );

    const off = row(m.zoom1, POSE_CACHE_KEY.off)?.median[n];
    const bound = row(m.zoom1, 'bound')?.median[n];
    list.push(
        check(
            `${cacheMode('off')}, ${n} characters, zoom 1: within 1.15× of the exact bound`,
            off === undefined || bound === undefined ? null : off / bound,
            (v) => `${ratio(v)}× (${ms(off!)} ms against ${ms(bound!)} ms)`,
            (v) => v <= 1.15,
        ),
    );

    const spawn = m.spawn;
    list.push(
        check(
            `\`spawn(..., { animation })\` on screen, ${dflt}: ≤ 1 pose`,
            spawn ? spawn.spawnAnimated[DEFAULT_POSE_CACHE] / spawn.onePose : null,
            (v) => `${ratio(v)} poses (${spawn!.spawnAnimated[DEFAULT_POSE_CACHE].toFixed(1)} µs; one pose ${spawn!.onePose.toFixed(1)} µs)`,
            (v) => v <= 1,
        ),
    );

    const warm = m.waveWarm;
    const cold = m.waveCold;
    list.push(
        check(
            `the first frame after spawning a wave of 1000, ${dflt}: ≤ 1.5× a steady frame`,
            warm ? warm.first / warm.steady : null,
            (v) =>
                `${ratio(v)}× (${ms(warm!.first)} ms against ${ms(warm!.steady)} ms; a later wave, one played before)${cold ? `; the first wave of the process ${ratio(cold.first / cold.steady)}×` : ''}`,
            (v) => v <= 1.5,
        ),
    );

    const mine = row(m.zoom1, DEFAULT_KEY);
    list.push(
        check(
            `worst frame ≤ 2× the median, ${dflt}, ${n} characters`,
            mine && mine.worst[n] !== undefined ? mine.worst[n] / mine.median[n] : null,
            (v) => `${ratio(v)}× (worst of the measured frames ${ms(mine!.worst[n])} ms, median ${ms(mine!.median[n])} ms)`,
            (v) => v <= 2,
        ),
    );

    // Issue 47's: spikes measured alone (in the main table a collection of stock's garbage lands in any contender's frame).
    const spikes = m.spikes;
    list.push(
        check(
            `p99 frame ≤ 2× the median, ${dflt}, ${n} characters, zoom 1, in a process of its own`,
            spikes ? spikes.pool.p99 / spikes.pool.median : null,
            (v) => `${ratio(v)}× (p99 ${ms(spikes!.pool.p99)} ms, median ${ms(spikes!.pool.median)} ms, ${spikes!.pool.frames} frames)`,
            (v) => v <= 2,
        ),
        check(
            `worst frame ≤ 1/10 of stock's median, the same`,
            spikes ? spikes.pool.worst / spikes.stock.median : null,
            (v) => `${ratio(v)}× (worst ${ms(spikes!.pool.worst)} ms, stock's median ${ms(spikes!.stock.median)} ms)`,
            (v) => v <= 0.1,
        ),
    );

    // The bench's rigs: the largest measured stands for "a 67-bone rig with 8 animations", named as it is.
    const largest = m.memory?.reduce((a, b) => (b.bones > a.bones ? b : a));
    list.push(
        largest
            ? {
                  target: `memory for 8 animations of a 67-bone rig reported (the bench's largest rig: \`${largest.rig}\`, ${largest.bones} bones, ${largest.animations} animations)`,
                  value: `${largest.measured.samples} samples, ${(largest.measured.bytes / 1024).toFixed(1)} KB for ${largest.seconds.toFixed(1)} s of animation (uniform 60 Hz: ${largest.uniform.samples} samples, ${(largest.uniform.bytes / 1024).toFixed(1)} KB)`,
                  met: true,
              }
            : { target: 'memory for 8 animations of a 67-bone rig reported', value: '–', met: null },
    );

    list.push(
        check(
            '`spawn` + `despawn` ≥ 50× cheaper than `this.add.spine`',
            spawn ? spawn.addSpine / (spawn.spawn + spawn.despawn) : null,
            (v) => `${v.toFixed(0)}× (${(spawn!.spawn + spawn!.despawn).toFixed(2)} µs against ${spawn!.addSpine.toFixed(1)} µs)`,
            (v) => v >= 50,
        ),
        check(
            '`despawn` + `spawn` again a frame later ≥ 50× cheaper than `this.add.spine` (the instance played an animation)',
            spawn ? spawn.addSpine / spawn.pairNextFrame : null,
            (v) => `${v.toFixed(0)}× (${spawn!.pairNextFrame.toFixed(2)} µs against ${spawn!.addSpine.toFixed(1)} µs)`,
            (v) => v >= 50,
        ),
    );

    // Issue 31's, on the rig shaped like spineboy.
    const rig = m.spawnRigs?.find((r) => r.rig === SPINEBOY_SHAPED) ?? null;
    const on = `on \`${SPINEBOY_SHAPED}\``;
    list.push(
        check(
            `\`spawn\` + \`despawn\` ≥ 50× cheaper than \`this.add.spine\` ${on}`,
            rig ? rig.spawn.addSpine / (rig.spawn.spawn + rig.spawn.despawn) : null,
            (v) => `${v.toFixed(0)}× (${(rig!.spawn.spawn + rig!.spawn.despawn).toFixed(2)} µs against ${rig!.spawn.addSpine.toFixed(1)} µs)`,
            (v) => v >= 50,
        ),
        check(
            `browser (Chromium): \`spawn\` + \`despawn\` ≥ 50× cheaper than \`this.add.spine\` ${on}`,
            browserPair(m.browserSpawns[SPINEBOY_SHAPED]),
            (v) =>
                `${v.toFixed(0)}× (${(m.browserSpawns[SPINEBOY_SHAPED]!.spawn + m.browserSpawns[SPINEBOY_SHAPED]!.despawn).toFixed(2)} µs against ${m.browserSpawns[SPINEBOY_SHAPED]!.addSpine.toFixed(0)} µs)`,
            (v) => v >= 50,
        ),
        check(
            `a respawn a frame later ≥ 25× cheaper than \`this.add.spine\` ${on}`,
            rig ? rig.spawn.addSpine / rig.spawn.pairNextFrame : null,
            (v) => `${v.toFixed(0)}× (${rig!.spawn.pairNextFrame.toFixed(2)} µs)`,
            (v) => v >= 25,
        ),
        check(
            `\`spawn(..., { animation })\` on screen ≤ 1 pose ${on}`,
            rig ? rig.spawn.spawnAnimated[DEFAULT_POSE_CACHE] / rig.spawn.onePose : null,
            (v) => `${ratio(v)} poses`,
            (v) => v <= 1,
        ),
        check(
            `the first frame after a later wave of 1000 ≤ 1.5× a steady frame ${on}`,
            rig ? rig.wave.first / rig.wave.steady : null,
            (v) =>
                `${ratio(v)}× (after three waves: ${ratio(rig!.waveWarmer.first / rig!.waveWarmer.steady)}×; a game's second wave in a process of its own: ${ratio(rig!.secondWave.first / rig!.secondWave.steady)}×, its first 60 frames ${ratio(rig!.secondWave.early / rig!.secondWave.steady)}×)`,
            (v) => v <= 1.5,
        ),
        check(
            `p99 ≤ 2× the median after a later wave ${on}`,
            rig ? rig.wave.p99 / rig.wave.steady : null,
            (v) => `${ratio(v)}×`,
            (v) => v <= 2,
        ),
    );
    return list;
}
