/**
 * The benchmark crowd: N characters spread over a world of 4×4 viewports with the camera looking
 * at its middle, each walking, running or idling from a different point of its animation.
 * Built on the same real stack as the integration tests (HEADLESS Phaser, real spine-phaser).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { SpinePoolOptions } from '../src/options';
import { bootGame, FRAME_MS, type TestGame } from '../test/harness/game';
import { preset, type PresetName } from '../test/skeletons/presets';

/** The game's size (the viewport). `BENCH_VIEW=1280x720` changes it. */
const [viewWidth, viewHeight] = (process.env.BENCH_VIEW ?? '800x600').split('x').map(Number);
export const VIEW_WIDTH = viewWidth;
export const VIEW_HEIGHT = viewHeight;
export const WORLD_WIDTH = VIEW_WIDTH * 4;
export const WORLD_HEIGHT = VIEW_HEIGHT * 4;

const ANIMATIONS = ['walk', 'run', 'idle'];

/** Deterministic pseudo-random numbers: every scenario gets the same crowd. */
export function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let r = Math.imul(s ^ (s >>> 15), 1 | s);
        r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
        return ((r ^ (r >>> 14)) >>> 0) / 2 ** 32;
    };
}

/** One member of the crowd: where it stands and what it plays from when. */
export interface Placement {
    x: number;
    y: number;
    animation: string;
    /** Seconds into the animation at the start. */
    offset: number;
}

export function placements(count: number, seed = 7): Placement[] {
    const next = random(seed);
    return Array.from({ length: count }, () => ({
        x: next() * WORLD_WIDTH,
        y: next() * WORLD_HEIGHT,
        animation: ANIMATIONS[Math.floor(next() * ANIMATIONS.length)],
        offset: next() * 2,
    }));
}

/** A booted game with the skeleton loaded and the main camera on the middle of the world. */
export async function crowdGame(skeleton: PresetName, pool: boolean): Promise<TestGame> {
    const t = await bootGame({ width: VIEW_WIDTH, height: VIEW_HEIGHT, pool, skeletons: { [skeleton]: preset(skeleton) } });
    t.scene.cameras.main.centerOn(WORLD_WIDTH / 2, WORLD_HEIGHT / 2);
    return t;
}

function start(go: SpineGameObject, p: Placement): void {
    const entry = go.animationState.setAnimation(0, p.animation, true);
    entry.trackTime = p.offset;
}

/** The crowd as users build it today: `this.add.spine` for each, every one updated every frame. */
export function populateStock(t: TestGame, skeleton: string, crowd: Placement[]): SpineGameObject[] {
    return crowd.map((p) => {
        const go = t.scene.add.spine(p.x, p.y, skeleton, `${skeleton}-atlas`);
        start(go, p);
        return go;
    });
}

/** The same crowd spawned from the pool. */
export function populatePool(t: TestGame, skeleton: string, crowd: Placement[], options: Partial<SpinePoolOptions> = {}): SpineGameObject[] {
    t.scene.spinePool.configure(options);
    return crowd.map((p) => {
        const go = t.scene.spinePool.spawn(p.x, p.y, skeleton, `${skeleton}-atlas`);
        start(go, p);
        return go;
    });
}

/** Per-frame cost samples (ms) of `frames` stepped frames after `warmup` unmeasured ones. */
export function measureFrames(t: TestGame, frames: number, warmup = 60): number[] {
    t.step(warmup, FRAME_MS);
    const samples = new Array<number>(frames);
    for (let i = 0; i < frames; i++) {
        const begin = performance.now();
        t.step(1, FRAME_MS);
        samples[i] = performance.now() - begin;
    }
    return samples;
}

export function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
