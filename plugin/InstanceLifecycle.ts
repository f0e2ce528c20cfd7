import * as Phaser from 'phaser';
import { callSite, type CallSite } from '../src/callSite';
import { PoolError, warn } from '../src/errors';
import type { Settings } from '../src/options';
import { TIER_NAMES } from '../src/Tier';
import { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
import { DETAILS, type Detail, type SpawnOptions, type SpineGameObject, type TierName } from './api';
import { LeakReport } from './LeakReport';
import { badDetail, badPosition, destroyedFromOutside, notDespawnable, notSpawnedFor, sceneGone, type Whereabouts } from './messages';
import { instanceOf, spawnPooledBones } from './PooledGameObject';
import { checkBodyOnce } from './bodies';
import { Life, type PooledInstance, type PoolKey } from './PooledInstance';
import type { PoolRegistry } from './PoolRegistry';
import {
    displayTouched,
    dressForSpawn,
    fitSkinSize,
    forgetInput,
    PendingResets,
    refuseBoundsProvider,
    resetPose,
    retireInstance,
    settleAtSpawn,
} from './Recycler';
import type { UpdatePass } from './UpdatePass';

/**
 * The life of pooled instances (see `Life` in PooledInstance.ts): `spawn` hands one out, `despawn`
 * takes it back, `destroyed` hears that one was destroyed from outside. Each moves the instance's
 * one state and runs the steps of its transition in a documented order; what each step sets or
 * resets is Recycler's, what the previous owner left is InstanceHygiene's (through LeakReport).
 */
export class InstanceLifecycle {
    /** What previous owners left, removed and (dev mode) reported. */
    readonly leaks = new LeakReport();
    /** Despawned instances waiting for their setup pose, a few per frame. */
    private readonly resets = new PendingResets();
    /** Set while the plugin itself destroys instances, so `destroyed` stays quiet. */
    private releasing = false;
    /** Set when the scene is destroyed: nothing can be spawned any more. */
    gone = false;

    constructor(
        private readonly systems: Phaser.Scenes.Systems,
        private readonly settings: Settings,
        private readonly registry: PoolRegistry,
        private readonly pass: UpdatePass,
    ) {}

    /**
     * Hands out an instance of (dataKey, atlasKey), see SpinePoolPlugin.spawn. In order: the
     * arguments checked; a free instance obtained (or built); what a reference kept past its last
     * despawn did undone; its setup pose made if still owed; dressed (options validated first: a bad
     * one hands nothing out); placed in its parent and at the end of the UpdateList; scheduled, its
     * first frame posed when the posing policy says so; the `onSpawn` hook (an exception gives it
     * back, then is rethrown).
     */
    spawn(x: number, y: number, dataKey: string, atlasKey: string, options?: SpawnOptions): SpineGameObject {
        if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) throw badPosition(x, y);
        if (this.gone) throw sceneGone('spawn');
        refuseBoundsProvider(options);
        const dev = this.settings.options.dev;
        const pool = this.registry.poolFor(dataKey, atlasKey, 'spawn');
        const instance = pool.obtain();
        const was = instance.life;
        const despawnSite = instance.despawnSite;
        // A reference kept past despawn was used (reported then, in dev mode): undo what it did.
        // (A fresh instance keeps what onCreate did; one despawned before is clean unless touched since.)
        if (was === Life.Soiled || (instance.generation > 0 && (instance.hygiene.touched(this.systems) || displayTouched(instance.go)))) {
            this.leaks.clean(instance, this.systems, false);
            retireInstance(instance);
            resetPose(instance);
        } else if (was === Life.Retired) {
            resetPose(instance); // despawned too recently to be reset yet
        }
        instance.life = Life.Spawned;
        instance.despawnSite = null;
        const go = instance.go;
        const state = go.animationState as { creatingSite?: CallSite | null };
        // The spawn animation's TrackEntry was made by the game's spawn() call: name that line.
        if (dev && options?.animation !== undefined) state.creatingSite = callSite(3);
        try {
            dressForSpawn(instance, dataKey, x, y, options, dev);
        } catch (error) {
            // A bad skin or animation name: nothing is handed out, and a reference kept from its
            // last owner is still one to report.
            instance.life = was === Life.Fresh ? Life.Fresh : Life.Despawned;
            instance.despawnSite = despawnSite;
            pool.release(instance);
            throw error;
        } finally {
            state.creatingSite = null;
        }
        const parent = options?.parent;
        if (parent) parent.add(go);
        else go.addToDisplayList();
        // Its turn in the UpdateList comes last, from the next frame on: as a new stock object's.
        this.systems.updateList.add(go);
        settleAtSpawn(go);
        fitSkinSize(instance);
        instance.poseCacheMode = options?.poseCache ?? null;
        instance.fullDetail = options?.detail === 'full';
        // Its bones are written when something reads them (spine/bonesWhenRead.ts): never read in any life, it is lazy.
        spawnPooledBones(instance);
        this.pass.add(instance, options?.animation !== undefined ? (options.track ?? 0) : -1);
        // eslint-disable-next-line @typescript-eslint/unbound-method -- onSpawn is called without `this`, as onCreate is
        const onSpawn = this.registry.hooksOf(pool)?.onSpawn;
        if (onSpawn) {
            try {
                onSpawn(go);
            } catch (error) {
                this.despawn(go); // the caller never receives it: give it back, then report
                throw error;
            }
            if (dev) checkBodyOnce(go, dataKey);
        }
        return go;
    }

    /**
     * Takes `go` back, see SpinePoolPlugin.despawn; false (and a dev warning) when it is not a
     * spawned instance of this pool. The teardown, in order: off the schedule and the UpdateList; the `onDespawn` hook
     * (while it still has its listeners, tracks and place; an exception is rethrown at the end);
     * its Legacy helper released; what the previous owner left removed (and reported); retired
     * (Recycler: tracks, display, input, data, skin); back in its pool with its setup pose owed, or
     * destroyed when the pool keeps `maxFree` free ones already.
     */
    despawn(go: SpineGameObject): boolean {
        const instance = this.registry.instanceOf(go);
        if (!instance || !instance.spawned) {
            if (this.settings.options.dev) warn(notDespawnable(go, this.whereabouts(go)));
            return false;
        }
        instance.life = Life.Despawning;
        this.pass.remove(instance);
        this.systems.updateList.remove(go);
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
            instance.life = Life.Retired;
            if (this.settings.options.dev) instance.despawnSite = callSite(3);
        } else {
            pool.discard(instance); // the pool holds maxFree free ones already: this one leaves it
            this.destroyQuietly(instance);
        }
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a rethrow: whatever the onDespawn hook threw
        if (failure) throw failure;
        return true;
    }

    /** Why `go`, not a spawned instance of this pool, is not one (for messages). */
    private whereabouts(go: unknown): Whereabouts {
        const instance = instanceOf(go);
        if (instance === undefined) return { kind: 'foreign' };
        const dataKey = instance.pool.key.dataKey;
        const owner = instance.pool.key.registry as PoolRegistry;
        if (owner !== this.registry) return { kind: 'elsewhere', dataKey, owner: owner.sceneKey, here: this.registry.sceneKey };
        if (instance.life === Life.Destroyed && instance.fate !== null) return { kind: instance.fate, dataKey };
        return { kind: 'despawned', dataKey };
    }

    /** Pins `go` to full detail or gives it back to the level of detail, see SpinePoolPlugin.setDetail. */
    setDetail(go: SpineGameObject, detail: Detail): void {
        if (!DETAILS.includes(detail)) throw badDetail('setDetail(go, detail)', detail);
        const instance = this.registry.instanceOf(go);
        if (!instance || !instance.spawned) throw notSpawnedFor('setDetail(go, detail)', go, this.whereabouts(go));
        const full = detail === 'full';
        if (instance.fullDetail === full) return;
        instance.fullDetail = full;
        this.pass.reclassify(instance); // from this frame on, not at its group's next evaluation
    }

    /** The tier `go` is in, null when it is not spawned from this pool, see SpinePoolPlugin.getTier. */
    tierOf(go: SpineGameObject): TierName | null {
        const instance = this.registry.instanceOf(go);
        const entry = instance?.spawned ? instance.entry : null;
        return entry ? TIER_NAMES[entry.tier] : null;
    }

    /** The Legacy helper of `go`, made on its owner's first call (see SpinePoolPlugin.legacy). */
    legacyOf(go: SpineGameObject): LegacyAnimation {
        const instance = this.registry.instanceOf(go);
        if (!instance || !instance.spawned) throw notSpawnedFor('legacy(go)', go, this.whereabouts(go));
        if (!instance.legacy) {
            const pass = this.pass;
            instance.legacy = new LegacyAnimation(go.animationState, instance.version, {
                catchUp: () => pass.settle(instance, false),
                listen: (listener) => instance.hygiene.addInternalListener(listener),
                changed: () => pass.wake(instance),
                source: 'this.spinePool.legacy(go)',
                skeletonName: instance.pool.key.dataKey,
            });
        }
        return instance.legacy;
    }

    /** The spawned instances of the pools the keys select (an omitted key selects all), into `out` (see SpinePoolPlugin.getActive). */
    getActive(dataKey: string | undefined, atlasKey: string | undefined, out: SpineGameObject[]): SpineGameObject[] {
        this.registry.checkSelection(dataKey, atlasKey, 'getActive');
        const spawned = this.pass.spawned;
        out.length = 0;
        for (let i = 0; i < spawned.length; i++) if (selects(spawned[i].pool.key, dataKey, atlasKey)) out.push(spawned[i].go);
        return out;
    }

    /** Despawns a snapshot of `getActive` one by one; an `onDespawn` hook's exception is rethrown once all are back. */
    despawnAll(dataKey: string | undefined, atlasKey: string | undefined): number {
        const list = this.getActive(dataKey, atlasKey, []);
        let count = 0;
        let failure: unknown = null;
        let failed = false;
        for (let i = 0; i < list.length; i++) {
            const go = list[i];
            if (!this.registry.instanceOf(go)?.spawned) continue; // despawned meanwhile, by a hook
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

    /** Destroys free instances of the selected pools until each keeps `keep` (see SpinePoolPlugin.trim); returns how many. */
    trimPools(dataKey: string | undefined, atlasKey: string | undefined, keep: number): number {
        if (!Number.isInteger(keep) || keep < 0) {
            throw new PoolError(`trim(dataKey?, atlasKey?, keep?): keep must be an integer >= 0 (free instances left per pool); got ${keep}.`);
        }
        this.registry.checkSelection(dataKey, atlasKey, 'trim');
        let destroyed = 0;
        for (const pool of this.registry.list) {
            if (!selects(pool.key, dataKey, atlasKey)) continue;
            while (pool.free.length > keep) {
                this.destroyQuietly(pool.free.pop() as PooledInstance);
                destroyed++;
            }
        }
        return destroyed;
    }

    /**
     * A pooled instance's object was destroyed (`go.destroy()`, its container's destroy, the scene's
     * shutdown, or the pool itself): it leaves its pool, the schedule and the scene's input list
     * (where a despawn may have left it, see Recycler's `forgetInput`); in dev mode, a warning
     * unless the pool or the scene did it; then the `onDestroy` hook.
     */
    destroyed(instance: PooledInstance): void {
        // Its record stays (a weak entry): a reference kept past this is told why it is gone.
        const wasSpawned = instance.spawned;
        // Whatever the onDestroy hook calls on it is the pool's business, not a use after despawn.
        instance.life = Life.Destroyed;
        instance.legacy?.release();
        instance.legacy = null;
        this.pass.remove(instance);
        const status = this.systems?.settings.status;
        const sceneClosing = status === Phaser.Scenes.SHUTDOWN || status === Phaser.Scenes.DESTROYED;
        const closing = this.releasing || sceneClosing;
        forgetInput(instance, sceneClosing);
        if (!this.releasing) instance.pool.forget(instance, wasSpawned);
        if (this.settings.options.dev && !closing) warn(destroyedFromOutside(instance.pool.key.dataKey));
        this.registry.hooksOf(instance.pool)?.onDestroy?.(instance.go);
        instance.fate = sceneClosing ? 'scene' : this.releasing ? 'pool' : 'outside';
    }

    /** A frame of `delta` ms passed (the scene's update): a burst of leak reports may end. */
    frame(delta: number): void {
        this.leaks.frame(delta);
    }

    /** After the game's update: a few despawned instances get their setup pose back. */
    afterUpdate(): void {
        this.resets.run();
    }

    /**
     * The scene shuts down: pending resets forgotten, the leak burst printed, every free instance
     * destroyed (quietly), the pools forgotten. Spawned instances were destroyed with the display
     * list (or go with their containers); either way their records go with the pools.
     */
    shutdown(): void {
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
        this.registry.clear();
    }

    /** The error of `caller` made once the scene is destroyed, if it is. */
    checkAlive(caller: string): void {
        if (this.gone) throw sceneGone(caller);
    }

    /**
     * Destroys an instance the plugin lets go of (over `maxFree`, trimmed), already out of its
     * pool's counts: `go.destroy()` takes it off everything (see `destroyed`), quietly.
     */
    private destroyQuietly(instance: PooledInstance): void {
        const releasing = this.releasing;
        this.releasing = true;
        try {
            instance.go.destroy();
        } finally {
            this.releasing = releasing;
        }
    }
}

/** Whether the pool of `key` is one of those the optional keys select (an omitted key selects all). */
function selects(key: PoolKey, dataKey: string | undefined, atlasKey: string | undefined): boolean {
    return (dataKey === undefined || key.dataKey === dataKey) && (atlasKey === undefined || key.atlasKey === atlasKey);
}
