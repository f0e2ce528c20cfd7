import type { SpineGameObject, TrackEntry } from '@esotericsoftware/spine-phaser';
import type { Pool } from '../src/Pool';
import type { ScheduleEntry } from '../src/Scheduler';
import type { LegacyAnimation } from '../src/legacy/LegacyAnimation';
import { animationBox, type Box } from './animationBounds';
import type { InstanceFlags, InstanceHygiene } from './InstanceHygiene';

interface Placed {
    scaleX: number;
    scaleY: number;
    scrollFactorX: number;
    scrollFactorY: number;
}

/** Spreads per-instance values evenly over [0, 1) (the golden ratio's fractional part). */
const GOLDEN = 0.6180339887498949;
let serial = 0;

/** The plugin's record of one pooled SpineGameObject. */
export class PooledInstance {
    /** True from `spawn` to `despawn`. */
    active = false;
    /** Its scheduler entry while active. */
    entry: ScheduleEntry<PooledInstance> | null = null;
    /** Its Legacy-style helper, made on the first `legacy(go)` of the current owner. */
    legacy: LegacyAnimation | null = null;
    /**
     * Where in the longest-sleep period this instance wakes, in [0, 1): spread evenly over the
     * instances, so sleepers put to sleep in the same frame (a wave spawned at once) wake in
     * different frames instead of all together.
     */
    readonly sleepPhase: number;
    /** World position to test in `overlaps` (set by the caller: numbers in fields are not boxed). */
    x = 0;
    y = 0;
    /** Its reach as placed by the last `overlaps` call, world px (read by `distance2`). */
    private minX = 0;
    private minY = 0;
    private maxX = 0;
    private maxY = 0;
    /** Its index in the plugin's list of spawned instances, -1 when free. */
    liveIndex = -1;
    /** `animationState.timeScale` as its last update saw it (a change made since is caught up first). */
    timeScale = 1;
    /** Scheduler frame of its last pose (world transforms computed); -Infinity before the first. */
    posedFrame = -Infinity;
    /**
     * True when its skeleton's local pose is behind its animation state: updated since it was last
     * applied (an update that did not pose it).
     */
    localStale = false;
    /** Setup-pose bounds around the object's origin, unscaled px (spine-phaser's own bounds). */
    private readonly setup: Box;
    /** Where the current animations can reach (see `reach`). */
    private readonly box: Box = { left: 0, top: 0, right: 0, bottom: 0 };
    /**
     * Set when entries are created (spawn, the game's or the Legacy helper's set/addAnimation):
     * `box` is recomputed on its next use. Entries ending leave it larger, which is only cautious.
     */
    reachChanged = true;

    constructor(
        readonly go: SpineGameObject,
        readonly pool: Pool<PooledInstance>,
        readonly hygiene: InstanceHygiene,
        /** The plugin's settings, shared by all its instances. */
        readonly flags: Readonly<InstanceFlags>,
        /** The plugin: brings the instance up to date before the game changes its animation state, and is told after. */
        readonly host: InstanceHost,
    ) {
        this.sleepPhase = (serial++ * GOLDEN) % 1;
        const g = go as unknown as { width: number; height: number; displayOriginX: number; displayOriginY: number };
        this.setup = { left: -g.displayOriginX, top: -g.displayOriginY, right: g.width - g.displayOriginX, bottom: g.height - g.displayOriginY };
    }

    /**
     * Where the instance can be drawn around its origin (unscaled): its setup-pose bounds joined
     * with the sampled reach of every animation on its tracks (mixing ones included), so a limb
     * swung or a body fallen outside the setup pose still counts.
     */
    reach(): Box {
        const box = this.box;
        if (!this.reachChanged) return box;
        this.reachChanged = false;
        const tracks = this.go.animationState.tracks;
        const skin = this.go.skeleton.skin;
        box.left = this.setup.left;
        box.top = this.setup.top;
        box.right = this.setup.right;
        box.bottom = this.setup.bottom;
        for (let i = 0; i < tracks.length; i++) {
            // The entry playing, the ones it fades from, and the ones queued behind it.
            for (let current: TrackEntry | null = tracks[i]; current; current = current.mixingFrom) {
                for (let entry: TrackEntry | null = current; entry; entry = entry.next) {
                    if (entry.animation && entry.animation.duration > 0) join(box, animationBox(this.go, entry.animation, skin));
                }
            }
        }
        return box;
    }

    /**
     * Whether its reach, placed at world (`this.x`, `this.y`) with its scale, overlaps `view`
     * (world px, as seen by a camera scrolled to `view.scrollX/Y`). An object with scroll factor f
     * is drawn where a world point moved by scroll × (1 − f) would be. The numbers come in fields,
     * not arguments, so V8 has none to box for the call.
     */
    overlaps(view: ViewRect): boolean {
        const go = this.go as unknown as Placed & { _scaleX?: number; _scaleY?: number };
        const box = this.reach();
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

/** What a pooled instance asks of the plugin around changes the game makes to its animation state. */
export interface InstanceHost {
    /** Passes it the time owed since its last update (events only), so the change lands now. */
    catchUp(instance: PooledInstance): void;
    /** Its animation state changed: one sleeping off screen looks again at its next frame. */
    wake(instance: PooledInstance): void;
    /**
     * Brings it up to date and applies its local pose (`world`: and its world transforms, when on
     * screen), as a stock object's stands after this frame's update.
     */
    settle(instance: PooledInstance, world: boolean): void;
    /** Something its tier depends on changed (active or not): it moves tier now. */
    reclassify(instance: PooledInstance): void;
}

/** A rectangle of the world as a camera sees it, grown by the off-screen margin. */
export interface ViewRect {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
    scrollX: number;
    scrollY: number;
}

/** A camera's view as the level-of-detail test reads it: its rectangle, its centre and its id. */
export interface CameraRect extends ViewRect {
    centreX: number;
    centreY: number;
    /** Phaser's camera id bit (objects filter cameras by it); 0 for a view that shows everything. */
    id: number;
}

function join(box: Box, other: Box): void {
    if (other.left < box.left) box.left = other.left;
    if (other.top < box.top) box.top = other.top;
    if (other.right > box.right) box.right = other.right;
    if (other.bottom > box.bottom) box.bottom = other.bottom;
}
