import { PoolError } from '../../src/errors';
import type { StateListener } from '../../src/StateListeners';
import { LegacyState } from './LegacyState';
import { PLAY_MODES, PlayMode, QUEUE_MODES, QueueMode, WRAP_MODES, WrapMode } from './modes';
import { EMPTY_ANIMATION, type AnimationState, type TrackEntry } from '../core/shapes';
import type { SpineVersion } from '../core/SpineVersion';

/** What the helper needs from the plugin. */
export interface LegacyHost {
    /**
     * Brings the instance up to date: the time owed since its last update (an instance updated
     * every k frames, or asleep off screen) passes now, so what the helper starts next starts now.
     */
    catchUp(): void;
    /** Adds a listener of the plugin's own (not a leak, removed on despawn). */
    listen(listener: StateListener): void;
    /** Something was queued or blended: the instance must be updated from the next frame on. */
    changed(): void;
    /** How the game gets an instance's helper, for messages (e.g. `this.spinePool.legacy(go)`). */
    readonly source: string;
    /** The skeleton's name for messages: its data key (Spine's own name is usually empty). */
    readonly skeletonName: string;
}

interface Queued {
    state: LegacyState;
    fade: number;
    mode: PlayMode;
    /** What it follows, when an update was split at that one's end for it (no fade): it starts once that end is passed. */
    ends: TrackEntry | null;
}

/**
 * Game seconds past the end of what a queued play with no fade follows at which it starts (a
 * microsecond): that end is then applied, so it completes, whatever the rounding of its time.
 */
const END_HAIR = 1e-6;

interface Ramp {
    state: LegacyState;
    from: number;
    to: number;
    duration: number;
    /** Seconds of the ramp done at the end of the last update (negative: starts mid-update). */
    elapsed: number;
}

/**
 * A Unity-Legacy-style animation helper on the Spine tracks of one pooled instance:
 * layers are track indices; `play`, `crossFade`, `crossFadeQueued`, `playQueued`, `blend`,
 * `stop`, `isPlaying`, `state(name)` with Unity's names and defaults. Times are in seconds.
 *
 * Exact timing at any level of detail: an instance updated every k frames gets k frames of time
 * at once. The helper runs just before each of its updates (`beforeUpdate`) and starts what falls
 * inside that update at its exact moment: the new entry gets a Spine `delay` equal to the lead
 * (and its mix time starts that much behind), so after the update it is exactly as far into its
 * animation and its fade as if it had been started on time. Calls made between two updates first
 * bring the instance up to date (`LegacyHost.catchUp`), so they start at the moment of the call.
 *
 * Differences from Unity: Spine plays one animation per track (plus the ones fading out), so a
 * layer holds one state at a time; behind a looping animation a CompleteOthers queue starts at the
 * end of its current loop (Spine's rule; Unity would wait forever); `stop` mixes the layer out to
 * what lower layers / the setup pose say (Spine's empty animation).
 *
 * Get it with {@link SpinePoolPlugin.legacy}; it is released on despawn.
 *
 * @hideconstructor
 * @example
 * ```ts
 * const anim = this.spinePool.legacy(enemy);
 * anim.state('walk').wrapMode = 'Loop';
 * anim.state('wave').layer = 1;   // a second layer: Spine track 1
 * anim.play('walk');
 * anim.blend('wave', 0.5, 0.3);   // half weight, over 0.3 s
 * anim.crossFade('attack', 0.2);  // fades out layer 0 only
 * ```
 */
export class LegacyAnimation {
    /**
     * Wrap mode of states created from now on (Unity's `Animation.wrapMode`); states made before
     * keep theirs.
     * @default 'Once'
     * @example
     * ```ts
     * const anim = this.spinePool.legacy(go);
     * anim.wrapMode = 'Loop'; // every state created after this loops
     * anim.play('idle');
     * ```
     */
    wrapMode: WrapMode = WrapMode.Once;
    private readonly states = new Map<string, LegacyState>();
    private readonly bound = new Map<TrackEntry, LegacyState>();
    private readonly queue: Queued[] = [];
    private readonly ramps: Ramp[] = [];
    /** Per-layer marks for one queue pass (reused: no allocation per update). */
    private readonly blockedLayers: number[] = [];
    /** Layers where a play started in the current queue pass, marked with the pass number. */
    private readonly startedLayers: number[] = [];
    private pass = 0;
    private released = false;

    /** @internal Made by the pool for an instance (`this.spinePool.legacy(go)`). */
    constructor(
        private readonly spine: AnimationState,
        private readonly version: SpineVersion,
        private readonly host: LegacyHost,
    ) {
        host.listen({ dispose: (entry) => this.unbind(entry as TrackEntry) });
    }

    /** @internal Whether `beforeUpdate` has work (queued starts or blends): the plugin skips it otherwise. */
    get pending(): boolean {
        return this.queue.length > 0 || this.ramps.length > 0;
    }

    /**
     * Plays `name` at once, without a fade. If it is already playing it is not rewound (as in
     * Unity); `mode` still stops the others. An unknown name throws a {@link PoolError} naming the
     * skeleton's animations (Unity returns false instead).
     * @param name animation name
     * @param mode which animations stop; default `'StopSameLayer'`
     * @returns true
     * @example
     * ```ts
     * this.spinePool.legacy(go).play('idle', 'StopAll');
     * ```
     */
    play(name: string, mode: PlayMode = PlayMode.StopSameLayer): boolean {
        this.crossFadeNow(this.state(name), 0, this.playMode(mode, 'play'));
        return true;
    }

    /**
     * Fades `name` in over `fadeLength` seconds, fading out the same layer (or all layers).
     * @param name animation name
     * @param fadeLength fade duration, seconds (not ms); default 0.3
     * @param mode `'StopSameLayer'` (default) or `'StopAll'`, which mixes the other layers out too
     * @example
     * ```ts
     * this.spinePool.legacy(go).crossFade('run', 0.15);
     * ```
     */
    crossFade(name: string, fadeLength = 0.3, mode: PlayMode = PlayMode.StopSameLayer): void {
        this.crossFadeNow(this.state(name), this.fade(fadeLength, 'crossFade'), this.playMode(mode, 'crossFade'));
    }

    /**
     * Queues a cross-fade to `name` on a duplicate of its state and returns that duplicate.
     * `'CompleteOthers'`: starts when the animations playing on its layer (every layer for
     * `'StopAll'`) have at most `fadeLength` left, so the fade ends as they end; behind a looping
     * animation, at the end of its current loop (Spine's rule; Unity would wait forever).
     * `'PlayNow'`: at once. The same animation can be queued behind itself. Start times stay
     * exact whatever the instance's update interval.
     * @param name animation name
     * @param fadeLength fade duration, seconds; default 0.3
     * @param queue `'CompleteOthers'` (default) or `'PlayNow'`
     * @param mode `'StopSameLayer'` (default) or `'StopAll'`
     * @returns the duplicated state of this queued play (its own `speed`, `weight`, `time`...)
     * @example
     * ```ts
     * const death = this.spinePool.legacy(enemy).crossFadeQueued('die', 0.2, 'CompleteOthers', 'StopAll');
     * death.speed = 1.5;
     * ```
     */
    crossFadeQueued(name: string, fadeLength = 0.3, queue: QueueMode = QueueMode.CompleteOthers, mode: PlayMode = PlayMode.StopSameLayer): LegacyState {
        const fade = this.fade(fadeLength, 'crossFadeQueued');
        const playMode = this.playMode(mode, 'crossFadeQueued');
        if (!QUEUE_MODES.includes(queue)) {
            throw new PoolError(`crossFadeQueued(): queue must be one of ${QUEUE_MODES.map((m) => `'${m}'`).join(', ')}; got ${JSON.stringify(queue)}.`);
        }
        const original = this.state(name);
        const duplicate = new LegacyState(this, name, original.animation, original, true);
        this.host.catchUp();
        if (queue === QueueMode.PlayNow) this.start(duplicate, fade, playMode, 0);
        else this.queue.push({ state: duplicate, fade, mode: playMode, ends: null });
        this.host.changed();
        return duplicate;
    }

    /**
     * {@link crossFadeQueued} without a fade: `name` starts when the others complete (or at once),
     * a microsecond after their end, so they complete and fire their events up to their end first,
     * as behind Spine's own queue (`addAnimation`).
     * @param name animation name
     * @param queue `'CompleteOthers'` (default) or `'PlayNow'`
     * @param mode `'StopSameLayer'` (default) or `'StopAll'`
     * @returns the duplicated state of this queued play
     * @example
     * ```ts
     * const anim = this.spinePool.legacy(go);
     * anim.play('attack');
     * anim.playQueued('idle'); // right after attack ends
     * ```
     */
    playQueued(name: string, queue: QueueMode = QueueMode.CompleteOthers, mode: PlayMode = PlayMode.StopSameLayer): LegacyState {
        return this.crossFadeQueued(name, 0, queue, mode);
    }

    /**
     * Moves the weight of `name`'s layer (the playing entry's alpha) to `targetWeight` over
     * `fadeLength` seconds, without touching other layers. Starts `name` on its layer at weight 0
     * first if it is not playing there.
     * @param name animation name
     * @param targetWeight weight to reach, 0..1; default 1
     * @param fadeLength seconds to get there; default 0.3 (0: at once)
     * @example
     * ```ts
     * const anim = this.spinePool.legacy(go);
     * anim.state('aim').layer = 1;
     * anim.blend('aim', 0.7, 0.25); // aim on top of the walk, at 70 %, over 0.25 s
     * ```
     */
    blend(name: string, targetWeight = 1, fadeLength = 0.3): void {
        const state = this.state(name);
        if (typeof targetWeight !== 'number' || !(targetWeight >= 0 && targetWeight <= 1)) {
            throw new PoolError(`blend(): targetWeight must be from 0 to 1; got ${targetWeight}.`);
        }
        const fade = this.fade(fadeLength, 'blend');
        this.host.catchUp();
        if (!state.entry || !this.isCurrent(state.entry)) {
            this.start(state, 0, PlayMode.StopSameLayer, 0);
            state.entry!.alpha = 0;
        }
        this.dropRamp(state);
        if (fade === 0) {
            state.entry!.alpha = targetWeight;
            return;
        }
        this.ramps.push({ state, from: state.entry!.alpha, to: targetWeight, duration: fade, elapsed: 0 });
        this.host.changed();
    }

    /**
     * Stops `name` (or everything): its layer mixes out to lower layers / the setup pose at once,
     * and its queued plays are dropped.
     * @param name animation name; without it, every animation and every queued play
     * @example
     * ```ts
     * this.spinePool.legacy(go).stop('wave'); // layer 1 off, the walk on layer 0 goes on
     * ```
     */
    stop(name?: string): void {
        const spine = this.spine;
        this.host.catchUp();
        for (let i = this.queue.length - 1; i >= 0; i--) if (name === undefined || this.queue[i].state.name === name) this.queue.splice(i, 1);
        for (let i = this.ramps.length - 1; i >= 0; i--) if (name === undefined || this.ramps[i].state.name === name) this.ramps.splice(i, 1);
        if (name !== undefined) this.state(name); // unknown names throw
        for (let i = 0; i < spine.tracks.length; i++) {
            const current = spine.tracks[i];
            if (!current || !current.animation || current.animation.name === EMPTY_ANIMATION) continue;
            if (name === undefined || current.animation.name === name) spine.setEmptyAnimation(i, 0);
        }
    }

    /**
     * Whether `name` (or anything) is playing: current on a layer and, for Once, not ended. Queued
     * plays count once they start.
     * @param name animation name; without it, whether any animation plays
     * @example
     * ```ts
     * if (!this.spinePool.legacy(go).isPlaying('attack')) this.spinePool.legacy(go).crossFade('attack', 0.1);
     * ```
     */
    isPlaying(name?: string): boolean {
        if (name !== undefined) this.state(name); // unknown names throw
        const tracks = this.spine.tracks;
        for (let i = 0; i < tracks.length; i++) {
            const current = tracks[i];
            if (!current || !current.animation || current.animation.name === EMPTY_ANIMATION) continue;
            if (name !== undefined && current.animation.name !== name) continue;
            const state = this.bound.get(current);
            if (state ? state.playingEntry(current) : current.loop || current.trackTime < current.animationEnd - current.animationStart) return true;
        }
        return false;
    }

    /**
     * The state of `name` (Unity's `animation[name]`): created on first use with layer 0, speed 1
     * and the helper's `wrapMode`, the same object afterwards. An unknown name throws a
     * {@link PoolError} naming the skeleton's animations.
     * @param name animation name
     * @example
     * ```ts
     * const run = this.spinePool.legacy(go).state('run');
     * run.speed = 1.25;
     * console.log(run.length); // seconds
     * ```
     */
    state(name: string): LegacyState {
        this.checkAlive();
        let state = this.states.get(name);
        if (!state) {
            const animation = typeof name === 'string' ? this.spine.data.skeletonData.findAnimation(name) : null;
            if (!animation) {
                const data = this.spine.data.skeletonData;
                throw new PoolError(
                    `legacy: animation ${JSON.stringify(name)} is not in skeleton ${JSON.stringify(this.host.skeletonName)}. ` +
                        `Animations: ${data.animations.map((a) => a.name).join(', ')}.`,
                );
            }
            if (!WRAP_MODES.includes(this.wrapMode))
                throw new PoolError(`legacy: wrapMode must be one of ${WRAP_MODES.join(', ')}; got ${JSON.stringify(this.wrapMode)}.`);
            state = new LegacyState(this, name, animation, { layer: 0, speed: 1, wrapMode: this.wrapMode }, false);
            this.states.set(name, state);
        }
        return state;
    }

    /**
     * @internal
     * Called by the plugin just before the instance is updated by `dt` seconds of game time:
     * starts the queued plays that fall inside this update, at their exact moment, and moves blends.
     * At most one play starts per layer (per all layers for StopAll) in one call: one that would
     * start after another in the same update (Spine 4.2's setAnimation drops a current entry that
     * was never applied) makes the call return when it is due, and the plugin updates the instance
     * up to that moment (events only) and calls again with the rest of the update.
     * @returns seconds into this update at which the next call must happen, or Infinity
     */
    beforeUpdate(dt: number): number {
        const split = this.queue.length > 0 ? this.startDueQueued(dt) : Infinity;
        const step = split < dt ? split : dt;
        const ramps = this.ramps;
        for (let i = ramps.length - 1; i >= 0; i--) {
            const ramp = ramps[i];
            const entry = ramp.state.entry;
            if (!entry) {
                ramps.splice(i, 1);
                continue;
            }
            ramp.elapsed += step;
            const t = Math.min(1, Math.max(0, ramp.elapsed / ramp.duration));
            entry.alpha = ramp.from + (ramp.to - ramp.from) * t;
            if (t >= 1) ramps.splice(i, 1);
        }
        return split;
    }

    /** @internal The instance was despawned: drops everything; the object must not be used again. */
    release(): void {
        this.queue.length = 0;
        this.ramps.length = 0;
        for (const state of this.bound.values()) state.entry = null;
        this.bound.clear();
        this.states.clear();
        this.released = true;
    }

    /** @internal StateOwner */
    isCurrent(entry: TrackEntry): boolean {
        return this.spine.tracks[entry.trackIndex] === entry;
    }

    /** @internal StateOwner */
    weightSet(state: LegacyState): void {
        this.dropRamp(state);
    }

    /** @internal StateOwner */
    catchUp(): void {
        this.host.catchUp();
    }

    private crossFadeNow(state: LegacyState, fade: number, mode: PlayMode): void {
        this.host.catchUp();
        const current = this.spine.tracks[state.layer];
        if (current && state.entry === current && state.playingEntry(current)) {
            // Already playing: Unity does not rewind it; the mode still applies to the others.
            if (mode === PlayMode.StopAll) this.fadeOutOthers(state.layer, fade, 0);
            return;
        }
        this.start(state, fade, mode, 0);
    }

    /**
     * Sets `state` playing on its layer, `lead` seconds of game time into the update being made
     * (a queued start falling inside it): the entry waits `lead` (Spine delay) and its mix starts
     * that much behind, so after the update it is as far in as if it had started on time.
     */
    private start(state: LegacyState, fade: number, mode: PlayMode, lead: number): void {
        const entry = this.version.setAnimation(this.spine, state.layer, state.animation, state.wrapMode === WrapMode.Loop);
        entry.mixDuration = fade;
        entry.timeScale = state.speed;
        this.delay(entry, lead);
        if (state.entry) this.bound.delete(state.entry);
        state.entry = entry;
        this.bound.set(entry, state);
        this.dropRamp(state);
        if (mode === PlayMode.StopAll) this.fadeOutOthers(state.layer, fade, lead);
    }

    private fadeOutOthers(layer: number, fade: number, lead: number): void {
        const spine = this.spine;
        for (let i = 0; i < spine.tracks.length; i++) {
            const current = spine.tracks[i];
            if (i === layer || !current || !current.animation || current.animation.name === EMPTY_ANIMATION) continue;
            this.delay(spine.setEmptyAnimation(i, fade), lead);
        }
    }

    /** Makes `entry` start `lead` game seconds into the coming update (a negative lead: that long ago). */
    private delay(entry: TrackEntry, lead: number): void {
        if (lead === 0) return;
        const scale = this.spine.timeScale;
        // Spine counts delay and track time in the entry's track time, mix time in the state's scaled time.
        if (lead > 0) entry.delay = lead * scale * entry.timeScale;
        else entry.trackTime = -lead * scale * entry.timeScale;
        entry.mixTime = -lead * scale;
    }

    /**
     * Starts, in queue order, the queued plays whose moment falls within the next `dt` seconds, at
     * most one per layer. Returns when the first play held back behind one started here is due
     * (seconds from now), or Infinity.
     */
    private startDueQueued(dt: number): number {
        const queue = this.queue;
        const blocked = this.blockedLayers;
        const started = this.startedLayers;
        const pass = ++this.pass;
        let allBlocked = false;
        let allStarted = false;
        let split = Infinity;
        for (let i = 0; i < queue.length;) {
            const item = queue[i];
            const layer = item.state.layer;
            const stopAll = item.mode === PlayMode.StopAll;
            // Plays queued earlier go first: on the same layer, or on any layer for StopAll.
            if (allBlocked || (stopAll && i > 0) || blocked[layer] === pass) {
                if (stopAll) allBlocked = true;
                blocked[layer] = pass;
                i++;
                continue;
            }
            // Just past the end an update was split at for it: due that long ago (see below).
            const past = item.ends !== null ? this.pastEnd(item.ends) : -1;
            item.ends = null;
            let lead: number;
            let followed: TrackEntry | null = null;
            if (past >= 0 && past <= 2 * END_HAIR) lead = -past;
            else {
                followed = stopAll ? this.longestOnAllLayers() : (this.spine.tracks[layer] ?? null);
                const remaining = this.remaining(followed);
                // The fade is a Spine mix, counted in the state's scaled time: fade / timeScale game seconds.
                const scale = this.spine.timeScale;
                lead = Math.max(0, remaining - (scale > 0 ? item.fade / scale : 0));
            }
            const behindStart = allStarted || started[layer] === pass || (stopAll && started.includes(pass));
            if (followed !== null && lead > 0 && item.fade === 0 && lead <= dt) {
                // No fade: what it follows plays to its end first, so its complete and its events up
                // to its end fire (a play started with no mix drops its predecessor's, which Spine's
                // own queue fires): the update is split a hair past that end, and it starts there,
                // as far in as if started at the end.
                item.ends = followed;
                const end = lead + END_HAIR;
                if (end < split) split = end;
                if (stopAll) allBlocked = true;
                blocked[layer] = pass;
                i++;
            } else if (lead <= dt && !behindStart) {
                queue.splice(i, 1);
                this.start(item.state, item.fade, item.mode, lead);
                started[layer] = pass;
                if (stopAll) allStarted = true;
            } else {
                if (lead <= dt && lead < split) split = lead; // due in this update, after a start made in it
                if (stopAll) allBlocked = true;
                blocked[layer] = pass;
                i++;
            }
        }
        return split;
    }

    /** The entry of every layer with the most `remaining` (null: nothing plays). */
    private longestOnAllLayers(): TrackEntry | null {
        let max = 0;
        let longest: TrackEntry | null = null;
        const tracks = this.spine.tracks;
        for (let i = 0; i < tracks.length; i++) {
            const left = this.remaining(tracks[i]);
            if (left > max || longest === null) {
                max = left;
                longest = tracks[i];
            }
        }
        return longest;
    }

    /**
     * Game seconds since `entry` last reached what `remaining` counts to (its end, its loop's, its
     * fade's), or -1 when it is no longer current or has not.
     */
    private pastEnd(entry: TrackEntry): number {
        if (!entry.animation || this.spine.tracks[entry.trackIndex] !== entry) return -1;
        const scale = this.spine.timeScale;
        if (entry.animation.name === EMPTY_ANIMATION) return scale > 0 && entry.mixTime >= entry.mixDuration ? (entry.mixTime - entry.mixDuration) / scale : -1;
        const rate = entry.timeScale * scale;
        const duration = entry.animationEnd - entry.animationStart;
        if (rate <= 0 || duration <= 0) return -1;
        const over = entry.loop ? entry.trackTime % duration : entry.trackTime - duration;
        return over >= 0 ? over / rate : -1;
    }

    /**
     * Seconds of game time until `entry` stops counting as playing: its end, the end of its current
     * loop when it loops (Spine's rule), or the end of its fade when it is an empty animation
     * mixing a layer out.
     */
    private remaining(entry: TrackEntry | null): number {
        if (!entry || !entry.animation) return 0;
        const scale = this.spine.timeScale;
        if (entry.animation.name === EMPTY_ANIMATION) {
            return entry.mixingFrom && scale > 0 ? Math.max(0, entry.mixDuration - entry.mixTime) / scale : 0;
        }
        const rate = entry.timeScale * scale;
        if (rate <= 0) return Infinity;
        const duration = entry.animationEnd - entry.animationStart;
        let complete = 0;
        if (duration > 0) complete = entry.loop ? duration * (1 + Math.floor(Math.max(0, entry.trackTime) / duration)) : duration;
        return (Math.max(0, complete - entry.trackTime) + Math.max(0, entry.delay)) / rate;
    }

    private unbind(entry: TrackEntry): void {
        const state = this.bound.get(entry);
        if (!state) return;
        this.bound.delete(entry);
        if (state.entry === entry) state.entry = null;
    }

    private dropRamp(state: LegacyState): void {
        for (let i = this.ramps.length - 1; i >= 0; i--) if (this.ramps[i].state === state) this.ramps.splice(i, 1);
    }

    private fade(value: number, caller: string): number {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
            throw new PoolError(`${caller}(): fadeLength must be a finite number of seconds >= 0; got ${value}.`);
        }
        return value;
    }

    private playMode(mode: PlayMode, caller: string): PlayMode {
        if (!PLAY_MODES.includes(mode)) {
            throw new PoolError(`${caller}(): mode must be one of ${PLAY_MODES.map((m) => `'${m}'`).join(', ')}; got ${JSON.stringify(mode)}.`);
        }
        return mode;
    }

    private checkAlive(): void {
        if (this.released) throw new PoolError(`legacy: this helper belongs to an instance that was despawned. Call ${this.host.source} again after spawning.`);
    }
}
