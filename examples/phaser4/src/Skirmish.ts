import * as Phaser from 'phaser';
import type { AnimationStateListener, SpineGameObject, TrackEntry } from '@esotericsoftware/spine-phaser-v4';
import { WrapMode, type SpinePoolStats } from 'phaser-spine-pool';

/** The keys the skeleton is loaded under (public/assets/crowd.json, crowd.atlas and its page). */
const SKELETON = 'crowd';
const ATLAS = 'crowd-atlas';
const SKINS = ['knight', 'goblin', 'mage'];
/** Characters on the field at most; a click sends one more. */
const CROWD = 10;
const GROUND_Y = 500;
/** Walking speed, px per second. */
const SPEED = 70;

/** One character on the field: a pooled Spine game object and what this game knows of it. */
interface Walker {
    go: SpineGameObject;
    vx: number;
    /** Game time (ms) at which it starts dying. */
    diesAt: number;
    dying: boolean;
    listener: AnimationStateListener;
}

/**
 * Characters walk on, die after a few seconds (a queued Legacy cross-fade into `die`) and go back
 * to the pool from the `complete` callback of that animation; new ones come out of the pool.
 * The text in the corner is the pool's stats(): *built* stays flat while *spawned* climbs.
 */
export class Skirmish extends Phaser.Scene {
    spawned = 0;
    despawned = 0;
    private readonly walkers: Walker[] = [];
    private hud!: Phaser.GameObjects.Text;
    private stats?: SpinePoolStats;

    constructor() {
        super('skirmish');
    }

    preload(): void {
        this.load.spineJson(SKELETON, 'assets/crowd.json');
        this.load.spineAtlas(ATLAS, 'assets/crowd.atlas');
    }

    create(): void {
        this.add
            .rectangle(0, GROUND_Y - 20, this.scale.width, this.scale.height, 0x35523a)
            .setOrigin(0, 0)
            .setDepth(-1);
        this.hud = this.add.text(12, 10, '', { fontFamily: 'monospace', fontSize: '14px', color: '#e8eef3', lineSpacing: 4 }).setDepth(10_000);
        // Build the instances while loading, not in the middle of the game.
        this.spinePool.prewarm(SKELETON, ATLAS, CROWD);
        this.time.addEvent({
            delay: 400,
            loop: true,
            callback: () => {
                if (this.walkers.length < CROWD) this.spawnWalker(Phaser.Math.Between(60, this.scale.width - 60));
            },
        });
        this.input.on(Phaser.Input.Events.POINTER_DOWN, (pointer: Phaser.Input.Pointer) => this.spawnWalker(pointer.worldX));
    }

    override update(time: number, delta: number): void {
        const width = this.scale.width;
        for (const walker of [...this.walkers]) {
            const go = walker.go;
            if (!walker.dying && time >= walker.diesAt) {
                walker.dying = true;
                // Unity's CrossFadeQueued: 'die' starts when the current walk cycle is about to end.
                this.spinePool.legacy(go).crossFadeQueued('die', 0.2);
            }
            go.x += (walker.vx * delta) / 1000;
            if ((go.x < 40 && walker.vx < 0) || (go.x > width - 40 && walker.vx > 0)) this.face(walker, -walker.vx);
        }
        this.stats = this.spinePool.stats(this.stats); // refilled, not allocated, each frame
        const s = this.stats;
        this.hud.setText([
            `spawned ${this.spawned} · despawned ${this.despawned} · click to spawn one more`,
            `pool: ${s.active} active · ${s.free} free · ${s.created} built`,
            `updated last frame: ${s.updatedLastFrame} · tiers: high ${s.tiers.high}, mid ${s.tiers.mid}, low ${s.tiers.low}, off screen ${s.tiers.offscreen}`,
        ]);
    }

    private spawnWalker(x: number): void {
        const skin = SKINS[Phaser.Math.Between(0, SKINS.length - 1)];
        // Same arguments as this.add.spine, plus what to start with.
        const go = this.spinePool.spawn(x, GROUND_Y, SKELETON, ATLAS, { animation: 'walk', skin, depth: GROUND_Y });
        const walker: Walker = {
            go,
            vx: 0,
            diesAt: this.time.now + Phaser.Math.Between(2500, 5000),
            dying: false,
            listener: {
                start: (entry: TrackEntry) => {
                    if (entry.animation?.name === 'die') walker.vx = 0;
                },
                complete: (entry: TrackEntry) => {
                    if (entry.animation?.name === 'die') this.despawnWalker(walker);
                },
            },
        };
        this.face(walker, Math.random() < 0.5 ? -SPEED : SPEED);
        go.animationState.addListener(walker.listener);
        const anim = this.spinePool.legacy(go);
        anim.wrapMode = WrapMode.Loop;
        anim.state('die').wrapMode = WrapMode.Once; // plays once and holds its last frame
        this.walkers.push(walker);
        this.spawned++;
    }

    /** From the `die` entry's complete callback: safe inside the pool's update pass. */
    private despawnWalker(walker: Walker): void {
        // Remove what we added: the pool would remove it anyway, with a development warning.
        walker.go.animationState.removeListener(walker.listener);
        this.walkers.splice(this.walkers.indexOf(walker), 1);
        this.spinePool.despawn(walker.go); // back to the pool: do not use walker.go after this
        this.despawned++;
    }

    /** Walks at `vx`, facing that way (the skeleton is flipped; the pool resets it on despawn). */
    private face(walker: Walker, vx: number): void {
        walker.vx = vx;
        walker.go.skeleton.scaleX = vx < 0 ? -1 : 1;
    }
}
