/**
 * The differential harness: pooled instances next to stock `this.add.spine` twins that receive the
 * very same calls in the same frames, compared frame by frame. Stock spine-phaser is the
 * specification; the differences a pooled instance may show are the ones the fidelity contract
 * allows (docs/guarantees.md, "What the scheduler guarantees"):
 *
 * - callbacks (type, track, animation, event name and int/float/string data): the same, in the same
 *   order; in the same frame, or at most `lag - 1` frames later where the instance may be updated
 *   only every `lag` frames;
 * - track state (animation, track time, delay, mix time and duration, the entries it mixes from and
 *   the ones queued) after each frame the pooled instance was updated in (seen on its skeleton's
 *   clock, which every update moves): the same, except the "last" times (`animationLast`,
 *   `trackLast`), which depend on how often it is applied; `trackFrames` counts them;
 * - on every frame the twin is visible (its real bounds touch the view of a camera that renders it):
 *   the pooled instance is drawn by every such camera (its render culling lets it through: stock
 *   never culls), it was posed within the last `lag` frames, and when posed in that frame it
 *   shows the twin's pose: bone world transforms, each slot's attachment, colours and deform, the
 *   draw order (within 1e-3). With `poseCache: 'off'` nothing may be served from the cache. A pose
 *   served by the shared pose cache is held to the cache's contract instead
 *   (test/harness/poseError.ts), at the pool's `poseCacheTolerance`: every bone and every drawn
 *   vertex within that many skeleton px of the twin's, attachments, sequence indices and draw
 *   order the twin's, colours within half a level of 255; and the twin's pose must be its animation
 *   over the setup pose (else the cache had no business serving it). A pose made in full where
 *   the cache could have served it is a miss, unless the run made calls in that frame (the game
 *   changed the state) or it is one of the first `BUILD_WAITS` of its skin and animation (the cache
 *   builds samples as their times are first reached): judged here, not from the plugin's reports. Bones moved by physics constraints are equal too while the pooled
 *   instance has been posed every frame, as the twin; once it has not (an interval-k tier, a gap
 *   off screen), the physics rule applies to each stretch of poses after a physics restart (a pose
 *   after a gap longer than the slowest interval): between two poses no such bone moves more than
 *   1.25 times (+ 2 px) the most the twin's move over the same frames (3 times, in a stretch with
 *   poses n > 1 frames apart: an interval-n tier), in the stretch's first 30 frames none is
 *   farther from the twin's than 1.25 times (+ 2 px) the most the twin's own physics takes it from
 *   its animated pose: no whip; and over the stretch its own physics takes its bones off its
 *   animated pose at least half as far (- 2 px) as the twin's takes the twin's: its physics
 *   runs. The 2 px are on screen: world px / zoom below zoom 1.
 *
 * Frames are stepped with `game.headlessStep`; calls are made from the scene's UPDATE event after
 * the plugin's pass, where a game's `update()` makes them.
 */
import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { LegacyAnimation, SpawnOptions } from '../../plugin';
import type { TestGame } from '../../fixtures/headless/game';
import { LegacyOracle } from './legacyOracle';
import { instanceRecord, peekSkeleton, schedulerFrame } from '../../fixtures/internals';
import { plainEntry } from '../../spine/core/plainEntry';
import { versionOf } from '../../spine/core/versions';
import { DOCUMENTED_BOUND, describeMeasure, type PoseBound, drawnPose, poseErrors, POSE_ERROR_KINDS, type PoseErrorKind } from './poseError';
import { applyFromSetup, drawOrderOf, physicsBones, setupPose, slotLooks, withoutPhysics, worldOf } from './spineApi';

/** spine-core's `Physics.pose`. */
const PHYSICS_POSE = 3;

/**
 * The twin's animation on track 0 and its time (`TrackEntry.getAnimationTime`), and whether its
 * state played that one animation plainly (spine/core/plainEntry.ts: what the cache may serve).
 */
interface TrackState {
    animation: Any;
    time: number;
    plain: boolean;
    /** The skeleton's own scale then (a pose is made at it: see `DifferentialRun.poseAt`). */
    scaleX: number;
    scaleY: number;
}

type Any = any;

/** What a game read off an object (`TwinPair.read`): world points (x, y each), colour channels (0..1) and names. */
export interface Reading {
    points: number[];
    colours?: number[];
    names?: string[];
}

/** One side's reading, and which frame's pose it showed (0: this frame's, 1: the last one's, -1: older). */
interface Taken {
    reading: Reading;
    shows: number;
}

/** One callback heard by a recording listener. */
export interface Heard {
    frame: number;
    type: string;
    track: number;
    animation: string;
    event?: string;
    int?: number;
    float?: number;
    string?: string | null;
}

const TOLERANCE = 1e-3;
/**
 * How much more a physics-moved bone may move between two poses one frame apart than the twin's does
 * in the same frame, within a stretch of poses (its physics does not start where the twin's is).
 */
const PHYSICS_SLACK = 1.25;
/**
 * The same between two poses n > 1 frames apart (an interval-n tier): its physics takes the n
 * frames of the bone's motion in one step, and an undamped spring swings farther for it (measured
 * on the corpus's undamped antenna: up to 1.7 times over 3 frames while it walks; 2.95 times over 2
 * frames at interval 4 when a fall starts without a mix, the pose jumping in one frame).
 */
const PHYSICS_STEP_SLACK = 3;
/**
 * Pixels of physics difference always allowed (a restarted spring is out of phase with the twin's):
 * on screen, so world px / zoom when the cameras that render it are zoomed out (2 world px at zoom
 * >= 1). What the player sees is screen px; screen-size level of detail relies on it.
 */
const PHYSICS_PX = 2;
/**
 * The least share of the twin's swing off its animated pose (the most over a stretch of poses) that
 * the pooled instance's own physics must reach over the same frames (less `PHYSICS_PX`): an
 * instance whose physics does not run sits at its animated pose, which the upper bounds let pass
 * (measured on the corpus: 0.8 at the least, over every stretch of the matrix).
 */
const PHYSICS_MIN_SWING = 0.5;
/** The most of the twin's swing the on-screen slack (`PHYSICS_PX`) may take off the least the pooled instance's must reach. */
const PHYSICS_SLACK_SHARE = 0.25;
/** A twin's swing under this (px) is no swing: nothing to hold the pooled instance's to. */
const STILL_PX = 0.01;
/** Frames after a physics restart in which its bones must stay within the twin's swing of the twin's. */
const RESTART_WINDOW = 30;
/** Longest span (frames) between two poses the physics rule compares. */
const MAX_SPAN = 16;
/**
 * Largest difference of a bone's world transform between the twin's pose and its animation over the
 * setup pose for the twin to count as showing exactly that (see `TwinPair.servable`): AnimationState's
 * apply (`MixBlend.first`) and an apply over the setup pose may round differently, no more. A pose a
 * finished mix left a hair off the setup pose (a bone 0.008° off, 1e-4 in its matrix) is not the
 * animation over the setup pose, and the cache, which compares the local pose exactly, rightly
 * poses it in full.
 */
const SETUP_EXACT = 1e-6;
/** Misses a run may excuse as the pose cache building samples, per skin and animation (see `DifferentialRun.excuseWait`). */
const BUILD_WAITS = 4;
/** Differences reported per pair before the rest are only counted. */
const MAX_REPORTED = 12;

/** A pooled instance and its stock twin. */
export class TwinPair {
    readonly pooledHeard: Heard[] = [];
    readonly stockHeard: Heard[] = [];
    /** Differences found so far (the first `MAX_REPORTED` in words). */
    readonly differences: string[] = [];
    differenceCount = 0;
    /** Frames on which poses were compared, and how many of them the pooled instance was posed on. */
    comparedFrames = 0;
    /** Frames after which track states were compared (the pooled instance was updated in them). */
    trackFrames = 0;
    /** Its skeleton's clock as last seen (see `compareFrame`). */
    private clock = NaN;

    /** The pooled instance's skeleton, as the run reads it (`DifferentialRun.skeletonOf`). */
    private pooledSkeleton(): SpineGameObject['skeleton'] {
        return this.run.skeletonOf(this.pooled);
    }
    /** The scheduler frame the pooled instance was last spawned in. */
    private spawnedFrame: number;
    /**
     * Physics once the pooled instance's physics has not run every frame as the twin's: for the
     * stretch of poses since the last physics restart (a pose after a long gap), the largest movement
     * of a physics-moved bone between two poses n frames apart (index n), the pooled instance's and
     * the twin's over the same frames. Checked when the stretch ends.
     */
    private stretch = newStretch(0);
    /** Every stretch's result, for reports: [first frame, span, pooled, stock]. */
    readonly physicsStretches: [number, number, number, number][] = [];
    /** True while the pooled instance has been posed on every frame since it was spawned, as the twin: physics equal too. */
    physicsSynced = true;
    private readonly physics: Set<number>;
    /** The twin's poses of the last MAX_SPAN frames, by frame % (MAX_SPAN + 1). */
    private readonly stockPoses: number[][][] = [];
    private previousPooled: number[][] | null = null;
    private previousPosedFrame = -Infinity;
    /** Frame of the last physics restart of the pooled instance. */
    private restartedAt = -Infinity;
    /** Last frame the twin ended inactive (frozen). */
    private frozenFrame = -Infinity;
    /** The last frame the pooled instance was held in its frozen pose (not posed). */
    private heldFrame = -Infinity;

    constructor(
        public pooled: SpineGameObject,
        public stock: SpineGameObject,
        private readonly run: DifferentialRun,
        readonly label: string,
        /** The key and options it was spawned with (for `respawn`). */
        private readonly key: string = '',
        private readonly options: Pick<SpawnOptions, 'skin'> = {},
    ) {
        this.physics = physicsBones(stock.skeleton);
        // The pooled instance comes in posed at spawn (its physics at rest, as a new object's).
        this.previousPosedFrame = this.spawnedFrame = schedulerFrame(run.t.scene.spinePool);
        this.pooledListener = this.listen(pooled, this.pooledHeard);
        this.listen(stock, this.stockHeard);
        this.watchPoses(stock);
    }

    /** The run's frame the twin last posed itself in (its `updatePose`), and its track 0 then. */
    private stockPosedFrame = -1;
    private stockPosedState: TrackState | null = null;

    /** Records the twin's track 0 as it poses (Phaser's update of it), wherever in the frame the game's calls come. */
    private watchPoses(stock: SpineGameObject): void {
        const target = stock as Any;
        const updatePose = target.updatePose;
        target.updatePose = (delta: number): void => {
            updatePose.call(stock, delta);
            if (this.stock !== stock) return;
            this.stockPosedFrame = this.run.frame;
            this.stockPosedState = this.trackState();
        };
    }

    /** The recording listener on the pooled instance (removed before it is despawned). */
    pooledListener: object;

    /**
     * Makes the same call on both (on one only while the run makes the calls of one side, from a
     * Spine listener of that side: see `DifferentialRun.side`).
     */
    both(call: (go: SpineGameObject) => void): void {
        if (this.away) return;
        const side = this.run.side;
        if (side !== 'stock') call(this.pooled);
        if (side !== 'pooled') call(this.stock);
    }

    /**
     * Gives both back and makes new ones at (x, y) in the same call (`despawn` + `spawn` for the
     * pooled one: the pool hands back the same object; `destroy` + `this.add.spine` for the twin).
     * From then on the pair compares the new ones (callbacks are still recorded in the same lists).
     */
    respawn(x?: number, y?: number): void {
        this.leave();
        this.comeBack(x, y);
    }

    /** Both given back (`despawn`, `destroy`) until `comeBack`: no call reaches them, nothing is compared. */
    away = false;
    /** Where `leave` found them (where `comeBack` puts them by default). */
    private leftAt = { x: 0, y: 0 };

    /** Gives both back (see `away`); the pooled one waits free in its pool. */
    leave(): void {
        const side = this.run.side;
        const go = side === 'stock' ? this.stock : this.pooled;
        this.leftAt = { x: go.x, y: go.y };
        if (side !== 'stock') {
            this.pooled.animationState.removeListener(this.pooledListener as never);
            this.run.forget(this.pooled);
            this.run.t.scene.spinePool.despawn(this.pooled);
        }
        if (side !== 'pooled') {
            this.run.forget(this.stock);
            this.stock.destroy();
        }
        this.away = true;
    }

    /**
     * Makes new ones at (x, y) (default: where they left) after `leave` (`spawn` for the pooled one: the pool hands back the
     * object it freed last; `this.add.spine` for the twin). From then on the pair compares the new
     * ones (callbacks are still recorded in the same lists).
     */
    comeBack(x = this.leftAt.x, y = this.leftAt.y): void {
        const scene = this.run.t.scene;
        const side = this.run.side;
        this.away = false;
        this.reads.clear();
        this.stockPosedFrame = -1; // a new twin shows its setup pose until its first update
        if (side !== 'stock') {
            this.pooled = scene.spinePool.spawn(x, y, this.key, `${this.key}-atlas`, this.options);
            this.pooledListener = this.listen(this.pooled, this.pooledHeard);
            this.run.adopt(this.pooled, 'pooled');
            this.previousPosedFrame = schedulerFrame(scene.spinePool);
            this.previousPooled = null;
            this.physicsSynced = true;
            this.pooledLegacy = null;
            this.clock = NaN;
            this.spawnedFrame = schedulerFrame(scene.spinePool);
        }
        if (side !== 'pooled') {
            this.stock = stockTwin(scene, x, y, this.key, this.options);
            this.listen(this.stock, this.stockHeard);
            this.watchPoses(this.stock);
            this.run.adopt(this.stock, 'stock');
            this.frozenFrame = this.heldFrame = -Infinity;
            this.twinLegacy = null;
        }
    }

    /** What the game read off each side (`read`), waiting for the other side's, by label. */
    private readonly reads = new Map<string, { pooled?: Taken; stock?: Taken }>();
    /** Readings compared (see `read`). */
    readsCompared = 0;
    /** A reading was taken after a pose that followed a gap (its physics then no longer synced). */
    private readGap = false;

    /**
     * The game reads something off both (`read` called on each object, at the run's call site, as
     * `both` makes calls). Compared with what it read off the twin once both are in, where both
     * show the pose of the same frame: both posed in this frame, or neither yet and both in the
     * last (an instance posed every k frames shows an older pose between its poses, as the contract
     * allows). Points within the bound a pose is held to (the cache's, or 1e-3 with every pose
     * computed), colours within its colour bound, names equal.
     */
    read(label: string, read: (go: SpineGameObject) => Reading): void {
        if (this.away) return;
        const side = this.run.side;
        if (side !== 'stock') this.take(label, 'pooled', read(this.pooled), false);
        if (side !== 'pooled') this.take(label, 'stock', read(this.stock), false);
    }

    /**
     * `read` of one object of the pair, `go`, from its own Spine listener (in its own update: both
     * sides read at the same point of their update, compared whatever frame they show).
     */
    readInUpdate(go: SpineGameObject, label: string, reading: Reading): void {
        if (this.away || (go !== this.pooled && go !== this.stock)) return;
        // Paired with the other side's in the same frame only (an instance posed every k frames hears it later).
        this.take(`${label} @${this.run.frame}`, go === this.pooled ? 'pooled' : 'stock', reading, true);
    }

    private take(label: string, side: 'pooled' | 'stock', reading: Reading, inUpdate: boolean): void {
        const pool = this.run.t.scene.spinePool;
        let shows: number;
        if (inUpdate) shows = 0;
        else if (side === 'pooled') {
            // The run's frame its pose was made in (the scheduler's frames are the run's, offset).
            const posed = instanceRecord(pool, this.pooled).posedFrame;
            const frame = posed - this.run.schedulerOffset;
            shows = frame === this.run.frame ? 0 : frame === this.run.frame - 1 ? 1 : -1;
            // Posed after a gap (the physics rule's, see `comparePose`): its physics no longer the twin's.
            if (frame === this.run.frame && posed - this.previousPosedFrame > 1) this.readGap = true;
        } else shows = this.stockPosedFrame === this.run.frame ? 0 : this.stockPosedFrame === this.run.frame - 1 ? 1 : -1;
        const taken = this.reads.get(label) ?? {};
        taken[side] = { reading, shows };
        this.reads.set(label, taken);
        const { pooled, stock } = taken;
        if (!pooled || !stock) return;
        this.reads.delete(label);
        if (pooled.shows !== stock.shows || pooled.shows < 0) return;
        // In its own update, an instance posed every k frames hears the events of its owed frames
        // in one update: paired by the frame they are heard in, they are not the same events.
        if (inUpdate && this.run.lagNow() > 1) return;
        // Physics-moved bones are held to the physics rule, not to the twin's, once its physics has
        // not run every frame (see `comparePose`).
        if (this.physics.size > 0 && (!this.physicsSynced || this.readGap)) return;
        this.readsCompared++;
        const px = this.run.poseCacheOff() ? TOLERANCE : this.run.bound.px;
        const p = pooled.reading;
        const q = stock.reading;
        let worst = 0;
        let at = -1;
        for (let i = 0; i + 1 < q.points.length; i += 2) {
            const d = Math.hypot(p.points[i] - q.points[i], p.points[i + 1] - q.points[i + 1]);
            if (!(d <= worst)) {
                worst = d;
                at = i / 2;
            }
        }
        if (p.points.length !== q.points.length || !(worst <= px))
            this.note(`${label}: read point ${at} off the twin's by ${worst.toFixed(3)} px (of ${q.points.length / 2} points)`);
        const colours = q.colours ?? [];
        if (maxDiff(p.colours ?? [], colours) > (this.run.poseCacheOff() ? TOLERANCE : this.run.bound.colour))
            this.note(`${label}: read colours off the twin's`);
        if ((p.names ?? []).join() !== (q.names ?? []).join()) this.note(`${label}: read ${(p.names ?? []).join()} vs stock ${(q.names ?? []).join()}`);
    }

    /** Moves both. */
    moveTo(x: number, y: number): void {
        this.both((go) => go.setPosition(x, y));
    }

    private pooledLegacy: LegacyAnimation | null = null;
    private twinLegacy: LegacyOracle | null = null;

    /**
     * A Legacy-helper call on the pooled instance (its `spinePool.legacy(go)`) and the same intent
     * on the twin, written apart: `twin` drives the oracle (test/harness/legacyOracle.ts: raw
     * spine-core calls at moments worked out from the helper's docs), so a helper that strays
     * from its docs differs from the twin. Each on its side only while the run makes one side's
     * calls (see `both`).
     */
    legacy(pooled: (anim: LegacyAnimation) => void, twin: (oracle: LegacyOracle) => void): void {
        const side = this.run.side;
        if (side !== 'stock') pooled((this.pooledLegacy ??= this.run.t.scene.spinePool.legacy(this.pooled)));
        if (side !== 'pooled') twin((this.twinLegacy ??= new LegacyOracle(this.stock)));
    }

    private listen(go: SpineGameObject, log: Heard[]): object {
        const record = (type: string) => (entry: Any, event?: Any) => {
            const heard: Heard = { frame: this.run.frame, type, track: entry.trackIndex, animation: entry.animation?.name ?? '?' };
            if (event) {
                heard.event = event.data.name;
                heard.int = event.intValue;
                heard.float = event.floatValue;
                heard.string = event.stringValue;
            }
            log.push(heard);
        };
        const listener = {
            start: record('start'),
            interrupt: record('interrupt'),
            end: record('end'),
            dispose: record('dispose'),
            complete: record('complete'),
            event: record('event'),
        };
        go.animationState.addListener(listener as never);
        return listener;
    }

    note(what: string): void {
        this.differenceCount++;
        if (this.differences.length < MAX_REPORTED) this.differences.push(`${this.label}, frame ${this.run.frame}: ${what}`);
    }

    /** Compares the frame just stepped. */
    compareFrame(lag: number): void {
        if (this.away) return;
        const pool = this.run.t.scene.spinePool;
        const frame = schedulerFrame(pool);
        const record = instanceRecord(pool, this.pooled);
        // Its track state after each frame it was updated in: seen on its skeleton's clock, which
        // every update moves (spine-phaser's updatePose: skeleton.update), not on the plugin's records.
        const clock = (this.pooledSkeleton() as Any).time as number;
        if (clock !== this.clock) {
            this.clock = clock;
            this.trackFrames++;
            this.compareTracks();
        }
        const stockPose = bonePose(this.stock.skeleton);
        this.stockPoses[frame % (MAX_SPAN + 1)] = stockPose;
        const posed = record.posedFrame === frame;
        // An inactive twin is frozen as it is: the pooled instance must be frozen in the same pose,
        // which counts as posed until it is updated again.
        const frozen = !this.stock.active || this.frozenFrame === frame - 1;
        if (!this.stock.active) this.frozenFrame = frame;
        // Frames it was owed without a pose (not those it was held frozen: no time passes for either twin).
        const span = frame - Math.max(this.previousPosedFrame, this.heldFrame);
        if (frozen && !posed) this.heldFrame = frame;
        if (posed && span > 1) this.physicsSynced = false;
        if (posed && record.bonesBehind) this.behindFrames++;
        const pooledPose = posed ? bonePose(this.pooledSkeleton()) : null;
        // The state the pose stands for: for a pose of the update pass, the twin's as it posed itself
        // (game calls from timers or tweens may come before or after the pass); for one made after the
        // game's calls (a spawn, an instance posed at the frame's end as it comes into view), the state they left.
        if (posed) {
            if (this.posedBeforeCalls !== this.pooled) this.poseState = this.trackState();
            else this.poseState = this.stockPosedFrame === this.run.frame ? this.stockPosedState : this.frameState;
        }
        // Wherever the twin is seen, the pooled instance is drawn: stock never culls.
        // The twin's real bounds: read at most once a frame, where a vertex of it does not settle it.
        const seenIn = new SeenBounds(this.run, this.stock);
        const culledBy = this.run.culledWhileSeen(this.pooled, this.stock, seenIn);
        if (culledBy !== null) this.note(`not drawn by camera ${culledBy}, where its twin is seen`);
        // A pose the pooled instance is drawn with (its render culling says yes) is a current one.
        if (!frozen) {
            const drawn = this.run.drawnBy(this.pooled);
            const old = frame - record.posedFrame;
            if (drawn !== null && old >= lag) this.note(`drawn by camera ${drawn} with a pose ${old} frames old (allowed: ${lag - 1})`);
        }
        if (this.run.visible(this.stock, seenIn)) {
            this.comparedFrames++;
            const since = frame - Math.max(record.posedFrame, this.frozenFrame);
            if (frozen && !pooledPose) this.comparePose(bonePose(this.pooledSkeleton()), stockPose, record.poseCached);
            else if (since >= lag) this.note(`visible but last posed ${since} frames ago (allowed: ${lag - 1})`);
            else if (pooledPose) {
                // (The frame it is spawned in it shows its setup pose, as its new twin does: not a pose the cache could give.)
                if (frame !== this.spawnedFrame && !this.run.poseCacheOff() && this.servable(stockPose)) {
                    this.servableFrames++;
                    // The game changed its state in this frame, after its update maybe: the pool shows the
                    // pose made before the change, computed from that local pose (as stock shows it), not a miss.
                    if (!record.poseCached && this.run.calledIn(this.run.frame)) this.changedFrames++;
                    else if (!record.poseCached && this.run.excuseWait(this.pooledSkeleton(), this.poseState!.animation)) this.waitedFrames++;
                    else if (!record.poseCached) {
                        this.missedFrames++;
                        if (this.missedAt.length < MAX_REPORTED) this.missedAt.push(`${frame} (${record.posedBy ?? 'served'})`);
                    }
                }
                this.comparePose(pooledPose, stockPose, record.poseCached);
            }
        }
        if (pooledPose) {
            if (this.physics.size > 0 && !this.physicsSynced) {
                if (span > this.run.gapFrames) {
                    this.endStretch(frame); // physics restarts from this pose
                    this.restartedAt = frame;
                } else if (span <= MAX_SPAN && this.previousPooled) this.trackPhysics(frame, pooledPose, stockPose, span);
                this.trackSwing(pooledPose, stockPose, frame - this.restartedAt < RESTART_WINDOW);
            }
            this.previousPosedFrame = frame;
            this.previousPooled = pooledPose;
        }
    }

    /** How far physics-moved bones went since the previous pose, `span` frames of time before `frame`: pooled, and the twin over the same frames. */
    private trackPhysics(frame: number, pose: number[][], stockPose: number[][], span: number): void {
        const previous = this.previousPooled as number[][];
        const stockThen = this.stockPoses[(frame - span) % (MAX_SPAN + 1)];
        const stretch = this.stretch;
        stretch.zoom = Math.min(stretch.zoom, this.run.zoomOf(this.stock));
        for (const i of this.physics) {
            stretch.pooled[span] = Math.max(stretch.pooled[span], distance(pose[i], previous[i]));
            stretch.stock[span] = Math.max(stretch.stock[span], distance(stockPose[i], stockThen[i]));
        }
    }

    /**
     * How far the twin's physics takes its physics-moved bones from its animated pose, and how far
     * the pooled instance's own physics takes its bones from its own; right after a physics restart
     * (`restarting`), also how far they are from the twin's.
     */
    private trackSwing(pose: number[][], stockPose: number[][], restarting: boolean): void {
        const animated = withoutPhysics(this.stock.skeleton);
        const own = withoutPhysics(this.pooledSkeleton());
        const stretch = this.stretch;
        stretch.zoom = Math.min(stretch.zoom, this.run.zoomOf(this.stock));
        for (const i of this.physics) {
            const swing = Math.hypot(stockPose[i][4] - animated[i][0], stockPose[i][5] - animated[i][1]);
            if (restarting) {
                stretch.apart = Math.max(stretch.apart, distance(pose[i], stockPose[i]));
                stretch.swing = Math.max(stretch.swing, swing);
            }
            stretch.twinSwing = Math.max(stretch.twinSwing, swing);
            stretch.ownSwing = Math.max(stretch.ownSwing, Math.hypot(pose[i][4] - own[i][0], pose[i][5] - own[i][1]));
        }
    }

    /**
     * Ends the stretch of poses since the last physics restart: its physics-moved bones moved no
     * more than the twin's, and in its first frames they were no farther from the twin's than the
     * twin's own physics takes them from its animated pose (no whip).
     */
    endStretch(frame: number): void {
        const { pooled, stock, from, apart, swing, twinSwing, ownSwing, zoom } = this.stretch;
        const px = PHYSICS_PX / Math.min(1, zoom);
        if (apart > swing * PHYSICS_SLACK + px) {
            this.noteAt(
                from,
                `after a physics restart a physics bone was ${apart.toFixed(1)} px from the twin's; the twin's physics swings it at most ${swing.toFixed(1)} px`,
            );
        }
        // Its physics runs: it takes its bones off its animated pose about as far as the twin's does.
        // The on-screen slack is at most a quarter of the twin's swing: else a physics that never
        // runs (no swing at all) passed wherever the twin swung less than 4 px (20 px at zoom 0.2).
        if (twinSwing > STILL_PX && ownSwing < twinSwing * PHYSICS_MIN_SWING - Math.min(px, twinSwing * PHYSICS_SLACK_SHARE)) {
            this.noteAt(
                from,
                `its physics took a bone at most ${ownSwing.toFixed(1)} px off its animated pose; the twin's takes it ${twinSwing.toFixed(1)} px over the same frames`,
            );
        }
        if (process.env.PHYSICS_REPORT && twinSwing > 0)
            console.log(
                `${this.label} stretch from ${from} to ${frame}: swing ${ownSwing.toFixed(1)} / twin ${twinSwing.toFixed(1)} (zoom ${zoom.toFixed(2)})`,
            );
        // Once it took several frames in one step, its physics state is no longer near the twin's.
        let stepped = false;
        for (let n = 2; n <= MAX_SPAN; n++) if (pooled[n] > 0) stepped = true;
        for (let n = 1; n <= MAX_SPAN; n++) {
            if (pooled[n] === 0 && stock[n] === 0) continue;
            this.physicsStretches.push([from, n, pooled[n], stock[n]]);
            if (pooled[n] > stock[n] * (stepped ? PHYSICS_STEP_SLACK : PHYSICS_SLACK) + px) {
                this.noteAt(
                    from,
                    `a physics bone moved ${pooled[n].toFixed(1)} px between two poses ${n} frame(s) apart; stock ${stock[n].toFixed(1)} over the same frames`,
                );
            }
        }
        this.stretch = newStretch(frame);
    }

    private compareTracks(): void {
        const a = trackState(this.pooled);
        const b = trackState(this.stock);
        if (a.length !== b.length) {
            this.note(`tracks ${a.join(' | ')} vs stock ${b.join(' | ')}`);
            return;
        }
        for (let i = 0; i < a.length; i++) {
            if (!sameTrack(a[i], b[i])) this.note(`track ${i}: ${a[i]} vs stock ${b[i]}`);
        }
    }

    private comparePose(pooled: number[][], stock: number[][], cached: boolean): void {
        if (cached && this.run.poseCacheOff()) this.note("pose served from the cache with poseCache 'off'");
        else if (cached) {
            this.compareCachedPose(stock);
            return;
        }
        // Physics-moved bones are equal while the pooled instance's physics ran as the twin's.
        const skip = this.physicsSynced ? null : this.physics;
        let worst = 0;
        let worstBone = -1;
        for (let i = 0; i < stock.length; i++) {
            if (skip !== null && skip.has(i)) continue;
            for (let j = 0; j < 6; j++) {
                const p = pooled[i][j];
                const q = stock[i][j];
                // NaN on one side only is as far apart as can be (a plain difference would compare false).
                const d = p === q || (p !== p && q !== q) ? 0 : p === p && q === q ? Math.abs(p - q) : Infinity;
                if (d > worst) {
                    worst = d;
                    worstBone = i;
                }
            }
        }
        if (worst > TOLERANCE) this.note(`bone '${this.stock.skeleton.bones[worstBone].data.name}' off by ${worst.toFixed(4)}`);
        const pooledSlots = slotLooks(this.pooledSkeleton());
        const stockSlots = slotLooks(this.stock.skeleton);
        for (let i = 0; i < stockSlots.length; i++) {
            const p = pooledSlots[i];
            const s = stockSlots[i];
            const name = this.stock.skeleton.slots[i].data.name;
            if (p.attachment !== s.attachment) this.note(`slot '${name}' shows ${p.attachment} vs stock ${s.attachment}`);
            if (maxDiff(p.color, s.color) > TOLERANCE) this.note(`slot '${name}' colour ${p.color.map(f3)} vs stock ${s.color.map(f3)}`);
            if ((p.dark === null) !== (s.dark === null) || (p.dark && s.dark && maxDiff(p.dark, s.dark) > TOLERANCE))
                this.note(`slot '${name}' dark colour differs`);
            if (p.deform.length !== s.deform.length || maxDiff(p.deform, s.deform) > TOLERANCE)
                this.note(`slot '${name}' deform differs (${p.deform.length} vs ${s.deform.length} values)`);
        }
        const order = drawOrderOf(this.pooledSkeleton()).join(',');
        const stockOrder = drawOrderOf(this.stock.skeleton).join(',');
        if (order !== stockOrder) this.note(`draw order ${order} vs stock ${stockOrder}`);
    }

    /**
     * Whether the cache may serve the state the pooled instance was posed in (its last pose, this
     * frame): the twin played one animation plainly then (`plainEntry`) and shows exactly that
     * animation over the setup pose (`offSetupPose` within `SETUP_EXACT`), and the rig has no
     * physics constraints.
     */
    private servable(stockPose: number[][]): boolean {
        return this.physics.size === 0 && !!this.poseState?.plain && this.offSetupPose(stockPose) <= SETUP_EXACT;
    }

    /**
     * How far (the largest difference of a bone's world transform) the twin's pose `stock` is from
     * its animation over the setup pose at its time, as of the pooled instance's last pose (Infinity
     * when nothing plays on track 0): the only poses the cache may stand for.
     */
    private offSetupPose(stock: number[][]): number {
        const state = this.poseState;
        if (!state) return Infinity;
        const exact = this.run.poseAt(this.stock, state.animation, Math.min(state.time, state.animation.duration), state);
        let off = 0;
        for (let i = 0; i < exact.length; i++) off = Math.max(off, maxDiff(exact[i], stock[i]));
        return off;
    }

    /**
     * A pose served by the shared pose cache, against the twin's pose of the same frame (stock is the
     * specification; measures and tolerances in test/harness/poseError.ts): every active bone's world
     * position and every drawn vertex within 1 skeleton px, attachments, sequence indices and draw
     * order the twin's, colours within 1/255; and the twin's pose is its animation over the setup
     * pose (else the cache must not serve it). Each kind beyond tolerance is a difference; the worst
     * of each kind is kept (`cacheErrors`, `cacheError`, `cacheWorst`, `cacheSummary`).
     */
    private compareCachedPose(stock: number[][]): void {
        this.cachedFrames++;
        const state = this.poseState;
        // Without a state (the twin had nothing on track 0 after the frame's updates) the pose is still held to the twin's.
        if (!state) this.note("cached pose of a state with no animation on track 0 (after the frame's updates)");
        else {
            const off = this.offSetupPose(stock);
            if (off > TOLERANCE)
                this.note(`cached pose of a state whose pose is not its animation over the setup pose (off by ${off.toFixed(3)}): the cache must not serve it`);
        }
        const spine = this.run.t.spine;
        const errors = poseErrors(drawnPose(spine, this.pooledSkeleton()), drawnPose(spine, this.stock.skeleton), this.run.bound);
        const what = state ? `${state.animation.name} at ${state.time.toFixed(4)} s` : 'no animation';
        const when = `frame ${this.run.frame}, ${what}`;
        for (const kind of POSE_ERROR_KINDS) {
            const m = errors[kind];
            const worst = this.cacheErrors[kind];
            if (m.count > 0) {
                worst.frames++;
                this.note(`cached pose (${what}) off the twin's: ${describeMeasure(kind, m)}`);
            }
            if (m.amount > worst.amount) {
                worst.amount = m.amount;
                worst.at = `${m.at}, ${when}`;
            }
            if ((kind === 'bone' || kind === 'vertex') && m.amount > this.cacheError) {
                this.cacheError = m.amount;
                this.cacheWorst = `${kind}: ${m.at}, ${when}`;
            }
        }
    }

    /** Track 0's animation and time after this frame's updates (before the game's calls), and as of the pooled instance's last pose (see `posedBeforeCalls`). */
    private frameState: TrackState | null = null;
    private poseState: TrackState | null = null;

    /** The pooled object whose pose had been made this frame when `snapshot` ran (null: none had). */
    private posedBeforeCalls: SpineGameObject | null = null;

    snapshot(): void {
        this.frameState = this.trackState();
        const pool = this.run.t.scene.spinePool;
        this.posedBeforeCalls = instanceRecord(pool, this.pooled).posedFrame === schedulerFrame(pool) ? this.pooled : null;
    }

    /** The twin's track 0 now. */
    private trackState(): TrackState | null {
        const state = this.stock.animationState;
        const entry = state.tracks[0] as Any;
        return entry?.animation
            ? {
                  animation: entry.animation,
                  time: entry.getAnimationTime(),
                  plain: plainEntry(state, versionOf(this.stock.skeleton)) === entry,
                  scaleX: this.stock.skeleton.scaleX,
                  scaleY: this.stock.skeleton.scaleY,
              }
            : null;
    }

    /** Frames compared with a pose served by the pose cache. */
    cachedFrames = 0;
    /** Frames it was posed in with its bones left unwritten (spine/bonesWhenRead.ts: written by the comparison's read). */
    behindFrames = 0;
    /** Compared frames the pooled instance was posed in whose state the cache may serve (see `servable`), and those of them it was posed in full. */
    servableFrames = 0;
    missedFrames = 0;
    /** Servable frames posed in full that may be the cache building samples (`DifferentialRun.excuseWait`): not counted in `missedFrames`. */
    waitedFrames = 0;
    /** Servable frames posed in full in a frame the run made calls in (the game changed the state, maybe after its update): not counted in `missedFrames`. */
    changedFrames = 0;
    /** The first frames posed in full that the cache may serve, each with the pool's reason (`posedBy`). */
    readonly missedAt: string[] = [];
    /** The largest distance (skeleton px) of a served pose's bone or drawn vertex from the twin's, and which and when. */
    cacheError = 0;
    cacheWorst = '';
    /** For each kind of difference (poseError.ts): served frames beyond tolerance, the worst amount (px, colour channel, 1 for a discrete kind) and which and when. */
    readonly cacheErrors = Object.fromEntries(POSE_ERROR_KINDS.map((kind) => [kind, { frames: 0, amount: 0, at: '' }])) as Record<
        PoseErrorKind,
        { frames: number; amount: number; at: string }
    >;

    /** The served poses in words: how many, and each kind's worst (beyond tolerance or not) and frames beyond tolerance. */
    cacheSummary(): string {
        const kinds = POSE_ERROR_KINDS.map((kind) => {
            const e = this.cacheErrors[kind];
            const amount = kind === 'bone' || kind === 'vertex' ? `${e.amount.toFixed(2)} px` : kind === 'colour' ? `${(e.amount * 255).toFixed(1)}/255` : '';
            return e.amount > 0 ? `${kind} ${amount}${e.frames > 0 ? ` (${e.frames} frames beyond)` : ''} [${e.at}]` : '';
        }).filter(Boolean);
        return `${this.cachedFrames} cached frames, ${this.servableFrames} servable (${this.missedFrames} of them posed in full, ${this.waitedFrames} more while samples were built, ${this.changedFrames} with the state changed after the update)${kinds.length ? `; ${kinds.join('; ')}` : ''}`;
    }

    /** Differences between the callbacks heard, given the lag allowed. */
    compareCallbacks(lag: number): void {
        const a = this.pooledHeard;
        const b = this.stockHeard;
        const n = Math.min(a.length, b.length);
        for (let i = 0; i < n; i++) {
            const p = a[i];
            const s = b[i];
            const what = `${s.type} ${s.track}:${s.animation}${s.event ? ` ${s.event}` : ''}`;
            const same =
                p.type === s.type &&
                p.track === s.track &&
                p.animation === s.animation &&
                p.event === s.event &&
                p.int === s.int &&
                p.float === s.float &&
                p.string === s.string;
            if (!same) {
                this.noteAt(s.frame, `callback #${i}: ${p.type} ${p.track}:${p.animation}${p.event ? ` ${p.event}` : ''} vs stock ${what}`);
                return;
            }
            const late = p.frame - s.frame;
            if (late < 0 || late >= lag)
                this.noteAt(s.frame, `callback #${i} (${what}) heard in frame ${p.frame} vs stock ${s.frame} (allowed: up to ${lag - 1} late)`);
        }
        // Callbacks stock heard in the last lag - 1 frames may still be owed to the pooled instance.
        const lastFrame = this.run.frame;
        const owed = b.slice(n).filter((s) => lastFrame - s.frame >= lag);
        if (a.length > b.length) this.noteAt(a[n].frame, `${a.length - b.length} callbacks more than stock, from ${a[n].type} ${a[n].track}:${a[n].animation}`);
        else if (owed.length > 0)
            this.noteAt(owed[0].frame, `${owed.length} callbacks stock heard are missing, from ${owed[0].type} ${owed[0].track}:${owed[0].animation}`);
    }

    private noteAt(frame: number, what: string): void {
        this.differenceCount++;
        if (this.differences.length < MAX_REPORTED) this.differences.push(`${this.label}, frame ${frame}: ${what}`);
    }
}

/**
 * Where in a frame the calls of a scenario are made: the places game code runs. In frame f, the
 * pool's pass runs where Phaser's UpdateList updates stock objects (UPDATE, first); the calls are
 * made, for each site:
 *
 * - `preUpdate`: in a PRE_UPDATE listener, before the pass;
 * - `ownListener` / `otherListener`: during the pass, from a Spine listener of the instance itself
 *   (the `complete` of an empty animation set on a spare track) or of another instance spawned
 *   before it (`otherListenerAfter`: spawned after it), the pooled side's calls from the pooled
 *   instance's listener, the twin's from the twin's;
 * - `updateList`: in the preUpdate of an object on the UpdateList after the pool's entry;
 * - `timer`: from a Clock timer (`scene.time.addEvent`); `tweenStart`, `tweenUpdate`,
 *   `tweenComplete`, `tweenYoyo`: from a tween's callback (tweens run on the stepped clock);
 * - `arcade`: from an Arcade physics overlap callback;
 * - `update`: in the scene's `update()`; `updateEvent`: in an UPDATE listener added after the plugins;
 * - `postUpdate`: in a POST_UPDATE listener;
 * - `keyboard`, `pointer`: in a keydown or pointerdown handler, the DOM event arriving between
 *   frames f - 1 and f (Phaser dispatches both at once).
 *
 * Some sites reach the frame later than others: a tween's onUpdate, onComplete and onYoyo come in
 * its second update. Runs at those sites start a frame later (`lead`): frame f of the scenario is
 * frame f + 1 of the run.
 */
export const CALL_SITES = [
    'update',
    'updateEvent',
    'preUpdate',
    'postUpdate',
    'timer',
    'tweenStart',
    'tweenUpdate',
    'tweenComplete',
    'tweenYoyo',
    'pointer',
    'keyboard',
    'updateList',
    'arcade',
    'ownListener',
    'otherListener',
    'otherListenerAfter',
] as const;
export type CallSite = (typeof CALL_SITES)[number];

/** Which twin a call is made on: both, or one (calls made from a Spine listener of that side). */
export type Side = 'both' | 'pooled' | 'stock';

/** The spare track of the `*Listener` sites' triggers (no scenario plays on it). */
const TRIGGER_TRACK = 7;

/** A stock twin: `this.add.spine` with the same skin. */
function stockTwin(scene: TestGame['scene'], x: number, y: number, key: string, options: Pick<SpawnOptions, 'skin'>): SpineGameObject {
    const stock = scene.add.spine(x, y, key, `${key}-atlas`);
    const skin = options.skin;
    if (skin) {
        if (typeof skin === 'string') stock.skeleton.setSkinByName(skin);
        else if (Array.isArray(skin)) {
            // Combined as the Spine docs combine mix-and-match skins, made here apart from the plugin's.
            const data = stock.skeleton.data;
            const combined = new (data.skins[0]!.constructor as new (name: string) => Any)(skin.join('+'));
            for (const name of skin) combined.addSkin(data.findSkin(name));
            stock.skeleton.setSkin(combined);
        } else stock.skeleton.setSkin(skin as Any);
        (stock.skeleton as Any).setSlotsToSetupPose?.();
        (stock.skeleton as Any).setupPoseSlots?.();
    }
    return stock;
}

/** A differential run: pairs, frames with their deltas, and calls scheduled on frames, made at a call site. */
export class DifferentialRun {
    /** Frames stepped since the run started. */
    frame = 0;
    readonly pairs: TwinPair[] = [];
    /** Frames between two poses beyond which the plugin restarts physics (its `lowFrequency`). */
    gapFrames = 4;
    /** Which twin the calls being made are made on (see `TwinPair.both`). */
    side: Side = 'both';
    /** Where the scenario's calls are made. */
    readonly site: CallSite;
    /** Frames the run is ahead of the scenario (see `CALL_SITES`): frame f of the scenario is frame f + lead of the run. */
    readonly lead: number;
    /** How many frames before its calls a site's hook is armed (1: at the end of the frame before). */
    private readonly armAhead: number;
    private readonly calls = new Map<number, (() => void)[]>();
    /** Calls that change the scene, not the instances (cameras): always made in the UPDATE listener. */
    private readonly sceneCalls = new Map<number, (() => void)[]>();
    /** Frames whose calls were made, and where a site fired in the wrong frame. */
    private readonly fired = new Set<number>();
    readonly siteErrors: string[] = [];
    private readonly undo: (() => void)[] = [];
    /** The trigger entries of the listener sites, by object. */
    private readonly triggers = new Map<SpineGameObject, { side: Side; entry: unknown; frame: number }>();
    /** The other instance whose listener makes the calls (`otherListener*` sites): its pooled object and twin. */
    private driver: [SpineGameObject, SpineGameObject] | null = null;
    private readonly onUpdate = (): void => {
        for (const pair of this.pairs) pair.snapshot(); // the state the pass posed, before the game's calls
        const list = this.sceneCalls.get(this.frame);
        if (list) for (const call of list) call();
        if (this.site === 'updateEvent') this.fire(this.frame);
    };

    constructor(
        readonly t: TestGame,
        /** The delta of each frame, ms. */
        private readonly delta: (frame: number) => number,
        /** Frames an instance may go without being posed (1: posed on every frame it is visible). */
        private readonly lag: () => number = () => 1,
        site: CallSite = 'update',
    ) {
        this.site = site;
        this.lead = site === 'tweenUpdate' || site === 'tweenComplete' || site === 'tweenYoyo' ? 1 : 0;
        this.armAhead = 1 + this.lead;
        this.gapFrames = t.scene.spinePool.getOptions().lowFrequency;
        // The next frame stepped is the run's 0 and the scheduler's next.
        this.schedulerOffset = schedulerFrame(t.scene.spinePool) + 1;
        const events = t.scene.sys.events;
        events.on(Phaser.Scenes.Events.UPDATE, this.onUpdate);
        this.undo.push(() => events.off(Phaser.Scenes.Events.UPDATE, this.onUpdate));
        this.installSite(site);
    }

    /** A pooled instance and a stock twin at (x, y), given the same `spawnOptions` calls (skin). */
    pair(x: number, y: number, key: string, label = key, options: Pick<SpawnOptions, 'skin'> = {}): TwinPair {
        const scene = this.t.scene;
        if (this.site === 'otherListener' && this.driver === null) this.makeDriver(x, y, key, options);
        const pooled = scene.spinePool.spawn(x, y, key, `${key}-atlas`, options);
        const stock = stockTwin(scene, x, y, key, options);
        const pair = new TwinPair(pooled, stock, this, label, key, options);
        this.pairs.push(pair);
        this.adopt(pooled, 'pooled');
        this.adopt(stock, 'stock');
        if (this.site === 'otherListenerAfter' && this.driver === null) this.makeDriver(x, y, key, options);
        return pair;
    }

    /** Runs `call` in frame `frame` of the scenario, at the run's call site. */
    at(scenarioFrame: number, call: () => void): this {
        const frame = scenarioFrame + this.lead;
        const list = this.calls.get(frame) ?? [];
        list.push(call);
        this.calls.set(frame, list);
        if (frame < this.armAhead) this.arm(frame);
        return this;
    }

    /**
     * Runs `call` in frame `frame` of the scenario where the instance can be reached: at the run's
     * call site, except the instance's own Spine listener, which cannot make a call while the
     * instance is inactive (no update, no callback: stock's neither): then in the scene's update().
     */
    atReachable(scenarioFrame: number, call: () => void): this {
        if (this.site !== 'ownListener') return this.at(scenarioFrame, call);
        const fn = () => {
            if (this.frame === scenarioFrame + this.lead) call();
        };
        this.t.sceneUpdates.push(fn);
        this.undo.push(() => this.t.sceneUpdates.splice(this.t.sceneUpdates.indexOf(fn), 1));
        return this;
    }

    /** Runs `call`, which changes the scene (a camera), in the UPDATE of frame `frame` of the scenario whatever the call site. */
    atScene(scenarioFrame: number, call: () => void): this {
        const frame = scenarioFrame + this.lead;
        const list = this.sceneCalls.get(frame) ?? [];
        list.push(call);
        this.sceneCalls.set(frame, list);
        return this;
    }

    /** Misses excused as the pose cache building samples, by skin and animation (see `excuseWait`). */
    private readonly waitsBy = new Map<unknown, Map<unknown, Map<string, number>>>();

    /**
     * Whether a pose of `animation` on `skeleton` (its skin and its own scale: a mirrored skeleton's
     * samples are its own) made in full where the cache could serve it may be the cache building its
     * samples (lazily, within a budget a frame, as their times are first reached): at most
     * `BUILD_WAITS` such misses per (skin, scale, animation) in a run, whatever the plugin says of
     * itself (measured on the corpus: at most 4, most often 1).
     */
    excuseWait(skeleton: { skin: unknown; scaleX: number; scaleY: number }, animation: unknown): boolean {
        const key = `${skeleton.scaleX},${skeleton.scaleY}`;
        let bySkin = this.waitsBy.get(skeleton.skin);
        if (!bySkin) this.waitsBy.set(skeleton.skin, (bySkin = new Map()));
        let byScale = bySkin.get(animation);
        if (!byScale) bySkin.set(animation, (byScale = new Map()));
        const count = byScale.get(key) ?? 0;
        if (count >= BUILD_WAITS) return false;
        byScale.set(key, count + 1);
        return true;
    }

    /** Whether the run made scenario calls in its frame `frame` (at its call site). */
    calledIn(frame: number): boolean {
        return this.fired.has(frame + this.lead) || this.fired.has(frame);
    }

    /**
     * `go`'s skeleton, its bones written, read as the pool reads it (fixtures/internals.ts'
     * `peekSkeleton`): comparing every frame does not make the instance write its bones every frame
     * (spine/bonesWhenRead.ts), so the run sees what a game that never reads it would show.
     */
    skeletonOf(go: SpineGameObject): SpineGameObject['skeleton'] {
        return peekSkeleton(this.t.scene.spinePool, go);
    }

    /**
     * Poses the shared pose cache served in this game so far, as `stats()` counts them: with every
     * pose computed, none (the pairs' own records could say otherwise of themselves).
     */
    served(): number {
        return this.t.scene.spinePool.stats().poseCache.hits;
    }

    /** Whether the pool computes every pose (`poseCache: 'off'`): nothing may be served from the cache. Read at each step. */
    poseCacheOff(): boolean {
        return this.cacheOff;
    }
    private cacheOff = false;

    /**
     * How far a pose served by the cache may be from the twin's (test/harness/poseError.ts): the
     * documented 0.5 px and half a colour level, the test's own constant, never read from the plugin
     * (a plugin that loosened its tolerance would loosen its own test); a run that configures
     * another `poseCacheTolerance` sets the bound it is held to.
     */
    bound: PoseBound = DOCUMENTED_BOUND;

    /** The frames an instance may go without a pose in this run (its placement's lag). */
    lagNow(): number {
        return this.lag();
    }

    /**
     * The lag a pose is held to this frame, where it depends on where the twin is (seen only by a
     * camera that shows it small, a minimap: `lowFrequency`); null: the run's `lag` (which also
     * bounds how late a callback may come).
     */
    poseLag: (() => number) | null = null;

    /** Whether `go`'s real bounds touch the view of `camera` (which renders it). */
    seenBy(go: SpineGameObject, camera: Any): boolean {
        return new SeenBounds(this, go).touch(camera);
    }

    /** The scheduler's frame index minus the run's, for the same frame (read once, before the first step). */
    readonly schedulerOffset: number;

    /** Steps `frames` frames, comparing each pair after each. */
    step(frames: number): void {
        for (let i = 0; i < frames; i++) {
            const delta = this.delta(this.frame);
            if (this.site === 'pointer' || this.site === 'keyboard') this.inputBetweenFrames();
            this.cacheOff = this.t.scene.spinePool.getOptions().poseCache === 'off';
            this.t.step(1, delta);
            const lag = this.poseLag !== null ? this.poseLag() : this.lag();
            for (const pair of this.pairs) pair.compareFrame(lag);
            this.frame++;
        }
    }

    /** Every difference found, callbacks included (`lag`: the most frames a callback may come late, plus one). */
    differences(lag = this.lag()): string[] {
        const out: string[] = [...this.siteErrors];
        for (const [frame] of this.calls)
            if (frame < this.frame && !this.fired.has(frame)) out.push(`the calls of frame ${frame} were never made at ${this.site}`);
        for (const pair of this.pairs) {
            pair.compareCallbacks(lag);
            pair.endStretch(this.frame);
            if (process.env.PHYSICS_REPORT)
                console.log(pair.label, pair.physicsStretches.map(([f, n, p, st]) => `from ${f} over ${n}: ${p.toFixed(1)}/${st.toFixed(1)}`).join('; '));
            out.push(...pair.differences);
            if (pair.differenceCount > pair.differences.length) out.push(`${pair.label}: ${pair.differenceCount - pair.differences.length} more differences`);
        }
        return out;
    }

    /** Stops listening to the scene; destroys the twins and despawns the pooled instances. */
    end(): void {
        for (const undo of this.undo) undo();
        const pool = this.t.scene.spinePool;
        for (const pair of this.pairs) {
            if (pool.isActive(pair.pooled)) {
                pair.pooled.animationState.removeListener(pair.pooledListener as never);
                this.forget(pair.pooled);
                pool.despawn(pair.pooled);
            }
            pair.stock.destroy();
        }
        if (this.driver) {
            this.forget(this.driver[0]);
            if (pool.isActive(this.driver[0])) pool.despawn(this.driver[0]);
            this.driver[1].destroy();
        }
    }

    /** An object of the run is new (spawned or made): the listener sites hear its trigger. */
    adopt(go: SpineGameObject, side: Side): void {
        if (this.site !== 'ownListener') return;
        this.listenTrigger(go, side);
    }

    /** An object leaves the run: its trigger listener is removed (before a despawn). */
    forget(go: SpineGameObject): void {
        const listener = this.triggerListeners.get(go);
        if (listener) go.animationState.removeListener(listener as never);
        this.triggerListeners.delete(go);
        this.triggers.delete(go);
    }

    private readonly triggerListeners = new Map<SpineGameObject, object>();

    private listenTrigger(go: SpineGameObject, side: Side): void {
        const listener = {
            complete: (entry: unknown) => {
                const trigger = this.triggers.get(go);
                if (!trigger || trigger.entry !== entry) return;
                this.triggers.delete(go);
                this.side = side;
                try {
                    this.fireAt(trigger.frame);
                } finally {
                    this.side = 'both';
                }
            },
        };
        go.animationState.addListener(listener as never);
        this.triggerListeners.set(go, listener);
    }

    /**
     * The instance whose listener makes the calls of the `otherListener*` sites (a pooled one and its
     * twin, not compared), with the pair's skin: with an empty one it draws nothing, and the size tier
     * may update it every k frames, its callbacks k - 1 frames late as the contract allows.
     */
    private makeDriver(x: number, y: number, key: string, options: Pick<SpawnOptions, 'skin'>): void {
        const scene = this.t.scene;
        const pooled = scene.spinePool.spawn(x, y, key, `${key}-atlas`, options);
        const stock = stockTwin(scene, x, y, key, options);
        this.driver = [pooled, stock];
        this.listenTrigger(pooled, 'pooled');
        this.listenTrigger(stock, 'stock');
    }

    /** Makes the calls of `frame` now (the site's hook). */
    private fire(frame: number): void {
        if (this.fired.has(frame)) return;
        const list = this.calls.get(frame);
        if (!list) return;
        this.fired.add(frame);
        for (const call of list) call();
    }

    /** A hook that was armed for `frame` fires: it must be that frame. */
    private fireAt(frame: number): void {
        if (frame !== this.frame) this.siteErrors.push(`${this.site} armed for frame ${frame} fired in frame ${this.frame}`);
        const list = this.calls.get(frame);
        if (!list) return;
        if (this.side !== 'pooled') this.fired.add(frame);
        for (const call of list) call();
    }

    /** Frames whose hook is armed. */
    private readonly armed = new Set<number>();

    /** Arms the site's hook for the calls of `frame`, where the site needs it armed the frame before. */
    private arm(frame: number): void {
        if (!this.calls.has(frame) || this.armed.has(frame)) return;
        this.armed.add(frame);
        const scene = this.t.scene;
        switch (this.site) {
            case 'timer':
                scene.time.addEvent({ delay: 0, callback: () => this.fireAt(frame) });
                return;
            case 'tweenStart':
            case 'tweenUpdate':
            case 'tweenComplete':
            case 'tweenYoyo': {
                let once = false;
                const fire = () => {
                    if (once) return;
                    once = true;
                    this.fireAt(frame);
                };
                const target = { x: 0 };
                const site = this.site;
                scene.tweens.add({
                    targets: target,
                    x: 1,
                    duration: 1,
                    yoyo: site === 'tweenYoyo',
                    onStart: site === 'tweenStart' ? fire : undefined,
                    onUpdate: site === 'tweenUpdate' ? fire : undefined,
                    onComplete: site === 'tweenComplete' ? fire : undefined,
                    onYoyo: site === 'tweenYoyo' ? fire : undefined,
                });
                return;
            }
            case 'ownListener':
            case 'otherListener':
            case 'otherListenerAfter': {
                const objects =
                    this.site === 'ownListener'
                        ? this.pairs.flatMap((p): [SpineGameObject, Side][] => [
                              [p.pooled, 'pooled'],
                              [p.stock, 'stock'],
                          ])
                        : this.driver
                          ? ([
                                [this.driver[0], 'pooled'],
                                [this.driver[1], 'stock'],
                            ] as [SpineGameObject, Side][])
                          : [];
                for (const [go, side] of objects) {
                    // An empty animation completes in its first update: the trigger fires then.
                    const entry = go.animationState.setEmptyAnimation(TRIGGER_TRACK, 0);
                    this.triggers.set(go, { side, entry, frame });
                }
                return;
            }
            default:
        }
    }

    /** Installs the hooks of `site` (the ones that fire every frame: their calls are looked up by frame). */
    private installSite(site: CallSite): void {
        const scene = this.t.scene;
        const events = scene.sys.events;
        const each = (event: string) => {
            const fn = () => this.fire(this.frame);
            events.on(event, fn);
            this.undo.push(() => events.off(event, fn));
        };
        // The armed sites are armed for frame f at the end of frame f - 1 (after the game's update).
        const armNext = () => this.arm(this.frame + this.armAhead);
        events.on(Phaser.Scenes.Events.POST_UPDATE, armNext);
        this.undo.push(() => events.off(Phaser.Scenes.Events.POST_UPDATE, armNext));
        switch (site) {
            case 'update': {
                const fn = () => this.fire(this.frame);
                this.t.sceneUpdates.push(fn);
                this.undo.push(() => this.t.sceneUpdates.splice(this.t.sceneUpdates.indexOf(fn), 1));
                return;
            }
            case 'preUpdate':
                return each(Phaser.Scenes.Events.PRE_UPDATE);
            case 'postUpdate':
                return each(Phaser.Scenes.Events.POST_UPDATE);
            case 'updateList': {
                const entry = { active: true, preUpdate: () => this.fire(this.frame), destroy() {} };
                scene.sys.updateList.add(entry as never);
                this.undo.push(() => scene.sys.updateList.remove(entry as never));
                return;
            }
            case 'keyboard': {
                const keyboard = scene.input.keyboard!;
                const fn = () => this.fire(this.frame);
                keyboard.on('keydown-SPACE', fn);
                this.undo.push(() => keyboard.off('keydown-SPACE', fn));
                return;
            }
            case 'pointer': {
                const fn = () => this.fire(this.frame);
                scene.input.on('pointerdown', fn);
                this.undo.push(() => scene.input.off('pointerdown', fn));
                return;
            }
            case 'arcade': {
                const physics = (scene as Any).physics;
                if (!physics) throw new Error("the 'arcade' site needs a game booted with { arcade: true }");
                // Two bodies that always overlap: the callback runs in every physics step (one a frame: no fixed step).
                physics.world.fixedStep = false;
                const a = scene.add.zone(-5000, -5000, 10, 10);
                const b = scene.add.zone(-5000, -5000, 10, 10);
                physics.add.existing(a);
                physics.add.existing(b);
                (a.body as Any).setAllowGravity(false);
                (b.body as Any).setAllowGravity(false);
                const collider = physics.add.overlap(a, b, () => this.fire(this.frame));
                this.undo.push(() => {
                    collider.destroy();
                    a.destroy();
                    b.destroy();
                });
                return;
            }
            default:
        }
    }

    /** A pointer down or a key down before the frame (a DOM event between two frames), when the frame has calls: Phaser dispatches it at once. */
    private inputBetweenFrames(): void {
        if (!this.calls.has(this.frame)) return;
        const input = this.t.game.input as Any;
        if (this.site === 'pointer')
            input.onMouseDown({
                button: 0,
                buttons: 1,
                pageX: 1,
                pageY: 1,
                clientX: 1,
                clientY: 1,
                target: this.t.game.canvas,
                timeStamp: this.frame,
                preventDefault() {},
            });
        else input.keyboard.onKeyDown({ type: 'keydown', keyCode: 32, key: ' ', timeStamp: this.frame, defaultPrevented: false, preventDefault() {} });
    }

    private sampler: Any = null;

    /**
     * Bone world transforms of the setup pose of `go`'s skeleton and skin with `animation` applied
     * at `time` at the skeleton scale `scale` as its getters read (the only poses the shared pose
     * cache may stand for), posed on the run's own skeleton.
     */
    poseAt(go: SpineGameObject, animation: Any, time: number, scale: { scaleX: number; scaleY: number }): number[][] {
        const own = this.skeletonOf(go);
        const Skeleton = own.constructor as Any;
        if (!this.sampler || this.sampler.data !== own.data) this.sampler = new Skeleton(own.data);
        const sk = this.sampler;
        if (sk.skin !== own.skin) sk.setSkin(own.skin);
        // At its own scale (a mirrored rig's pose is not the mirror image of its unmirrored one), as
        // its getters read it (4.2's scaleY reads the stored value negated when y points down).
        sk.scaleX = scale.scaleX;
        sk.scaleY = scale.scaleY;
        if (sk.scaleY !== scale.scaleY) sk.scaleY = -scale.scaleY;
        setupPose(sk);
        applyFromSetup(this.t.spine, animation, sk, time, time);
        sk.updateWorldTransform(PHYSICS_POSE);
        return bonePose(sk);
    }

    /** The id of a camera that would draw `go` now (its render culling, with the camera's view as rendering refreshes it), else null. */
    drawnBy(go: SpineGameObject): number | null {
        if (!go.visible) return null;
        for (const camera of this.t.scene.cameras.cameras as Any[]) {
            if (!camera.visible) continue;
            camera.preRender();
            if ((go as Any).willRender(camera)) return camera.id;
        }
        return null;
    }

    /** The largest zoom of the visible cameras that render `go` (1 when none does). */
    zoomOf(go: SpineGameObject): number {
        let zoom = 0;
        for (const camera of this.t.scene.cameras.cameras as Any[]) {
            if (camera.visible && ((go as Any).cameraFilter & camera.id) === 0) zoom = Math.max(zoom, camera.zoomY);
        }
        return zoom || 1;
    }

    /** Whether `go`'s real bounds (its current pose; `bounds` when read already) touch the view of a camera that renders it. */
    visible(go: SpineGameObject, bounds = new SeenBounds(this, go)): boolean {
        for (const camera of this.t.scene.cameras.cameras as Any[]) if (bounds.touch(camera)) return true;
        return false;
    }

    /**
     * The id of a camera that shows `stock` (it renders it, and its real bounds touch the camera's
     * view) but would not draw `pooled` (its render culling), or null: a pooled instance vanishing
     * where its twin is seen. Stock spine-phaser never culls.
     */
    culledWhileSeen(pooled: SpineGameObject, stock: SpineGameObject, bounds = new SeenBounds(this, stock)): number | null {
        for (const camera of this.t.scene.cameras.cameras as Any[]) {
            if (!bounds.touch(camera) || !(stock as Any).willRender(camera)) continue;
            camera.preRender();
            if (!(pooled as Any).willRender(camera)) return camera.id;
        }
        return null;
    }

    /** `go`'s real bounds in the world (its skeleton's current pose), null when it shows nothing. */
    boundsOf(go: SpineGameObject): { x1: number; x2: number; y1: number; y2: number } | null {
        // spine-core's getBoundsRect, without its new vectors and working array per call (read every frame).
        const scratch = (this.boundsScratch ??= { offset: new (this.t.spine as Any).Vector2(), size: new (this.t.spine as Any).Vector2(), temp: [0, 0] });
        this.skeletonOf(go).getBounds(scratch.offset, scratch.size, scratch.temp);
        const bounds = { x: scratch.offset.x as number, y: scratch.offset.y as number, width: scratch.size.x as number, height: scratch.size.y as number };
        if (!(bounds.width >= 0)) return null;
        const g = go as Any;
        return {
            x1: go.x + bounds.x * g.scaleX,
            x2: go.x + (bounds.x + bounds.width) * g.scaleX,
            y1: go.y + bounds.y * g.scaleY,
            y2: go.y + (bounds.y + bounds.height) * g.scaleY,
        };
    }

    /**
     * A vertex of `go`'s real bounds (of the first slot showing a region or a mesh, computed as
     * spine-core's getBounds computes it), placed in the world as `boundsOf` places the bounds: a
     * box of one point, or null when no slot shows one.
     */
    vertexOf(go: SpineGameObject): Box | null {
        const { RegionAttachment, MeshAttachment } = this.t.spine as Any;
        const skeleton = this.skeletonOf(go) as Any;
        const v43 = typeof skeleton.setupPose === 'function';
        for (const slot of skeleton.slots as Any[]) {
            if (!slot.bone.active) continue;
            const pose = slot.appliedPose ?? slot;
            const attachment: Any = pose.attachment ?? null;
            const out = this.vertexScratch;
            if (attachment instanceof RegionAttachment) {
                if (v43) (attachment as Any).computeWorldVertices(slot, (attachment as Any).getOffsets(pose), out, 0, 2);
                else (attachment as Any).computeWorldVertices(slot, out, 0, 2);
            } else if (attachment instanceof MeshAttachment) {
                const n: number = (attachment as Any).worldVerticesLength;
                if (n < 2) continue;
                if (out.length < n) out.length = n;
                if (v43) (attachment as Any).computeWorldVertices(skeleton, slot, 0, n, out, 0, 2);
                else (attachment as Any).computeWorldVertices(slot, 0, n, out, 0, 2);
            } else continue;
            const g = go as Any;
            const x = go.x + out[0]! * g.scaleX;
            const y = go.y + out[1]! * g.scaleY;
            return { x1: x, x2: x, y1: y, y2: y };
        }
        return null;
    }

    private readonly vertexScratch: number[] = new Array<number>(8).fill(0);
    private boundsScratch: { offset: Any; size: Any; temp: number[] } | undefined;

    /** Whether `box` (of `go`) touches the view of `camera`, which renders `go`. */
    touches(box: { x1: number; x2: number; y1: number; y2: number }, go: SpineGameObject, camera: Any): boolean {
        const g = go as Any;
        if (!camera.visible || (g.cameraFilter & camera.id) !== 0) return false;
        const w = camera.width / camera.zoomX;
        const h = camera.height / camera.zoomY;
        const cx = camera.scrollX + camera.width / 2;
        const cy = camera.scrollY + camera.height / 2;
        const sx = camera.scrollX * (1 - g.scrollFactorX);
        const sy = camera.scrollY * (1 - g.scrollFactorY);
        const { x1, x2, y1, y2 } = box;
        const left = Math.min(x1, x2) + sx;
        const right = Math.max(x1, x2) + sx;
        const top = Math.min(y1, y2) + sy;
        const bottom = Math.max(y1, y2) + sy;
        const r: number = camera.rotation;
        if (!r) return right >= cx - w / 2 && left <= cx + w / 2 && bottom >= cy - h / 2 && top <= cy + h / 2;
        // A rotated camera (Phaser turns the zoomed world about the viewport's centre: screen =
        // R(rotation) · zoom · (world − centre)): the box and the turned viewport overlap on the
        // axes of both (separating axes).
        const cos = Math.cos(r);
        const sin = Math.sin(r);
        const toScreen = (x: number, y: number): [number, number] => {
            const dx = (x - cx) * camera.zoomX;
            const dy = (y - cy) * camera.zoomY;
            return [cos * dx - sin * dy, sin * dx + cos * dy];
        };
        const toWorld = (x: number, y: number): [number, number] => [cx + (cos * x + sin * y) / camera.zoomX, cy + (-sin * x + cos * y) / camera.zoomY];
        const corners = [toScreen(left, top), toScreen(right, top), toScreen(right, bottom), toScreen(left, bottom)];
        const W = camera.width / 2;
        const H = camera.height / 2;
        if (Math.max(...corners.map((q) => q[0])) < -W || Math.min(...corners.map((q) => q[0])) > W) return false;
        if (Math.max(...corners.map((q) => q[1])) < -H || Math.min(...corners.map((q) => q[1])) > H) return false;
        const view = [toWorld(-W, -H), toWorld(W, -H), toWorld(W, H), toWorld(-W, H)];
        if (Math.max(...view.map((q) => q[0])) < left || Math.min(...view.map((q) => q[0])) > right) return false;
        return !(Math.max(...view.map((q) => q[1])) < top || Math.min(...view.map((q) => q[1])) > bottom);
    }
}

/** Bone world transforms: [a, b, c, d, worldX, worldY] per bone. */
function bonePose(skeleton: SpineGameObject['skeleton']): number[][] {
    return skeleton.bones.map((bone) => {
        const b = worldOf(bone);
        return [b.a, b.b, b.c, b.d, b.worldX, b.worldY];
    });
}

/** A track's state in words: what must be the same after each update. */
function trackState(go: SpineGameObject): string[] {
    return (go.animationState.tracks as Any[]).map((entry) => (entry ? describeEntry(entry) : '-'));
}

function describeEntry(entry: Any): string {
    const parts = [`${entry.animation.name} t=${entry.trackTime.toFixed(6)} delay=${entry.delay.toFixed(6)} a=${entry.alpha.toFixed(3)}`];
    for (let from = entry.mixingFrom, to = entry; from; to = from, from = from.mixingFrom) {
        parts.push(`<- ${from.animation.name} t=${from.trackTime.toFixed(6)} mix=${to.mixTime.toFixed(6)}/${to.mixDuration.toFixed(3)}`);
    }
    for (let next = entry.next; next; next = next.next) parts.push(`-> ${next.animation.name} delay=${next.delay.toFixed(6)}`);
    return parts.join(' ');
}

/** Same track state, numbers within 1e-6 (printed to 6 places, so a last-digit flip is allowed). */
function sameTrack(a: string, b: string): boolean {
    if (a === b) return true;
    const na = a.split(/([-\d.]+)/);
    const nb = b.split(/([-\d.]+)/);
    if (na.length !== nb.length) return false;
    for (let i = 0; i < na.length; i++) {
        if (na[i] === nb[i]) continue;
        const x = Number(na[i]);
        const y = Number(nb[i]);
        if (!(Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= 2e-6)) return false;
    }
    return true;
}

/** The largest difference of two arrays' values (NaN on both sides is the same value, on one side a difference). */
function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
    let max = 0;
    for (let i = 0; i < a.length; i++) {
        const x = a[i];
        const y = b[i];
        const d = x > y ? x - y : y - x;
        if (d > max) max = d;
        else if (d !== d && x !== y && (x === x || y === y)) return Infinity; // NaN on one side only
    }
    return max;
}

function distance(a: number[], b: number[]): number {
    return Math.hypot(a[4] - b[4], a[5] - b[5]);
}

const f3 = (v: number): string => v.toFixed(3);

/**
 * `zoom`: the smallest zoom it was seen at in the stretch (the largest of the cameras rendering it,
 * each frame); `swing`: the twin's swing in its first frames after a restart; `twinSwing`,
 * `ownSwing`: the twin's and the pooled instance's over the whole stretch.
 */
function newStretch(from: number): {
    pooled: number[];
    stock: number[];
    from: number;
    apart: number;
    swing: number;
    twinSwing: number;
    ownSwing: number;
    zoom: number;
} {
    return {
        pooled: new Array<number>(MAX_SPAN + 1).fill(0),
        stock: new Array<number>(MAX_SPAN + 1).fill(0),
        from,
        apart: 0,
        swing: 0,
        twinSwing: 0,
        ownSwing: 0,
        zoom: Infinity,
    };
}

/** Irregular frame deltas between 7 and 40 ms, the same for a given seed. */
export function irregularDeltas(seed: number): (frame: number) => number {
    let s = seed >>> 0 || 1;
    const deltas: number[] = [];
    return (frame) => {
        while (deltas.length <= frame) {
            s ^= s << 13;
            s ^= s >>> 17;
            s ^= s << 5;
            deltas.push(7 + ((s >>> 0) % 3300) / 100);
        }
        return deltas[frame];
    };
}

/** A box in the world (`DifferentialRun.boundsOf`). */
type Box = { x1: number; x2: number; y1: number; y2: number };

/**
 * Whether a game object's real bounds (spine-core's getBoundsRect of its current pose, the costliest
 * read of the comparison) touch a camera's view, reading them only where one of their vertices does
 * not answer: a vertex in the view puts the bounds there too (they hold every vertex); otherwise
 * the bounds are read, once.
 */
class SeenBounds {
    private vertex: Box | null | undefined;
    private box: Box | null | undefined;

    constructor(
        private readonly run: DifferentialRun,
        private readonly go: SpineGameObject,
    ) {}

    touch(camera: Any): boolean {
        if (this.vertex === undefined) this.vertex = this.run.vertexOf(this.go);
        if (this.vertex !== null && this.run.touches(this.vertex, this.go, camera)) return true;
        if (this.box === undefined) this.box = this.run.boundsOf(this.go);
        return this.box !== null && this.run.touches(this.box, this.go, camera);
    }
}
