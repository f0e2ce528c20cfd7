/**
 * What `this.spinePool` offers a scene: the public methods of {@link SpinePoolPlugin}, with their
 * documentation (the plugin implements this; its own file is the wiring).
 */
import type { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
import type { Detail, PoolHooks, PrewarmOptions, PrewarmResult, SpawnOptions, SpineGameObject, SpinePoolStats, TierName } from './api';
import type { SpinePoolOptions } from './options';

/**
 * The pool's methods, as a scene calls them on `this.spinePool` ({@link SpinePoolPlugin}). Units:
 * Phaser's times are ms, Spine's (and the {@link LegacyAnimation} helper's) seconds; distances world
 * px; the `*Frequency` options frame intervals. Errors are {@link PoolError}s.
 */
export interface SpinePoolApi {
    /**
     * Validates and applies options for this scene (the ones not given keep their values), from
     * the next frame. A scene starts from the game-wide defaults, given once as the `data` of the
     * plugin's entry in the game config (`{ key: 'SpinePoolPlugin', plugin: SpinePoolPlugin,
     * mapping: 'spinePool', data: { offscreen: 'pause' } }`), else the built-in ones; `configure`
     * overrides them in its scene, and what it set is kept over a scene restart.
     * A bad value throws a {@link PoolError} naming the option, the value and the allowed range,
     * and nothing is applied.
     * @param options any of {@link SpinePoolOptions}; distances in world px, frequencies in frames
     * @returns this, for chaining
     * @example
     * ```ts
     * this.spinePool
     *     .configure({ highDetailDistance: 800, midDetailDistance: 1600 })
     *     .configure({ offscreen: 'pause', dev: false });
     * ```
     */
    configure(options: Partial<SpinePoolOptions>): this;

    /**
     * The options in force, defaults included (a copy: changing it changes nothing).
     * @example
     * ```ts
     * const { groupCount, offscreen } = this.spinePool.getOptions(); // 4, 'events' by default
     * ```
     */
    getOptions(): SpinePoolOptions;

    /**
     * A pooled instance of the skeleton `dataKey` with atlas `atlasKey` at (x, y), the arguments of
     * `this.add.spine(x, y, dataKey, atlasKey)`: a free instance reused, else one built. It comes in
     * its setup pose (or the first frame of `options.animation`), visible and active, with nothing
     * of its previous owner, and is updated by the plugin. Its physics body (Arcade or Matter), if
     * it has one, is at (x, y) at rest, and back in its world when `onCreate` left it there, as a
     * new object's new body is; the body's settings stay. A key not loaded, an unknown skin or
     * animation throws a {@link PoolError} naming what there is; then nothing is handed out.
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
    spawn(x: number, y: number, dataKey: string, atlasKey: string, options?: SpawnOptions): SpineGameObject;

    /**
     * Gives `go` back to its pool, where you called `go.destroy()`: its `onDespawn` hook runs, what
     * its owner left on it (Spine, TrackEntry and emitter listeners, running tweens, the scene's
     * cameras following it: stopped where they are) is removed and named in a dev warning, its
     * input is removed, its tracks are cleared without callbacks, its physics body (Arcade or
     * Matter) leaves its world (no collision, overlap or step while it is free); it is hidden,
     * inactive, off the display list. Over `maxFree` free
     * instances it is destroyed instead. `false` (and a dev warning) when `go` is not a spawned
     * instance of this pool: a wrong or repeated call never corrupts it. Do not use `go` afterwards.
     * @param go an instance returned by {@link spawn}
     * @returns `true` if it went back to its pool, `false` if it was not an active pooled instance
     * @example
     * ```ts
     * // Back to the pool when its death ends. The listener is the death entry's: it goes with its
     * // entry, so there is nothing to remove (a listener added to `animationState` would be).
     * enemy.animationState.setAnimation(0, 'die', false).listener = {
     *     complete: () => this.spinePool.despawn(enemy),
     * };
     * ```
     */
    despawn(go: SpineGameObject): boolean;

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
    setHooks(dataKey: string, atlasKey: string, hooks: PoolHooks): this;

    /**
     * Builds `count` free instances of a skeleton now (e.g. behind a loading screen), so later
     * spawns build nothing. A bad key, a count that is not an integer from 0 to 10 000, or one over
     * `maxFree` throws a {@link PoolError}, and nothing is built.
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
     * Builds `count` free instances over the next frames, `options.perFrame` in each (before the
     * game's `update()`), calling `options.onProgress` after each batch, and samples the poses of
     * `options.animations` ahead in the shared pose cache over the same frames. The Promise resolves
     * with a {@link PrewarmResult} when done, or with `cancelled: true` when the scene shuts down
     * first; it rejects with what a build or `onProgress` threw. Bad arguments throw a
     * {@link PoolError} at once.
     * @param dataKey key of the loaded skeleton data
     * @param atlasKey key of the loaded atlas
     * @param count how many free instances to add, an integer from 0 to 10 000
     * @param options `perFrame` (default 8), `onProgress(built, count)`, `animations` (names), `skin`
     * @returns a Promise of what was built; it resolves at once for a count of 0 and no animations
     * @example
     * ```ts
     * const text = this.add.text(400, 300, 'Loading 0%');
     * this.spinePool
     *     .prewarm('goblin', 'goblin-atlas', 300, {
     *         perFrame: 10,
     *         onProgress: (built, count) => text.setText(`Loading ${Math.round((100 * built) / count)}%`),
     *         animations: ['walk', 'attack'], // the first wave's: served from its first frame
     *     })
     *     .then((result) => result.cancelled || this.scene.start('Battle'));
     * ```
     */
    prewarm(dataKey: string, atlasKey: string, count: number, options: PrewarmOptions): Promise<PrewarmResult>;

    /**
     * The Unity-Legacy-style animation helper of `go` (`play`, `crossFade`, `crossFadeQueued`,
     * `blend`, layers), the same object while it is spawned; times in seconds. Throws a
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
    legacy(go: SpineGameObject): LegacyAnimation;

    /**
     * Pins `go` to full detail (`'full'`: updated and posed every frame wherever the cameras are,
     * as a stock object; a followed hero, a boss) or gives it back to the level of detail
     * (`'auto'`), from this frame on. Its pose may still come from the shared pose cache, within
     * its tolerance: spawn it with `poseCache: 'off'` for exact local bone values too. A despawn
     * ends it (a respawn is `'auto'` unless spawned with `detail`). Throws a {@link PoolError} when
     * `go` is not spawned from this pool or `detail` is neither.
     * @param go an active instance returned by {@link spawn}
     * @param detail `'full'` or `'auto'`
     * @returns this, for chaining
     * @example
     * ```ts
     * const hero = this.spinePool.spawn(400, 300, 'hero', 'hero-atlas', { animation: 'idle' });
     * this.cameras.main.startFollow(hero);
     * this.spinePool.setDetail(hero, 'full'); // or spawn it with { detail: 'full' }
     * ```
     */
    setDetail(go: SpineGameObject, detail: Detail): this;

    /**
     * The level-of-detail tier `go` is in now (`'high'`, `'mid'`, `'low'`, `'offscreen'`,
     * `'inactive'`; see {@link TierName}), as the scheduler last evaluated it: at spawn, when it
     * changed detail or activity, and at least once every `groupCount` frames. `null` for anything
     * not spawned from this pool.
     * @param go any game object, or anything at all
     * @example
     * ```ts
     * const colour = { high: 0x3ddc84, mid: 0xffc107, low: 0xff5252 } as const;
     * const tier = this.spinePool.getTier(go);
     * if (tier === 'high' || tier === 'mid' || tier === 'low') marker.setFillStyle(colour[tier]);
     * ```
     */
    getTier(go: SpineGameObject): TierName | null;

    /**
     * Whether `go` is currently spawned from this pool (`false` after `despawn`, `destroy`, or for
     * objects made with `this.add.spine`).
     * @param go any game object, or anything at all
     * @example
     * ```ts
     * if (this.spinePool.isActive(target)) this.spinePool.legacy(target).play('hit');
     * ```
     */
    isActive(go: SpineGameObject): boolean;

    /**
     * The spawned instances of the pools the keys select (an omitted key matches any), in no
     * particular order: a snapshot, safe to despawn from. `out` is refilled instead of allocating.
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
    getActive(dataKey?: string, atlasKey?: string, out?: SpineGameObject[]): SpineGameObject[];

    /**
     * Despawns every spawned instance of the pools the keys select (an omitted key matches any),
     * each as {@link despawn} does; an `onDespawn` hook's error is rethrown once all are back.
     * @param dataKey only instances of this skeleton data key
     * @param atlasKey only instances of this atlas key
     * @returns how many were despawned
     * @example
     * ```ts
     * this.spinePool.despawnAll('goblin', 'goblin-atlas'); // the wave is over
     * this.spinePool.despawnAll(); // every skeleton, before the next level
     * ```
     */
    despawnAll(dataKey?: string, atlasKey?: string): number;

    /**
     * Destroys free instances until each pool the keys select (an omitted key matches any) keeps
     * at most `keep`, e.g. after a level (`onDestroy` hooks run; spawned ones are not touched).
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
    trim(dataKey?: string, atlasKey?: string, keep?: number): number;

    /**
     * Counters of the pools, the scheduler and the pose cache; `out`, a previous result, is refilled
     * instead of allocating (for a per-frame HUD).
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
    stats(out?: SpinePoolStats): SpinePoolStats;
}
