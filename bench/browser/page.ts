/**
 * The browser benchmark page: the bench crowd (N production-size characters over a world of 4×4
 * viewports, camera in the middle) in a real WebGL game, either stock (`this.add.spine`, every
 * instance updated and drawn every frame) or pooled (phaser-spine-pool, default options). It times
 * each `game.step` (update and render) and publishes the result on `window.benchResult`.
 *
 * URL: ?mode=stock|plugin&count=1000&frames=120&view=800x600&json=assets/hero.json (Spine 4.3
 * runtimes read assets/4.3/hero.json)
 */
import * as spine from '@esotericsoftware/spine-phaser';
import { SpinePoolPlugin } from 'phaser-spine-pool';
import { placements } from '../placements';

declare const Phaser: typeof import('phaser');

const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'stock' ? 'stock' : 'plugin';
const count = Number(params.get('count') ?? 1000);
const frames = Number(params.get('frames') ?? 120);
const [width, height] = (params.get('view') ?? '800x600').split('x').map(Number);
const json = params.get('json') ?? 'assets/hero.json';
const WARMUP = 60;

interface BenchResult {
    mode: string;
    count: number;
    renderer: string;
    samples: number[];
}

class CrowdScene extends Phaser.Scene {
    preload(): void {
        this.load.spineJson('hero', json);
        this.load.spineAtlas('hero-atlas', 'assets/hero.atlas');
    }

    create(): void {
        this.cameras.main.centerOn((width * 4) / 2, (height * 4) / 2);
        const pool = (this as unknown as { spinePool: SpinePoolPlugin }).spinePool;
        for (const p of placements(count, 7, width * 4, height * 4)) {
            const go = mode === 'stock' ? this.add.spine(p.x, p.y, 'hero', 'hero-atlas') : pool.spawn(p.x, p.y, 'hero', 'hero-atlas');
            go.animationState.setAnimation(0, p.animation, true).trackTime = p.offset;
        }
    }
}

const samples: number[] = [];
const game = new Phaser.Game({
    type: Phaser.WEBGL,
    width,
    height,
    backgroundColor: '#2d3b2d',
    parent: 'game',
    banner: false,
    scene: [CrowdScene],
    plugins: {
        scene: [
            { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
            { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
        ],
    },
    callbacks: {
        // Time each whole frame (update + render): wrap the step the loop will call.
        preBoot: (g: Phaser.Game) => {
            const step = g.step.bind(g);
            g.step = (time: number, delta: number) => {
                const begin = performance.now();
                step(time, delta);
                const spent = performance.now() - begin;
                if (g.scene.getScenes(true).length > 0) samples.push(spent);
                if (samples.length === WARMUP + frames) {
                    const result: BenchResult = { mode, count, renderer: g.renderer.type === Phaser.WEBGL ? 'WebGL' : 'Canvas', samples: samples.slice(WARMUP) };
                    (window as unknown as { benchResult: BenchResult }).benchResult = result;
                }
            };
        },
    },
});
(window as unknown as { game: Phaser.Game }).game = game;
