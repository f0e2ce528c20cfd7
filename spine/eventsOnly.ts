import { MIX_BLEND_SETUP, MIX_DIRECTION_IN } from './constants';

/**
 * spine-unity's "OnlyEventTimelines" apply, which spine-ts lacks: what `AnimationState.apply`
 * records and fires, without posing (`applyEventsOnly`). The one small interface the rest of the
 * plugin uses; it mirrors spine-core's `apply` line by line and is kept apart for that.
 *
 * The spine-core internals an events-only apply drives. The same in 4.2 and 4.3, except that 4.3
 * adds `TrackEntry.mix()` (the mix with its interpolation) and `AnimationState.eventsReverse`
 * (reversed entries fire their events; 4.2 fires none for them).
 */
/** A spine-core timeline, as far as events-only work goes. */
export interface Timeline {
    frames: ArrayLike<number>;
    apply(skeleton: unknown, lastTime: number, time: number, events: unknown[], alpha: number, blend: number, direction: number): void;
}
/** The TrackEntry fields an events-only apply reads and writes. */
export interface EventsEntry {
    animation: { timelines: Timeline[] } | null;
    listener: object | null;
    mixingFrom: EventsEntry | null;
    next: EventsEntry | null;
    delay: number;
    loop: boolean;
    timeScale: number;
    trackEnd: number;
    animationStart: number;
    animationEnd: number;
    reverse: boolean;
    eventThreshold: number;
    animationLast: number;
    nextAnimationLast: number;
    trackTime: number;
    nextTrackLast: number;
    mixTime: number;
    mixDuration: number;
    alpha: number;
    /** 4.2: `MixBlend.add` (3); 4.3 says it with `additive`. */
    mixBlend?: number;
    additive?: boolean;
    getAnimationTime(): number;
    /** 4.3: the mix amount, `mixTime / mixDuration` through the entry's mix interpolation. */
    mix?(): number;
}
/** The AnimationState fields an events-only apply reads and writes. */
export interface EventsState {
    timeScale: number;
    tracks: (EventsEntry | null)[];
    events: unknown[];
    queue: { drain(): void };
    queueEvents(entry: EventsEntry, animationTime: number): void;
    /** 4.3: queues the events a reversed entry passed from `animationLast` back to `animationTime`. */
    eventsReverse?(entry: EventsEntry, animationLast: number, animationTime: number): void;
}
type Entry = EventsEntry;
type State = EventsState;

const eventTimelines = new WeakMap<object, Timeline[]>();

/** The animation's event timelines (found once per animation: they hold an `events` array). */
export function eventTimelinesOf(animation: { timelines: Timeline[] }): Timeline[] {
    let found = eventTimelines.get(animation);
    if (!found) {
        found = animation.timelines.filter((t) => Array.isArray((t as unknown as { events?: unknown }).events));
        eventTimelines.set(animation, found);
    }
    return found;
}


/**
 * What `AnimationState.apply` records and fires after an update, without posing: event timelines
 * collect their events, `complete` and the events are queued and dispatched, `nextAnimationLast` /
 * `nextTrackLast` are recorded, but no other timeline is applied (spine-unity's
 * "OnlyEventTimelines" apply, which spine-ts lacks). It mirrors `apply`'s bookkeeping line by line,
 * as spine-core 4.2 and 4.3 each do it; the skeleton keeps its pose.
 */
export function applyEventsOnly(state: EventsState, skeleton: unknown): void {
    const tracks = state.tracks;
    const events = state.events;
    for (let i = 0; i < tracks.length; i++) {
        const current = tracks[i];
        if (!current || current.delay > 0) continue;
        if (current.mixingFrom) mixingFromEvents(state, skeleton, current);
        const animationTime = current.getAnimationTime();
        if (!current.reverse) fire(current, skeleton, current.animationLast, animationTime, events);
        else if (state.eventsReverse) state.eventsReverse(current, current.animationLast, animationTime);
        state.queueEvents(current, animationTime);
        events.length = 0;
        current.nextAnimationLast = animationTime;
        current.nextTrackLast = current.trackTime;
    }
    state.queue.drain();
}

function mixingFromEvents(state: State, skeleton: unknown, to: Entry): void {
    const from = to.mixingFrom as Entry;
    if (from.mixingFrom) mixingFromEvents(state, skeleton, from);
    const mix = to.mix ? to.mix() : to.mixDuration === 0 ? 1 : Math.min(1, to.mixTime / to.mixDuration);
    const animationTime = from.getAnimationTime();
    if (mix < from.eventThreshold) {
        if (!from.reverse) fire(from, skeleton, from.animationLast, animationTime, state.events);
        else if (state.eventsReverse) state.eventsReverse(from, from.animationLast, animationTime);
    }
    if (to.mixDuration > 0) state.queueEvents(from, animationTime);
    state.events.length = 0;
    from.nextAnimationLast = animationTime;
    from.nextTrackLast = from.trackTime;
}

/** Applies the entry's event timelines: they only collect events (the mix arguments, which 4.3 renamed, are unused). */
function fire(entry: Entry, skeleton: unknown, last: number, time: number, events: unknown[]): void {
    const timelines = eventTimelinesOf(entry.animation!);
    for (let i = 0; i < timelines.length; i++) timelines[i].apply(skeleton, last, time, events, 1, MIX_BLEND_SETUP, MIX_DIRECTION_IN);
}
