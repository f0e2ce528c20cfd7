/**
 * The poses of one clip (skeleton data, skin, animation) as error-bounded samples, built where and
 * when they are first needed.
 *
 * - The animation's break times (breakTimes.ts: every key time, every sequence frame switch, 0 and
 *   the end) cut it into segments. A segment is never interpolated across: it starts with the exact
 *   pose at its first break and ends with the pose just before the next one (its left limit: a
 *   stepped key's held value, the last pose before the loop wraps), so a jump at a break is served
 *   on the frame stock shows it, and discrete state (attachments, draw order, sequence frames,
 *   which only switch at breaks) is the sample's at or before the time: stock's exactly.
 * - Inside a segment, samples go where the pose bends: a gap between two samples is kept when the
 *   poses interpolated at its quarter points and middle are within 0.8 of the tolerance of the exact ones
 *   (SampleLayout.error: bones and what they carry, deforms, colours), else split at its middle;
 *   still gaps take one check, fast ones as many samples as they need.
 * - A gap split down to `MIN_GAP` whose ends are still apart holds a jump no key marks (a one-bone
 *   IK flipping as its target passes through its origin, a transform constraint's angle wrapping
 *   from +180° to -180°): the jump is found (`cut`, bisecting on doubles to the first on its far
 *   side) and cut like a key, a sample either side of it, so no pose is interpolated across it.
 * - A time past a non-looping animation's end is served the exact pose at its end.
 *
 * Poses come from a `SampleSource` (the pose cache: its scratch skeleton, its per-frame budget and
 * memory); a lookup that needs a pose the budget does not allow this frame fails, and the caller
 * poses the instance in full. A prewarm builds them all ahead (`cover`).
 */
import { nextDouble, previousDouble } from './breakTimes';
import type { SampleLayout } from './SampleLayout';
import { letGo, type SampleVertices } from './SampleVertices';

/** A pose sample: its floats (see SampleLayout) and the attachments of its attachment-keyed slots. */
export interface Sample {
    readonly floats: Float32Array;
    readonly refs: unknown[];
    /** What drawing it needs, once built (SampleVertices.ts); false once its clip let go of it. */
    drawn: SampleVertices | null | false;
}

/** Where the poses come from. */
export interface SampleSource {
    /** The exact pose at `time` as a new sample, counted against the frame's budget and the memory; null when either is spent. */
    take(time: number): Sample | null;
    /** `count` samples taken are let go of. */
    release(count: number): void;
}

/** The samples around a time, as `locate` found them. */
export interface SamplePair {
    a: Sample | null;
    b: Sample | null;
    /** How far (0..1) the time is from `a` towards `b`. */
    weight: number;
}

/** Seconds below which a gap whose ends are still apart holds a jump, found and cut (see `ClipSamples.cut`). */
export const MIN_GAP = 1e-5;

/** What the tolerance checks compare against. */
export interface Tolerance {
    /** Skeleton px (see SampleLayout.error). */
    px: number;
    /** Per colour channel (0..1). */
    color: number;
}

interface Segment {
    /** Sample times: the first at the segment's break, the last at the next break (its sample: the pose just before it). */
    readonly times: number[];
    readonly samples: Sample[];
    /** Whether the gap from sample j to j + 1 was checked within the tolerance. */
    readonly ok: boolean[];
    /** The exact pose at gap j's middle, when a check already made it. */
    readonly mids: (Sample | null)[];
    /** Jumps being narrowed down (`cut`), over more than one frame's budget: by the time their gap starts at. */
    readonly cuts: Bracket[];
}

/** A jump inside the gap from `from`: the pose at `lo` is on the gap's start side, the one at `hi` on its end side. */
interface Bracket {
    from: number;
    lo: number;
    hi: number;
    /** Halvings so far (at most CUT_STEPS). */
    steps: number;
}

export class ClipSamples {
    private readonly segments: (Segment | null)[];
    /** The exact pose at the animation's end (a non-looping one held there). */
    private end: Sample | null = null;
    /** Samples kept (pending middles included). */
    count = 0;

    constructor(
        /** The break times (breakTimes.ts): 0 first, the duration last. */
        private readonly breaks: Float64Array,
        private readonly layout: SampleLayout,
        /** Each bone's reach (virtualVertices.ts). */
        private readonly radii: Float32Array,
        private readonly tolerance: Tolerance,
    ) {
        this.segments = new Array<Segment | null>(Math.max(0, breaks.length - 1)).fill(null);
    }

    /**
     * Writes into `out` the samples around animation time `time` (its time as the entry applies
     * it: within [0, duration]) and the weight between them, taking the poses still missing from
     * `source`. False when the source could not give them this frame.
     */
    locate(time: number, out: SamplePair, source: SampleSource): boolean {
        const breaks = this.breaks;
        const last = breaks.length - 1;
        if (last <= 0 || time >= breaks[last]) {
            if (this.end === null) {
                this.end = source.take(breaks[last]);
                if (this.end === null) return false;
                this.count++;
            }
            out.a = out.b = this.end;
            out.weight = 0;
            return true;
        }
        const t = time > 0 ? time : 0;
        const i = lastAtOrBefore(breaks, t, last);
        let segment = this.segments[i];
        if (segment === null) {
            segment = this.makeSegment(i, source);
            if (segment === null) return false;
        }
        const times = segment.times;
        for (;;) {
            const j = lastAtOrBefore(times, t, times.length - 1);
            if (segment.ok[j]) {
                const t0 = times[j];
                out.a = segment.samples[j];
                out.b = segment.samples[j + 1];
                out.weight = (t - t0) / (times[j + 1] - t0);
                return true;
            }
            if (!this.check(segment, j, source)) return false;
        }
    }

    /**
     * Builds every sample a lookup of the clip can need (each segment, each gap checked, the end
     * pose), taking poses from `source` until done or it gives none: the work `locate` would do
     * over the frames the clip is played, done ahead (a prewarm). True when every time is served
     * without taking a pose; call again (a later frame) while false.
     */
    cover(source: SampleSource): boolean {
        if (this.end === null) {
            this.end = source.take(this.breaks[Math.max(0, this.breaks.length - 1)]);
            if (this.end === null) return false;
            this.count++;
        }
        for (let i = 0; i < this.segments.length; i++) {
            let segment = this.segments[i];
            if (segment === null) {
                segment = this.makeSegment(i, source);
                if (segment === null) return false;
            }
            // A check splits its gap (or cuts a jump) in place: the same index is looked at again.
            for (let j = 0; j < segment.ok.length;) {
                if (segment.ok[j]) j++;
                else if (!this.check(segment, j, source)) return false;
            }
        }
        return true;
    }

    /** Lets go of every sample (the cache drops the clip); returns how many there were. */
    clear(): number {
        const count = this.count;
        // Instances served them may still hold them: they are not drawn from any more (their bytes are given back).
        for (const segment of this.segments) {
            if (segment === null) continue;
            for (const sample of segment.samples) forget(sample);
            for (const sample of segment.mids) if (sample !== null) forget(sample);
        }
        if (this.end !== null) forget(this.end);
        this.segments.fill(null);
        this.end = null;
        this.count = 0;
        return count;
    }

    /** Gives back the GPU copies of its samples' pictures; returns their bytes. */
    letGoGpu(): number {
        let bytes = 0;
        for (const segment of this.segments) {
            if (segment === null) continue;
            for (const sample of segment.samples) bytes += letGoGpu(sample);
            for (const sample of segment.mids) if (sample !== null) bytes += letGoGpu(sample);
        }
        if (this.end !== null) bytes += letGoGpu(this.end);
        return bytes;
    }

    /** Segment `i`: the exact pose at its break and the pose just before the next, shared with a neighbour's when equal. */
    private makeSegment(i: number, source: SampleSource): Segment | null {
        const breaks = this.breaks;
        const first = source.take(breaks[i]);
        if (first === null) return null;
        const lastTime = breaks[i + 1];
        const last = source.take(previousDouble(lastTime));
        if (last === null) {
            source.release(1);
            return null;
        }
        let start = first;
        let end = last;
        let kept = 2;
        // Equal neighbouring poses are kept once (a continuous break, the usual case).
        const before = i > 0 ? this.segments[i - 1] : null;
        if (before !== null) {
            const previousEnd = before.samples[before.samples.length - 1];
            if (this.same(previousEnd, first, true)) {
                start = previousEnd;
                kept--;
            }
        }
        const after = this.segments[i + 1] ?? null;
        if (after !== null && this.same(after.samples[0], last, false)) {
            end = after.samples[0];
            kept--;
        }
        source.release(2 - kept);
        this.count += kept;
        const segment: Segment = { times: [breaks[i], lastTime], samples: [start, end], ok: [false], mids: [null], cuts: [] };
        this.segments[i] = segment;
        return segment;
    }

    /**
     * Checks gap `j` of `segment` against the exact poses at its quarter points and middle: kept
     * when all are within `CHECKED` of the tolerance (and show the discrete state of its start), else split at
     * its middle (the quarter poses become the halves' middles). False when the source could not
     * give the poses this frame.
     */
    private check(segment: Segment, j: number, source: SampleSource): boolean {
        const t0 = segment.times[j];
        const t1 = segment.times[j + 1];
        const span = t1 - t0;
        if (span <= MIN_GAP) {
            const pending = segment.mids[j];
            if (pending !== null) {
                segment.mids[j] = null;
                this.count--;
                source.release(1);
            }
            // Continuous over so short a time: kept. Still apart: a jump, cut where it is.
            if (this.near(segment.samples[j], segment.samples[j + 1])) {
                segment.ok[j] = true;
                return true;
            }
            return this.cut(segment, j, source);
        }
        const mid = t0 + span / 2;
        const q1 = t0 + span / 4;
        const q3 = t0 + (span * 3) / 4;
        let middle = segment.mids[j];
        let taken = 0;
        if (middle === null) {
            middle = source.take(mid);
            if (middle === null) return false;
            segment.mids[j] = middle;
            this.count++;
        }
        const first = source.take(q1);
        if (first === null) return false;
        taken++;
        const third = source.take(q3);
        if (third === null) {
            source.release(taken);
            return false;
        }
        taken++;
        const a = segment.samples[j];
        const b = segment.samples[j + 1];
        const within = this.within(first, a, b, (q1 - t0) / span) && this.within(middle, a, b, (mid - t0) / span) && this.within(third, a, b, (q3 - t0) / span);
        if (within) {
            segment.ok[j] = true;
            segment.mids[j] = null;
            this.count--;
            source.release(taken + 1);
            return true;
        }
        // Split at the middle: the quarter poses are the middles of the two halves.
        segment.times.splice(j + 1, 0, mid);
        segment.samples.splice(j + 1, 0, middle);
        segment.ok.splice(j + 1, 0, false);
        segment.mids[j] = first;
        segment.mids.splice(j + 1, 0, third);
        this.count += 2;
        return true;
    }

    /**
     * Gap `j` of `segment` (at most `MIN_GAP` long) holds a jump: finds the first double on its far
     * side (bisecting down to adjacent doubles, at most CUT_STEPS halvings, each pose taken and let
     * go of; the bracket is kept in the segment when the frame's budget ends first) and puts a sample at the last double before it and at it,
     * so the gap becomes: from its start to the first (continuous, kept), those two adjacent
     * doubles (no time between them), and from the jump to its end (checked again: another jump is
     * cut the same way). False when the source could not give the poses this frame.
     */
    private cut(segment: Segment, j: number, source: SampleSource): boolean {
        const times = segment.times;
        const t0 = times[j];
        const t1 = times[j + 1];
        const a = segment.samples[j];
        const b = segment.samples[j + 1];
        let bracket: Bracket | null = null;
        for (const open of segment.cuts) if (open.from === t0) bracket = open;
        if (bracket === null) {
            bracket = { from: t0, lo: t0, hi: t1, steps: 0 };
            segment.cuts.push(bracket);
        }
        while (bracket.steps < CUT_STEPS && nextDouble(bracket.lo) < bracket.hi) {
            bracket.steps++;
            const mid = bracket.lo + (bracket.hi - bracket.lo) / 2;
            const pose = source.take(mid);
            if (pose === null) return false;
            const startSide = this.near(pose, a);
            source.release(1);
            if (startSide) bracket.lo = mid;
            else bracket.hi = mid;
        }
        const lo = bracket.lo;
        const hi = bracket.hi;
        const before = lo === t0 ? a : source.take(lo);
        if (before === null) return false;
        const after = hi === t1 ? b : source.take(hi);
        if (after === null) {
            if (before !== a) source.release(1);
            return false;
        }
        segment.cuts.splice(segment.cuts.indexOf(bracket), 1);
        // The gap becomes [t0, lo] (continuous: kept), [lo, hi] (the jump: nothing between), [hi, t1] (checked again).
        segment.ok[j] = true;
        let at = j + 1;
        if (before !== a) {
            times.splice(at, 0, lo);
            segment.samples.splice(at, 0, before);
            segment.ok.splice(at, 0, true);
            segment.mids.splice(at, 0, null);
            this.count++;
            at++;
        }
        if (after !== b) {
            times.splice(at, 0, hi);
            segment.samples.splice(at, 0, after);
            segment.ok.splice(at, 0, false);
            segment.mids.splice(at, 0, null);
            this.count++;
        }
        return true;
    }

    /** Whether two poses are within the tolerance of each other (the checks' share of it), with the same discrete state. */
    private near(x: Sample, y: Sample): boolean {
        return this.within(x, y, y, 0);
    }

    /** Whether `exact` is within the tolerance of the pose interpolated from `a` towards `b` by `weight`, with `a`'s discrete state. */
    private within(exact: Sample, a: Sample, b: Sample, weight: number): boolean {
        const layout = this.layout;
        return (
            layout.sameDiscrete(exact.floats, exact.refs, a.floats, a.refs) &&
            layout.error(exact.floats, a.floats, b.floats, weight, this.radii, this.tolerance.px, this.tolerance.color) <= CHECKED
        );
    }

    /** Whether two samples are the same pose (well within the tolerance; with the same discrete state when `discrete`). */
    private same(x: Sample, y: Sample, discrete: boolean): boolean {
        const layout = this.layout;
        if (discrete && !layout.sameDiscrete(x.floats, x.refs, y.floats, y.refs)) return false;
        return layout.error(x.floats, y.floats, y.floats, 0, this.radii, this.tolerance.px, this.tolerance.color) <= SAME;
    }
}

/**
 * The fraction of the tolerance the checked poses must be within: the poses between them, which no
 * check sees, bend a little farther, and the tolerance is promised for every pose. Measured on the
 * corpus (test/unit/poseCacheError.test.ts): checked against the whole tolerance, served poses
 * went up to 4 % past it in px and past half a colour level on a colour curve; at 0.9 the colour
 * still did; at 0.8 the worst served pose is 0.85 of it (about 10 % more samples than at 1).
 */
const CHECKED = 0.8;

/**
 * Halvings a jump's bracket gets at most: from MIN_GAP down to adjacent doubles takes about 47 at
 * a second, more near 0 where doubles are dense; 64 leave a window below 1e-24 s there, which no
 * frame lands in.
 */
const CUT_STEPS = 64;

/** Two poses this close (a fraction of the tolerance) are one. */
const SAME = 0.01;

/** The index of the last of `values[0..last)` at or before `t` (values[0] <= t). */
function lastAtOrBefore(values: ArrayLike<number>, t: number, last: number): number {
    let lo = 0;
    let hi = last - 1;
    while (lo < hi) {
        const m = (lo + hi + 1) >> 1;
        if (values[m] <= t) lo = m;
        else hi = m - 1;
    }
    return lo;
}

/** Gives back `sample`'s pictures' GPU copies, if any; returns their bytes. */
function letGoGpu(sample: Sample): number {
    return letGo(sample.drawn);
}

/** A sample its clip lets go of: not drawn from any more, its GPU copy given back. */
function forget(sample: Sample): void {
    letGo(sample.drawn);
    sample.drawn = false;
}
