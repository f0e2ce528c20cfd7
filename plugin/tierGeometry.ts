/**
 * The geometry of the tier rule, as pure functions over explicit boxes: where an instance's extent
 * lands in the world as a camera sees it, whether that touches the camera's view, how far it is
 * from the view's centre. CameraTiers (which tier) and the pooled class's culling (drawn or not)
 * use them; nothing here reads a game object.
 */
import type { Box } from '../spine/animationReach';

/** Where an object is drawn: its origin's world position, its scale and its scroll factor. */
export interface Placement {
    x: number;
    y: number;
    scaleX: number;
    scaleY: number;
    factorX: number;
    factorY: number;
}

/** A world rectangle, px. */
export interface Rect {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
}

/** A rectangle of the world as a camera sees it (grown by the off-screen margin), and the scroll it was read at. */
export interface ViewRect extends Rect {
    scrollX: number;
    scrollY: number;
}

/** An empty placement, rectangle or view, for scratch use. */
export function placement(): Placement {
    return { x: 0, y: 0, scaleX: 1, scaleY: 1, factorX: 1, factorY: 1 };
}
export function rect(): Rect {
    return { minX: 0, minY: 0, maxX: 0, maxY: 0 };
}
export function viewRect(): ViewRect {
    return { minX: 0, minY: 0, maxX: 0, maxY: 0, scrollX: 0, scrollY: 0 };
}

/**
 * The world rectangle `extent` (a box around the origin, unscaled) covers when placed `at`, as seen
 * by a camera scrolled to `view`'s scroll, into `out`: an object with scroll factor f is drawn where
 * a world point moved by scroll × (1 − f) would be.
 */
export function place(extent: Box, at: Placement, view: ViewRect, out: Rect): void {
    const px = at.x + view.scrollX * (1 - at.factorX);
    const py = at.y + view.scrollY * (1 - at.factorY);
    const a = extent.left * at.scaleX;
    const b = extent.right * at.scaleX;
    const c = extent.top * at.scaleY;
    const d = extent.bottom * at.scaleY;
    out.minX = px + (a < b ? a : b);
    out.maxX = px + (a < b ? b : a);
    out.minY = py + (c < d ? c : d);
    out.maxY = py + (c < d ? d : c);
}

/** Whether `a` lies inside `b`. */
export function within(a: Rect, b: Rect): boolean {
    return a.minX >= b.minX && a.maxX <= b.maxX && a.minY >= b.minY && a.maxY <= b.maxY;
}

/** Whether two rectangles touch. */
export function overlaps(a: Rect, b: Rect): boolean {
    return a.maxX >= b.minX && a.minX <= b.maxX && a.maxY >= b.minY && a.minY <= b.maxY;
}

/**
 * Squared distance (world px²) from (`x`, `y`) to `r`: 0 inside it. A big rig whose body fills the
 * view is near, wherever its origin is.
 */
export function distanceSquared(r: Rect, x: number, y: number): number {
    const dx = x < r.minX ? r.minX - x : x > r.maxX ? x - r.maxX : 0;
    const dy = y < r.minY ? r.minY - y : y > r.maxY ? y - r.maxY : 0;
    return dx * dx + dy * dy;
}
