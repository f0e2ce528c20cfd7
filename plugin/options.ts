/**
 * The plugin's options: the engine-free ones (src/options.ts) and the engine's, in one record from
 * which their defaults, validation, names and type are derived.
 */
import { CORE_OPTIONS, defaultsOf, finite, oneOf, option, orNull, resolveWith, TRUE_OR_FALSE, type OptionsOf } from '../src/options';

/** spine-phaser-v4's renderers of a SpineGameObject (its `renderer` option). */
export type SpineRendererName = 'phaser' | 'spine-webgl' | 'spine-canvas';

/** spine-phaser-v4's renderers, as `this.add.spine(..., { renderer })` names them. */
export const SPINE_RENDERERS: readonly SpineRendererName[] = ['phaser', 'spine-webgl', 'spine-canvas'];

/** The options of the engine (Phaser and spine-phaser), one entry each, as in CORE_OPTIONS. */
const ENGINE_OPTIONS = {
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
    renderer: option<SpineRendererName | null>(null, orNull(oneOf(SPINE_RENDERERS, "one of spine-phaser-v4's renderers:"), "the runtime's default")),
    /**
     * WebGL: draws instances served by the pose cache on the GPU. Each sample's picture (what the
     * instances it serves draw) is uploaded once into GPU memory, counted in `poseCacheMemory` and
     * given back with the sample; each instance then sends a record of 16 floats a frame (its
     * matrix, alpha, samples and the weight between them) instead of its vertices, and consecutive
     * ones are drawn by one instanced draw, in display order. An instance whose picture mixes texture
     * pages or blend modes, and every instance where the context lacks instanced drawing, float
     * textures or vertex texture fetch, where the GPU path's shaders do not build or its probe reads
     * nothing, or while the context is lost (`stats().gpu.unavailable` says which), is drawn from its
     * picture on the CPU; false draws every one there (the same pixels within a rounding of the
     * last float).
     * @default true
     */
    gpuDraw: option(true, TRUE_OR_FALSE),
    /**
     * Screen px: a served instance drawn on the GPU whose samples' box is smaller than this on screen
     * (its larger side, at its object's and camera's scale) is drawn as one quad showing an image of
     * its sample, drawn once into a texture at that scale (to the next of eight steps per doubling),
     * instead of every vertex of every slot: a crowd of small characters costs the GPU a rectangle
     * each. The pose imaged is the one between its two samples to the nearest of as many steps as
     * keep every vertex within a quarter screen pixel of its own; not used for an object stretched
     * more one way than the other, a skeleton alpha below 1, a slot blend mode other than normal,
     * a dark colour tinted. The images' memory is counted in `poseCacheMemory` and given back with
     * their samples (and when their texture is full, those not drawn for a second);
     * `stats().drawn.impostor` counts the instances drawn so. 0 never draws one.
     * @default 48
     */
    impostorBelow: option(48, finite('screen px', false)),
    /**
     * Draws what the pool does over the scene, as Arcade physics' `debug: true` does for bodies: each
     * spawned instance's extent (the box culling and the distance tiers measure) in its tier's colour
     * ({@link DEBUG_TIER_COLORS}: high green, mid amber, low red, off screen grey, inactive purple)
     * with a square at its origin, and, on one at least 40 px tall on screen (48 at most), a label:
     * its tier, how this frame's pose was made (`cache`; `full: <reason>`, a reason of
     * `stats().poseCache.notServed`; `held`: not posed this frame, at its tier's interval) and how it
     * was drawn (`impostor`, `gpu`, `picture`, `slots`, `runtime` or `not drawn`); the `highDetailDistance` and
     * `midDetailDistance` rings around the view's centre; a panel of `stats()` at the top right.
     * Drawn as the main camera (or a pinned `camera`) sees the scene, after it, with Phaser's own
     * Graphics and Text on a camera of the view's own: nothing joins the scene's display list or its
     * cameras. For every scene in the plugin entry's `data`, or one scene with `configure({ debug })`.
     * Off, nothing of it exists and nothing of it runs.
     * @default false
     */
    debug: option(false, TRUE_OR_FALSE),
};

/**
 * Every option of the plugin, one entry each (its TSDoc is the option's doc): the engine-free ones,
 * then the engine's. Typed as the two records, not as the spread of them, so that the declarations
 * emitted for the package keep each entry's TSDoc.
 */
export const OPTIONS: typeof CORE_OPTIONS & typeof ENGINE_OPTIONS = { ...CORE_OPTIONS, ...ENGINE_OPTIONS };

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
 *
 * @interface
 */
export type SpinePoolOptions = OptionsOf<typeof OPTIONS>;

/** The default options; a fresh object each call. */
export function defaultOptions(): SpinePoolOptions {
    return defaultsOf(OPTIONS);
}

/**
 * Validates `patch` on top of `current` and returns the merged options, or throws a PoolError that
 * names the call (`caller`, e.g. the method the options were given to), the option, the value and
 * the allowed range. `current` is not changed.
 */
export function resolveOptions(current: SpinePoolOptions, patch: Partial<SpinePoolOptions>, caller: string): SpinePoolOptions {
    return resolveWith(OPTIONS, current, patch, caller);
}
