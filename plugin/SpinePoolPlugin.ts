import * as Phaser from 'phaser';
import { callSite, type CallSite } from '../src/callSite';
import { PoolError, warn } from '../src/errors';
import { defaultOptions, resolveOptions, type Settings, type SpinePoolOptions } from '../src/options';
import { Tier } from '../src/Tier';
import { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
import type { SpineAnimationState } from '../spine/legacy/spineState';
import { OFFSCREEN } from '../spine/offscreen';
import type { Pool } from '../src/Pool';
import type { PoolHooks, PrewarmOptions, PrewarmResult, SpawnOptions, SpineGameObject, SpinePoolStats } from './api';
import { InstanceSchedule } from './InstanceSchedule';
import { LeakReport } from './LeakReport';
import { forgetPooled } from './PooledGameObject';
import type { PooledInstance, PoolKey } from './PooledInstance';
import { PoolRegistry } from './PoolRegistry';
import { displayTouched, dressForSpawn, PendingResets, poseFirstFrame, refuseBoundsProvider, resetPose, retireInstance, settleAtSpawn } from './Recycler';
import { findSpinePlugin, runtimeMismatch, spineRuntimeOf } from './runtimeCheck';

const SceneEvents = Phaser.Scenes.Events;

/** Despawned instances put back in their setup pose per frame (each about one pose's work). */
const RESETS_PER_FRAME = 8;
/** Most instances one `prewarm` call builds: each is a whole skeleton and game object kept in memory. */
const PREWARM_LIMIT = 10_000;
/** Instances a spread `prewarm` builds per frame unless told (`PrewarmOptions.perFrame`). */
const PREWARM_PER_FRAME = 8;
const PREWARM_PER_FRAME_MAX = 1000;

/** A `prewarm` spread over frames, advanced in the scene's update. */
interface PrewarmTask {
    pool: Pool<PooledInstance, PoolKey>;
    count: number;
    built: number;
    perFrame: number;
    onProgress: PrewarmOptions['onProgress'];
    resolve(result: PrewarmResult): void;
    reject(error: unknown): void;
}

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
    /** Prewarms spread over frames, in the order they were asked for. */
    private readonly prewarms: PrewarmTask[] = [];
    /** Instances the plugin destroyed itself (over `maxFree`, trimmed), to name that when one is given back again. */
    private readonly letGo = new WeakMap<object, string>();
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
        const maxFree = this.settings.options.maxFree;
        this.settings.options = resolveOptions(this.settings.options, options, 'configure()');
        this.schedule.applySettings();
        if (this.settings.options.maxFree < maxFree) this.trim(undefined, undefined, this.settings.options.maxFree);
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
     * @param options parent, animation, loop, track, skin, depth, scale, poseCache; see {@link SpawnOptions}
     * (not `this.add.spine`'s bounds provider: that throws, naming the fix)
     * @returns the instance: a `SpineGameObject` of the scene's Spine runtime (see {@link SpineGameObject}), to give back with {@link despawn}
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
        refuseBoundsProvider(options);
        const dev = this.settings.options.dev;
        const pool = this.registry.poolFor(dataKey, atlasKey, 'spawn');
        const instance = pool.obtain();
        const despawnSite = instance.despawnSite;
        instance.stale = false;
        // A reference kept past despawn was used (reported then, in dev mode): undo what it did.
        // (A fresh instance keeps what onCreate did; one despawned before is clean unless touched since.)
        if (instance.usedStale || (instance.generation > 0 && (instance.hygiene.touched() || displayTouched(instance.go)))) {
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
            // A bad skin or animation name: nothing is handed out, and a reference kept from its
            // last owner is still one to report.
            instance.stale = true;
            instance.despawnSite = despawnSite;
            pool.release(instance);
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
     * added), then clears its tracks without firing their callbacks. When its pool already keeps
     * `maxFree` free instances, it is then destroyed instead of kept (its `onDestroy` hook runs).
     * Call it where you called `go.destroy()`; do not use `go` afterwards.
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
                        : this.letGo.has(go)
                          ? `despawn(): this instance of '${this.letGo.get(go)}' was despawned already, and then destroyed by the pool (over maxFree, or by trim()); the call was ignored. Keep no reference after despawn.`
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
        const pool = instance.pool;
        if (pool.free.length < this.settings.options.maxFree) {
            this.resets.add(instance);
            pool.release(instance);
            // From now on a game call on it is a use after despawn (dev mode: reported naming this line).
            instance.stale = true;
            if (this.settings.options.dev) instance.despawnSite = callSite(2);
        } else {
            pool.discard(instance); // the pool holds maxFree free ones already: this one leaves it
            this.destroyQuietly(instance);
        }
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
     * later spawns build nothing: all of them now, or, given `options`, `perFrame` of them in each
     * of the next frames (see {@link PrewarmOptions}). A bad key, a count that is not an integer
     * from 0 to 10 000, or one that would put the pool's free instances over `maxFree` throws a
     * {@link PoolError}, and nothing is built.
     * @param dataKey key of the loaded skeleton data
     * @param atlasKey key of the loaded atlas
     * @param count how many free instances to add, an integer from 0 to 10 000
     * @example
     * ```ts
     * create() {
     *     this.spinePool.prewarm('goblin', 'goblin-atlas', 200); // the first wave spawns for free
     * }
     * ```
     */
    prewarm(dataKey: string, atlasKey: string, count: number): void;
    /**
     * Builds `count` free instances over the next frames, `options.perFrame` in each (in the
     * scene's update, before the game's `update()`), calling `options.onProgress` after each
     * batch: a loading screen stays responsive. The Promise resolves with a {@link PrewarmResult}
     * once they are built, or early, with `cancelled: true`, when the scene shuts down first
     * (stop, restart, destroy); it rejects with what a build threw (a {@link PoolError} naming both keys
     * when the data and the atlas do not belong together) or with an exception thrown by `onProgress`.
     * A paused or sleeping scene makes no progress. Bad arguments throw a {@link PoolError} at once.
     * @param dataKey key of the loaded skeleton data
     * @param atlasKey key of the loaded atlas
     * @param count how many free instances to add, an integer from 0 to 10 000
     * @param options `perFrame` (default 8), `onProgress(built, count)`
     * @returns a Promise of what was built; it resolves at once for a count of 0
     * @example
     * ```ts
     * const text = this.add.text(400, 300, 'Loading 0%');
     * this.spinePool
     *     .prewarm('goblin', 'goblin-atlas', 300, { perFrame: 10, onProgress: (built, count) => text.setText(`Loading ${Math.round((100 * built) / count)}%`) })
     *     .then((result) => result.cancelled || this.scene.start('Battle'));
     * ```
     */
    prewarm(dataKey: string, atlasKey: string, count: number, options: PrewarmOptions): Promise<PrewarmResult>;
    prewarm(dataKey: string, atlasKey: string, count: number, options?: PrewarmOptions): void | Promise<PrewarmResult> {
        if (!Number.isInteger(count) || count < 0) {
            throw new PoolError(`prewarm(dataKey, atlasKey, count): count must be an integer >= 0; got ${count}.`);
        }
        if (this.gone) throw this.goneError('prewarm');
        if (count > PREWARM_LIMIT) {
            throw new PoolError(
                `prewarm(dataKey, atlasKey, count): count ${count} is over the limit of ${PREWARM_LIMIT} instances per call ` +
                    '(each is a whole skeleton and game object kept in memory). Prewarm about what the scene shows at once; for more, call prewarm again.',
            );
        }
        let perFrame = PREWARM_PER_FRAME;
        if (options !== undefined) {
            if (typeof options !== 'object' || options === null) {
                throw new PoolError(`prewarm(dataKey, atlasKey, count, options): options must be an object ({ perFrame, onProgress }); got ${options}.`);
            }
            if (options.perFrame !== undefined) {
                perFrame = options.perFrame;
                if (!Number.isInteger(perFrame) || perFrame < 1 || perFrame > PREWARM_PER_FRAME_MAX) {
                    throw new PoolError(`prewarm(): perFrame must be an integer from 1 to ${PREWARM_PER_FRAME_MAX} (instances built per frame); got ${perFrame}.`);
                }
            }
            if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
                throw new PoolError(`prewarm(): onProgress must be a function (built, count) => void; got ${typeof options.onProgress}.`);
            }
        }
        const pool = this.registry.poolFor(dataKey, atlasKey, 'prewarm');
        const maxFree = this.settings.options.maxFree;
        if (pool.free.length + count > maxFree) {
            throw new PoolError(
                `prewarm(): ${count} more free instances of '${pool.key.dataKey}' would make ${pool.free.length + count}, over maxFree ${maxFree} ` +
                    `(free instances kept per pool). Prewarm at most ${Math.max(0, maxFree - pool.free.length)}, or raise the cap: configure({ maxFree: ${pool.free.length + count} }).`,
            );
        }
        if (options === undefined) {
            pool.prewarm(count);
            return;
        }
        if (count === 0) return Promise.resolve({ built: 0, count: 0, cancelled: false });
        const onProgress = options.onProgress;
        return new Promise<PrewarmResult>((resolve, reject) => {
            this.prewarms.push({ pool, count, built: 0, perFrame, onProgress, resolve, reject });
        });
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
     * The spawned instances, of every pool or of the pools the keys select (an omitted key matches
     * any), in no particular order: a snapshot, so despawning while going through it is safe. Pass
     * an array as `out` to have it emptied and refilled instead of allocating one (per frame, as
     * Phaser's `Group.getChildren` would be used).
     * @param dataKey only instances of this skeleton data key
     * @param atlasKey only instances of this atlas key
     * @param out an array to refill
     * @returns `out`, or a new array when it is not given
     * @example
     * ```ts
     * private goblins: SpineGameObject[] = [];
     * update() {
     *     for (const go of this.spinePool.getActive('goblin', 'goblin-atlas', this.goblins)) go.x -= 1;
     * }
     * ```
     */
    getActive(dataKey?: string, atlasKey?: string, out: SpineGameObject[] = []): SpineGameObject[] {
        this.registry.checkSelection(dataKey, atlasKey, 'getActive');
        const spawned = this.schedule.spawned;
        out.length = 0;
        for (let i = 0; i < spawned.length; i++) {
            const key = spawned[i].pool.key;
            if (selects(key, dataKey, atlasKey)) {
                out.push(spawned[i].go);
            }
        }
        return out;
    }

    /**
     * Despawns every spawned instance, of every pool or of the pools the keys select (an omitted
     * key matches any), each as {@link despawn} does (hooks, leftovers, `maxFree`). Like Phaser's
     * `Group.clear` for a level's end, but the instances stay pooled. An error thrown by an
     * `onDespawn` hook is rethrown after all of them are back.
     * @param dataKey only instances of this skeleton data key
     * @param atlasKey only instances of this atlas key
     * @returns how many were despawned
     * @example
     * ```ts
     * this.spinePool.despawnAll('goblin', 'goblin-atlas'); // the wave is over
     * this.spinePool.despawnAll(); // every skeleton, before the next level
     * ```
     */
    despawnAll(dataKey?: string, atlasKey?: string): number {
        const list = this.getActive(dataKey, atlasKey);
        let count = 0;
        let failure: unknown = null;
        let failed = false;
        for (let i = 0; i < list.length; i++) {
            const go = list[i];
            if (!this.isActive(go)) continue; // despawned meanwhile, by a hook
            count++;
            try {
                this.despawn(go);
            } catch (error) {
                if (!failed) {
                    failed = true;
                    failure = error;
                }
            }
        }
        if (failed) throw failure;
        return count;
    }

    /**
     * Destroys free instances until each selected pool (every pool, or those the keys select; an
     * omitted key matches any) keeps at most `keep`, e.g. to give memory back after a level. Their
     * `onDestroy` hooks run; spawned instances are not touched. The `maxFree` option keeps the cap
     * for good; `trim` is once.
     * @param dataKey only pools of this skeleton data key
     * @param atlasKey only pools of this atlas key
     * @param keep free instances left in each selected pool, an integer >= 0
     * @returns how many were destroyed
     * @example
     * ```ts
     * this.spinePool.trim('boss', 'boss-atlas'); // the boss fight is over: no free boss kept
     * this.spinePool.trim(undefined, undefined, 20); // at most 20 free of every skeleton
     * ```
     */
    trim(dataKey?: string, atlasKey?: string, keep = 0): number {
        if (!Number.isInteger(keep) || keep < 0) {
            throw new PoolError(`trim(dataKey?, atlasKey?, keep?): keep must be an integer >= 0 (free instances left per pool); got ${keep}.`);
        }
        this.registry.checkSelection(dataKey, atlasKey, 'trim');
        const pools = this.registry.list;
        let destroyed = 0;
        for (let i = 0; i < pools.length; i++) {
            const pool = pools[i];
            if (!selects(pool.key, dataKey, atlasKey)) continue;
            while (pool.free.length > keep) {
                this.destroyQuietly(pool.free.pop() as PooledInstance);
                destroyed++;
            }
        }
        return destroyed;
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
        if (this.prewarms.length !== 0) this.advancePrewarms();
        this.schedule.update(delta);
        this.leaks.frame(delta);
    }

    /** Builds this frame's batch of every spread prewarm; finished ones resolve. */
    private advancePrewarms(): void {
        const tasks = this.prewarms;
        const maxFree = this.settings.options.maxFree;
        for (let i = 0; i < tasks.length; ) {
            const task = tasks[i];
            const room = maxFree - task.pool.free.length;
            const batch = Math.min(task.perFrame, task.count - task.built, room);
            if (batch > 0) {
                try {
                    this.registry.nameCaller('prewarm');
                    task.pool.prewarm(batch);
                } catch (error) {
                    // A build failed (data and atlas that do not belong together, a throwing onCreate):
                    // the Promise says so, the frame goes on.
                    tasks.splice(i, 1);
                    task.reject(error);
                    continue;
                }
                task.built += batch;
                try {
                    task.onProgress?.(task.built, task.count);
                } catch (error) {
                    if (tasks[i] === task) tasks.splice(i, 1);
                    task.reject(error);
                    continue;
                }
                if (tasks[i] !== task) return; // onProgress shut the scene down: every task is settled
            }
            // Done, or the pool holds maxFree free instances: more would be destroyed by the next despawn.
            if (task.built >= task.count || batch >= room) {
                tasks.splice(i, 1);
                task.resolve({ built: task.built, count: task.count, cancelled: false });
            } else {
                i++;
            }
        }
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
        const tasks = this.prewarms;
        for (let i = 0; i < tasks.length; i++) tasks[i].resolve({ built: tasks[i].built, count: tasks[i].count, cancelled: true });
        tasks.length = 0;
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

    /**
     * Destroys an instance the plugin lets go of (over `maxFree`, trimmed), already out of its
     * pool's counts: `go.destroy()` takes it off everything (see `destroyed`), quietly.
     */
    private destroyQuietly(instance: PooledInstance): void {
        if (this.settings.options.dev) this.letGo.set(instance.go, instance.pool.key.dataKey);
        const releasing = this.releasing;
        this.releasing = true;
        try {
            instance.go.destroy();
        } finally {
            this.releasing = releasing;
        }
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
        // Whatever the onDestroy hook calls on it is the pool's business, not a use after despawn.
        instance.stale = false;
        if (this.settings.options.dev && !closing) {
            warn(
                `a pooled instance of '${instance.pool.key.dataKey}' was destroyed; it has left the pool. ` +
                    'Use this.spinePool.despawn(go) to give it back for reuse.',
            );
        }
        this.registry.hooksOf(instance.pool)?.onDestroy?.(instance.go);
    }
}

/** Whether the pool of `key` is one of those the optional keys select (an omitted key selects all). */
function selects(key: PoolKey, dataKey: string | undefined, atlasKey: string | undefined): boolean {
    return (dataKey === undefined || key.dataKey === dataKey) && (atlasKey === undefined || key.atlasKey === atlasKey);
}

function describe(value: unknown): string {
    if (value === null || value === undefined) return String(value);
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `this ${type} game object` : `this ${typeof value}`;
}
