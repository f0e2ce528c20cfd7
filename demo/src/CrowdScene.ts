import * as Phaser from 'phaser';
import { applyDebug, applyPoseCache } from './optionalOptions';
import { CameraControls } from './CameraControls';
import { Crowd } from './Crowd';
import { FrameMetrics } from './FrameMetrics';
import { createGround } from './ground';
import { HeroFollow } from './HeroFollow';
import { Hud } from './Hud';
import { LodSwitch } from './LodSwitch';
import { PassStats } from './PassStats';
import { applyOffscreen, offscreenSupport } from './offscreenModes';
import { poolOf } from './poolOf';
import { type DemoSettings, WORLD_HEIGHT, WORLD_WIDTH } from './settings';
import { loadCharacters } from './skeletons';

/** How many characters the leaky-wave button sends. */
const LEAKY_WAVE = 24;

/** The crowd scene: the field, the characters, the camera, the HUD. */
export class CrowdScene extends Phaser.Scene {
    crowd!: Crowd;
    /**
     * Game time, ms: the sum of the deltas the animations get. Phaser caps deltas on slow frames
     * (and for its first frames), so wall-clock time would let lifetimes outrun the animations.
     */
    private clock = 0;
    private controls!: CameraControls;
    /** `F`: a followed character pinned to full detail. */
    follow!: HeroFollow;
    private hud!: Hud;
    /** The warm-up is over (Crowd.prewarm): the crowd is out and lives. */
    private warm = false;

    constructor(private readonly settings: DemoSettings) {
        super('crowd');
    }

    preload(): void {
        loadCharacters(this.load);
    }

    create(): void {
        const camera = this.cameras.main;
        camera.setBounds(0, 0, WORLD_WIDTH, WORLD_HEIGHT);
        camera.setZoom(0.6);
        camera.centerOn(WORLD_WIDTH / 2, WORLD_HEIGHT / 2);
        createGround(this);

        const pool = poolOf(this);
        const support = offscreenSupport(pool);
        const offscreen = this.settings.offscreen;
        if (offscreen && support.get(offscreen) === null) applyOffscreen(pool, offscreen);
        if (this.settings.cache !== null) applyPoseCache(pool, this.settings.cache);
        const lod = new LodSwitch(pool);
        lod.set(this.settings.lod);

        this.crowd = new Crowd(pool, this.settings.count);

        this.controls = new CameraControls(this, camera);
        this.follow = new HeroFollow(this, pool, camera, this.crowd.members);
        // The tier overlay is the plugin's debug view: each character's extent in its tier's colour,
        // how its pose and drawing were made, the distance rings, a panel of stats().
        applyDebug(pool, this.settings.tiers);
        this.hud = new Hud({
            pool,
            crowd: this.crowd,
            lod,
            metrics: new FrameMetrics(this),
            pass: new PassStats(this, pool),
            renderer: `${this.game.renderer.type === Phaser.WEBGL ? 'WebGL' : 'Canvas'} · Phaser ${Phaser.VERSION}`,
            offscreenSupport: support,
            leakyWave: () => {
                const view = camera.midPoint;
                this.crowd.wave(this.clock, LEAKY_WAVE, view.x, view.y, true);
            },
            killHalf: () => this.crowd.killShare(this.clock, 0.5),
        });
        // A loading phase: the crowd comes out once its animations are sampled, served from its first frame.
        void this.crowd
            .prewarm((done, total) => this.hud.warmingUp(done, total))
            .then((ready) => {
                if (!ready) return; // the scene shut down meanwhile
                this.hud.warmedUp();
                this.crowd.fill(this.clock);
                this.warm = true;
            });
    }

    override update(time: number, delta: number): void {
        this.clock += delta;
        this.controls.update(delta);
        this.follow.update();
        if (this.warm) this.crowd.update(this.clock, delta);
        this.hud.update(time);
    }
}
