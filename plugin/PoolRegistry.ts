import * as Phaser from 'phaser';
import type { SpineGameObject, SpineGameObjectBoundsProvider } from '@esotericsoftware/spine-phaser';
import { PoolError } from '../src/errors';
import type { Settings } from '../src/options';
import type { SpinePoolOptions } from './options';
import { Pool } from '../src/Pool';
import { pooledAnimationState } from '../spine/PooledAnimationState';
import type { PoolHost } from '../spine/SpineInstance';
import type { Skeleton } from '../spine/core/shapes';
import type { PoolHooks, SpinePoolStats } from './api';
import type { EmitterListener } from './InstanceHygiene';
import { instanceOf, makePooled, spawnPooledBones } from './PooledGameObject';
import { freeBones } from '../spine/bonesWhenRead';
import { parkBody } from './bodies';
import { Life, PooledInstance, type PoolKey } from './PooledInstance';
import { prepareInstance, rehearse } from './Recycler';
import { dataMismatch, dataVersionOf, findSpinePlugin, loaderOf, spineRuntimeOf } from './runtimeCheck';

/** The hook names {@link PoolHooks} has. */
const HOOK_NAMES = ['onCreate', 'onSpawn', 'onDespawn', 'onDestroy'];

/** `this.add.spine` with spine-phaser-v4's fifth argument, its options (other runtimes' is a bounds provider). */
type SpineFactory = (
    x: number,
    y: number,
    dataKey: string,
    atlasKey: string,
    options?: SpineGameObjectBoundsProvider | { renderer: string },
) => SpineGameObject;

/**
 * The pools of one scene's plugin: one per (dataKey, atlasKey), made on first use after checking
 * the keys are loaded; their lifecycle hooks; how an instance is built (the scene's `spine`
 * factory, then the pooled classes); which object is whose; and the per-pool counters.
 */
export class PoolRegistry {
    private readonly pools = new Map<string, Map<string, Pool<PooledInstance, PoolKey>>>();
    /** A skeleton of each pool's data (see `skeletonOf`). */
    private readonly skeletons = new WeakMap<Pool<PooledInstance, PoolKey>, Skeleton>();
    /** The pools in creation order. */
    readonly list: Pool<PooledInstance, PoolKey>[] = [];
    private readonly hooks = new Map<string, Map<string, PoolHooks>>();
    /** Listener functions Phaser adds to game objects later on: never leftovers of a game. */
    private readonly internalFns: ReadonlySet<EmitterListener>;
    /** The public method of the call in progress (`poolFor`'s caller), named by a failed build. */
    private caller = 'spawn';

    constructor(
        private readonly systems: Phaser.Scenes.Systems,
        private readonly settings: Settings<SpinePoolOptions>,
        private readonly host: PoolHost,
        /** Told when a pooled object is destroyed from outside (go.destroy(), its container's, scene shutdown). */
        private readonly onDestroyed: (instance: PooledInstance) => void,
    ) {
        // eslint-disable-next-line @typescript-eslint/unbound-method -- compared with the listeners an object has, never called
        this.internalFns = new Set<EmitterListener>([Phaser.GameObjects.Container.prototype['onChildDestroyed'], Phaser.Data.DataManager.prototype.destroy]);
    }

    /** The key of the scene whose pools these are, named by messages. */
    get sceneKey(): string {
        return this.systems.settings.key;
    }

    /** Names `caller` in the errors of the builds that follow (a spread prewarm builds outside its call). */
    nameCaller(caller: string): void {
        this.caller = caller;
    }

    /** The pool of (dataKey, atlasKey), made on first use; unknown keys throw, naming `caller`. */
    poolFor(dataKey: string, atlasKey: string, caller: string): Pool<PooledInstance, PoolKey> {
        this.caller = caller;
        const pool = this.pools.get(dataKey)?.get(atlasKey);
        if (pool) return pool;
        this.checkKeys(dataKey, atlasKey, caller);
        const created = new Pool<PooledInstance, PoolKey>({ dataKey, atlasKey, registry: this }, this.build);
        let byAtlas = this.pools.get(dataKey);
        if (!byAtlas) this.pools.set(dataKey, (byAtlas = new Map<string, Pool<PooledInstance, PoolKey>>()));
        byAtlas.set(atlasKey, created);
        this.list.push(created);
        return created;
    }

    /**
     * A skeleton of `pool`'s data (its first instance's, destroyed or not), for what reads the
     * data without an instance at hand (prewarm's sampling); undefined before its first build.
     */
    skeletonOf(pool: Pool<PooledInstance, PoolKey>): Skeleton | undefined {
        return this.skeletons.get(pool);
    }

    /** The instance of `go` when it is one of this registry's, else undefined. */
    instanceOf(go: unknown): PooledInstance | undefined {
        const instance = instanceOf(go);
        return instance !== undefined && instance.pool.key.registry === this ? instance : undefined;
    }

    /** The hooks of `pool`, if any. */
    hooksOf(pool: Pool<PooledInstance, PoolKey>): PoolHooks | undefined {
        return this.hooks.get(pool.key.dataKey)?.get(pool.key.atlasKey);
    }

    /** Registers hooks for the pool of (dataKey, atlasKey), before or after it exists; see SpinePoolPlugin.setHooks. */
    setHooks(dataKey: string, atlasKey: string, hooks: PoolHooks): void {
        if (typeof hooks !== 'object' || hooks === null)
            throw new PoolError(`setHooks(dataKey, atlasKey, hooks): hooks must be an object; got ${String(hooks)}.`);
        for (const [name, value] of Object.entries(hooks)) {
            if (!HOOK_NAMES.includes(name)) {
                throw new PoolError(`setHooks(): unknown hook '${name}'. Hooks: ${HOOK_NAMES.join(', ')}.`);
            }
            if (value !== undefined && typeof value !== 'function') {
                throw new PoolError(`setHooks(): hook '${name}' must be a function; got ${typeof value}.`);
            }
        }
        let byAtlas = this.hooks.get(dataKey);
        if (!byAtlas) this.hooks.set(dataKey, (byAtlas = new Map<string, PoolHooks>()));
        byAtlas.set(atlasKey, { ...hooks });
    }

    /** Fills the per-pool rows and the totals of `result`. */
    fillStats(result: SpinePoolStats): void {
        let active = 0;
        let free = 0;
        let created = 0;
        const pools = this.list;
        result.pools.length = pools.length;
        for (let i = 0; i < pools.length; i++) {
            const pool = pools[i];
            const row = result.pools[i] ?? (result.pools[i] = { dataKey: '', atlasKey: '', active: 0, free: 0, created: 0 });
            row.dataKey = pool.key.dataKey;
            row.atlasKey = pool.key.atlasKey;
            row.active = pool.active;
            row.free = pool.free.length;
            row.created = pool.created;
            active += pool.active;
            free += pool.free.length;
            created += pool.created;
        }
        result.active = active;
        result.free = free;
        result.created = created;
    }

    /**
     * For the calls that select pools by keys (an undefined key matches any): throws the error of
     * an unknown key when both keys are given, name no pool yet and are not loaded (a typo).
     */
    checkSelection(dataKey: string | undefined, atlasKey: string | undefined, caller: string): void {
        if (dataKey === undefined || atlasKey === undefined || this.pools.get(dataKey)?.has(atlasKey)) return;
        this.checkKeys(dataKey, atlasKey, caller);
    }

    /** Forgets every pool (scene shutdown: their objects are destroyed with the scene). */
    clear(): void {
        this.pools.clear();
        this.list.length = 0;
    }

    /**
     * Builds a pooled instance through the scene's `spine` factory, then takes it out of the scene.
     * A skeleton whose atlas lacks one of its regions throws a PoolError naming both keys and the
     * region; a pool that never built an instance is then forgotten (no empty row in `stats()`).
     */
    private readonly build = (pool: Pool<PooledInstance, PoolKey>): PooledInstance => {
        const add = this.systems.add;
        const renderer = this.settings.options.renderer;
        let go: SpineGameObject;
        try {
            if (renderer === null) go = add.spine(0, 0, pool.key.dataKey, pool.key.atlasKey);
            else go = (add.spine as SpineFactory).call(add, 0, 0, pool.key.dataKey, pool.key.atlasKey, this.rendererOption(renderer));
        } catch (error) {
            if (pool.created === 0) this.forget(pool);
            throw this.buildError(pool.key, error);
        }
        prepareInstance(go, this.systems.updateList);
        const instance = new PooledInstance(go, pool, this.settings, this.host, this.internalFns);
        if (!this.skeletons.has(pool)) this.skeletons.set(pool, instance.skeleton);
        // The pooled behaviour comes from subclasses, not from methods set on the objects.
        makePooled(instance);
        go.animationState = pooledAnimationState(go.animationState, go.animationStateData, instance);
        // Once per pool, before onCreate attaches anything: see rehearse (a first despawn then rewrites no field for the first time).
        if (pool.created === 0) rehearse(instance);
        // eslint-disable-next-line @typescript-eslint/unbound-method -- Phaser calls a listener with the context given after it
        go.once(Phaser.GameObjects.Events.DESTROY, this.destroyed, this);
        // eslint-disable-next-line @typescript-eslint/unbound-method -- onCreate is called without `this`, as onSpawn is
        const onCreate = this.hooksOf(pool)?.onCreate;
        // A skeleton onCreate reads (a bone kept for every owner) is read in every life: see spine/bonesWhenRead.ts.
        if (onCreate) spawnPooledBones(instance);
        try {
            // What onCreate attaches belongs to the pool (the instance is Building): kept for every owner, never reported.
            onCreate?.(go);
        } finally {
            instance.life = Life.Fresh;
            if (onCreate) freeBones(instance);
        }
        instance.hygiene.seal();
        instance.poolCallbacks = [go.beforeUpdateWorldTransforms, go.afterUpdateWorldTransforms];
        // A body onCreate gave it is out of its world while it is free, and back in it at each spawn.
        instance.bodyInWorld = parkBody(go);
        return instance;
    };

    /** Takes a pool that never built an instance out of the registry. */
    private forget(pool: Pool<PooledInstance, PoolKey>): void {
        const { dataKey, atlasKey } = pool.key;
        const byAtlas = this.pools.get(dataKey);
        if (byAtlas?.get(atlasKey) !== pool) return;
        byAtlas.delete(atlasKey);
        if (byAtlas.size === 0) this.pools.delete(dataKey);
        const index = this.list.indexOf(pool);
        if (index !== -1) this.list.splice(index, 1);
    }

    /** spine-phaser-v4's `renderer` option; other runtimes' fifth argument is a bounds provider, so naming a renderer there is a mistake said now. */
    private rendererOption(renderer: string): { renderer: string } {
        const spine = findSpinePlugin(this.systems);
        const runtime = spine && spineRuntimeOf(spine, loaderOf(this.systems));
        if (runtime !== 'spine-phaser-v4') {
            throw new PoolError(
                `option 'renderer' is spine-phaser-v4's (Phaser 4) choice of renderer; this game runs ${runtime ?? 'no known Spine runtime'}, whose objects have one renderer. ` +
                    "Leave 'renderer' null (configure({ renderer: null })).",
            );
        }
        return { renderer };
    }

    /** What the runtime threw while building an instance of `key`, said in the pool's terms when it can be. */
    private buildError(key: PoolKey, error: unknown): unknown {
        // spine-core 4.2: "Region not found in atlas: path (region attachment: name)"; 4.3: "(attachment: name)".
        const missing = error instanceof Error ? /^Region not found in atlas: (.*?)(?: \((.*)\))?$/.exec(error.message) : null;
        if (!missing) return error;
        return new PoolError(
            `${this.caller}(): skeleton ${JSON.stringify(key.dataKey)} needs the region '${missing[1]}'${missing[2] ? ` (${missing[2]})` : ''}, ` +
                `which the atlas ${JSON.stringify(key.atlasKey)} does not have: dataKey ${JSON.stringify(key.dataKey)} and atlasKey ${JSON.stringify(key.atlasKey)} ` +
                'do not belong together. Pass the atlas exported with this skeleton.',
        );
    }

    private destroyed(go: SpineGameObject): void {
        const instance = this.instanceOf(go);
        if (instance) this.onDestroyed(instance);
    }

    private checkKeys(dataKey: string, atlasKey: string, caller: string): void {
        const sys = this.systems;
        if (!(sys.add as { spine?: unknown }).spine) {
            throw new PoolError(
                `${caller}(): this scene has no 'spine' game object factory. Register spine-phaser's plugin next to this one: ` +
                    `plugins: { scene: [{ key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' }, ...] }.`,
            );
        }
        const cache = sys.cache;
        const dataMissing = typeof dataKey !== 'string' || !(cache.json.exists(dataKey) || cache.binary.exists(dataKey));
        const atlasMissing = typeof atlasKey !== 'string' || !cache.text.exists(atlasKey);
        if (dataMissing || atlasMissing) {
            // Queued but not loaded yet (a spawn in preload(), or before the loader's COMPLETE).
            const loading = [dataMissing && loadingKey(sys, dataKey), atlasMissing && loadingKey(sys, atlasKey)].filter(
                (k): k is string => typeof k === 'string',
            );
            if (loading.length > 0) {
                throw new PoolError(
                    `${caller}(): ${loading.map((k) => JSON.stringify(k)).join(' and ')} ${loading.length === 1 ? 'is' : 'are'} queued in this scene's loader, ` +
                        `which has not finished loading. Spawn in create(), or after the loader's COMPLETE event: ` +
                        `this.load.once(Phaser.Loader.Events.COMPLETE, () => this.spinePool.${caller}(...)).`,
                );
            }
        }
        if (dataMissing) {
            const loaded = [...cache.json.getKeys(), ...cache.binary.getKeys()];
            throw new PoolError(
                `${caller}(): no skeleton data is loaded under dataKey ${JSON.stringify(dataKey)}. ` +
                    `Loaded JSON/binary keys: ${loaded.length ? loaded.join(', ') : '(none)'}. ` +
                    `Load it first with this.load.spineJson(key, url) or this.load.spineBinary(key, url).`,
            );
        }
        // Data of another Spine version fails deep in spine-core (or loads wrong): say which fits.
        const data: unknown = cache.json.exists(dataKey) ? cache.json.get(dataKey) : cache.binary.get(dataKey);
        const spine = findSpinePlugin(sys);
        const mismatch = dataMismatch(caller, dataKey, dataVersionOf(data), spine && spineRuntimeOf(spine, loaderOf(sys)));
        if (mismatch) throw new PoolError(mismatch);
        if (atlasMissing) {
            const loaded = cache.text.getKeys();
            throw new PoolError(
                `${caller}(): no atlas is loaded under atlasKey ${JSON.stringify(atlasKey)}. ` +
                    `Loaded text/atlas keys: ${loaded.length ? loaded.join(', ') : '(none)'}. ` +
                    `Load it first with this.load.spineAtlas(key, url).`,
            );
        }
    }
}

interface LoaderFile {
    key: string;
    multiFile?: { key: string } | null;
}

/** Phaser.Structs.Set (its items in `entries`), or a JS Set. */
type FileSet = { entries: LoaderFile[] } | Iterable<LoaderFile>;

interface Loader {
    list?: FileSet;
    inflight?: FileSet;
    queue?: FileSet;
}

/**
 * `key` when the scene's loader has a file of that key waiting, loading or being processed (a
 * spine-phaser file queued with `this.load.spineJson(key, url)` keeps `key`, or its multi-file's).
 */
function loadingKey(sys: Phaser.Scenes.Systems, key: unknown): string | null {
    const loader = loaderOf(sys) as Loader | null;
    if (!loader || typeof key !== 'string') return null;
    for (const files of [loader.list, loader.inflight, loader.queue]) {
        if (!files) continue;
        const items = Array.isArray((files as { entries?: unknown }).entries) ? (files as { entries: LoaderFile[] }).entries : (files as Iterable<LoaderFile>);
        for (const file of items) if (file.key === key || file.multiFile?.key === key) return key;
    }
    return null;
}
