import type { SpineGameObject, TrackEntry } from '@esotericsoftware/spine-phaser';
import { callSite } from '../src/callSite';
import { describeListener, StateListeners, type StateListener } from '../src/StateListeners';

/** Something the previous owner left on an instance, found and removed on despawn. */
export interface Leftover {
    /** What it was, e.g. `animationState listener { complete: onDeath }`. */
    what: string;
    /** Where it was added (dev mode), or null. */
    site: string | null;
}

/** Frames between `callSite` and the game's call: callSite, then the wrapper the game called. */
const CALLER = 2;

interface Emitter {
    on(event: string | symbol, fn: Function, context?: unknown): unknown;
    once(event: string | symbol, fn: Function, context?: unknown): unknown;
    addListener(event: string | symbol, fn: Function, context?: unknown): unknown;
    off(event: string | symbol, fn?: Function, context?: unknown): unknown;
    eventNames(): (string | symbol)[];
    listeners(event: string | symbol): Function[];
}

interface TweenLike {
    data?: { key?: string }[];
    destroy(): void;
}

interface SceneParts {
    tweens?: { getTweensOf(target: unknown): TweenLike[] };
}

/**
 * Listener bookkeeping for one pooled instance (seed 000's patched AnimationState, seed 003's
 * dispatch-safe removal), installed once when the instance is built:
 *
 * - `animationState.addListener / removeListener / clearListeners` go to a {@link StateListeners}
 *   list that Spine reaches through a single dispatcher, so removal during dispatch is safe and
 *   every listener is recorded;
 * - each TrackEntry's `listener` field records where it was set (dev mode);
 * - the game object's `on / once / addListener` record where each function was added (dev mode).
 *
 * `clean` removes what the previous owner left: listeners of all three kinds and running tweens,
 * and resets input and data. The plugin's own listeners and Phaser's internal ones (those present
 * when the instance was built, see `seal`, and `internalFns` added later by Phaser itself, such as
 * a Container's or a DataManager's) are never reported or removed.
 */
export class InstanceHygiene {
    readonly listeners = new StateListeners();
    private readonly emitterSites = new Map<Function, string>();
    private readonly entrySites = new WeakMap<object, string>();
    private readonly internalEntryListeners = new WeakSet<object>();
    /** Emitter listener functions that are not the game's: Phaser's own, the plugin's, see `seal`. */
    private readonly ownFns: Set<Function>;

    constructor(
        private readonly go: SpineGameObject,
        internalFns: ReadonlySet<Function>,
        /** Shared with the plugin: `dev` says whether to capture call sites. */
        private readonly flags: { readonly dev: boolean },
    ) {
        this.ownFns = new Set(internalFns);
        this.patchAnimationState();
        this.patchTrackEntries();
        this.patchEmitter();
    }

    /**
     * Records the emitter listeners present now (Phaser's own, e.g. GameObject's
     * addedToScene/removedFromScene, and the plugin's) as not the game's. Called once the
     * instance is fully built.
     */
    seal(): void {
        const emitter = this.go as unknown as Emitter;
        for (const event of emitter.eventNames()) for (const fn of emitter.listeners(event)) this.ownFns.add(fn);
    }

    /** Adds a listener of the plugin's own: never reported as a leak, removed on despawn. */
    addInternalListener(listener: StateListener): void {
        this.listeners.add(listener, null, 'plugin');
    }

    /**
     * While true (during the onCreate hook), AnimationState listeners the game adds belong to the
     * pool: kept for every owner, never reported.
     */
    building = false;

    /** Marks a TrackEntry listener object as the plugin's own. */
    markInternalEntryListener(listener: object): void {
        this.internalEntryListeners.add(listener);
    }

    /**
     * Removes everything the previous owner left and appends a description of each leftover to
     * `out`. Returns the number of leftovers (the plugin's own listeners are removed, not counted).
     */
    clean(scene: SceneParts | null, out: Leftover[]): number {
        const before = out.length;
        const go = this.go;
        for (const record of this.listeners.leftovers([])) {
            out.push({ what: `animationState listener ${describeListener(record.listener)}`, site: record.site });
        }
        this.listeners.release();

        const tracks = go.animationState.tracks;
        for (let i = 0; i < tracks.length; i++) {
            for (let current: TrackEntry | null = tracks[i]; current; current = current.mixingFrom) {
                for (let entry: TrackEntry | null = current; entry; entry = entry.next) this.cleanEntry(entry, out);
            }
        }

        const emitter = go as unknown as Emitter;
        for (const event of emitter.eventNames()) {
            for (const fn of emitter.listeners(event)) {
                if (this.ownFns.has(fn)) continue;
                out.push({ what: `go.on(${JSON.stringify(String(event))}, ${fn.name || 'anonymous'})`, site: this.emitterSites.get(fn) ?? null });
                emitter.off(event, fn);
            }
        }
        this.emitterSites.clear();

        const tweens = scene?.tweens?.getTweensOf(go) ?? [];
        for (const tween of tweens) {
            const keys = [...new Set((tween.data ?? []).map((d) => d.key).filter(Boolean))];
            out.push({ what: `a running tween (${keys.join(', ') || 'no properties'})`, site: null });
            tween.destroy();
        }

        const g = go as unknown as { input?: unknown; removeInteractive(): void; data?: { reset(): void } | null };
        if (g.input) g.removeInteractive();
        if (g.data) g.data.reset();
        return out.length - before;
    }

    private cleanEntry(entry: TrackEntry, out: Leftover[]): void {
        const listener = entry.listener;
        if (!listener) return;
        if (!this.internalEntryListeners.has(listener)) {
            const name = entry.animation ? `'${entry.animation.name}'` : '(empty)';
            out.push({
                what: `TrackEntry ${name} (track ${entry.trackIndex}) listener ${describeListener(listener)}`,
                site: this.entrySites.get(entry) ?? null,
            });
        }
        entry.listener = null;
    }

    private patchAnimationState(): void {
        const state = this.go.animationState;
        const list = this.listeners;
        state.clearListeners();
        state.addListener(list.dispatcher);
        const hygiene = this;
        // Own properties shadow the prototype methods for this instance only.
        state.addListener = function addListener(listener: StateListener) {
            if (!listener) throw new Error('listener cannot be null.');
            const site = hygiene.flags.dev ? callSite(CALLER) : null;
            if (!list.add(listener, site, hygiene.building ? 'pool' : 'game') && hygiene.flags.dev) {
                console.warn(
                    `phaser-spine-pool: animationState.addListener(${describeListener(listener)}) at ${site}: ` +
                        'this listener object is already added; the duplicate was ignored so it is not called twice per event.',
                );
            }
        };
        state.removeListener = function removeListener(listener: StateListener) {
            list.remove(listener);
        };
        state.clearListeners = function clearListeners() {
            list.clear();
        };
    }

    private patchTrackEntries(): void {
        const pool = this.go.animationState.trackEntryPool as unknown as { instantiator: () => TrackEntry };
        const make = pool.instantiator;
        const hygiene = this;
        pool.instantiator = () => {
            const entry = make();
            let value = entry.listener;
            Object.defineProperty(entry, 'listener', {
                configurable: true,
                enumerable: true,
                get: () => value,
                set(listener) {
                    value = listener;
                    if (listener && hygiene.flags.dev) hygiene.entrySites.set(entry, callSite(CALLER));
                },
            });
            return entry;
        };
    }

    private patchEmitter(): void {
        const emitter = this.go as unknown as Emitter;
        const sites = this.emitterSites;
        const hygiene = this;
        for (const method of ['on', 'once', 'addListener'] as const) {
            const original = emitter[method];
            emitter[method] = function (this: Emitter, event: string | symbol, fn: Function, context?: unknown) {
                if (hygiene.flags.dev && typeof fn === 'function') sites.set(fn, callSite(CALLER));
                return original.call(this, event, fn, context);
            };
        }
    }
}
