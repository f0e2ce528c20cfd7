import { Alarms } from './Alarms';
import { BalancedGroups } from './BalancedGroups';
import { FRAME_HISTORY, FrameHistory } from './FrameHistory';
import { IDLE, ON_DEMAND, PENDING_ADD, PENDING_REMOVE, SCHEDULED, ScheduleEntry, type ScheduleDriver, type Span } from './ScheduleEntry';
import { MergedLists, sortByOrder } from './MergedLists';
import { PhaseBuckets } from './PhaseBuckets';
import { TierMembers } from './Tier';

export { ON_DEMAND, ScheduleEntry, type ScheduleDriver, type Span } from './ScheduleEntry';

const RING = FRAME_HISTORY;

/**
 * Which item is updated in which frame: grouped, round-robin, level-of-detail scheduling with
 * exact time accounting. Time is injected (`step(delta)`); nothing reads a real clock.
 *
 * - Each tier has a frame interval k; an entry in it is updated exactly once every k frames, on
 *   the frames where `frame % k` is its phase (PhaseBuckets: phases filled least-loaded first).
 * - Every update is given the time since that entry's previous update: no drift, whatever the tiers.
 * - Each frame, one of `groupCount` balanced groups has its tiers re-evaluated (a tier is at most
 *   `groupCount` frames old); `add` evaluates at once.
 * - Added during a pass: updated from the next frame; removed during a pass: skipped at once,
 *   detached when the pass ends.
 * - An ON_DEMAND tier is updated when its driver asks (Alarms): each update says the game time
 *   until the next one (`wakeIn`). Interval 0 freezes a tier (no update, no time accrues).
 */
export class Scheduler<T> {
    /** Sum of all frame deltas passed to `step`, in ms. */
    clock = 0;
    /** Number of `step` calls so far. */
    frame = 0;
    /**
     * Index of the latest frame whose delta is on the clock: during `step`'s pass, that frame;
     * outside it (and in `reevaluate`, which runs after a step), the previous one. Time owed to an
     * entry is the deltas of the frames after its `lastFrame` up to this one.
     */
    private stepped = -1;
    /** Number of `advance` calls in the last `step`. */
    updatedLastFrame = 0;
    /** Scheduled entries of each tier (unordered). */
    private readonly tierMembers: TierMembers<ScheduleEntry<T>>;
    /** A tier the caller re-evaluates every frame with `reevaluate`: group evaluation skips it. */
    watchedTier = -1;

    private intervals: number[];
    /** Entries of the tiers with a frame interval, by interval and phase. */
    private readonly buckets = new PhaseBuckets<ScheduleEntry<T>>();
    private groups: BalancedGroups<ScheduleEntry<T>>;
    private passing = false;
    private readonly pendingAdd: ScheduleEntry<T>[] = [];
    private readonly pendingRemove: ScheduleEntry<T>[] = [];
    /** Entries added with `urgent`, updated in the next frame's pass whatever their phase. */
    private readonly firstUpdates: ScheduleEntry<T>[] = [];
    private pendingIntervals: number[] | null = null;
    private pendingGroupCount = 0;
    private readonly spare: ScheduleEntry<T>[] = [];
    /**
     * The spans handed to the driver: one for scheduled updates, one for catch-ups (a catch-up can
     * be asked for from inside an update, by a Spine listener).
     */
    private readonly span: Span = { ms: 0, from: 0, to: 0 };
    private readonly catchUpSpan: Span = { ms: 0, from: 0, to: 0 };
    /** Alarms of entries in on-demand tiers. */
    private readonly alarms = new Alarms<ScheduleEntry<T>>();
    /** The next entry's place in the update order. */
    private nextOrder = 0;
    /** The entry being updated in the frame's ordered pass (see `updateInOrder`), else null. */
    private current: ScheduleEntry<T> | null = null;
    /** The due lists of a frame, merged; the entries whose alarm rang, by order (reused). */
    private readonly merge = new MergedLists<ScheduleEntry<T>>();
    private readonly rung: ScheduleEntry<T>[] = [];

    /**
     * @param driver classifies and advances items
     * @param intervals frame interval per tier (its length is the number of tiers)
     * @param groupCount round-robin groups
     * @param history where frame deltas are kept (shared with the driver when it replays frames)
     */
    constructor(
        private readonly driver: ScheduleDriver<T>,
        intervals: readonly number[],
        groupCount: number,
        readonly history: FrameHistory = new FrameHistory(),
    ) {
        this.tierMembers = new TierMembers(intervals.length);
        this.intervals = this.checkIntervals(intervals);
        this.groups = new BalancedGroups(groupCount);
        this.buckets.use(this.intervals);
    }

    /** Number of scheduled entries in `tier`. */
    countIn(tier: number): number {
        return this.tierMembers.of(tier).length;
    }

    /** Number of scheduled entries (not counting ones added during the current pass). */
    get size(): number {
        return this.groups.size;
    }

    /** Number of round-robin groups. */
    get groupCount(): number {
        return this.groups.count;
    }

    /**
     * Schedules `item`, classifying it at once. Its first update passes the time from now. With
     * `urgent`, that first update comes in the next frame's pass whatever the entry's phase (as an
     * object's first update by Phaser's UpdateList does), then it follows its phase.
     */
    add(item: T, urgent = false): ScheduleEntry<T> {
        const entry = this.spare.pop() ?? new ScheduleEntry<T>();
        entry.item = item;
        entry.order = this.nextOrder++;
        entry.last = this.clock;
        // Owed nothing yet: the deltas already on the clock are before its time.
        entry.lastFrame = this.stepped;
        entry.urgent = urgent;
        if (urgent) this.firstUpdates.push(entry);
        const tier = this.driver.classify(item);
        if (this.passing) {
            entry.tier = tier;
            entry.state = PENDING_ADD;
            this.pendingAdd.push(entry);
        } else {
            this.place(entry, tier);
        }
        return entry;
    }

    /** Unschedules `entry`. During a pass it is skipped from now on and detached after the pass. */
    remove(entry: ScheduleEntry<T>): void {
        if (entry.state === SCHEDULED) {
            if (this.passing) {
                entry.state = PENDING_REMOVE;
                this.pendingRemove.push(entry);
            } else {
                this.detach(entry);
                this.recycle(entry);
            }
        } else if (entry.state === PENDING_ADD) {
            entry.state = IDLE; // the flush recycles it
        }
    }

    /**
     * Brings `entry` up to date now, between its scheduled updates: the driver's `catchUp` gets
     * the time owed since its previous update (frozen time excluded), so a change the game is
     * about to make (a new animation, a listener) lands at the moment it is made instead of
     * receiving that time after the fact. Its schedule is unchanged. No-op when nothing is owed.
     */
    catchUp(entry: ScheduleEntry<T>): void {
        if (entry.state !== SCHEDULED) return;
        const span = this.catchUpSpan;
        if (entry.frozen) {
            const ms = entry.frozenAt - entry.last;
            entry.last = entry.frozenAt;
            if (ms <= 0) return;
            span.ms = ms;
            span.from = -Infinity;
            span.to = this.stepped;
            this.driver.catchUp(entry.item as T, span);
            return;
        }
        // During the pass, an entry later in the update order than the one being updated is not
        // updated in this frame yet (stock's UpdateList has not reached it): the frame is left to it.
        const current = this.current;
        const to = current !== null && entry.order > current.order ? this.stepped - 1 : this.stepped;
        if (entry.lastFrame >= to) return;
        this.driver.catchUp(entry.item as T, this.owe(entry, to, span));
    }

    /** `entry`'s first update need not come next frame after all (see `add`): it follows its phase. */
    relax(entry: ScheduleEntry<T>): void {
        entry.urgent = false;
    }

    /**
     * Moves `entry` to the tier its driver says now (e.g. right after the game changed something
     * the tier depends on), outside the group round. No update is made.
     */
    reclassify(entry: ScheduleEntry<T>): void {
        if (entry.state === SCHEDULED) this.setTier(entry, this.driver.classify(entry.item as T));
        else if (entry.state === PENDING_ADD) entry.tier = this.driver.classify(entry.item as T);
    }

    /** Index of the latest frame stepped (-1 before the first step). */
    get lastStepped(): number {
        return this.stepped;
    }

    /**
     * Re-evaluates every entry of `tier` now, outside the frame's pass; each one that leaves the
     * tier is updated at once with the time it is owed (e.g. an instance coming back into view is
     * posed in the same frame). Mutation from those updates follows the pass rules.
     * @returns the number of entries that left the tier
     */
    reevaluate(tier: number): number {
        if (this.passing) return 0;
        const members = this.tierMembers.of(tier);
        if (members.length === 0) return 0;
        const last = this.stepped;
        let count = 0;
        this.passing = true;
        try {
            // Backwards: an entry leaving the tier is replaced in its slot by the last member, which
            // was already visited. Nothing else joins or leaves the tier during the pass.
            for (let i = members.length - 1; i >= 0; i--) {
                const entry = members[i];
                if (entry.state !== SCHEDULED) continue;
                const next = this.driver.classify(entry.item as T);
                if (next === tier) continue;
                this.setTier(entry, next);
                count++;
                this.advanceEntry(entry, last, next);
            }
        } finally {
            this.passing = false;
            this.flush();
        }
        return count;
    }

    /** Sets the frame interval of each tier (0 = frozen). During a pass, applied when it ends. */
    setIntervals(intervals: readonly number[]): void {
        const checked = this.checkIntervals(intervals);
        if (this.passing) {
            this.pendingIntervals = checked;
            return;
        }
        this.intervals = checked;
        this.buckets.use(checked);
        this.forEachScheduled((entry) => this.rebucket(entry, checked[entry.tier]));
    }

    /** Sets the number of round-robin groups. During a pass, applied when it ends. */
    setGroupCount(count: number): void {
        if (this.passing) {
            this.pendingGroupCount = count;
            return;
        }
        if (count === this.groups.count) return;
        const old = this.groups;
        this.groups = new BalancedGroups(count);
        for (const list of old.lists) for (const entry of list) this.groups.add(entry);
    }

    /**
     * Advances the clock by `delta` ms, re-evaluates one group's tiers, then updates every entry
     * whose phase is due, passing each the time since its own previous update.
     */
    step(delta: number): void {
        const frame = this.frame;
        this.clock += delta;
        this.history.record(frame, delta);
        this.stepped = frame;
        this.updatedLastFrame = 0;

        const group = this.groups.lists[frame % this.groups.count];
        const watched = this.watchedTier;
        for (let i = 0, n = group.length; i < n; i++) {
            const entry = group[i];
            if (entry.tier !== watched) this.setTier(entry, this.driver.classify(entry.item as T));
        }

        const clock = this.clock;
        let updated = 0;
        this.passing = true;
        try {
            updated = this.updateInOrder(frame, clock);
            // Woken during the pass for this frame (a change made from a listener): updated now.
            for (let entry = this.alarms.next(clock, frame); entry !== null; entry = this.alarms.next(clock, frame)) {
                if (entry.state === SCHEDULED && entry.interval === ON_DEMAND) updated += this.ring(entry, frame, clock);
            }
            this.alarms.endRinging();
        } finally {
            this.passing = false;
            this.current = null;
            this.updatedLastFrame = updated;
            this.frame = frame + 1;
            this.flush();
        }
    }

    /**
     * Updates the entries due in `frame`, in update order (`order`, the order they were added in),
     * as Phaser's UpdateList updates objects in the order they were made: the due phase buckets,
     * the on-demand entries whose alarm has rung, the first updates of new entries, merged. While
     * an entry is updated, one later in the order is not updated yet (see `catchUp`).
     */
    private updateInOrder(frame: number, clock: number): number {
        const intervals = this.buckets.intervals;
        const merge = this.merge;
        merge.begin();
        for (let k = 0; k < intervals.length; k++) merge.add(this.buckets.due(intervals[k], frame));
        const rung = this.rung;
        let rungCount = 0;
        for (let entry = this.alarms.next(clock, frame); entry !== null; entry = this.alarms.next(clock, frame)) {
            if (entry.state === SCHEDULED && entry.interval === ON_DEMAND) rung[rungCount++] = entry;
        }
        sortByOrder(rung, rungCount);
        merge.add(rung, rungCount);
        // Entries added by these updates wait for the next frame: the list is cut at its length now.
        const firstCount = this.firstUpdates.length;
        merge.add(this.firstUpdates, firstCount);
        const rungList = intervals.length;
        const firstList = rungList + 1;
        let updated = 0;
        for (let entry = merge.next(); entry !== null; entry = merge.next()) {
            const source = merge.source;
            if (source === firstList) {
                // Its first update, whatever its phase (see `add`); not twice, not frozen, not one an alarm wakes.
                if (!entry.urgent) continue;
                entry.urgent = false;
                if (entry.interval <= 0) continue;
            }
            if (entry.state !== SCHEDULED || entry.lastFrame === frame) continue;
            if (source === rungList) {
                if (entry.interval !== ON_DEMAND) continue;
                updated += this.ring(entry, frame, clock);
                continue;
            }
            updated++;
            this.current = entry;
            this.advanceEntry(entry, frame, entry.tier);
        }
        this.current = null;
        for (let i = 0; i < rungCount; i++) rung[i] = null as never;
        // Drops the first updates handled, keeping any added meanwhile (no array made for it).
        const list = this.firstUpdates;
        for (let i = firstCount; i < list.length; i++) list[i - firstCount] = list[i];
        list.length -= firstCount;
        return updated;
    }

    /** Updates an on-demand entry whose alarm rang, and sets its next alarm from what its update says. Returns 1. */
    private ring(entry: ScheduleEntry<T>, frame: number, clock: number): number {
        this.current = entry;
        this.advanceEntry(entry, frame, entry.tier);
        this.current = null;
        if (entry.state === SCHEDULED && entry.interval === ON_DEMAND && entry.alarmFrame <= frame) {
            const next = this.driver.wakeIn;
            this.alarms.hold(entry, clock + (next > 0 ? next : 0), frame + 1);
        }
        return 1;
    }

    /** Updates `entry` at `frame` in `tier`: its driver gets the frames since its previous update. */
    private advanceEntry(entry: ScheduleEntry<T>, frame: number, tier: number): void {
        this.driver.advance(entry.item as T, tier, this.owe(entry, frame, this.span));
    }

    /** Writes into `span` what `entry` is owed up to `frame`, which it is then paid. */
    private owe(entry: ScheduleEntry<T>, frame: number, span: Span): Span {
        span.ms = this.elapsed(entry, frame);
        span.from = this.known(entry.lastFrame);
        span.to = frame;
        entry.last = this.clockAt(frame);
        entry.lastFrame = frame;
        return span;
    }

    /** The clock at the end of `frame`: the last frame stepped, or the one before it. */
    private clockAt(frame: number): number {
        return frame === this.stepped ? this.clock : this.clock - this.history.deltas[this.stepped % RING];
    }

    /** `from` when the deltas of the frames after it are still kept, else -Infinity. */
    private known(from: number): number {
        return this.stepped - from <= RING ? from : -Infinity;
    }

    /**
     * Rings `entry` (in an on-demand tier) at the next opportunity: this frame's pass (when it was
     * not updated in it yet, e.g. moved off screen by the group round) or the next one.
     */
    private arm(entry: ScheduleEntry<T>, time: number): void {
        // Not twice in one frame: one updated in the frame being stepped rings from the next one.
        this.alarms.set(entry, time, entry.lastFrame === this.stepped ? this.stepped + 1 : this.stepped);
    }

    /**
     * Asks for an update of `entry` at the next opportunity when its tier is updated on demand
     * (its state changed in a way the driver's last answer did not foresee). No-op otherwise.
     */
    wake(entry: ScheduleEntry<T>): void {
        if (entry.state === SCHEDULED && entry.interval === ON_DEMAND) this.arm(entry, this.clock);
    }

    /**
     * Time owed to `entry` at `frame`: the frame deltas since its previous update, summed in
     * frame order so the result is exactly what adding those deltas gives (a difference of two
     * clock readings would differ in the last bits). Older or frozen histories use the clock.
     */
    private elapsed(entry: ScheduleEntry<T>, frame: number): number {
        const from = entry.lastFrame;
        if (frame - from > RING) return this.clockAt(frame) - entry.last;
        const deltas = this.history.deltas;
        let ms = 0;
        for (let f = from + 1; f <= frame; f++) ms += deltas[f % RING];
        return ms;
    }

    /** Unschedules everything. */
    clear(): void {
        this.alarms.clear();
        this.forEachScheduled((entry) => {
            this.detach(entry);
            this.recycle(entry);
        });
        for (const entry of this.pendingAdd) this.recycle(entry);
        this.pendingAdd.length = 0;
        this.pendingRemove.length = 0;
        this.firstUpdates.length = 0;
    }

    private flush(): void {
        const removals = this.pendingRemove;
        for (let i = 0; i < removals.length; i++) {
            this.detach(removals[i]);
            this.recycle(removals[i]);
        }
        removals.length = 0;
        const additions = this.pendingAdd;
        for (let i = 0; i < additions.length; i++) {
            const entry = additions[i];
            if (entry.state === PENDING_ADD) this.place(entry, entry.tier);
            else this.recycle(entry);
        }
        additions.length = 0;
        if (this.pendingIntervals) {
            const intervals = this.pendingIntervals;
            this.pendingIntervals = null;
            this.setIntervals(intervals);
        }
        if (this.pendingGroupCount) {
            const count = this.pendingGroupCount;
            this.pendingGroupCount = 0;
            this.setGroupCount(count);
        }
    }

    private place(entry: ScheduleEntry<T>, tier: number): void {
        entry.state = SCHEDULED;
        entry.tier = tier;
        this.tierMembers.join(entry, tier);
        this.groups.add(entry);
        this.bucket(entry, this.intervals[tier]);
    }

    private detach(entry: ScheduleEntry<T>): void {
        this.unbucket(entry);
        this.tierMembers.leave(entry);
        const moved = this.groups.remove(entry);
        // A member moved to another group is evaluated now so its tier is never older than
        // `groupCount` frames, whichever group it came from.
        if (moved) this.setTier(moved, this.driver.classify(moved.item as T));
    }

    private recycle(entry: ScheduleEntry<T>): void {
        entry.item = null;
        entry.tier = -1;
        entry.interval = 0;
        entry.frozen = false;
        entry.urgent = false;
        entry.state = IDLE;
        this.spare.push(entry);
    }

    private setTier(entry: ScheduleEntry<T>, tier: number): void {
        if (tier === entry.tier) return;
        this.tierMembers.leave(entry);
        this.tierMembers.join(entry, tier);
        entry.tier = tier;
        this.rebucket(entry, this.intervals[tier]);
    }

    private rebucket(entry: ScheduleEntry<T>, interval: number): void {
        if (interval === entry.interval) return;
        this.unbucket(entry);
        this.bucket(entry, interval);
    }

    private bucket(entry: ScheduleEntry<T>, interval: number): void {
        if (entry.frozen) {
            // Leaving a frozen tier: the frozen span does not count as elapsed time (nor does the
            // frame being stepped, when it is thawed by the group round). When nothing was owed at
            // the freeze, what is owed from now on is known frame by frame.
            const owedAtFreeze = entry.frozenAt - entry.last;
            entry.last = this.clock - owedAtFreeze;
            entry.lastFrame = owedAtFreeze === 0 ? this.stepped : -Infinity;
            entry.frozen = false;
        }
        entry.interval = interval;
        if (interval === 0) {
            entry.frozen = true;
            entry.frozenAt = this.clock;
            return;
        }
        if (interval === ON_DEMAND) {
            // Joining the tier: the driver says how long it may wait (a wave spawned off screen
            // that nobody listens to is spread over the frames instead of updated all at once).
            this.driver.firstWake(entry.item as T, entry.last);
            const wait = this.driver.wakeIn;
            this.arm(entry, wait > 0 ? entry.last + wait : this.clock);
            return;
        }
        this.buckets.add(entry, interval);
    }

    private unbucket(entry: ScheduleEntry<T>): void {
        if (entry.interval === ON_DEMAND) this.alarms.cancel(entry);
        this.buckets.remove(entry);
    }

    private checkIntervals(intervals: readonly number[]): number[] {
        const count = this.tierMembers.tierCount;
        if (intervals.length !== count || intervals.some((k) => !Number.isInteger(k) || k < ON_DEMAND || k > 64)) {
            throw new RangeError(`Scheduler intervals must be ${count} integers (one per tier) from -1 (on demand) to 64; got [${intervals.join(', ')}]`);
        }
        return intervals.slice();
    }

    private forEachScheduled(fn: (entry: ScheduleEntry<T>) => void): void {
        const all: ScheduleEntry<T>[] = [];
        for (const list of this.groups.lists) for (const entry of list) all.push(entry);
        for (const entry of all) fn(entry);
    }
}

