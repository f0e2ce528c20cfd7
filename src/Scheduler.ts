import { BalancedGroups } from './BalancedGroups';
import { FRAME_HISTORY, FrameHistory } from './FrameHistory';
import { Phases } from './Phases';
import { IDLE, ON_DEMAND, PENDING_ADD, PENDING_REMOVE, SCHEDULED, ScheduleEntry, type ScheduleDriver, type Span } from './ScheduleEntry';
import { TierMembers } from './Tier';

export { ON_DEMAND, ScheduleEntry, type ScheduleDriver, type Span } from './ScheduleEntry';

const RING = FRAME_HISTORY;

/** Where a frame is, relative to the engine's turns (its update order): before, during, after. */
const BEFORE_TURNS = 0;
const DURING_TURNS = 1;
const AFTER_TURNS = 2;

/**
 * Which item is updated in which frame: grouped, round-robin, level-of-detail scheduling with
 * exact time accounting. Time is injected; nothing reads a real clock.
 *
 * A frame begins (`beginFrame(delta)`), then each item is visited in its turn (`visit`): the engine
 * visits its objects in its own update order (Phaser's UpdateList), and the scheduler says whether
 * this visit updates the item. So items are updated where and when a per-frame update would be,
 * only less often:
 *
 * - each tier has a frame interval k; an item in it is updated exactly once every k frames, on the
 *   frames where `frame % k` is its phase (`Phases`: the least loaded phase for a new one);
 * - every update is given the time since that item's previous update: no drift, whatever the tiers;
 * - each frame, one of `groupCount` balanced groups has its tiers re-evaluated (a tier is at most
 *   `groupCount` frames old); `add` evaluates at once;
 * - an item added is first updated at its first visit in a later frame, whatever its phase
 *   (`urgent`), as an engine gives a new object its first update in the frame after it is made;
 * - a catch-up between updates (`catchUp`) pays what the item is owed up to the frame the engine
 *   has reached for it: the current frame once it was visited, the previous one before;
 * - an ON_DEMAND tier is updated when its driver asks: each update says the game time until the
 *   next one (`wakeIn`), an alarm checked at each visit. Interval 0 freezes a tier (no update, no
 *   time accrues).
 */
export class Scheduler<T> {
    /** Sum of all frame deltas begun, in ms. */
    clock = 0;
    /** Index of the frame begun last (-1 before the first). */
    private stepped = -1;
    /** Updates made since the last `beginFrame`. */
    updatedLastFrame = 0;
    /** Where the current frame is: before the engine's turns, during them, or after them (and between frames). */
    private turns = AFTER_TURNS;
    /** The order of the entry visited last in the current frame (-1: none yet). */
    private lastOrder = -1;
    /** The next entry's place in the update order. */
    private nextOrder = 0;
    /** Scheduled entries of each tier (unordered). */
    private readonly tierMembers: TierMembers<ScheduleEntry<T>>;
    /** A tier the caller re-evaluates every frame with `reevaluate`: group evaluation skips it. */
    watchedTier = -1;
    private intervals: number[];
    private readonly phases = new Phases();
    private groups: BalancedGroups<ScheduleEntry<T>>;
    /** True during `reevaluate`: entries added or removed then join or leave when it ends. */
    private passing = false;
    private readonly pendingAdd: ScheduleEntry<T>[] = [];
    private readonly pendingRemove: ScheduleEntry<T>[] = [];
    private pendingIntervals: number[] | null = null;
    private pendingGroupCount = 0;
    private readonly spare: ScheduleEntry<T>[] = [];
    /**
     * The spans handed to the driver: one for updates, one for catch-ups (a catch-up can be asked
     * for from inside an update, by a Spine listener).
     */
    private readonly span: Span = { ms: 0, from: 0, to: 0 };
    private readonly catchUpSpan: Span = { ms: 0, from: 0, to: 0 };
    /** `review`'s (it may be asked for while an update's span is in use: a draw from a listener). */
    private readonly reviewSpan: Span = { ms: 0, from: 0, to: 0 };

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
        this.phases.use(this.intervals);
    }

    /** Number of scheduled entries in `tier`. */
    countIn(tier: number): number {
        return this.tierMembers.of(tier).length;
    }

    /** Number of scheduled entries (not counting ones added during `reevaluate`). */
    get size(): number {
        return this.groups.size;
    }

    /** Number of round-robin groups. */
    get groupCount(): number {
        return this.groups.count;
    }

    /** Index of the frame begun last (-1 before the first). */
    get lastStepped(): number {
        return this.stepped;
    }

    /**
     * Schedules `item`, classifying it at once; it owes nothing for the frames begun so far. With
     * `urgent`, its first visit in a later frame updates it whatever its phase (as an engine's first
     * update of a new object), then it follows its phase.
     */
    add(item: T, urgent = false): ScheduleEntry<T> {
        const entry = this.spare.pop() ?? new ScheduleEntry<T>();
        entry.item = item;
        entry.last = this.clock;
        entry.lastFrame = this.stepped;
        entry.visited = -Infinity;
        entry.order = this.nextOrder++;
        entry.urgent = urgent;
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

    /** Unschedules `entry`. During `reevaluate` it is skipped from now on and detached when it ends. */
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

    /** `entry`'s first update need not come at its next visit after all (see `add`): it follows its phase. */
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

    /**
     * Begins a frame of `delta` ms: the clock moves on, one group's tiers are re-evaluated. Then
     * the engine visits its objects (`visit`).
     */
    beginFrame(delta: number): void {
        const frame = ++this.stepped;
        this.clock += delta;
        this.history.record(frame, delta);
        this.updatedLastFrame = 0;
        this.turns = BEFORE_TURNS;
        this.lastOrder = -1;
        if (this.pendingIntervals !== null || this.pendingGroupCount !== 0) this.applyChanges();
        const group = this.groups.lists[frame % this.groups.count];
        const watched = this.watchedTier;
        for (let i = 0, n = group.length; i < n; i++) {
            const entry = group[i];
            if (entry.tier !== watched) this.setTier(entry, this.driver.classify(entry.item as T));
        }
    }

    /** The engine's turns of the current frame begin (the first object of its update order). */
    beginTurns(): void {
        this.turns = DURING_TURNS;
    }

    /** The engine's turns of the current frame are over (its last object). */
    endTurns(): void {
        this.turns = AFTER_TURNS;
    }

    /**
     * `entry`'s turn in the current frame (its object's place in the engine's update order): updates
     * it when it is due (its phase, its alarm, its first update), passing the time it is owed. At most
     * once per frame; not in the frame it was added in.
     */
    visit(entry: ScheduleEntry<T>): void {
        if (this.turn(entry)) this.update(entry);
    }

    /**
     * `visit`'s first half: notes `entry`'s turn and says whether it is due (then `update` it, at
     * once, before anything else is visited).
     */
    turn(entry: ScheduleEntry<T>): boolean {
        const frame = this.stepped;
        if (entry.state !== SCHEDULED || entry.visited === frame) return false;
        entry.visited = frame;
        this.lastOrder = entry.order;
        if (entry.lastFrame >= frame) return false; // added in this frame (or paid up to it already)
        const interval = entry.interval;
        let due: boolean;
        if (entry.urgent) {
            entry.urgent = false;
            // An alarm says when an on-demand one is first due (see `bucket`).
            due = interval > 0 || (interval === ON_DEMAND && this.rings(entry, frame));
        } else {
            due = interval > 0 ? frame % interval === entry.phase : interval === ON_DEMAND && this.rings(entry, frame);
        }
        return due;
    }

    /** `visit`'s second half: updates `entry`, due in its turn (`turn` said so), with the time it is owed. */
    update(entry: ScheduleEntry<T>): void {
        const frame = this.stepped;
        this.updatedLastFrame++;
        this.driver.advance(entry.item as T, entry.tier, this.owe(entry, frame, this.span));
        if (entry.state === SCHEDULED && entry.interval === ON_DEMAND && entry.alarmFrame <= frame) {
            const next = this.driver.wakeIn;
            this.setAlarm(entry, this.clock + (next > 0 ? next : 0), frame + 1);
        }
    }

    /**
     * Brings `entry` up to date now, between its updates: the driver's `catchUp` gets the time owed
     * up to the frame the engine has reached for it (the current frame once visited in it, else the
     * previous one; frozen time excluded), so a change the game is about to make (a new animation, a
     * listener) lands at the moment it is made, as it would on an object updated every frame. Its
     * schedule is unchanged. No-op when nothing is owed.
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
        const to = this.reached(entry);
        if (entry.lastFrame >= to) return;
        this.driver.catchUp(entry.item as T, this.owe(entry, to, span));
    }

    /**
     * Re-evaluates every entry of `tier` now (after the frame's visits), or those whose item `only`
     * accepts; each one that leaves the tier is updated at once with the time it is owed (e.g. an
     * instance coming back into view is posed in the same frame). Entries added or removed meanwhile
     * join or leave when it ends.
     * @returns the number of entries that left the tier
     */
    reevaluate(tier: number, only: ((item: T) => boolean) | null = null): number {
        if (this.passing) return 0;
        const members = this.tierMembers.of(tier);
        if (members.length === 0) return 0;
        const frame = this.stepped;
        let count = 0;
        this.passing = true;
        try {
            // Backwards: an entry leaving the tier is replaced in its slot by the last member, which
            // was already visited. Nothing else joins or leaves the tier meanwhile.
            for (let i = members.length - 1; i >= 0; i--) {
                const entry = members[i];
                if (entry.state !== SCHEDULED || (only !== null && !only(entry.item as T))) continue;
                const next = this.driver.classify(entry.item as T);
                if (next === tier) continue;
                this.setTier(entry, next);
                count++;
                // Paid up to this frame already (updated at its turn), it is still posed if its tier poses.
                this.driver.advance(entry.item as T, next, this.owe(entry, frame, this.span));
            }
        } finally {
            this.passing = false;
            this.flush();
        }
        return count;
    }

    /**
     * Re-evaluates `entry` now (after its turn): when it leaves its tier it is updated at once with
     * the time it is owed, as `reevaluate` does for a tier's members. Returns whether it moved.
     */
    review(entry: ScheduleEntry<T>): boolean {
        if (this.passing || entry.state !== SCHEDULED) return false;
        const next = this.driver.classify(entry.item as T);
        if (next === entry.tier) return false;
        this.passing = true;
        try {
            this.setTier(entry, next);
            this.driver.advance(entry.item as T, next, this.owe(entry, this.stepped, this.reviewSpan));
        } finally {
            this.passing = false;
            this.flush();
        }
        return true;
    }

    /** Sets the frame interval of each tier (0 = frozen), from the next frame on (`beginFrame`). */
    setIntervals(intervals: readonly number[]): void {
        this.pendingIntervals = this.checkIntervals(intervals);
    }

    /** Sets the number of round-robin groups, from the next frame on (`beginFrame`). */
    setGroupCount(count: number): void {
        this.pendingGroupCount = count;
    }

    /** Applies the intervals and group count set since the last frame began. */
    private applyChanges(): void {
        const intervals = this.pendingIntervals;
        if (intervals !== null) {
            this.pendingIntervals = null;
            this.intervals = intervals;
            this.phases.use(intervals);
            this.forEachScheduled((entry) => this.rebucket(entry, intervals[entry.tier]));
        }
        const count = this.pendingGroupCount;
        if (count !== 0) {
            this.pendingGroupCount = 0;
            if (count === this.groups.count) return;
            const old = this.groups;
            this.groups = new BalancedGroups(count);
            for (const list of old.lists) for (const entry of list) this.groups.add(entry);
        }
    }

    /**
     * Asks for an update of `entry` at its next visit when its tier is updated on demand (its state
     * changed in a way the driver's last answer did not foresee): in this frame, unless it was
     * updated in it already. No-op otherwise.
     */
    wake(entry: ScheduleEntry<T>): void {
        if (entry.state !== SCHEDULED || entry.interval !== ON_DEMAND) return;
        this.setAlarm(entry, this.clock, entry.lastFrame === this.stepped ? this.stepped + 1 : this.stepped);
    }

    /** Unschedules everything. */
    clear(): void {
        this.forEachScheduled((entry) => {
            this.detach(entry);
            this.recycle(entry);
        });
        for (const entry of this.pendingAdd) this.recycle(entry);
        this.pendingAdd.length = 0;
        this.pendingRemove.length = 0;
        this.updatedLastFrame = 0; // none of those it counted is scheduled any more
    }

    /**
     * The frame the engine has reached for `entry`: the current one once its turn in it came (or
     * passed: after the turns, or, during them, once an entry later in the order was visited), the
     * previous one before. Time owed is paid up to it, and a freeze or thaw (an object set inactive
     * or active) takes effect from it, as the engine's skipped turns do.
     */
    private reached(entry: ScheduleEntry<T>): number {
        const frame = this.stepped;
        if (entry.visited === frame || this.turns === AFTER_TURNS) return frame;
        if (this.turns === BEFORE_TURNS) return frame - 1;
        return entry.order > this.lastOrder ? frame - 1 : frame;
    }

    /** Whether `entry`'s alarm has rung by now (clock) and may ring in `frame`. */
    private rings(entry: ScheduleEntry<T>, frame: number): boolean {
        return entry.alarmTime <= this.clock && entry.alarmFrame <= frame;
    }

    private setAlarm(entry: ScheduleEntry<T>, time: number, fromFrame: number): void {
        entry.alarmTime = time;
        entry.alarmFrame = fromFrame;
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

    /** The clock at the end of `frame`: the frame begun last, or the one before it. */
    private clockAt(frame: number): number {
        return frame === this.stepped ? this.clock : this.clock - this.history.deltas[this.stepped % RING];
    }

    /** `from` when the deltas of the frames after it are still kept, else -Infinity. */
    private known(from: number): number {
        return this.stepped - from <= RING ? from : -Infinity;
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
            // frame being begun, when it is thawed by the group round). When nothing was owed at
            // the freeze, what is owed from now on is known frame by frame.
            const owedAtFreeze = entry.frozenAt - entry.last;
            const reached = this.reached(entry);
            entry.last = this.clockAt(reached) - owedAtFreeze;
            entry.lastFrame = owedAtFreeze === 0 ? reached : -Infinity;
            entry.frozen = false;
            // As an engine's object set active again: updated at its next turn, whatever its phase.
            entry.urgent = true;
        }
        entry.interval = interval;
        if (interval === 0) {
            entry.frozen = true;
            entry.frozenAt = this.clockAt(this.reached(entry));
            return;
        }
        if (interval === ON_DEMAND) {
            // Joining the tier: the driver says how long it may wait (a wave spawned off screen
            // that nobody listens to is spread over the frames instead of updated all at once).
            this.driver.firstWake(entry.item as T, entry.last);
            const wait = this.driver.wakeIn;
            this.setAlarm(entry, wait > 0 ? entry.last + wait : this.clock, entry.lastFrame === this.stepped ? this.stepped + 1 : this.stepped);
            return;
        }
        this.phases.join(entry, interval);
    }

    private unbucket(entry: ScheduleEntry<T>): void {
        if (entry.interval === ON_DEMAND) this.setAlarm(entry, Infinity, Infinity); // cancels its pending alarm
        this.phases.leave(entry);
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
