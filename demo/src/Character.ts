import type { AnimationStateListener, Event as SpineEvent, SpineGameObject, TrackEntry } from '@esotericsoftware/spine-phaser';
import { WrapMode, type LegacyAnimation, type SpinePoolPlugin } from 'phaser-spine-pool';
import { playDeath } from './death';
import { between } from './random';
import { WORLD_HEIGHT, WORLD_WIDTH } from './settings';

/** What a character is doing; the living acts are also the names of their animations. */
export type Act = 'walk' | 'run' | 'idle' | 'attack' | 'dying';

/** What a character reports to its crowd. */
export interface CharacterOwner {
    readonly pool: SpinePoolPlugin;
    /** A Spine event (footstep, hit, fall) fired by this character's animation. */
    onSpineEvent(name: string): void;
    /** The death animation finished: the owner despawns the character. */
    onDeathEnd(character: Character): void;
}

/** World px per second, roughly matching each gait's stride so feet do not skate. */
const SPEED = { walk: 62, run: 170 } as const;
/** Kept away from the world's edges by at least this. */
const EDGE = 80;
/** Crossfade between acts, seconds. */
const MIX = 0.2;

/**
 * One crowd member, bound for good to one pooled Spine instance: the pool hands the same game
 * object out again after a despawn, and its Character (with its one listener object) is reused.
 */
export class Character {
    act: Act = 'idle';
    /** Index in the crowd's member list (for O(1) removal). */
    index = -1;
    private vx = 0;
    private vy = 0;
    private nextThink = 0;
    private diesAt = 0;
    /** The plugin's Legacy-style helper for this life (a new one after each spawn). */
    private anim: LegacyAnimation | null = null;
    /** Added on spawn, removed just before despawn: a well-behaved listener. */
    private readonly listener: AnimationStateListener;

    constructor(
        readonly go: SpineGameObject,
        private readonly owner: CharacterOwner,
    ) {
        this.listener = {
            start: (entry: TrackEntry) => {
                if (entry.animation?.name === 'die') this.vx = this.vy = 0;
            },
            event: (_entry: TrackEntry, event: SpineEvent) => owner.onSpineEvent(event.data.name),
            complete: (entry: TrackEntry) => {
                if (entry.animation?.name === 'die') owner.onDeathEnd(this);
            },
        };
    }

    /** Called right after spawn: a fresh life of `lifetime` ms from `now`. */
    begin(now: number, lifetime: number): void {
        this.go.animationState.addListener(this.listener);
        const anim = this.owner.pool.legacy(this.go);
        anim.wrapMode = WrapMode.Loop; // walk, run, idle and attack cycle until the next decision...
        anim.state('die').wrapMode = WrapMode.Once; // ...death plays once and holds its last frame
        this.anim = anim;
        this.act = 'idle';
        this.vx = this.vy = 0;
        this.nextThink = now;
        this.diesAt = now + lifetime;
    }

    /** Called right before despawn, so the pool finds no leftover listener of ours. */
    end(): void {
        this.go.animationState.removeListener(this.listener);
        this.anim = null; // the pool releases the helper on despawn
    }

    /** One frame of behaviour and movement; `dt` in seconds. */
    step(now: number, dt: number): void {
        if (this.act !== 'dying') {
            if (now >= this.diesAt) this.die();
            else if (now >= this.nextThink) this.think(now);
        }
        if (this.vx === 0 && this.vy === 0) return;
        const go = this.go;
        let x = go.x + this.vx * dt;
        let y = go.y + this.vy * dt;
        if (x < EDGE || x > WORLD_WIDTH - EDGE) {
            this.vx = -this.vx;
            x = Math.min(Math.max(x, EDGE), WORLD_WIDTH - EDGE);
            this.face();
        }
        if (y < EDGE * 2 || y > WORLD_HEIGHT - EDGE) {
            this.vy = -this.vy;
            y = Math.min(Math.max(y, EDGE * 2), WORLD_HEIGHT - EDGE);
        }
        go.x = x;
        go.y = y;
        go.depth = y; // lower on screen is nearer: drawn on top
    }

    /** Starts dying now (the animation waits for the current cycle to end). */
    die(): void {
        if (this.act === 'dying') return;
        this.act = 'dying';
        playDeath(this.anim!);
    }

    /** Dies within `ms` from `now` unless already dying. */
    dieWithin(now: number, ms: number): void {
        this.diesAt = Math.min(this.diesAt, now + ms);
    }

    private think(now: number): void {
        const r = Math.random();
        const act: Act = r < 0.5 ? 'walk' : r < 0.68 ? 'run' : r < 0.82 ? 'idle' : 'attack';
        this.anim!.crossFade(act, MIX); // no rewind when it is already playing, as in Unity
        this.act = act;
        if (act === 'walk' || act === 'run') {
            const speed = SPEED[act];
            // Mostly sideways, the way side-view characters read best.
            const angle = between(-0.35, 0.35) + (Math.random() < 0.5 ? Math.PI : 0);
            this.vx = Math.cos(angle) * speed;
            this.vy = Math.sin(angle) * speed;
            this.face();
            this.nextThink = now + between(2000, 6000);
        } else {
            this.vx = this.vy = 0;
            // Attack: one to three swings (0.6 s each), each firing the `hit` event.
            this.nextThink = now + (act === 'attack' ? 600 * (1 + Math.floor(Math.random() * 3)) : between(1000, 3000));
        }
    }

    /**
     * The characters are drawn facing right; mirror them when moving left. The skeleton is
     * flipped rather than the game object: spine-phaser's Canvas renderer draws game objects
     * with a negative scale upside down. It shows from the next time the pool poses it.
     */
    private face(): void {
        if (this.vx !== 0) this.go.skeleton.scaleX = this.vx < 0 ? -1 : 1;
    }
}
