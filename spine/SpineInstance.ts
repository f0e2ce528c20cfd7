/**
 * What the Spine layer needs of a pooled instance, by shape: the object it pools (`SpineObject`,
 * core/shapes.ts: the spine-core parts every spine-ts runtime's game object has, spine-phaser's
 * SpineGameObject; a spine-pixi `Spine` would do), its Spine version, and the few fields the engine
 * side keeps for it. Nothing here depends on an engine.
 */
import type { StateListeners } from '../src/StateListeners';
import type { ReachMemo } from './animationReach';
import type { Skeleton, SpineObject } from './core/shapes';
import type { SpineVersion } from './core/SpineVersion';
import type { LegacyAnimation } from './legacy/LegacyAnimation';
import type { CacheLookup, PoseCache } from './PoseCache';
import type { SetupPose, WrittenSlots } from './SetupPose';
import type { Placements } from './placement';

/** A pooled instance, as what updates and poses it reads and writes. */
export interface SpineInstance {
    readonly go: SpineObject;
    /**
     * Its skeleton, as the pool reads it: `go.skeleton` may hold a stand-in that counts as the
     * game reading it (see bonesWhenRead.ts).
     */
    readonly skeleton: Skeleton;
    /** Its skeleton's Spine version (versionOf, taken once when it was built): what code asks of its Spine objects. */
    readonly version: SpineVersion;
    /** Its Legacy-style helper, when its owner asked for one. */
    legacy: LegacyAnimation | null;
    /** The listeners of its AnimationState (whether anyone hears its events). */
    readonly listeners: StateListeners;
    /**
     * True when its skeleton's local pose is behind its animation state: updated since it was last
     * applied (an update that did not pose it, or a pose copied from the cache).
     */
    poseBehind: boolean;
    /** Whether its poses may be copied from the shared pose cache (see PoseCache). */
    readonly sharesPoses: boolean;
    /** Its last pose was copied from the pose cache (its local pose is behind: `poseBehind`). */
    poseCached: boolean;
    /** Where in the cache that pose came from (what `find` found for it; drawn from its samples). */
    readonly served: CacheLookup;
    /** The samples its bones show while they are not written (`bonesBehind`, see bonesWhenRead.ts). */
    readonly shown: CacheLookup;
    /** `go.skeleton` holds the stand-in: nobody has ever read it (see bonesWhenRead.ts). */
    bonesLazy: boolean;
    /** The game may hold a reference to its skeleton, from any life: its bones and local pose are written every frame for good (see bonesWhenRead.ts). */
    everRead: boolean;
    /** Its bones' world transforms are not written: they are `shown`'s (see bonesWhenRead.ts). */
    bonesBehind: boolean;
    /** Its keyed slots' look (but the deforms' lengths) is not written: it is `shown`'s (see bonesWhenRead.ts `slotsNow`). */
    slotsBehind: boolean;
    /** Its skeleton's stand-in (see bonesWhenRead.ts), made on its first lazy spawn. */
    standIn: Skeleton | null;
    /**
     * The unkeyed pose (a clip's, PoseCache) its bones' local pose was last found at while its bones
     * were left unwritten; null once anything applies a pose to it (see bonesWhenRead.ts).
     */
    checkedBase: object | null;
    /** The setup pose whose bones its last reset left unwritten (see bonesWhenRead.ts), else null. */
    setupOwed: SetupPose | null;
    /**
     * What of its slots may differ from the setup pose since its last reset: none, only the slots
     * the animations of `keyedBy` key (each applied or served since), or any (see bonesWhenRead.ts
     * `resetBones`).
     */
    slotsWritten: number;
    /** Its first `keyedCount` (a fixed list: nothing allocated per spawn). */
    readonly keyedBy: WrittenSlots[];
    keyedCount: number;
    /** How many times `checkedBase` was set anew: what a draw remembered under an older count is stale. */
    checks: number;
    /** How its last pose (`posedFrame`) was made: `SERVED` (0, copied from the cache), else why it was made in full (core/notServed.ts). */
    posedBy: number;
    /** Frame of its last pose (world transforms computed); -Infinity before the first. */
    posedFrame: number;
    /**
     * The pool is posing its skeleton (its own `updateWorldTransform`): any other call is the game
     * posing it, maybe where no animation goes (a bone turned by code), which its reach notes.
     */
    posing: boolean;
    /** Its owner's generation: it changes when the instance is despawned (maybe from a listener during its own update). */
    readonly generation: number;
    /** Its skeleton has physics constraints: its pose depends on its history (see offscreen.ts, animationReach.ts). */
    readonly hasPhysics: boolean;
    /** Its skeleton's own placement at its last turn and at its last pose (see `Placements`, Posing.ts). */
    readonly placements: Placements;
    /** Its last turn's placement is its skeleton's fields as they are now (placement.ts `OwedTurn`). */
    turnOwed: boolean;
    /** Where its animations reach, and (physics rigs) where its last poses were (see animationReach.ts). */
    readonly reach: ReachMemo;
    /** `animationState.timeScale` as its last update saw it (a change made since is caught up first). */
    timeScale: number;
    /**
     * Where in the longest-sleep period it wakes off screen, in [0, 1): spread evenly over the
     * instances, so sleepers put to sleep in the same frame (a wave spawned at once) wake in
     * different frames instead of all together.
     */
    readonly sleepPhase: number;
}

/** What an instance asks of its pool: its turn in the engine's update order, and around the changes the game makes to it. */
export interface PoolHost {
    /** The shared pose cache its poses may be copied from (and drawn from). */
    readonly poseCache: PoseCache;
    /** Whether an instance served by the cache may be drawn on the GPU (the `gpuDraw` option). */
    readonly gpuDraw: boolean;
    /** Screen px below which a served instance on the GPU may be drawn as an image (the `impostorBelow` option). */
    readonly impostorBelow: number;
    /** The scheduler's index of the frame begun last (a draw is stamped with it). */
    readonly frame: number;
    /** Its turn in the engine's update order this frame (where a stock object is updated): updated if due. */
    visit(instance: SpineInstance): void;
    /** Passes it the time owed since its last update (events only), so the change lands now. */
    catchUp(instance: SpineInstance): void;
    /** Its animation state changed: one sleeping off screen looks again at its next frame. */
    wake(instance: SpineInstance): void;
    /**
     * Brings it up to date and applies its local pose (`world`: and its world transforms), as a
     * stock object's stands after this frame's update.
     */
    settle(instance: SpineInstance, world: boolean): void;
    /** Something its tier depends on changed (active or not): it moves tier now. */
    reclassify(instance: SpineInstance): void;
    /**
     * A renderer is about to draw it through `camera`: whether that is one of its scene's cameras.
     * Another (a RenderTexture's, a DynamicTexture's) sees it too: its tier follows the zoom it was
     * drawn at while it is drawn there, and one no camera had on screen is posed now.
     */
    drawnThrough(instance: SpineInstance, camera: object): boolean;
    /**
     * It is set active again: brought up to date (up to when it was frozen). It held its pose while
     * inactive, as a stock object does, so that time is no gap in its physics.
     */
    resume(instance: SpineInstance): void;
}

/** Whether anyone listens to the instance's AnimationState (the game, the pool or the plugin). */
export function isListened(instance: SpineInstance): boolean {
    return instance.listeners.records.length > 0;
}
