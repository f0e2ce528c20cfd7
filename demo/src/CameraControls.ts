import * as Phaser from 'phaser';

const MIN_ZOOM = 0.2;
const MAX_ZOOM = 2;
/** Keyboard pan speed in screen px per second (so it feels the same at every zoom). */
const PAN_SPEED = 900;
/** Zoom factor per wheel notch and per +/− key press. */
const ZOOM_STEP = 1.15;

/**
 * Camera pan (drag with the mouse, arrow keys or WASD) and zoom (wheel toward the pointer,
 * + / − keys toward the centre). The camera is bounded by the world.
 */
export class CameraControls {
    private readonly keys: Record<'left' | 'right' | 'up' | 'down' | 'a' | 'd' | 'w' | 's', Phaser.Input.Keyboard.Key> | null;

    constructor(
        scene: Phaser.Scene,
        private readonly camera: Phaser.Cameras.Scene2D.Camera,
    ) {
        const input = scene.input;
        input.on(Phaser.Input.Events.POINTER_MOVE, (pointer: Phaser.Input.Pointer) => {
            if (!pointer.isDown) return;
            camera.scrollX -= (pointer.x - pointer.prevPosition.x) / camera.zoom;
            camera.scrollY -= (pointer.y - pointer.prevPosition.y) / camera.zoom;
        });
        input.on(Phaser.Input.Events.POINTER_WHEEL, (pointer: Phaser.Input.Pointer, _over: unknown, _dx: number, dy: number) => {
            this.zoomBy(dy > 0 ? 1 / ZOOM_STEP : ZOOM_STEP, pointer.x, pointer.y);
        });
        const keyboard = input.keyboard;
        this.keys = keyboard
            ? (keyboard.addKeys({
                  left: 'LEFT',
                  right: 'RIGHT',
                  up: 'UP',
                  down: 'DOWN',
                  a: 'A',
                  d: 'D',
                  w: 'W',
                  s: 'S',
              }) as CameraControls['keys'])
            : null;
        // `key` rather than key codes: + and − sit on different keys across layouts.
        keyboard?.on('keydown', (event: KeyboardEvent) => {
            if (event.key === '+' || event.key === '=') this.zoomBy(ZOOM_STEP, camera.width / 2, camera.height / 2);
            else if (event.key === '-' || event.key === '_') this.zoomBy(1 / ZOOM_STEP, camera.width / 2, camera.height / 2);
        });
    }

    /** Keyboard panning, once per frame. */
    update(deltaMs: number): void {
        const k = this.keys;
        if (!k) return;
        const step = (PAN_SPEED * deltaMs) / 1000 / this.camera.zoom;
        const x = (k.right.isDown || k.d.isDown ? 1 : 0) - (k.left.isDown || k.a.isDown ? 1 : 0);
        const y = (k.down.isDown || k.s.isDown ? 1 : 0) - (k.up.isDown || k.w.isDown ? 1 : 0);
        this.camera.scrollX += x * step;
        this.camera.scrollY += y * step;
    }

    /** Zooms by `factor` keeping the world point under screen point (sx, sy) in place. */
    zoomBy(factor: number, sx: number, sy: number): void {
        const cam = this.camera;
        const before = cam.getWorldPoint(sx, sy);
        cam.setZoom(Phaser.Math.Clamp(cam.zoom * factor, MIN_ZOOM, MAX_ZOOM));
        cam.preRender(); // refresh the matrix getWorldPoint reads
        const after = cam.getWorldPoint(sx, sy);
        cam.scrollX += before.x - after.x;
        cam.scrollY += before.y - after.y;
    }
}
