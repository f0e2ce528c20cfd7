import * as Phaser from 'phaser';
import { FrameHistory } from '../src/FrameHistory';
import type { CameraView, Settings } from '../src/options';
import { Scheduler } from '../src/Scheduler';
import { Tier, TIER_COUNT } from '../src/Tier';
import { InstanceDriver } from '../spine/InstanceDriver';
import { OFFSCREEN } from '../spine/offscreen';
import { PoseCache } from '../spine/PoseCache';
import { Posing } from '../spine/Posing';
import { Replay } from '../spine/Replay';
import type { PoolHost } from '../spine/SpineInstance';
import type { TrackEntry } from '../spine/spineCore';
import { CameraTiers } from './CameraTiers';
import type { PooledInstance } from './PooledInstance';

/**
 * One scene's pass over its spawned instances: the scheduler (tiers, phases, alarms), the cameras
 * that decide tiers (CameraTiers), the replay of owed frames and the posing policy, wired together;
 * the host each instance asks before the game changes it (PoolHost); and the plugin's two moments
 * of a frame (`update` in the scene's UPDATE, `postUpdate` after the game's `update()`).
 */
export class UpdatePass implements PoolHost {
    private readonly scheduler: Scheduler<PooledInstance>;
    private readonly tiers: CameraTiers;
    /** Whether and how instances are posed (spine/Posing.ts). */
    readonly posing: Posing;
    private readonly driver: InstanceDriver<PooledInstance>;
    /** The spawned instances, for a per-frame walk (swap removal, no allocation). */
    private readonly live: PooledInstance[] = [];
    /** Holds `options.camera` when one is pinned (reused: no array per frame). */
    private readonly pinnedCamera: CameraView[] = [];

    constructor(
        private readonly settings: Settings,
        private readonly cameras: Phaser.Cameras.Scene2D.CameraManager,
    ) {
        const Matrix = Phaser.GameObjects.Components.TransformMatrix;
        const history = new FrameHistory();
        this.tiers = new CameraTiers(settings, new Matrix(), new Matrix());
        this.posing = new Posing(settings, new PoseCache());
        this.driver = new InstanceDriver(this.tiers, new Replay(history, this.posing), this.posing, settings);
        this.scheduler = new Scheduler(this.driver, this.intervals(), settings.options.groupCount, history);
        this.applySettings();
    }

    /** The options changed: intervals, groups and what is watched follow (from the next frame). */
    applySettings(): void {
        const options = this.settings.options;
        this.posing.gapFrames = options.lowFrequency;
        this.posing.cache.budget = options.poseCacheMemory * 1024 * 1024;
        // Off-screen instances are re-evaluated every frame after the game's update (postUpdate).
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
        this.tiers.refresh(this.cameraList());
        const entry = (instance.entry = this.scheduler.add(instance, true));
        if (track < 0 || !this.posing.posesAtSpawn(entry.tier)) return;
        const state = instance.go.animationState as unknown as { tracks: (TrackEntry | null)[] };
        if (this.posing.poseFirstFrame(instance, state.tracks[track] ?? null)) this.scheduler.relax(entry);
    }

    /** The shared pose cache (for stats). */
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

    /** Instances updated in the last frame's pass. */
    get updatedLastFrame(): number {
        return this.scheduler.updatedLastFrame;
    }

    /** The scene's UPDATE: one scheduler pass. */
    update(delta: number): void {
        this.tiers.refresh(this.cameraList());
        this.driver.now = this.tiers.now = this.scheduler.clock + delta;
        this.posing.cache.beginFrame(this.scheduler.lastStepped + 1);
        this.scheduler.step(delta);
    }

    /**
     * After the game's `update()` moved things (and maybe changed time scales): instances that came
     * into view since the pass are posed now, so none is drawn stale.
     */
    postUpdate(): void {
        this.catchTimeScaleChanges();
        if (!OFFSCREEN[this.settings.options.offscreen].watches || this.scheduler.countIn(Tier.Offscreen) === 0) return;
        this.tiers.refresh(this.cameraList());
        this.driver.now = this.tiers.now = this.scheduler.clock;
        this.scheduler.reevaluate(Tier.Offscreen);
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
        this.scheduler.catchUp(entry);
        this.posing.poseNow(instance, this.scheduler.lastStepped, world);
    }

    reclassify(instance: PooledInstance): void {
        if (!instance.entry) return;
        this.tiers.refresh(this.cameraList());
        this.scheduler.reclassify(instance.entry);
    }

    /**
     * `animationState.timeScale` is a plain field, so a game writing it between an instance's
     * updates is not seen when it happens. It is seen here, after the game's update: the instance
     * is given the frames it is owed at the old scale first, as a stock object had them, so the new
     * one counts from the next frame as it does for stock.
     */
    private catchTimeScaleChanges(): void {
        const list = this.live;
        for (let i = 0; i < list.length; i++) {
            const instance = list[i];
            const state = instance.go.animationState;
            const scale = state.timeScale;
            if (scale === instance.timeScale) continue;
            state.timeScale = instance.timeScale;
            this.catchUp(instance);
            state.timeScale = instance.timeScale = scale;
            this.wake(instance);
        }
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
