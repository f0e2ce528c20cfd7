import type { Settings } from '../src/options';
import type { ScheduleDriver } from '../src/Scheduler';
import { Tier } from '../src/Tier';
import type { InstanceUpdater } from './InstanceUpdater';
import { OFFSCREEN } from './offscreen';
import type { UpdatedInstance } from './SpineInstance';

/** Tells the scheduler an instance's tier (the engine side knows where cameras look). */
export interface TierSource<T> {
    classify(instance: T): number;
}

/**
 * What the scheduler drives: an instance's tier comes from the engine side (`tiers`); an update
 * replays the frames it is owed and poses it, unless it is off screen in a mode that does not pose
 * (see offscreen.ts), which also says when an instance updated on demand is due again.
 */
export class InstanceDriver<T extends UpdatedInstance> implements ScheduleDriver<T> {
    /** Game time (ms, the scheduler's clock) of the updates being made: set before each pass. */
    now = 0;
    /** Ms of game time until the instance just advanced off screen must be updated again. */
    wakeIn = 0;

    constructor(
        private readonly tiers: TierSource<T>,
        private readonly updater: InstanceUpdater,
        private readonly settings: Settings,
    ) {}

    classify(instance: T): number {
        return this.tiers.classify(instance);
    }

    advance(instance: T, ms: number, tier: number, from: number, to: number): void {
        if (tier !== Tier.Offscreen) {
            this.updater.advance(instance, ms, from, to, true);
            this.wakeIn = 0;
            return;
        }
        const policy = OFFSCREEN[this.settings.options.offscreen];
        this.updater.advance(instance, ms, from, to, policy.poses);
        this.wakeIn = policy.wakeIn(instance, this.now);
    }

    firstWake(instance: T, last: number): void {
        this.wakeIn = OFFSCREEN[this.settings.options.offscreen].firstWakeIn(instance, last);
    }

    catchUp(instance: T, ms: number, from: number, to: number): void {
        // Time, queued entries and events only: the next scheduled update poses it.
        this.updater.advance(instance, ms, from, to, false);
    }
}
