import type { CallSite } from './callSite';
/** The callbacks of a Spine AnimationStateListener (all optional). */
export interface StateListener {
    start?(entry: unknown): void;
    interrupt?(entry: unknown): void;
    end?(entry: unknown): void;
    dispose?(entry: unknown): void;
    complete?(entry: unknown): void;
    event?(entry: unknown, event: unknown): void;
}

/**
 * Who a listener belongs to, which decides what despawn does with it:
 * - `'game'`: the current owner's; reported as a leak and removed if still there on despawn;
 * - `'plugin'`: the plugin's own for this owner (e.g. the Legacy helper's); removed, never reported;
 * - `'pool'`: added while the instance was built (an onCreate hook); kept for every owner.
 */
export type ListenerOwner = 'game' | 'plugin' | 'pool';

/** One listener added to an instance's AnimationState. */
export interface ListenerRecord {
    listener: StateListener;
    /** Where it was added (dev mode), or null. */
    site: CallSite | null;
    owner: ListenerOwner;
    /** Removed while a dispatch was running: skipped, then compacted away. */
    removed: boolean;
}

const CALLBACKS = ['start', 'interrupt', 'end', 'dispose', 'complete', 'event'] as const;
type Callback = (typeof CALLBACKS)[number];

/** A listener's callbacks as a dispatch reads them: each is called with the listener as `this`. */
type Callbacks = { readonly [K in Callback]?: (this: StateListener, entry: unknown, event: unknown) => void };

/**
 * The listeners of one AnimationState, kept by the plugin instead of spine-core's own array.
 *
 * spine-core's `removeListener` splices the array its event queue is iterating, so a listener
 * that removes itself makes the next one miss the event (spine-runtimes issue 3076). Here the
 * rule is GameFramework's EventPool rule: a listener removed during a dispatch is skipped if it
 * has not run yet for the current event, every other listener gets the event exactly once, and
 * one added during a dispatch also hears it (as with spine-core). Removal during a dispatch only
 * marks the record; the array is compacted when the outermost dispatch ends.
 *
 * The list is attached to Spine as a single listener: `dispatcher`.
 */
export class StateListeners {
    readonly records: ListenerRecord[] = [];
    private depth = 0;
    private dirty = false;
    /** Bumped by `release()`: a dispatch that sees it change stops (the owner is gone). */
    private epoch = 0;
    /**
     * Whether a notification about `entry` is for the listeners at all (e.g. not about an entry
     * of a previous owner); all are, when not set.
     */
    accepts: ((entry: unknown) => boolean) | null = null;

    /** What Spine calls: forwards each callback to every live listener. */
    readonly dispatcher: Required<StateListener>;

    constructor() {
        const dispatch = (type: Callback, entry: unknown, event?: unknown) => this.dispatch(type, entry, event);
        this.dispatcher = {
            start: (entry) => dispatch('start', entry),
            interrupt: (entry) => dispatch('interrupt', entry),
            end: (entry) => dispatch('end', entry),
            dispose: (entry) => dispatch('dispose', entry),
            complete: (entry) => dispatch('complete', entry),
            event: (entry, event) => dispatch('event', entry, event),
        };
    }

    /** Adds a listener. Returns false, adding nothing, when it is already there. */
    add(listener: StateListener, site: CallSite | null, owner: ListenerOwner = 'game'): boolean {
        if (this.indexOf(listener) !== -1) return false;
        this.records.push({ listener, site, owner, removed: false });
        return true;
    }

    /** Removes a listener. Returns false when it was not there. */
    remove(listener: StateListener): boolean {
        const index = this.indexOf(listener);
        if (index === -1) return false;
        this.drop(index);
        return true;
    }

    /** Removes every listener the game added (what the game's `clearListeners()` means). */
    clear(): void {
        for (let i = this.records.length - 1; i >= 0; i--) if (this.records[i].owner === 'game') this.drop(i);
    }

    /**
     * The owner is gone: removes the game's and the plugin's listeners, keeps the pool's, and ends
     * a dispatch in progress, so listeners added after this (a new owner's) never hear that event.
     */
    release(): void {
        for (let i = this.records.length - 1; i >= 0; i--) if (this.records[i].owner !== 'pool') this.drop(i);
        this.epoch++;
    }

    /** Live records the game added (leftovers, when the instance is despawned), appended to `out`. */
    leftovers(out: ListenerRecord[]): ListenerRecord[] {
        const records = this.records;
        for (let i = 0; i < records.length; i++) if (!records[i].removed && records[i].owner === 'game') out.push(records[i]);
        return out;
    }

    /** Whether the game has a live listener here (what `leftovers` would list). */
    hasLeftovers(): boolean {
        const records = this.records;
        for (let i = 0; i < records.length; i++) if (!records[i].removed && records[i].owner === 'game') return true;
        return false;
    }

    private indexOf(listener: StateListener): number {
        const records = this.records;
        for (let i = 0; i < records.length; i++) if (records[i].listener === listener && !records[i].removed) return i;
        return -1;
    }

    private drop(index: number): void {
        if (this.depth > 0) {
            this.records[index].removed = true;
            this.dirty = true;
        } else {
            this.records.splice(index, 1);
        }
    }

    private dispatch(type: Callback, entry: unknown, event: unknown): void {
        const records = this.records;
        // No listener (a crowd's usual case): nothing to ask `accepts` (a lookup per event) about.
        if (records.length === 0 || (this.accepts !== null && !this.accepts(entry))) return;
        const epoch = this.epoch;
        this.depth++;
        try {
            // Length is re-read: a listener added during the dispatch hears this event too.
            for (let i = 0; i < records.length && this.epoch === epoch; i++) {
                const record = records[i];
                if (record.removed) continue;
                const listener: Callbacks = record.listener;
                const callback = listener[type];
                if (callback) callback.call(record.listener, entry, event);
            }
        } finally {
            if (--this.depth === 0 && this.dirty) this.compact();
        }
    }

    private compact(): void {
        const records = this.records;
        let kept = 0;
        for (let i = 0; i < records.length; i++) if (!records[i].removed) records[kept++] = records[i];
        records.length = kept;
        this.dirty = false;
    }
}

/** `{ complete: onDeath, event: anonymous }`: what a listener object listens to, for warnings. */
export function describeListener(listener: object): string {
    const parts: string[] = [];
    for (const name of CALLBACKS) {
        const fn = (listener as Record<string, unknown>)[name];
        // Callbacks written inline are named after their key by JavaScript: show the key alone.
        if (typeof fn === 'function') parts.push(fn.name && fn.name !== name ? `${name}: ${fn.name}` : name);
    }
    return `{ ${parts.join(', ') || 'no callbacks'} }`;
}
