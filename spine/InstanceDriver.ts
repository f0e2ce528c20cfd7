import type { Settings } from '../src/options';
import type { ScheduleDriver, Span } from '../src/Scheduler';
import { Tier } from '../src/Tier';
import { OFFSCREEN } from './offscreen';
import type { Posing } from './Posing';
import type { Replay } from './Replay';
import type { SpineInstance } from './SpineInstance';

/** Tells the scheduler an instance's tier (the engine side knows where cameras look). */
export interface TierSource<T> {
    classify(instance: T): number;
}

/**
 * What the scheduler drives for pooled instances: the tier comes from the engine side (`tiers`);
 * an update replays the frames owed (Replay) and ends posed or not as the posing policy says for
 * its tier (Posing); an instance off screen updated on demand is told when it is due again
 * (offscreen.ts).
 */
export class InstanceDriver<T extends SpineInstance> implements ScheduleDriver<T> {
    /** Game time (ms, the scheduler's clock) of the updates being made: set before each pass. */
    now = 0;
    /** Ms of game time until the instance just advanced off screen must be updated again. */
    wakeIn = 0;

    constructor(
        private readonly tiers: TierSource<T>,
        private readonly replay: Replay,
        private readonly posing: Posing,
        private readonly settings: Settings,
    ) {}

    classify(instance: T): number {
        return this.tiers.classify(instance);
    }

    advance(instance: T, tier: number, span: Span): void {
        this.replay.advance(instance, span, this.posing.posesIn(instance, tier));
        // Only the off-screen tier is updated on demand.
        this.wakeIn = tier === Tier.Offscreen ? OFFSCREEN[this.settings.options.offscreen].wakeIn(instance, this.now) : 0;
    }

    firstWake(instance: T, last: number): void {
        this.wakeIn = OFFSCREEN[this.settings.options.offscreen].firstWakeIn(instance, last);
    }

    catchUp(instance: T, span: Span): void {
        // Time, queued entries and events only: the next scheduled update poses it.
        this.replay.advance(instance, span, false);
    }
}
