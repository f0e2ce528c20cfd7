/**
 * spine-unity's "OnlyEventTimelines" apply, which spine-ts lacks: what `AnimationState.apply`
 * records and fires, without posing (`applyEventsOnly`). It mirrors spine-core's `apply` line by
 * line and is kept apart for that. The same in 4.2 and 4.3, except that 4.3 adds `TrackEntry.mix()`
 * (the mix with its interpolation) and `AnimationState.eventsReverse` (reversed entries fire their
 * events; 4.2 fires none for them).
 */
import { MIX_BLEND_SETUP, MIX_DIRECTION_IN, type Animation, type AnimationState, type Timeline, type TrackEntry } from './core/shapes';
import type { SpineVersion } from './core/SpineVersion';

const eventTimelines = new WeakMap<object, Timeline[]>();

/** The animation's event timelines (found once per animation: they hold an `events` array). */
export function eventTimelinesOf(animation: Animation): Timeline[] {
    let found = eventTimelines.get(animation);
    if (!found) {
        found = animation.timelines.filter((t) => Array.isArray(t.events));
        eventTimelines.set(animation, found);
    }
    return found;
}

/**
 * What `AnimationState.apply` records and fires after an update, without posing: event timelines
 * collect their events, `complete` and the events are queued and dispatched, `nextAnimationLast` /
 * `nextTrackLast` are recorded, but no other timeline is applied (spine-unity's
 * "OnlyEventTimelines" apply, which spine-ts lacks). It mirrors `apply`'s bookkeeping line by line,
 * as spine-core 4.2 and 4.3 each do it (`version`: the state's); the skeleton keeps its pose.
 */
export function applyEventsOnly(state: AnimationState, skeleton: unknown, version: SpineVersion): void {
    const tracks = state.tracks;
    const events = state.events;
    for (let i = 0; i < tracks.length; i++) {
        const current = tracks[i];
        if (!current || current.delay > 0) continue;
        if (current.mixingFrom) mixingFromEvents(state, skeleton, current, version);
        const animationTime = current.getAnimationTime();
        if (!current.reverse) fire(current, skeleton, current.animationLast, animationTime, events);
        else version.eventsReversed(state, current, current.animationLast, animationTime);
        state.queueEvents(current, animationTime);
        events.length = 0;
        current.nextAnimationLast = animationTime;
        current.nextTrackLast = current.trackTime;
    }
    state.queue.drain();
}

function mixingFromEvents(state: AnimationState, skeleton: unknown, to: TrackEntry, version: SpineVersion): void {
    const from = to.mixingFrom as TrackEntry;
    if (from.mixingFrom) mixingFromEvents(state, skeleton, from, version);
    const mix = version.mixOf(to);
    const animationTime = from.getAnimationTime();
    if (mix < from.eventThreshold) {
        if (!from.reverse) fire(from, skeleton, from.animationLast, animationTime, state.events);
        else version.eventsReversed(state, from, from.animationLast, animationTime);
    }
    if (to.mixDuration > 0) state.queueEvents(from, animationTime);
    state.events.length = 0;
    from.nextAnimationLast = animationTime;
    from.nextTrackLast = from.trackTime;
}

/** Applies the entry's event timelines: they only collect events (the mix arguments, which 4.3 renamed, are unused). */
function fire(entry: TrackEntry, skeleton: unknown, last: number, time: number, events: unknown[]): void {
    const timelines = eventTimelinesOf(entry.animation!);
    for (let i = 0; i < timelines.length; i++) timelines[i].apply(skeleton, last, time, events, 1, MIX_BLEND_SETUP, MIX_DIRECTION_IN);
}
