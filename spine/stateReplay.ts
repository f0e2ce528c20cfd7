/**
 * How a pooled instance's AnimationState stays exactly where a stock one's would be while the
 * instance is posed less often than every frame.
 *
 * Stock spine-phaser calls `update(delta)` then `apply(skeleton)` on every object every frame. What
 * an AnimationState does next depends on both: `update` decides queue switches, mix endings and
 * track ends from the times the previous `apply` recorded (`nextTrackLast`), and `apply` poses the
 * skeleton and fires events. A pooled instance gets the same `update(delta)` calls, one per frame,
 * with the same deltas (summing them first would round differently and move a Spine event or a
 * switch by a frame). Between two poses it does no `apply` unless one matters:
 *
 * - while the state is in transition (a queued entry, a mix, a track end, an entry never applied
 *   yet), after every update it records what `apply` records and fires the events that update
 *   owes (`applyEventsOnly`, spine-csharp's ApplyEventTimelinesOnly);
 * - while every application counts (`appliesEveryFrame`: a mix, a track below full alpha, an
 *   additive one), the real `apply` runs after every update, posing the local pose (not the world
 *   transforms): spine-core blends such rotations with the direction it chose at the previous
 *   application (`TrackEntry.timelinesRotation`), adds additive values to the previous pose, and an
 *   entry's last application as it mixes out resets what only it keyed, which stock leaves behind
 *   and nothing else would set again;
 * - so does the last application of a track that ends (`needsFinalApply`);
 * - otherwise only track times move (`updateQuietly`, exactly the additions `update` makes then).
 *
 * spine-core 4.2 and 4.3 do these the same way.
 */
import { applyEventsOnly } from './eventsOnly';
import { NOT_SERVED, SERVED } from './core/notServed';
import type { AnimationState, Skeleton } from './core/shapes';
import type { SpineVersion } from './core/SpineVersion';

/** spine-core's default `trackEnd`: the entry never ends by itself. */
const NO_END = Number.MAX_VALUE;

/**
 * Whether each `apply` depends on the previous one, so every frame's must be made as stock makes
 * it: a mix in progress or a track below full alpha (spine-core mixes rotations in the direction the
 * previous application took, and holds its last one where the values meet), an additive track
 * (its values add up on the previous pose wherever nothing below sets them). `version`: the state's
 * Spine version.
 */
export function appliesEveryFrame(state: AnimationState, version: SpineVersion): boolean {
    return everyFrameReason(state, version) !== SERVED;
}

/**
 * `appliesEveryFrame`'s answer as a reason (core/notServed.ts): `SERVED` (0) when no apply depends
 * on the previous one, else the first entry's why: `mix`, `alpha` or `additive`.
 */
function everyFrameReason(state: AnimationState, version: SpineVersion): number {
    const tracks = state.tracks;
    for (let i = 0; i < tracks.length; i++) {
        const entry = tracks[i];
        if (entry === null || entry.delay > 0) continue;
        if (entry.mixingFrom !== null) return NOT_SERVED.mix;
        if (entry.alpha < 1) return NOT_SERVED.alpha;
        if (version.isAdditive(entry)) return NOT_SERVED.additive;
    }
    return SERVED;
}

/**
 * Whether each update must be followed by what its apply does, frame by frame: the next update may
 * take a decision that depends on what the previous apply recorded, or fire something (a queued
 * entry, a mix, an entry waiting out a delay, never applied yet, or played in reverse), or every
 * apply counts (`appliesEveryFrame`). Such a state cannot skip frames.
 */
export function needsEveryFrame(state: AnimationState, version: SpineVersion): boolean {
    const tracks = state.tracks;
    for (let i = 0; i < tracks.length; i++) {
        const entry = tracks[i];
        if (entry === null) continue;
        if (entry.next !== null || entry.mixingFrom !== null || entry.delay > 0 || entry.nextTrackLast === -1 || entry.reverse) return true;
    }
    return appliesEveryFrame(state, version);
}

/**
 * Whether the state is replayed frame by frame (`needsEveryFrame`), or has a track that ends: its
 * end is decided from what the previous apply recorded.
 */
export function inTransition(state: AnimationState, version: SpineVersion): boolean {
    if (needsEveryFrame(state, version)) return true;
    const tracks = state.tracks;
    for (let i = 0; i < tracks.length; i++) {
        const entry = tracks[i];
        if (entry !== null && entry.trackEnd !== NO_END) return true;
    }
    return false;
}

/** The frame deltas a replay reads (ms), by `frame % deltas.length`. */
export interface FrameDeltas {
    readonly deltas: Float64Array;
}

/**
 * `state.update(delta / 1000)` for each frame from `first` to `last`, for a state not in transition:
 * exactly the field writes spine-core's `update` makes then (every entry is current, applied
 * before, never ends, nothing queued), with the same arithmetic frame after frame, so times stay
 * bit for bit those of a stock object. Also the skeleton's clock.
 */
export function updateQuietly(state: AnimationState, skeleton: Skeleton, frames: FrameDeltas, first: number, last: number): void {
    const scale = state.timeScale;
    const tracks = state.tracks;
    const deltas = frames.deltas;
    const size = deltas.length;
    for (let i = 0; i < tracks.length; i++) {
        const entry = tracks[i];
        if (entry === null) continue;
        entry.animationLast = entry.nextAnimationLast;
        entry.trackLast = entry.nextTrackLast;
        const entryScale = entry.timeScale;
        let time = entry.trackTime;
        for (let f = first; f <= last; f++) time += (deltas[f % size] / 1000) * scale * entryScale;
        entry.trackTime = time;
    }
    let clock = skeleton.time;
    for (let f = first; f <= last; f++) clock += deltas[f % size] / 1000; // skeleton.update(seconds)
    skeleton.time = clock;
}

/** `state.update(seconds)` and the skeleton's clock, as `updatePose` advances them. */
export function updateState(state: AnimationState, skeleton: Skeleton, seconds: number): void {
    state.update(seconds);
    skeleton.update(seconds);
}

/**
 * Whether the coming `apply` is the last one an entry gets: a track that has reached its end (stock
 * applies its entry once more at no weight, which puts what only it keyed back to the setup pose,
 * then clears the track). A mix-out's last application is one of `appliesEveryFrame`'s.
 */
export function needsFinalApply(state: AnimationState): boolean {
    const tracks = state.tracks;
    for (let i = 0; i < tracks.length; i++) {
        const current = tracks[i];
        if (current !== null && current.delay <= 0 && current.trackTime >= current.trackEnd && current.next === null) return true;
    }
    return false;
}

/**
 * Whether, after an update that does not pose, stock's `apply` must run for real rather than as
 * `applyEventsOnly`: it is some entry's last (see `needsFinalApply`) or every application counts
 * (`appliesEveryFrame`).
 */
export function needsApply(state: AnimationState, version: SpineVersion): boolean {
    return applyReason(state, version) !== SERVED;
}

/**
 * `needsApply`'s answer as a reason (core/notServed.ts), which also says that the pose cannot be
 * copied from the cache: `SERVED` (0) when no apply is needed, else `trackEnd` (`needsFinalApply`)
 * or `appliesEveryFrame`'s why (`mix`, `alpha`, `additive`).
 */
export function applyReason(state: AnimationState, version: SpineVersion): number {
    return needsFinalApply(state) ? NOT_SERVED.trackEnd : everyFrameReason(state, version);
}

/** What stock's `apply` records and fires after an update, without posing the skeleton. */
export function applyEvents(state: AnimationState, skeleton: Skeleton, version: SpineVersion): void {
    applyEventsOnly(state, skeleton, version);
}

/** Stands in for an AnimationState's event queue while it is applied silently: hears nothing. */
const SILENT_QUEUE = {
    objects: [] as unknown[],
    drainDisabled: true,
    start(): void {},
    interrupt(): void {},
    end(): void {},
    dispose(): void {},
    complete(): void {},
    event(): void {},
    drain(): void {},
    clear(): void {},
};

/**
 * `state.apply(skeleton)` at the state's current times without firing anything: the local pose a
 * stock object shows after this frame's update, for an instance whose last update did not pose it
 * (the events a real apply would queue were fired by that update already). The state's own queue
 * is set aside for the call, not edited.
 */
export function applySilently(state: AnimationState, skeleton: Skeleton): void {
    const queue = state.queue;
    state.queue = SILENT_QUEUE;
    try {
        state.apply(skeleton);
    } finally {
        state.queue = queue;
    }
}
