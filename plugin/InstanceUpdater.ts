import type { FrameHistory } from '../src/FrameHistory';
import type { PooledInstance } from './PooledInstance';
import { resetPhysics } from './spineCompat';
import { PHYSICS_UPDATE } from './spineConstants';
import { untilNextMoment, type EventsState } from './eventsOnly';
import { applyEvents, applySilently, inTransition, needsApply, updateQuietly, updateState } from './stateReplay';

interface Posable {
    beforeUpdateWorldTransforms(go: unknown): void;
    afterUpdateWorldTransforms(go: unknown): void;
    updatePose(ms: number): void;
    /** spine-phaser-v4: carries the object's movement to physics constraints, as `updatePose` does first. */
    skeletonPhysics?: { applyTransformMovement(): void };
}

/**
 * What one update of a pooled instance does. It is owed the frames since its previous update; each
 * is replayed as stock spine-phaser would update the object in that frame (see stateReplay.ts), so
 * time, queued animations, mix endings and every Spine event land exactly as they would (events
 * reach listeners at this update, in their order). Then, when the instance is to be seen, its last
 * frame is posed with `updatePose`; otherwise it is left unposed.
 *
 * Physics constraints simulate the time since their last pose at once: after a longer gap than the
 * slowest posing interval (an instance back in view) they are restarted from the pose, as a new
 * object's are, instead of whipping through the whole gap in one frame.
 */
export class InstanceUpdater {
    /** Frames between two poses beyond which physics restarts: the slowest posing interval. */
    gapFrames = 4;

    constructor(private readonly frames: FrameHistory) {}

    /**
     * Advances `instance` through the frames after `from` up to `to` (their deltas from `frames`;
     * when `from` is -Infinity they are not known and `ms` is advanced as one span), then poses its
     * last frame when `pose`. With nothing owed and `pose`, it is posed as it is now.
     */
    advance(instance: PooledInstance, ms: number, from: number, to: number, pose: boolean): void {
        this.replay(instance, ms, from, to, pose);
        // A time scale the game set during the update (from a callback) is in force from now on.
        instance.timeScale = instance.go.animationState.timeScale;
    }

    private replay(instance: PooledInstance, ms: number, from: number, to: number, pose: boolean): void {
        if (from === -Infinity) {
            this.advanceSpan(instance, ms, to, pose);
            return;
        }
        if (from >= to) {
            if (pose) this.poseNow(instance, to, true);
            return;
        }
        let due = this.untilDue(instance); // game seconds to its next event, completion or track end
        let since = 0; // game seconds since then
        for (let frame = from + 1; frame <= to; frame++) {
            const ms = this.lead(instance, this.frames.deltaAt(frame));
            if (frame === to) {
                if (pose) this.pose(instance, ms, to);
                else this.step(instance, ms / 1000, true);
                return;
            }
            since += ms / 1000;
            // Events fire in the frame stock fires them: callbacks stay in stock's order.
            if (this.step(instance, ms / 1000, since >= due)) {
                since = 0;
                due = this.untilDue(instance);
            }
        }
    }

    /**
     * Poses `instance` as it stands now, without moving its time or firing anything, when its last
     * update did not pose it: the local pose only, or with world transforms (`world`, an instance to
     * be drawn this frame).
     *
     * The local pose is what stock's last apply left, so it must be made before the game changes
     * the animation state (which stock only applies at its next update): the plugin calls this with
     * `world` false before each such change, and the pose made then is kept until the next update.
     */
    poseNow(instance: PooledInstance, frame: number, world: boolean): void {
        const go = instance.go;
        if (instance.localStale) {
            applySilently(go.animationState, go.skeleton);
            instance.localStale = false;
        }
        if (!world || instance.posedFrame === frame) return;
        const posable = go as unknown as Posable;
        if (frame - instance.posedFrame > this.gapFrames) resetPhysics(go.skeleton);
        posable.skeletonPhysics?.applyTransformMovement();
        posable.beforeUpdateWorldTransforms(go);
        go.skeleton.updateWorldTransform(PHYSICS_UPDATE as never);
        posable.afterUpdateWorldTransforms(go);
        instance.posedFrame = frame;
    }

    /** One frame (or part of one) of a stock update; `settle`: also what its apply records and fires. Returns whether it settled. */
    private step(instance: PooledInstance, seconds: number, settle: boolean): boolean {
        const go = instance.go;
        const state = go.animationState;
        // The local pose is behind from here (set before anything a callback may do about it).
        instance.localStale = true;
        if (inTransition(state)) {
            updateState(state, go.skeleton, seconds);
        } else {
            updateQuietly(state, go.skeleton, seconds);
            if (!settle) return false;
        }
        this.settle(instance);
        return true;
    }

    /** What stock's apply does after an update, posing the local pose only where it must (see `needsApply`). */
    private settle(instance: PooledInstance): void {
        const go = instance.go;
        if (needsApply(go.animationState)) {
            instance.localStale = false; // posed before its callbacks run
            go.animationState.apply(go.skeleton);
        } else {
            applyEvents(go.animationState, go.skeleton);
        }
    }

    /** The last frame of an update, posed: `updatePose`, after a physics restart when the last pose is too old. */
    private pose(instance: PooledInstance, ms: number, frame: number): void {
        const go = instance.go;
        if (frame - instance.posedFrame > this.gapFrames) resetPhysics(go.skeleton);
        instance.localStale = false; // posed before its callbacks run
        instance.posedFrame = frame;
        go.updatePose(ms);
    }

    /**
     * Time known only as a sum (frames forgotten, a frozen span): advanced in pieces that end at its
     * events, completions and track ends, so none is skipped, the last one posed when `pose`.
     */
    private advanceSpan(instance: PooledInstance, ms: number, frame: number, pose: boolean): void {
        const state = instance.go.animationState;
        let left = this.lead(instance, ms);
        for (let pieces = 0; pieces < MAX_PIECES; pieces++) {
            // Just past its next moment (in transition the frames are unknown: one piece).
            const piece = inTransition(state) ? Infinity : (this.untilDue(instance) * 1000 + 2 * EARLY);
            if (!(piece < left)) break;
            instance.localStale = true;
            updateState(state, instance.go.skeleton, piece / 1000);
            this.settle(instance);
            left -= piece;
        }
        if (pose) this.pose(instance, left, frame);
        else this.step(instance, left / 1000, true);
    }

    /** Game seconds to the instance's next event, completion or track end (see `untilNextMoment`), a hair early. */
    private untilDue(instance: PooledInstance): number {
        return untilNextMoment(instance.go.animationState as unknown as EventsState, isListened(instance)) - EARLY / 1000;
    }

    /**
     * Starts the Legacy plays queued on `instance` that fall within the next `ms`. Where one is
     * due after another started in the same span, the instance is first advanced to that moment.
     * Returns the ms left for the update itself.
     */
    private lead(instance: PooledInstance, ms: number): number {
        const legacy = instance.legacy;
        if (legacy === null || !legacy.pending) return ms;
        let left = ms;
        for (;;) {
            const split = legacy.beforeUpdate(left / 1000) * 1000;
            if (!(split < left)) return left;
            instance.localStale = true;
            updateState(instance.go.animationState, instance.go.skeleton, split / 1000);
            this.settle(instance);
            left -= split;
        }
    }
}

/** At most this many pieces per span of unknown frames (a long stall over a very short loop loses the rest). */
const MAX_PIECES = 64;
/** How early (ms) an update stops before an event's moment, so rounding never makes it late. */
const EARLY = 0.01;

/** Whether anyone listens to the instance's AnimationState (the game, the pool or the plugin). */
export function isListened(instance: PooledInstance): boolean {
    return instance.hygiene.listeners.records.length > 0;
}
