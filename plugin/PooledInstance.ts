import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { CallSite } from '../src/callSite';
import { warn } from '../src/errors';
import type { PoseCacheMode, Settings } from '../src/options';
import type { Pool } from '../src/Pool';
import type { ScheduleEntry } from '../src/Scheduler';
import { StateListeners } from '../src/StateListeners';
import { animationBox, extentOf, plainEntry, reachMemo, type Box } from '../spine/animationReach';
import { NO_CALLBACK } from '../spine/constants';
import type { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
import type { StateOwner } from '../spine/PooledAnimationState';
import type { InstanceHost } from '../spine/SpineInstance';
import { InstanceHygiene } from './InstanceHygiene';

interface Placed {
    scaleX: number;
    scaleY: number;
    scrollFactorX: number;
    scrollFactorY: number;
}

/** Which skeleton a pool holds (`spawn`'s keys), and which registry the pool belongs to. */
export interface PoolKey {
    dataKey: string;
    atlasKey: string;
    /** The registry that made the pool (an instance of another scene's plugin is not this one's). */
    registry: object;
}

/** Spreads per-instance values evenly over [0, 1) (the golden ratio's fractional part). */
const GOLDEN = 0.6180339887498949;
let serial = 0;

/** The plugin's record of one pooled SpineGameObject: its pool, its schedule, its owner's state. */
export class PooledInstance implements StateOwner {
    /** True from `spawn` to `despawn`. */
    active = false;
    /** Its scheduler entry while active. */
    entry: ScheduleEntry<PooledInstance> | null = null;
    /** Its index in the list of spawned instances, -1 when free. */
    liveIndex = -1;
    /** What the game attaches to it, found and removed on despawn. */
    readonly hygiene: InstanceHygiene;
    /** Its Legacy-style helper, made on the first `legacy(go)` of the current owner. */
    legacy: LegacyAnimation | null = null;
    /** The listeners of its AnimationState (Spine sees one dispatcher). */
    readonly listeners = new StateListeners();
    /** True while the pool builds it (the onCreate hook): listeners added then belong to the pool. */
    building = false;
    /** Where the game call that created each of its TrackEntries was made (dev mode). */
    readonly entrySites = new WeakMap<object, CallSite>();
    /** Bumped on despawn: notifications of the previous owner's entries reach no listener. */
    generation = 0;
    /** Retired and not yet back in its setup pose (see Recycler's PendingResets). */
    posePending = false;
    /** Its object was destroyed: it left the pool for good. */
    destroyed = false;
    /** From the end of its despawn to its next spawn: a game call on it is a use after despawn. */
    stale = false;
    /** Where it was last despawned (dev mode), named by the use-after-despawn warning. */
    despawnSite: CallSite | null = null;
    /** A game call reached it while despawned (dev mode): the next spawn retires it again. */
    usedStale = false;
    /** Its spawn's `poseCache` option (null: the plugin option's). */
    poseCacheMode: PoseCacheMode | null = null;
    /** Its last pose was copied from the pose cache. */
    poseCached = false;
    /** `before/afterUpdateWorldTransforms` as the pool made it (onCreate's): what a despawn restores. */
    poolCallbacks: [(go: SpineGameObject) => void, (go: SpineGameObject) => void] = [NO_CALLBACK, NO_CALLBACK];
    readonly sleepPhase: number;
    localStale = false;
    /** Whether its poses may come from the shared pose cache (its spawn's mode, else the option). */
    get sharesPoses(): boolean {
        return (this.poseCacheMode ?? this.settings.options.poseCache) === 'shared';
    }
    posedFrame = -Infinity;
    timeScale = 1;
    /** Game seconds its state is behind, for `measure` (set by the caller). */
    ahead = 0;
    /** World position to test in `overlaps` (set by the caller: numbers in fields are not boxed). */
    x = 0;
    y = 0;
    /** Its reach as placed by the last `overlaps` call, world px (read by `distance2`). */
    private minX = 0;
    private minY = 0;
    private maxX = 0;
    private maxY = 0;
    /** Setup-pose bounds around the object's origin, unscaled px (spine-phaser's own bounds). */
    private readonly setup: Box;
    /** Its extent as last measured (see `measure`). */
    private readonly box: Box = { left: 0, top: 0, right: 0, bottom: 0 };
    /** The reach `measure` found last. */
    private readonly reach = reachMemo();
    /** What it was last found provably off screen with (see `rememberAway`); version -1: not. */
    private awayVersion = -1;
    private awayEntry: unknown = null;
    private awaySkin: unknown = null;
    private awayX = 0;
    private awayY = 0;
    private awayScaleX = 0;
    private awayScaleY = 0;
    private awayFactorX = 0;
    private awayFactorY = 0;
    private awayFilter = 0;

    constructor(
        readonly go: SpineGameObject,
        readonly pool: Pool<PooledInstance, PoolKey>,
        /** The options in force, read by everything. */
        readonly settings: Settings,
        /** Brings the instance up to date before the game changes its animation state, and is told after. */
        readonly host: InstanceHost,
        /** Listener functions Phaser adds to game objects later on: never leftovers of a game. */
        internalFns: ReadonlySet<Function>,
    ) {
        this.hygiene = new InstanceHygiene(this, internalFns);
        this.sleepPhase = (serial++ * GOLDEN) % 1;
        const g = go as unknown as { width: number; height: number; displayOriginX: number; displayOriginY: number };
        this.setup = { left: -g.displayOriginX, top: -g.displayOriginY, right: g.width - g.displayOriginX, bottom: g.height - g.displayOriginY };
    }

    /**
     * A game call reached the object while it was despawned (dev mode): warns, once per despawned
     * period, naming the call, where it was made and where the instance was despawned; the next
     * spawn undoes what the call did (see SpinePoolPlugin.spawn).
     */
    usedAfterDespawn(call: string, site: CallSite): void {
        const first = !this.usedStale;
        this.usedStale = true;
        if (!first) return;
        const { dataKey, atlasKey } = this.pool.key;
        const despawned = this.despawnSite;
        const details = [site.toError(`${call} on a despawned instance`)];
        if (despawned) details.push(despawned.toError('despawned here'));
        warn(
            `${call} on a despawned '${dataKey}' instance (atlas '${atlasKey}') at ${site} — it was despawned at ${despawned ?? 'an unknown location'}; ` +
                'keep no reference after despawn, or spawn a new one. The pool hands it out again with this call undone ' +
                '(further calls on it until then are not reported).',
            ...details,
        );
    }

    /**
     * Measures where the instance can be drawn around its origin (unscaled) at its animation state's
     * time plus `ahead` game seconds (see spine/animationReach.ts), for the next `overlaps` calls.
     * (`ahead` is a field, set by the caller: a number passed to a call V8 does not inline is boxed.)
     * Returns the box (valid until the next call).
     */
    measure(): Box {
        const go = this.go;
        this.reach.ahead = this.ahead;
        extentOf(go.skeleton as never, go.animationState as never, this.setup, this.box, this.reach);
        return this.box;
    }

    /**
     * Whether it is still provably off screen: found so by `rememberAway` with views of `version`,
     * and nothing that places it or decides its reach has changed since (position, scale, scroll
     * factor, camera filter, skin, the entry it plays).
     */
    stillAway(version: number): boolean {
        const go = this.go as unknown as AwayPlaced;
        const tracks = go.animationState.tracks;
        const entry = tracks.length === 1 ? tracks[0] : null;
        return (
            this.awayVersion === version &&
            entry === this.awayEntry &&
            entry !== null &&
            entry.next === null &&
            go.x === this.awayX &&
            go.y === this.awayY &&
            go._scaleX === this.awayScaleX &&
            go._scaleY === this.awayScaleY &&
            go.scrollFactorX === this.awayFactorX &&
            go.scrollFactorY === this.awayFactorY &&
            go.cameraFilter === this.awayFilter &&
            go.skeleton.skin === this.awaySkin
        );
    }

    /**
     * After it was found off screen (outside a container): when it plays one animation plainly and
     * that animation's whole reach (every time of it), placed where it is, touches none of the
     * first `count` of `views` that render it, remembers so for `stillAway`; otherwise forgets.
     */
    rememberAway(version: number, views: readonly (ViewRect & { id: number })[], count: number): void {
        this.awayVersion = -1;
        const go = this.go as unknown as AwayPlaced;
        const entry = plainEntry(go.animationState);
        if (entry === null) return;
        const union = animationBox(go.skeleton, entry.animation as object, go.skeleton.skin);
        const box = this.box;
        box.left = union.left;
        box.top = union.top;
        box.right = union.right;
        box.bottom = union.bottom;
        this.x = go.x;
        this.y = go.y;
        for (let i = 0; i < count; i++) {
            const view = views[i];
            if ((go.cameraFilter & view.id) === 0 && this.overlaps(view)) return;
        }
        this.awayVersion = version;
        this.awayEntry = entry;
        this.awayX = go.x;
        this.awayY = go.y;
        this.awayScaleX = go._scaleX;
        this.awayScaleY = go._scaleY;
        this.awayFactorX = go.scrollFactorX;
        this.awayFactorY = go.scrollFactorY;
        this.awayFilter = go.cameraFilter;
        this.awaySkin = go.skeleton.skin;
    }

    /**
     * Whether its extent as last measured, placed at world (`this.x`, `this.y`) with its scale,
     * overlaps `view` (world px, as seen by a camera scrolled to `view.scrollX/Y`). An object with
     * scroll factor f is drawn where a world point moved by scroll × (1 − f) would be. The numbers
     * come in fields, not arguments, so V8 has none to box for the call.
     */
    overlaps(view: ViewRect): boolean {
        const go = this.go as unknown as Placed & { _scaleX?: number; _scaleY?: number };
        const box = this.box;
        // Phaser's Transform keeps scale in _scaleX/_scaleY; reading the field skips a getter call
        // whose number result V8 would box on every visibility check.
        const sx = go._scaleX ?? go.scaleX;
        const sy = go._scaleY ?? go.scaleY;
        const px = this.x + view.scrollX * (1 - go.scrollFactorX);
        const py = this.y + view.scrollY * (1 - go.scrollFactorY);
        const a = box.left * sx;
        const b = box.right * sx;
        const c = box.top * sy;
        const d = box.bottom * sy;
        const minX = (this.minX = px + (a < b ? a : b));
        const maxX = (this.maxX = px + (a < b ? b : a));
        const minY = (this.minY = py + (c < d ? c : d));
        const maxY = (this.maxY = py + (c < d ? d : c));
        return maxX >= view.minX && minX <= view.maxX && maxY >= view.minY && minY <= view.maxY;
    }

    /**
     * Squared distance (world px²) from (`cx`, `cy`) to its reach as placed by the last `overlaps`
     * call: 0 inside it. A big rig whose body fills the view is near, wherever its origin is.
     */
    distance2(cx: number, cy: number): number {
        const dx = cx < this.minX ? this.minX - cx : cx > this.maxX ? cx - this.maxX : 0;
        const dy = cy < this.minY ? this.minY - cy : cy > this.maxY ? cy - this.maxY : 0;
        return dx * dx + dy * dy;
    }
}

/** What `stillAway` reads of the object (Phaser's Transform keeps scale in `_scaleX/_scaleY`). */
type AwayPlaced = Placed & Pick<SpineGameObject, 'animationState' | 'skeleton'> & { x: number; y: number; _scaleX: number; _scaleY: number; cameraFilter: number };

/** A rectangle of the world as a camera sees it, grown by the off-screen margin. */
export interface ViewRect {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
    scrollX: number;
    scrollY: number;
}
