/** What a phase keeps on its members: their interval and phase. */
export interface PhaseMember {
    interval: number;
    /** Its phase inside its interval: due on the frames where `frame % interval === phase`; -1 when in none. */
    phase: number;
}

/**
 * The phases of the tiers updated every k frames: a member of interval k and phase p is due on
 * the frames where `frame % k === p`. A new member takes the least loaded phase of its interval, so
 * per-frame work stays flat. Only the loads are kept: members are visited by their own objects.
 */
export class Phases {
    /** loads[k][phase]: members of interval k with that phase. */
    private readonly loads: number[][] = [];

    /** Makes room for the intervals of the tiers (0 and ON_DEMAND have no phases). */
    use(intervals: readonly number[]): void {
        for (const interval of intervals) if (interval > 0 && !this.loads[interval]) this.loads[interval] = new Array<number>(interval).fill(0);
    }

    /** Gives `member` the least loaded phase of `interval` (one in use). */
    join(member: PhaseMember, interval: number): void {
        const loads = this.loads[interval];
        // At most 16 phases.
        let phase = 0;
        for (let p = 1; p < interval; p++) if (loads[p] < loads[phase]) phase = p;
        loads[phase]++;
        member.phase = phase;
    }

    /** Takes `member` out of its phase, if it has one. */
    leave(member: PhaseMember): void {
        if (member.phase < 0) return;
        this.loads[member.interval][member.phase]--;
        member.phase = -1;
    }
}
