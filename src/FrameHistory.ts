/**
 * The deltas of the last `FRAME_HISTORY` frames, by frame index: what lets an update that covers
 * several frames be replayed frame by frame, with the very deltas a per-frame update would get.
 * Written by the scheduler once per step, read by the scheduler and its driver.
 */
export class FrameHistory {
    private readonly deltas = new Float64Array(FRAME_HISTORY);

    /** Records the delta (ms) of `frame`. */
    record(frame: number, delta: number): void {
        this.deltas[frame % FRAME_HISTORY] = delta;
    }

    /** The delta (ms) of `frame`, one of the last `FRAME_HISTORY` frames recorded. */
    deltaAt(frame: number): number {
        return this.deltas[frame % FRAME_HISTORY];
    }
}

/**
 * Frames of deltas kept. An update within this many frames of the previous one is given them one
 * by one (an off-screen sleeper wakes at least once a second: 240 frames at 240 Hz).
 */
export const FRAME_HISTORY = 256;
