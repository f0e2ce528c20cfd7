import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { CameraView, Settings } from '../src/options';
import { Tier } from '../src/Tier';
import { extentOf, wholeExtentOf, type Box } from '../spine/animationReach';
import { OFFSCREEN } from '../spine/offscreen';
import type { PooledInstance } from './PooledInstance';
import { distanceSquared, overlaps, place, placement, rect, within, type Placement, type ViewRect } from './tierGeometry';

interface Placed {
    x: number;
    y: number;
    scaleX: number;
    scaleY: number;
    /** Phaser's Transform keeps scale here; reading the field skips a getter whose number V8 would box. */
    _scaleX?: number;
    _scaleY?: number;
    /** spine-phaser-v4: its renderer (`'phaser'`, the default one, draws the flips) and flips. */
    rendererType?: string;
    flipX?: boolean;
    flipY?: boolean;
    scrollFactorX: number;
    scrollFactorY: number;
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
 * - high detail for one the game pinned there (`detail: 'full'`), wherever it is;
 * - off screen when its extent (its reach, grown by `offscreenMargin`) touches the view of no
 *   camera that renders it (in a mode that watches for it, see spine/offscreen.ts);
 * - otherwise high, mid or low detail by the distance from the nearest such view's centre to its
 *   extent (`highDetailDistance`, `midDetailDistance`), and at least mid or low detail when it is
 *   small on every such screen (its extent's height × its world scale × the camera's zoom under
 *   `midDetailScreenSize`, `lowDetailScreenSize`): whichever is less detailed.
 *
 * Every visible camera of the scene counts (a minimap, split screen), unless `configure({ camera })`
 * pins one; so does a texture it was drawn into in this frame or the last (`rt.draw`: at the zoom
 * of the texture's camera, near as can be). Views are read from each camera's scroll, zoom and size once per frame (`refresh`),
 * the way Phaser's own Camera.preRender derives `midPoint` and `worldView`; those two fields are only
 * refreshed when the camera renders, which a HEADLESS game never does.
 */
export class CameraTiers {
    /** The views of the cameras in use, grown by the margin; the first `viewCount` are current. */
    private readonly views: CameraRect[] = [];
    private viewCount = 0;
    /** Game time (ms, the scheduler's clock) of the coming classifications: set by the caller. */
    now = 0;
    /** The scheduler's frame of the coming classifications: set by the caller. */
    frame = 0;
    /** Bumped when any view changes: what an instance was found provably off screen against. */
    private version = 0;
    /** Scratch of `classify` (it does not nest): where the instance is, its extent, that extent placed. */
    private readonly at = placement();
    private readonly box: Box = { left: 0, top: 0, right: 0, bottom: 0 };
    private readonly placed = rect();

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
            const view =
                this.views[count] ??
                (this.views[count] = { minX: 0, minY: 0, maxX: 0, maxY: 0, scrollX: 0, scrollY: 0, centreX: 0, centreY: 0, id: 0, zoom: 1 });
            count++;
            let sx = camera.scrollX;
            let sy = camera.scrollY;
            if (camera.useBounds && camera.clampX && camera.clampY) {
                sx = camera.clampX(sx);
                sy = camera.clampY(sy);
            }
            // A rotated camera sees its viewport turned about its centre: the box around that.
            const r = camera.rotation ?? 0;
            const cos = r === 0 ? 1 : Math.abs(Math.cos(r));
            const sin = r === 0 ? 0 : Math.abs(Math.sin(r));
            const halfWidth = ((cos * camera.width + sin * camera.height) / camera.zoomX) * 0.5 + margin;
            const halfHeight = ((sin * camera.width + cos * camera.height) / camera.zoomY) * 0.5 + margin;
            const id = typeof camera.id === 'number' ? camera.id : 0;
            const centreX = sx + camera.width * 0.5;
            const centreY = sy + camera.height * 0.5;
            if (
                view.scrollX !== sx ||
                view.scrollY !== sy ||
                view.minX !== centreX - halfWidth ||
                view.maxX !== centreX + halfWidth ||
                view.minY !== centreY - halfHeight ||
                view.maxY !== centreY + halfHeight ||
                view.id !== id
            ) {
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
        const go = instance.go as Placed;
        instance.smallerView = false;
        if (!go.active) return Tier.Inactive;
        if (instance.fullDetail) return Tier.High; // the game pinned it (a followed hero, a boss)
        const options = this.settings.options;
        const watches = OFFSCREEN[options.offscreen].watches;
        // Most of a crowd is off screen and stays there: nothing to measure while nothing moved.
        // (Not a physics rig, nor one the game posed: physics or code takes it where no animation goes.)
        const animated = !instance.hasPhysics && instance.reach.gamePosed === null;
        // Drawn into a texture (rt.draw) in this frame or the last: seen there, at the zoom it was drawn at.
        const drawnInTexture = instance.textureFrame >= this.frame - 1;
        if (watches && go.parentContainer === null && animated && !drawnInTexture && instance.away.holds(instance.go, instance.skeleton, this.version))
            return Tier.Offscreen;
        const at = this.at;
        placementOf(instance.go, at);
        let scale: number;
        if (go.parentContainer) {
            const m = go.getWorldTransformMatrix(this.matrix, this.parentMatrix);
            at.x = m.tx;
            at.y = m.ty;
            scale = m.scaleY;
        } else {
            scale = at.scaleY;
        }
        const filter = go.cameraFilter;
        if (go.parentContainer === null && !drawnInTexture && this.smallWherever(instance, at, scale, filter, watches)) return Tier.Low;
        // Where it would be if posed now: its state is behind by the time it is owed.
        const entry = instance.entry;
        const box = this.box;
        instance.reach.ahead = entry !== null && entry.last <= this.now ? (this.now - entry.last) / 1000 : 0;
        extentOf(instance.skeleton, instance.go.animationState, instance.version, instance.setupBox, box, instance.reach);
        // Its size on screen: the longer side of its extent (a body lying down is as big as standing).
        const width = box.right - box.left;
        const tall = box.bottom - box.top;
        const height = (width > tall ? width : tall) * (scale < 0 ? -scale : scale);
        let nearest = Infinity;
        let zoom = 0; // the largest zoom it is seen at
        let largest = 0; // the largest zoom of the cameras that render it
        const placed = this.placed;
        for (let i = 0; i < this.viewCount; i++) {
            const view = this.views[i];
            if ((filter & view.id) !== 0) continue; // that camera does not render it
            if (view.zoom > largest) largest = view.zoom;
            place(box, at, view, placed);
            if (watches && !overlaps(placed, view)) continue;
            const d2 = distanceSquared(placed, view.centreX, view.centreY);
            if (d2 < nearest) nearest = d2;
            if (view.zoom > zoom) zoom = view.zoom;
        }
        if (drawnInTexture) {
            nearest = 0;
            if (instance.textureZoom > zoom) zoom = instance.textureZoom;
        }
        // Seen only by cameras that show it smaller than another would (a minimap): watched, so
        // it moves tier in the frame it comes into the larger view (UpdatePass.endFrame).
        instance.smallerView = watches && zoom < largest;
        if (nearest === Infinity && watches) {
            if (go.parentContainer === null && animated)
                instance.away.check(instance.go, instance.skeleton, instance.version, instance.reach, at, this.views, this.viewCount, this.version);
            return Tier.Offscreen;
        }
        const high = options.highDetailDistance;
        const mid = options.midDetailDistance;
        const byDistance = nearest < high * high ? Tier.High : nearest < mid * mid ? Tier.Mid : Tier.Low;
        const size = height * zoom;
        const bySize = size < options.lowDetailScreenSize ? Tier.Low : size < options.midDetailScreenSize ? Tier.Mid : Tier.High;
        return byDistance > bySize ? byDistance : bySize;
    }

    /**
     * `classify`'s answer without its state read (a crowd's cold TrackEntry objects: most of the
     * classification), when a box holding every extent it can have (`wholeExtentOf`) gives it:
     * each view that renders it either holds that box whole or does not touch it (so the views its
     * extent touches are known; `watches` false: every view that renders it counts), one holds it,
     * and the box is small on all of those (so its extent is): low detail, whatever the distance.
     * False when the box cannot tell.
     */
    private smallWherever(instance: PooledInstance, at: Placement, scale: number, filter: number, watches: boolean): boolean {
        const box = this.box;
        if (!wholeExtentOf(instance.skeleton, instance.setupBox, box, instance.reach, this.frame)) return false;
        const width = box.right - box.left;
        const tall = box.bottom - box.top;
        const height = (width > tall ? width : tall) * (scale < 0 ? -scale : scale);
        let zoom = 0;
        let largest = 0;
        const placed = this.placed;
        for (let i = 0; i < this.viewCount; i++) {
            const view = this.views[i];
            if ((filter & view.id) !== 0) continue;
            if (view.zoom > largest) largest = view.zoom;
            if (watches) place(box, at, view, placed);
            if (!watches || within(placed, view)) {
                if (view.zoom > zoom) zoom = view.zoom;
            } else if (overlaps(placed, view)) return false;
        }
        if (zoom === 0 || height * zoom >= this.settings.options.lowDetailScreenSize) return false;
        instance.smallerView = watches && zoom < largest;
        return true;
    }
}

/** Where `go` is drawn (outside a container: its own fields), into `out`. */
export function placementOf(go: SpineGameObject, out: Placement): void {
    const g = go as Placed;
    out.x = g.x;
    out.y = g.y;
    // Phaser's Transform keeps scale in _scaleX/_scaleY; reading the field skips a getter call.
    out.scaleX = g._scaleX ?? g.scaleX;
    out.scaleY = g._scaleY ?? g.scaleY;
    // spine-phaser-v4's default renderer draws an object's flips (as a scale of -1): it is seen there.
    if (g.rendererType === 'phaser') {
        if (g.flipX === true) out.scaleX = -out.scaleX;
        if (g.flipY === true) out.scaleY = -out.scaleY;
    }
    out.factorX = g.scrollFactorX;
    out.factorY = g.scrollFactorY;
}
