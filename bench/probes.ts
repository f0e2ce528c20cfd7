/**
 * The focused measurements: spawn cost, churn garbage, heap allocated per frame, the scheduler's
 * own overhead per instance, and what an off-screen instance costs next to an on-screen one.
 */
import { getHeapStatistics } from 'v8';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { crowdGame, median, measureFrames, placements, populatePool, populateStock, VIEW_HEIGHT, VIEW_WIDTH, WORLD_HEIGHT, WORLD_WIDTH } from './crowd';
import { gc, SKELETON } from './scenarios';
import { FRAME_MS, type TestGame } from '../test/harness/game';

const ATLAS = `${SKELETON}-atlas`;

function heapUsed(): number {
    return getHeapStatistics().used_heap_size;
}

/** Spawn cost, µs per call: see `spawnCost`. */
export interface SpawnCost {
    addSpine: number;
    /** Pooled spawn, production mode (`dev: false`), no options. */
    spawn: number;
    /** Pooled spawn with `{ animation }` on screen (its first frame is posed), production mode. */
    spawnAnimated: number;
    /** Pooled despawn (leftover check, reset to the setup pose), production mode. */
    despawn: number;
    /** Pooled spawn with `{ animation }` in development mode (call sites captured). */
    spawnDev: number;
}

/**
 * µs per `this.add.spine` and per pooled `spawn` (free instances ready): each operation timed in
 * its own run of batches, after warm-up, median of the batch averages.
 */
export async function spawnCost(): Promise<SpawnCost> {
    const t = await crowdGame(SKELETON, true);
    const pool = t.scene.spinePool;
    const batch = 50;
    const rounds = 40;
    const cx = WORLD_WIDTH / 2;
    const cy = WORLD_HEIGHT / 2;
    const made: SpineGameObject[] = [];
    pool.prewarm(SKELETON, ATLAS, batch);
    /** Median µs per call of `make` over `rounds` batches (the first quarter is warm-up), `undo` untimed unless asked. */
    const measure = (make: () => SpineGameObject, undo: (go: SpineGameObject) => void, timeUndo = false): number => {
        const samples: number[] = [];
        for (let round = 0; round < rounds; round++) {
            let begin = performance.now();
            for (let i = 0; i < batch; i++) made.push(make());
            const making = performance.now() - begin;
            begin = performance.now();
            for (const go of made) undo(go);
            const undoing = performance.now() - begin;
            made.length = 0;
            samples.push(((timeUndo ? undoing : making) * 1000) / batch);
        }
        return median(samples.slice(rounds / 4));
    };
    const despawn = (go: SpineGameObject) => pool.despawn(go);
    const result: SpawnCost = {
        addSpine: measure(() => t.scene.add.spine(cx, cy, SKELETON, ATLAS), (go) => go.destroy()),
        spawn: 0,
        spawnAnimated: 0,
        despawn: 0,
        spawnDev: 0,
    };
    pool.configure({ dev: false });
    result.spawn = measure(() => pool.spawn(cx, cy, SKELETON, ATLAS), despawn);
    result.despawn = measure(() => pool.spawn(cx, cy, SKELETON, ATLAS), despawn, true);
    result.spawnAnimated = measure(() => pool.spawn(cx, cy, SKELETON, ATLAS, { animation: 'walk' }), despawn);
    pool.configure({ dev: true });
    result.spawnDev = measure(() => pool.spawn(cx, cy, SKELETON, ATLAS, { animation: 'walk' }), despawn);
    t.destroy();
    return result;
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

/**
 * Bytes allocated per frame (heap growth over `frames` frames, with the young generation large
 * enough that no GC runs in between: run with --max-semi-space-size=64). `stubbed` replaces
 * posing with a no-op, leaving what the update path itself allocates.
 */
export async function allocationPerFrame(pool: boolean, stubbed = false, count = 1000, frames = 30): Promise<number> {
    const t = await crowdGame(SKELETON, pool);
    const gos = pool ? populatePool(t, SKELETON, placements(count)) : populateStock(t, SKELETON, placements(count));
    if (stubbed) for (const go of gos) go.updatePose = () => {};
    t.step(60);
    let best = Infinity;
    for (let attempt = 0; attempt < 3; attempt++) {
        gc();
        const before = heapUsed();
        t.step(frames);
        const grown = heapUsed() - before;
        if (grown >= 0) best = Math.min(best, grown / frames); // negative: a GC ran, try again
    }
    t.destroy();
    return best;
}

/** The scheduler's own cost per instance and frame (µs): posing replaced by a no-op. */
export async function schedulerOverhead(count = 3000): Promise<{ plugin: number; updateList: number }> {
    const measure = async (pool: boolean) => {
        const t = await crowdGame(SKELETON, pool);
        const gos = pool ? populatePool(t, SKELETON, placements(count), { offscreen: 'lod' }) : populateStock(t, SKELETON, placements(count));
        for (const go of gos) go.updatePose = () => {};
        const samples = measureFrames(t, 300);
        const empty = await emptyFrame(t);
        t.destroy();
        return ((median(samples) - empty) * 1000) / count;
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
 * µs per instance and frame with default options when every instance is on screen, and when
 * every instance is off screen (their animation time, queues and events still kept exact).
 */
export async function offscreenCost(count = 1000): Promise<{ onscreen: number; offscreen: number }> {
    const measure = async (visible: boolean) => {
        const t = await crowdGame(SKELETON, true);
        const crowd = placements(count).map((p) => ({
            ...p,
            // On screen: squeezed into the middle of the view. Off screen: a band far to the right.
            x: visible ? WORLD_WIDTH / 2 - VIEW_WIDTH / 4 + (p.x / WORLD_WIDTH) * (VIEW_WIDTH / 2) : WORLD_WIDTH * 3 + p.x,
            y: visible ? WORLD_HEIGHT / 2 - VIEW_HEIGHT / 4 + (p.y / WORLD_HEIGHT) * (VIEW_HEIGHT / 2) : p.y,
        }));
        populatePool(t, SKELETON, crowd);
        const samples = measureFrames(t, 200);
        const empty = await emptyFrame(t);
        const stats = t.scene.spinePool.stats();
        t.destroy();
        if (visible ? stats.tiers.offscreen !== 0 : stats.tiers.offscreen !== count) throw new Error('offscreenCost: the crowd is not where it should be');
        return ((median(samples) - empty) * 1000) / count;
    };
    return { onscreen: await measure(true), offscreen: await measure(false) };
}

export { FRAME_MS };
