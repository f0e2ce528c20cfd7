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

import { placements as placeCrowd, type Placement } from './placements';
export type { Placement } from './placements';

/** The crowd for this world size (see placements.ts). */
export function placements(count: number, seed = 7): Placement[] {
    return placeCrowd(count, seed, WORLD_WIDTH, WORLD_HEIGHT);
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

export { median, percentile } from './stats';
