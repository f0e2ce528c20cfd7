/**
 * Where an animation's pose may jump or its discrete state switch: the times a pose sample must be
 * taken at, never interpolated across (see ClipSamples). They are
 *
 * - every key time of every timeline but events (a stepped key holds its value up to the next key,
 *   where the pose jumps; an attachment, draw-order or inherit key switches there; a curve changes
 *   its shape there), as spine-core compares them: the Float32 value read as a double, so a sample
 *   at that time is on the key's side of `Timeline.search`;
 * - every frame switch of a sequence key that plays (mode other than hold): spine-core computes
 *   the frame as `(time - key) / delay + 0.00001`, truncated, so the switch is the first double at
 *   which that reaches the next integer, found exactly;
 * - 0 and the animation's duration.
 *
 * Spine's own key times, not a fixed rate: a rig keyed at 24 or 30 fps, or at odd times, switches
 * where stock switches.
 */
import type { Animation, Timeline } from './core/shapes';

/** Sequence switches an animation may have before its poses are not worth sharing. */
export const MAX_SEQUENCE_SWITCHES = 4096;

/** Sequence timeline layout (spine-core's `SequenceTimeline`): time, mode | index << 4, delay. */
const SEQUENCE_ENTRIES = 3;
const SEQUENCE_MODE = 1;
const SEQUENCE_DELAY = 2;
/** `SequenceMode`: hold (no switch), once and onceReverse (stop at the last frame). */
const HOLD = 0;
const ONCE = 1;
const ONCE_REVERSE = 4;

interface SequenceTimelineShape {
    frames: ArrayLike<number>;
    attachment: { sequence?: { regions?: ArrayLike<unknown> } | null };
}

/**
 * The sorted times (no duplicates) within [0, duration] where `animation`'s pose may jump or its
 * discrete state switch, 0 and its duration included; null when a sequence switches so often that
 * its poses are not worth sharing.
 */
export function breakTimesOf(animation: Animation): Float64Array | null {
    const duration = animation.duration;
    const times: number[] = [0, duration];
    let switches = 0;
    for (const timeline of animation.timelines) {
        if (Array.isArray(timeline.events)) continue; // events move no pose
        const frames = timeline.frames;
        const entries = timeline.getFrameEntries();
        for (let i = 0; i < frames.length; i += entries) {
            const time = frames[i];
            if (time > 0 && time < duration) times.push(time);
        }
        if (isSequenceTimeline(timeline)) {
            const added = sequenceSwitches(timeline, duration, times, MAX_SEQUENCE_SWITCHES - switches);
            if (added < 0) return null;
            switches += added;
        }
    }
    times.sort((a, b) => a - b);
    const out: number[] = [];
    for (const time of times) if (out.length === 0 || time !== out[out.length - 1]) out.push(time);
    return Float64Array.from(out);
}

/** A sequence timeline (slotKeys.ts tells the kinds apart the same way): a slot, an attachment, no vertices, no attachment names. */
function isSequenceTimeline(timeline: Timeline): timeline is Timeline & SequenceTimelineShape {
    return (
        typeof timeline.slotIndex === 'number' &&
        timeline.attachment !== undefined &&
        !Array.isArray(timeline.vertices) &&
        !Array.isArray(timeline.attachmentNames) &&
        timeline.getFrameEntries() === SEQUENCE_ENTRIES
    );
}

/**
 * Pushes onto `times` each frame switch of `timeline`'s playing keys before the next key (or the
 * animation's end); at most `room` of them. Returns how many, or -1 when there would be more.
 */
function sequenceSwitches(timeline: SequenceTimelineShape, duration: number, times: number[], room: number): number {
    const frames = timeline.frames;
    const count = timeline.attachment.sequence?.regions?.length ?? 0;
    let added = 0;
    for (let i = 0; i < frames.length; i += SEQUENCE_ENTRIES) {
        const before = frames[i];
        const mode = frames[i + SEQUENCE_MODE] & 0xf;
        const delay = frames[i + SEQUENCE_DELAY];
        if (mode === HOLD || count < 2) continue;
        if (!(delay > 0)) return -1;
        const end = Math.min(i + SEQUENCE_ENTRIES < frames.length ? frames[i + SEQUENCE_ENTRIES] : duration, duration);
        // once / onceReverse stop at their last frame: count - 1 switches.
        const last = mode === ONCE || mode === ONCE_REVERSE ? count - 1 : Infinity;
        for (let k = 1; k <= last; k++) {
            const time = switchTime(before, delay, k);
            if (time >= end) break;
            if (++added > room) return -1;
            times.push(time);
        }
    }
    return added;
}

/** The frame spine-core's SequenceTimeline counts at `time` from a key at `before` (mode aside). */
function framesAt(time: number, before: number, delay: number): number {
    return ((time - before) / delay + 0.00001) | 0;
}

/** The first double at which `framesAt` reaches `k`. */
export function switchTime(before: number, delay: number, k: number): number {
    let time = before + (k - 0.00001) * delay;
    // Rounding puts the estimate a few doubles off: walk to the exact one.
    for (let step = 0; step < 64 && framesAt(time, before, delay) >= k; step++) time = previousDouble(time);
    for (let step = 0; step < 128 && framesAt(time, before, delay) < k; step++) time = nextDouble(time);
    return time;
}

const bits = new Float64Array(1);
const words = new BigInt64Array(bits.buffer);

/** The largest double below `x` (x > 0). */
export function previousDouble(x: number): number {
    if (x <= 0) return x === 0 ? -Number.MIN_VALUE : -nextDouble(-x);
    bits[0] = x;
    words[0] -= 1n;
    return bits[0];
}

/** The smallest double above `x` (x >= 0). */
export function nextDouble(x: number): number {
    if (x < 0) return -previousDouble(-x);
    if (x === 0) return Number.MIN_VALUE;
    bits[0] = x;
    words[0] += 1n;
    return bits[0];
}
