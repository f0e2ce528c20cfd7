import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { MIX_BLEND_ADD, MIX_BLEND_SETUP, MIX_DIRECTION_IN } from './spineConstants';

/**
 * The spine-core internals an events-only apply drives. The same in 4.2 and 4.3, except that 4.3
 * adds `TrackEntry.mix()` (the mix with its interpolation) and `AnimationState.eventsReverse`
 * (reversed entries fire their events; 4.2 fires none for them).
 */
interface Timeline {
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
function eventTimelinesOf(animation: { timelines: Timeline[] }): Timeline[] {
    let found = eventTimelines.get(animation);
    if (!found) {
        found = animation.timelines.filter((t) => Array.isArray((t as unknown as { events?: unknown }).events));
        eventTimelines.set(animation, found);
    }
    return found;
}


/** Longest an events-only instance sleeps without anything to wait for, ms of game time. */
export const MAX_SLEEP = 1000;

/** How early (ms) a sleeper wakes before its moment, so rounding never makes it late. */
const EARLY = 0.01;

const eventKeys = new WeakMap<object, number[]>();

/** Sorted times of all event keys of an animation (found once per animation). */
function eventKeysOf(animation: { timelines: Timeline[] }): number[] {
    let keys = eventKeys.get(animation);
    if (!keys) {
        keys = [];
        for (const timeline of eventTimelinesOf(animation)) for (let i = 0; i < timeline.frames.length; i++) keys.push(timeline.frames[i]);
        keys.sort((a, b) => a - b);
        eventKeys.set(animation, keys);
    }
    return keys;
}

/**
 * How long (ms of game time) `go` can go without an events-only update and still have every
 * event, completion and track end dispatched in the very frame a per-frame update would: the time
 * to its next such moment, less a hair, at most `longest` (MAX_SLEEP or a little less). 0 while
 * anything is in transition (a mix, a queued or delayed entry, a reversed one) or every apply counts
 * (an entry below full alpha, an additive one), which is then updated every frame. When no
 * listener is `listened` to the state (nor on an entry), events and completions are nobody's
 * business and only the end of a track counts.
 */
export function quietTime(go: SpineGameObject, listened: boolean, longest = MAX_SLEEP): number {
    const state = go.animationState as unknown as State;
    const tracks = state.tracks;
    for (let i = 0; i < tracks.length; i++) {
        const entry = tracks[i];
        if (!entry) continue;
        // In transition, or applied with weight below 1 or additively (every apply counts): every frame.
        if (entry.mixingFrom || entry.next || entry.delay > 0 || entry.reverse || entry.alpha < 1 || entry.additive === true || entry.mixBlend === MIX_BLEND_ADD) return 0;
    }
    untilNextMoment(state, listened, moment);
    return Math.min(longest, Math.max(0, moment.seconds * 1000 - EARLY));
}

/** Where `untilNextMoment` leaves its answer (a number in a field is not boxed, one returned may be). */
export interface Moment {
    seconds: number;
}
const moment: Moment = { seconds: 0 };

/**
 * Game seconds from now to the next moment an update of `state` would fire something, into
 * `out.seconds`: a Spine event, a completion (a loop's or the animation's), a track end; Infinity
 * when none is coming (or the state is paused). Events and completions count only when someone
 * hears them (`listened`, or a TrackEntry listener). For a state whose entries are all current and
 * playing forward.
 */
export function untilNextMoment(state: EventsState, listened: boolean, out: Moment): void {
    out.seconds = Infinity;
    const scale = state.timeScale;
    if (scale <= 0) return;
    const tracks = state.tracks;
    let quiet = Infinity;
    for (let i = 0; i < tracks.length; i++) {
        const entry = tracks[i];
        if (!entry) continue;
        const rate = entry.timeScale * scale;
        if (rate <= 0) continue;
        if (!listened && !entry.listener) {
            // Nobody hears its events or completions: only the end of the track changes anything.
            quiet = Math.min(quiet, Math.max(0, entry.trackEnd - entry.trackTime) / rate);
            continue;
        }
        const start = entry.animationStart;
        const duration = entry.animationEnd - start;
        if (duration <= 0) {
            out.seconds = 0;
            return;
        }
        const time = entry.trackTime;
        const keys = eventKeysOf(entry.animation!);
        let ahead = entry.trackEnd - time; // track seconds to the next moment
        // Where it is in the animation: within the current loop, or since the start.
        const into = entry.loop ? time % duration : time;
        if (into < duration) ahead = Math.min(ahead, duration - into); // a loop or the animation completes
        for (let k = 0; k < keys.length; k++) {
            const key = keys[k] - start;
            if (key > into && key <= duration) {
                ahead = Math.min(ahead, key - into);
                break;
            }
        }
        quiet = Math.min(quiet, Math.max(0, ahead) / rate);
    }
    out.seconds = quiet;
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
