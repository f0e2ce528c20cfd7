import type { CameraView, Settings } from '../src/options';
import { Tier } from '../src/Tier';
import { OFFSCREEN } from '../spine/offscreen';
import type { PooledInstance, ViewRect } from './PooledInstance';

interface Placed {
    x: number;
    y: number;
    scaleY: number;
    /** Phaser's Transform keeps scale here; reading the field skips a getter whose number V8 would box. */
    _scaleY?: number;
    active: boolean;
    cameraFilter: number;
    parentContainer: unknown;
    getWorldTransformMatrix(temp: unknown, parent: unknown): { tx: number; ty: number; scaleY: number };
}

/** The camera fields read besides `CameraView`'s (a Phaser camera has them). */
interface SceneCamera extends CameraView {
    id?: number;
    visible?: boolean;
}

/** A camera's view as the level-of-detail test reads it: its rectangle, its centre and its id. */
interface CameraRect extends ViewRect {
    centreX: number;
    centreY: number;
    /** Phaser's camera id bit (objects filter cameras by it); 0 for a view that shows everything. */
    id: number;
    /** Screen px per world px, vertically. */
    zoom: number;
}

/**
 * Which tier an instance is in, from where the cameras look (the one place the tier rule lives):
 *
 * - `Inactive` for an object the game set inactive (Phaser's UpdateList skips those);
 * - off screen when its extent (its reach, grown by `offscreenMargin`) touches the view of no
 *   camera that renders it (in a mode that watches for it, see spine/offscreen.ts);
 * - otherwise high, mid or low detail by the distance from the nearest such view's centre to its
 *   extent (`highDetailDistance`, `midDetailDistance`), and at least mid or low detail when it is
 *   small on every such screen (its extent's height × its world scale × the camera's zoom under
 *   `midDetailScreenSize`, `lowDetailScreenSize`): whichever is less detailed.
 *
 * Every visible camera of the scene counts (a minimap, split screen), unless `configure({ camera })`
 * pins one. Views are read from each camera's scroll, zoom and size once per frame (`refresh`),
 * the way Phaser's own Camera.preRender derives `midPoint` and `worldView`; those two fields are only
 * refreshed when the camera renders, which a HEADLESS game never does.
 */
export class CameraTiers {
    /** The views of the cameras in use, grown by the margin; the first `viewCount` are current. */
    private readonly views: CameraRect[] = [];
    private viewCount = 0;
    /** Game time (ms, the scheduler's clock) of the coming classifications: set by the caller. */
    now = 0;
    /** Bumped when any view changes: what an instance was found provably off screen against. */
    private version = 0;

    constructor(
        private readonly settings: Settings,
        private readonly matrix: unknown,
        private readonly parentMatrix: unknown,
    ) {}

    /** Reads the views of `cameras` (those not visible are skipped) for this frame. */
    refresh(cameras: ArrayLike<CameraView>): void {
        const margin = this.settings.options.offscreenMargin;
        let count = 0;
        for (let i = 0; i < cameras.length; i++) {
            const camera = cameras[i] as SceneCamera;
            if (camera.visible === false) continue;
            const view = this.views[count] ?? (this.views[count] = { minX: 0, minY: 0, maxX: 0, maxY: 0, scrollX: 0, scrollY: 0, centreX: 0, centreY: 0, id: 0, zoom: 1 });
            count++;
            let sx = camera.scrollX;
            let sy = camera.scrollY;
            if (camera.useBounds && camera.clampX && camera.clampY) {
                sx = camera.clampX(sx);
                sy = camera.clampY(sy);
            }
            const halfWidth = (camera.width / camera.zoomX) * 0.5 + margin;
            const halfHeight = (camera.height / camera.zoomY) * 0.5 + margin;
            const id = typeof camera.id === 'number' ? camera.id : 0;
            const centreX = sx + camera.width * 0.5;
            const centreY = sy + camera.height * 0.5;
            if (view.scrollX !== sx || view.scrollY !== sy || view.minX !== centreX - halfWidth || view.maxX !== centreX + halfWidth || view.minY !== centreY - halfHeight || view.maxY !== centreY + halfHeight || view.id !== id) {
                this.version++;
            }
            view.scrollX = sx;
            view.scrollY = sy;
            view.centreX = sx + camera.width * 0.5;
            view.centreY = sy + camera.height * 0.5;
            view.minX = view.centreX - halfWidth;
            view.maxX = view.centreX + halfWidth;
            view.minY = view.centreY - halfHeight;
            view.maxY = view.centreY + halfHeight;
            view.id = id;
            view.zoom = camera.zoomY;
        }
        if (count !== this.viewCount) this.version++;
        this.viewCount = count;
    }

    classify(instance: PooledInstance): number {
        const go = instance.go as unknown as Placed;
        if (!go.active) return Tier.Inactive;
        const options = this.settings.options;
        const watches = OFFSCREEN[options.offscreen].watches;
        // Most of a crowd is off screen and stays there: nothing to measure while nothing moved.
        if (watches && go.parentContainer === null && instance.stillAway(this.version)) return Tier.Offscreen;
        let scale: number;
        if (go.parentContainer) {
            const m = go.getWorldTransformMatrix(this.matrix, this.parentMatrix);
            instance.x = m.tx;
            instance.y = m.ty;
            scale = m.scaleY;
        } else {
            instance.x = go.x;
            instance.y = go.y;
            scale = go._scaleY ?? go.scaleY;
        }
        const filter = go.cameraFilter;
        // Where it would be if posed now: its state is behind by the time it is owed.
        const entry = instance.entry;
        instance.ahead = entry !== null && entry.last <= this.now ? (this.now - entry.last) / 1000 : 0;
        const box = instance.measure();
        // Its size on screen: the longer side of its extent (a body lying down is as big as standing).
        const width = box.right - box.left;
        const tall = box.bottom - box.top;
        const height = (width > tall ? width : tall) * (scale < 0 ? -scale : scale);
        let nearest = Infinity;
        let zoom = 0; // the largest zoom it is seen at
        for (let i = 0; i < this.viewCount; i++) {
            const view = this.views[i];
            if ((filter & view.id) !== 0) continue; // that camera does not render it
            if (!instance.overlaps(view) && watches) continue;
            const d2 = instance.distance2(view.centreX, view.centreY);
            if (d2 < nearest) nearest = d2;
            if (view.zoom > zoom) zoom = view.zoom;
        }
        if (nearest === Infinity && watches) {
            if (go.parentContainer === null) instance.rememberAway(this.version, this.views, this.viewCount);
            return Tier.Offscreen;
        }
        const high = options.highDetailDistance;
        const mid = options.midDetailDistance;
        const byDistance = nearest < high * high ? Tier.High : nearest < mid * mid ? Tier.Mid : Tier.Low;
        const size = height * zoom;
        const bySize = size < options.lowDetailScreenSize ? Tier.Low : size < options.midDetailScreenSize ? Tier.Mid : Tier.High;
        return byDistance > bySize ? byDistance : bySize;
    }
}
