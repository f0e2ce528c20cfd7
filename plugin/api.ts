/**
 * The public types of the plugin's API (what `spawn`, `setHooks` and `stats` take and give).
 */
import type * as Phaser from 'phaser';
import type { PoseCacheMode } from '../src/options';
import type { NotServedCounts } from '../spine/core/notServed';
import type { DrawnCounts, MissedCounts } from './draw/paths';

/**
 * The `SpineGameObject` class of the Spine runtime your program uses, whichever it is
 * (`@esotericsoftware/spine-phaser`, `-v3` or `-v4`): what `this.add.spine(...)` returns, read
 * from the runtime's own typing of `this.add.spine`, which importing the runtime anywhere in the
 * program brings in (registering its `SpinePlugin` does). {@link SpinePoolPlugin.spawn} returns
 * one; `despawn`, `legacy`, `isActive` and the {@link PoolHooks} take one. So the package's
 * declarations import no Spine package: they type-check (also with `skipLibCheck: false`) next to
 * any of the three. In a program that imports no Spine runtime it is Phaser's `GameObject`.
 *
 * @example
 * ```ts
 * import type { SpineGameObject } from 'phaser-spine-pool';
 * const heroes: SpineGameObject[] = [this.spinePool.spawn(100, 300, 'hero', 'hero-atlas')];
 * ```
 */
export type SpineGameObject = Phaser.GameObjects.GameObjectFactory extends {
    /** `this.add.spine`, as the Spine runtime's declarations add it to Phaser's factory. */
    spine(...args: never[]): infer G;
}
    ? G
    : Phaser.GameObjects.GameObject;

/**
 * The installed Spine runtime's `Skin` class, read from its typing of the game object's skeleton
 * (as {@link SpineGameObject} is); `never` in a program that imports no Spine runtime.
 */
export type SpineSkin = SpineGameObject extends {
    /** The game object's skeleton. */
    skeleton: {
        /** The skin it wears (null: the default skin). */
        skin: infer S;
    };
}
    ? NonNullable<S>
    : never;

/**
 * Whether an instance's level of detail is chosen for it (`'auto'`: distance, screen size, in or
 * out of view) or pinned to full detail (`'full'`: updated and posed every frame, as a stock
 * object). See {@link SpinePoolPlugin.setDetail}.
 */
export type Detail = 'auto' | 'full';

/** The detail values, for validation and messages. */
export const DETAILS: readonly Detail[] = ['auto', 'full'];

/**
 * The level-of-detail tier an instance is in, as {@link SpinePoolPlugin.getTier} reports it:
 * `'high'`, `'mid'`, `'low'` update it every `highFrequency`, `midFrequency`, `lowFrequency`
 * frames; `'offscreen'` gets what the `offscreen` option says; `'inactive'` is one the game set
 * inactive (`go.setActive(false)`), which nothing updates, as Phaser's UpdateList.
 */
export type TierName = 'high' | 'mid' | 'low' | 'offscreen' | 'inactive';

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
    /**
     * The skin: a name; a list of names combined as mix-and-match rigs combine them (`new Skin()` +
     * `addSkin` each, made once per combination and shared); or a `Skin` the game built. An unknown
     * name throws, naming the skeleton's skins. The instance's size and hit area (`setInteractive()`)
     * are those of this skin's setup pose, where a new `this.add.spine` object measures its default
     * skin (0×0 on a rig whose default skin is empty). A despawn puts the default skin back.
     * @default the skeleton's default skin
     */
    skin?: string | readonly string[] | SpineSkin;
    /** Display depth. @default 0 */
    depth?: number;
    /**
     * Scale, applied like `go.setScale(scale)` (a number for both axes, or `{ x, y }`; negative
     * flips). A respawn without it is at scale 1: no owner's scale reaches the next.
     * @default 1
     */
    scale?:
        | number
        | {
              /** Horizontal scale (`scaleX`). */
              x: number;
              /** Vertical scale (`scaleY`). */
              y: number;
          };
    /**
     * This instance's pose cache mode, overriding the `poseCache` option for as long as it is
     * spawned (e.g. `'off'` for one whose bones the game moves by code). @default the option's
     */
    poseCache?: PoseCacheMode;
    /**
     * `'full'` keeps this instance at full detail wherever the cameras are (a followed hero, a
     * boss): updated and posed every frame, as a stock object is. `'auto'` lets the level of detail
     * decide. Change it later with {@link SpinePoolPlugin.setDetail}; a respawn without it is `'auto'`.
     * @default 'auto'
     */
    detail?: Detail;
    /**
     * Not an option. `this.add.spine(x, y, dataKey, atlasKey, boundsProvider)` takes a bounds
     * provider fifth; `spawn` takes these options there, and this field makes passing a provider a
     * type error that says so (at run time, a {@link PoolError}). A pool's instances are built
     * once and reused, so give them their provider when they are built, in an `onCreate` hook:
     * `setHooks(dataKey, atlasKey, { onCreate: (go) => { go.boundsProvider = provider; go.updateSize(); } })`.
     */
    calculateBounds?: 'spawn() takes SpawnOptions as its 5th argument, not a bounds provider: set go.boundsProvider in an onCreate hook (see setHooks)';
}

/**
 * Options of {@link SpinePoolPlugin.prewarm} when it builds over several frames (behind a loading
 * screen), giving a Promise of a {@link PrewarmResult}.
 *
 * @example
 * ```ts
 * const bar = this.add.rectangle(100, 300, 0, 20, 0x33cc66).setOrigin(0, 0.5);
 * const result = await this.spinePool.prewarm('goblin', 'goblin-atlas', 300, {
 *     perFrame: 10,
 *     onProgress: (built, count) => bar.setSize(600 * (built / count), 20),
 * });
 * if (!result.cancelled) this.scene.start('Battle');
 * ```
 */
export interface PrewarmOptions {
    /** Instances built per frame, an integer from 1 to 1000 (each is about one `this.add.spine`). @default 8 */
    perFrame?: number;
    /**
     * Called after each frame's batch, in the scene's update before the game's `update()`.
     * An exception thrown here ends the prewarm and rejects its Promise with it.
     * @param built instances built so far by this call
     * @param count instances asked for (`built / count` is the progress, 0..1)
     */
    onProgress?(built: number, count: number): void;
    /**
     * Animations whose poses the shared pose cache samples ahead, over the same frames, so the
     * first instances that play them (a wave) are served from their first frame instead of posed
     * in full while the samples are built a few a frame. Names of the skeleton's animations; each
     * is sampled whole (every sample any time of it needs), about 4 poses a frame per instance of
     * `perFrame`. Used by instances that share poses (`poseCache: 'shared'`, the default). An
     * animation whose poses the cache cannot keep (a rig with physics, the memory of
     * `poseCacheMemory` spent) is skipped, with a warning in dev mode; `sampled` counts the others.
     */
    animations?: readonly string[];
    /**
     * The skin the `animations` are sampled with, as `spawn`'s `skin` (samples are per skin): a
     * name, or a list of names combined. Default: none, as a spawn without `skin`.
     */
    skin?: string | readonly string[];
    /**
     * Samples the `animations` turned around too (the skeleton's `scaleX` negated, as
     * `go.skeleton.scaleX = -1` turns a character to face left): a crowd that faces both ways is
     * then served from the first frame either way. Twice the samples' memory. @default false
     */
    mirrored?: boolean;
}

/**
 * What the Promise of a spread {@link SpinePoolPlugin.prewarm} resolves with: when every instance
 * is built (or the pool reached `maxFree`) and every animation asked for is sampled (or skipped),
 * or when the scene shut down first (`cancelled`; the
 * instances built so far were destroyed with the scene). It never rejects for a shutdown; it
 * rejects with what a build threw (a PoolError for data and an atlas that do not belong together).
 *
 * @example
 * ```ts
 * const { built, count, cancelled } = await this.spinePool.prewarm('goblin', 'goblin-atlas', 300, {});
 * if (cancelled) return; // the scene was stopped meanwhile: do not go on with it
 * console.log(`${built} of ${count} goblins ready`);
 * ```
 */
export interface PrewarmResult {
    /** Instances built by this call (less than `count` if cancelled, or if the pool reached `maxFree`). */
    built: number;
    /** Instances asked for. */
    count: number;
    /** Of `options.animations`, those sampled in full (each facing asked for; 0 when none were asked for). */
    sampled: number;
    /** `true` when the scene shut down (stopped, restarted, destroyed) before it was done. */
    cancelled: boolean;
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
     * owner and are never reported as leaks. The place to give it a physics body
     * (`this.physics.add.existing(go)`, `this.matter.add.gameObject(go, ...)`): a body left in its
     * world here is out of it while the instance is free and back in it at every spawn.
     */
    onCreate?(go: SpineGameObject): void;
    /**
     * The instance was reset, placed and posed, its physics body at the spawn point at rest (and
     * back in its world if `onCreate` left it there); `spawn` returns it next.
     */
    onSpawn?(go: SpineGameObject): void;
    /**
     * `despawn` was called. Runs first, while the instance still has its listeners, tracks and
     * place: remove your own listeners here and they are not reported as leaks.
     */
    onDespawn?(go: SpineGameObject): void;
    /** The instance left the pool for good (`go.destroy()`, scene shutdown); nothing follows. */
    onDestroy?(go: SpineGameObject): void;
}

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
        /** Nearer the view centre than `highDetailDistance` and taller on screen than `midDetailScreenSize`, in view. */
        high: number;
        /** Between `highDetailDistance` and `midDetailDistance`, or between the two screen sizes, in view. */
        mid: number;
        /** Beyond `midDetailDistance`, or shorter on screen than `lowDetailScreenSize`, in view. */
        low: number;
        /** Outside the view plus `offscreenMargin` (always 0 with `offscreen: 'lod'`). */
        offscreen: number;
    };
    /** Leftovers of previous owners (listeners, running tweens, cameras following an instance...) removed so far. */
    leaksCleared: number;
    /** The shared pose cache (`poseCache: 'shared'`). */
    poseCache: {
        /** Animations (per skeleton and skin) with sampled poses. */
        clips: number;
        /** Poses sampled and kept. */
        samples: number;
        /** Bytes they take (at most `poseCacheMemory` MB). */
        bytes: number;
        /** Of the last frame's poses of instances that share poses, the share copied from the cache, 0..1 (0 when there were none). */
        hitRate: number;
        /** Poses copied from the cache so far. */
        hits: number;
        /** Poses of instances that share poses computed in full so far (a mix, several tracks, a sample not built yet...: see `notServed`). */
        misses: number;
        /**
         * The last frame's poses made in full instead of copied from the cache, by why (the first
         * reason found; `off`: instances that do not share poses): what to change for more of them
         * to be served. Every count but `off` is a miss.
         */
        notServed: NotServedCounts;
    };
    /**
     * Spawned instances drawn in the last frame drawn (by any camera), by how they were drawn: on
     * the GPU (as an image of its sample, or from its picture) or on the CPU from the pose cache's samples' picture, slot by slot by the pool, or by
     * the runtime (a pose not served, a clipping attachment, a tinted or physics rig, Phaser 4's
     * default renderer, Canvas). One drawn by several cameras counts once.
     */
    drawn: DrawnCounts;
    /** Drawing on the GPU (the `gpuDraw` option). */
    gpu: {
        /** GPU bytes of the textures holding the samples' pictures and the impostors' images (those in them are counted in `poseCache.bytes`). */
        bytes: number;
        /**
         * Why served instances are not drawn on the GPU, null when they are (or may be: nothing
         * asked for it yet): `'off'` (the option), `'no-webgl'` (Canvas, or no spine-webgl
         * renderer), `'context-lost'` (the WebGL context is lost: drawn on the GPU again once it is
         * restored), `'instancing'`, `'float-textures'`, `'vertex-textures'` (what the WebGL context
         * lacks, or a float texture read back as zeros in the vertex shader when the GPU path was
         * built), `'shader'` (its shaders did not compile or link on this context: the driver's log
         * in a development warning). Served instances are then drawn from their pictures on the
         * CPU. An instance whose picture mixes texture pages (a sequence attachment's frames on
         * another page included) or blend modes is drawn from it on the CPU (`drawn.picture`) either way.
         */
        unavailable: 'off' | 'no-webgl' | 'context-lost' | 'instancing' | 'float-textures' | 'vertex-textures' | 'shader' | null;
        /**
         * The instances drawn in the last frame drawn but not on the GPU, by the first reason found
         * (none counted while `unavailable`): `look` what the game changed, `picture` a picture the
         * GPU path does not draw or one not made (see {@link MissedCounts}).
         */
        missed: MissedCounts;
    };
    /**
     * Spawned instances whose bones' world transforms are not written now: served from the pose
     * cache and drawn from its samples, with nothing having read `go.skeleton` since their spawn
     * (the first read writes them, and from then on they are written every frame). Far fewer than
     * the served ones: game code reads skeletons (in `update()`, a listener) it need not.
     */
    bonesUnwritten: number;
    /** Per-pool counters, in creation order. */
    pools: PoolStats[];
}
