/**
 * What an instance outside the view of every camera that renders it gets: one object per
 * `offscreen` option. This file is the one place that says what each mode means; the scheduler
 * only sees the interval of the off-screen tier, the updater only whether to pose.
 */
import type { CoreOptions, OffscreenMode } from '../src/options';
import { ON_DEMAND } from '../src/Scheduler';
import { untilNextMoment, EARLY, type Moment } from './moments';
import { isListened, type SpineInstance } from './SpineInstance';
import { needsEveryFrame } from './stateReplay';

/** The rules of one `offscreen` mode. */
export interface OffscreenPolicy {
    /**
     * Whether instances off screen are told apart from far ones at all (with every mode but
     * `'lod'`): they get the off-screen tier, are looked at again every frame after the game's
     * update (one that comes into view is posed in that frame), and one spawned off screen is not
     * posed until it comes into view.
     */
    readonly watches: boolean;
    /** The off-screen tier's frame interval: a frame count, 0 (frozen: no update, no time passes) or `ON_DEMAND`. */
    interval(options: CoreOptions): number;
    /** Whether an update of `instance` off screen poses it. */
    poses(instance: SpineInstance): boolean;
    /** For an `ON_DEMAND` tier: ms of game time until `instance`, just updated at game time `now`, must be updated again. */
    wakeIn(instance: SpineInstance, now: number): number;
    /** For an `ON_DEMAND` tier: ms of game time after `last`, its last update, by which `instance`, joining the tier, must be updated first. */
    firstWakeIn(instance: SpineInstance, last: number): number;
}

/** Longest an events-only instance sleeps without anything to wait for, ms of game time. */
export const MAX_SLEEP = 1000;

const moment: Moment = { seconds: 0 };

/**
 * `'events'`: time, queued animations, mixes and every Spine event stay exact (spine-unity's
 * event-timelines-only update), nothing is posed until it is back in view, where it shows what a
 * stock object shows. It is updated on demand: when its next event, completion or track end is due,
 * every frame while it must be (a mix, a queued, delayed or reversed entry, a track below full
 * alpha or additive, a queued Legacy play), when the game changes it, and at least once a second.
 *
 * A rig with physics constraints is the exception: its pose depends on its whole history (a swing,
 * a ponytail), which no replay can make up when it comes back into view, and physics stepped over
 * several frames at once drifts from stock's (a swing stepped every 2 frames came back 29 px off,
 * every 4 frames 54 px). It is updated and posed every frame, as a stock object is: only not drawn.
 */
const events: OffscreenPolicy = {
    watches: true,
    poses: (instance) => instance.hasPhysics,
    interval: () => ON_DEMAND,
    wakeIn(instance, now) {
        const legacy = instance.legacy;
        const state = instance.go.animationState;
        if ((legacy !== null && legacy.pending) || instance.hasPhysics || needsEveryFrame(state, instance.version)) return 0;
        return sleepFor(instance, now, isListened(instance));
    },
    firstWakeIn(instance, last) {
        // Heard (a listener, a Legacy play): updated at once, so what it fires lands on time.
        // Unheard, nothing it does can be seen until it comes into view or the game changes it,
        // and both bring it up to date first (the replay is exact whenever it runs): it waits
        // for its point of the sleep grid, or its next track end. Physics runs on at once.
        const legacy = instance.legacy;
        if (isListened(instance) || (legacy !== null && legacy.pending) || instance.hasPhysics) return 0;
        return sleepFor(instance, last, false);
    },
};

/**
 * Ms of game time after `from` until `instance` must be updated: its next moment (see
 * moments.ts; events count when `listened`), or its own point of a MAX_SLEEP grid, whichever
 * comes first. The grid spreads sleepers evenly over the frames.
 */
function sleepFor(instance: SpineInstance, from: number, listened: boolean): number {
    const longest = MAX_SLEEP - ((from + instance.sleepPhase * MAX_SLEEP) % MAX_SLEEP);
    untilNextMoment(instance.go.animationState, listened, moment);
    return Math.min(longest, Math.max(0, moment.seconds * 1000 - EARLY));
}

/** `'lod'`: nothing special off screen, distance tiers only (the Unity SpineManager's behaviour). */
const lod: OffscreenPolicy = {
    watches: false,
    poses: () => true,
    interval: (options) => options.lowFrequency, // never used: no instance gets the off-screen tier
    wakeIn: () => 0,
    firstWakeIn: () => 0,
};

/** `'low'`: full updates at the low tier's interval. */
const low: OffscreenPolicy = {
    watches: true,
    poses: () => true,
    interval: (options) => options.lowFrequency,
    wakeIn: () => 0,
    firstWakeIn: () => 0,
};

/** `'pause'`: no update at all until it is back in view; its animation resumes where it stopped. */
const pause: OffscreenPolicy = {
    watches: true,
    poses: () => true,
    interval: () => 0,
    wakeIn: () => 0,
    firstWakeIn: () => 0,
};

/** The rules of each `offscreen` mode. */
export const OFFSCREEN: Readonly<Record<OffscreenMode, OffscreenPolicy>> = { events, lod, low, pause };
