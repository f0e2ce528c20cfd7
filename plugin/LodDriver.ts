import type { CameraView, OffscreenMode, SpinePoolOptions } from '../src/options';
import type { ScheduleDriver } from '../src/Scheduler';
import { Tier } from '../src/Tier';
import { MAX_SLEEP, quietTime } from './eventsOnly';
import { isListened, type InstanceUpdater } from './InstanceUpdater';
import type { CameraRect, PooledInstance } from './PooledInstance';

interface Placed {
    x: number;
    y: number;
    active: boolean;
    cameraFilter: number;
    parentContainer: unknown;
    getWorldTransformMatrix(temp: unknown, parent: unknown): { tx: number; ty: number };
}

/** The camera fields read besides `CameraView`'s (a Phaser camera has them). */
interface SceneCamera extends CameraView {
    id?: number;
    visible?: boolean;
}

/**
 * Tells the scheduler which tier an instance is in, and has its updates made.
 *
 * The tier: `Inactive` for an object the game set inactive (Phaser's UpdateList skips those);
 * off screen when its extent (its reach, grown by `offscreenMargin`) touches the view of no camera
 * that renders it; otherwise by the distance from the nearest such view's centre to its extent.
 * Every camera of the scene counts (a minimap, split screen), unless `configure({ camera })` pins
 * one.
 *
 * Views are read from each camera's scroll, zoom and size once per frame (`refresh`), the way
 * Phaser's own Camera.preRender derives `midPoint` and `worldView`; those two fields are only
 * refreshed when the camera renders, which a HEADLESS game never does.
 */
export class LodDriver implements ScheduleDriver<PooledInstance> {
    private high2 = 0;
    private mid2 = 0;
    private margin = 0;
    private mode: OffscreenMode = 'lod';
    /** Game time (ms, the scheduler's clock) of the updates being made: set by the plugin. */
    now = 0;
    /** Ms of game time until the instance just advanced off screen must be updated again. */
    wakeIn = 0;
    /** The views of the cameras in use, grown by the margin; the first `viewCount` are current. */
    private readonly views: CameraRect[] = [];
    private viewCount = 0;

    constructor(
        private readonly matrix: unknown,
        private readonly parentMatrix: unknown,
        private readonly updater: InstanceUpdater,
    ) {}

    configure(options: SpinePoolOptions): void {
        this.high2 = options.highDetailDistance * options.highDetailDistance;
        this.mid2 = options.midDetailDistance * options.midDetailDistance;
        this.margin = options.offscreenMargin;
        this.mode = options.offscreen;
        this.updater.gapFrames = options.lowFrequency;
    }

    /** Reads the views of `cameras` (those not visible are skipped) for this frame. */
    refresh(cameras: ArrayLike<CameraView>): void {
        let count = 0;
        for (let i = 0; i < cameras.length; i++) {
            const camera = cameras[i] as SceneCamera;
            if (camera.visible === false) continue;
            const view = this.views[count] ?? (this.views[count] = { minX: 0, minY: 0, maxX: 0, maxY: 0, scrollX: 0, scrollY: 0, centreX: 0, centreY: 0, id: 0 });
            count++;
            let sx = camera.scrollX;
            let sy = camera.scrollY;
            if (camera.useBounds && camera.clampX && camera.clampY) {
                sx = camera.clampX(sx);
                sy = camera.clampY(sy);
            }
            const halfWidth = (camera.width / camera.zoomX) * 0.5 + this.margin;
            const halfHeight = (camera.height / camera.zoomY) * 0.5 + this.margin;
            view.scrollX = sx;
            view.scrollY = sy;
            view.centreX = sx + camera.width * 0.5;
            view.centreY = sy + camera.height * 0.5;
            view.minX = view.centreX - halfWidth;
            view.maxX = view.centreX + halfWidth;
            view.minY = view.centreY - halfHeight;
            view.maxY = view.centreY + halfHeight;
            view.id = typeof camera.id === 'number' ? camera.id : 0;
        }
        this.viewCount = count;
    }

    classify(instance: PooledInstance): number {
        const go = instance.go as unknown as Placed;
        if (!go.active) return Tier.Inactive;
        if (go.parentContainer) {
            const m = go.getWorldTransformMatrix(this.matrix, this.parentMatrix);
            instance.x = m.tx;
            instance.y = m.ty;
        } else {
            instance.x = go.x;
            instance.y = go.y;
        }
        const lod = this.mode === 'lod';
        const filter = go.cameraFilter;
        let nearest = Infinity;
        for (let i = 0; i < this.viewCount; i++) {
            const view = this.views[i];
            if ((filter & view.id) !== 0) continue; // that camera does not render it
            if (!instance.overlaps(view) && !lod) continue;
            const d2 = instance.distance2(view.centreX, view.centreY);
            if (d2 < nearest) nearest = d2;
        }
        if (nearest === Infinity && !lod) return Tier.Offscreen;
        return nearest < this.high2 ? Tier.High : nearest < this.mid2 ? Tier.Mid : Tier.Low;
    }

    advance(instance: PooledInstance, ms: number, tier: number, from: number, to: number): void {
        // 'events': off screen, time and events move but nothing is posed.
        const asleep = tier === Tier.Offscreen && this.mode === 'events';
        this.updater.advance(instance, ms, from, to, !asleep);
        this.wakeIn = 0;
        if (!asleep) return;
        // It sleeps until its next event, completion or track end (queued Legacy plays: every frame).
        const legacy = instance.legacy;
        if (legacy !== null && legacy.pending) return;
        // With nothing due, wake on the instance's own point of a MAX_SLEEP grid: evenly spread.
        const longest = MAX_SLEEP - ((this.now + instance.sleepPhase * MAX_SLEEP) % MAX_SLEEP);
        this.wakeIn = quietTime(instance.go, isListened(instance), longest);
    }

    catchUp(instance: PooledInstance, ms: number, from: number, to: number): void {
        // Time, queued entries and events only: the next scheduled update poses it.
        this.updater.advance(instance, ms, from, to, false);
    }
}
