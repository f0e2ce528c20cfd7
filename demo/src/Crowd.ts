import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { SpinePoolPlugin } from 'phaser-spine-pool';
import { Character, type CharacterOwner } from './Character';
import { leakyListener } from './leakyListener';
import { between } from './random';
import { WORLD_HEIGHT, WORLD_WIDTH } from './settings';
import { KINDS, pickKind, SKINS } from './skeletons';

/** A new wave tops the crowd up this often, ms. */
const WAVE_INTERVAL = 1500;
/** At most this many characters per wave, so refills read as groups arriving. */
const WAVE_SIZE = 120;
/** Lifetimes, ms: long enough to watch someone walk, short enough that the pool churns. */
const LIFETIME = [15000, 60000] as const;
/** The leaky wave dies quickly, so its warnings show within seconds. */
const LEAKY_LIFETIME = [2000, 5000] as const;
/** Characters told to die per frame when the target drops: no frame hitch on a big cut. */
const KILLS_PER_FRAME = 40;
/** What a character plays: its acts (Character.ts) and its death. Sampled ahead while the demo loads. */
const ANIMATIONS = ['idle', 'walk', 'run', 'attack', 'die'];
/**
 * The warm-up's pace (`prewarm`'s `perFrame`: about 4 poses sampled a frame each, per kind and
 * skin): nothing else runs meanwhile, so a loading frame may sample a few hundred poses.
 */
const WARM_UP_PER_FRAME = 64;

/** Spine events counted over the whole run, by name. */
export interface EventCounts {
    footstep: number;
    hit: number;
    fall: number;
}

/**
 * The population: spawns from the plugin's pools, lets each character live, die and be
 * despawned, and sends waves to keep `target` characters on the field.
 */
export class Crowd implements CharacterOwner {
    /** Spawned characters, dying ones included (they are still active in the pool). */
    readonly members: Character[] = [];
    readonly events: EventCounts = { footstep: 0, hit: 0, fall: 0 };
    /** Waves sent so far (the first fill counts as one). */
    waves = 0;
    private nextWave = 0;
    private readonly characters = new WeakMap<SpineGameObject, Character>();

    constructor(
        readonly pool: SpinePoolPlugin,
        public target: number,
    ) {}

    /**
     * Builds the instances a full crowd needs up front, so the first fill builds nothing, and has
     * the pose cache sample every animation they play, per kind and skin, over the next frames:
     * resolves once the crowd can be served from its first frame (else a big crowd waits for its
     * samples a few a frame, each frame slowed by the poses made in full meanwhile): true, or false
     * when the scene shut down first. `onProgress(done, total)`: (kind, skin) pairs sampled so far.
     */
    prewarm(onProgress: (done: number, total: number) => void): Promise<boolean> {
        const warming: Promise<boolean>[] = [];
        const total = KINDS.length * SKINS.length;
        let done = 0;
        for (const kind of KINDS) {
            this.pool.prewarm(kind.dataKey, kind.atlasKey, Math.ceil(this.target * kind.weight));
            for (const skin of SKINS) {
                const sampled = this.pool.prewarm(kind.dataKey, kind.atlasKey, 0, {
                    animations: ANIMATIONS,
                    skin,
                    mirrored: true,
                    perFrame: WARM_UP_PER_FRAME,
                });
                warming.push(
                    sampled.then((result) => {
                        onProgress(++done, total);
                        return !result.cancelled;
                    }),
                );
            }
        }
        onProgress(0, total);
        return Promise.all(warming).then((finished) => finished.every(Boolean));
    }

    /** Spreads the whole target over the world at once. */
    fill(now: number): void {
        for (let i = this.members.length; i < this.target; i++) {
            this.spawn(now, between(100, WORLD_WIDTH - 100), between(200, WORLD_HEIGHT - 100), between(LIFETIME[0], LIFETIME[1]));
        }
        this.waves++;
        this.nextWave = now + WAVE_INTERVAL;
    }

    /** One frame: behaviour of every member, surplus deaths, the next wave when due. */
    update(now: number, deltaMs: number): void {
        const dt = deltaMs / 1000;
        const members = this.members;
        let living = 0;
        for (let i = 0; i < members.length; i++) {
            const member = members[i]!;
            member.step(now, dt);
            if (member.act !== 'dying') living++;
        }

        // The target dropped: the newest go first.
        let surplus = Math.min(living - this.target, KILLS_PER_FRAME);
        for (let i = members.length - 1; surplus > 0 && i >= 0; i--) {
            const member = members[i]!;
            if (member.act !== 'dying') {
                member.die();
                surplus--;
            }
        }
        if (now >= this.nextWave) {
            this.nextWave = now + WAVE_INTERVAL;
            const missing = Math.min(this.target - members.length, WAVE_SIZE);
            if (missing > 0) this.wave(now, missing, between(400, WORLD_WIDTH - 400), between(400, WORLD_HEIGHT - 300), false);
        }
    }

    /** A group of `count` arriving around (x, y); `leaky` ones carry a listener nobody removes. */
    wave(now: number, count: number, x: number, y: number, leaky: boolean): void {
        const radius = 120 + Math.sqrt(count) * 45;
        const [minLife, maxLife] = leaky ? LEAKY_LIFETIME : LIFETIME;
        for (let i = 0; i < count; i++) {
            const angle = Math.random() * Math.PI * 2;
            const r = Math.sqrt(Math.random()) * radius;
            const cx = Math.min(Math.max(x + Math.cos(angle) * r, 100), WORLD_WIDTH - 100);
            const cy = Math.min(Math.max(y + Math.sin(angle) * r * 0.6, 200), WORLD_HEIGHT - 100);
            const character = this.spawn(now, cx, cy, between(minLife, maxLife));
            // The bug on display: added here and never removed. The plugin cleans it up on
            // despawn and, in dev mode, warns naming it and where it was added.
            if (leaky) character.go.animationState.addListener(leakyListener);
        }
        this.waves++;
    }

    /** Tells a share of the living to die (their queued death plays, then they are despawned). */
    killShare(now: number, share: number): void {
        for (const member of this.members) {
            if (member.act !== 'dying' && Math.random() < share) member.dieWithin(now, Math.random() * 1500);
        }
    }

    onSpineEvent(name: string): void {
        if (name === 'footstep' || name === 'hit' || name === 'fall') this.events[name]++;
    }

    /** From the `die` entry's `complete` callback, inside the plugin's update pass: safe to despawn. */
    onDeathEnd(character: Character): void {
        this.remove(character);
        character.end();
        this.pool.despawn(character.go);
    }

    private spawn(now: number, x: number, y: number, lifetime: number): Character {
        const kind = pickKind(Math.random());
        const skin = SKINS[Math.floor(Math.random() * SKINS.length)]!;
        const go = this.pool.spawn(x, y, kind.dataKey, kind.atlasKey, { animation: 'idle', skin, depth: y });
        let character = this.characters.get(go);
        if (!character) {
            character = new Character(go, this);
            this.characters.set(go, character);
        }
        character.begin(now, lifetime);
        character.index = this.members.length;
        this.members.push(character);
        return character;
    }

    /** Swap-remove: O(1), order does not matter (depth decides drawing order). */
    private remove(character: Character): void {
        const members = this.members;
        const last = members.pop()!;
        if (last !== character) {
            members[character.index] = last;
            last.index = character.index;
        }
        character.index = -1;
    }
}
