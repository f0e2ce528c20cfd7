import { PoolError } from './errors';

/**
 * What an instance outside the camera's view (grown by `offscreenMargin`) gets.
 * - `'events'`: animation time, queued animations, mixes and Spine events stay exact but nothing
 *   is posed until it is back in view (spine-unity's OnlyEventTimelines update, which spine-ts
 *   lacks), and then it shows what a stock object shows. Such an instance is updated on demand, not
 *   at a tier's interval: when its next Spine event, completion or track end is due (every frame
 *   while it mixes, has a queued or delayed entry, or a track below full alpha or additive), when
 *   the game changes it (a new animation or listener), and at least once a second otherwise.
 *   Events and completions reach listeners in the frame a per-frame update would deliver them.
 *   A rig with physics constraints is updated and posed every frame (only not drawn): its pose
 *   depends on its whole history, so it comes back into view with a stock object's pose;
 * - `'lod'`: nothing special, distance tiers only (the Unity SpineManager's behaviour);
 * - `'low'`: full updates at the low tier's interval;
 * - `'pause'`: no update at all until it is back in view; its animation resumes where it stopped.
 *
 * With every mode but `'lod'`, an instance that comes back into view is posed in that same frame.
 *
 * @example
 * ```ts
 * this.spinePool.configure({ offscreen: 'pause' }); // off-screen characters freeze until seen again
 * ```
 */
export type OffscreenMode = 'events' | 'lod' | 'low' | 'pause';

/** The offscreen modes, in documentation order. */
export const OFFSCREEN_MODES: readonly OffscreenMode[] = ['events', 'lod', 'low', 'pause'];

/**
 * Where an instance's pose comes from when it plays one animation plainly: `'shared'` copies it from
 * samples shared by every instance of that skeleton, skin and animation (see
 * {@link SpinePoolOptions.poseCache}); `'off'` computes every pose.
 *
 * @example
 * ```ts
 * // 'shared' is the default; a boss whose code reads its bones' local values computes every pose:
 * const boss = this.spinePool.spawn(400, 300, 'boss', 'boss-atlas', { animation: 'idle', poseCache: 'off' });
 * // or every instance, game-wide:
 * this.spinePool.configure({ poseCache: 'off' });
 * ```
 */
export type PoseCacheMode = 'off' | 'shared';

/** The pose cache modes. */
export const POSE_CACHE_MODES: readonly PoseCacheMode[] = ['off', 'shared'];

/** spine-phaser-v4's renderers of a SpineGameObject (its `renderer` option). */
export type SpineRendererName = 'phaser' | 'spine-webgl' | 'spine-canvas';
export const SPINE_RENDERERS: readonly SpineRendererName[] = ['phaser', 'spine-webgl', 'spine-canvas'];

/**
 * The parts of a camera the scheduler reads. A Phaser `Cameras.Scene2D.Camera` fits.
 * The view is derived from scroll, zoom and size, because `worldView` and `midPoint` are only
 * refreshed in the camera's preRender, which a HEADLESS game never runs.
 *
 * @example
 * ```ts
 * // Measure level of detail against a minimap or split-screen camera instead of the main one.
 * const player2 = this.cameras.add(640, 0, 640, 720);
 * this.spinePool.configure({ camera: player2 });
 * ```
 */
export interface CameraView {
    /** Horizontal scroll, world px (the camera's `scrollX`). */
    scrollX: number;
    /** Vertical scroll, world px (the camera's `scrollY`). */
    scrollY: number;
    /** Viewport width, screen px. */
    width: number;
    /** Viewport height, screen px. */
    height: number;
    /** Horizontal zoom factor (1 = no zoom). */
    zoomX: number;
    /** Vertical zoom factor (1 = no zoom). */
    zoomY: number;
    /** When true the scroll is clamped with `clampX` / `clampY`, as Phaser does before drawing. */
    useBounds?: boolean;
    /** Clamps a horizontal scroll to the camera's bounds (Phaser's `Camera.clampX`). */
    clampX?(x: number): number;
    /** Clamps a vertical scroll to the camera's bounds (Phaser's `Camera.clampY`). */
    clampY?(y: number): number;
}

/**
 * Options of the pool and its scheduler, set with {@link SpinePoolPlugin.configure} and read with
 * {@link SpinePoolPlugin.getOptions}. Names and meanings follow Unity SpineManager's
 * `SpineManagerLODConfig`. Units: distances and margins are **world pixels**; the three
 * frequencies are **frame intervals** (1 = every frame, 2 = every other frame), not Hz or ms.
 *
 * @example
 * ```ts
 * this.spinePool.configure({
 *     highDetailDistance: 600, // world px from the view centre: every frame inside this
 *     midDetailDistance: 1200, // every 2nd frame up to here, every 4th beyond
 *     midFrequency: 2,
 *     lowFrequency: 4,
 *     offscreen: 'events',
 * });
 * ```
 */
export interface SpinePoolOptions {
    /**
     * World px from the camera's view centre to the instance's extent (its setup-pose bounds and
     * the reach of its animations) under which it is high detail.
     * @default 1000
     */
    highDetailDistance: number;
    /**
     * World px from the view centre under which an instance is mid detail (and not high);
     * beyond it is low detail. Must be >= `highDetailDistance`.
     * @default 2000
     */
    midDetailDistance: number;
    /**
     * On-screen height (px: its extent × its world scale × the camera's zoom) under which an
     * instance is at least mid detail, however near: zooming out makes small characters cheaper,
     * while at zoom 1 normal-sized characters are far above it. 0 turns it off.
     * @default 64
     */
    midDetailScreenSize: number;
    /**
     * On-screen height (px) under which an instance is low detail, however near. Must be <=
     * `midDetailScreenSize`. 0 turns it off.
     * @default 48
     */
    lowDetailScreenSize: number;
    /**
     * Frame interval of high-detail instances, integer 1..16.
     * @default 1
     */
    highFrequency: number;
    /**
     * Frame interval of mid-detail instances, integer 1..16, >= `highFrequency`.
     * @default 2
     */
    midFrequency: number;
    /**
     * Frame interval of low-detail instances, integer 1..16, >= `midFrequency`.
     * @default 4
     */
    lowFrequency: number;
    /**
     * Round-robin groups: each frame one group has its tiers re-evaluated, so every instance is
     * re-evaluated at least once every `groupCount` frames. Integer 1..16.
     * @default 4
     */
    groupCount: number;
    /**
     * The one camera visibility and level of detail are measured against; `null` means every
     * camera of the scene that renders the instance (a minimap, split screen): it is visible when
     * any of them sees it, and its tier is the one of the nearest.
     * @default null
     */
    camera: CameraView | null;
    /**
     * What an instance outside the camera view gets; see {@link OffscreenMode}.
     * @default 'events'
     */
    offscreen: OffscreenMode;
    /**
     * World px added around the camera view before an instance counts as off screen (for updates
     * and for culling). An instance playing one animation plainly is measured where that
     * animation's samples (30 a second) around its current time reach; anything else, where all
     * its animations can reach, joined with its setup pose. The margin covers what the samples
     * miss between them.
     * @default 4
     */
    offscreenMargin: number;
    /**
     * Skip drawing instances whose extent (see `offscreenMargin`) is outside the view of the camera
     * rendering them, checked per camera at render time. Instances inside Containers are always drawn.
     * @default true
     */
    cull: boolean;
    /**
     * `'shared'`: an instance playing one animation plainly (track 0 alone, no mix, full alpha, no
     * physics, no `before/afterUpdateWorldTransforms` callback) copies its pose from samples shared
     * by every instance of that skeleton, skin and animation instead of computing it: its time,
     * queued animations and events stay exact; every bone and every point it carries is within
     * `poseCacheTolerance` px of the exact pose; attachments, draw order and sequence frames switch
     * in the frame they switch on a stock object. Anything else is posed in full while it lasts.
     * Bone world transforms are copied, local ones (`bone.rotation`...) are not updated by a copy,
     * and bones or slots the game writes directly (not through the callbacks) are not seen: give such
     * instances `spawn(..., { poseCache: 'off' })`. `'off'`: every pose is computed, as stock does.
     * @default 'shared'
     */
    poseCache: PoseCacheMode;
    /**
     * How far (skeleton px, at scale 1) a pose served by the shared cache may be from the exact
     * pose, for every bone and every point it carries (region corners, mesh vertices, the bone's
     * tip). Samples are placed until the poses interpolated between them are within it: a smaller
     * tolerance takes more samples (memory, and building time the first time an animation plays).
     * Changing it samples every animation again.
     * @default 0.5
     */
    poseCacheTolerance: number;
    /**
     * MB the shared pose cache's samples may take; beyond it, the animations used longest ago are
     * dropped (and sampled again when needed). A 60-bone rig takes about 2.2 KB per sample, and at
     * the default tolerance about 75 samples per second of animation (its walk and run cycles).
     * @default 32
     */
    poseCacheMemory: number;
    /**
     * Free (despawned, kept for reuse) instances each pool keeps at most, like the cap of Phaser's
     * `Group.maxSize` but on what waits in the pool: a despawn beyond it destroys the instance
     * instead (its `onDestroy` hook runs), and lowering it destroys the extra free instances at once.
     * An integer >= 0, or `Infinity` for no cap; 0 keeps none (every despawn destroys).
     * @default Infinity
     */
    maxFree: number;
    /**
     * Phaser 4 (spine-phaser-v4): the renderer pooled instances are built with, its
     * `this.add.spine(..., { renderer })` option; null builds them as `this.add.spine` does by default
     * (`'phaser'`: a Phaser Mesh2D per slot). With `'spine-webgl'` an instance served by the pose
     * cache is drawn from the cache's shared render data (the runtime's spine-webgl batch), much
     * cheaper with crowds on screen; compare pooled instances with stock ones made with the same
     * renderer (the runtime's renderers differ a little in blending and texture edges). Applies to
     * instances built after it is set: give it in the plugin's config or before the first spawn.
     * Other runtimes have one renderer: a value other than null throws when an instance is built.
     * @default null
     */
    renderer: SpineRendererName | null;
    /**
     * Development warnings (leaks, misuse). `false` prints nothing and captures no stacks.
     * @default true, unless `process.env.NODE_ENV` is `'production'` at build time
     */
    dev: boolean;
}

// Bundlers replace `process.env.NODE_ENV` textually; without one there is no `process` at all.
declare const process: { env: { NODE_ENV?: string } };

/** True unless the bundler replaced `process.env.NODE_ENV` with 'production' (or Node runs in production). */
function developmentBuild(): boolean {
    try {
        return process.env.NODE_ENV !== 'production';
    } catch {
        return true; // no `process` at all: a plain script tag, development by default
    }
}

/**
 * The options in force, in the one object every part of the plugin reads them from: `configure`
 * replaces `options` (validated) and nothing keeps a copy.
 */
export interface Settings {
    options: SpinePoolOptions;
}

/** The default options; a fresh object each call. */
export function defaultOptions(): SpinePoolOptions {
    return {
        highDetailDistance: 1000,
        midDetailDistance: 2000,
        midDetailScreenSize: 64,
        lowDetailScreenSize: 48,
        highFrequency: 1,
        midFrequency: 2,
        lowFrequency: 4,
        groupCount: 4,
        camera: null,
        offscreen: 'events',
        offscreenMargin: 4,
        cull: true,
        poseCache: 'shared',
        poseCacheMemory: 32,
        poseCacheTolerance: 0.5,
        maxFree: Infinity,
        renderer: null,
        dev: developmentBuild(),
    };
}

const OPTION_NAMES = Object.keys(defaultOptions()) as (keyof SpinePoolOptions)[];

function show(value: unknown): string {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
    if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value)})`;
    return typeof value;
}

/** Who is validating, for messages: set by `resolveOptions` for the call (validation does not nest). */
let caller = '';

function fail(name: string, rule: string, value: unknown): never {
    throw new PoolError(`${caller}: option '${name}' must be ${rule}; got ${show(value)}.`);
}

function distance(name: string, value: unknown, unit = 'world px'): number {
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
        fail(name, `a number of ${unit} >= 0 (Infinity allowed)`, value);
    }
    return value;
}

function interval(name: string, value: unknown, max: number, what: string): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
        fail(name, `an integer from 1 to ${max} (${what})`, value);
    }
    return value;
}

function isCamera(value: unknown): value is CameraView {
    if (typeof value !== 'object' || value === null) return false;
    const cam = value as Record<string, unknown>;
    return ['scrollX', 'scrollY', 'width', 'height', 'zoomX', 'zoomY'].every((k) => typeof cam[k] === 'number');
}

/**
 * Validates `patch` on top of `current` and returns the merged options, or throws an Error that
 * names the call (`name`, e.g. the method the options were given to), the option, the value and the
 * allowed range. `current` is not changed.
 */
export function resolveOptions(current: SpinePoolOptions, patch: Partial<SpinePoolOptions>, name: string): SpinePoolOptions {
    caller = name;
    if (typeof patch !== 'object' || patch === null) {
        throw new PoolError(`${caller} takes an object of options; got ${show(patch)}.`);
    }
    for (const key of Object.keys(patch)) {
        if (!(OPTION_NAMES as string[]).includes(key)) {
            throw new PoolError(`${caller}: unknown option '${key}'. Known options: ${OPTION_NAMES.join(', ')}.`);
        }
    }
    const next: SpinePoolOptions = { ...current };
    for (const key of OPTION_NAMES) {
        if (patch[key] !== undefined || ((key === 'camera' || key === 'renderer') && key in patch)) {
            (next as unknown as Record<string, unknown>)[key] = patch[key];
        }
    }

    distance('highDetailDistance', next.highDetailDistance);
    distance('midDetailDistance', next.midDetailDistance);
    if (next.midDetailDistance < next.highDetailDistance) {
        fail('midDetailDistance', `>= highDetailDistance (${next.highDetailDistance})`, next.midDetailDistance);
    }
    distance('midDetailScreenSize', next.midDetailScreenSize, 'px of screen height');
    distance('lowDetailScreenSize', next.lowDetailScreenSize, 'px of screen height');
    if (next.lowDetailScreenSize > next.midDetailScreenSize) {
        fail('lowDetailScreenSize', `<= midDetailScreenSize (${next.midDetailScreenSize})`, next.lowDetailScreenSize);
    }
    const frame = 'a frame interval, 1 = every frame';
    interval('highFrequency', next.highFrequency, 16, frame);
    interval('midFrequency', next.midFrequency, 16, frame);
    interval('lowFrequency', next.lowFrequency, 16, frame);
    if (next.midFrequency < next.highFrequency) {
        fail('midFrequency', `>= highFrequency (${next.highFrequency}): intervals never decrease from high to low detail`, next.midFrequency);
    }
    if (next.lowFrequency < next.midFrequency) {
        fail('lowFrequency', `>= midFrequency (${next.midFrequency}): intervals never decrease from high to low detail`, next.lowFrequency);
    }
    interval('groupCount', next.groupCount, 16, 'round-robin groups');
    if (next.camera !== null && !isCamera(next.camera)) {
        fail('camera', 'null (every camera of the scene) or a camera with scrollX, scrollY, width, height, zoomX, zoomY', next.camera);
    }
    if (!OFFSCREEN_MODES.includes(next.offscreen)) {
        fail('offscreen', `one of ${OFFSCREEN_MODES.map((m) => `'${m}'`).join(', ')}`, next.offscreen);
    }
    if (typeof next.offscreenMargin !== 'number' || !Number.isFinite(next.offscreenMargin) || next.offscreenMargin < 0) {
        fail('offscreenMargin', 'a finite number of world px >= 0', next.offscreenMargin);
    }
    if (typeof next.cull !== 'boolean') fail('cull', 'true or false', next.cull);
    if (!POSE_CACHE_MODES.includes(next.poseCache)) fail('poseCache', `one of ${POSE_CACHE_MODES.map((m) => `'${m}'`).join(', ')}`, next.poseCache);
    if (typeof next.poseCacheTolerance !== 'number' || !Number.isFinite(next.poseCacheTolerance) || next.poseCacheTolerance <= 0) {
        fail('poseCacheTolerance', 'a finite number of px > 0', next.poseCacheTolerance);
    }
    if (typeof next.poseCacheMemory !== 'number' || !Number.isFinite(next.poseCacheMemory) || next.poseCacheMemory <= 0) {
        fail('poseCacheMemory', 'a finite number of MB > 0', next.poseCacheMemory);
    }
    if (typeof next.maxFree !== 'number' || !(next.maxFree === Infinity || Number.isInteger(next.maxFree)) || next.maxFree < 0) {
        fail('maxFree', 'an integer >= 0 (free instances kept per pool) or Infinity (no cap)', next.maxFree);
    }
    if (next.renderer !== null && !SPINE_RENDERERS.includes(next.renderer)) {
        fail('renderer', `null (the runtime's default) or one of spine-phaser-v4's renderers: ${SPINE_RENDERERS.map((r) => `'${r}'`).join(', ')}`, next.renderer);
    }
    if (typeof next.dev !== 'boolean') fail('dev', 'true or false', next.dev);
    return next;
}
