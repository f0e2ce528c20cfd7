import { callSite, type CallSite } from '../src/callSite';
import { describeListener, type StateListener } from '../src/StateListeners';
import type { PooledInstance, ViewRect } from './PooledInstance';

/**
 * Pooled instances behave differently from plain spine-phaser objects in a few methods
 * (listener recording, culling, no UpdateList update). Those methods live on subclasses of the
 * runtime's own classes, made once per runtime class, and a pooled object gets the subclass as
 * its prototype. No method is added to the object itself: V8 keeps every pooled object on one
 * shape in fast mode (own properties added after construction slowed spine's update by a third).
 * Per-instance data is found through `pooled` below.
 */

/** The record of each pooled game object or AnimationState. */
export const pooled = new WeakMap<object, PooledInstance>();

/** Frames between `callSite` and the game's call: callSite, then the method the game called. */
const CALLER = 2;

type Ctor = new (...args: any[]) => any;

const gameObjectClasses = new WeakMap<Ctor, Ctor>();

/** Scratch for the culling test (rendering is single-threaded and the test does not nest). */
const cullRect: ViewRect = { minX: 0, minY: 0, maxX: 0, maxY: 0, scrollX: 0, scrollY: 0 };
const stateClasses = new WeakMap<Ctor, Ctor>();

interface Camera {
    rotation: number;
    scrollX: number;
    scrollY: number;
    worldView: { x: number; y: number; right: number; bottom: number };
}

/** The pooled subclass of a SpineGameObject class. */
export function pooledGameObjectClass(Base: Ctor): Ctor {
    let Pooled = gameObjectClasses.get(Base);
    if (Pooled) return Pooled;
    Pooled = class PooledSpineGameObject extends Base {
        /** The plugin's scheduler updates pooled instances: the UpdateList never does, even if one is put back on it. */
        preUpdate(): void {}

        /**
         * Phaser's UpdateList skips inactive objects, so a stock object set inactive stops in the
         * pose it shows now: a pooled one is brought up to date and posed, then frozen (no time
         * passes for it) until it is set active again.
         */
        setActive(value: boolean): this {
            const instance = pooled.get(this);
            const changing = instance !== undefined && instance.entry !== null && !!value !== this.active;
            if (changing && !value) instance.host.settle(instance, true);
            else if (changing) instance.host.catchUp(instance);
            super.setActive(value);
            if (changing) instance.host.reclassify(instance);
            return this;
        }

        /**
         * Render culling, per camera: also says no when the setup-pose bounds, grown by
         * `offscreenMargin`, miss the view of the camera about to draw it (`worldView` is
         * refreshed just before rendering). Instances in Containers and rotated cameras are left to
         * spine-phaser, which flushes its batch for container children in its own `willRender`.
         */
        willRender(camera: Camera): boolean {
            if (!super.willRender(camera)) return false;
            const instance = pooled.get(this);
            if (!instance || !instance.flags.cull || this.parentContainer || camera.rotation !== 0) return true;
            const view = camera.worldView;
            const m = instance.flags.margin;
            const rect = cullRect;
            rect.minX = view.x - m;
            rect.minY = view.y - m;
            rect.maxX = view.right + m;
            rect.maxY = view.bottom + m;
            rect.scrollX = camera.scrollX;
            rect.scrollY = camera.scrollY;
            instance.x = this.x;
            instance.y = this.y;
            return instance.overlaps(rect);
        }

        on(event: string | symbol, fn: Function, context?: unknown): unknown {
            pooled.get(this)?.hygiene.recordEmitterSite(fn, CALLER + 1);
            return super.on(event, fn, context);
        }

        addListener(event: string | symbol, fn: Function, context?: unknown): unknown {
            pooled.get(this)?.hygiene.recordEmitterSite(fn, CALLER + 1);
            return super.addListener(event, fn, context);
        }

        once(event: string | symbol, fn: Function, context?: unknown): unknown {
            pooled.get(this)?.hygiene.recordEmitterSite(fn, CALLER + 1);
            return super.once(event, fn, context);
        }
    };
    gameObjectClasses.set(Base, Pooled);
    return Pooled;
}

const queueClasses = new WeakMap<Ctor, Ctor>();

/** An event queue that knows whether it is draining (see `DrainCounting`). */
export interface DrainCounting {
    /** Nested `drain` calls in progress. */
    draining: number;
    drainDisabled: boolean;
}

/**
 * The subclass of spine-core's EventQueue a pooled AnimationState uses: it counts the drains in
 * progress. spine-core leaves `drainDisabled` set when a listener throws, and the state silent for
 * ever after; with the count, "disabled" can be told apart from "draining" (a despawn inside a
 * callback), so a despawn can give the next owner a working queue.
 */
function drainCountingQueueClass(Base: Ctor): Ctor {
    let Counting = queueClasses.get(Base);
    if (Counting) return Counting;
    Counting = class DrainCountingQueue extends Base implements DrainCounting {
        draining = 0;
        declare drainDisabled: boolean;
        drain(): void {
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

/** AnimationState methods that create track entries (wrapped below); not all exist in every spine-core. */
const ENTRY_METHODS = ['setAnimation', 'setAnimationWith', 'addAnimation', 'addAnimationWith', 'setEmptyAnimation', 'addEmptyAnimation', 'setEmptyAnimations'];

/**
 * The pooled subclass of an AnimationState class: listeners go to the instance's
 * {@link StateListeners} (recorded, dispatch-safe; Spine only sees one dispatcher), and in dev
 * mode every TrackEntry remembers where the game call that created it was made.
 */
export function pooledAnimationStateClass(Base: Ctor): Ctor {
    let Pooled = stateClasses.get(Base);
    if (Pooled) return Pooled;
    const baseAddListener = Base.prototype.addListener as (this: unknown, listener: StateListener) => void;
    Pooled = class PooledAnimationState extends Base {
        /** The pooled instance this state belongs to. */
        owner: PooledInstance;
        /** Depth of nested entry-creating calls: the outermost one is the game's. */
        creating = 0;
        /** Call site of the outermost entry-creating call in progress. */
        creatingSite: CallSite | null = null;

        constructor(data: unknown, owner: PooledInstance) {
            super(data);
            this.owner = owner;
            const Queue = drainCountingQueueClass((this as unknown as { queue: object }).queue.constructor as Ctor);
            (this as unknown as { queue: object }).queue = new Queue(this);
            baseAddListener.call(this, owner.hygiene.listeners.dispatcher);
        }

        addListener(listener: StateListener): void {
            if (!listener) throw new Error('listener cannot be null.');
            const hygiene = this.owner.hygiene;
            const site = hygiene.flags.dev ? callSite(CALLER) : null;
            // The listener hears what happens from now on, not the time owed before it was added;
            // and an instance sleeping off screen must now be on time for its events.
            this.owner.host.catchUp(this.owner);
            this.owner.host.wake(this.owner);
            if (!hygiene.listeners.add(listener, site, hygiene.building ? 'pool' : 'game') && hygiene.flags.dev) {
                console.warn(
                    `phaser-spine-pool: animationState.addListener(${describeListener(listener)}) at ${site}: ` +
                        'this listener object is already added; the duplicate was ignored so it is not called twice per event.',
                );
            }
        }

        removeListener(listener: StateListener): void {
            this.owner.hygiene.listeners.remove(listener);
        }

        clearListeners(): void {
            this.owner.hygiene.listeners.clear();
        }

        /** spine-core makes every TrackEntry here: tag it with the game's call site (dev mode). */
        trackEntry(...args: unknown[]): object {
            const entry = super.trackEntry(...args);
            if (this.creatingSite !== null) this.owner.hygiene.recordEntrySite(entry, this.creatingSite);
            return entry;
        }

        setAnimation(...args: unknown[]): unknown {
            return this.creatingEntries(super.setAnimation, args);
        }
        setAnimationWith(...args: unknown[]): unknown {
            return this.creatingEntries(super.setAnimationWith, args);
        }
        addAnimation(...args: unknown[]): unknown {
            return this.creatingEntries(super.addAnimation, args);
        }
        addAnimationWith(...args: unknown[]): unknown {
            return this.creatingEntries(super.addAnimationWith, args);
        }
        setEmptyAnimation(...args: unknown[]): unknown {
            return this.creatingEntries(super.setEmptyAnimation, args);
        }
        addEmptyAnimation(...args: unknown[]): unknown {
            return this.creatingEntries(super.addEmptyAnimation, args);
        }
        setEmptyAnimations(...args: unknown[]): unknown {
            return this.creatingEntries(super.setEmptyAnimations, args);
        }

        /** A cleared track leaves the skeleton posed as it is: the pose of this frame, as stock's. */
        clearTrack(...args: unknown[]): unknown {
            this.owner.host.settle(this.owner, false);
            return super.clearTrack(...args);
        }
        clearTracks(...args: unknown[]): unknown {
            this.owner.host.settle(this.owner, false);
            return super.clearTracks(...args);
        }

        private creatingEntries(method: Function, args: unknown[]): unknown {
            // Time owed since the last update belongs to the entries playing now, not the new ones;
            // and the pose of this frame (drawn if it comes into view now) is the one before the change.
            if (this.creating === 0) this.owner.host.settle(this.owner, false);
            // The outermost call is the game's, unless the plugin named the site already (spawn).
            const own = this.creating++ === 0 && this.creatingSite === null && this.owner.hygiene.flags.dev;
            if (own) this.creatingSite = callSite(CALLER + 1);
            try {
                return method.apply(this, args);
            } finally {
                this.creating--;
                if (own) this.creatingSite = null;
                // New entries: where it can reach changed, and one sleeping off screen must look again.
                if (this.creating === 0) {
                    this.owner.reachChanged = true;
                    this.owner.host.wake(this.owner);
                }
            }
        }
    };
    // Entry-creating methods a runtime lacks stay absent (4.3 has no setAnimationWith / addAnimationWith).
    for (const name of ENTRY_METHODS) if (typeof Base.prototype[name] !== 'function') delete (Pooled.prototype as Record<string, unknown>)[name];
    stateClasses.set(Base, Pooled);
    return Pooled;
}
