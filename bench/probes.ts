/**
 * The focused measurements: spawn cost, churn garbage, heap allocated per frame, the scheduler's
 * own overhead per instance, and what an off-screen instance costs next to an on-screen one.
 */
import { getHeapStatistics } from 'v8';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { crowdGame, median, measureFrames, percentile, placements, populatePool, populateStock, WORLD_HEIGHT, WORLD_WIDTH } from './crowd';
import { DEFAULT_POSE_CACHE, gc, SKELETON } from './scenarios';
import { ExactBound } from './exactBound';
import { timeBatches } from './batches';
import { FRAME_MS, type TestGame } from '../fixtures/headless/game';
import { POSE_CACHE_MODES, type PoseCacheMode } from '../src/options';
import type { SpinePoolOptions } from '../plugin/options';
import type { AnimationState, Skeleton } from '../spine/core/shapes';
import { versionOf } from '../spine/core/versions';
import { applyEventsOnly } from '../spine/eventsOnly';
import { instanceOf } from '../plugin/PooledGameObject';
import { Tier } from '../src/Tier';
import type { PresetName } from '../fixtures/skeletons/presets';

const ATLAS = `${SKELETON}-atlas`;
const atlasOf = (rig: PresetName): string => `${rig}-atlas`;

function heapUsed(): number {
    return getHeapStatistics().used_heap_size;
}

/** Spawn cost, µs per call: see `spawnCost`. */
export interface SpawnCost {
    addSpine: number;
    /** Pooled spawn, production mode (`dev: false`), default options, no animation. */
    spawn: number;
    /** Pooled spawn with `{ animation }` on screen (its first frame posed, or copied from the cache), production mode, per pose cache mode. */
    spawnAnimated: Record<PoseCacheMode, number>;
    /** Pooled despawn (leftover check, reset to the setup pose), production mode, default options. */
    despawn: number;
    /**
     * An instance that played an animation despawned and spawned again (no options), µs per pair,
     * production mode, its setup pose counted wherever it is made: handed out in the same frame
     * (the spawn makes it), the next frame (the frame's end makes a few, the spawn the rest), or
     * long after (the frames' ends made them all).
     */
    pairSameFrame: number;
    pairNextFrame: number;
    pairLongAfter: number;
    /** Pooled spawn with `{ animation }` in development mode (call sites captured), default options. */
    spawnDev: number;
    /** One pose of the same character (`updatePose`: the state's update and apply, world transforms). */
    onePose: number;
}

/**
 * µs per `this.add.spine` and per pooled `spawn` (free instances ready): each operation timed in
 * its own run of batches, after warm-up, median of the batch averages.
 */
export async function spawnCost(rig: PresetName = SKELETON): Promise<SpawnCost> {
    const atlas = atlasOf(rig);
    const t = await crowdGame(rig, true);
    const pool = t.scene.spinePool;
    const batch = 50;
    const rounds = 200;
    const cx = WORLD_WIDTH / 2;
    const cy = WORLD_HEIGHT / 2;
    const made: SpineGameObject[] = [];
    pool.prewarm(rig, atlas, batch);
    // Despawned instances get their setup pose back over the next frames, a few per frame: the next
    // batch spawns free instances that are ready, as a game's does.
    const measure = (make: () => SpineGameObject, undo: (go: SpineGameObject) => void, timeUndo = false): number =>
        timeBatches(rounds, batch, make, undo, () => t.step(Math.ceil(batch / 8) + 1), timeUndo);
    const despawn = (go: SpineGameObject) => pool.despawn(go);
    // The setup poses the frame's end makes (the pool's `afterUpdate`), timed apart from the frame.
    const lifecycle = (pool as unknown as { lifecycle: { afterUpdate(): void } }).lifecycle;
    const afterUpdate = lifecycle.afterUpdate;
    let resetting = 0;
    lifecycle.afterUpdate = function timedAfterUpdate(this: unknown) {
        const begin = performance.now();
        afterUpdate.call(this);
        resetting += performance.now() - begin;
    };
    /**
     * Median µs per pair of a batch spawned with an animation and posed (untimed), despawned,
     * `gapFrames` frames stepped and spawned again: the despawns, the setup poses made at the
     * frames' ends and the spawns timed.
     */
    const measurePair = (gapFrames: number): number => {
        const samples: number[] = [];
        for (let round = 0; round < rounds; round++) {
            for (let i = 0; i < batch; i++) made.push(pool.spawn(cx, cy, rig, atlas, { animation: 'walk' }));
            t.step(2);
            let begin = performance.now();
            for (const go of made) pool.despawn(go);
            let timed = performance.now() - begin;
            made.length = 0;
            resetting = 0;
            t.step(gapFrames);
            timed += resetting;
            begin = performance.now();
            for (let i = 0; i < batch; i++) made.push(pool.spawn(cx, cy, rig, atlas));
            timed += performance.now() - begin;
            for (const go of made) pool.despawn(go);
            made.length = 0;
            t.step(Math.ceil(batch / 8) + 1);
            samples.push((timed * 1000) / batch);
        }
        return median(samples.slice(rounds / 2));
    };
    const result: SpawnCost = {
        addSpine: measure(
            () => t.scene.add.spine(cx, cy, rig, atlas),
            (go) => go.destroy(),
        ),
        spawn: 0,
        spawnAnimated: { off: 0, shared: 0 },
        despawn: 0,
        pairSameFrame: 0,
        pairNextFrame: 0,
        pairLongAfter: 0,
        spawnDev: 0,
        onePose: 0,
    };
    pool.configure({ dev: false });
    result.spawn = measure(() => pool.spawn(cx, cy, rig, atlas), despawn);
    result.despawn = measure(() => pool.spawn(cx, cy, rig, atlas), despawn, true);
    result.pairSameFrame = measurePair(0);
    result.pairNextFrame = measurePair(1);
    result.pairLongAfter = measurePair(Math.ceil(batch / 8) + 1);
    // The default mode first, then the other (as before the default was named).
    for (const mode of [DEFAULT_POSE_CACHE, ...POSE_CACHE_MODES.filter((m) => m !== DEFAULT_POSE_CACHE)]) {
        pool.configure({ poseCache: mode });
        result.spawnAnimated[mode] = measure(() => pool.spawn(cx, cy, rig, atlas, { animation: 'walk' }), despawn);
    }
    pool.configure({ dev: true, poseCache: DEFAULT_POSE_CACHE });
    result.spawnDev = measure(() => pool.spawn(cx, cy, rig, atlas, { animation: 'walk' }), despawn);
    result.onePose = onePose(t, rig);
    t.destroy();
    return result;
}

/**
 * µs of one `updatePose` of the benchmark character walking on screen: batches of 50 stock
 * objects posed one after another (each at its own point of the walk), median of the batch
 * averages after warm-up.
 */
function onePose(t: TestGame, rig: PresetName): number {
    const gos = Array.from({ length: 50 }, (_, i) => {
        const go = t.scene.add.spine(WORLD_WIDTH / 2, WORLD_HEIGHT / 2, rig, atlasOf(rig));
        t.scene.sys.updateList.remove(go as never);
        go.animationState.setAnimation(0, 'walk', true).trackTime = i * 0.02;
        return go;
    });
    const samples: number[] = [];
    for (let round = 0; round < 400; round++) {
        const begin = performance.now();
        for (const go of gos) go.updatePose(FRAME_MS);
        samples.push(((performance.now() - begin) * 1000) / gos.length);
    }
    for (const go of gos) go.destroy();
    return median(samples.slice(200));
}

/** Frame costs around a wave: see `waveCost`. */
export interface WaveCost {
    /** µs per spawn of the wave (spawn with an animation, then its start time set). */
    spawn: number;
    /** The first frame after the wave was spawned, and the median of the 200 frames after 60 more, ms. */
    first: number;
    steady: number;
    /** The worst of those 200 frames, and their 99th percentile, ms. */
    worst: number;
    p99: number;
    /** The mean and the worst of the first 60 frames after the wave (the first included), ms. */
    early: number;
    earlyWorst: number;
}

/**
 * A wave of `count` characters spawned at once into an empty scene (the benchmark crowd, each with
 * its animation), then the frames after it: the first one against the steady ones, for the
 * plugin with `options`. `earlier`: after that many waves were played and despawned (a game's later
 * waves); 0: the first wave of the game, whose first frame runs much code for the first time.
 * `prewarmAnimations`: the instances prewarmed with the wave's animations sampled ahead.
 */
export async function waveCost(
    options: Partial<SpinePoolOptions>,
    earlier = 0,
    count = 1000,
    rig: PresetName = SKELETON,
    prewarmAnimations = false,
): Promise<WaveCost> {
    const t = await crowdGame(rig, true);
    const pool = t.scene.spinePool;
    pool.configure({ dev: false, ...options });
    if (prewarmAnimations) {
        // A loading screen: the instances and the samples of the wave's animations, 50 a frame.
        const animations = [...new Set(placements(count).map((p) => p.animation))];
        let done = false;
        void pool.prewarm(rig, atlasOf(rig), count, { perFrame: 50, animations }).then(() => (done = true));
        while (!done) {
            t.step(1);
            await Promise.resolve();
        }
    } else {
        pool.prewarm(rig, atlasOf(rig), count);
    }
    t.step(30);
    for (let wave = 0; wave < earlier; wave++) {
        // An earlier wave, played and despawned: the code the measured one runs is warmer.
        const gos = populatePool(t, rig, placements(count, 2 + wave));
        t.step(60);
        for (const go of gos) pool.despawn(go);
        t.step(30);
    }
    // No gc() here: a forced full collection just before makes the next frame several times
    // slower (measured: 17-27 ms instead of 4-7), which no game sees.
    const crowd = placements(count);
    const begin = performance.now();
    for (const p of crowd) pool.spawn(p.x, p.y, rig, atlasOf(rig), { animation: p.animation }).animationState.tracks[0]!.trackTime = p.offset;
    const spawn = ((performance.now() - begin) * 1000) / count;
    return framesAfterWave(t, spawn);
}

/**
 * The same wave for the exact bound (see `ExactBound`): the stock objects created and given their
 * animations untimed, then its first frame against its steady ones. spine-core's first `apply`
 * after an animation is set costs more than the next ones (it works out how the tracks mix), so
 * this ratio is the floor for any runtime that poses the visible ones in the wave's first frame
 * (`earlier`: as `waveCost`'s).
 */
export async function boundWaveCost(earlier = 0, count = 1000, rig: PresetName = SKELETON): Promise<WaveCost> {
    const t = await crowdGame(rig, false);
    const bound = new ExactBound(t);
    for (let wave = 0; wave < earlier; wave++) {
        const gos = populateStock(t, rig, placements(count, 2 + wave));
        for (const go of gos) bound.add(go);
        t.step(60);
        bound.clear();
        for (const go of gos) go.destroy();
        t.step(30);
    }
    for (const go of populateStock(t, rig, placements(count))) bound.add(go);
    return framesAfterWave(t, NaN);
}

/** The frames after a wave was spawned in `t` (see WaveCost); then `t` is destroyed. */
function framesAfterWave(t: TestGame, spawn: number): WaveCost {
    const firstBegin = performance.now();
    t.step(1);
    const first = performance.now() - firstBegin;
    const early = measureFrames(t, 59, 0);
    const samples = measureFrames(t, 200, 0);
    t.destroy();
    return {
        spawn,
        first,
        early: (first + early.reduce((a, b) => a + b, 0)) / 60,
        earlyWorst: Math.max(first, ...early),
        steady: median(samples),
        worst: Math.max(...samples),
        p99: percentile(samples, 99),
    };
}

/** Heap left behind (bytes, after GC) by `cycles` spawn/despawn cycles after a warm-up. */
export async function churnGarbage(cycles = 20000): Promise<number> {
    const t = await crowdGame(SKELETON, true);
    const pool = t.scene.spinePool;
    const live: SpineGameObject[] = [];
    const listener = { complete: () => {} };
    const cycle = (i: number) => {
        // 50 live at a time, each with an animation, a listener and a queued
        // Legacy cross-fade, stepping now and then; each owner removes its listener.
        const go = pool.spawn(i % WORLD_WIDTH, 300, SKELETON, ATLAS, { animation: 'walk' });
        go.animationState.addListener(listener);
        pool.legacy(go).crossFadeQueued('idle', 0.2);
        live.push(go);
        if (live.length > 50) {
            const old = live.shift()!;
            old.animationState.removeListener(listener);
            pool.despawn(old);
        }
        if (i % 50 === 0) t.step(1);
    };
    for (let i = 0; i < 2000; i++) cycle(i);
    gc();
    gc();
    const before = heapUsed();
    for (let i = 0; i < cycles; i++) cycle(i);
    gc();
    gc();
    const after = heapUsed();
    t.destroy();
    return after - before;
}

/** Bytes allocated per frame: see `allocationPerFrame`. */
export interface Allocation {
    /** Stock spine-phaser (everything: Phaser, spine-core posing). */
    stock: number;
    /** phaser-spine-pool with default options (everything). */
    plugin: number;
    /** phaser-spine-pool's scheduling path alone: posing stubbed out, every instance in a distance tier. */
    scheduling: number;
    /** Phaser's UpdateList path alone, for comparison: posing stubbed out. */
    updateList: number;
}

/**
 * Bytes allocated per frame with N = `count`: the heap's growth over 30 frames (the young
 * generation is large enough that no GC runs in between: run with --max-semi-space-size=64), best
 * of three. The scheduling paths are measured with posing stubbed out (`stubPosing`) on the
 * runtime's spine-core prototypes (the objects keep their shape; the pose cache off, as a copy
 * from it is posing that goes past the stub); a sampling heap profiler cannot split
 * the rest, as it charges spine-core code inlined into a caller to that caller.
 */
export async function allocationPerFrame(count = 1000): Promise<Allocation> {
    const growth = async (pool: boolean, stubbed: boolean) => {
        const t = await crowdGame(SKELETON, pool);
        const restore = stubbed ? stubPosing(t) : null;
        try {
            if (pool) populatePool(t, SKELETON, placements(count), stubbed ? { offscreen: 'lod', poseCache: 'off' } : {});
            else populateStock(t, SKELETON, placements(count));
            t.step(120);
            let best = Infinity;
            for (let attempt = 0; attempt < 3; attempt++) {
                gc();
                const before = heapUsed();
                t.step(30);
                const grown = heapUsed() - before;
                if (grown >= 0) best = Math.min(best, grown / 30); // negative: a GC ran, try again
            }
            return best;
        } finally {
            restore?.();
            t.destroy();
        }
    };
    return {
        stock: await growth(false, false),
        plugin: await growth(true, false),
        scheduling: await growth(true, true),
        updateList: await growth(false, true),
    };
}

/**
 * Posing stubbed out on the runtime's prototypes, for the probes that measure everything else: an
 * AnimationState's `apply` does only what it records and fires (`applyEventsOnly`: entries applied,
 * times moving, events), a Skeleton's `updateWorldTransform` nothing. Stock's `updatePose` and the
 * pool's own posing (spine/Posing.ts makes updatePose's steps itself: a stub of `updatePose` no
 * longer reaches it) both go through them, and the objects keep their shape. Returns what puts them back.
 */
function stubPosing(t: TestGame): () => void {
    const State = t.spine.AnimationState.prototype as unknown as { apply(skeleton: Skeleton): boolean };
    const Bones = t.spine.Skeleton.prototype as unknown as { updateWorldTransform(physics: unknown): void };
    const { apply } = State;
    const { updateWorldTransform } = Bones;
    State.apply = function appliedEventsOnly(this: AnimationState, skeleton: Skeleton): boolean {
        applyEventsOnly(this, skeleton, versionOf(skeleton));
        return true;
    };
    Bones.updateWorldTransform = function noWorldTransforms(): void {};
    return () => {
        State.apply = apply;
        Bones.updateWorldTransform = updateWorldTransform;
    };
}

/**
 * The scheduler's own cost per instance and frame (µs), posing replaced by its bookkeeping
 * (`stubPosing`) on the runtime's spine-core prototypes (so the objects themselves keep
 * their shape), all instances in distance tiers (`offscreen: 'lod'`); Phaser's UpdateList with the
 * same stub for comparison. The pose cache is off there: a pose copied from it is posing, and
 * goes past the stub.
 */
export async function schedulerOverhead(count = 3000): Promise<{ plugin: number; updateList: number }> {
    const measure = async (pool: boolean) => {
        const t = await crowdGame(SKELETON, true);
        const restore = stubPosing(t);
        try {
            if (pool) populatePool(t, SKELETON, placements(count), { offscreen: 'lod', poseCache: 'off' });
            else populateStock(t, SKELETON, placements(count));
            const samples = measureFrames(t, 300);
            const empty = await emptyFrame(t);
            return ((median(samples) - empty) * 1000) / count;
        } finally {
            restore();
            t.destroy();
        }
    };
    return { plugin: await measure(true), updateList: await measure(false) };
}

/** The cost of a frame with nothing spawned, to subtract Phaser's own per-frame work. */
async function emptyFrame(t: TestGame): Promise<number> {
    const fresh = await crowdGame(SKELETON, t.scene.spinePool !== undefined);
    const samples = measureFrames(fresh, 300);
    fresh.destroy();
    return median(samples);
}

/**
 * What one instance costs per frame with default options, on screen and off screen, measured in
 * the benchmark crowd itself (off-screen work competes for the caches with the posing of the
 * visible ones): the full crowd against the same game with only its on-screen members, stepped in
 * turns. Off screen = (full − visible only) / off-screen count; on screen = (visible only − an
 * empty frame) / on-screen count.
 */
export async function offscreenCost(count = 1000): Promise<{ onscreen: number; offscreen: number; visible: number }> {
    const crowd = placements(count);
    const full = await crowdGame(SKELETON, true);
    const gos = populatePool(full, SKELETON, crowd);
    full.step(2);
    const visibleCrowd = crowd.filter((_, i) => isOnScreen(gos[i]));
    const part = await crowdGame(SKELETON, true);
    populatePool(part, SKELETON, visibleCrowd);
    const empty = await crowdGame(SKELETON, true);
    const games = [full, part, empty];
    for (const t of games) t.step(60);
    const samples: number[][] = [[], [], []];
    for (let round = 0; round < 100; round++) {
        games.forEach((t, g) => {
            for (let i = 0; i < 4; i++) {
                const begin = performance.now();
                t.step(1);
                samples[g].push(performance.now() - begin);
            }
        });
    }
    // Characters whose animation swings them across the view's edge change sides now and then
    // (their extent follows their current pose): a few either way are fine, more means a bug.
    const offscreenCount = full.scene.spinePool.stats().tiers.offscreen;
    const partOff = part.scene.spinePool.stats().tiers.offscreen;
    const expected = count - visibleCrowd.length;
    if (partOff > count / 100 || Math.abs(offscreenCount - expected) > count / 100) {
        throw new Error(
            `offscreenCost: the crowds are not where they should be (${partOff} of the visible ones off screen; ${offscreenCount} off screen, expected ${expected})`,
        );
    }
    const [all, visible, nothing] = samples.map(median);
    for (const t of games) t.destroy();
    return {
        onscreen: ((visible - nothing) * 1000) / visibleCrowd.length,
        offscreen: ((all - visible) * 1000) / offscreenCount,
        visible: visibleCrowd.length,
    };
}

/** Whether the plugin has `go` in an on-screen tier (the public stats only count them). */
function isOnScreen(go: SpineGameObject): boolean {
    const instance = instanceOf(go);
    return instance?.entry !== null && instance?.entry !== undefined && instance.entry.tier !== Tier.Offscreen;
}

export { FRAME_MS };
