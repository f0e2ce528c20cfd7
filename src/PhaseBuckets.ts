/** What a bucket keeps on its members: their interval, phase, place in the update order, and whether they are in a bucket. */
export interface BucketMember {
    interval: number;
    phase: number;
    /** Its place in the update order (unique, ascending with age): buckets are sorted by it. */
    order: number;
    bucketed: boolean;
}

/**
 * Members of the tiers updated every k frames, by interval k and phase: a member of interval k and
 * phase p is due on the frames where `frame % k === p`. A new member takes the least loaded phase
 * of its interval, so per-frame work stays flat. Each bucket is kept sorted by `order`, so the due
 * members of a frame can be visited in update order (see Scheduler.step).
 */
export class PhaseBuckets<E extends BucketMember> {
    /** Distinct intervals in use (> 0), ascending: a frame visits one bucket of each. */
    readonly intervals: number[] = [];
    /** buckets[k][phase]: members of interval k with that phase, by `order`. */
    private readonly buckets: E[][][] = [];

    /** Takes the intervals of the tiers (0 and ON_DEMAND, which have no bucket, are left out). */
    use(intervals: readonly number[]): void {
        this.intervals.length = 0;
        for (const interval of intervals) {
            if (interval > 0 && !this.intervals.includes(interval)) {
                this.intervals.push(interval);
                if (!this.buckets[interval]) this.buckets[interval] = Array.from({ length: interval }, () => []);
            }
        }
        this.intervals.sort((a, b) => a - b);
    }

    /** The members of `interval` due at `frame`, by `order` (not to be changed while iterated). */
    due(interval: number, frame: number): readonly E[] {
        return this.buckets[interval][frame % interval];
    }

    /** Puts `member` in the least loaded phase of `interval` (one in use), at its place in the order. */
    add(member: E, interval: number): void {
        const phases = this.buckets[interval];
        // At most 16 phases.
        let phase = 0;
        for (let p = 1; p < interval; p++) if (phases[p].length < phases[phase].length) phase = p;
        const list = phases[phase];
        member.phase = phase;
        member.bucketed = true;
        const at = place(list, member.order);
        if (at === list.length) list.push(member);
        else list.splice(at, 0, member);
    }

    /** Takes `member` out of its bucket, if it is in one. */
    remove(member: E): void {
        if (!member.bucketed) return;
        member.bucketed = false;
        const list = this.buckets[member.interval][member.phase];
        const at = place(list, member.order);
        if (at === list.length - 1) list.pop();
        else list.splice(at, 1);
    }
}

/** Index of the first member of `list` (sorted by order) whose order is >= `order`. */
function place(list: readonly BucketMember[], order: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid].order < order) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}
