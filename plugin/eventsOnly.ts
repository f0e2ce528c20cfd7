import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { MIX_BLEND_SETUP, MIX_DIRECTION_IN } from './spineConstants';

/** The spine-core internals an events-only update drives (the same in 4.2 and 4.3). */
interface Timeline {
    apply(skeleton: unknown, lastTime: number, time: number, events: unknown[], alpha: number, blend: number, direction: number): void;
}
interface Entry {
    animation: { timelines: Timeline[] } | null;
    mixingFrom: Entry | null;
    delay: number;
    reverse: boolean;
    eventThreshold: number;
    animationLast: number;
    nextAnimationLast: number;
    trackTime: number;
    nextTrackLast: number;
    mixTime: number;
    mixDuration: number;
    getAnimationTime(): number;
}
interface State {
    tracks: (Entry | null)[];
    events: unknown[];
    queue: { drain(): void };
    update(delta: number): void;
    queueEvents(entry: Entry, animationTime: number): void;
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

/**
 * Advances `go` by `ms` without posing it: animation time, queued animations, mixes, Spine events
 * and `complete` notifications stay exactly as a full update would leave them, but no timeline
 * other than event timelines is applied and no world transform is computed (spine-unity's
 * "OnlyEventTimelines" update, which spine-ts lacks). This mirrors AnimationState.apply's
 * bookkeeping for events; the skeleton keeps its last pose until the next full update.
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
    const mix = to.mixDuration === 0 ? 1 : Math.min(1, to.mixTime / to.mixDuration);
    const animationTime = from.getAnimationTime();
    if (!from.reverse && mix < from.eventThreshold) fire(from, skeleton, from.animationLast, animationTime, state.events);
    if (to.mixDuration > 0) state.queueEvents(from, animationTime);
    state.events.length = 0;
    from.nextAnimationLast = animationTime;
    from.nextTrackLast = from.trackTime;
}

function fire(entry: Entry, skeleton: unknown, last: number, time: number, events: unknown[]): void {
    const timelines = eventTimelinesOf(entry.animation!);
    for (let i = 0; i < timelines.length; i++) timelines[i].apply(skeleton, last, time, events, 1, MIX_BLEND_SETUP, MIX_DIRECTION_IN);
}
