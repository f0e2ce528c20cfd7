/**
 * When an AnimationState will next fire something (a Spine event, a completion, a track end), so an
 * instance nobody sees can skip the updates in between without missing a callback's frame.
 */
import { eventTimelinesOf } from './eventsOnly';
import type { Animation, AnimationState } from './core/shapes';

/** How early (ms) a wake-up comes before its moment, so rounding never makes it late. */
export const EARLY = 0.01;

const eventKeys = new WeakMap<object, number[]>();

/** Sorted times of all event keys of an animation (found once per animation). */
function eventKeysOf(animation: Animation): number[] {
    let keys = eventKeys.get(animation);
    if (!keys) {
        keys = [];
        for (const timeline of eventTimelinesOf(animation)) for (let i = 0; i < timeline.frames.length; i++) keys.push(timeline.frames[i]);
        keys.sort((a, b) => a - b);
        eventKeys.set(animation, keys);
    }
    return keys;
}

/** Where `untilNextMoment` leaves its answer (a number in a field is not boxed, one returned may be). */
export interface Moment {
    seconds: number;
}

/**
 * Game seconds from now to the next moment an update of `state` would fire something, into
 * `out.seconds`: a Spine event, a completion (a loop's or the animation's), a track end; Infinity
 * when none is coming (or the state is paused). Events and completions count only when someone
 * hears them (`listened`, or a TrackEntry listener). For a state whose entries are all current and
 * playing forward.
 */
export function untilNextMoment(state: AnimationState, listened: boolean, out: Moment): void {
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
