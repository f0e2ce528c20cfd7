import { PoolError } from '../../src/errors';
import { WRAP_MODES, type WrapMode } from './modes';
import type { Animation, TrackEntry } from '../core/shapes';

/** @internal Settings a state is created with (queued duplicates copy their original's). */
export interface StateSettings {
    layer: number;
    speed: number;
    wrapMode: WrapMode;
}

/** @internal What a state asks of the helper that owns it. */
export interface StateOwner {
    /** Whether `entry` is the current entry of its track. */
    isCurrent(entry: TrackEntry): boolean;
    /** The weight was set by hand: a running blend of that state stops. */
    weightSet(state: LegacyState): void;
    /** Brings the instance up to date before a change, so the change counts from now (see LegacyHost.catchUp). */
    catchUp(): void;
}

/**
 * Unity's AnimationState for one animation of one instance: its playback settings and, while it
 * plays, the Spine TrackEntry behind it. `legacy(go).state(name)` is the animation's own state;
 * `crossFadeQueued` / `playQueued` return a duplicate bound to the queued play only.
 *
 * Times are in seconds, like Unity and Spine (Phaser's are in ms). Setters throw a
 * {@link PoolError} for a value out of range.
 *
 * @hideconstructor
 * @example
 * ```ts
 * const walk = this.spinePool.legacy(go).state('walk');
 * walk.wrapMode = 'Loop';
 * walk.speed = 0.5;     // half speed
 * walk.time = 0.25;     // seek to 0.25 s (no events fired in between)
 * ```
 */
export class LegacyState {
    private _layer: number;
    private _speed: number;
    private _wrapMode: WrapMode;
    /**
     * The spine-core `TrackEntry` playing this state, or null (not started, or replaced and
     * disposed). Typed with the fields the helper uses.
     */
    entry: TrackEntry | null = null;

    /** @internal Made by the helper (`state(name)`, `crossFadeQueued`). */
    constructor(
        private readonly owner: StateOwner,
        /** The animation name (queued duplicates: the same name). */
        readonly name: string,
        /** The spine-core `Animation` this state plays (`name`, `duration` in seconds). */
        readonly animation: Animation,
        settings: StateSettings,
        /** True for the duplicate returned by `crossFadeQueued` / `playQueued`. */
        readonly queued: boolean,
    ) {
        this._layer = settings.layer;
        this._speed = settings.speed;
        this._wrapMode = settings.wrapMode;
    }

    /** Layer = Spine track index. Applies from the next play of this state. @default 0 */
    get layer(): number {
        return this._layer;
    }
    /** Sets the layer: an integer >= 0, else it throws. */
    set layer(value: number) {
        if (!Number.isInteger(value) || value < 0)
            throw new PoolError(`state('${this.name}').layer must be an integer >= 0 (a Spine track index); got ${value}.`);
        this._layer = value;
    }

    /** Playback speed (the TrackEntry's timeScale); applies at once to a playing state. @default 1 */
    get speed(): number {
        return this._speed;
    }
    /** Sets the speed: a finite number >= 0 (0 freezes it), else it throws. */
    set speed(value: number) {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
            throw new PoolError(`state('${this.name}').speed must be a finite number >= 0; got ${value}.`);
        }
        this._speed = value;
        if (this.entry) {
            this.owner.catchUp(); // the new speed counts from now, not from the last update
            this.entry.timeScale = value;
        }
    }

    /** What happens at the end; applies from the next play. @default the helper's `wrapMode` */
    get wrapMode(): WrapMode {
        return this._wrapMode;
    }
    /** Sets the wrap mode: `'Loop'`, `'Once'` or `'ClampForever'`, else it throws. */
    set wrapMode(value: WrapMode) {
        if (!WRAP_MODES.includes(value)) {
            throw new PoolError(`state('${this.name}').wrapMode must be one of ${WRAP_MODES.map((m) => `'${m}'`).join(', ')}; got ${JSON.stringify(value)}.`);
        }
        this._wrapMode = value;
    }

    /** Blend weight, 0..1 (the TrackEntry's alpha); 0 when not playing. Setting it cancels a `blend`. */
    get weight(): number {
        return this.entry ? this.entry.alpha : 0;
    }
    /** Sets the weight at once: 0..1, else it throws; cancels a running `blend` of this state. */
    set weight(value: number) {
        if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new PoolError(`state('${this.name}').weight must be from 0 to 1; got ${value}.`);
        if (this.entry) this.entry.alpha = value;
        this.owner.weightSet(this);
    }

    /**
     * Seconds since this play started (track time; keeps growing over loops). Setting it seeks
     * without firing the Spine events in between. 0 when not playing.
     */
    get time(): number {
        return this.entry ? Math.max(0, this.entry.trackTime) : 0;
    }
    /** Seeks to `value` seconds (>= 0, else it throws) without firing the Spine events skipped; ignored when not playing. */
    set time(value: number) {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
            throw new PoolError(`state('${this.name}').time must be a finite number >= 0; got ${value}.`);
        const entry = this.entry;
        if (!entry) return;
        this.owner.catchUp(); // time owed since the last update is not added after the seek
        entry.trackTime = value;
        // Seeking: the next apply starts from here, so the skipped events are not fired.
        entry.nextTrackLast = value;
        entry.nextAnimationLast = entry.getAnimationTime();
    }

    /** Length of the animation, seconds. */
    get length(): number {
        return this.animation.duration;
    }

    /** Whether this state is playing: started, current on its layer, and not ended (Once). */
    get isPlaying(): boolean {
        return this.playingEntry(this.entry);
    }

    /** @internal Whether `entry` (bound to this state) is playing under this state's wrap mode. */
    playingEntry(entry: TrackEntry | null): boolean {
        if (!entry || !this.owner.isCurrent(entry)) return false;
        if (this._wrapMode !== 'Once') return true;
        const duration = entry.animationEnd - entry.animationStart;
        return entry.trackTime < duration;
    }
}
