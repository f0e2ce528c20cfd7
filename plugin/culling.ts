import type { PooledInstance } from './PooledInstance';

interface Camera {
    rotation: number;
    scrollX: number;
    scrollY: number;
    worldView: { x: number; y: number; right: number; bottom: number };
}

interface Renderable {
    x: number;
    y: number;
    parentContainer: unknown;
    willRender(camera: Camera): boolean;
}

/**
 * Render culling, per camera: the instance's `willRender` (shadowed on this instance only) also
 * says no when its setup-pose bounds, grown by `offscreenMargin`, miss the view of the camera
 * that is about to draw it. Cameras refresh `worldView` just before rendering, so it is current
 * here. Instances in Containers and rotated cameras are left to spine-phaser (always drawn):
 * spine-phaser flushes its batch for container children in its own `willRender`.
 */
export function installCulling(instance: PooledInstance, settings: { readonly cull: boolean; readonly margin: number }): void {
    const go = instance.go as unknown as Renderable;
    const willRender = go.willRender;
    go.willRender = function (this: Renderable, camera: Camera): boolean {
        if (!willRender.call(this, camera)) return false;
        if (!settings.cull || this.parentContainer || camera.rotation !== 0) return true;
        const view = camera.worldView;
        const m = settings.margin;
        return instance.overlaps(this.x, this.y, view.x - m, view.y - m, view.right + m, view.bottom + m, camera.scrollX, camera.scrollY);
    };
}
