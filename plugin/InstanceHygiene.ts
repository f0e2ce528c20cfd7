import type { SpineGameObject, TrackEntry } from '@esotericsoftware/spine-phaser';
import { callSite, type CallSite } from '../src/callSite';
import type { Settings } from '../src/options';
import { describeListener, type ListenerRecord, type StateListener, type StateListeners } from '../src/StateListeners';

/** Something the previous owner left on an instance, found and removed on despawn. */
export interface Leftover {
    /** What it was, e.g. `animationState listener { complete: onDeath }`. */
    what: string;
    /** Where it was added (dev mode), or null. */
    site: CallSite | null;
    /** How the site is named: `'added at'` (the default) or `'on the entry created at'` (a TrackEntry listener). */
    verb?: string;
}

/** A function added to a game object's emitter: any function (Phaser calls it with the event's arguments). */
export type EmitterListener = (...args: never[]) => unknown;

interface Emitter {
    off(event: string | symbol, fn?: EmitterListener, context?: unknown): unknown;
    eventNames(): (string | symbol)[];
    listeners(event: string | symbol): EmitterListener[];
}

/** What hygiene uses of a Phaser tween (Tween or TweenChain), all public API of BaseTween. */
interface TweenLike {
    /** A Tween's TweenData (one per target and property), a TweenChain's tweens; null once destroyed. */
    data?: ({ key?: string; setCompleteState?(): void } | TweenLike)[] | null;
    callbacks?: Record<string, unknown> | null;
    isPendingRemove(): boolean;
    isFinished(): boolean;
    isDestroyed(): boolean;
    setCallback(type: string, callback: (...args: never[]) => unknown): unknown;
    removeAllListeners(): unknown;
    completeAfterLoop(loops?: number): unknown;
    remove(): unknown;
    destroy(): void;
}

interface TweenManagerLike {
    tweens?: unknown[];
    /** True while the manager's update runs the tweens: a despawn from inside a tween callback. */
    processing?: boolean;
    getTweensOf(target: unknown): TweenLike[];
}

/** What hygiene reads of the instance it looks after. */
interface Looked {
    readonly go: object;
    readonly listeners: StateListeners;
    readonly entrySites: WeakMap<object, CallSite>;
    readonly settings: Settings;
}

/** What hygiene reads of a scene camera. */
interface CameraLike {
    name: string;
    /**
     * The object the camera follows (`startFollow`), or null: Phaser keeps it in this field and has
     * no public getter for it. Only read here; `stopFollow()`, public, is what clears it.
     */
    _follow?: unknown;
    stopFollow(): unknown;
}

interface SceneParts {
    tweens?: TweenManagerLike;
    cameras?: { cameras: CameraLike[]; main?: CameraLike };
}

const NO_TWEENS: TweenLike[] = [];

/**
 * What the game attaches to one pooled instance, found and removed when it changes owner. The
 * pooled classes report to it:
 *
 * - `animationState.addListener / removeListener / clearListeners` go to the instance's
 *   {@link StateListeners} (which Spine reaches through a single dispatcher), with their call site
 *   (dev mode); each TrackEntry remembers the call site of the game call that created it;
 * - the game object's `on / once / addListener` record where each function was added (dev mode).
 *
 * `clean` removes what the previous owner left: listeners of all three kinds, cameras following
 * the object, running tweens and (spine-phaser-v4) objects attached to slots. The plugin's own
 * listeners and Phaser's internal ones (those present when the instance was built, see `seal`, and
 * `internalFns` added later by Phaser itself, such as a Container's or a DataManager's) are never
 * reported or removed.
 */
export class InstanceHygiene {
    private readonly emitterSites = new Map<EmitterListener, CallSite>();
    /** Listeners added to the object's emitter since it was sealed or last cleaned. */
    private emitterAdds = 0;
    /** Emitter listener functions that are not the game's: Phaser's own, the plugin's, see `seal`. */
    private readonly ownFns: Set<EmitterListener>;
    /** Scratch for the listener leftovers found by `clean`. */
    private readonly records: ListenerRecord[] = [];

    constructor(
        private readonly instance: Looked,
        internalFns: ReadonlySet<EmitterListener>,
    ) {
        this.ownFns = new Set(internalFns);
    }

    /**
     * Records the emitter listeners present now (Phaser's own, e.g. GameObject's
     * addedToScene/removedFromScene, and the plugin's) as not the game's. Called once the
     * instance is fully built.
     */
    seal(): void {
        const emitter = this.instance.go as Emitter;
        for (const event of emitter.eventNames()) for (const fn of emitter.listeners(event)) this.ownFns.add(fn);
        this.emitterAdds = 0;
    }

    /** Adds a listener of the plugin's own: never reported as a leak, removed on despawn. */
    addInternalListener(listener: StateListener): void {
        this.instance.listeners.add(listener, null, 'plugin');
    }

    /**
     * Something was added to the object's emitter (counted, so `clean` looks only when there may be
     * a leftover); dev mode also remembers where `fn` was added (`depth`: frames above callSite).
     */
    recordEmitterSite(fn: EmitterListener, depth: number): void {
        this.emitterAdds++;
        if (this.instance.settings.options.dev && typeof fn === 'function') this.emitterSites.set(fn, callSite(depth));
    }

    /**
     * Whether the game has attached something since the last `clean` that `clean` would remove and
     * a look at a few fields can tell: a Spine listener, a track (and so maybe a TrackEntry
     * listener), an emitter listener, input, a camera following it. Cheap: what spawn asks of every
     * instance it hands out.
     */
    touched(scene: object | null): boolean {
        const go = this.instance.go as SpineGameObject & { input?: unknown };
        return (
            this.emitterAdds > 0 || go.animationState.tracks.length > 0 || !!go.input || this.instance.listeners.hasLeftovers() || followedBy(scene, go) !== -1
        );
    }

    /**
     * Removes everything the previous owner left and appends a description of each leftover to
     * `out`. Returns the number of leftovers (the plugin's own listeners are removed, not counted).
     */
    clean(of: object | null, out: Leftover[]): number {
        const scene = of as SceneParts | null;
        const before = out.length;
        const go = this.instance.go as SpineGameObject;
        const listeners = this.instance.listeners;
        const leftovers = listeners.leftovers(this.records);
        for (let i = 0; i < leftovers.length; i++)
            out.push({ what: `animationState listener ${describeListener(leftovers[i].listener)}`, site: leftovers[i].site });
        leftovers.length = 0;
        listeners.release();

        const tracks = go.animationState.tracks;
        for (let i = 0; i < tracks.length; i++) {
            for (let current: TrackEntry | null = tracks[i]; current; current = current.mixingFrom) {
                for (let entry: TrackEntry | null = current; entry; entry = entry.next) this.cleanEntry(entry, out);
            }
        }

        // Emitter listeners: only looked for when something was added since (no array made otherwise).
        if (this.emitterAdds > 0) {
            this.emitterAdds = 0;
            const emitter = this.instance.go as Emitter;
            for (const event of emitter.eventNames()) {
                for (const fn of emitter.listeners(event)) {
                    if (this.ownFns.has(fn)) continue;
                    out.push({ what: `go.on(${JSON.stringify(String(event))}, ${fn.name || 'anonymous'})`, site: this.emitterSites.get(fn) ?? null });
                    emitter.off(event, fn);
                }
            }
            this.emitterSites.clear();
        }

        // spine-phaser-v4: Phaser objects the game attached to slots (addSlotObject) would be drawn
        // on the next owner. They are detached here; the objects themselves are the game's.
        const slotObjects = (go as { slotObjects?: Map<{ data: { name: string } }, unknown> }).slotObjects;
        if (slotObjects && slotObjects.size > 0) {
            for (const slot of slotObjects.keys()) out.push({ what: `a game object attached to slot '${slot.data.name}' (addSlotObject)`, site: null });
            slotObjects.clear();
        }

        // Cameras following it (startFollow): a camera follows whatever object it was given, so it
        // would follow the next owner, jumping wherever that one is spawned. Stopped where it is, as
        // a camera following a destroyed stock object stays where that object was.
        for (let i = followedBy(scene, go); i !== -1; i = followedBy(scene, go, i + 1)) {
            const cameras = scene!.cameras!;
            const camera = cameras.cameras[i];
            camera.stopFollow();
            const name = camera.name ? `camera '${camera.name}'` : camera === cameras.main ? 'the main camera' : `camera ${i} (unnamed)`;
            out.push({ what: `${name} following it (startFollow)`, site: null });
        }

        // Tweens: only looked for when the scene has any (getTweensOf makes an array).
        const manager = scene?.tweens;
        const tweens = manager && !(Array.isArray(manager.tweens) && manager.tweens.length === 0) ? manager.getTweensOf(go) : NO_TWEENS;
        for (const tween of tweens) {
            // Done with the object: completing (its onComplete is running, e.g. the
            // `onComplete: () => despawn(go)` of a fade-out: Phaser set it pending removal before
            // the callback), stopped (pending removal), or finished and kept (`persist`). Phaser
            // removes (or keeps) it itself: it is no leftover, and is not touched (destroying the
            // completing tween here made Phaser destroy it a second time).
            if (tween.isPendingRemove() || tween.isFinished() || tween.isDestroyed()) continue;
            const keys = [...new Set((tween.data ?? []).map((d) => (d as { key?: string }).key).filter(Boolean))];
            out.push({ what: `a running tween (${keys.join(', ') || 'no properties'})`, site: null });
            endTween(tween, manager!.processing === true);
        }

        return out.length - before;
    }

    private cleanEntry(entry: TrackEntry, out: Leftover[]): void {
        const listener = entry.listener;
        if (!listener) return;
        entry.listener = null;
        // An entry that played to its end without looping is done: its listener heard its
        // `complete` (Spine's usual `setAnimation(0, 'die', false).listener = { complete: () =>
        // despawn(go) }` is this one) and nothing it could still hear (`end`, `dispose`) reaches
        // it on a stock object destroyed instead. spine-core drops it with its entry: removed, not
        // a leftover (as the tween whose onComplete despawns). On an entry still playing (looping,
        // not at its end, queued) it is one: what it waits for never comes.
        if (!entry.loop && entry.isComplete()) return;
        const name = entry.animation ? `'${entry.animation.name}'` : '(empty)';
        const site = this.instance.entrySites.get(entry);
        out.push({
            what: `TrackEntry ${name} (track ${entry.trackIndex}) listener ${describeListener(listener)}`,
            site: site ?? null,
            verb: 'on the entry created at',
        });
    }
}

/** The index of the first of the scene's cameras from `from` on that follows `go`, or -1. A few reads: a scene has few cameras. */
function followedBy(scene: SceneParts | null, go: object, from = 0): number {
    const cameras = scene?.cameras?.cameras;
    if (!cameras) return -1;
    for (let i = from; i < cameras.length; i++) if (cameras[i]._follow === go) return i;
    return -1;
}

/** What a stopped tween's callbacks become. */
const NO_OP = (): void => {};

/**
 * Ends a running tween of the previous owner for good, without calling any of its callbacks.
 *
 * Outside the TweenManager's update: taken out of the manager (`remove()`, at once then) and
 * destroyed, so nothing is left of it and Phaser destroys it no second time (Phaser's
 * `killTweensOf` destroys it in place, and the manager destroys it again at its next update).
 *
 * Inside it (the despawn is made from a tween callback, maybe one of this very tween: `onUpdate`,
 * `onYoyo`, `onRepeat`, `onStart`...), Phaser goes on reading the tween once the callback returns:
 * a destroyed one makes the manager throw (its TweenData lose their tween), every frame after.
 * So it is made inert and left for the manager to remove: its callbacks and listeners replaced by
 * nothing (no callback of the previous owner reaches the object's next owner), its TweenData
 * complete (nothing more written to the object, no yoyo or repeat), no further loop, and marked
 * for removal (`remove()`), which the manager carries out, destroying it, when it next looks at it.
 */
function endTween(tween: TweenLike, processing: boolean): void {
    if (!processing) {
        tween.remove();
        tween.destroy();
        return;
    }
    silence(tween);
    tween.completeAfterLoop(0);
    tween.remove();
}

/** A tween (or a chain and its tweens) that calls and writes nothing any more. */
function silence(tween: TweenLike): void {
    tween.removeAllListeners();
    if (tween.callbacks) for (const type of Object.keys(tween.callbacks)) tween.setCallback(type, NO_OP);
    const data = tween.data;
    if (!data) return;
    for (let i = 0; i < data.length; i++) {
        const part = data[i] as { setCompleteState?(): void } & Partial<TweenLike>;
        if (typeof part.setCompleteState === 'function') part.setCompleteState();
        else if (typeof part.setCallback === 'function') silence(part as TweenLike); // a chain's tween
    }
}
