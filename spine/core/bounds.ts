/**
 * spine-core's `getBoundsRect` without its garbage: the same `getBounds`, into objects kept here (a
 * physics rig's bounds are read at each of its poses, an animation's at each of its samples).
 */
import type { Skeleton } from './shapes';

/** `getBounds`' out-parameters (spine-core's Vector2, as far as it writes them). */
class Point {
    x = 0;
    y = 0;
    set(x: number, y: number): this {
        this.x = x;
        this.y = y;
        return this;
    }
}

const offset = new Point();
const size = new Point();
/** Working memory for attachments' world vertices (grown once to the largest). */
const temp: number[] = [0, 0];
const rect = { x: 0, y: 0, width: 0, height: 0 };

/** The bounds of `skeleton`'s current pose as `getBoundsRect` gives them (width -Infinity: nothing shown), in an object the next call reuses. */
export function boundsRect(skeleton: Skeleton): Readonly<typeof rect> {
    skeleton.getBounds(offset, size, temp);
    rect.x = offset.x;
    rect.y = offset.y;
    rect.width = size.x;
    rect.height = size.y;
    return rect;
}
