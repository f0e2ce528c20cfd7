import type { CameraView, OffscreenMode, SpinePoolOptions } from '../src/options';
import type { ScheduleDriver } from '../src/Scheduler';
import { Tier } from '../src/Tier';
import { LONG_UPDATE, MAX_SLEEP, quietTime, splitLongUpdate, updateEventsOnly } from './eventsOnly';
import type { PooledInstance, ViewRect } from './PooledInstance';

interface Placed {
    x: number;
    y: number;
    scrollFactorX: number;
    scrollFactorY: number;
    parentContainer: unknown;
    getWorldTransformMatrix(temp: unknown, parent: unknown): { tx: number; ty: number };
}

/**
 * Tells the scheduler which tier an instance is in (its distance to the camera's view centre,
 * and whether its setup-pose bounds, grown by `offscreenMargin`, touch the view) and updates
 * instances: `updatePose(ms)`, or an events-only update off screen in `'events'` mode.
 *
 * The view is read from the camera's scroll, zoom and size once per frame (`refresh`), the way
 * Phaser's own Camera.preRender derives `midPoint` and `worldView`; those two fields are only
 * refreshed when the camera renders, which a HEADLESS game never does.
 */
export class LodDriver implements ScheduleDriver<PooledInstance> {
    private centreX = 0;
    private centreY = 0;
    private halfWidth = 0;
    private halfHeight = 0;
    private scrollX = 0;
    private scrollY = 0;
    private high2 = 0;
    private mid2 = 0;
    private margin = 0;
    private mode: OffscreenMode = 'lod';
    /** Game time (ms, the scheduler's clock) of the updates being made: set by the plugin. */
    now = 0;
    /** The view grown by the margin, for `overlaps`. */
    private readonly view: ViewRect = { minX: 0, minY: 0, maxX: 0, maxY: 0, scrollX: 0, scrollY: 0 };

    constructor(
        private readonly matrix: unknown,
        private readonly parentMatrix: unknown,
    ) {}

    configure(options: SpinePoolOptions): void {
        this.high2 = options.highDetailDistance * options.highDetailDistance;
        this.mid2 = options.midDetailDistance * options.midDetailDistance;
        this.margin = options.offscreenMargin;
        this.mode = options.offscreen;
    }

    /** Reads the camera's view for this frame. */
    refresh(camera: CameraView): void {
        let sx = camera.scrollX;
        let sy = camera.scrollY;
        if (camera.useBounds && camera.clampX && camera.clampY) {
            sx = camera.clampX(sx);
            sy = camera.clampY(sy);
        }
        this.scrollX = sx;
        this.scrollY = sy;
        this.centreX = sx + camera.width * 0.5;
        this.centreY = sy + camera.height * 0.5;
        this.halfWidth = (camera.width / camera.zoomX) * 0.5;
        this.halfHeight = (camera.height / camera.zoomY) * 0.5;
        const view = this.view;
        view.minX = this.centreX - this.halfWidth - this.margin;
        view.maxX = this.centreX + this.halfWidth + this.margin;
        view.minY = this.centreY - this.halfHeight - this.margin;
        view.maxY = this.centreY + this.halfHeight + this.margin;
        view.scrollX = sx;
        view.scrollY = sy;
    }

    classify(instance: PooledInstance): number {
        const go = instance.go as unknown as Placed;
        let x: number;
        let y: number;
        if (go.parentContainer) {
            const m = go.getWorldTransformMatrix(this.matrix, this.parentMatrix);
            x = m.tx;
            y = m.ty;
        } else {
            x = go.x;
            y = go.y;
        }
        if (this.mode !== 'lod') {
            instance.x = x;
            instance.y = y;
            if (!instance.overlaps(this.view)) return Tier.Offscreen;
        }
        // An object with scroll factor f is drawn where a world point moved by scroll * (1 - f) is.
        const dx = x + this.scrollX * (1 - go.scrollFactorX) - this.centreX;
        const dy = y + this.scrollY * (1 - go.scrollFactorY) - this.centreY;
        const d2 = dx * dx + dy * dy;
        return d2 < this.high2 ? Tier.High : d2 < this.mid2 ? Tier.Mid : Tier.Low;
    }

    advance(instance: PooledInstance, ms: number, tier: number): number {
        const legacy = instance.legacy;
        ms = this.lead(instance, ms);
        if (tier === Tier.Offscreen && this.mode === 'events') {
            updateEventsOnly(instance.go, ms);
            // Off screen it sleeps until its next event, completion or track end.
            if (legacy !== null && legacy.pending) return 0;
            // With nothing due, wake on the instance's own point of a MAX_SLEEP grid: evenly spread.
            const longest = MAX_SLEEP - ((this.now + instance.sleepPhase * MAX_SLEEP) % MAX_SLEEP);
            return quietTime(instance.go, isListened(instance), longest);
        }
        instance.go.updatePose(ms);
        return 0;
    }

    catchUp(instance: PooledInstance, ms: number): void {
        // Time, queued entries and events only: the next scheduled update poses it.
        updateEventsOnly(instance.go, this.lead(instance, ms));
    }

    /**
     * What comes before an update of `ms`: queued Legacy plays start inside it at their exact
     * moments, and one longer than a loop is cut so that loop's events are not skipped (rare: long
     * intervals, stalls). Both advance the instance (events only) through part of `ms`; returns
     * the ms left for the update itself.
     */
    private lead(instance: PooledInstance, ms: number): number {
        const legacy = instance.legacy;
        if (legacy !== null && legacy.pending) ms = this.startQueued(instance, ms);
        return ms > LONG_UPDATE ? splitLongUpdate(instance.go, ms, isListened(instance)) : ms;
    }

    /**
     * Starts the Legacy plays queued on `instance` that fall within the next `ms`. Where one is
     * due after another started in the same span, the instance is first advanced (events only)
     * to that moment. Returns the ms left for the update itself.
     */
    private startQueued(instance: PooledInstance, ms: number): number {
        const legacy = instance.legacy!;
        let left = ms;
        for (;;) {
            const split = legacy.beforeUpdate(left / 1000) * 1000;
            if (!(split < left)) return left;
            updateEventsOnly(instance.go, split);
            left -= split;
        }
    }
}

/** Whether anyone listens to the instance's AnimationState (the game, the pool or the plugin). */
function isListened(instance: PooledInstance): boolean {
    return instance.hygiene.listeners.records.length > 0;
}
