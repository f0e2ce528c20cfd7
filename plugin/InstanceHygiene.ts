import type { SpineGameObject, TrackEntry } from '@esotericsoftware/spine-phaser';
import { callSite, type CallSite } from '../src/callSite';
import { describeListener, StateListeners, type StateListener } from '../src/StateListeners';

/** Something the previous owner left on an instance, found and removed on despawn. */
export interface Leftover {
    /** What it was, e.g. `animationState listener { complete: onDeath }`. */
    what: string;
    /** Where it was added (dev mode), or null. */
    site: CallSite | null;
}

interface Emitter {
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

/** The plugin's settings every instance reads (shared, so `configure` reaches them all at once). */
export interface InstanceFlags {
    dev: boolean;
    cull: boolean;
    margin: number;
}

/**
 * Listener bookkeeping for one pooled instance (seed 000's patched AnimationState, seed 003's
 * dispatch-safe removal). The pooled classes (see pooledClasses.ts) report to it:
 *
 * - `animationState.addListener / removeListener / clearListeners` go to a {@link StateListeners}
 *   list that Spine reaches through a single dispatcher, so removal during dispatch is safe and
 *   every listener is recorded with its call site (dev mode);
 * - each TrackEntry remembers the call site of the game call that created it (dev mode);
 * - the game object's `on / once / addListener` record where each function was added (dev mode).
 *
 * `clean` removes what the previous owner left: listeners of all three kinds, running tweens and
 * (spine-phaser-v4) objects attached to slots, and resets input and data. The plugin's own listeners and Phaser's internal ones (those present
 * when the instance was built, see `seal`, and `internalFns` added later by Phaser itself, such as
 * a Container's or a DataManager's) are never reported or removed.
 */
export class InstanceHygiene {
    readonly listeners = new StateListeners();
    /**
     * While true (during the onCreate hook), AnimationState listeners the game adds belong to the
     * pool: kept for every owner, never reported.
     */
    building = false;
    private readonly emitterSites = new Map<Function, CallSite>();
    private readonly entrySites = new WeakMap<object, CallSite>();
    private readonly internalEntryListeners = new WeakSet<object>();
    /** Emitter listener functions that are not the game's: Phaser's own, the plugin's, see `seal`. */
    private readonly ownFns: Set<Function>;

    constructor(
        private readonly go: SpineGameObject,
        internalFns: ReadonlySet<Function>,
        readonly flags: Readonly<InstanceFlags>,
    ) {
        this.ownFns = new Set(internalFns);
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

    /** Marks a TrackEntry listener object as the plugin's own. */
    markInternalEntryListener(listener: object): void {
        this.internalEntryListeners.add(listener);
    }

    /** Dev mode: remembers where `fn` was added to the emitter (`depth`: frames above callSite). */
    recordEmitterSite(fn: Function, depth: number): void {
        if (this.flags.dev && typeof fn === 'function') this.emitterSites.set(fn, callSite(depth));
    }

    /** Remembers the call site of the game call that created `entry`. */
    recordEntrySite(entry: object, site: CallSite): void {
        this.entrySites.set(entry, site);
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

        // spine-phaser-v4: Phaser objects the game attached to slots (addSlotObject) would be drawn
        // on the next owner. They are detached here; the objects themselves are the game's.
        const slotObjects = (go as unknown as { slotObjects?: Map<{ data: { name: string } }, unknown> }).slotObjects;
        if (slotObjects && slotObjects.size > 0) {
            for (const slot of slotObjects.keys()) out.push({ what: `a game object attached to slot '${slot.data.name}' (addSlotObject)`, site: null });
            slotObjects.clear();
        }

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
            const site = this.entrySites.get(entry);
            out.push({
                what: `TrackEntry ${name} (track ${entry.trackIndex}) listener ${describeListener(listener)}${site ? ` on the entry created at ${site}` : ''}`,
                site: null,
            });
        }
        entry.listener = null;
    }
}
