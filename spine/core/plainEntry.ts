/** The one "plays one animation plainly" predicate: what the pose cache serves and where reach is sampled. */
import { NOT_SERVED, SERVED } from './notServed';
import type { TrackEntry } from './shapes';
import type { SpineVersion } from './SpineVersion';

/**
 * The entry of a state playing one animation plainly: on track 0 with every other track empty, no
 * mix in or out, not waiting out a delay, forward, at full alpha, not additive (as `version`, the
 * state's Spine version, says it). Then the skeleton's pose is that animation's at the entry's time
 * over whatever it does not key, and where it can be drawn is where that animation reaches.
 * (Something may be queued after it: `entry.next`, which a caller that looks ahead checks.)
 * Otherwise null.
 */
export function plainEntry(state: { tracks: ArrayLike<TrackEntry | null> }, version: SpineVersion): TrackEntry | null {
    return plainness(state, version) === SERVED ? state.tracks[0] : null;
}

/**
 * Whether a state plays one animation plainly (see `plainEntry`): `SERVED` (0) when it does, else
 * the first reason it does not (core/notServed.ts: `noAnimation`, `tracks`, `mix`, `delay`,
 * `reverse`, `alpha`, `additive`).
 */
export function plainness(state: { tracks: ArrayLike<TrackEntry | null> }, version: SpineVersion): number {
    const tracks = state.tracks;
    let others = false;
    for (let i = 1; i < tracks.length; i++) if (tracks[i] !== null) others = true;
    const entry = tracks.length === 0 ? null : tracks[0];
    if (entry === null || entry.animation === null) return others ? NOT_SERVED.tracks : NOT_SERVED.noAnimation;
    if (others) return NOT_SERVED.tracks;
    if (entry.mixingFrom !== null) return NOT_SERVED.mix;
    if (entry.delay > 0) return NOT_SERVED.delay;
    if (entry.reverse) return NOT_SERVED.reverse;
    if (entry.alpha !== 1) return NOT_SERVED.alpha;
    if (version.isAdditive(entry)) return NOT_SERVED.additive;
    return SERVED;
}
