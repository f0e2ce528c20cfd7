import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { callSite, type CallSite } from '../src/callSite';
import { PoolError, warn } from '../src/errors';
import { defaultOptions, resolveOptions, type Settings, type SpinePoolOptions } from '../src/options';
import { Tier } from '../src/Tier';
import { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
import type { SpineAnimationState } from '../spine/legacy/spineState';
import { OFFSCREEN } from '../spine/offscreen';
import type { PoolHooks, SpawnOptions, SpinePoolStats } from './api';
import { InstanceSchedule } from './InstanceSchedule';
import { LeakReport } from './LeakReport';
import { forgetPooled } from './PooledGameObject';
import type { PooledInstance } from './PooledInstance';
import { PoolRegistry } from './PoolRegistry';
import { dressForSpawn, PendingResets, poseFirstFrame, resetPose, retireInstance, settleAtSpawn } from './Recycler';
import { findSpinePlugin, runtimeMismatch, spineRuntimeOf } from './runtimeCheck';

const SceneEvents = Phaser.Scenes.Events;

/** Despawned instances put back in their setup pose per frame (each about one pose's work). */
const RESETS_PER_FRAME = 8;

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
    /** The options in force, read by every part. */
    private readonly settings: Settings = { options: defaultOptions() };
    private readonly schedule: InstanceSchedule;
    private readonly registry: PoolRegistry;
    private readonly leaks = new LeakReport();
    /** Despawned instances waiting for their setup pose, a few per frame. */
    private readonly resets = new PendingResets();
    /** Set while the plugin itself destroys instances, so its destroy hook stays quiet. */
    private releasing = false;
    /** Set when its scene is destroyed (the game's or the scene's destroy): nothing can be spawned any more. */
    private gone = false;

    /**
     * Called by Phaser's plugin manager for each scene (register the class in the game config's
     * `plugins.scene`; do not construct it yourself).
     * @param scene the scene the plugin belongs to
     * @param pluginManager the game's plugin manager
     * @param pluginKey the key the plugin was registered under
     */
    constructor(scene: Phaser.Scene, pluginManager: Phaser.Plugins.PluginManager, pluginKey: string) {
        super(scene, pluginManager, pluginKey);
        this.schedule = new InstanceSchedule(this.settings, scene.sys.cameras);
        this.registry = new PoolRegistry(scene.sys, this.settings, this.schedule, (instance) => this.destroyed(instance));
        scene.sys.events.on(SceneEvents.START, this.start, this);
    }

    /**
     * Called once by Phaser when the scene boots; not for games to call. Throws a {@link PoolError}
     * when the scene's Spine runtime is not built for this Phaser (see plugin/runtimeCheck.ts).
     */
    override boot(): void {
        const systems = this.systems!;
        systems.events.once(SceneEvents.DESTROY, this.destroy, this);
        const spine = findSpinePlugin(systems);
        const mismatch = spine && runtimeMismatch(Phaser.VERSION, spineRuntimeOf(spine, (systems as unknown as { load?: object }).load ?? null));
        if (mismatch) throw new PoolError(mismatch);
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
        this.settings.options = resolveOptions(this.settings.options, options, 'configure()');
        this.schedule.applySettings();
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
        return { ...this.settings.options };
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
        if (this.gone) throw this.goneError('spawn');
        const dev = this.settings.options.dev;
        const pool = this.registry.poolFor(dataKey, atlasKey, 'spawn');
        const instance = pool.obtain();
        instance.stale = false;
        // A reference kept past despawn was used (reported then, in dev mode): undo what it did.
        // (A fresh instance keeps what onCreate did; one despawned before is clean unless touched since.)
        if (instance.usedStale || (instance.generation > 0 && instance.hygiene.touched())) {
            this.leaks.clean(instance, this.systems, false);
            retireInstance(instance);
        }
        instance.usedStale = false;
        instance.despawnSite = null;
        if (instance.posePending) resetPose(instance); // despawned too recently to be reset yet
        const go = instance.go;
        const state = go.animationState as unknown as { creatingSite: CallSite | null };
        // The spawn animation's TrackEntry was made by the game's spawn() call: name that line.
        if (dev && options?.animation !== undefined) state.creatingSite = callSite(2);
        try {
            dressForSpawn(go, x, y, options, dev);
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
        instance.poseCacheMode = options?.poseCache ?? null;
        instance.active = true;
        const tier = this.schedule.add(instance);
        // Off screen (in a mode that watches for it), the first frame is posed when it comes into view.
        const offscreen = tier === Tier.Offscreen && OFFSCREEN[this.settings.options.offscreen].watches;
        if (!offscreen && options?.animation !== undefined && (this.schedule.poseFromCache(instance) || poseFirstFrame(go, options))) {
            this.schedule.posed(instance);
        }
        const onSpawn = this.registry.hooksOf(pool)?.onSpawn;
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
        const instance = this.registry.instanceOf(go);
        if (!instance || !instance.active) {
            if (this.settings.options.dev) {
                warn(
                    instance
                        ? `despawn(): this instance of '${instance.pool.key.dataKey}' is already despawned; the call was ignored.`
                        : `despawn(): ${describe(go)} was not spawned by this scene's spinePool; the call was ignored. Destroy objects made with this.add.spine() with destroy().`,
                );
            }
            return false;
        }
        instance.active = false;
        this.schedule.remove(instance);
        let failure: unknown = null;
        try {
            this.registry.hooksOf(instance.pool)?.onDespawn?.(go);
        } catch (error) {
            failure = error; // the instance still goes back to the pool, then the error is reported
        }
        if (instance.legacy) {
            instance.legacy.release();
            instance.legacy = null;
        }
        this.leaks.clean(instance, this.systems, this.settings.options.dev);
        retireInstance(instance);
        this.resets.add(instance);
        instance.pool.release(instance);
        // From now on a game call on it is a use after despawn (dev mode: reported naming this line).
        instance.stale = true;
        if (this.settings.options.dev) instance.despawnSite = callSite(2);
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
        this.registry.setHooks(dataKey, atlasKey, hooks);
        return this;
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
        if (this.gone) throw this.goneError('prewarm');
        this.registry.poolFor(dataKey, atlasKey, 'prewarm').prewarm(count);
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
        const instance = this.registry.instanceOf(go);
        if (!instance || !instance.active) {
            throw new PoolError(`legacy(go): ${instance ? 'this instance is despawned' : `${describe(go)} was not spawned by this scene's spinePool`}; spawn it with this.spinePool.spawn() first.`);
        }
        if (!instance.legacy) {
            const schedule = this.schedule;
            instance.legacy = new LegacyAnimation(go.animationState as unknown as SpineAnimationState, {
                catchUp: () => schedule.settle(instance, false),
                listen: (listener) => instance.hygiene.addInternalListener(listener),
                changed: () => schedule.wake(instance),
                source: 'this.spinePool.legacy(go)',
            });
        }
        return instance.legacy;
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
        const instance = this.registry.instanceOf(go);
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
            poseCache: { clips: 0, samples: 0, bytes: 0, hitRate: 0, hits: 0, misses: 0 },
            pools: [],
        };
        this.registry.fillStats(result);
        const schedule = this.schedule;
        result.updatedLastFrame = schedule.updatedLastFrame;
        result.tiers.high = schedule.countIn(Tier.High);
        result.tiers.mid = schedule.countIn(Tier.Mid);
        result.tiers.low = schedule.countIn(Tier.Low);
        result.tiers.offscreen = schedule.countIn(Tier.Offscreen);
        result.leaksCleared = this.leaks.cleared;
        const cache = schedule.poseCache;
        const poses = cache.hitsLastFrame + cache.missesLastFrame;
        const stats = result.poseCache;
        stats.clips = cache.clips;
        stats.samples = cache.samples;
        stats.bytes = cache.bytes;
        stats.hitRate = poses > 0 ? cache.hitsLastFrame / poses : 0;
        stats.hits = cache.hits;
        stats.misses = cache.misses;
        return result;
    }

    /** The scene's UPDATE: one scheduler pass. */
    private update(_time: number, delta: number): void {
        this.schedule.update(delta);
        this.leaks.frame(delta);
    }

    /**
     * The scene's POST_UPDATE, after the game's `update()` moved things: instances that came into
     * view since the pass are posed now, so none is drawn stale.
     */
    private postUpdate(): void {
        this.schedule.postUpdate();
        this.resets.run(RESETS_PER_FRAME);
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
        this.schedule.clear();
        this.resets.clear();
        this.leaks.flush();
        this.releasing = true;
        try {
            for (const pool of this.registry.list) {
                for (const instance of pool.free) instance.go.destroy();
                pool.free.length = 0;
            }
        } finally {
            this.releasing = false;
        }
        // Active instances were destroyed with the display list (or are destroyed with their
        // containers); either way their records go with the pools.
        this.registry.clear();
    }

    /** Called by Phaser when the scene is destroyed: shuts down, then lets go of the scene. Not for games to call. */
    override destroy(): void {
        this.gone = true;
        this.shutdown();
        this.systems!.events.off(SceneEvents.START, this.start, this);
        this.systems!.events.off(SceneEvents.DESTROY, this.destroy, this);
        super.destroy();
    }

    /** The error of a call made once the scene is destroyed. */
    private goneError(caller: string): PoolError {
        return new PoolError(
            `${caller}(): this spinePool's scene was destroyed (game.destroy() or this.scene.remove()), so nothing can be spawned from it. ` +
                'A timer, promise or DOM listener outlived the game: end it in the scene\'s shutdown, or spawn from a running scene.',
        );
    }

    /** A pooled instance was destroyed from outside (go.destroy(), its container's destroy, scene shutdown). */
    private destroyed(instance: PooledInstance): void {
        forgetPooled(instance);
        instance.destroyed = true;
        const wasActive = instance.active;
        instance.legacy?.release();
        instance.legacy = null;
        this.schedule.remove(instance);
        instance.active = false;
        const status = this.systems?.settings.status;
        const closing = this.releasing || status === Phaser.Scenes.SHUTDOWN || status === Phaser.Scenes.DESTROYED;
        if (!this.releasing) instance.pool.forget(instance, wasActive);
        if (this.settings.options.dev && !closing) {
            warn(
                `a pooled instance of '${instance.pool.key.dataKey}' was destroyed; it has left the pool. ` +
                    'Use this.spinePool.despawn(go) to give it back for reuse.',
            );
        }
        this.registry.hooksOf(instance.pool)?.onDestroy?.(instance.go);
    }
}

function describe(value: unknown): string {
    if (value === null || value === undefined) return String(value);
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `this ${type} game object` : `this ${typeof value}`;
}
