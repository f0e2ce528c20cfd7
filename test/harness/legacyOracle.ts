/**
 * The Legacy helper's oracle: what its documentation says a call does, made on a stock twin with
 * raw spine-core calls (`setAnimation`, `setEmptyAnimation`, a track entry's `mixDuration`,
 * `timeScale`, `alpha`, `delay`, `mixTime`), the moments worked out here from the docs. It never
 * calls or copies spine/legacy/LegacyAnimation.ts, so a helper that starts something at another
 * moment, or fades over another length, than its docs say differs from the twin in the
 * differential suites (test/harness/differential.ts, `TwinPair.legacy`).
 *
 * The rules, each with where it is documented (DESIGN.md = /work/shared/DESIGN.md, its
 * "Legacy-style helper" paragraph; GUIDE = docs/legacy.md, "Legacy-style animation helper"; API = the
 * helper's TSDoc, published in the API docs):
 *
 * 1. Layers are Spine track indices (DESIGN; GUIDE "Layers are Spine track indices"). A state is
 *    made on first use with layer 0, speed 1 and the oracle's `wrapMode`, default 'Once' (GUIDE's
 *    WrapMode row; API `state`); a queued play gets a copy of its state's settings (DESIGN "a handle
 *    to the queued (duplicated) state").
 * 2. `speed` is the entry's `timeScale`, `weight` its `alpha` (GUIDE table: `Blend` row; API).
 * 3. Wrap modes: 'Loop' plays a looping entry; 'Once' and 'ClampForever' a non-looping one, which
 *    Spine holds at its last frame while it stays current: the documented "holds its last frame"
 *    (DESIGN "`Once` holds the last frame"; GUIDE's WrapMode row).
 * 4. `play` sets the animation on its layer at once with no mix; one already playing there (and
 *    for `crossFade` too) is not rewound, the mode still applies (GUIDE: Unity's Play and
 *    CrossFade, no difference listed but the throw; Unity's docs: "will not rewind"; API `play`).
 * 5. `crossFade` sets it with a Spine mix of `fadeLength` (GUIDE: "fades out track 0 only"; API).
 * 6. 'StopAll' mixes every other layer that plays something out to Spine's empty animation over
 *    the same fade, from the same moment (GUIDE's CrossFade row: "StopAll mixes the other tracks
 *    out to Spine's empty animation"; DESIGN "all layers for StopAll").
 * 7. 'CompleteOthers' starts the play when what plays on its layer (on every layer for StopAll)
 *    has at most `fadeLength` left, so the fade ends as it ends (DESIGN; GUIDE). A fade is a Spine
 *    mix, counted in the AnimationState's time (scaled by its `timeScale`), so "left" is counted
 *    there too: the fade ends as they end at any time scale.
 * 8. What plays on a layer ends at its animation's end; a looping one at the end of its current
 *    loop (DESIGN "behind a looping animation it starts at the end of the current loop (Spine's
 *    rule)": Spine's `addAnimation` delay, `getTrackComplete()` - mix duration). A Once animation
 *    that ended, an empty animation or an empty layer has nothing left.
 * 9. Plays queued on one layer start in order, each timed against the one before it once that one
 *    started; the same animation can be queued behind itself (DESIGN; GUIDE).
 * 10. 'PlayNow' is a cross-fade at once; `playQueued` is `crossFadeQueued` with no fade (GUIDE's
 *    PlayQueued row).
 * 11. A start falling between two frames is made in the update that contains it, as if made at
 *    its moment (DESIGN "Start times stay exact whatever the instance's LOD interval"; GUIDE
 *    "Exact timing at any level of detail": "the new track entry waits out the lead (a Spine
 *    `delay`) and its mix starts that much behind"). Spine's own queue (`addAnimation` with a
 *    delay) cannot: it switches in the first update after the apply whose track time passed the
 *    delay (spine-core's `AnimationState.update` compares `trackLast`), a frame late, its mix time
 *    not counting the leftover. A second start on the same layer within one update is made after
 *    the twin was advanced (update and apply, unposed) to its moment (GUIDE: "the instance being
 *    advanced (events only) between them").
 * 12. `blend` moves the playing entry's alpha in a straight line to `targetWeight` over
 *    `fadeLength` (Unity's Blend), counted in the AnimationState's time as a fade is (rule 7); a
 *    name not current on its layer is started there first, with no mix, at weight 0 (GUIDE's
 *    Blend row).
 * 13. A queued play with no fade (`playQueued`, `crossFadeQueued(name, 0)`) starts a microsecond
 *    after what it follows has ended, the twin advanced (update and apply) to that moment first:
 *    what it follows completes and fires its events up to its end, as behind Spine's own queue
 *    (`addAnimation`), where a play started with no mix at the very end would drop them (GUIDE:
 *    "A queued play with no fade"; API `playQueued`).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { PlayMode, QueueMode, WrapMode } from '../../plugin';

type Any = any;

const EMPTY = '<empty>';
/** Rule 13's microsecond. */
const END_HAIR = 1e-6;

/** The settings of one animation (Unity's AnimationState): what a play of it is made with. */
export class OracleState {
    constructor(
        readonly name: string,
        public layer: number,
        public speed: number,
        public wrapMode: WrapMode,
    ) {}
}

interface Waiting {
    state: OracleState;
    fade: number;
    stopAll: boolean;
    /** Rule 13: what it follows ended a microsecond ago. */
    ended?: boolean;
}

interface Ramp {
    entry: Any;
    from: number;
    to: number;
    fade: number;
    /** AnimationState seconds of the ramp done. */
    done: number;
}

export class LegacyOracle {
    wrapMode: WrapMode = 'Once';
    private readonly states = new Map<string, OracleState>();
    /** CompleteOthers plays not started yet, in the order they were queued. */
    private readonly waiting: Waiting[] = [];
    private readonly ramps: Ramp[] = [];

    constructor(private readonly go: SpineGameObject) {
        // The twin's frame (Phaser's preUpdate → updatePose): starts due in it are made first (rule 11).
        const updatePose = go.updatePose.bind(go);
        go.updatePose = (ms: number) => updatePose(this.beforeFrame(ms / 1000) * 1000);
    }

    state(name: string): OracleState {
        let state = this.states.get(name);
        if (!state) {
            if (!this.go.skeleton.data.findAnimation(name)) throw new Error(`the oracle's skeleton has no animation ${name}`);
            state = new OracleState(name, 0, 1, this.wrapMode);
            this.states.set(name, state);
        }
        return state;
    }

    play(name: string, mode: PlayMode = 'StopSameLayer'): void {
        this.now(this.state(name), 0, mode === 'StopAll');
    }

    crossFade(name: string, fadeLength = 0.3, mode: PlayMode = 'StopSameLayer'): void {
        this.now(this.state(name), fadeLength, mode === 'StopAll');
    }

    crossFadeQueued(name: string, fadeLength = 0.3, queue: QueueMode = 'CompleteOthers', mode: PlayMode = 'StopSameLayer'): OracleState {
        const original = this.state(name);
        const copy = new OracleState(name, original.layer, original.speed, original.wrapMode);
        if (queue === 'PlayNow') this.start(copy, fadeLength, mode === 'StopAll', 0);
        else this.waiting.push({ state: copy, fade: fadeLength, stopAll: mode === 'StopAll' });
        return copy;
    }

    playQueued(name: string, queue: QueueMode = 'CompleteOthers', mode: PlayMode = 'StopSameLayer'): OracleState {
        return this.crossFadeQueued(name, 0, queue, mode);
    }

    blend(name: string, targetWeight = 1, fadeLength = 0.3): void {
        const state = this.state(name);
        const tracks = this.go.animationState.tracks as Any[];
        let entry = tracks[state.layer];
        if (entry?.animation?.name !== name) {
            entry = this.start(state, 0, false, 0);
            entry.alpha = 0;
        }
        for (let i = this.ramps.length - 1; i >= 0; i--) if (this.ramps[i].entry === entry) this.ramps.splice(i, 1);
        if (fadeLength === 0) entry.alpha = targetWeight;
        else this.ramps.push({ entry, from: entry.alpha, to: targetWeight, fade: fadeLength, done: 0 });
    }

    /** Rule 4: a play or cross-fade made now; an animation already playing on its layer goes on. */
    private now(state: OracleState, fade: number, stopAll: boolean): void {
        const current = (this.go.animationState.tracks as Any[])[state.layer];
        const playing =
            current?.animation?.name === state.name && (state.wrapMode !== 'Once' || current.trackTime < current.animationEnd - current.animationStart);
        if (!playing) this.start(state, fade, stopAll, 0);
        else if (stopAll) this.emptyOthers(state.layer, fade, 0);
    }

    /** Sets `state` playing on its layer `lead` game seconds from now (within the coming update: rule 11). */
    private start(state: OracleState, fade: number, stopAll: boolean, lead: number): Any {
        const entry = this.go.animationState.setAnimation(state.layer, state.name, state.wrapMode === 'Loop') as Any;
        entry.mixDuration = fade;
        entry.timeScale = state.speed;
        this.behind(entry, lead);
        if (stopAll) this.emptyOthers(state.layer, fade, lead);
        return entry;
    }

    /** Rule 6. */
    private emptyOthers(layer: number, fade: number, lead: number): void {
        const tracks = this.go.animationState.tracks as Any[];
        for (let i = 0; i < tracks.length; i++) {
            if (i === layer || !tracks[i]?.animation || tracks[i].animation.name === EMPTY) continue;
            this.behind(this.go.animationState.setEmptyAnimation(i, fade), lead);
        }
    }

    /** Rule 11: a new entry made `lead` game seconds early waits that long (its delay, in its track time) and its mix starts that far behind (mix time, in the state's time). */
    private behind(entry: Any, lead: number): void {
        if (lead === 0) return;
        const scale = this.go.animationState.timeScale;
        // Rule 13: one started before the update (a negative lead) is that far into its track already.
        if (lead > 0) entry.delay = lead * scale * entry.timeScale;
        else entry.trackTime = -lead * scale * entry.timeScale;
        entry.mixTime = -lead * scale;
    }

    /**
     * Before the twin's update of `dt` game seconds: makes the queued starts due in it, at their
     * moments, and moves the blends. Returns what is left of `dt` for the update itself.
     */
    private beforeFrame(dt: number): number {
        let left = dt;
        // Layers a start was made on in this stretch of the update (-1: a StopAll one, which takes every layer).
        const started = new Set<number>();
        for (;;) {
            const due = this.firstDue();
            if (!due || due.lead > left) break;
            const { item, lead } = due;
            if (item.fade === 0 && lead > 0) {
                // Rule 13: what it follows ends first (applied a microsecond past its end, so it
                // completes); the play starts there, as far in as if started at the end.
                if (lead + END_HAIR > left) break;
                this.advance(lead + END_HAIR);
                left -= lead + END_HAIR;
                started.clear();
                item.ended = true;
                continue;
            }
            if (started.has(-1) || started.has(item.state.layer) || (item.stopAll && started.size > 0)) {
                // Rule 11: after another start on its layer in this update, the twin is advanced to its moment first.
                this.advance(lead);
                left -= lead;
                started.clear();
                continue;
            }
            this.waiting.splice(this.waiting.indexOf(item), 1);
            this.start(item.state, item.fade, item.stopAll, lead);
            started.add(item.stopAll ? -1 : item.state.layer);
        }
        this.moveRamps(left);
        return left;
    }

    /** The first waiting play of each layer (rule 9), the one due soonest (game seconds from now), or null. */
    private firstDue(): { item: Waiting; lead: number } | null {
        let best: { item: Waiting; lead: number } | null = null;
        const seen = new Set<number>();
        for (const item of this.waiting) {
            if (seen.has(item.state.layer)) continue;
            seen.add(item.state.layer);
            const lead = this.leadOf(item);
            if (!best || lead < best.lead) best = { item, lead };
        }
        return best;
    }

    /** Rules 7 and 8: game seconds from now until `item` is due (0: now, or overdue). */
    private leadOf(item: Waiting): number {
        if (item.ended) return -END_HAIR;
        const scale = this.go.animationState.timeScale;
        if (scale <= 0) return Infinity;
        const tracks = this.go.animationState.tracks as Any[];
        let left = 0;
        if (item.stopAll) for (const entry of tracks) left = Math.max(left, this.leftOf(entry));
        else left = this.leftOf(tracks[item.state.layer]);
        return Math.max(0, left - item.fade) / scale;
    }

    /** Rule 8: AnimationState seconds until what `entry` plays ends (the end of its current loop when it loops). */
    private leftOf(entry: Any): number {
        if (!entry?.animation || entry.animation.name === EMPTY) return 0;
        if (entry.timeScale <= 0) return Infinity;
        const duration = entry.animationEnd - entry.animationStart;
        const time = Math.max(0, entry.trackTime);
        const end = entry.loop && duration > 0 ? duration * (Math.floor(time / duration) + 1) : duration;
        return (Math.max(0, end - time) + Math.max(0, entry.delay)) / entry.timeScale;
    }

    /** The twin advanced `seconds` of game time without a pose: its update and apply (events), and its skeleton's time. */
    private advance(seconds: number): void {
        this.moveRamps(seconds);
        const state = this.go.animationState;
        state.update(seconds);
        state.apply(this.go.skeleton);
        this.go.skeleton.update(seconds);
    }

    /** Rule 12: the blends as they stand `seconds` of game time from now, for the update that gets there. */
    private moveRamps(seconds: number): void {
        const scale = this.go.animationState.timeScale;
        const tracks = this.go.animationState.tracks as Any[];
        for (let i = this.ramps.length - 1; i >= 0; i--) {
            const ramp = this.ramps[i];
            // A blend moves the playing entry's weight: one replaced on its layer is no longer blended.
            if (tracks[ramp.entry.trackIndex] !== ramp.entry) {
                this.ramps.splice(i, 1);
                continue;
            }
            ramp.done += seconds * scale;
            const t = Math.min(1, ramp.done / ramp.fade);
            ramp.entry.alpha = ramp.from + (ramp.to - ramp.from) * t;
            if (t >= 1) this.ramps.splice(i, 1);
        }
    }
}
