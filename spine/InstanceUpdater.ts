import { FRAME_HISTORY, type FrameHistory } from '../src/FrameHistory';
import { resetPhysics } from './compat';
import { PHYSICS_UPDATE } from './constants';
import { EARLY, untilNextMoment, type Moment } from './moments';
import type { PoseCache } from './PoseCache';
import type { UpdatedInstance } from './SpineInstance';
import { applyEvents, applySilently, inTransition, needsApply, updateQuietly, updateState } from './stateReplay';

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
 *
 * Times move between the methods in fields (`ms`, `due`), not as arguments or return values: V8
 * boxes a number passed to or returned from a call it does not inline, once per call.
 */
export class InstanceUpdater {
    /** Frames between two poses beyond which physics restarts: the slowest posing interval. */
    gapFrames = 4;
    /** The ms of the (part of a) frame being advanced. */
    private ms = 0;
    /** Game seconds to the instance's next event, completion or track end (see `findDue`). */
    private due = 0;
    /** Where `untilNextMoment` answers. */
    private readonly moment: Moment = { seconds: 0 };

    constructor(
        private readonly frames: FrameHistory,
        /** Where instances that share poses copy them from (see PoseCache). */
        readonly cache: PoseCache,
    ) {}

    /**
     * Advances `instance` through the frames after `from` up to `to` (their deltas from `frames`;
     * when `from` is -Infinity they are not known and `ms` is advanced as one span), then poses its
     * last frame when `pose`. With nothing owed and `pose`, it is posed as it is now.
     */
    advance(instance: UpdatedInstance, ms: number, from: number, to: number, pose: boolean): void {
        if (from === -Infinity) this.advanceSpan(instance, ms, to, pose);
        else if (from < to) this.replay(instance, from, to, pose);
        else if (pose) this.poseNow(instance, to, true);
        // A time scale the game set during the update (from a callback) is in force from now on.
        instance.timeScale = instance.go.animationState.timeScale;
    }

    private replay(instance: UpdatedInstance, from: number, to: number, pose: boolean): void {
        const state = instance.go.animationState;
        const frames = this.frames;
        let frame = from + 1;
        while (frame < to) {
            const legacy = instance.legacy;
            if ((legacy !== null && legacy.pending) || inTransition(state)) {
                // Every frame as stock: what each update decides depends on the apply before it.
                this.ms = frames.deltas[frame % FRAME_HISTORY];
                this.lead(instance);
                this.step(instance);
                frame++;
                continue;
            }
            // Quiet frames: nothing is decided or fired until its next event, completion or track
            // end; the frame that reaches it fires it, so callbacks keep stock's frames' order.
            this.findDue(instance);
            const due = this.due;
            const deltas = frames.deltas;
            let end = frame;
            let since = deltas[frame % FRAME_HISTORY] / 1000;
            while (since < due && end < to - 1) since += deltas[++end % FRAME_HISTORY] / 1000;
            updateQuietly(state, instance.go.skeleton, frames, frame, end);
            instance.localStale = true;
            if (since >= due) this.settle(instance);
            frame = end + 1;
        }
        this.ms = frames.deltas[to % FRAME_HISTORY];
        this.lead(instance);
        if (pose) this.pose(instance, to);
        else this.step(instance);
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
    poseNow(instance: UpdatedInstance, frame: number, world: boolean): void {
        const go = instance.go;
        if (world && instance.posedFrame !== frame && instance.sharesPoses && this.copyPose(instance)) {
            instance.posedFrame = frame;
            return;
        }
        if (instance.localStale) {
            applySilently(go.animationState, go.skeleton);
            instance.localStale = false;
        }
        if (!world || instance.posedFrame === frame) return;
        if (frame - instance.posedFrame > this.gapFrames) resetPhysics(go.skeleton);
        if (instance.sharesPoses) this.cache.missed();
        instance.poseCached = false;
        worldTransforms(go);
        instance.posedFrame = frame;
    }

    /**
     * Copies `instance`'s pose from the cache when its state allows it (as it stands: call after
     * its update). Its local pose is left behind (`localStale`), as an unposed update leaves it.
     */
    copyPose(instance: UpdatedInstance): boolean {
        const go = instance.go;
        if (needsApply(go.animationState) || !this.cache.find(go) || !this.cache.copy(go.skeleton)) return false;
        instance.poseCached = true;
        return true;
    }

    /** `this.ms` of a stock update, and what its apply records and fires. */
    private step(instance: UpdatedInstance): void {
        // The local pose is behind from here (set before anything a callback may do about it).
        instance.localStale = true;
        updateState(instance.go.animationState, instance.go.skeleton, this.ms / 1000);
        this.settle(instance);
    }

    /** What stock's apply does after an update, posing the local pose only where it must (see `needsApply`). */
    private settle(instance: UpdatedInstance): void {
        const go = instance.go;
        if (needsApply(go.animationState)) {
            instance.localStale = false; // posed before its callbacks run
            go.animationState.apply(go.skeleton);
        } else {
            applyEvents(go.animationState, go.skeleton);
        }
    }

    /** The last frame of an update (`this.ms`), posed: `updatePose`, after a physics restart when the last pose is too old. */
    private pose(instance: UpdatedInstance, frame: number): void {
        const go = instance.go;
        if (frame - instance.posedFrame > this.gapFrames) resetPhysics(go.skeleton);
        instance.posedFrame = frame;
        instance.poseCached = false;
        if (instance.sharesPoses) {
            this.poseShared(instance);
            return;
        }
        instance.localStale = false; // posed before its callbacks run
        // The frame's whole delta as the number object the history keeps (see FrameHistory.boxed).
        const slot = frame % FRAME_HISTORY;
        go.updatePose((this.ms === this.frames.deltas[slot] ? this.frames.boxed[slot] : this.ms) as number);
    }

    /** `pose` for an instance that shares poses: updatePose's steps, the pose copied from the cache when the state allows. */
    private poseShared(instance: UpdatedInstance): void {
        const go = instance.go;
        const state = go.animationState;
        const seconds = this.ms / 1000;
        instance.localStale = true;
        state.update(seconds);
        if (!needsApply(state) && this.cache.find(go)) {
            applyEvents(state, go.skeleton); // its own events, exactly
            go.skeleton.update(seconds);
            // A callback that changed the state posed the local pose first (see poseNow): then
            // that pose is this frame's, as stock's world transforms follow its apply.
            if (instance.localStale && this.cache.stillFound(go) && this.cache.copy(go.skeleton)) {
                instance.poseCached = true;
                return;
            }
        } else {
            instance.localStale = false;
            state.apply(go.skeleton);
            // After the apply, as updatePose: a physics reset key reads the skeleton's clock.
            go.skeleton.update(seconds);
        }
        if (instance.localStale) {
            applySilently(state, go.skeleton);
            instance.localStale = false;
        }
        this.cache.missed();
        worldTransforms(go);
    }

    /**
     * Time known only as a sum (frames forgotten, a frozen span): advanced in pieces that end just
     * past its events, completions and track ends, so none is skipped, the last one posed when `pose`.
     */
    private advanceSpan(instance: UpdatedInstance, ms: number, frame: number, pose: boolean): void {
        const state = instance.go.animationState;
        this.ms = ms;
        this.lead(instance);
        let left = this.ms;
        for (let pieces = 0; pieces < MAX_PIECES && !inTransition(state); pieces++) {
            this.findDue(instance);
            const piece = this.due * 1000 + 2 * EARLY;
            if (!(piece < left)) break;
            this.ms = piece;
            this.step(instance);
            left -= piece;
        }
        this.ms = left;
        if (pose) this.pose(instance, frame);
        else this.step(instance);
    }

    /** Game seconds to the instance's next event, completion or track end (see `untilNextMoment`), a hair early, into `this.due`. */
    private findDue(instance: UpdatedInstance): void {
        untilNextMoment(instance.go.animationState, isListened(instance), this.moment);
        this.due = this.moment.seconds - EARLY / 1000;
    }

    /**
     * Starts the Legacy plays queued on `instance` that fall within the next `this.ms`. Where one is
     * due after another started in the same span, the instance is first advanced to that moment.
     * Leaves in `this.ms` what is left for the update itself.
     */
    private lead(instance: UpdatedInstance): void {
        const legacy = instance.legacy;
        if (legacy === null || !legacy.pending) return;
        let left = this.ms;
        for (;;) {
            const split = legacy.beforeUpdate(left / 1000) * 1000;
            if (!(split < left)) break;
            this.ms = split;
            this.step(instance);
            left -= split;
        }
        this.ms = left;
    }
}

/** The world transforms of `go`'s local pose, as `updatePose` computes them after its apply. */
function worldTransforms(go: UpdatedInstance['go']): void {
    go.skeletonPhysics?.applyTransformMovement();
    go.beforeUpdateWorldTransforms(go);
    go.skeleton.updateWorldTransform(PHYSICS_UPDATE as never);
    go.afterUpdateWorldTransforms(go);
}

/** At most this many pieces per span of unknown frames (a long stall over a very short loop loses the rest). */
const MAX_PIECES = 64;

/** Whether anyone listens to the instance's AnimationState (the game, the pool or the plugin). */
export function isListened(instance: UpdatedInstance): boolean {
    return instance.listeners.records.length > 0;
}
