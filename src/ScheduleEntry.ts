import type { GroupMember } from './BalancedGroups';

/**
 * The time owed to an item at an update. It is given twice: as `ms`, the sum of the frame deltas
 * since its previous update, and as the frames themselves, `from` (exclusive) to `to` (inclusive),
 * whose deltas the scheduler's `FrameHistory` gives one by one, so the item can be advanced frame
 * by frame exactly as a per-frame update would. `from` is -Infinity when the frames are not known
 * (more than `FRAME_HISTORY` frames ago, or a frozen span): then only `ms` counts.
 *
 * Handed to the driver as an object whose fields the scheduler writes (see ARCHITECTURE.md,
 * "Numbers in the per-frame path"); valid during the call only.
 */
export interface Span {
    ms: number;
    from: number;
    to: number;
}

/** What the scheduler asks of the engine side. Called with no allocation, once per decision. */
export interface ScheduleDriver<T> {
    /** The tier `item` belongs in now (e.g. from its distance to the camera). */
    classify(item: T): number;
    /**
     * Advances `item` in `tier` by `span`, the time since its previous update. For a tier updated
     * on demand (interval `ON_DEMAND`) it leaves in `wakeIn` the ms of game time until the item
     * must be updated again.
     */
    advance(item: T, tier: number, span: Span): void;
    /** Ms of game time until the item just advanced must be updated again (on-demand tiers). */
    readonly wakeIn: number;
    /**
     * For an item joining an on-demand tier: leaves in `wakeIn` the ms of game time after `last`
     * (the game time of its last update) by which it must be updated first (0: at the next
     * opportunity). Nothing is advanced.
     */
    firstWake(item: T, last: number): void;
    /**
     * Advances `item` by the time owed outside its schedule (see `Scheduler.catchUp`): time and
     * events only, its next scheduled update does the rest.
     */
    catchUp(item: T, span: Span): void;
}

/** Tier interval meaning "updated when its driver asks": after each update, `advance` says when next. */
export const ON_DEMAND = -1;

/** An entry's state: not scheduled; scheduled; added or removed during `reevaluate` (applied when it ends). */
export const IDLE = 0;
export const SCHEDULED = 1;
export const PENDING_ADD = 2;
export const PENDING_REMOVE = 3;

/** The scheduler's record of one item. Entries are pooled; do not keep one after `remove`. */
export class ScheduleEntry<T> implements GroupMember {
    item: T | null = null;
    /** Tier, or -1 while not scheduled. */
    tier = -1;
    /** Frame interval of the entry's tier; 0 = frozen (no update, no time accrues), ON_DEMAND = alarms. */
    interval = 0;
    /** Phase inside its interval: updated on frames where `frame % interval === phase`; -1 when it has none. */
    phase = -1;
    /** Frame from which its pending alarm may ring (ON_DEMAND tiers; never in the frame that set it from an update). */
    alarmFrame = Infinity;
    /** Clock time (ms) its pending alarm rings at (Infinity: none). */
    alarmTime = Infinity;
    /** Index in its tier's member list. */
    tierSlot = -1;
    /** True while in a tier whose interval is 0. */
    frozen = false;
    group = -1;
    groupSlot = -1;
    /** Scheduler clock (ms) at the previous update. */
    last = 0;
    /** Frame of the previous update; -Infinity when its deltas cannot be summed (see `elapsed`). */
    lastFrame = -Infinity;
    /** Frame its object was last visited in (its turn in the engine's update order came). */
    visited = -Infinity;
    /** Its place in the engine's update order: the order items were added in (see `Scheduler.reached`). */
    order = 0;
    /** Clock when the entry was frozen, so frozen time can be taken out of the next delta. */
    frozenAt = 0;
    /** Updated at its first visit, whatever its phase (see `Scheduler.add`). */
    urgent = false;
    state = IDLE;
}
