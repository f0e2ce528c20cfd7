import type * as Phaser from 'phaser';
import { watchUpdatePass } from './updatePass';

/** Weight of the newest sample in the moving averages: steady numbers that still follow a toggle. */
const SMOOTHING = 0.05;

/**
 * Frame timings for the HUD, measured on the wall clock: the time between frames (and the FPS
 * it makes), and the time of the scene's update pass in which the pool poses its instances
 * (from PRE_UPDATE to an UPDATE listener added after the plugin's). Rendering is not in it.
 */
export class FrameMetrics {
    fps = 0;
    frameMs = 0;
    poseMs = 0;
    private passStart = 0;
    private lastFrame = 0;

    constructor(scene: Phaser.Scene) {
        watchUpdatePass(scene, this.startPass, this.endPass, this);
    }

    private startPass(): void {
        const now = performance.now();
        if (this.lastFrame > 0) {
            const sample = now - this.lastFrame;
            this.frameMs = this.frameMs === 0 ? sample : this.frameMs + (sample - this.frameMs) * SMOOTHING;
            this.fps = 1000 / this.frameMs;
        }
        this.lastFrame = now;
        this.passStart = now;
    }

    private endPass(): void {
        this.poseMs += (performance.now() - this.passStart - this.poseMs) * SMOOTHING;
    }
}
