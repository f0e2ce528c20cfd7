/**
 * The AnimationState of a pooled instance: a subclass of the runtime's own, made once per runtime
 * class, so the object keeps spine-core's shape and code. What it changes:
 *
 * - listeners go to the instance's {@link StateListeners} (recorded with their call site,
 *   dispatch-safe); spine-core only ever sees one dispatcher;
 * - before the game changes the state (a new entry, a cleared track), the instance is brought up to
 *   date and its pose of this frame applied, so the change lands at the moment it is made;
 * - each TrackEntry is tagged with its owner's generation: once the instance changes owner, the
 *   notifications of older entries still queued reach no listener (spine-core's queue is left as
 *   it is: it still frees the entries it disposes);
 * - its event queue counts the drains in progress, so a queue that a listener's exception left
 *   disabled can be told apart from one that is draining.
 */
import { callSite, type CallSite } from '../src/callSite';
import { warn } from '../src/errors';
import type { Settings } from '../src/options';
import { describeListener, type StateListener } from '../src/StateListeners';
import type { PoolHost, SpineInstance } from './SpineInstance';
import { slotsNow, setupNow, slotsApplied } from './bonesWhenRead';

/** The pooled instance an AnimationState belongs to, as far as the state is concerned. */
export interface StateOwner extends SpineInstance {
    readonly settings: Settings;
    readonly host: PoolHost;
    /** True while the pool builds the instance: listeners added then belong to the pool. */
    readonly building: boolean;
    /** Where the game call that created each TrackEntry was made (dev mode). */
    readonly entrySites: WeakMap<object, CallSite>;
    /** Bumped when the instance changes owner: notifications of older entries reach no listener. */
    generation: number;
    /** True while it is despawned (in its pool, free): a game call on it is a use after despawn. */
    readonly despawned: boolean;
    /** Set once a use after despawn was reported, until the next spawn (later calls are not reported again). */
    readonly soiled: boolean;
    /** A game call (`call`, made at `site`) reached it while it was despawned (dev mode): see `despawned`. */
    usedAfterDespawn(call: string, site: CallSite): void;
}

/** An event queue that knows whether it is draining. */
export interface DrainCounting {
    /** Nested `drain` calls in progress. */
    draining: number;
    drainDisabled: boolean;
}

/** Frames between `callSite` and the game's call: callSite, then the method the game called. */
const CALLER = 2;

/** AnimationState methods that create track entries (wrapped below); not all exist in every spine-core. */
const ENTRY_METHODS = [
    'setAnimation',
    'setAnimationWith',
    'addAnimation',
    'addAnimationWith',
    'setEmptyAnimation',
    'addEmptyAnimation',
    'setEmptyAnimations',
] as const;
type EntryMethod = (typeof ENTRY_METHODS)[number];

/** The runtime's AnimationState, as its pooled subclass calls it. */
interface StateBase {
    queue: object;
    apply(skeleton: unknown): boolean;
    addListener(listener: StateListener): void;
    trackEntry(...args: unknown[]): object;
    setAnimation(...args: unknown[]): unknown;
    /** spine-core 4.2 only. */
    setAnimationWith?(...args: unknown[]): unknown;
    addAnimation(...args: unknown[]): unknown;
    /** spine-core 4.2 only. */
    addAnimationWith?(...args: unknown[]): unknown;
    setEmptyAnimation(...args: unknown[]): unknown;
    addEmptyAnimation(...args: unknown[]): unknown;
    setEmptyAnimations(...args: unknown[]): unknown;
    clearTrack(...args: unknown[]): unknown;
    clearTracks(...args: unknown[]): unknown;
}

/** A runtime's AnimationState class. */
interface StateClass {
    new (data: unknown): StateBase;
    readonly prototype: StateBase;
}

/** A pooled AnimationState class: a runtime's, for one owner. */
type PooledStateClass = new (data: unknown, owner: StateOwner) => StateBase;

/** The runtime's EventQueue, as its subclass calls it. */
interface QueueBase {
    /** What is queued: each notification's type and entry (and an event's event). */
    objects?: { length: number };
    drain(): void;
}

/** A runtime's EventQueue class (made with its AnimationState). */
interface QueueClass {
    new (state: unknown): QueueBase;
    readonly prototype: QueueBase;
}

/** The generation of each TrackEntry made by a pooled AnimationState. */
const generations = new WeakMap<object, number>();

const stateClasses = new WeakMap<StateClass, PooledStateClass>();
const queueClasses = new WeakMap<QueueClass, QueueClass>();

/**
 * A pooled AnimationState for `owner`, of the same runtime class as `state` (the one the object was
 * built with), with `data` (its AnimationStateData).
 */
export function pooledAnimationState<S extends object>(state: S, data: unknown, owner: StateOwner): S {
    const State = pooledAnimationStateClass(state.constructor as StateClass);
    return new State(data, owner) as S;
}

/** Whether `entry` was made for the current owner of `owner`. */
function current(owner: StateOwner, entry: unknown): boolean {
    return generations.get(entry as object) === owner.generation;
}

function pooledAnimationStateClass(Base: StateClass): PooledStateClass {
    let Pooled = stateClasses.get(Base);
    if (Pooled) return Pooled;
    Pooled = class PooledAnimationState extends Base {
        /** The pooled instance this state belongs to. */
        owner: StateOwner;
        /** Depth of nested entry-creating calls: the outermost one is the game's. */
        creating = 0;
        /** Call site of the outermost entry-creating call in progress. */
        creatingSite: CallSite | null = null;

        constructor(data: unknown, owner: StateOwner) {
            super(data);
            this.owner = owner;
            const Queue = drainCountingQueueClass(this.queue.constructor as QueueClass);
            this.queue = new Queue(this);
            owner.listeners.accepts = (entry) => current(owner, entry);
            // The one listener spine-core sees (not this class's addListener, which adds the game's).
            super.addListener(owner.listeners.dispatcher);
        }

        override addListener(listener: StateListener): void {
            if (!listener) throw new Error('listener cannot be null.');
            const owner = this.owner;
            const dev = owner.settings.options.dev;
            const site = dev ? callSite(CALLER) : null;
            if (site !== null && owner.despawned) owner.usedAfterDespawn(`animationState.addListener(${describeListener(listener)})`, site);
            // The listener hears what happens from now on, not the time owed before it was added;
            // and an instance sleeping off screen must now be on time for its events.
            owner.host.catchUp(owner);
            owner.host.wake(owner);
            if (!owner.listeners.add(listener, site, owner.building ? 'pool' : 'game') && dev) {
                warn(
                    `animationState.addListener(${describeListener(listener)}) at ${String(site)}: ` +
                        'this listener object is already added; the duplicate was ignored so it is not called twice per event.',
                    site!.toError('the duplicate addListener call'),
                );
            }
        }

        /**
         * An apply writes the skeleton's local pose: checked again at its next served pose, and
         * every slot written back at its next reset (see bonesWhenRead.ts).
         */
        override apply(skeleton: unknown): boolean {
            setupNow(this.owner); // applied over its setup pose
            slotsNow(this.owner); // an apply may blend from them
            this.owner.checkedBase = null;
            slotsApplied(this.owner);
            return super.apply(skeleton);
        }

        removeListener(listener: StateListener): void {
            this.owner.listeners.remove(listener);
        }

        clearListeners(): void {
            this.owner.listeners.clear();
        }

        /** spine-core makes every TrackEntry here: tag it with its owner and the game's call site (dev mode). */
        override trackEntry(...args: unknown[]): object {
            const entry = super.trackEntry(...args);
            generations.set(entry, this.owner.generation);
            if (this.creatingSite !== null) this.owner.entrySites.set(entry, this.creatingSite);
            return entry;
        }

        override setAnimation(...args: unknown[]): unknown {
            return this.creatingEntries('setAnimation', args);
        }
        override setAnimationWith(...args: unknown[]): unknown {
            return this.creatingEntries('setAnimationWith', args);
        }
        override addAnimation(...args: unknown[]): unknown {
            return this.creatingEntries('addAnimation', args);
        }
        override addAnimationWith(...args: unknown[]): unknown {
            return this.creatingEntries('addAnimationWith', args);
        }
        override setEmptyAnimation(...args: unknown[]): unknown {
            return this.creatingEntries('setEmptyAnimation', args);
        }
        override addEmptyAnimation(...args: unknown[]): unknown {
            return this.creatingEntries('addEmptyAnimation', args);
        }
        override setEmptyAnimations(...args: unknown[]): unknown {
            return this.creatingEntries('setEmptyAnimations', args);
        }

        /** A cleared track leaves the skeleton posed as it is: the pose of this frame, as stock's. */
        override clearTrack(...args: unknown[]): unknown {
            if (this.owner.despawned) this.staleCall('clearTrack');
            this.owner.host.settle(this.owner, false);
            return super.clearTrack(...args);
        }
        override clearTracks(...args: unknown[]): unknown {
            if (this.owner.despawned) this.staleCall('clearTracks');
            this.owner.host.settle(this.owner, false);
            return super.clearTracks(...args);
        }

        /** A game call on a despawned instance (dev mode: reported where it is made). */
        private staleCall(name: string, depth = CALLER + 1): void {
            // Once per despawn: no stack is captured for the calls after the first.
            if (this.owner.settings.options.dev && !this.owner.soiled) this.owner.usedAfterDespawn(`animationState.${name}()`, callSite(depth));
        }

        /** The base class's `name` called with `args`: the game's call, or one made inside it. */
        private creatingEntries(name: EntryMethod, args: unknown[]): unknown {
            const owner = this.owner;
            if (owner.despawned && this.creating === 0) this.staleCall(name, CALLER + 2);
            // Time owed since the last update belongs to the entries playing now, not the new ones;
            // and the pose of this frame (drawn if it comes into view now) is the one before the change.
            if (this.creating === 0) owner.host.settle(owner, false);
            // The outermost call is the game's, unless the plugin named the site already (spawn).
            const own = this.creating++ === 0 && this.creatingSite === null && owner.settings.options.dev;
            if (own) this.creatingSite = callSite(CALLER + 1);
            try {
                // Called only where the base class has it (the others are removed below).
                return super[name]!(...args);
            } finally {
                this.creating--;
                if (own) this.creatingSite = null;
                // New entries: one sleeping off screen must look again.
                if (this.creating === 0) owner.host.wake(owner);
            }
        }
    };
    // Entry-creating methods a runtime lacks stay absent (4.3 has no setAnimationWith / addAnimationWith).
    for (const name of ENTRY_METHODS) if (typeof Base.prototype[name] !== 'function') delete (Pooled.prototype as Partial<Record<EntryMethod, unknown>>)[name];
    stateClasses.set(Base, Pooled);
    return Pooled;
}

/**
 * The subclass of spine-core's EventQueue a pooled AnimationState uses: it counts the drains in
 * progress. spine-core leaves `drainDisabled` set when a listener throws, and the state silent for
 * ever after; with the count, "disabled" can be told apart from "draining" (a despawn inside a
 * callback), so a despawn can give the next owner a working queue (see `restoreQueue`).
 */
function drainCountingQueueClass(Base: QueueClass): QueueClass {
    let Counting = queueClasses.get(Base);
    if (Counting) return Counting;
    Counting = class DrainCountingQueue extends Base implements DrainCounting {
        draining = 0;
        declare drainDisabled: boolean;
        override drain(): void {
            // Nothing queued: spine-core's drain would dispatch nothing (every update and apply drains).
            const objects = this.objects;
            if (objects !== undefined && objects.length === 0) return;
            this.draining++;
            try {
                super.drain();
            } finally {
                this.draining--;
            }
        }
    };
    queueClasses.set(Base, Counting);
    return Counting;
}

/**
 * The instance changes owner (despawn). A queue a listener's exception left disabled (not one that
 * is draining: this may run inside a callback) works again, its undelivered notifications dropped;
 * then the owner's generation moves on, so what the previous owner's entries still have queued
 * (their end and dispose, queued by clearing the tracks inside a drain) reaches no listener.
 * Call before and after clearing the tracks: `restoreQueue(state)`, clear, `nextOwner(owner)`.
 */
export function restoreQueue(state: object): void {
    const queue = (state as { queue: DrainCounting & { clear(): void } }).queue;
    if (queue.draining === 0 && queue.drainDisabled) {
        queue.drainDisabled = false;
        queue.clear();
    }
}

/** See `restoreQueue`. */
export function nextOwner(owner: StateOwner): void {
    owner.generation++;
}
