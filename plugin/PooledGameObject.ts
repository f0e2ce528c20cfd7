import { callSite } from '../src/callSite';
import { bonesRead, slotsNow, returnSkeleton, lendSkeleton, setupNow, spawnBones } from '../spine/bonesWhenRead';
import { Tier } from '../src/Tier';
import { extentOf, noteGamePose, wholeExtentOf, type Box, type ReachedState } from '../spine/animationReach';
import type { Skeleton } from '../spine/core/shapes';
import { placementOf } from './CameraTiers';
import type { EmitterListener } from './InstanceHygiene';
import { drawn, drawPooled, drawPooledPhaser4, endPooledBatch, type DrawnObject, type SceneRenderer, type SpinePlugin4 } from './draw/PooledDraw';
import type { PooledInstance } from './PooledInstance';
import { overlaps, place, placement, rect, viewRect, within } from './tierGeometry';

/**
 * Pooled instances behave differently from plain spine-phaser objects in a few methods (no
 * UpdateList update, activity, culling, emitter listener recording). Those methods live on a
 * subclass of the runtime's own SpineGameObject class, made once per runtime class, and a pooled
 * object gets the subclass as its prototype. No method is added to the object itself: V8 keeps
 * every pooled object on one shape in fast mode (own properties added after construction slowed
 * spine's update by a third).
 */

/** The record of each pooled game object: the one map from an object to its instance. */
const records = new WeakMap<object, PooledInstance>();

/** The pooled instance of `go`, if it is one (of any plugin). */
export function instanceOf(go: unknown): PooledInstance | undefined {
    return typeof go === 'object' && go !== null ? records.get(go) : undefined;
}

/**
 * Makes `instance` the record of its object and gives the object the pooled subclass of its class:
 * in development mode (as the options stand when it is built) the one that also reports a game
 * call made on it while it is despawned ({@link GUARDED}); in production, the one that has no such
 * check, so no call costs anything more.
 */
export function makePooled(instance: PooledInstance): void {
    const go = instance.go;
    records.set(go, instance);
    const Pooled = pooledGameObjectClass(classOf<GameObjectClass>(go));
    skeletons.set(go.skeleton, instance);
    Object.setPrototypeOf(go.skeleton, pooledSkeletonClass(classOf<SkeletonClass>(go.skeleton)).prototype);
    const steps = (go as { _renderSteps?: RenderStep[] })._renderSteps;
    const step = Array.isArray(steps) ? steps.indexOf(protoOf<GameObjectBase>(go).renderWebGL) : -1;
    Object.setPrototypeOf(go, (instance.settings.options.dev ? guardedClass(Pooled) : Pooled).prototype);
    // Phaser 4 renders through the render steps the object kept at construction (its class's
    // renderWebGL, called without `this`): that step becomes the pooled class's (which Phaser's
    // enableFilters finds again by `indexOf(this.renderWebGL)`).
    if (step >= 0) (steps as RenderStep[])[step] = protoOf<GameObjectBase>(go).renderWebGL;
}

/** The prototype of `object`, typed as the class it belongs to says (`T`). */
function protoOf<T>(object: object): T {
    return Object.getPrototypeOf(object) as T;
}

/** The class of `object` (its prototype's constructor), typed as `C`. */
function classOf<C>(object: object): C {
    return protoOf<{ constructor: C }>(object).constructor;
}

/** The object of `instance` left the pool for good. */
export function forgetPooled(instance: PooledInstance): void {
    bonesRead(instance); // the object keeps its own skeleton
    records.delete(instance.go);
    skeletons.delete(instance.skeleton);
    if (instance.standIn !== null) skeletons.delete(instance.standIn);
}

/**
 * At a spawn of `instance`: `go.skeleton` holds its stand-in while nobody ever read it (spine/bonesWhenRead.ts),
 * the stand-in known as its skeleton (the game may call the skeleton's methods through it).
 */
export function spawnPooledBones(instance: PooledInstance): void {
    spawnBones(instance);
    if (instance.standIn !== null) skeletons.set(instance.standIn, instance);
}

/** The instance of each pooled skeleton (read when it is posed in full, not per frame). */
const skeletons = new WeakMap<object, PooledInstance>();

/** The runtime's Skeleton, as its pooled subclass calls it. */
interface SkeletonBase {
    updateWorldTransform(physics: unknown): void;
    /** spine-core 4.2 only. */
    updateWorldTransformWith?(physics: unknown, parent: unknown): void;
}

/** A runtime's Skeleton class (never constructed here: an object is given its subclass's prototype). */
interface SkeletonClass {
    new (...args: never[]): SkeletonBase;
    readonly prototype: SkeletonBase;
}

const skeletonClasses = new WeakMap<SkeletonClass, SkeletonClass>();

/**
 * The pooled subclass of a Skeleton class: posing its world transforms, by the pool or by the game
 * (moving a bone after the pool's update), ends a pose copied from the cache, so the instance is
 * drawn from its own bones again (draw/PooledDraw.ts), never from samples it no longer shows.
 */
function pooledSkeletonClass(Base: SkeletonClass): SkeletonClass {
    let Pooled = skeletonClasses.get(Base);
    if (Pooled) return Pooled;
    Pooled = class PooledSkeleton extends Base {
        override updateWorldTransform(physics: unknown): void {
            const instance = skeletons.get(this);
            if (instance !== undefined) {
                instance.poseCached = instance.bonesBehind = false;
                setupNow(instance); // posed from the setup pose its reset owes
                slotsNow(instance); // what a read would see: written before the pose ends the debt
            }
            super.updateWorldTransform(physics);
            if (instance !== undefined) posedByGame(instance, this);
        }

        override updateWorldTransformWith(physics: unknown, parent: unknown): void {
            const instance = skeletons.get(this);
            if (instance !== undefined) {
                instance.poseCached = instance.bonesBehind = false;
                setupNow(instance);
                slotsNow(instance);
            }
            // Only where the base class has it (removed below otherwise).
            super.updateWorldTransformWith!(physics, parent);
            if (instance !== undefined) posedByGame(instance, this);
        }
    };
    if (typeof Base.prototype.updateWorldTransformWith !== 'function')
        delete (Pooled.prototype as { updateWorldTransformWith?: unknown }).updateWorldTransformWith;
    skeletonClasses.set(Base, Pooled);
    return Pooled;
}

/**
 * `skeleton` of `instance` was just posed: by the game (a bone turned by code, then posed), unless
 * the pool was posing it. Where it stands may be where no animation goes: its bounds are noted, so
 * culling and tiers see it where it is (animationReach.ts `noteGamePose`).
 */
function posedByGame(instance: PooledInstance, skeleton: object): void {
    if (!instance.posing && instance.spawned) noteGamePose(instance.reach, skeleton as Skeleton);
}

/** Frames between `callSite` and the game's call: callSite, then the method the game called. */
const CALLER = 2;

/** A Phaser 4 render step: a class's `renderWebGL`, called without `this`. */
type RenderStep = (this: void, ...args: never[]) => void;

/** The runtime's SpineGameObject, as its pooled subclass reads and calls it. */
interface GameObjectBase {
    skeleton: Skeleton;
    animationState: ReachedState & { owner?: PooledInstance };
    active: boolean;
    parentContainer: unknown;
    setActive(value: boolean): unknown;
    willRender(camera: Camera): boolean;
    /** Reads `src`, never `this`: Phaser 4 calls it as a render step, without `this`. */
    renderWebGL(this: void, renderer: never, src: never, camera: never, parentMatrix: unknown, step?: unknown, displayList?: unknown[], index?: number): void;
    renderCanvas(renderer: never, src: never, camera: never, parentMatrix?: unknown): void;
    on(event: string | symbol, fn: EmitterListener, context?: unknown): unknown;
    addListener(event: string | symbol, fn: EmitterListener, context?: unknown): unknown;
    once(event: string | symbol, fn: EmitterListener, context?: unknown): unknown;
}

/** A runtime's SpineGameObject class (never constructed here: an object is given its subclass's prototype). */
interface GameObjectClass {
    new (...args: never[]): GameObjectBase;
    readonly prototype: GameObjectBase;
}

const gameObjectClasses = new WeakMap<GameObjectClass, GameObjectClass>();
const guardedClasses = new WeakMap<GameObjectClass, GameObjectClass>();

/**
 * Game object methods a game calls on an instance it should have let go of (development mode):
 * each reports a call made while the instance is despawned (see PooledInstance.usedAfterDespawn).
 * The emitter's `on` / `once` / `addListener` report in every pooled class (they look the record up anyway).
 */
const GUARDED = [
    'setPosition',
    'setX',
    'setY',
    'setScale',
    'setAngle',
    'setRotation',
    'setAlpha',
    'setVisible',
    'setDepth',
    'setInteractive',
    'setData',
    'setSkin',
    'setActive',
];

/**
 * A call on `instance`'s object while it is despawned, `depth` frames above callSite: reported in
 * development mode, once per despawn (no stack is captured for the calls after the first).
 * `event`, when given, is the emitter event the call names.
 */
function staleUse(instance: PooledInstance, call: string, depth: number, event?: string | symbol): void {
    if (!instance.settings.options.dev || instance.soiled) return;
    instance.usedAfterDespawn(event === undefined ? call : `${call}(${JSON.stringify(String(event))})`, callSite(depth));
}

/** The development subclass of a pooled class: the {@link GUARDED} methods report a use after despawn. */
function guardedClass(Pooled: GameObjectClass): GameObjectClass {
    let Guarded = guardedClasses.get(Pooled);
    if (Guarded) return Guarded;
    Guarded = class GuardedSpineGameObject extends Pooled {};
    for (const name of GUARDED) {
        const base: unknown = Reflect.get(Pooled.prototype, name);
        if (typeof base !== 'function') continue;
        const call = `go.${name}()`;
        Object.defineProperty(Guarded.prototype, name, {
            configurable: true,
            writable: true,
            value: function (this: object, ...args: unknown[]): unknown {
                const instance = records.get(this);
                // callSite, staleUse, this method, the game's call.
                if (instance !== undefined && instance.despawned) staleUse(instance, call, CALLER + 1);
                return base.apply(this, args);
            },
        });
    }
    guardedClasses.set(Pooled, Guarded);
    return Guarded;
}

/** Scratch of the culling test (rendering is single-threaded and the test does not nest). */
const cullView = viewRect();
const cullAt = placement();
const cullBox: Box = { left: 0, top: 0, right: 0, bottom: 0 };
const cullRect = rect();

/** A pooled object as its render step reads it: drawn (PooledDraw), its record, its runtime's plugin. */
interface PooledDrawn extends DrawnObject {
    animationState: { owner?: PooledInstance };
    plugin: SpinePlugin4 & { webGLRenderer: SceneRenderer | null | undefined };
}

interface Camera {
    rotation: number;
    zoomX: number;
    zoomY: number;
    scrollX: number;
    scrollY: number;
    worldView: { x: number; y: number; right: number; bottom: number };
}

/** The pooled subclass of a SpineGameObject class. */
function pooledGameObjectClass(Base: GameObjectClass): GameObjectClass {
    let Pooled = gameObjectClasses.get(Base);
    if (Pooled) return Pooled;
    Pooled = class PooledSpineGameObject extends Base {
        /**
         * Its turn in Phaser's UpdateList, where a stock object is updated: the plugin's scheduler
         * says whether this frame updates it (its tier's interval, off screen, its first frame).
         */
        preUpdate(): void {
            // Every instance, every frame: its record is one field away (its pooled AnimationState's
            // owner), not a map lookup.
            const instance = this.animationState.owner;
            if (instance !== undefined && (instance.go as object) === this) instance.host.visit(instance);
        }

        /**
         * Phaser's UpdateList skips inactive objects, so a stock object set inactive stops in the
         * pose it shows now: a pooled one is brought up to date and posed, then frozen (no time
         * passes for it) until it is set active again.
         */
        override setActive(value: boolean): this {
            const instance = records.get(this);
            const changing = instance !== undefined && instance.entry !== null && !!value !== this.active;
            if (changing && !value) instance.host.settle(instance, true);
            else if (changing) instance.host.resume(instance);
            super.setActive(value);
            if (changing) instance.host.reclassify(instance);
            return this;
        }

        /**
         * Render culling, per camera: also says no when the instance's extent, grown by
         * `offscreenMargin`, misses the view of the camera about to draw it (`worldView` is
         * refreshed just before rendering; a rotated camera's is its unrotated viewport, so the
         * box around the turned one is taken). Instances in Containers are left to spine-phaser,
         * which flushes its batch for container children in its own `willRender`.
         */
        override willRender(camera: Camera): boolean {
            if (!super.willRender(camera)) return false;
            const instance = this.animationState.owner;
            if (instance === undefined || (instance.go as object) !== this || !instance.settings.options.cull || this.parentContainer) return true;
            // A texture's camera (a RenderTexture drawing a group): what the game draws there is drawn.
            if (!instance.host.drawnThrough(instance, camera)) return true;
            // Off screen for every camera this frame (its tier, as the frame's end left it): its pose is
            // not kept (an events-only sleeper's state runs ahead of it), so it is not drawn.
            if (instance.entry !== null && instance.entry.tier === Tier.Offscreen) return false;
            const view = camera.worldView;
            const m = instance.settings.options.offscreenMargin;
            let growX = m;
            let growY = m;
            const r = camera.rotation;
            if (r !== 0) {
                const cos = Math.abs(Math.cos(r));
                const sin = Math.abs(Math.sin(r));
                const w = (view.right - view.x) * 0.5;
                const h = (view.bottom - view.y) * 0.5;
                const zoom = camera.zoomY / camera.zoomX; // turned, a world px of the view's height is this many of its width
                growX += (cos - 1) * w + sin * h * zoom;
                growY += (sin * w) / zoom + (cos - 1) * h;
            }
            cullView.minX = view.x - growX;
            cullView.minY = view.y - growY;
            cullView.maxX = view.right + growX;
            cullView.maxY = view.bottom + growY;
            cullView.scrollX = camera.scrollX;
            cullView.scrollY = camera.scrollY;
            placementOf(instance.go, cullAt); // this object (checked above)
            // Anywhere its rig can reach is inside the view: drawn, its state not read (a crowd's cold
            // TrackEntry objects: the largest part of this check).
            if (wholeExtentOf(instance.skeleton, instance.setupBox, cullBox, instance.reach, instance.host.frame)) {
                place(cullBox, cullAt, cullView, cullRect);
                if (within(cullRect, cullView)) return true;
            }
            // Where the pose it shows is: its state's time as it stands (an instance on screen is posed at it).
            instance.reach.ahead = 0;
            extentOf(instance.skeleton, this.animationState, instance.version, instance.setupBox, cullBox, instance.reach);
            place(cullBox, cullAt, cullView, cullRect);
            return overlaps(cullRect, cullView);
        }

        /**
         * Drawn by the pool's WebGL path (draw/PooledDraw.ts) where it covers the instance, else by the
         * runtime. Phaser 3 passes a camera; Phaser 4 a drawing context, and where the object is
         * in the display list being drawn.
         */
        override renderWebGL(
            this: void,
            renderer: never,
            src: never,
            camera: never,
            parentMatrix: unknown,
            step?: unknown,
            displayList?: unknown[],
            index?: number,
        ): void {
            // `src`, not `this`: Phaser 4 calls a render step without `this` (the runtime's own
            // renderWebGL reads only `src` there too).
            const go = src as PooledDrawn;
            const instance = go.animationState.owner;
            const own = instance !== undefined && (instance.go as object) === go;
            const phaser3 = (renderer as { renderNodes?: unknown }).renderNodes === undefined;
            // Drawn is seen: through a camera no view of the scene is (rt.draw), it is posed as on screen.
            if (own) instance.host.drawnThrough(instance, phaser3 ? camera : (camera as { camera: object }).camera);
            if (phaser3) {
                if (own && drawPooled(go, instance, go.plugin.webGLRenderer, renderer, camera, parentMatrix) !== 'runtime') return;
                const lent = own && lendSkeleton(instance);
                try {
                    super.renderWebGL(renderer, src, camera, parentMatrix);
                } finally {
                    if (lent) returnSkeleton(instance);
                }
                return;
            }
            const sceneRenderer = go.plugin.webGLRenderer;
            if (own && drawPooledPhaser4(go, instance, sceneRenderer, go.plugin, renderer, camera, parentMatrix, displayList, index) !== 'runtime') return;
            // The runtime's spine-webgl renderer goes on in a batch a pooled neighbour left open, as
            // after one of its own objects (ending it would cost a flush per instance); its other
            // renderers draw through Phaser's, so that batch ends first.
            if ((go as { rendererType?: string }).rendererType !== 'spine-webgl') endPooledBatch(sceneRenderer, go.plugin, renderer, camera);
            const lent = own && lendSkeleton(instance);
            try {
                super.renderWebGL(renderer, src, camera, parentMatrix, step, displayList, index);
            } finally {
                if (lent) returnSkeleton(instance);
            }
        }

        /** Phaser's Canvas renderer: the runtime draws it (counted as such in `stats().drawn`). */
        override renderCanvas(renderer: never, src: never, camera: never, parentMatrix?: unknown): void {
            const instance = this.animationState.owner;
            const own = instance !== undefined && (instance.go as object) === this;
            if (own) {
                instance.host.drawnThrough(instance, camera);
                drawn(instance, 'runtime');
            }
            const lent = own && lendSkeleton(instance);
            try {
                super.renderCanvas(renderer, src, camera, parentMatrix);
            } finally {
                if (lent) returnSkeleton(instance);
            }
        }

        override on(event: string | symbol, fn: EmitterListener, context?: unknown): unknown {
            const instance = records.get(this);
            if (instance !== undefined) {
                if (instance.despawned) staleUse(instance, 'go.on', CALLER + 1, event);
                instance.hygiene.recordEmitterSite(fn, CALLER + 1);
            }
            return super.on(event, fn, context);
        }

        override addListener(event: string | symbol, fn: EmitterListener, context?: unknown): unknown {
            const instance = records.get(this);
            if (instance !== undefined) {
                if (instance.despawned) staleUse(instance, 'go.addListener', CALLER + 1, event);
                instance.hygiene.recordEmitterSite(fn, CALLER + 1);
            }
            return super.addListener(event, fn, context);
        }

        override once(event: string | symbol, fn: EmitterListener, context?: unknown): unknown {
            const instance = records.get(this);
            if (instance !== undefined) {
                if (instance.despawned) staleUse(instance, 'go.once', CALLER + 1, event);
                instance.hygiene.recordEmitterSite(fn, CALLER + 1);
            }
            return super.once(event, fn, context);
        }
    };
    gameObjectClasses.set(Base, Pooled);
    return Pooled;
}
