import { FRAME_HISTORY, type FrameHistory } from '../src/FrameHistory';
import type { Settings } from '../src/options';
import type { ScheduleDriver, Span } from '../src/Scheduler';
import { Tier } from '../src/Tier';
import { EARLY, untilNextMoment, type Moment } from './moments';
import { OFFSCREEN } from './offscreen';
import type { Posing } from './Posing';
import { isListened, type SpineInstance } from './SpineInstance';
import { applyEvents, inTransition, needsApply, updateQuietly, updateState } from './stateReplay';

/** Tells the scheduler an instance's tier (the engine side knows where cameras look). */
export interface TierSource<T> {
    classify(instance: T): number;
}

/**
 * What one update of a pooled instance does to its time, as the scheduler drives it: it is owed
 * the frames since its previous update, and each is replayed as stock spine-phaser would update the
 * object in that frame (see stateReplay.ts), so time, queued animations, mix endings and every
 * Spine event land exactly as they would (events reach listeners at this update, in their order).
 * Its last frame ends posed or not as the posing policy says for its tier (Posing.ts), which also
 * says how; its tier comes from the engine side (`tiers`); an instance off screen updated on
 * demand is told when it is due again (offscreen.ts).
 *
 * Reentrant: a Spine listener called during a replay may bring another instance up to date (a
 * catch-up, see PoolHost), which replays that one. So the span is read once at the start, and what
 * moves between the steps of one replay is in locals and arguments, never in fields.
 */
export class Replay<T extends SpineInstance = SpineInstance> implements ScheduleDriver<T> {
    /** Game time (ms, the scheduler's clock) of the updates being made: set before each pass. */
    now = 0;
    /** Ms of game time until the instance just advanced off screen must be updated again. */
    wakeIn = 0;
    /** Where `untilNextMoment` answers (read at once after each call). */
    private readonly moment: Moment = { seconds: 0 };

    constructor(
        private readonly frames: FrameHistory,
        private readonly posing: Posing,
        private readonly tiers: TierSource<T>,
        private readonly settings: Settings,
    ) {}

    classify(instance: T): number {
        return this.tiers.classify(instance);
    }

    /** Its update in `tier`: the frames owed, the last one posed as the posing policy says. */
    advance(instance: T, tier: number, span: Span): void {
        this.run(instance, span, this.posing.posesIn(instance, tier));
        // Only the off-screen tier is updated on demand.
        this.wakeIn = tier === Tier.Offscreen ? OFFSCREEN[this.settings.options.offscreen].wakeIn(instance, this.now) : 0;
    }

    firstWake(instance: T, last: number): void {
        this.wakeIn = OFFSCREEN[this.settings.options.offscreen].firstWakeIn(instance, last);
    }

    /** Time, queued entries and events only: the next scheduled update poses it. */
    catchUp(instance: T, span: Span): void {
        this.run(instance, span, false);
    }

    /**
     * Advances `instance` through `span` (its frames' deltas from `frames`; when `span.from` is
     * -Infinity they are not known and `span.ms` is advanced as one stretch), then, when `pose`,
     * poses its last frame. With nothing owed and `pose`, it is posed as it is now.
     */
    private run(instance: SpineInstance, span: Span, pose: boolean): void {
        const from = span.from;
        const to = span.to;
        if (from === -Infinity) this.advanceStretch(instance, span.ms, to, pose, instance.generation);
        else if (from < to) this.replay(instance, from, to, pose, instance.generation);
        else if (pose) this.posing.poseNow(instance, to, true);
        // A time scale the game set during the update (from a callback) is in force from now on.
        instance.timeScale = instance.go.animationState.timeScale;
    }

    private replay(instance: SpineInstance, from: number, to: number, pose: boolean, owner: number): void {
        const state = instance.go.animationState;
        const deltas = this.frames.deltas;
        let frame = from + 1;
        while (frame < to) {
            // Despawned by a listener (maybe spawned again): the rest was the previous owner's time.
            if (instance.generation !== owner) return;
            const legacy = instance.legacy;
            if ((legacy !== null && legacy.pending) || inTransition(state, instance.version)) {
                // Every frame as stock: what each update decides depends on the apply before it.
                this.step(instance, this.lead(instance, deltas[frame % FRAME_HISTORY]));
                frame++;
                continue;
            }
            // Quiet frames: nothing is decided or fired until its next event, completion or track
            // end; the frame that reaches it fires it, so callbacks keep stock's frames' order.
            const due = this.dueIn(instance);
            let end = frame;
            let since = deltas[frame % FRAME_HISTORY] / 1000;
            while (since < due && end < to - 1) since += deltas[++end % FRAME_HISTORY] / 1000;
            updateQuietly(state, instance.skeleton, this.frames, frame, end);
            instance.poseBehind = true;
            if (since >= due) this.settle(instance);
            frame = end + 1;
        }
        if (instance.generation !== owner) return;
        const slot = to % FRAME_HISTORY;
        const ms = this.lead(instance, deltas[slot]);
        if (!pose) this.step(instance, ms);
        // The frame's whole delta as the number object the history keeps (see FrameHistory.boxed).
        else this.posing.poseStep(instance, to, (ms === deltas[slot] ? this.frames.boxed[slot] : ms) as number);
    }

    /**
     * Time known only as a sum (frames forgotten, a frozen span): advanced in pieces that end just
     * past its events, completions and track ends, so none is skipped, the last one posed when `pose`.
     */
    private advanceStretch(instance: SpineInstance, ms: number, frame: number, pose: boolean, owner: number): void {
        const state = instance.go.animationState;
        let left = this.lead(instance, ms);
        for (let pieces = 0; pieces < MAX_PIECES && !inTransition(state, instance.version); pieces++) {
            const piece = this.dueIn(instance) * 1000 + 2 * EARLY;
            if (!(piece < left)) break;
            this.step(instance, piece);
            left -= piece;
            if (instance.generation !== owner) return;
        }
        if (pose) this.posing.poseStep(instance, frame, left);
        else this.step(instance, left);
    }

    /** One stock update of `ms` (its apply included, as far as it matters: see `settle`), not posed. */
    private step(instance: SpineInstance, ms: number): void {
        // The local pose is behind from here (set before anything a callback may do about it).
        instance.poseBehind = true;
        updateState(instance.go.animationState, instance.skeleton, ms / 1000);
        this.settle(instance);
    }

    /** What stock's apply does after an update, posing the local pose only where it must (see `needsApply`). */
    private settle(instance: SpineInstance): void {
        const go = instance.go;
        // Once the game read its skeleton, a listener may pose it at its events (bonesWhenRead.ts): from this frame's local pose.
        if ((!instance.bonesLazy && isListened(instance)) || needsApply(go.animationState, instance.version)) {
            instance.poseBehind = false; // posed before its callbacks run
            go.animationState.apply(instance.skeleton);
        } else {
            applyEvents(go.animationState, instance.skeleton, instance.version);
        }
    }

    /** Game seconds to the instance's next event, completion or track end (see `untilNextMoment`), a hair early. */
    private dueIn(instance: SpineInstance): number {
        untilNextMoment(instance.go.animationState, isListened(instance), this.moment);
        return this.moment.seconds - EARLY / 1000;
    }

    /**
     * Starts the Legacy plays queued on `instance` that fall within the next `ms`, where one is due
     * after another started in the same span first advancing the instance to that moment. Returns
     * what is left of `ms` for the update itself.
     */
    private lead(instance: SpineInstance, ms: number): number {
        const legacy = instance.legacy;
        if (legacy === null || !legacy.pending) return ms;
        let left = ms;
        for (;;) {
            const split = legacy.beforeUpdate(left / 1000) * 1000;
            if (!(split < left)) break;
            this.step(instance, split);
            left -= split;
        }
        return left;
    }
}

/** At most this many pieces per stretch of unknown frames (a long stall over a very short loop loses the rest). */
const MAX_PIECES = 64;
