import * as Phaser from 'phaser';
import type { Sample } from '../../spine/ClipSamples';
import { bonesNow } from '../../spine/bonesWhenRead';
import { drawLayout, isClipping, type DrawLayout, type Picture, type SampleVertices } from '../../spine/SampleVertices';
import type { Skeleton } from '../../spine/core/shapes';
import type { SpineVersion } from '../../spine/core/SpineVersion';
import { GpuMiss, type DrawnFrom, type PooledInstance } from '../PooledInstance';
import { copyPicture, fitsBatch, looksPictured, remembersLook } from './picture';
import type {
    Batcher,
    CalcMatrix,
    DrawingContext,
    DrawnObject,
    Matrix,
    Phaser4Renderer,
    PhaserRenderer,
    SceneRenderer,
    SpineCamera,
    SpinePlugin4,
} from './shapes';
import { drawSlots } from './slots';
import { flushCrowd, GpuCrowd } from './gpuCrowd';
import { texelsOf, type AtlasCopy } from './sampleAtlas';

export type { Batcher, DrawingContext, DrawnObject, Phaser4Renderer, PhaserRenderer, SceneRenderer, SpinePlugin4 } from './shapes';

/**
 * How a pooled instance is drawn in WebGL: what the runtime's `renderWebGL` and spine-webgl's
 * `SkeletonRenderer.draw` do, in stock's order, blend modes, premultiplied alpha and two-colour
 * tint, written straight into the runtime's one spine-webgl batch with the game object's matrix
 * applied (no transformer closure per skeleton, no typed-array view per attachment, no second copy).
 *
 * - An instance whose pose was copied from the pose cache, not posed since, and showing exactly its
 *   samples' look, is drawn from their picture (SampleVertices.ts): on the GPU (gpuCrowd.ts: a
 *   record per instance, the pictures in GPU memory) when the `gpuDraw` option, the context and a
 *   picture of one texture page and blend mode allow; else copied run by run, positions
 *   interpolated as its bones were and moved by the matrix. Nothing is computed per vertex but that.
 *   Each draw records why it was not on the GPU (`GpuMiss`, counted in `stats().gpu.missed`).
 * - Spine 4.2 (spine-phaser): any other instance is drawn slot by slot: a slot that matches the
 *   samples from their vertices, any other from its own skeleton as spine-core computes it (so an
 *   instance posed in full is stock's to the float).
 * - Spine 4.3 (spine-phaser-v3 on Phaser 3, spine-phaser-v4 on Phaser 4): any other instance is
 *   drawn by the runtime. On Phaser 4, an object made with spine-phaser-v4's `'spine-webgl'`
 *   renderer (the pool's `renderer` option) is drawn from the picture as that renderer draws (its
 *   begin and end around Phaser's render nodes, V flipped, colours times the object's alpha); one
 *   made with its default Mesh2D renderer is left to it.
 *
 * A skeleton showing a clipping attachment is drawn by the runtime's own renderer.
 */

/** Records on `instance` how it is drawn this time, and in which frame (what `stats().drawn` counts), and returns it. */
export function drawn(instance: PooledInstance, from: DrawnFrom, missed: GpuMiss = GpuMiss.unavailable): DrawnFrom {
    instance.drawnFrom = from;
    instance.gpuMissed = from === 'gpu' ? GpuMiss.none : missed;
    instance.drawnFrame = instance.host.frame;
    return from;
}

/** Per SkeletonData: whether any of its skins has a clipping attachment (a skeleton showing one is drawn by the runtime). */
const clipsByData = new WeakMap<object, boolean>();

/** The last data `dataClips` answered for (a crowd is mostly one skeleton: no map lookup per instance). */
let lastData: object | null = null;
let lastClips = false;

function dataClips(data: { skins: { attachments: Map<string, unknown>[] | Record<string, unknown>[] }[] }): boolean {
    if (data === lastData) return lastClips;
    let clips = clipsByData.get(data);
    if (clips === undefined) {
        clips = false;
        for (const skin of data.skins) {
            for (const slotAttachments of skin.attachments) {
                if (!slotAttachments) continue;
                const values = slotAttachments instanceof Map ? slotAttachments.values() : Object.values(slotAttachments);
                for (const attachment of values) if (isClipping(attachment)) clips = true;
            }
        }
        clipsByData.set(data, clips);
    }
    lastData = data;
    lastClips = clips;
    return clips;
}

/** Whether a slot of `skeleton` shows a clipping attachment now. */
function showsClipping(skeleton: Skeleton, version: SpineVersion): boolean {
    const slots = skeleton.slots;
    for (let i = 0; i < slots.length; i++) if (isClipping(version.slotShown(slots[i]).attachment)) return true;
    return false;
}

/** Whether `instance` shows a clipping attachment now (not asked again while its look is remembered: `va`, `vb` set). */
function clipsNow(skeleton: Skeleton, instance: PooledInstance, version: SpineVersion): boolean {
    return dataClips(skeleton.data) && !remembersLook(instance, instance.served.clip, va, vb) && showsClipping(skeleton, version);
}

/** The samples around the instance being drawn (set by `samplesOf`; drawing does not nest). */
let va: SampleVertices | null = null;
let vb: SampleVertices | null = null;

/**
 * Sets `va`/`vb` to the samples around `instance`'s pose, laid out for `layout`, when its pose is
 * theirs: a pose cache copy not posed again since (an `updateWorldTransform` of its skeleton, by
 * the pool or the game, ends it: see PooledGameObject); else to null.
 */
function samplesOf(skeleton: Skeleton, instance: PooledInstance, layout: DrawLayout): void {
    va = vb = null;
    const served = instance.served;
    const cache = instance.host.poseCache;
    if (!instance.poseCached || !cache.sameSkin(skeleton, served)) return;
    va = cache.drawnOf(served, served.a as Sample, layout);
    vb = served.b === served.a ? va : cache.drawnOf(served, served.b as Sample, layout);
    if (va === null || vb === null) va = vb = null;
}

/**
 * Draws `go` (the object of `instance`) for `camera` with the runtime's `sceneRenderer`, as its
 * `renderWebGL` would on Phaser 3. Returns how (also recorded in `instance.drawnFrom`): 'runtime',
 * having drawn nothing, when this path does not cover it (the caller lets the runtime draw it).
 */
export function drawPooled(
    go: DrawnObject,
    instance: PooledInstance,
    sceneRenderer: SceneRenderer | null | undefined,
    renderer: PhaserRenderer,
    camera: { addToRenderList(o: unknown): void },
    parentMatrix: unknown,
): DrawnFrom {
    const skeleton = instance.skeleton;
    if (!sceneRenderer) return drawn(instance, 'runtime');
    const version = instance.version;
    const v43 = version.v43;
    const layout = layoutOf(go, sceneRenderer, v43, false);
    samplesOf(skeleton, instance, layout);
    if (clipsNow(skeleton, instance, version)) return drawn(instance, 'runtime', GpuMiss.clipping);
    let missed = pictureMiss(skeleton, instance, layout, version, sceneRenderer);
    const pictured = missed === GpuMiss.none;
    if (!pictured && v43) return drawn(instance, 'runtime', missed); // slot by slot is the 4.3 runtime's
    if (renderer.newType) {
        renderer.pipelines.clear();
        sceneRenderer.begin();
    }
    camera.addToRenderList(go);
    const m: Matrix = (Phaser.GameObjects.GetCalcMatrix as CalcMatrix)(go, camera, parentMatrix).calc;
    sceneRenderer.enableRenderer(sceneRenderer.batcher);
    const ox = go.renderOffsetX ?? 0;
    const oy = go.renderOffsetY ?? 0;
    let from: DrawnFrom = 'gpu';
    if (pictured) missed = onGpu(sceneRenderer, instance, m, ox, oy, 1);
    if (missed !== GpuMiss.none) {
        flushCrowd(sceneRenderer);
        if (pictured) {
            copyPicture(sceneRenderer.batcher, m, ox, oy, 1, va as SampleVertices, vb as SampleVertices, instance.served.weight);
            from = 'picture';
        } else {
            bonesNow(instance); // a slot the samples do not draw is drawn from its bones
            drawSlots(sceneRenderer, skeleton, version, layout, m.a, m.b, m.c, m.d, m.tx, m.ty, va, vb, instance.served.weight);
            from = 'slots';
        }
    }
    if (!renderer.nextTypeMatch) {
        sceneRenderer.end();
        renderer.pipelines.rebind();
    }
    return drawn(instance, from, missed);
}

/** Whether the instance is drawn from its samples' picture (`va`, `vb`, set by `samplesOf`): none, or why not. */
function pictureMiss(skeleton: Skeleton, instance: PooledInstance, layout: DrawLayout, version: SpineVersion, sceneRenderer: SceneRenderer): GpuMiss {
    if (va === null || vb === null) return GpuMiss.pose;
    if (!looksPictured(skeleton, instance, instance.served.clip, va, vb, layout, version)) return GpuMiss.look;
    return fitsBatch(sceneRenderer.batcher, va.picture as Picture) ? GpuMiss.none : GpuMiss.picture;
}

/**
 * Adds the instance to the GPU crowd (gpuCrowd.ts) when it may be drawn there: the option on, a
 * context that can, a picture of one run (one texture page and blend mode: a draw of several runs
 * per instance would not keep the instances' order), both samples' pictures in GPU memory. Returns
 * `GpuMiss.none` when added, else why not (nothing added: the caller draws the picture on the CPU).
 */
function onGpu(sceneRenderer: SceneRenderer, instance: PooledInstance, m: Matrix, ox: number, oy: number, alpha: number): GpuMiss {
    const a = va as SampleVertices;
    const b = vb as SampleVertices;
    const picture = a.picture as Picture;
    if (!instance.host.gpuDraw) return GpuMiss.unavailable;
    if (picture.runs.length !== 1) return GpuMiss.picture;
    const crowd = GpuCrowd.of(sceneRenderer);
    if (typeof crowd === 'string') return GpuMiss.unavailable;
    const copyA = gpuCopy(crowd, instance, picture);
    const copyB = b === a ? copyA : gpuCopy(crowd, instance, b.picture as Picture);
    if (copyA === null || copyB === null) return GpuMiss.memory;
    crowd.add(picture, copyA, copyB, m.a, m.b, m.c, m.d, m.tx, m.ty, ox, oy, alpha, instance.served.weight);
    return GpuMiss.none;
}

/** `picture`'s copy in GPU memory, uploaded now within the pose cache's memory bound; null when it does not fit. */
function gpuCopy(crowd: GpuCrowd, instance: PooledInstance, picture: Picture): AtlasCopy | null {
    if (picture.gpu !== null) return picture.gpu as AtlasCopy;
    // Making room may drop clips whose pictures records waiting were drawn from: those are drawn first.
    crowd.flush();
    const bytes = texelsOf(picture) * 16;
    const cache = instance.host.poseCache;
    if (!cache.holdGpu(instance.served, bytes)) return null;
    const copy = crowd.upload(picture);
    if (copy === null) cache.unholdGpu(instance.served, bytes);
    return copy;
}

/** The layout the runtime draws `go` in. */
function layoutOf(go: DrawnObject, sceneRenderer: SceneRenderer, v43: boolean, flipV: boolean): DrawLayout {
    const skeletonRenderer = sceneRenderer.skeletonRenderer as { twoColorTint: boolean; pmaAdditiveBatching?: boolean };
    return drawLayout(go.premultipliedAlpha, skeletonRenderer.twoColorTint, v43, skeletonRenderer.pmaAdditiveBatching === true, flipV);
}

/**
 * Draws `go` for `drawingContext` on Phaser 4 (spine-phaser-v4) from its samples' picture, through
 * the runtime's spine-webgl batch as its `'spine-webgl'` renderer draws (begun after Phaser's own
 * batch is finished, kept open while the next object drawn is a pooled one, ended with Phaser's
 * context rebound). Returns how (also recorded in `instance.drawnFrom`): 'runtime', having drawn
 * nothing, when the instance is not drawn from a picture: the caller ends the batch
 * (`endPooledBatch`) and lets the runtime draw it.
 */
export function drawPooledPhaser4(
    go: DrawnObject,
    instance: PooledInstance,
    sceneRenderer: SceneRenderer | null | undefined,
    plugin: SpinePlugin4,
    renderer: Phaser4Renderer,
    drawingContext: DrawingContext,
    parentMatrix: unknown,
    displayList: unknown[] | undefined,
    index: number | undefined,
): DrawnFrom {
    const camera = drawingContext.camera;
    const skeleton = instance.skeleton;
    // Only an object of the runtime's spine-webgl renderer: its Mesh2D renderer (the default) blends
    // and samples a little differently, and stock's twin is what a pooled instance must look like.
    const version = instance.version;
    if (!sceneRenderer || camera === null) return drawn(instance, 'runtime');
    if (go.rendererType !== 'spine-webgl' || !version.v43) return drawn(instance, 'runtime', GpuMiss.renderer);
    const layout = layoutOf(go, sceneRenderer, true, true);
    samplesOf(skeleton, instance, layout);
    if (clipsNow(skeleton, instance, version)) return drawn(instance, 'runtime', GpuMiss.clipping);
    const missed = pictureMiss(skeleton, instance, layout, version, sceneRenderer);
    if (missed !== GpuMiss.none) return drawn(instance, 'runtime', missed);
    const batcher = sceneRenderer.batcher as Batcher & { isDrawing: boolean };
    const placed = displayList !== undefined && index !== undefined;
    const afterPooled = placed && pooledNeighbour(displayList, index, camera, -1);
    if (!afterPooled || plugin.currentWebGLDrawingContext !== drawingContext || !batcher.isDrawing) {
        if (batcher.isDrawing) {
            sceneRenderer.end();
            plugin.currentWebGLDrawingContext = null;
        }
        renderer.renderNodes.finishBatch();
        drawingContext.beginDraw();
        viewCamera(sceneRenderer as SceneRenderer & SpineCamera, drawingContext);
        renderer.renderNodes.getNode('YieldContext')?.run(drawingContext);
        sceneRenderer.begin();
        plugin.currentWebGLDrawingContext = drawingContext;
    }
    camera.addToRenderList(go);
    const m: Matrix = (Phaser.GameObjects.GetCalcMatrix as CalcMatrix)(go, camera, parentMatrix, !drawingContext.useCanvas).calc;
    const ox = go.renderOffsetX ?? 0;
    const oy = go.renderOffsetY ?? 0;
    const gpuMissed = onGpu(sceneRenderer, instance, m, ox, oy, go.alpha);
    if (gpuMissed !== GpuMiss.none) {
        flushCrowd(sceneRenderer);
        copyPicture(batcher, m, ox, oy, go.alpha, va as SampleVertices, vb as SampleVertices, instance.served.weight);
    }
    if (!(placed && pooledNeighbour(displayList, index, camera, 1))) endPooledBatch(sceneRenderer, plugin, renderer, drawingContext);
    return drawn(instance, gpuMissed === GpuMiss.none ? 'gpu' : 'picture', gpuMissed);
}

/** Ends the spine-webgl batch a pooled instance left open for the next one, before anything else draws (Phaser 4). */
export function endPooledBatch(
    sceneRenderer: SceneRenderer | null | undefined,
    plugin: SpinePlugin4,
    renderer: Phaser4Renderer,
    drawingContext: DrawingContext,
): void {
    if (!sceneRenderer || plugin.currentWebGLDrawingContext === null || !(sceneRenderer.batcher as Batcher & { isDrawing: boolean }).isDrawing) return;
    sceneRenderer.end();
    plugin.currentWebGLDrawingContext = null;
    renderer.renderNodes.getNode('RebindContext')?.run(drawingContext);
    drawingContext.beginDraw();
}

function viewCamera(sceneRenderer: SpineCamera, drawingContext: DrawingContext): void {
    const camera = sceneRenderer.camera;
    camera.position.x = drawingContext.width / 2;
    camera.position.y = drawingContext.height / 2;
    camera.up.y = -1;
    camera.direction.z = 1;
    camera.setViewport(drawingContext.width, drawingContext.height);
    camera.update();
}

/** Phaser's render mask: visible, and every render flag clear. */
const RENDER_MASK = 0xf;

/**
 * Whether the object drawn next to `index` (`step` -1: before, 1: after) for `camera` is a pooled
 * instance (whose render step ends a batch it does not draw into), as spine-phaser-v4 looks for a
 * spine-webgl neighbour.
 */
function pooledNeighbour(displayList: unknown[], index: number, camera: unknown, step: -1 | 1): boolean {
    const id = (camera as { id: number }).id;
    for (let i = index + step; i >= 0 && i < displayList.length; i += step) {
        const o = displayList[i] as
            { renderFlags?: number; cameraFilter?: number; visible?: boolean; animationState?: { owner?: { go: unknown } } } | undefined;
        if (!o || o.renderFlags !== RENDER_MASK || (o.cameraFilter !== 0 && ((o.cameraFilter as number) & id) !== 0) || o.visible === false) continue;
        const owner = o.animationState?.owner;
        return owner !== undefined && owner.go === o;
    }
    return false;
}
