import * as Phaser from 'phaser';
import { SpinePoolPlugin } from '../../plugin';
import type { GeneratedSkeleton } from '../skeletons/generate';
import { preset } from '../skeletons/presets';
import { addSkeleton } from './assets';
import { spinePhaser, type SpineModule } from './spine';

/** A scene with both plugins mapped as a user would map them. */
export type PoolScene = Phaser.Scene & { spinePool: SpinePoolPlugin; spine: InstanceType<SpineModule['SpinePlugin']> };

export interface HarnessOptions {
    width?: number;
    height?: number;
    /** Register SpinePoolPlugin as `spinePool`. @default true */
    pool?: boolean;
    /** The `data` of the plugin's entry in the game config: game-wide default options. @default none */
    poolData?: unknown;
    /** The plugin class to register (e.g. one loaded from a built bundle). @default the source's */
    poolPlugin?: Function;
    /** Skeletons to put in the caches, by key (atlas under `<key>-atlas`). @default { tiny } */
    skeletons?: Record<string, GeneratedSkeleton>;
    /** Runs in the scene's `create`. */
    create?: (scene: PoolScene) => void;
    /** Runs in the scene's `preload`, after the skeletons are put in the caches. */
    preload?: (scene: PoolScene) => void;
    /** The spine-phaser runtime to register (e.g. one built for another Phaser). @default the stack's */
    spine?: SpineModule;
    /** Arcade physics in the game config (`physics: { default: 'arcade' }`). @default false */
    arcade?: boolean;
}

/** A real HEADLESS Phaser game whose frames are stepped by hand. */
export interface TestGame {
    game: Phaser.Game;
    scene: PoolScene;
    spine: SpineModule;
    /** Game time of the last step, ms; also what `Date.now()` returns while the game lives (Phaser's TweenManager reads it). */
    time: number;
    /** Functions the scene's own `update()` method calls, in order (the game's `update()`). */
    readonly sceneUpdates: ((time: number, delta: number) => void)[];
    /** Steps `frames` frames of `delta` ms each through `game.headlessStep`. */
    step(frames?: number, delta?: number): void;
    /** Destroys the game (Phaser finishes a destroy on the next step, so one is run); once. */
    destroy(): void;
}

export const FRAME_MS = 1000 / 60;

/** A game's stepped time, ms. */
interface SteppedClock {
    time: number;
}

const realNow = Date.now.bind(Date);
let activeClock: SteppedClock | null = null;

/**
 * Phaser's TweenManager times tweens with `Date.now()`, not the frame deltas the game is stepped
 * with: tweens run on the stepped clock only if `Date.now()` is that clock. While a test game
 * lives, `Date.now()` returns the time of the game booted or stepped last (several may live at once,
 * as in the bench), else the real time.
 */
function useSteppedClock(clock: SteppedClock): void {
    activeClock = clock;
    Date.now = steppedNow;
}
function releaseSteppedClock(clock: SteppedClock): void {
    if (activeClock === clock) activeClock = null;
}
function steppedNow(): number {
    return activeClock !== null ? activeClock.time : realNow();
}

/**
 * Boots real Phaser (HEADLESS renderer) with real spine-phaser and the plugin, puts the
 * skeletons in its caches and resolves once the scene's `create` has run. Phaser's own loop is
 * never started: time only moves when the test calls `step`.
 */
export async function bootGame(options: HarnessOptions = {}): Promise<TestGame> {
    const spine = options.spine ?? spinePhaser();
    const skeletons = options.skeletons ?? { tiny: preset('tiny') };
    let ready!: (scene: PoolScene) => void;
    const created = new Promise<PoolScene>((resolve) => (ready = resolve));

    class TestScene extends Phaser.Scene {
        constructor() {
            super({ key: 'test' });
        }
        preload(): void {
            for (const [key, skeleton] of Object.entries(skeletons)) addSkeleton(this.game, key, skeleton);
            options.preload?.(this as unknown as PoolScene);
        }
        create(): void {
            options.create?.(this as unknown as PoolScene);
            ready(this as unknown as PoolScene);
        }
        override update(time: number, delta: number): void {
            for (const fn of sceneUpdates) fn(time, delta);
        }
    }
    const sceneUpdates: ((time: number, delta: number) => void)[] = [];
    const clock: SteppedClock = { time: 0 };
    useSteppedClock(clock);

    const scenePlugins: Phaser.Types.Core.PluginObjectItem[] = [
        { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
    ];
    if (options.pool !== false) {
        scenePlugins.push({ key: 'SpinePoolPlugin', plugin: options.poolPlugin ?? SpinePoolPlugin, mapping: 'spinePool', ...(options.poolData !== undefined ? { data: options.poolData } : {}) });
    }

    const game = new Phaser.Game({
        type: Phaser.HEADLESS,
        width: options.width ?? 800,
        height: options.height ?? 600,
        banner: false,
        audio: { noAudio: true },
        scene: [TestScene],
        plugins: { scene: scenePlugins },
        ...(options.arcade ? { physics: { default: 'arcade', arcade: { gravity: { x: 0, y: 0 } } } } : {}),
        callbacks: {
            // Keep Phaser's own loop from ticking: the test owns time.
            preBoot: (g: Phaser.Game) => {
                const loop = g.loop as unknown as { start(cb: unknown): void; started: boolean; running: boolean; callback: unknown };
                loop.start = function (this: typeof loop, callback: unknown) {
                    this.callback = callback;
                    this.started = true;
                    this.running = true;
                };
            },
        },
    });
    const scene = await created;

    let destroyed = false;
    const harness: TestGame = {
        game,
        scene,
        spine,
        get time() {
            return clock.time;
        },
        set time(value: number) {
            clock.time = value;
        },
        sceneUpdates,
        step(frames = 1, delta = FRAME_MS) {
            useSteppedClock(clock);
            for (let i = 0; i < frames; i++) {
                clock.time += delta;
                game.headlessStep(clock.time, delta);
            }
        },
        destroy() {
            if (destroyed) return; // a test may have destroyed it already
            destroyed = true;
            game.destroy(false);
            harness.step(1);
            releaseSteppedClock(clock);
        },
    };
    return harness;
}

/**
 * The setup most integration files open with: before each test, a fresh game (`options`) and
 * `console.warn` captured, handed to `use`; after it, the game destroyed and the spy restored.
 *
 * @example
 * ```ts
 * let t: TestGame;
 * let warn: jest.SpyInstance;
 * eachTest((game, spy) => ([t, warn] = [game, spy]));
 * ```
 */
export function eachTest(use: (game: TestGame, warn: jest.SpyInstance) => void, options?: HarnessOptions): void {
    let game: TestGame;
    let warn: jest.SpyInstance;
    beforeEach(async () => {
        game = await bootGame(options);
        warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
        use(game, warn);
    });
    afterEach(() => {
        // Destroyed first: the leak report a shutdown flushes goes to the spy, not the test output.
        game.destroy();
        warn.mockRestore();
    });
}

/** Adds and starts another scene (with the same plugins) in `game`, stepping until its create() ran. */
export function addScene(game: TestGame, key: string): PoolScene {
    let made: PoolScene | null = null;
    game.game.scene.add(
        key,
        class extends Phaser.Scene {
            create(): void {
                made = this as unknown as PoolScene;
            }
        },
        true,
    );
    game.step(1);
    if (!made) throw new Error(`scene '${key}' did not start`);
    return made;
}
