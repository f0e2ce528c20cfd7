/**
 * A game's scene, as a user of the package writes it. It does not import phaser-spine-pool:
 * `this.spinePool` is typed by the package's global augmentation of `Phaser.Scene`, which the
 * program has because main.ts imports the package.
 */
import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';

/** What the page reports to the test on `window.smoke`. */
export interface SmokeReport {
    done: boolean;
    error: string | null;
    renderer: string;
    /** Each step's observation, named for the test's messages. */
    checks: Record<string, number | boolean | string>;
}

const SKELETON = 'tiny';
const ATLAS = 'tiny-atlas';
/** Frames to wait for a Spine event before giving up (about 4 s at 60 fps). */
const MAX_FRAMES = 240;

export class BattleScene extends Phaser.Scene {
    private frameWaiters: { until: number; resolve: () => void }[] = [];
    private frame = 0;

    constructor(private readonly report: SmokeReport) {
        super('battle');
    }

    preload(): void {
        this.load.spineJson(SKELETON, 'assets/tiny.json');
        this.load.spineAtlas(ATLAS, 'assets/tiny.atlas');
    }

    create(): void {
        this.run().then(
            () => (this.report.done = true),
            (error: unknown) => (this.report.error = error instanceof Error ? (error.stack ?? error.message) : String(error)),
        );
    }

    override update(): void {
        this.frame++;
        this.frameWaiters = this.frameWaiters.filter((w) => (this.frame >= w.until ? (w.resolve(), false) : true));
    }

    private async run(): Promise<void> {
        const checks = this.report.checks;
        this.report.renderer = this.game.renderer.type === Phaser.WEBGL ? 'WEBGL' : 'CANVAS';

        // Chained configure (returns this), then a pool built ahead of time.
        this.spinePool.configure({ highDetailDistance: 400, midDetailDistance: 800 }).configure({ groupCount: 2 });
        this.spinePool.prewarm(SKELETON, ATLAS, 1);

        // Spawn where this.add.spine(x, y, dataKey, atlasKey) would be, then animate it the Unity way.
        const hero: SpineGameObject = this.spinePool.spawn(160, 200, SKELETON, ATLAS, { animation: 'idle', skin: 'knight' });
        this.spinePool.legacy(hero).crossFade('walk', 0.1);
        let footsteps = 0;
        const listener = { event: () => footsteps++ };
        hero.animationState.addListener(listener);
        checks.spawnedActive = this.spinePool.isActive(hero) && hero.visible && hero.active;
        checks.createdAfterSpawn = this.spinePool.stats().created;

        // The scheduler updates it: walk's footstep events arrive.
        for (let frames = 0; footsteps === 0 && frames < MAX_FRAMES; frames++) await this.frames(1);
        checks.footsteps = footsteps;
        checks.walking = this.spinePool.legacy(hero).isPlaying('walk');
        checks.pixelsWhileSpawned = await this.drawnPixels();

        // A clean owner removes its listener; despawn hides it and returns it to the pool.
        hero.animationState.removeListener(listener);
        checks.despawned = this.spinePool.despawn(hero);
        const afterDespawn = this.spinePool.stats();
        checks.activeAfterDespawn = afterDespawn.active;
        checks.freeAfterDespawn = afterDespawn.free;
        checks.hiddenAfterDespawn = !hero.visible && !this.spinePool.isActive(hero);
        await this.frames(2);
        checks.pixelsAfterDespawn = await this.drawnPixels();

        // The next spawn reuses the same object: nothing new is built.
        const again = this.spinePool.spawn(100, 200, SKELETON, ATLAS, { animation: 'run' });
        checks.reusedInstance = again === hero;
        checks.createdAfterRespawn = this.spinePool.stats().created;
        await this.frames(2);
        checks.despawnedAgain = this.spinePool.despawn(again);
        checks.leaksCleared = this.spinePool.stats().leaksCleared;
    }

    /** Resolves after `count` more frames. */
    private frames(count: number): Promise<void> {
        return new Promise((resolve) => this.frameWaiters.push({ until: this.frame + count, resolve }));
    }

    /** Pixels of the next rendered frame that differ from the background colour. */
    private drawnPixels(): Promise<number> {
        const background = this.game.config.backgroundColor;
        return new Promise((resolve) => {
            this.game.renderer.snapshot((image) => {
                const element = image as HTMLImageElement;
                const canvas = document.createElement('canvas');
                canvas.width = element.width;
                canvas.height = element.height;
                const context = canvas.getContext('2d')!;
                context.drawImage(element, 0, 0);
                const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
                let drawn = 0;
                for (let i = 0; i < data.length; i += 4) {
                    const d = Math.abs(data[i] - background.red) + Math.abs(data[i + 1] - background.green) + Math.abs(data[i + 2] - background.blue);
                    if (d > 24) drawn++;
                }
                resolve(drawn);
            });
        });
    }

    /**
     * Never called: lines the compiler must reject. Each `@ts-expect-error` fails the build if
     * the line below it compiles, so these prove that `this.spinePool` is typed, not `any`.
     */
    typesBite(): void {
        // @ts-expect-error dataKey is a string
        this.spinePool.spawn(0, 0, 123, 'atlas');
        // @ts-expect-error misspelled option
        this.spinePool.configure({ highDetailDistanse: 500 });
        // @ts-expect-error offscreen is one of 'events' | 'lod' | 'low' | 'pause'
        this.spinePool.configure({ offscreen: 'hide' });
        // @ts-expect-error despawn returns a boolean
        const count: number = this.spinePool.despawn(this.spinePool.spawn(0, 0, SKELETON, ATLAS));
        void count;
    }
}
