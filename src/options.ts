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
    /** Rotation, radians, about the viewport's centre (Phaser's `Camera.rotation`; 0 when absent). */
    rotation?: number;
    /** When true the scroll is clamped with `clampX` / `clampY`, as Phaser does before drawing. */
    useBounds?: boolean;
    /** Clamps a horizontal scroll to the camera's bounds (Phaser's `Camera.clampX`). */
    clampX?(x: number): number;
    /** Clamps a vertical scroll to the camera's bounds (Phaser's `Camera.clampY`). */
    clampY?(y: number): number;
}

/**
 * One option: its default, what it accepts and how it must stand to the others. Its doc is the
 * TSDoc on its entry in the record (see {@link CORE_OPTIONS}), which the options' type keeps.
 */
export interface Option<T> {
    /** Its value until one is given; a function when it is read from the environment (`dev`). */
    readonly default: T | (() => T);
    /** Whether `value`, alone, is allowed. */
    accepts(value: unknown): value is T;
    /** What is allowed, in words: "option 'x' must be <rule>; got <value>." */
    readonly rule: string;
    /**
     * How `value` must stand to the other options (`options`, every one allowed alone): null when it
     * does, else the rule it breaks, in words.
     */
    relation?(value: T, options: Readonly<Record<string, unknown>>): string | null;
    /** When set, the option is a scene's own, not a game-wide default (the plugin entry's data refuses it): what it is. */
    readonly perScene?: string;
}

/** A record of options: one entry per option, in documentation order. */
export type OptionRecord = { readonly [name: string]: Option<unknown> };

/**
 * The options of a record, each typed as its entry accepts; homomorphic, so each option keeps the
 * TSDoc of its entry (what IDE hovers and the API reference show).
 */
export type OptionsOf<R extends OptionRecord> = { -readonly [K in keyof R]: R[K] extends Option<infer T> ? T : never };

/** What an option allows: `accepts` and `rule` of {@link Option}. */
export type Check<T> = Pick<Option<T>, 'accepts' | 'rule'>;

/** An option of default `initial` allowing what `check` allows; `more`: how it stands to the others, whether it is per scene. */
export function option<T>(initial: T | (() => T), check: Check<T>, more?: Pick<Option<T>, 'relation' | 'perScene'>): Option<T> {
    return { default: initial, accepts: check.accepts, rule: check.rule, relation: more?.relation, perScene: more?.perScene };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

/** A distance or a size: any number >= 0, Infinity included. */
function distance(unit: string): Check<number> {
    return { accepts: (v): v is number => isNumber(v) && v >= 0, rule: `a number of ${unit} >= 0 (Infinity allowed)` };
}

/** A finite number of `unit` >= 0, or > 0 when `positive`. */
export function finite(unit: string, positive: boolean): Check<number> {
    return {
        accepts: (v): v is number => isNumber(v) && Number.isFinite(v) && (positive ? v > 0 : v >= 0),
        rule: `a finite number of ${unit} ${positive ? '> 0' : '>= 0'}`,
    };
}

/** An integer from 1 to `max`; `what` says what it counts. */
function interval(max: number, what: string): Check<number> {
    return { accepts: (v): v is number => isNumber(v) && Number.isInteger(v) && v >= 1 && v <= max, rule: `an integer from 1 to ${max} (${what})` };
}

const FRAME_INTERVAL = interval(16, 'a frame interval, 1 = every frame');

/** `true` or `false`. */
export const TRUE_OR_FALSE: Check<boolean> = { accepts: (v): v is boolean => typeof v === 'boolean', rule: 'true or false' };

/** One of `values` (strings); `prefix` comes before the list in the rule. */
export function oneOf<T extends string>(values: readonly T[], prefix = 'one of'): Check<T> {
    return { accepts: (v): v is T => (values as readonly unknown[]).includes(v), rule: `${prefix} ${values.map((m) => `'${m}'`).join(', ')}` };
}

/** `null` (meaning `none`, in words) or what `check` allows. */
export function orNull<T>(check: Check<T>, none: string): Check<T | null> {
    return { accepts: (v): v is T | null => v === null || check.accepts(v), rule: `null (${none}) or ${check.rule}` };
}

/** The relation "at least the option `other`", `why` appended to the rule. */
function notBelow(other: string, why = ''): NonNullable<Option<number>['relation']> {
    return (value, options) => (value >= (options[other] as number) ? null : `>= ${other} (${String(options[other])})${why}`);
}

/** The relation "at most the option `other`". */
function notAbove(other: string): NonNullable<Option<number>['relation']> {
    return (value, options) => (value <= (options[other] as number) ? null : `<= ${other} (${String(options[other])})`);
}

const NEVER_DECREASE = ': intervals never decrease from high to low detail';

const CAMERA_FIELDS = ['scrollX', 'scrollY', 'width', 'height', 'zoomX', 'zoomY'] as const;

const CAMERA: Check<CameraView> = {
    accepts: (v): v is CameraView => typeof v === 'object' && v !== null && CAMERA_FIELDS.every((k) => typeof (v as Record<string, unknown>)[k] === 'number'),
    rule: `a camera with ${CAMERA_FIELDS.join(', ')}`,
};

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
 * The options of the pool and its scheduler that know no engine, one entry each: its TSDoc (the
 * option's doc, with its `@default`), its default, what it accepts. Their defaults, validation and
 * names are derived from here; the plugin adds its engine's options (plugin/options.ts).
 */
export const CORE_OPTIONS = {
    /**
     * World px from the camera's view centre to the instance's extent (its setup-pose bounds and
     * the reach of its animations) under which it is high detail.
     * @default 1000
     */
    highDetailDistance: option(1000, distance('world px')),
    /**
     * World px from the view centre under which an instance is mid detail (and not high);
     * beyond it is low detail. Must be >= `highDetailDistance`.
     * @default 2000
     */
    midDetailDistance: option(2000, distance('world px'), { relation: notBelow('highDetailDistance') }),
    /**
     * On-screen height (px: its extent × its world scale × the camera's zoom) under which an
     * instance is at least mid detail, however near: zooming out makes small characters cheaper,
     * while at zoom 1 normal-sized characters are far above it. 0 turns it off.
     * @default 64
     */
    midDetailScreenSize: option(64, distance('px of screen height')),
    /**
     * On-screen height (px) under which an instance is low detail, however near. Must be <=
     * `midDetailScreenSize`. 0 turns it off.
     * @default 48
     */
    lowDetailScreenSize: option(48, distance('px of screen height'), { relation: notAbove('midDetailScreenSize') }),
    /**
     * Frame interval of high-detail instances, integer 1..16.
     * @default 1
     */
    highFrequency: option(1, FRAME_INTERVAL),
    /**
     * Frame interval of mid-detail instances, integer 1..16, >= `highFrequency`.
     * @default 2
     */
    midFrequency: option(2, FRAME_INTERVAL, { relation: notBelow('highFrequency', NEVER_DECREASE) }),
    /**
     * Frame interval of low-detail instances, integer 1..16, >= `midFrequency`.
     * @default 4
     */
    lowFrequency: option(4, FRAME_INTERVAL, { relation: notBelow('midFrequency', NEVER_DECREASE) }),
    /**
     * Round-robin groups: each frame one group has its tiers re-evaluated, so every instance is
     * re-evaluated at least once every `groupCount` frames. Integer 1..16.
     * @default 4
     */
    groupCount: option(4, interval(16, 'round-robin groups')),
    /**
     * The one camera visibility and level of detail are measured against; `null` means every
     * camera of the scene that renders the instance (a minimap, split screen): it is visible when
     * any of them sees it, and its tier is the one of the nearest.
     * @default null
     */
    camera: option<CameraView | null>(null, orNull(CAMERA, 'every camera of the scene'), { perScene: "a scene's own camera" }),
    /**
     * What an instance outside the camera view gets; see {@link OffscreenMode}.
     * @default 'events'
     */
    offscreen: option<OffscreenMode>('events', oneOf(OFFSCREEN_MODES)),
    /**
     * World px added around the camera view before an instance counts as off screen (for updates
     * and for culling). An instance playing one animation plainly is measured where that
     * animation's samples (30 a second) around its current time reach; anything else, where all
     * its animations can reach, joined with its setup pose. The margin covers what the samples
     * miss between them.
     * @default 4
     */
    offscreenMargin: option(4, finite('world px', false)),
    /**
     * Skip drawing instances whose extent (see `offscreenMargin`) is outside the view of the camera
     * rendering them, checked per camera at render time. Instances inside Containers are always drawn.
     * @default true
     */
    cull: option(true, TRUE_OR_FALSE),
    /**
     * `'shared'`: an instance playing one animation plainly (track 0 alone, no mix, full alpha, no
     * physics, no `before/afterUpdateWorldTransforms` callback: clear one you set with an empty
     * function, `go.afterUpdateWorldTransforms = () => {}`) copies its pose from samples shared
     * by every instance of that skeleton, skin and animation instead of computing it: its time,
     * queued animations and events stay exact; every bone and every point it carries is within
     * `poseCacheTolerance` px of the exact pose; attachments, draw order and sequence frames switch
     * in the frame they switch on a stock object. Anything else is posed in full while it lasts.
     * Bone world transforms are copied, local ones (`bone.rotation`...) are not updated by a copy,
     * and bones or slots the game writes directly (not through the callbacks) are not seen: give such
     * instances `spawn(..., { poseCache: 'off' })`. `'off'`: every pose is computed, as stock does.
     * @default 'shared'
     */
    poseCache: option<PoseCacheMode>('shared', oneOf(POSE_CACHE_MODES)),
    /**
     * How far (skeleton px, at scale 1) a pose served by the shared cache may be from the exact
     * pose, for every bone and every point it carries (region corners, mesh vertices, the bone's
     * tip). Samples are placed until the poses interpolated between them are within it: a smaller
     * tolerance takes more samples (memory, and building time the first time an animation plays).
     * Changing it samples every animation again.
     * @default 0.5
     */
    poseCacheTolerance: option(0.5, finite('px', true)),
    /**
     * MB the shared pose cache's samples may take; beyond it, the animations used longest ago are
     * dropped (and sampled again when needed). A 60-bone rig takes about 2.2 KB per sample, and at
     * the default tolerance about 75 samples per second of animation (its walk and run cycles).
     * @default 32
     */
    poseCacheMemory: option(32, finite('MB', true)),
    /**
     * Free (despawned, kept for reuse) instances each pool keeps at most, like the cap of Phaser's
     * `Group.maxSize` but on what waits in the pool: a despawn beyond it destroys the instance
     * instead (its `onDestroy` hook runs), and lowering it destroys the extra free instances at once.
     * An integer >= 0, or `Infinity` for no cap; 0 keeps none (every despawn destroys).
     * @default Infinity
     */
    maxFree: option(Infinity, {
        accepts: (v): v is number => isNumber(v) && (v === Infinity || (Number.isInteger(v) && v >= 0)),
        rule: 'an integer >= 0 (free instances kept per pool) or Infinity (no cap)',
    }),
    /**
     * Development warnings (leaks, misuse). `false` prints nothing and captures no stacks.
     * @default true, unless `process.env.NODE_ENV` is `'production'` at build time
     */
    dev: option<boolean>(developmentBuild, TRUE_OR_FALSE),
};

/** The options src/ and spine/ read (the engine-free ones); the plugin's `SpinePoolOptions` adds its engine's. */
export type CoreOptions = OptionsOf<typeof CORE_OPTIONS>;

/**
 * The options in force, in the one object every part of the plugin reads them from: `configure`
 * replaces `options` (validated) and nothing keeps a copy, but the scheduler, which is handed its
 * intervals and group count again (plugin/UpdatePass.ts `applySettings`).
 */
export interface Settings<O extends CoreOptions = CoreOptions> {
    options: O;
}

/** The defaults of `record`'s options; a fresh object each call. */
export function defaultsOf<R extends OptionRecord>(record: R): OptionsOf<R> {
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(record)) {
        const initial = record[name].default;
        out[name] = typeof initial === 'function' ? (initial as () => unknown)() : initial;
    }
    return out as OptionsOf<R>;
}

function show(value: unknown): string {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
    if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value)})`;
    return typeof value;
}

/**
 * Validates `patch` on top of `current`, options of `record`, and returns the merged options, or
 * throws a PoolError that names the call (`caller`, e.g. the method the options were given to),
 * the option, the value and the allowed range. `current` is not changed. An option given as
 * `undefined` is left as it is, unless its default is `null` (`null` unsets it; `undefined` is
 * refused). Every value is checked alone first (in the record's order), then how each stands to
 * the others.
 */
export function resolveWith<R extends OptionRecord>(record: R, current: OptionsOf<R>, patch: unknown, caller: string): OptionsOf<R> {
    if (typeof patch !== 'object' || patch === null) {
        throw new PoolError(`${caller} takes an object of options; got ${show(patch)}.`);
    }
    const names = Object.keys(record);
    for (const key of Object.keys(patch)) {
        if (!names.includes(key)) throw new PoolError(`${caller}: unknown option '${key}'. Known options: ${names.join(', ')}.`);
    }
    const given = patch as Record<string, unknown>;
    const next: Record<string, unknown> = { ...current };
    for (const name of names) {
        if (given[name] !== undefined || (record[name].default === null && name in given)) next[name] = given[name];
    }
    const fail = (name: string, rule: string): never => {
        throw new PoolError(`${caller}: option '${name}' must be ${rule}; got ${show(next[name])}.`);
    };
    for (const name of names) if (!record[name].accepts(next[name])) fail(name, record[name].rule);
    for (const name of names) {
        const broken = record[name].relation?.(next[name], next) ?? null;
        if (broken !== null) fail(name, broken);
    }
    return next as OptionsOf<R>;
}
