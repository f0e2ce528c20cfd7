import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { CallSite } from '../src/callSite';
import { warn } from '../src/errors';
import type { PoseCacheMode, Settings } from '../src/options';
import type { Pool } from '../src/Pool';
import type { ScheduleEntry } from '../src/Scheduler';
import { StateListeners } from '../src/StateListeners';
import { reachMemo, type Box } from '../spine/animationReach';
import type { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
import { cacheLookup } from '../spine/PoseCache';
import type { SetupPose, WrittenSlots } from '../spine/SetupPose';
import { keyedByList, SLOTS_AT_SETUP } from '../spine/bonesWhenRead';
import type { StateOwner } from '../spine/PooledAnimationState';
import { placements, type Placements } from '../spine/placement';
import type { PoolHost } from '../spine/SpineInstance';
import { NOT_SERVED } from '../spine/core/notServed';
import { NO_CALLBACK, type Skeleton } from '../spine/core/shapes';
import type { SpineVersion } from '../spine/core/SpineVersion';
import { versionOf } from '../spine/core/versions';
import { AwayMemo } from './AwayMemo';
import { InstanceHygiene, type EmitterListener } from './InstanceHygiene';
import { TAKEN, type DrawnFrom, type Miss } from './draw/paths';

/** Which skeleton a pool holds (`spawn`'s keys), and which registry the pool belongs to. */
export interface PoolKey {
    dataKey: string;
    atlasKey: string;
    /** The registry that made the pool (an instance of another scene's plugin is not this one's). */
    registry: object;
}

/**
 * Where an instance is in its life (see InstanceLifecycle.ts, which moves it):
 *
 * ```text
 * Building ─> Fresh ─spawn─> Spawned ─despawn─> Despawning ─> Retired ─(setup pose back)─> Despawned
 *               ▲              ▲                                │   a call reaches it        │
 *               │              └──────────── spawn ─────────────┴──────> Soiled <────────────┘
 * any ─(go.destroy(), its scene or container destroyed, over maxFree, trim)─> Destroyed
 * ```
 *
 * Retired, Despawned and Soiled are free and despawned: a game call on the object then is a use
 * after despawn (reported in dev mode, which makes it Soiled: the next spawn undoes the call).
 * Retired and Soiled still owe their setup pose (Recycler's PendingResets, or the next spawn).
 */
export const Life = {
    /** Being built: the `onCreate` hook runs (what it adds belongs to the pool). */
    Building: 0,
    /** Free, never spawned. */
    Fresh: 1,
    /** Handed out by `spawn`, not despawned yet. */
    Spawned: 2,
    /** `despawn` is running (its hook, the cleanup): calls are not a use after despawn yet. */
    Despawning: 3,
    /** Free after a despawn, its setup pose not back yet. */
    Retired: 4,
    /** Free after a despawn, in its setup pose. */
    Despawned: 5,
    /** Free after a despawn, and a game call reached it since (dev mode): the next spawn retires it again. */
    Soiled: 6,
    /** Its object was destroyed: it left the pool for good. */
    Destroyed: 7,
} as const;
export type Life = (typeof Life)[keyof typeof Life];

/** Spreads per-instance values evenly over [0, 1) (the golden ratio's fractional part). */
const GOLDEN = 0.6180339887498949;
let serial = 0;

/** The plugin's record of one pooled SpineGameObject: its pool, its life, its schedule, its owner's state. */
export class PooledInstance implements StateOwner {
    /** Where it is in its life. */
    life: Life = Life.Building;
    /** Its scheduler entry while spawned. */
    entry: ScheduleEntry<PooledInstance> | null = null;
    /** Its index in the list of spawned instances, -1 when free. */
    liveIndex = -1;
    /** What the game attaches to it, found and removed on despawn. */
    readonly hygiene: InstanceHygiene;
    /** Its Legacy-style helper, made on the first `legacy(go)` of the current owner. */
    legacy: LegacyAnimation | null = null;
    /** The listeners of its AnimationState (Spine sees one dispatcher). */
    readonly listeners = new StateListeners();
    /** Where the game call that created each of its TrackEntries was made (dev mode). */
    readonly entrySites = new WeakMap<object, CallSite>();
    /** Bumped on despawn: notifications of the previous owner's entries reach no listener. */
    generation = 0;
    /** Where it was last despawned (dev mode), named by the use-after-despawn warning. */
    despawnSite: CallSite | null = null;
    /**
     * A despawn took its input without queueing its removal from the scene's InputPlugin, so it may
     * still be in that list (see Recycler's `takeInput`): its removal is queued when it is destroyed.
     */
    inputListed = false;
    /** Its spawn's `poseCache` option (null: the plugin option's). */
    poseCacheMode: PoseCacheMode | null = null;
    /** Pinned to full detail (`detail: 'full'`): the high tier wherever the cameras are. */
    fullDetail = false;
    /**
     * Why its object was destroyed (Life.Destroyed): by the pool (over `maxFree`, `trim`), with its
     * scene (a shutdown or restart), or from outside (`go.destroy()`, its container's). Messages
     * about a reference kept past it name the cause.
     */
    fate: 'pool' | 'scene' | 'outside' | null = null;
    /** A game call on it after its scene shut down was reported (dev mode, once). */
    lostReported = false;
    /** Its last pose was copied from the pose cache. */
    poseCached = false;
    /** How its object was drawn last (set by PooledDraw each draw; null: not drawn since its spawn). What a draw count in stats reads. */
    drawnFrom: DrawnFrom | null = null;
    /** The scheduler's frame it was drawn in last (`drawnFrom` says how; -1: not drawn since its spawn): `stats().drawn` counts those of the last frame drawn. */
    drawnFrame = -1;
    /** Why its last draw was not on the GPU (draw/paths.ts: the first reason a path gave; `TAKEN` when it was). */
    gpuMissed: Miss = TAKEN;
    /** Where in the cache its last copied pose came from (drawn from its samples' vertices). */
    readonly served = cacheLookup();
    /** The samples its bones show while they are not written (see spine/bonesWhenRead.ts). */
    readonly shown = cacheLookup();
    /** `go.skeleton` holds the stand-in (see spine/bonesWhenRead.ts). */
    bonesLazy = false;
    /** Its bones' world transforms are `shown`'s, not written (see spine/bonesWhenRead.ts). */
    bonesBehind = false;
    /** Its keyed slots' look (but the deforms' lengths) is `shown`'s, not written (see spine/bonesWhenRead.ts `slotsNow`). */
    slotsBehind = false;
    /** Its skeleton's stand-in (see spine/bonesWhenRead.ts). */
    standIn: Skeleton | null = null;
    /** The game may hold a reference to its skeleton, from any life (`onCreate` included): its bones are written every frame for good (see spine/bonesWhenRead.ts). */
    everRead = false;
    /** The unkeyed pose its bones' local pose was last found at (see SpineInstance). */
    checkedBase: object | null = null;
    /** The setup pose whose bones its last reset left unwritten (see spine/bonesWhenRead.ts). */
    setupOwed: SetupPose | null = null;
    /** What of its slots may differ from the setup pose (see SpineInstance); a new object's are at it. */
    slotsWritten: number = SLOTS_AT_SETUP;
    readonly keyedBy: WrittenSlots[] = keyedByList();
    keyedCount = 0;
    /** How many times `checkedBase` was set anew (see SpineInstance). */
    checks = 0;
    /** The clip its last full look check passed for, under which `checks`, drawing which slots (see draw/picture.ts: looksPictured). */
    lookClip: object | null = null;
    lookChecks = -1;
    lookColorAt: Int32Array | null = null;
    /** Its skeleton, as the pool reads it (`go.skeleton` may hold the stand-in: see spine/bonesWhenRead.ts). */
    readonly skeleton: Skeleton;
    /** How its last pose was made: copied from the cache, or why not (see SpineInstance). */
    posedBy: number = NOT_SERVED.noAnimation;
    /** Its skeleton's local pose is behind its animation state (see SpineInstance). */
    poseBehind = false;
    /** Frame of its last pose (world transforms computed); -Infinity before the first. */
    posedFrame = -Infinity;
    /** The pool is posing its skeleton (see SpineInstance). */
    posing = false;
    /** On screen only in views smaller than another camera's that renders it (see CameraTiers): watched every frame. */
    smallerView = false;
    /** The frame it was last drawn through a camera no view of the scene is (a texture's), and the largest zoom it was drawn at then. */
    textureFrame = -Infinity;
    textureZoom = 0;
    /** `animationState.timeScale` as its last update saw it. */
    timeScale = 1;
    /** `before/afterUpdateWorldTransforms` as the pool made it (onCreate's): what a despawn restores. */
    poolCallbacks: [(go: SpineGameObject) => void, (go: SpineGameObject) => void] = [NO_CALLBACK, NO_CALLBACK];
    readonly sleepPhase: number;
    /** Setup-pose bounds around the object's origin, unscaled px (spine-phaser's own bounds). */
    readonly setupBox: Box;
    /** The bounds provider it was built with (spine-phaser's setup-pose one, unless the pool's onCreate changes it). */
    readonly builtProvider: unknown;
    /** Its physics body (if any) is put back in its world at each spawn: `onCreate` left it there (see bodies.ts). */
    bodyInWorld = false;
    /** Its size and origin were set from its spawn skin's setup pose (see Recycler's `fitSkinSize`). */
    sizedBySkin = false;
    /** Its reach as last looked up (see animationReach's `extentOf`), and the time ahead to look at. */
    readonly reach = reachMemo();
    /** Whether it was found provably off screen (see AwayMemo). */
    readonly away = new AwayMemo();
    /** Its skeleton's Spine version (see SpineInstance). */
    readonly version: SpineVersion;
    /** Its skeleton has physics constraints (see SpineInstance). */
    readonly hasPhysics: boolean;
    /** Its skeleton's own placement at its last turn and at its last pose (see SpineInstance). */
    readonly placements: Placements;
    /** Its last turn's placement is its skeleton's fields as they are now (see spine/placement.ts `OwedTurn`). */
    turnOwed = false;

    constructor(
        readonly go: SpineGameObject,
        readonly pool: Pool<PooledInstance, PoolKey>,
        /** The options in force, read by everything. */
        readonly settings: Settings,
        /** Brings the instance up to date before the game changes its animation state, and is told after. */
        readonly host: PoolHost,
        /** Listener functions Phaser adds to game objects later on: never leftovers of a game. */
        internalFns: ReadonlySet<EmitterListener>,
    ) {
        this.hygiene = new InstanceHygiene(this, internalFns);
        this.skeleton = go.skeleton;
        this.version = versionOf(this.skeleton);
        this.hasPhysics = this.version.physicsOf(this.skeleton).length > 0;
        this.placements = placements(this.skeleton);
        this.sleepPhase = (serial++ * GOLDEN) % 1;
        this.builtProvider = go.boundsProvider;
        this.setupBox = { left: -go.displayOriginX, top: -go.displayOriginY, right: go.width - go.displayOriginX, bottom: go.height - go.displayOriginY };
        // spine-phaser's Canvas renderer writes the skeleton's x, y and scale at each draw (see ReachMemo's rendererPlaced).
        this.reach.rendererPlaced = (go.scene.sys.game.renderer as { type?: number } | null)?.type === Phaser.CANVAS;
    }

    /** Handed out by `spawn` and not despawned. */
    get spawned(): boolean {
        return this.life === Life.Spawned;
    }

    /** Free after a despawn: a game call on it now is a use after despawn. */
    get despawned(): boolean {
        return this.life === Life.Retired || this.life === Life.Despawned || this.life === Life.Soiled || this.lostWithScene;
    }

    /** Destroyed with its scene, and no game call on it reported yet: a reference kept past a restart. */
    get lostWithScene(): boolean {
        return this.life === Life.Destroyed && this.fate === 'scene' && !this.lostReported;
    }

    /** A game call reached it since its despawn (dev mode). */
    get soiled(): boolean {
        return this.life === Life.Soiled;
    }

    /** Being built: what is added to it now belongs to the pool. */
    get building(): boolean {
        return this.life === Life.Building;
    }

    /** Whether its poses may come from the shared pose cache (its spawn's mode, else the option). */
    get sharesPoses(): boolean {
        return (this.poseCacheMode ?? this.settings.options.poseCache) === 'shared';
    }

    /**
     * A game call reached the object while it was despawned (dev mode): warns, once per despawned
     * period, naming the call, where it was made and where the instance was despawned; the next
     * spawn undoes what the call did (see InstanceLifecycle.spawn).
     */
    usedAfterDespawn(call: string, site: CallSite): void {
        if (this.lostWithScene) {
            this.lostReported = true;
            warn(
                `${call} on a '${this.pool.key.dataKey}' instance destroyed when its scene shut down (a restart, stop, or start of another scene) at ${site.toString()}: ` +
                    'a reference kept past a restart does nothing. Spawn a new one in create(), and reset fields that hold instances there ' +
                    "(or clear them on the scene's SHUTDOWN event). Further calls on it are not reported.",
                site.toError(`${call} on an instance destroyed with its scene`),
            );
            return;
        }
        if (this.life === Life.Soiled) return;
        this.life = Life.Soiled;
        const { dataKey, atlasKey } = this.pool.key;
        const despawned = this.despawnSite;
        const details = [site.toError(`${call} on a despawned instance`)];
        if (despawned) details.push(despawned.toError('despawned here'));
        warn(
            `${call} on a despawned '${dataKey}' instance (atlas '${atlasKey}') at ${site.toString()} — it was despawned at ${despawned?.toString() ?? 'an unknown location'}; ` +
                'keep no reference after despawn, or spawn a new one. The pool hands it out again with this call undone ' +
                '(further calls on it until then are not reported).',
            ...details,
        );
    }
}
