import type { Settings } from '../src/options';
import { Tier } from '../src/Tier';
import { OFFSCREEN } from './offscreen';
import { notePose, posedAgain, posedShown } from './animationReach';
import type { CachedObject, PoseCache } from './PoseCache';
import { placementOf, placeSkeleton, samePlacement, type SkeletonPlacement } from './placement';
import type { SpineInstance } from './SpineInstance';
import { isNoCallback, PHYSICS_POSE, PHYSICS_RESET, PHYSICS_UPDATE, type TrackEntry } from './core/shapes';
import { bonesRead, slotsNow, localNow, servedBones, setupNow, slotsKeyedBy } from './bonesWhenRead';
import { NOT_SERVED, SERVED } from './core/notServed';
import { applyEvents, applyReason, applySilently } from './stateReplay';

/**
 * The posing policy: for an instance in a frame, whether it is posed (world transforms computed,
 * what is drawn), its pose copied from the shared pose cache, updated events-only (time, queues
 * and events move, its pose stays behind), or left alone. The one place that says it; the
 * scheduler's driver, spawn and the plugin's settling ask here.
 *
 * - A scheduled update in a tier on screen ends posed; off screen, as its `offscreen` mode says
 *   (offscreen.ts). An instance the scheduler does not update is left alone (frozen, paused,
 *   asleep between the alarms of `'events'`).
 * - A spawn with an animation poses its first frame at once (so it is never drawn in the setup
 *   pose), unless it is off screen in a mode that watches: then it is posed when it comes into view.
 * - Before the game changes an instance's animation state (settling), its local pose is brought to
 *   this frame's, as stock's last apply left it; one set inactive, or coming into view, is posed
 *   with world transforms at once.
 * - A pose is copied from the cache when the instance shares poses and its state is plain enough
 *   (PoseCache.find), else made in full, for the first reason found (core/notServed.ts: counted by
 *   the cache, kept on the instance as `posedBy`); physics restarts from the pose after a gap longer
 *   than the slowest posing interval (`lowFrequency`), as a new object's would, instead of whipping
 *   through it.
 * - A pose made outside the instance's turn in the engine's update order (at the frame's end, as it
 *   comes into view; from another object's listener) stands for stock's pose of its last turn: it is
 *   made on its skeleton's own `x`, `y` and scale as they were then (SpineInstance's `Placements`).
 */
export class Posing {
    constructor(
        private readonly settings: Settings,
        /** Where instances that share poses copy them from. */
        readonly cache: PoseCache,
    ) {}

    /** Whether a scheduled update of `instance` in `tier` ends posed. */
    posesIn(instance: SpineInstance, tier: number): boolean {
        return tier !== Tier.Offscreen || OFFSCREEN[this.settings.options.offscreen].poses(instance);
    }

    /** Whether a spawn in `tier` poses its animation's first frame at once (else when it comes into view). */
    posesAtSpawn(tier: number): boolean {
        return tier !== Tier.Offscreen || !OFFSCREEN[this.settings.options.offscreen].watches;
    }

    /**
     * The last frame of an update, `ms` long, posed: as `updatePose` (the state's update and apply,
     * the skeleton's clock, world transforms), or, for one that shares poses in a plain state, its
     * update and events exactly with the pose copied from the cache.
     */
    poseStep(instance: SpineInstance, frame: number, ms: number): void {
        const owner = instance.generation;
        // Frames since its last pose: physics sees a change of its skeleton's placement in the last
        // of them, as stock's update that first had it (see `poseWorld`); not after a restart.
        const span = frame - instance.posedFrame;
        const lastMs = span > 1 && span <= this.settings.options.lowFrequency ? ms : 0;
        this.restartPhysicsAfterGap(instance, frame);
        instance.posedFrame = frame;
        instance.poseCached = false;
        posedAgain(instance.reach, placedOn(instance));
        this.poseStepOwn(instance, ms, lastMs);
        if (instance.generation !== owner) undoRestOfUpdate(instance);
        if (instance.hasPhysics) notePose(instance.reach, instance.skeleton);
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
    poseNow(instance: SpineInstance, frame: number, world: boolean): void {
        const go = instance.go;
        // Not while the game has changed its state since its update (`reach.showing`, noted before
        // the change): the pose to show is the local pose made then, not the new state's.
        let why: number = NOT_SERVED.off;
        if (world && instance.posedFrame !== frame && instance.sharesPoses) {
            // Nor while its skeleton was placed anew since its turn: the pose to show is on its turn's placement.
            why = instance.reach.showing || movedSinceTurn(instance) ? NOT_SERVED.changed : this.copyPose(instance);
            if (why === SERVED) {
                instance.posedFrame = frame;
                return;
            }
        }
        // Nothing left to apply while the state was changed since its last apply (`reach.showing`):
        // the local pose is the one made before the change, the pose it shows until its next update.
        const before = instance.reach.showing && !instance.poseBehind;
        if (instance.poseBehind) {
            applySilently(go.animationState, instance.skeleton);
            instance.poseBehind = false;
        }
        if (!world || instance.posedFrame === frame) return;
        this.restartPhysicsAfterGap(instance, frame);
        this.inFull(instance, why);
        instance.poseCached = false;
        worldTransforms(instance, 0);
        instance.posedFrame = frame;
        if (before) posedShown(instance.reach, instance.skeleton, placedOn(instance));
        else posedAgain(instance.reach, placedOn(instance));
        if (instance.hasPhysics) notePose(instance.reach, instance.skeleton);
    }

    /**
     * Poses a just-spawned instance's animation (on `entry`) at its first frame, its state left
     * untouched (its first update still fires what is keyed at 0): copied from the cache when it
     * shares poses and the cache can, else applied over the setup pose, physics at rest as a new
     * object's. Returns whether it posed.
     */
    poseFirstFrame(instance: SpineInstance, entry: TrackEntry | null): boolean {
        const why = instance.sharesPoses ? this.copyPose(instance) : NOT_SERVED.off;
        if (why === SERVED) return true;
        const animation = entry?.animation;
        if (!entry || !animation) return false;
        const skeleton = instance.skeleton;
        instance.checkedBase = null; // its local pose written (see bonesWhenRead.ts)
        setupNow(instance); // over the setup pose its reset owes
        slotsNow(instance);
        slotsKeyedBy(instance, animation);
        instance.version.applyFromSetup(animation, skeleton, 0, 0, entry.loop, null);
        // Physics keeps the state a new object starts with (at rest in the setup pose): its first
        // update moves it from there, as a new object's does.
        poseWorld(instance, PHYSICS_POSE, 0);
        this.inFull(instance, why);
        posedAgain(instance.reach, placedOn(instance));
        return true;
    }

    /**
     * Copies `instance`'s pose from the cache when its state allows it (as it stands: call after
     * its update). Its local pose is left behind (`poseBehind`), as an unposed update leaves it,
     * unless the game ever read its skeleton (then it is applied: see bonesWhenRead.ts).
     * Returns `SERVED`, or why it could not (core/notServed.ts).
     */
    private copyPose(instance: SpineInstance): number {
        const go = instance.go;
        const why = applyReason(go.animationState, instance.version);
        if (why !== SERVED) return why;
        const found = instance.served;
        const behind = instance.bonesLazy;
        this.lookBeforeFind(instance);
        if (!this.cache.find(go, instance.skeleton, instance.version, found, instance.checkedBase)) return this.cache.whyNot;
        if (!behind) localNow(instance); // read in some life: its local pose too (see poseStepShared)
        if (!this.cache.copy(instance.skeleton, found, behind, instance.checkedBase, instance.shown.a)) return this.cache.whyNot;
        servedBones(instance, found, behind);
        instance.poseCached = true;
        instance.posedBy = SERVED;
        posedAgain(instance.reach, instance.skeleton); // served only on its turn's placement (see poseNow)
        return SERVED;
    }

    /**
     * Before a lookup: a served pose of a clip other than the one whose look `instance` owes (see
     * bonesWhenRead.ts `slotsNow`) checks slots that one may key (PoseCache.find, unkeyedPose.ts),
     * so the owed look is written first.
     */
    private lookBeforeFind(instance: SpineInstance): void {
        if (instance.slotsBehind && !this.cache.stillFound(instance.go, instance.skeleton, instance.shown)) slotsNow(instance);
    }

    /** `instance` was posed in full, `why` (core/notServed.ts): counted by the cache, kept on it. */
    private inFull(instance: SpineInstance, why: number): void {
        instance.posedBy = why;
        this.cache.posedInFull(why);
    }

    /**
     * `poseStep`'s work: updatePose's steps on the instance's own skeleton (not through `go.skeleton`,
     * which holds the stand-in while nobody read it: bonesWhenRead.ts), the pose copied from the
     * cache when it shares poses and the state allows.
     */
    private poseStepOwn(instance: SpineInstance, ms: number, lastMs: number): void {
        const go = instance.go;
        const skeleton = instance.skeleton;
        const state = go.animationState;
        const seconds = ms / 1000;
        const found = instance.served;
        instance.poseBehind = true;
        state.update(seconds);
        let why = instance.sharesPoses ? applyReason(state, instance.version) : NOT_SERVED.off;
        // Placed anew since its turn (a pose at the frame's end): made in full on its turn's placement.
        if (why === SERVED && movedSinceTurn(instance)) why = NOT_SERVED.changed;
        if (why === SERVED) this.lookBeforeFind(instance);
        if (why === SERVED && !this.cache.find(go, skeleton, instance.version, found, instance.checkedBase)) why = this.cache.whyNot;
        if (why === SERVED) {
            // Its own events, exactly; and, once the game read its skeleton in some life, its local
            // pose as stock's apply makes it (a bone turned by code and posed again, by the game or
            // a listener, moves from it: bonesWhenRead.ts). Before the copy, whose keyed slots are the picture's.
            if (instance.bonesLazy) applyEvents(state, skeleton, instance.version);
            else state.apply(skeleton);
            skeleton.update(seconds);
            // A callback that changed the state posed the local pose first (see poseNow): then
            // that pose is this frame's, as stock's world transforms follow its apply. A listener
            // that read `go.skeleton` made its bones written from now on (bonesWhenRead.ts).
            const behind = instance.bonesLazy;
            if (!instance.poseBehind || !this.cache.stillFound(go, skeleton, found)) why = NOT_SERVED.changed;
            else if (this.cache.copy(skeleton, found, behind, instance.checkedBase, instance.shown.a)) {
                instance.poseBehind = behind;
                servedBones(instance, found, behind);
                instance.poseCached = true;
                instance.posedBy = SERVED;
                return;
            } else {
                why = this.cache.whyNot;
                if (!behind) instance.poseBehind = false; // applied above
            }
        } else {
            instance.poseBehind = false;
            state.apply(skeleton);
            // After the apply, as updatePose: a physics reset key reads the skeleton's clock.
            skeleton.update(seconds);
        }
        if (instance.poseBehind) {
            applySilently(state, skeleton);
            instance.poseBehind = false;
        }
        this.inFull(instance, why);
        worldTransforms(instance, lastMs);
    }

    /**
     * `instance` held its pose until `frame` (inactive: no time passed for it, as for a stock object
     * Phaser's UpdateList skipped), so its physics goes on from that pose, not restarted after a gap.
     */
    held(instance: SpineInstance, frame: number): void {
        if (instance.posedFrame !== -Infinity) instance.posedFrame = frame;
    }

    /** Physics restarts from the coming pose when the last one is older than the slowest posing interval (`lowFrequency`). */
    private restartPhysicsAfterGap(instance: SpineInstance, frame: number): void {
        if (frame - instance.posedFrame > this.settings.options.lowFrequency) instance.version.resetPhysics(instance.skeleton);
    }
}

/**
 * A listener despawned the instance during its own update (and maybe spawned it again): the rest of
 * that update (the skeleton's clock, world transforms with physics) ran on the new owner, which a
 * stock object made then would not have had. Its clock and physics go back to a new object's.
 */
function undoRestOfUpdate(instance: SpineInstance): void {
    const skeleton = instance.skeleton;
    skeleton.time = 0;
    instance.version.resetPhysics(skeleton);
    poseWorld(instance, PHYSICS_RESET, 0);
}

/**
 * The world transforms of `instance`'s local pose, as `updatePose` computes them after its apply
 * (`lastMs`: see `poseWorld`). Its callbacks are the game's, given the object: as a read of its
 * skeleton (bonesWhenRead.ts).
 */
function worldTransforms(instance: SpineInstance, lastMs: number): void {
    const go = instance.go;
    const callbacks: CachedObject = go;
    if (!isNoCallback(callbacks.beforeUpdateWorldTransforms) || !isNoCallback(callbacks.afterUpdateWorldTransforms)) bonesRead(instance);
    go.skeletonPhysics?.applyTransformMovement();
    go.beforeUpdateWorldTransforms(go);
    poseWorld(instance, PHYSICS_UPDATE, lastMs);
    go.afterUpdateWorldTransforms(go);
}

/** The game's placement of a skeleton while a pose is made on its turn's, and the one a split physics update ends on (poses do not nest). */
const held: SkeletonPlacement = { x: 0, y: 0, scaleX: 1, scaleY: 1 };
const ending: SkeletonPlacement = { x: 0, y: 0, scaleX: 1, scaleY: 1 };

/**
 * The pool's own `updateWorldTransform` of `instance` (`posing`: not the game's, see SpineInstance),
 * on its skeleton's placement as stock's pose of this frame has it (see SpineInstance's
 * `Placements`): outside its turn, the one of its turn (the game's is put back after).
 *
 * Physics reads the skeleton's placement: a change of it (turned around by `scaleX = -1`) moves
 * every bone at once, which a physics constraint takes as motion, limited to `limit` px per second
 * of the update. Stock's update that first has the change is one frame long; an update owed several
 * frames (`lastMs` > 0: its last frame's ms) has its physics run first over the frames before the
 * last on the placement of its last pose, then over the last frame on the new one, so the change
 * moves its bones no more than it moves the twin's (a 4-frame update let a flip through at 4 times
 * the twin's limit: 355 px where the twin's moved 60).
 */
function poseWorld(instance: SpineInstance, physics: number, lastMs: number): void {
    const skeleton = instance.skeleton;
    const placed = instance.placements;
    const turned = movedSinceTurn(instance);
    if (turned) {
        placementOf(skeleton, held);
        placeSkeleton(skeleton, placed.turn);
    }
    instance.posing = true;
    try {
        if (lastMs > 0 && physics === PHYSICS_UPDATE && instance.hasPhysics && !samePlacement(skeleton, placed.posed)) {
            const time = skeleton.time;
            placementOf(skeleton, ending);
            placeSkeleton(skeleton, placed.posed);
            skeleton.time = time - lastMs / 1000;
            try {
                skeleton.updateWorldTransform(PHYSICS_UPDATE);
            } finally {
                skeleton.time = time;
                placeSkeleton(skeleton, ending);
            }
        }
        skeleton.updateWorldTransform(physics);
        placementOf(skeleton, placed.posed);
    } finally {
        instance.posing = false;
        if (turned) placeSkeleton(skeleton, held);
    }
}

/** Whether a pose made now is outside `instance`'s turn, and the game placed its skeleton anew since that turn. */
function movedSinceTurn(instance: SpineInstance): boolean {
    const placed = instance.placements;
    return !placed.inTurn && !instance.turnOwed && !samePlacement(instance.skeleton, placed.turn);
}

/** The placement a pose of `instance` made now is made on (see `poseWorld`). */
function placedOn(instance: SpineInstance): SkeletonPlacement {
    return movedSinceTurn(instance) ? instance.placements.turn : instance.skeleton;
}
