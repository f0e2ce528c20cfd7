/** What a bucket keeps on its members: their interval, phase and index in the bucket. */
export interface BucketMember {
    interval: number;
    phase: number;
    /** Index in its bucket, -1 when in none. */
    slot: number;
}

/**
 * Members of the tiers updated every k frames, by interval k and phase: a member of interval k and
 * phase p is due on the frames where `frame % k === p`. A new member takes the least loaded phase
 * of its interval, so per-frame work stays flat. Removal swaps the last member into the hole.
 */
export class PhaseBuckets<E extends BucketMember> {
    /** Distinct intervals in use (> 0), ascending: a frame visits one bucket of each. */
    readonly intervals: number[] = [];
    /** buckets[k][phase]: members of interval k with that phase. */
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

    /** The members of `interval` due at `frame` (not to be changed while iterated). */
    due(interval: number, frame: number): readonly E[] {
        return this.buckets[interval][frame % interval];
    }

    /** Puts `member` in the least loaded phase of `interval` (one in use). */
    add(member: E, interval: number): void {
        const phases = this.buckets[interval];
        // At most 16 phases.
        let phase = 0;
        for (let p = 1; p < interval; p++) if (phases[p].length < phases[phase].length) phase = p;
        const list = phases[phase];
        member.phase = phase;
        member.slot = list.length;
        list.push(member);
    }

    /** Takes `member` out of its bucket, if it is in one. */
    remove(member: E): void {
        if (member.slot === -1) return;
        const list = this.buckets[member.interval][member.phase];
        const last = list.pop() as E;
        if (last !== member) {
            list[member.slot] = last;
            last.slot = member.slot;
        }
        member.slot = -1;
    }
}
