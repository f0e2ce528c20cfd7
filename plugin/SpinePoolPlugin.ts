import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { callSite, type CallSite } from '../src/callSite';
import { PoolError, warn } from '../src/errors';
import { defaultOptions, resolveOptions, type SpinePoolOptions } from '../src/options';
import { Pool } from '../src/Pool';
import { FrameHistory } from '../src/FrameHistory';
import { ON_DEMAND, Scheduler } from '../src/Scheduler';
import { Tier, TIER_COUNT } from '../src/Tier';
import { LegacyAnimation } from '../src/legacy/LegacyAnimation';
import type { SpineAnimationState } from '../src/legacy/spineState';
import { InstanceHygiene, type Leftover } from './InstanceHygiene';
import { InstanceUpdater } from './InstanceUpdater';
import { LodDriver } from './LodDriver';
import { PooledInstance } from './PooledInstance';
import { dressForSpawn, poseFirstFrame, prepareInstance, retireInstance, settleAtSpawn } from './instanceState';
import { pooled, pooledAnimationStateClass, pooledGameObjectClass } from './pooledClasses';
import type { CameraView } from '../src/options';

/**
 * Options of {@link SpinePoolPlugin.spawn}: what `this.add.spine` callers usually set right after
 * creating the object, applied in one go.
 *
 * @example
 * ```ts
 * const squad = this.add.container(400, 300);
 * const go = this.spinePool.spawn(0, -20, 'hero', 'hero-atlas', {
 *     parent: squad, animation: 'walk', loop: true, skin: 'knight', depth: 2,
 * });
 * ```
 */
export interface SpawnOptions {
    /** Container to add the instance to; (x, y) are then local to it, in px. @default the scene's display list */
    parent?: Phaser.GameObjects.Container;
    /**
     * Animation to set on `track`; its first frame is posed before the instance is first drawn.
     * @default none: the setup pose, no track set
     */
    animation?: string;
    /** Whether `animation` loops. @default true */
    loop?: boolean;
    /** Spine track index for `animation`. @default 0 */
    track?: number;
    /** Skin name; an unknown name throws, naming the skeleton's skins. @default the skeleton's default skin */
    skin?: string;
    /** Display depth. @default 0 */
    depth?: number;
}

/**
 * Lifecycle hooks of one pool (one skeleton: dataKey + atlasKey), registered with
 * {@link SpinePoolPlugin.setHooks}. Each fires exactly once per transition, in this order over an
 * instance's life: `onCreate`, then (`onSpawn`, `onDespawn`) for every use, then `onDestroy`.
 * Every hook is optional; none by default.
 *
 * @example
 * ```ts
 * this.spinePool.setHooks('goblin', 'goblin-atlas', {
 *     onCreate: (go) => go.animationStateData.setMix('walk', 'die', 0.2), // once per object; seconds
 *     onSpawn: (go) => go.setInteractive(), // input is removed on every despawn
 *     onDespawn: (go) => go.getData('timer')?.remove(), // timers are not tracked: end them here
 * });
 * ```
 */
export interface PoolHooks {
    /**
     * The instance was just built (by `spawn` or `prewarm`); it is hidden and inactive. Listeners
     * added here (AnimationState and game object ones) belong to the pool: they stay for every
     * owner and are never reported as leaks.
     */
    onCreate?(go: SpineGameObject): void;
    /** The instance was reset, placed and posed; `spawn` returns it next. */
    onSpawn?(go: SpineGameObject): void;
    /**
     * `despawn` was called. Runs first, while the instance still has its listeners, tracks and
     * place: remove your own listeners here and they are not reported as leaks.
     */
    onDespawn?(go: SpineGameObject): void;
    /** The instance left the pool for good (`go.destroy()`, scene shutdown); nothing follows. */
    onDestroy?(go: SpineGameObject): void;
}

const HOOK_NAMES = ['onCreate', 'onSpawn', 'onDespawn', 'onDestroy'];

/**
 * Counters of one pool (one skeleton), a row of {@link SpinePoolStats.pools}.
 *
 * @example
 * ```ts
 * for (const pool of this.spinePool.stats().pools) console.log(`${pool.dataKey}: ${pool.active} out, ${pool.free} free`);
 * ```
 */
export interface PoolStats {
    /** The skeleton data key the pool was made for (`spawn`'s `dataKey`). */
    dataKey: string;
    /** The atlas key the pool was made for (`spawn`'s `atlasKey`). */
    atlasKey: string;
    /** Instances handed out and not yet despawned. */
    active: number;
    /** Instances waiting in the pool. */
    free: number;
    /** Instances ever built by this pool (stays flat while pooling works). */
    created: number;
}

/**
 * What {@link SpinePoolPlugin.stats} reports: counts of instances, all at the time of the call.
 *
 * @example
 * ```ts
 * const stats = this.spinePool.stats();
 * console.log(`${stats.active} spawned, ${stats.updatedLastFrame} updated last frame, ${stats.tiers.offscreen} off screen`);
 * ```
 */
export interface SpinePoolStats {
    /** Spawned instances, all pools. */
    active: number;
    /** Free instances, all pools. */
    free: number;
    /** Instances ever built, all pools. */
    created: number;
    /** Instances the scheduler updated in the last frame. */
    updatedLastFrame: number;
    /** Spawned instances per level-of-detail tier. */
    tiers: {
        /** Nearer the view centre than `highDetailDistance`, in view. */
        high: number;
        /** Between `highDetailDistance` and `midDetailDistance`, in view. */
        mid: number;
        /** Beyond `midDetailDistance`, in view. */
        low: number;
        /** Outside the view plus `offscreenMargin` (always 0 with `offscreen: 'lod'`). */
        offscreen: number;
    };
    /** Leftover listeners removed on despawn so far. */
    leaksCleared: number;
    /** Per-pool counters, in creation order. */
    pools: PoolStats[];
}

const SceneEvents = Phaser.Scenes.Events;
const GameObjectEvents = Phaser.GameObjects.Events;

type SpineFactory = (x: number, y: number, dataKey: string, atlasKey: string) => SpineGameObject;

/**
 * Pooled Spine game objects with grouped, level-of-detail updates. Register it next to
 * spine-phaser's own plugin:
 *
 * ```ts
 * plugins: { scene: [
 *   { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
 *   { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
 * ] }
 * ```
 *
 * then `this.spinePool.spawn(x, y, dataKey, atlasKey)` where you wrote `this.add.spine(...)`, and
 * `this.spinePool.despawn(go)` where you wrote `go.destroy()`. Inside any `Phaser.Scene`,
 * `this.spinePool` is typed once the package is imported anywhere in the program.
 *
 * Units: Phaser's times are milliseconds, Spine's (and the {@link LegacyAnimation} helper's) are
 * seconds; distances are world pixels; the `*Frequency` options are frame intervals.
 *
 * @example
 * ```ts
 * import * as spine from '@esotericsoftware/spine-phaser';
 * import { SpinePoolPlugin } from 'phaser-spine-pool';
 *
 * class Battle extends Phaser.Scene {
 *     preload() {
 *         this.load.spineJson('hero', 'hero.json');
 *         this.load.spineAtlas('hero-atlas', 'hero.atlas');
 *     }
 *     create() {
 *         const go = this.spinePool.spawn(400, 300, 'hero', 'hero-atlas', { animation: 'walk' });
 *         this.time.delayedCall(4000, () => this.spinePool.despawn(go)); // Phaser time: ms
 *     }
 * }
 *
 * new Phaser.Game({
 *     scene: [Battle],
 *     plugins: { scene: [
 *         { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
 *         { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
 *     ] },
 * });
 * ```
 */
export class SpinePoolPlugin extends Phaser.Plugins.ScenePlugin {
    private options: SpinePoolOptions = defaultOptions();
    private readonly driver: LodDriver;
    private readonly updater: InstanceUpdater;
    /** Holds `options.camera` when one is pinned (reused: no array per frame). */
    private readonly pinnedCamera: CameraView[] = [];
    private readonly scheduler: Scheduler<PooledInstance>;
    private readonly pools = new Map<string, Map<string, Pool<PooledInstance>>>();
    private readonly poolList: Pool<PooledInstance>[] = [];
    private readonly instances = new WeakMap<object, PooledInstance>();
    /** The spawned instances. */
    private readonly live = new LiveInstances();
    private readonly hooks = new Map<string, Map<string, PoolHooks>>();
    /** Read by every instance (hygiene, culling), so `configure` reaches them all at once. */
    private readonly flags = { dev: this.options.dev, cull: this.options.cull, margin: this.options.offscreenMargin };
    /** Listener functions Phaser adds to game objects later on: never leftovers of a game. */
    private readonly internalFns: ReadonlySet<Function>;
    private readonly leftovers: Leftover[] = [];
    private leaksCleared = 0;
    /** Set while the plugin itself destroys instances, so its destroy hook stays quiet. */
    private releasing = false;

    /**
     * Called by Phaser's plugin manager for each scene (register the class in the game config's
     * `plugins.scene`; do not construct it yourself).
     * @param scene the scene the plugin belongs to
     * @param pluginManager the game's plugin manager
     * @param pluginKey the key the plugin was registered under
     */
    constructor(scene: Phaser.Scene, pluginManager: Phaser.Plugins.PluginManager, pluginKey: string) {
        super(scene, pluginManager, pluginKey);
        const Matrix = Phaser.GameObjects.Components.TransformMatrix;
        const history = new FrameHistory();
        this.updater = new InstanceUpdater(history);
        this.driver = new LodDriver(new Matrix(), new Matrix(), this.updater);
        this.driver.configure(this.options);
        this.scheduler = new Scheduler(this.driver, this.intervalsFor(this.options), this.options.groupCount, history);
        this.scheduler.watchedTier = this.options.offscreen === 'lod' ? -1 : Tier.Offscreen;
        // Listeners Phaser adds to a game object after it is built (the rest are sealed per instance).
        this.internalFns = new Set<Function>([
            (Phaser.GameObjects.Container.prototype as unknown as { onChildDestroyed: Function }).onChildDestroyed,
            Phaser.Data.DataManager.prototype.destroy,
        ]);
        scene.sys.events.on(SceneEvents.START, this.start, this);
    }

    /** Called once by Phaser when the scene boots; not for games to call. */
    override boot(): void {
        this.systems!.events.once(SceneEvents.DESTROY, this.destroy, this);
    }

    /** Called by Phaser each time the scene starts: hooks the scheduler into the scene's update; not for games to call. */
    override start(): void {
        const events = this.systems!.events;
        events.on(SceneEvents.UPDATE, this.update, this);
        events.on(SceneEvents.POST_UPDATE, this.postUpdate, this);
        events.once(SceneEvents.SHUTDOWN, this.shutdown, this);
    }

    /**
     * Validates and applies options; the ones not given keep their current values. A bad value
     * throws a {@link PoolError} naming the option, the value and the allowed range, and nothing
     * is applied. Changes reach every instance from the next frame (tiers are re-evaluated within
     * `groupCount` frames).
     * @param options any of {@link SpinePoolOptions}; distances in world px, frequencies in frames
     * @returns this, for chaining
     * @example
     * ```ts
     * this.spinePool
     *     .configure({ highDetailDistance: 800, midDetailDistance: 1600 })
     *     .configure({ offscreen: 'pause', dev: false });
     * ```
     */
    configure(options: Partial<SpinePoolOptions>): this {
        const next = resolveOptions(this.options, options);
        this.options = next;
        this.flags.dev = next.dev;
        this.flags.cull = next.cull;
        this.flags.margin = next.offscreenMargin;
        // Off-screen instances are re-evaluated every frame after the game's update (postUpdate).
        this.scheduler.watchedTier = next.offscreen === 'lod' ? -1 : Tier.Offscreen;
        this.driver.configure(next);
        this.scheduler.setIntervals(this.intervalsFor(next));
        this.scheduler.setGroupCount(next.groupCount);
        return this;
    }

    /**
     * The options in force, defaults included (a copy: changing it changes nothing).
     * @example
     * ```ts
     * const { groupCount, offscreen } = this.spinePool.getOptions(); // 4, 'events' by default
     * ```
     */
    getOptions(): SpinePoolOptions {
        return { ...this.options };
    }

    /**
     * A pooled instance of the skeleton `dataKey` with atlas `atlasKey` at (x, y): same arguments
     * as `this.add.spine(x, y, dataKey, atlasKey)`. A free instance is reused, else one is built.
     * It comes in its setup pose (or the first frame of `options.animation`), visible and active,
     * and is updated by the plugin's scheduler, not by the scene's UpdateList. Nothing of its
     * previous owner is left: pose, tracks, skin, transform, alpha, depth, listeners.
     *
     * Throws a {@link PoolError} when a key is not loaded (naming what is), or for an unknown skin
     * or animation (naming the skeleton's); then nothing is handed out.
     * @param x horizontal position, world px (local px inside `options.parent`)
     * @param y vertical position, world px (local px inside `options.parent`)
     * @param dataKey key of the skeleton data loaded with `this.load.spineJson` / `spineBinary`
     * @param atlasKey key of the atlas loaded with `this.load.spineAtlas`
     * @param options parent, animation, loop, track, skin, depth; see {@link SpawnOptions}
     * @returns the instance: a spine-phaser `SpineGameObject`, to give back with {@link despawn}
     * @example
     * ```ts
     * // Was: const enemy = this.add.spine(x, y, 'goblin', 'goblin-atlas');
     * const enemy = this.spinePool.spawn(x, y, 'goblin', 'goblin-atlas', { animation: 'run', skin: 'red' });
     * ```
     */
    spawn(x: number, y: number, dataKey: string, atlasKey: string, options?: SpawnOptions): SpineGameObject {
        if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
            throw new PoolError(`spawn(x, y, dataKey, atlasKey): x and y must be finite numbers; got x = ${x}, y = ${y}.`);
        }
        const pool = this.poolFor(dataKey, atlasKey, 'spawn');
        const instance = pool.obtain();
        const go = instance.go;
        const state = go.animationState as unknown as { creatingSite: CallSite | null };
        // The spawn animation's TrackEntry was made by the game's spawn() call: name that line.
        if (this.options.dev && options?.animation !== undefined) state.creatingSite = callSite(2);
        instance.reachChanged = true; // a new skin or animation
        try {
            dressForSpawn(go, x, y, options, this.options.dev);
        } catch (error) {
            pool.release(instance); // a bad skin or animation name: nothing is handed out
            throw error;
        } finally {
            state.creatingSite = null;
        }
        const parent = options?.parent;
        if (parent) parent.add(go as unknown as Phaser.GameObjects.GameObject);
        else go.addToDisplayList();
        settleAtSpawn(go);
        instance.active = true;
        instance.timeScale = go.animationState.timeScale;
        this.live.add(instance);
        // Its tier is evaluated against the cameras as they are now (they may have moved since the
        // last frame, and before the first frame the views were never read).
        this.driver.refresh(this.cameras());
        // Its first update comes next frame, as Phaser's UpdateList gives a new object...
        const entry = (instance.entry = this.scheduler.add(instance, true));
        // ...unless its first frame is posed now: then it waits for its phase like any instance of
        // its tier. Off screen (in a mode that knows it), it is posed when it comes into view.
        if ((entry.tier !== Tier.Offscreen || this.options.offscreen === 'lod') && poseFirstFrame(go, options)) this.scheduler.relax(entry);
        // Its physics is at rest in the pose it comes in, as a new object's: it starts from there.
        instance.posedFrame = this.scheduler.lastStepped;
        const onSpawn = this.hooksOf(pool)?.onSpawn;
        if (onSpawn) {
            try {
                onSpawn(go);
            } catch (error) {
                this.despawn(go); // the caller never receives it: give it back, then report
                throw error;
            }
        }
        return go;
    }

    /**
     * Returns `go` to its pool: hidden, inactive, off the display list and the scheduler, its
     * animation tracks cleared. Returns `false` (and warns in dev mode) when `go` is not an active
     * instance of this pool; the pool is never corrupted by a wrong or repeated call.
     *
     * First runs the pool's `onDespawn` hook, then removes what the previous owner left on it
     * (Spine listeners, emitter listeners, tweens; one dev warning names them and where they were
     * added), then clears its tracks without firing their callbacks. Call it where you called
     * `go.destroy()`; do not use `go` afterwards.
     * @param go an instance returned by {@link spawn}
     * @returns `true` if it went back to its pool, `false` if it was not an active pooled instance
     * @example
     * ```ts
     * enemy.animationState.addListener({
     *     complete: (entry) => entry.animation?.name === 'die' && this.spinePool.despawn(enemy),
     * });
     * ```
     */
    despawn(go: SpineGameObject): boolean {
        const instance = go ? this.instances.get(go) : undefined;
        if (!instance || !instance.active) {
            if (this.options.dev) {
                warn(
                    instance
                        ? `despawn(): this instance of '${instance.pool.dataKey}' is already despawned; the call was ignored.`
                        : `despawn(): ${describe(go)} was not spawned by this scene's spinePool; the call was ignored. Destroy objects made with this.add.spine() with destroy().`,
                );
            }
            return false;
        }
        instance.active = false;
        this.live.remove(instance);
        this.scheduler.remove(instance.entry!);
        instance.entry = null;
        let failure: unknown = null;
        try {
            this.hooksOf(instance.pool)?.onDespawn?.(go);
        } catch (error) {
            failure = error; // the instance still goes back to the pool, then the error is reported
        }
        if (instance.legacy) {
            instance.legacy.release();
            instance.legacy = null;
        }
        this.clearLeftovers(instance);
        retireInstance(go);
        instance.pool.release(instance);
        if (failure) throw failure;
        return true;
    }

    /**
     * Registers lifecycle hooks for the pool of (dataKey, atlasKey), before or after it exists.
     * Replaces hooks registered before for that pool. An unknown hook name or a non-function
     * throws a {@link PoolError}.
     * @param dataKey the skeleton data key of the pool
     * @param atlasKey the atlas key of the pool
     * @param hooks `onCreate`, `onSpawn`, `onDespawn`, `onDestroy`; see {@link PoolHooks}
     * @returns this, for chaining
     * @example
     * ```ts
     * this.spinePool.setHooks('hero', 'hero-atlas', {
     *     onCreate: (go) => go.animationStateData.setMix('walk', 'run', 0.2), // mix durations: seconds
     *     onDespawn: (go) => go.removeAllListeners('pointerdown'),
     * });
     * ```
     */
    setHooks(dataKey: string, atlasKey: string, hooks: PoolHooks): this {
        if (typeof hooks !== 'object' || hooks === null) throw new PoolError(`setHooks(dataKey, atlasKey, hooks): hooks must be an object; got ${hooks}.`);
        for (const [name, value] of Object.entries(hooks)) {
            if (!HOOK_NAMES.includes(name)) {
                throw new PoolError(`setHooks(): unknown hook '${name}'. Hooks: ${HOOK_NAMES.join(', ')}.`);
            }
            if (value !== undefined && typeof value !== 'function') {
                throw new PoolError(`setHooks(): hook '${name}' must be a function; got ${typeof value}.`);
            }
        }
        let byAtlas = this.hooks.get(dataKey);
        if (!byAtlas) this.hooks.set(dataKey, (byAtlas = new Map()));
        byAtlas.set(atlasKey, { ...hooks });
        return this;
    }

    /** Removes what the previous owner left on `instance`; one dev warning names it all. */
    private clearLeftovers(instance: PooledInstance): void {
        const leftovers = this.leftovers;
        leftovers.length = 0;
        const count = instance.hygiene.clean(this.systems as never, leftovers);
        if (count === 0) return;
        this.leaksCleared += count;
        if (this.options.dev) {
            const lines = leftovers.map((l) => `  - ${l.what}${l.site ? ` added at ${l.site}` : ''}`);
            warn(
                `despawn() of a '${instance.pool.dataKey}' instance (atlas '${instance.pool.atlasKey}') removed ${count} ` +
                    `leftover${count === 1 ? '' : 's'} of its previous owner:\n${lines.join('\n')}\n` +
                    'Remove listeners and stop tweens before despawn (or in an onDespawn hook, see setHooks); ' +
                    'configure({ dev: false }) silences this warning.',
            );
        }
        leftovers.length = 0;
    }

    /**
     * Builds `count` free instances of a skeleton ahead of time (e.g. behind a loading screen), so
     * later spawns build nothing. A bad key or count throws a {@link PoolError}.
     * @param dataKey key of the loaded skeleton data
     * @param atlasKey key of the loaded atlas
     * @param count how many free instances to add, an integer >= 0
     * @example
     * ```ts
     * create() {
     *     this.spinePool.prewarm('goblin', 'goblin-atlas', 200); // the first wave spawns for free
     * }
     * ```
     */
    prewarm(dataKey: string, atlasKey: string, count: number): void {
        if (!Number.isInteger(count) || count < 0) {
            throw new PoolError(`prewarm(dataKey, atlasKey, count): count must be an integer >= 0; got ${count}.`);
        }
        this.poolFor(dataKey, atlasKey, 'prewarm').prewarm(count);
    }

    /**
     * The Unity-Legacy-style animation helper of `go` (`play`, `crossFade`, `crossFadeQueued`,
     * `blend`, layers...): the same object for the same instance while it is spawned, released on
     * despawn. Its times are in seconds (Spine's and Unity's unit), not Phaser's ms. Throws a
     * {@link PoolError} when `go` is not spawned from this pool.
     * @param go an active instance returned by {@link spawn}
     * @returns the helper bound to `go`; do not keep it past `despawn(go)`
     * @example
     * ```ts
     * const anim = this.spinePool.legacy(go);
     * anim.state('walk').wrapMode = 'Loop';
     * anim.play('walk');
     * anim.crossFadeQueued('attack', 0.2); // fades in over the last 0.2 s of walk's current loop
     * ```
     */
    legacy(go: SpineGameObject): LegacyAnimation {
        const instance = go ? this.instances.get(go) : undefined;
        if (!instance || !instance.active) {
            throw new PoolError(`legacy(go): ${instance ? 'this instance is despawned' : `${describe(go)} was not spawned by this scene's spinePool`}; spawn it with this.spinePool.spawn() first.`);
        }
        if (!instance.legacy) {
            instance.legacy = new LegacyAnimation(go.animationState as unknown as SpineAnimationState, {
                catchUp: () => this.settle(instance, false),
                listen: (listener) => instance.hygiene.addInternalListener(listener),
                changed: () => this.wake(instance),
            });
        }
        return instance.legacy;
    }

    /** @internal An instance's animation state changed: one sleeping off screen is updated next frame. */
    wake(instance: PooledInstance): void {
        if (instance.entry) this.scheduler.wake(instance.entry);
    }

    /** @internal The game is about to change an instance's animation state: it gets the time it is owed first. */
    catchUp(instance: PooledInstance): void {
        if (instance.entry) this.scheduler.catchUp(instance.entry);
    }

    /**
     * @internal The game is about to change the instance's animation state (a new entry, a cleared
     * track, a Legacy call), or to deactivate it (which freezes its pose, on screen or not): it is
     * brought up to date and its local pose applied (`world`: and its world transforms), as a stock
     * object's stands after this frame's update, before the change.
     */
    settle(instance: PooledInstance, world: boolean): void {
        const entry = instance.entry;
        if (!entry || entry.tier === Tier.Inactive) return;
        this.scheduler.catchUp(entry);
        this.updater.poseNow(instance, this.scheduler.lastStepped, world);
    }

    /** @internal Something its tier depends on changed (it was set active or inactive): it is moved now. */
    reclassify(instance: PooledInstance): void {
        if (instance.entry) {
            this.driver.refresh(this.cameras());
            this.scheduler.reclassify(instance.entry);
        }
    }

    /**
     * Whether `go` is currently spawned from this pool (`false` after `despawn`, `destroy`, or for
     * objects made with `this.add.spine`).
     * @param go any game object, or anything at all
     * @example
     * ```ts
     * if (this.spinePool.isActive(target)) this.spinePool.legacy(target).play('hit');
     * ```
     */
    isActive(go: SpineGameObject): boolean {
        const instance = go ? this.instances.get(go) : undefined;
        return instance !== undefined && instance.active;
    }

    /**
     * Counters of the pools and the scheduler. Pass the previous result as `out` to refill it
     * instead of allocating (handy for a per-frame HUD).
     * @param out a previous result to refill in place
     * @returns `out`, or a new object when it is not given
     * @example
     * ```ts
     * private hudStats?: SpinePoolStats;
     * update() {
     *     this.hudStats = this.spinePool.stats(this.hudStats); // no allocation per frame
     *     this.hud.setText(`pooled: ${this.hudStats.active} / ${this.hudStats.created}`);
     * }
     * ```
     */
    stats(out?: SpinePoolStats): SpinePoolStats {
        const result: SpinePoolStats = out ?? {
            active: 0,
            free: 0,
            created: 0,
            updatedLastFrame: 0,
            tiers: { high: 0, mid: 0, low: 0, offscreen: 0 },
            leaksCleared: 0,
            pools: [],
        };
        let active = 0;
        let free = 0;
        let created = 0;
        const pools = this.poolList;
        result.pools.length = pools.length;
        for (let i = 0; i < pools.length; i++) {
            const pool = pools[i];
            const row = result.pools[i] ?? (result.pools[i] = { dataKey: '', atlasKey: '', active: 0, free: 0, created: 0 });
            row.dataKey = pool.dataKey;
            row.atlasKey = pool.atlasKey;
            row.active = pool.active;
            row.free = pool.free.length;
            row.created = pool.created;
            active += pool.active;
            free += pool.free.length;
            created += pool.created;
        }
        const scheduler = this.scheduler;
        result.active = active;
        result.free = free;
        result.created = created;
        result.updatedLastFrame = this.scheduler.updatedLastFrame;
        result.tiers.high = scheduler.countIn(Tier.High);
        result.tiers.mid = scheduler.countIn(Tier.Mid);
        result.tiers.low = scheduler.countIn(Tier.Low);
        result.tiers.offscreen = scheduler.countIn(Tier.Offscreen);
        result.leaksCleared = this.leaksCleared;
        return result;
    }

    /** The cameras level of detail is measured against: the pinned one, or every camera of the scene. */
    private cameras(): ArrayLike<CameraView> {
        const pinned = this.options.camera;
        if (pinned === null) return this.systems!.cameras.cameras;
        this.pinnedCamera[0] = pinned;
        return this.pinnedCamera;
    }

    /** The scene's UPDATE: one scheduler pass. */
    private update(_time: number, delta: number): void {
        this.driver.refresh(this.cameras());
        this.driver.now = this.scheduler.clock + delta;
        this.scheduler.step(delta);
    }

    /**
     * The scene's POST_UPDATE, after the game's `update()` moved things: instances that came into
     * view since the pass are posed now, so none is drawn stale.
     */
    private postUpdate(): void {
        this.catchTimeScaleChanges();
        if (this.options.offscreen === 'lod' || this.scheduler.countIn(Tier.Offscreen) === 0) return;
        this.driver.refresh(this.cameras());
        this.driver.now = this.scheduler.clock;
        this.scheduler.reevaluate(Tier.Offscreen);
    }

    /**
     * `animationState.timeScale` is a plain field, so a game writing it between an instance's
     * updates is not seen when it happens. It is seen here, after the game's update: the instance
     * is given the frames it is owed at the old scale first, as a stock object had them, so the new
     * one counts from the next frame as it does for stock.
     */
    private catchTimeScaleChanges(): void {
        const list = this.live.list;
        for (let i = 0; i < list.length; i++) {
            const instance = list[i];
            const state = instance.go.animationState;
            const scale = state.timeScale;
            if (scale === instance.timeScale) continue;
            state.timeScale = instance.timeScale;
            this.catchUp(instance);
            state.timeScale = instance.timeScale = scale;
            this.wake(instance);
        }
    }

    /**
     * Called by Phaser when the scene shuts down (stop, restart): destroys every pooled instance and
     * removes every listener the plugin added. Pools are rebuilt on demand when the scene starts
     * again; options and hooks are kept. Not for games to call.
     */
    shutdown(): void {
        const events = this.systems!.events;
        events.off(SceneEvents.UPDATE, this.update, this);
        events.off(SceneEvents.POST_UPDATE, this.postUpdate, this);
        events.off(SceneEvents.SHUTDOWN, this.shutdown, this);
        this.scheduler.clear();
        this.live.clear();
        this.releasing = true;
        try {
            for (const pool of this.poolList) {
                for (const instance of pool.free) instance.go.destroy();
                pool.free.length = 0;
            }
        } finally {
            this.releasing = false;
        }
        // Active instances were destroyed with the display list (or are destroyed with their
        // containers); either way their records go with the pools.
        this.pools.clear();
        this.poolList.length = 0;
    }

    /** Called by Phaser when the scene is destroyed: shuts down, then lets go of the scene. Not for games to call. */
    override destroy(): void {
        this.shutdown();
        this.systems!.events.off(SceneEvents.START, this.start, this);
        this.systems!.events.off(SceneEvents.DESTROY, this.destroy, this);
        super.destroy();
    }

    private intervalsFor(options: SpinePoolOptions): number[] {
        const intervals = new Array<number>(TIER_COUNT);
        intervals[Tier.High] = options.highFrequency;
        intervals[Tier.Mid] = options.midFrequency;
        intervals[Tier.Low] = options.lowFrequency;
        // 'events': off-screen instances are updated (events only, no posing) when their next
        // event, completion or track end is due.
        intervals[Tier.Offscreen] = options.offscreen === 'pause' ? 0 : options.offscreen === 'events' ? ON_DEMAND : options.lowFrequency;
        // Inactive objects are frozen: Phaser's UpdateList skips them and no time passes for them.
        intervals[Tier.Inactive] = 0;
        return intervals;
    }

    private poolFor(dataKey: string, atlasKey: string, caller: string): Pool<PooledInstance> {
        const pool = this.pools.get(dataKey)?.get(atlasKey);
        if (pool) return pool;
        this.checkKeys(dataKey, atlasKey, caller);
        const created = new Pool<PooledInstance>(dataKey, atlasKey, this.build);
        let byAtlas = this.pools.get(dataKey);
        if (!byAtlas) this.pools.set(dataKey, (byAtlas = new Map()));
        byAtlas.set(atlasKey, created);
        this.poolList.push(created);
        return created;
    }

    /** Builds a pooled instance through the scene's `spine` factory, then takes it out of the scene. */
    private readonly build = (pool: Pool<PooledInstance>): PooledInstance => {
        const factory = (this.systems!.add as unknown as { spine?: SpineFactory }).spine;
        const go = factory!.call(this.systems!.add, 0, 0, pool.dataKey, pool.atlasKey);
        prepareInstance(go, this.systems!.updateList);
        const instance = new PooledInstance(go, pool, new InstanceHygiene(go, this.internalFns, this.flags), this.flags, this);
        this.instances.set(go, instance);
        pooled.set(go, instance);
        // The pooled behaviour comes from subclasses, not from methods set on the objects.
        Object.setPrototypeOf(go, pooledGameObjectClass(Object.getPrototypeOf(go).constructor).prototype);
        const State = pooledAnimationStateClass(Object.getPrototypeOf(go.animationState).constructor);
        go.animationState = new State(go.animationStateData, instance);
        go.once(GameObjectEvents.DESTROY, this.onInstanceDestroy, this);
        const onCreate = this.hooksOf(pool)?.onCreate;
        if (onCreate) {
            // What onCreate attaches belongs to the pool: kept for every owner, never reported.
            instance.hygiene.building = true;
            try {
                onCreate(go);
            } finally {
                instance.hygiene.building = false;
            }
        }
        instance.hygiene.seal();
        return instance;
    };

    private hooksOf(pool: Pool<PooledInstance>): PoolHooks | undefined {
        return this.hooks.get(pool.dataKey)?.get(pool.atlasKey);
    }

    /** A pooled instance was destroyed from outside (go.destroy(), its container's destroy, scene shutdown). */
    private onInstanceDestroy(go: SpineGameObject): void {
        const instance = this.instances.get(go);
        if (!instance) return;
        this.instances.delete(go);
        const wasActive = instance.active;
        if (wasActive) this.live.remove(instance);
        instance.legacy?.release();
        instance.legacy = null;
        if (instance.entry) this.scheduler.remove(instance.entry);
        instance.entry = null;
        instance.active = false;
        const status = this.systems?.settings.status;
        const closing = this.releasing || status === Phaser.Scenes.SHUTDOWN || status === Phaser.Scenes.DESTROYED;
        if (!this.releasing) instance.pool.forget(instance, wasActive);
        if (this.options.dev && !closing) {
            warn(
                `a pooled instance of '${instance.pool.dataKey}' was destroyed; it has left the pool. ` +
                    'Use this.spinePool.despawn(go) to give it back for reuse.',
            );
        }
        this.hooksOf(instance.pool)?.onDestroy?.(go);
    }

    private checkKeys(dataKey: string, atlasKey: string, caller: string): void {
        const sys = this.systems!;
        if (!(sys.add as unknown as { spine?: unknown }).spine) {
            throw new PoolError(
                `${caller}(): this scene has no 'spine' game object factory. Register spine-phaser's plugin next to this one: ` +
                    `plugins: { scene: [{ key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' }, ...] }.`,
            );
        }
        const cache = sys.cache;
        if (typeof dataKey !== 'string' || !(cache.json.exists(dataKey) || cache.binary.exists(dataKey))) {
            const loaded = [...cache.json.getKeys(), ...cache.binary.getKeys()];
            throw new PoolError(
                `${caller}(): no skeleton data is loaded under dataKey ${JSON.stringify(dataKey)}. ` +
                    `Loaded JSON/binary keys: ${loaded.length ? loaded.join(', ') : '(none)'}. ` +
                    `Load it first with this.load.spineJson(key, url) or this.load.spineBinary(key, url).`,
            );
        }
        if (typeof atlasKey !== 'string' || !cache.text.exists(atlasKey)) {
            const loaded = cache.text.getKeys();
            throw new PoolError(
                `${caller}(): no atlas is loaded under atlasKey ${JSON.stringify(atlasKey)}. ` +
                    `Loaded text/atlas keys: ${loaded.length ? loaded.join(', ') : '(none)'}. ` +
                    `Load it first with this.load.spineAtlas(key, url).`,
            );
        }
    }
}

/** The spawned instances, in an array for a fast per-frame walk (swap removal, no allocation). */
class LiveInstances {
    readonly list: PooledInstance[] = [];

    add(instance: PooledInstance): void {
        instance.liveIndex = this.list.length;
        this.list.push(instance);
    }

    remove(instance: PooledInstance): void {
        const index = instance.liveIndex;
        if (index < 0) return;
        const last = this.list.pop() as PooledInstance;
        if (last !== instance) {
            this.list[index] = last;
            last.liveIndex = index;
        }
        instance.liveIndex = -1;
    }

    clear(): void {
        for (const instance of this.list) instance.liveIndex = -1;
        this.list.length = 0;
    }
}

function describe(value: unknown): string {
    if (value === null || value === undefined) return String(value);
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `this ${type} game object` : `this ${typeof value}`;
}
