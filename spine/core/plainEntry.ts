/** The one "plays one animation plainly" predicate: what the pose cache serves and where reach is sampled. */
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
    const tracks = state.tracks;
    if (tracks.length === 0) return null;
    const entry = tracks[0];
    if (entry === null || entry.animation === null) return null;
    for (let i = 1; i < tracks.length; i++) if (tracks[i] !== null) return null;
    if (entry.mixingFrom !== null || entry.delay > 0 || entry.reverse || entry.alpha !== 1 || version.isAdditive(entry)) return null;
    return entry;
}
