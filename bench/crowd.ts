/**
 * The benchmark crowd: N characters spread over a world of 4×4 viewports with the camera looking
 * at its middle, each walking, running or idling from a different point of its animation.
 * Built on the same real stack as the integration tests (HEADLESS Phaser, real spine-phaser).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { SpinePoolOptions } from '../plugin/options';
import { bootGame, FRAME_MS, type TestGame } from '../fixtures/headless/game';
import { preset, type PresetName } from '../fixtures/skeletons/presets';

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

/** How the crowd is seen: the camera's zoom and the characters' scale. */
export interface Shot {
    key: string;
    label: string;
    zoom: number;
    scale: number;
}

/** The hero is 216 px tall: at zoom 1 and its own size, a few dozen fit in the view. */
export const SHOTS: Record<'zoom1' | 'zoomedOut' | 'bigRigs', Shot> = {
    zoom1: { key: 'zoom1', label: 'zoom 1, 216 px tall characters', zoom: 1, scale: 1 },
    zoomedOut: { key: 'zoomedOut', label: 'zoomed out to 0.25: the whole world on screen, characters 43 px tall', zoom: 0.25, scale: 0.8 },
    bigRigs: { key: 'bigRigs', label: 'zoom 1, characters scaled to 346 px (taller than half the view)', zoom: 1, scale: 1.6 },
};

/** A booted game with the skeleton loaded and the main camera on the middle of the world, zoomed as `shot` says. */
export async function crowdGame(skeleton: PresetName, pool: boolean, shot: Shot = SHOTS.zoom1): Promise<TestGame> {
    const t = await bootGame({ width: VIEW_WIDTH, height: VIEW_HEIGHT, pool, skeletons: { [skeleton]: preset(skeleton) } });
    t.scene.cameras.main.centerOn(WORLD_WIDTH / 2, WORLD_HEIGHT / 2);
    t.scene.cameras.main.setZoom(shot.zoom);
    return t;
}

function start(go: SpineGameObject, p: Placement, scale: number): void {
    if (scale !== 1) go.setScale(scale);
    const entry = go.animationState.setAnimation(0, p.animation, true);
    entry.trackTime = p.offset;
}

/** The crowd as users build it today: `this.add.spine` for each, every one updated every frame. */
export function populateStock(t: TestGame, skeleton: string, crowd: Placement[], scale = 1): SpineGameObject[] {
    return crowd.map((p) => {
        const go = t.scene.add.spine(p.x, p.y, skeleton, `${skeleton}-atlas`);
        start(go, p, scale);
        return go;
    });
}

/** The same crowd spawned from the pool. */
export function populatePool(t: TestGame, skeleton: string, crowd: Placement[], options: Partial<SpinePoolOptions> = {}, scale = 1): SpineGameObject[] {
    t.scene.spinePool.configure(options);
    return crowd.map((p) => {
        const go = t.scene.spinePool.spawn(p.x, p.y, skeleton, `${skeleton}-atlas`);
        start(go, p, scale);
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
