import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { MIX_BLEND_SETUP, MIX_DIRECTION_IN } from './spineConstants';

/**
 * The spine-core internals an events-only update drives. The same in 4.2 and 4.3, except that 4.3
 * adds `TrackEntry.mix()` (the mix with its interpolation) and `AnimationState.eventsReverse`
 * (reversed entries fire their events; 4.2 fires none for them).
 */
interface Timeline {
    frames: ArrayLike<number>;
    apply(skeleton: unknown, lastTime: number, time: number, events: unknown[], alpha: number, blend: number, direction: number): void;
}
interface Entry {
    animation: { timelines: Timeline[] } | null;
    listener: object | null;
    mixingFrom: Entry | null;
    next: Entry | null;
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
    getAnimationTime(): number;
    /** 4.3: the mix amount, `mixTime / mixDuration` through the entry's mix interpolation. */
    mix?(): number;
}
interface State {
    timeScale: number;
    tracks: (Entry | null)[];
    events: unknown[];
    queue: { drain(): void };
    update(delta: number): void;
    queueEvents(entry: Entry, animationTime: number): void;
    /** 4.3: queues the events a reversed entry passed from `animationLast` back to `animationTime`. */
    eventsReverse?(entry: Entry, animationLast: number, animationTime: number): void;
}

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
 * to its next such moment, less a hair, at most `longest` (MAX_SLEEP or a little less). 0 while anything is in transition (a
 * mix, a queued or delayed entry, a reversed one), which is then updated every frame. When no
 * listener is `listened` to the state (nor on an entry), events and completions are nobody's
 * business and only the end of a track counts.
 */
export function quietTime(go: SpineGameObject, listened: boolean, longest = MAX_SLEEP): number {
    const state = go.animationState as unknown as State;
    const scale = state.timeScale;
    if (scale <= 0) return longest;
    const tracks = state.tracks;
    let quiet = Infinity; // seconds of game time
    for (let i = 0; i < tracks.length; i++) {
        const entry = tracks[i];
        if (!entry) continue;
        if (entry.mixingFrom || entry.next || entry.delay > 0 || entry.reverse) return 0;
        const rate = entry.timeScale * scale;
        if (rate <= 0) continue;
        if (!listened && !entry.listener) {
            // Nobody hears its events or completions: only the end of the track changes anything.
            quiet = Math.min(quiet, Math.max(0, entry.trackEnd - entry.trackTime) / rate);
            continue;
        }
        const start = entry.animationStart;
        const duration = entry.animationEnd - start;
        if (duration <= 0) return 0;
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
    return Math.min(longest, Math.max(0, quiet * 1000 - EARLY));
}

/**
 * Advances `go` by `ms` without posing it: animation time, queued animations, mixes, Spine events
 * and `complete` notifications stay exactly as a full update would leave them, but no timeline
 * other than event timelines is applied and no world transform is computed (spine-unity's
 * "OnlyEventTimelines" update, which spine-ts lacks). This mirrors AnimationState.apply's
 * bookkeeping for events, as spine-core 4.2 and 4.3 each do it; the skeleton keeps its last pose
 * until the next full update.
 */
export function updateEventsOnly(go: SpineGameObject, ms: number): void {
    const seconds = ms / 1000;
    const state = go.animationState as unknown as State;
    const skeleton = go.skeleton;
    state.update(seconds);
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
    skeleton.update(seconds); // physics time, as updatePose keeps it
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

/** Updates up to this long (ms) cannot hold a whole loop of any sensible animation: not checked. */
export const LONG_UPDATE = 50;
/** At most this many events-only steps per update (a long stall over a very short loop loses the rest). */
const MAX_STEPS = 64;

/**
 * spine-core applies a looping animation's time modulo its duration, so a single update longer
 * than one loop fires the events of at most one wrap and loses those of the loops it skipped (an
 * instance at a long frame interval, or after a stall). Such an update is cut: `go` is advanced
 * (events only) in steps of half its shortest loop until what is left is shorter, and that rest
 * is returned for the update itself. Returns `ms` unchanged in the usual case, and when nobody
 * listens (to the state, `listened`, or to the entry).
 */
export function splitLongUpdate(go: SpineGameObject, ms: number, listened: boolean): number {
    const state = go.animationState as unknown as State;
    const scale = state.timeScale;
    if (scale <= 0) return ms;
    let loop = Infinity; // ms of game time of the shortest loop playing
    for (let i = 0; i < state.tracks.length; i++) {
        for (let entry = state.tracks[i]; entry; entry = entry.mixingFrom) {
            const duration = entry.animationEnd - entry.animationStart;
            const rate = entry.timeScale * scale;
            // Events and completions nobody hears need no cutting.
            if (entry.loop && duration > 0 && rate > 0 && (listened || entry.listener)) loop = Math.min(loop, (duration / rate) * 1000);
        }
    }
    if (!(loop < ms)) return ms;
    const step = loop / 2;
    let left = ms;
    for (let steps = 0; left > step && steps < MAX_STEPS; steps++) {
        updateEventsOnly(go, step);
        left -= step;
    }
    return left;
}
