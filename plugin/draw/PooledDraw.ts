import * as Phaser from 'phaser';
import type { PooledInstance } from '../PooledInstance';
import type { DrawPath } from './DrawPath';
import { drawingOf, type Drawing } from './Drawing';
import { TAKEN, UNAVAILABLE, type DrawnFrom, type Miss } from './paths';
import type { Batcher, CalcMatrix, DrawingContext, DrawnObject, Phaser4Renderer, PhaserRenderer, SceneRenderer, SpineCamera, SpinePlugin4 } from './shapes';

export type { Batcher, DrawingContext, DrawnObject, Phaser4Renderer, PhaserRenderer, SceneRenderer, SpinePlugin4 } from './shapes';

/**
 * How a pooled instance is drawn in WebGL: what the runtime's `renderWebGL` and spine-webgl's
 * `SkeletonRenderer.draw` do, in stock's order, blend modes, premultiplied alpha and two-colour
 * tint, written straight into the runtime's one spine-webgl batch with the game object's matrix
 * applied (no transformer closure per skeleton, no typed-array view per attachment, no second copy).
 *
 * The owner of drawing of the renderer (Drawing.ts) asks its draw paths in order (paths.ts) and the
 * first that takes the instance draws it:
 * - `gpu`: an instance whose pose was copied from the pose cache, not posed since, and showing
 *   exactly its samples' look, drawn from their picture on the GPU (GpuPath.ts: a record per
 *   instance, the pictures in GPU memory, several pages in one draw, a draw per blend mode) when the
 *   `gpuDraw` option and the context allow;
 * - `picture`: such an instance otherwise, its picture copied run by run, positions interpolated as
 *   its bones were and moved by the matrix (PicturePath.ts);
 * - `slots`: Spine 4.2 (spine-phaser): any other instance slot by slot, a slot that matches the
 *   samples from their vertices, any other from its own skeleton as spine-core computes it (so an
 *   instance posed in full is stock's to the float; slots.ts);
 * - `runtime`: the rest (a clipping attachment shown; on the 4.3 runtimes, spine-phaser-v3 and
 *   spine-phaser-v4, whatever the picture does not cover).
 * spine-phaser-v4's default renderer (a Phaser Mesh2D per slot) is drawn on the GPU only, in its
 * colours and triangles (the `mesh2d` layout: SampleVertices.ts, mesh2dOrder.ts, crowdShaders.ts),
 * with its flips and Phaser's blend modes; an object showing what only that renderer draws (Phaser
 * objects in its slots, filters, a rounding camera), or any with the GPU path off, is drawn by it.
 * Each draw records why it was not on the GPU (`gpuMissed`, counted in `stats().gpu.missed`).
 *
 * The two entry points differ only in how they begin and end spine-webgl's batch: `drawPooled` as
 * spine-phaser's `renderWebGL` on Phaser 3 (both Spine versions); `drawPooledPhaser4` for
 * spine-phaser-v4 objects (the crowd of either renderer draws beside that batch), begun after Phaser 4's own batch is
 * finished and kept open while the next object drawn is a pooled one, as that renderer draws (V
 * flipped, colours times the object's alpha).
 */

/** Records on `instance` how it is drawn this time, and in which frame (what `stats().drawn` counts), and returns it. */
export function drawn(instance: PooledInstance, from: DrawnFrom, missed: Miss = UNAVAILABLE): DrawnFrom {
    instance.drawnFrom = from;
    instance.gpuMissed = from === 'gpu' || from === 'impostor' ? TAKEN : missed;
    instance.drawnFrame = instance.host.frame;
    return from;
}

/** Stamps the instance drawn by `path` (the element's first reason kept). */
function drawnBy(drawing: Drawing, path: DrawPath): DrawnFrom {
    return drawn(drawing.element.instance as PooledInstance, path.name, drawing.element.missed);
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
    const drawing = drawingOf(renderer);
    const calc = (Phaser.GameObjects.GetCalcMatrix as CalcMatrix)(go, camera, parentMatrix).calc;
    const path = drawing.choose(go, instance, sceneRenderer ?? null, true, false, false, calc, 1);
    if (!path.batched) {
        drawing.draw(path); // its own begin and end (the runtime's: the caller's)
        return drawnBy(drawing, path);
    }
    const spine = sceneRenderer as SceneRenderer;
    if (renderer.newType) {
        renderer.pipelines.clear();
        spine.begin();
    }
    camera.addToRenderList(go);
    spine.enableRenderer(spine.batcher);
    drawing.draw(path);
    if (!renderer.nextTypeMatch) {
        spine.end();
        renderer.pipelines.rebind();
    }
    return drawnBy(drawing, path);
}

/**
 * Draws `go` for `drawingContext` on Phaser 4 (spine-phaser-v4) through the runtime's spine-webgl
 * batch as its `'spine-webgl'` renderer draws (begun after Phaser's own batch is finished, kept open
 * while the next object drawn is a pooled one, ended with Phaser's context rebound). Returns how
 * (also recorded in `instance.drawnFrom`): 'runtime', having drawn nothing, when the instance is not
 * drawn from a picture: the caller ends the batch (`endPooledBatch`) and lets the runtime draw it.
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
    const drawing = drawingOf(renderer);
    const spineWebgl = go.rendererType === 'spine-webgl';
    const calc = camera === null ? null : (Phaser.GameObjects.GetCalcMatrix as CalcMatrix)(go, camera, parentMatrix, !drawingContext.useCanvas).calc;
    const mesh2d = !spineWebgl && mesh2dDrawn(go, camera);
    const path = drawing.choose(go, instance, calc === null ? null : (sceneRenderer ?? null), spineWebgl, true, mesh2d, calc, go.alpha);
    if (!path.batched) {
        drawing.draw(path); // its own begin and end (the runtime's: the caller's)
        return drawnBy(drawing, path);
    }
    const spine = sceneRenderer as SceneRenderer;
    const placed = displayList !== undefined && index !== undefined;
    const batcher = spine.batcher as Batcher & { isDrawing: boolean };
    if (!(placed && pooledNeighbour(displayList, index, camera, -1)) || plugin.currentWebGLDrawingContext !== drawingContext || !batcher.isDrawing) {
        if (batcher.isDrawing) {
            spine.end();
            plugin.currentWebGLDrawingContext = null;
        }
        renderer.renderNodes.finishBatch();
        drawingContext.beginDraw();
        viewCamera(spine as SceneRenderer & SpineCamera, drawingContext);
        renderer.renderNodes.getNode('YieldContext')?.run(drawingContext);
        spine.begin();
        plugin.currentWebGLDrawingContext = drawingContext;
    }
    (camera as { addToRenderList(o: unknown): void }).addToRenderList(go);
    drawing.draw(path);
    if (!(placed && pooledNeighbour(displayList, index, camera, 1))) endPooledBatch(spine, plugin, renderer, drawingContext);
    return drawnBy(drawing, path);
}

/**
 * Whether `go` (not of the `'spine-webgl'` renderer) is drawn by spine-phaser-v4's default renderer
 * with nothing but its slot meshes, so the GPU path can draw it as they would be drawn: not with
 * Phaser objects in its slots, not through filters of its own (a mask is one), not rounded to whole
 * pixels by `camera` (Phaser's vertex rounding of a mesh only moved, not drawn here).
 */
function mesh2dDrawn(go: DrawnObject, camera: unknown): boolean {
    const o = go as DrawnObject & { slotObjects?: { size: number }; filters?: unknown; willRenderFilters?: () => boolean };
    if (o.rendererType !== 'phaser' || (o.slotObjects !== undefined && o.slotObjects.size > 0)) return false;
    if (o.filters !== undefined && o.filters !== null && o.willRenderFilters?.() === true) return false;
    return (camera as { roundPixels?: boolean } | null)?.roundPixels !== true;
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
