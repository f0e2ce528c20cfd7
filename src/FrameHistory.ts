/**
 * The deltas of the last `FRAME_HISTORY` frames, by frame index: what lets an update that covers
 * several frames be replayed frame by frame, with the very deltas a per-frame update would get.
 * Written by the scheduler once per step, read by the scheduler and its driver (the delta of frame
 * f is `deltas[f % FRAME_HISTORY]`).
 */
export class FrameHistory {
    /**
     * The deltas by `frame % FRAME_HISTORY` (read directly in tight loops: a call returning a
     * number that V8 does not inline boxes it).
     */
    readonly deltas = new Float64Array(FRAME_HISTORY);
    /**
     * The same deltas as number objects, each made once when recorded: handed to calls that are not
     * inlined (a pose per instance), a double would be boxed anew at every call.
     */
    readonly boxed: unknown[] = new Array<unknown>(FRAME_HISTORY).fill(null);

    /** Records the delta (ms) of `frame`. */
    record(frame: number, delta: number): void {
        this.deltas[frame % FRAME_HISTORY] = delta;
        this.boxed[frame % FRAME_HISTORY] = delta;
    }
}

/**
 * Frames of deltas kept. An update within this many frames of the previous one is given them one
 * by one (an off-screen sleeper wakes at least once a second: 240 frames at 240 Hz).
 */
export const FRAME_HISTORY = 256;
