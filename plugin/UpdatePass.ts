import * as Phaser from 'phaser';
import { FrameHistory } from '../src/FrameHistory';
import type { CameraView, Settings } from '../src/options';
import { Scheduler } from '../src/Scheduler';
import { Tier, TIER_COUNT } from '../src/Tier';
import { noteShown } from '../spine/animationReach';
import { NOT_SERVED } from '../spine/core/notServed';
import { OFFSCREEN } from '../spine/offscreen';
import { PoseCache } from '../spine/PoseCache';
import { Posing } from '../spine/Posing';
import { Replay } from '../spine/Replay';
import { placementOf } from '../spine/placement';
import type { PoolHost } from '../spine/SpineInstance';
import { CameraTiers } from './CameraTiers';
import type { PooledInstance } from './PooledInstance';
import type { SpinePoolOptions } from './options';

/**
 * How one scene's spawned instances are updated: the scheduler (tiers, phases, alarms), the cameras
 * that decide tiers (CameraTiers), the replay of owed frames and the posing policy, wired together;
 * the host each instance asks before the game changes it (PoolHost); and the plugin's moments of a
 * frame: `beginFrame` (the scene's PRE_UPDATE), `visit` (each instance's turn in Phaser's UpdateList,
 * where stock objects are updated), `endFrame` (the game's PRE_RENDER).
 */
/** Whether `instance` is seen only in views smaller than another camera's (CameraTiers). */
const inSmallerView = (instance: PooledInstance): boolean => instance.smallerView;

export class UpdatePass implements PoolHost {
    private readonly scheduler: Scheduler<PooledInstance>;
    private readonly tiers: CameraTiers;
    /** Whether and how instances are posed (spine/Posing.ts). */
    readonly posing: Posing;
    /** What the scheduler drives: an update's time, posed or not. */
    private readonly replay: Replay<PooledInstance>;
    /** The spawned instances, for a per-frame walk (swap removal, no allocation). */
    private readonly live: PooledInstance[] = [];
    /** Holds `options.camera` when one is pinned (reused: no array per frame). */
    private readonly pinnedCamera: CameraView[] = [];
    /** A frame began and has not ended yet (a paused scene begins none). */
    private began = false;
    /**
     * Two objects in the scene's UpdateList around the instances' turns: the first of the list
     * (added when the scene starts), and the last (put back at the end after each frame), so the
     * scheduler knows where Phaser's update order stands (see Scheduler.reached).
     */
    private readonly firstTurn = turnMarker((): void => this.scheduler.beginTurns());
    private readonly lastTurn = turnMarker((): void => {
        if (this.lastTurnEnds) this.scheduler.endTurns();
    });
    private updateList: Phaser.GameObjects.UpdateList | null = null;
    /** Whether the last marker is last in the list this frame (objects added between frames come after it). */
    private lastTurnEnds = false;

    constructor(
        private readonly settings: Settings<SpinePoolOptions>,
        private readonly cameras: Phaser.Cameras.Scene2D.CameraManager,
    ) {
        const Matrix = Phaser.GameObjects.Components.TransformMatrix;
        const history = new FrameHistory();
        this.tiers = new CameraTiers(settings, new Matrix(), new Matrix());
        this.posing = new Posing(settings, new PoseCache(settings));
        this.replay = new Replay(history, this.posing, this.tiers, settings);
        this.scheduler = new Scheduler(this.replay, this.intervals(), settings.options.groupCount, history);
        this.applySettings();
    }

    /**
     * The options changed: the scheduler's intervals, groups and what is watched follow (from the
     * next frame). Everything else reads the options where it needs them.
     */
    applySettings(): void {
        const options = this.settings.options;
        // Off-screen instances are re-evaluated every frame after the game's update (endFrame).
        this.scheduler.watchedTier = OFFSCREEN[options.offscreen].watches ? Tier.Offscreen : -1;
        this.scheduler.setIntervals(this.intervals());
        this.scheduler.setGroupCount(options.groupCount);
    }

    /**
     * Schedules a spawned instance, its tier read from the cameras as they are now. Its first
     * update comes in the next frame, as Phaser's UpdateList gives a new object; when it plays an
     * animation on `track` (-1: none) that the posing policy poses at once, its first frame is
     * posed now and its first update follows its phase instead.
     */
    add(instance: PooledInstance, track: number): void {
        this.live.push(instance);
        instance.liveIndex = this.live.length - 1;
        instance.timeScale = instance.go.animationState.timeScale;
        // Its physics is at rest in the pose it comes in, as a new object's: it starts from there.
        instance.posedFrame = this.scheduler.lastStepped;
        instance.poseCached = false;
        instance.posedBy = NOT_SERVED.noAnimation; // the setup pose it comes in (a spawn animation's first frame says otherwise)
        this.tiers.refresh(this.cameraList());
        const entry = (instance.entry = this.scheduler.add(instance, true));
        if (track < 0 || !this.posing.posesAtSpawn(entry.tier)) return;
        if (this.posing.poseFirstFrame(instance, instance.go.animationState.tracks[track] ?? null)) this.scheduler.relax(entry);
    }

    /** PoolHost: whether a served instance may be drawn on the GPU. */
    get gpuDraw(): boolean {
        return this.settings.options.gpuDraw;
    }

    /** PoolHost: below which screen size a served instance may be drawn as an image. */
    get impostorBelow(): number {
        return this.settings.options.impostorBelow;
    }

    /** PoolHost: the shared pose cache (also for stats and drawing). */
    get poseCache(): PoseCache {
        return this.posing.cache;
    }

    /** Unschedules an instance (despawned or destroyed). */
    remove(instance: PooledInstance): void {
        if (instance.entry) this.scheduler.remove(instance.entry);
        instance.entry = null;
        const index = instance.liveIndex;
        if (index < 0) return;
        const last = this.live.pop() as PooledInstance;
        if (last !== instance) {
            this.live[index] = last;
            last.liveIndex = index;
        }
        instance.liveIndex = -1;
    }

    /** The spawned instances, every pool, in no particular order (changes with every spawn and despawn). */
    get spawned(): readonly PooledInstance[] {
        return this.live;
    }

    /** Unschedules everything (scene shutdown). */
    clear(): void {
        this.scheduler.clear();
        for (const instance of this.live) {
            instance.liveIndex = -1;
            instance.entry = null;
        }
        this.live.length = 0;
    }

    /** Spawned instances in `tier`. */
    countIn(tier: number): number {
        return this.scheduler.countIn(tier);
    }

    /** The scheduler's index of the frame begun last (what an instance's `posedFrame` is compared with). */
    get frame(): number {
        return this.scheduler.lastStepped;
    }

    /** The frame drawn last (or being drawn): the one begun last once its update is over, else the one before. */
    get drawnFrame(): number {
        return this.began ? this.scheduler.lastStepped - 1 : this.scheduler.lastStepped;
    }

    /** Instances updated since the frame began. */
    get updatedLastFrame(): number {
        return this.scheduler.updatedLastFrame;
    }

    /** The scene starts: the markers of its update order go first and last in its UpdateList. */
    attach(updateList: Phaser.GameObjects.UpdateList): void {
        this.updateList = updateList;
        updateList.add(this.firstTurn);
        updateList.add(this.lastTurn);
    }

    /**
     * A frame begins (the scene's PRE_UPDATE): the cameras' views are read, one group's tiers
     * re-evaluated. Then Phaser's UpdateList visits each spawned instance in its turn (`visit`).
     * `delta`: game time, ms; `frameMs`: how long the frame took (the pose cache's build budget).
     */
    beginFrame(delta: number, frameMs: number = delta): void {
        this.tiers.refresh(this.cameraList());
        this.replay.now = this.tiers.now = this.scheduler.clock + delta;
        this.tiers.frame = this.scheduler.lastStepped + 1;
        this.posing.cache.beginFrame(this.scheduler.lastStepped + 1, frameMs);
        this.scheduler.beginFrame(delta);
        this.began = true;
        const active = this.updateList?.getActive();
        this.lastTurnEnds = active !== undefined && active[active.length - 1] === this.lastTurn;
    }

    /**
     * The scene's UPDATE, after the UpdateList's pass (and the Clock's and the tweens'): the turns
     * are over, whether or not the last marker said so (see `lastTurnEnds`).
     */
    afterTurns(): void {
        this.scheduler.endTurns();
    }

    /**
     * An instance's turn in Phaser's UpdateList (its object's `preUpdate`), where a stock object is
     * updated: the scheduler updates it if it is due. A time scale the game wrote since its last
     * turn is caught up first (the frames owed at the old scale, as stock had them).
     */
    visit(instance: PooledInstance): void {
        const entry = instance.entry;
        if (entry === null) return;
        if (instance.go.animationState.timeScale !== instance.timeScale) this.catchTimeScale(instance);
        // Stock's pose of this frame is made now, on its skeleton's fields as they are now (Placements):
        // noted now, or, while nobody read its skeleton, at their next write (spine/placement.ts `OwedTurn`).
        if (instance.bonesLazy) instance.turnOwed = true;
        else {
            instance.turnOwed = false;
            placementOf(instance.skeleton, instance.placements.turn);
        }
        if (!this.scheduler.turn(entry)) return;
        const placed = instance.placements;
        placed.inTurn = true;
        try {
            this.scheduler.update(entry);
        } finally {
            placed.inTurn = false;
        }
    }

    /**
     * The frame ends (the game's PRE_RENDER, after every scene's update and the key handlers):
     * time scales written since each instance's turn are caught up; instances that came into view
     * since their turn are posed now, so none is drawn stale.
     */
    endFrame(): void {
        if (!this.began) return;
        this.began = false;
        // Objects added during the frame come after the last marker: it goes back to the end.
        const updateList = this.updateList;
        if (updateList !== null) {
            updateList.remove(this.lastTurn);
            updateList.add(this.lastTurn);
        }
        const list = this.live;
        for (let i = 0; i < list.length; i++) {
            const instance = list[i];
            if (instance.go.animationState.timeScale !== instance.timeScale) this.catchTimeScale(instance);
        }
        let watched = false;
        for (let i = 0; i < list.length && !watched; i++) watched = list[i].smallerView;
        if (!OFFSCREEN[this.settings.options.offscreen].watches || (this.scheduler.countIn(Tier.Offscreen) === 0 && !watched)) return;
        this.tiers.refresh(this.cameraList());
        this.replay.now = this.tiers.now = this.scheduler.clock;
        this.tiers.frame = this.scheduler.lastStepped;
        this.scheduler.reevaluate(Tier.Offscreen);
        if (!watched) return;
        // Seen only in a smaller view (a minimap): into a larger one, it moves tier now, posed if due.
        this.scheduler.reevaluate(Tier.Low, inSmallerView);
        this.scheduler.reevaluate(Tier.Mid, inSmallerView);
    }

    catchUp(instance: PooledInstance): void {
        if (instance.entry) this.scheduler.catchUp(instance.entry);
    }

    wake(instance: PooledInstance): void {
        if (instance.entry) this.scheduler.wake(instance.entry);
    }

    settle(instance: PooledInstance, world: boolean): void {
        const entry = instance.entry;
        if (!entry || entry.tier === Tier.Inactive) return;
        // A change follows: the pose it shows until its next one stays where it is (culling, tiers).
        if (!world) {
            instance.reach.ahead = 0;
            noteShown(instance.skeleton, instance.go.animationState, instance.version, instance.setupBox, instance.reach);
        }
        this.scheduler.catchUp(entry);
        this.posing.poseNow(instance, this.scheduler.lastStepped, world);
    }

    resume(instance: PooledInstance): void {
        this.catchUp(instance);
        this.posing.held(instance, this.scheduler.lastStepped);
    }

    drawnThrough(instance: PooledInstance, camera: object): boolean {
        const cameras = this.cameras.cameras;
        for (let i = 0; i < cameras.length; i++) if (cameras[i] === camera) return true;
        // A texture's camera (rt.draw): seen there, at its zoom, from this frame on (CameraTiers).
        const frame = this.scheduler.lastStepped;
        const zoom = (camera as { zoomY?: number }).zoomY ?? 1;
        if (instance.textureFrame !== frame) instance.textureZoom = zoom;
        else if (zoom > instance.textureZoom) instance.textureZoom = zoom;
        instance.textureFrame = frame;
        const entry = instance.entry;
        // No view had it on screen: it moves tier now and, as an instance coming into view, is posed now.
        if (entry !== null && entry.tier === Tier.Offscreen) {
            this.tiers.refresh(this.cameraList());
            this.replay.now = this.tiers.now = this.scheduler.clock;
            this.tiers.frame = frame;
            this.scheduler.review(entry);
        }
        return false;
    }

    reclassify(instance: PooledInstance): void {
        if (!instance.entry) return;
        this.tiers.refresh(this.cameraList());
        this.scheduler.reclassify(instance.entry);
    }

    /**
     * `animationState.timeScale` is a plain field, so a game writing it between an instance's
     * updates is not seen when it happens; it is seen at the instance's next turn or at the frame's
     * end, whichever comes first: the instance is given the frames it is owed at the old scale, as
     * a stock object had them, so the new one counts from where stock's does.
     */
    private catchTimeScale(instance: PooledInstance): void {
        const state = instance.go.animationState;
        const scale = state.timeScale;
        state.timeScale = instance.timeScale;
        this.catchUp(instance);
        state.timeScale = instance.timeScale = scale;
        this.wake(instance);
    }

    /** The cameras level of detail is measured against (pinned, or every camera), read now. */
    private cameraList(): ArrayLike<CameraView> {
        this.tiers.now = this.scheduler.clock;
        const pinned = this.settings.options.camera;
        if (pinned === null) return this.cameras.cameras;
        this.pinnedCamera[0] = pinned;
        return this.pinnedCamera;
    }

    /** The frame interval of each tier under the options in force. */
    private intervals(): number[] {
        const options = this.settings.options;
        const intervals = new Array<number>(TIER_COUNT);
        intervals[Tier.High] = options.highFrequency;
        intervals[Tier.Mid] = options.midFrequency;
        intervals[Tier.Low] = options.lowFrequency;
        intervals[Tier.Offscreen] = OFFSCREEN[options.offscreen].interval(options);
        // Inactive objects are frozen: Phaser's UpdateList skips them and no time passes for them.
        intervals[Tier.Inactive] = 0;
        return intervals;
    }
}

/** What Phaser's UpdateList reads of an entry: a marker (no game object) has only that. */
interface TurnMarker {
    active: boolean;
    preUpdate?(): void;
    destroy(): void;
}

/** A marker of the scene's UpdateList that calls `preUpdate` in its turn, typed as the game object it stands in the list as. */
function turnMarker(preUpdate: () => void): Phaser.GameObjects.GameObject {
    const marker: TurnMarker = { active: true, preUpdate, destroy(): void {} };
    return marker as Phaser.GameObjects.GameObject;
}
