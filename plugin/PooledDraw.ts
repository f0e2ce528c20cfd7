import * as Phaser from 'phaser';
import type { Sample } from '../spine/ClipSamples';
import {
    drawLayout,
    isClipping,
    LIVE,
    QUAD_TRIANGLES,
    vertexColors,
    writeVertices,
    type DrawLayout,
    type Picture,
    type SampleVertices,
} from '../spine/SampleVertices';
import type { DrawnAttachment, Skeleton, Slot } from '../spine/core/shapes';
import type { SpineVersion } from '../spine/core/SpineVersion';
import type { DrawnFrom, PooledInstance } from './PooledInstance';

/**
 * How a pooled instance is drawn in WebGL: what the runtime's `renderWebGL` and spine-webgl's
 * `SkeletonRenderer.draw` do, in stock's order, blend modes, premultiplied alpha and two-colour
 * tint, written straight into the runtime's one spine-webgl batch with the game object's matrix
 * applied (no transformer closure per skeleton, no typed-array view per attachment, no second copy).
 *
 * - An instance whose pose was copied from the pose cache, not posed since, and showing exactly its
 *   samples' look, is drawn from their picture (SampleVertices.ts): copied run by run, positions
 *   interpolated as its bones were and moved by the matrix. Nothing is computed per vertex but that.
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

/** What is read of spine-webgl's PolygonBatcher and its Mesh (public fields of the class). */
export interface Batcher {
    lastTexture: unknown;
    verticesLength: number;
    indicesLength: number;
    mesh: {
        getVertices(): Float32Array;
        getIndices(): Uint16Array;
        numVertices(): number;
        setVerticesLength(n: number): void;
        setIndicesLength(n: number): void;
    };
    flush(): void;
    setBlendMode(blendMode: number, premultipliedAlpha: boolean): void;
}

/** What is read of spine-webgl's SceneRenderer. */
export interface SceneRenderer {
    batcher: Batcher;
    skeletonRenderer: { twoColorTint: boolean };
    begin(): void;
    end(): void;
    enableRenderer(renderer: unknown): void;
}

/** What is read of Phaser's WebGLRenderer (whether the previous and next objects are spine's too). */
export interface PhaserRenderer {
    newType: boolean;
    nextTypeMatch: boolean;
    pipelines: { clear(): void; rebind(): void };
}

/** The game object, as drawing reads it. */
export interface DrawnObject {
    skeleton: Skeleton;
    /** spine-phaser 4.2 (4.3 always premultiplies). */
    premultipliedAlpha: boolean;
    /** spine-phaser-v3/v4: where the skeleton's origin is from the object's. */
    renderOffsetX?: number;
    renderOffsetY?: number;
    alpha: number;
    /** spine-phaser-v4: the renderer it was made with (`'phaser'`, `'spine-webgl'`, `'spine-canvas'`). */
    rendererType?: string;
}

/** What is read of Phaser 4's WebGLRenderer and the drawing context it renders an object into. */
export interface Phaser4Renderer {
    renderNodes: { finishBatch(): void; getNode(name: string): { run(context: unknown): void } | undefined };
}
export interface DrawingContext {
    camera: { addToRenderList(o: unknown): void } | null;
    width: number;
    height: number;
    useCanvas: boolean;
    beginDraw(): void;
}
/** spine-phaser-v4's plugin: the context its spine-webgl batch was begun for. */
export interface SpinePlugin4 {
    currentWebGLDrawingContext: unknown;
}

/** Records on `instance` how it is drawn this time, and returns it. */
function drawn(instance: PooledInstance, from: DrawnFrom): DrawnFrom {
    instance.drawnFrom = from;
    return from;
}

/** Scratch of the slot's vertex colours being drawn (vertexColors). */
const slotColors = new Float64Array(8);
/** Scratch of the slot being computed from its own skeleton (drawing does not nest). */
let live = new Float32Array(2048);

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

/** Whether every run of `picture` fits in the batch (spine-webgl's holds 10920 vertices: a run larger is drawn another way, never dropped). */
function fitsBatch(batcher: Batcher, picture: Picture): boolean {
    const vertices = batcher.mesh.getVertices().length;
    const indices = batcher.mesh.getIndices().length;
    const runs = picture.runs;
    for (let r = 0; r < runs.length; r++) if (runs[r].view.length > vertices || runs[r].indexCount > indices) return false;
    return true;
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
    const skeleton = go.skeleton;
    if (!sceneRenderer) return drawn(instance, 'runtime');
    const version = instance.version;
    const v43 = version.v43;
    if (dataClips(skeleton.data) && showsClipping(skeleton, version)) return drawn(instance, 'runtime');
    const layout = layoutOf(go, sceneRenderer, v43, false);
    samplesOf(skeleton, instance, layout);
    const pictured = va !== null && vb !== null && showsPicture(skeleton, va, vb, layout, version) && fitsBatch(sceneRenderer.batcher, va.picture as Picture);
    if (!pictured && v43) return drawn(instance, 'runtime'); // slot by slot is the 4.3 runtime's
    if (renderer.newType) {
        renderer.pipelines.clear();
        sceneRenderer.begin();
    }
    camera.addToRenderList(go);
    const m: Matrix = (Phaser.GameObjects.GetCalcMatrix as CalcMatrix)(go, camera, parentMatrix).calc;
    sceneRenderer.enableRenderer(sceneRenderer.batcher);
    if (pictured)
        copyPicture(
            sceneRenderer.batcher,
            m,
            go.renderOffsetX ?? 0,
            go.renderOffsetY ?? 0,
            1,
            va as SampleVertices,
            vb as SampleVertices,
            instance.served.weight,
        );
    else drawSlots(sceneRenderer, skeleton, version, layout, m.a, m.b, m.c, m.d, m.tx, m.ty, va, vb, instance.served.weight);
    if (!renderer.nextTypeMatch) {
        sceneRenderer.end();
        renderer.pipelines.rebind();
    }
    return drawn(instance, pictured ? 'picture' : 'slots');
}

/** Phaser's GetCalcMatrix as drawing calls it: with the pool's object and camera shapes, and Phaser 4's `ignoreCameraPosition`. */
type CalcMatrix = (src: unknown, camera: unknown, parentMatrix?: unknown, ignoreCameraPosition?: boolean) => Phaser.Types.GameObjects.GetCalcMatrixResults;

/** A game object's world-to-camera matrix (GetCalcMatrix's `calc`). */
interface Matrix {
    a: number;
    b: number;
    c: number;
    d: number;
    tx: number;
    ty: number;
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
    const skeleton = go.skeleton;
    // Only an object of the runtime's spine-webgl renderer: its Mesh2D renderer (the default) blends
    // and samples a little differently, and stock's twin is what a pooled instance must look like.
    const version = instance.version;
    if (!sceneRenderer || camera === null || go.rendererType !== 'spine-webgl' || !version.v43) return drawn(instance, 'runtime');
    if (dataClips(skeleton.data) && showsClipping(skeleton, version)) return drawn(instance, 'runtime');
    const layout = layoutOf(go, sceneRenderer, true, true);
    samplesOf(skeleton, instance, layout);
    if (va === null || vb === null || !showsPicture(skeleton, va, vb, layout, version) || !fitsBatch(sceneRenderer.batcher, va.picture as Picture))
        return drawn(instance, 'runtime');
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
    copyPicture(batcher, m, go.renderOffsetX ?? 0, go.renderOffsetY ?? 0, go.alpha, va, vb, instance.served.weight);
    if (!(placed && pooledNeighbour(displayList, index, camera, 1))) endPooledBatch(sceneRenderer, plugin, renderer, drawingContext);
    return drawn(instance, 'picture');
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

/** spine-webgl's SceneRenderer camera, as spine-phaser-v4 places it on the drawing context. */
interface SpineCamera {
    camera: { position: { x: number; y: number }; up: { y: number }; direction: { z: number }; setViewport(w: number, h: number): void; update(): void };
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

/** Moves the positions of the vertices in `verts[start..end)` (`size` floats each) by the matrix. */
function transform(verts: Float32Array, start: number, end: number, size: number, a: number, b: number, c: number, d: number, tx: number, ty: number): void {
    for (let o = start; o < end; o += size) {
        const x = verts[o];
        const y = verts[o + 1];
        verts[o] = x * a + y * c + tx;
        verts[o + 1] = x * b + y * d + ty;
    }
}

/** Colour channels this close are one (a keyed colour read back from the samples may round differently). */
const SAME_COLOR = 1e-6;

/**
 * Whether the instance shows exactly the look of the samples around its pose (`va`, `vb`), so its
 * picture is what the runtime would draw: the same attachments, draw order and slot colours as
 * drawn (4.3: the applied poses), an untinted skeleton, a picture laid out for `layout`. A deform
 * or dark colour the game sets on a slot itself while the pose comes from the cache is not seen
 * (animations set those).
 */
function showsPicture(skeleton: Skeleton, va: SampleVertices, vb: SampleVertices, layout: DrawLayout, version: SpineVersion): boolean {
    const p = va.picture;
    const q = vb.picture;
    if (p === null || q === null || p.layout !== layout || q.layout !== layout || q.vertices.length !== p.vertices.length) return false;
    const tint = skeleton.color;
    if (tint.r !== 1 || tint.g !== 1 || tint.b !== 1 || tint.a !== 1) return false;
    // Identity and colour checks only, each one load of the slot or its colour (cache misses are
    // most of the check's cost): a deform or a dark colour only an animation changes, and which
    // bones are active only a skin (the samples' own: PoseCache.sameSkin).
    const order = version.drawOrderShown(skeleton);
    const slots = skeleton.slots;
    const pOrder = p.order;
    if (order.length !== pOrder.length) return false;
    for (let i = 0; i < pOrder.length; i++) if (order[i] !== slots[pOrder[i]]) return false;
    const attachments = va.attachments;
    const colorAt = p.colorAt;
    const colors = p.colors;
    for (let i = 0; i < slots.length; i++) {
        const shown = version.slotShown(slots[i]);
        if (shown.attachment !== attachments[i]) return false;
        const o = colorAt[i];
        if (o < 0) continue;
        const color = shown.color;
        if (
            Math.abs(color.r - colors[o]) > SAME_COLOR ||
            Math.abs(color.g - colors[o + 1]) > SAME_COLOR ||
            Math.abs(color.b - colors[o + 2]) > SAME_COLOR ||
            Math.abs(color.a - colors[o + 3]) > SAME_COLOR
        )
            return false;
    }
    return true;
}

/**
 * Copies the picture of the samples around the instance's pose into the batch, run by run,
 * positions interpolated as its bones were (`weight` towards `vb`), offset by the object's render
 * offset and moved by `m`; colours (and dark colours) times `alpha` when it is not 1 (Phaser 4's
 * object alpha). Every run fits in the batch (`fitsBatch`).
 */
function copyPicture(batcher: Batcher, m: Matrix, ox: number, oy: number, alpha: number, va: SampleVertices, vb: SampleVertices, weight: number): void {
    const p = va.picture as Picture;
    const from = p.vertices;
    const to = (vb.picture as Picture).vertices;
    const { a, b, c, d, tx, ty } = m;
    const pma = p.layout.pma;
    const mesh = batcher.mesh;
    const size = p.size;
    const runs = p.runs;
    const pIndices = p.indices;
    const w = weight;
    const v = 1 - w;
    const blend = to !== from && w !== 0;
    let blendMode = -1;
    for (let r = 0; r < runs.length; r++) {
        const run = runs[r];
        if (run.blendMode !== blendMode) {
            blendMode = run.blendMode;
            batcher.setBlendMode(blendMode, pma);
        }
        const verts = mesh.getVertices();
        const indices = mesh.getIndices();
        if (run.texture !== batcher.lastTexture) {
            batcher.flush();
            batcher.lastTexture = run.texture;
        } else if (batcher.verticesLength + run.view.length > verts.length || batcher.indicesLength + run.indexCount > indices.length) {
            batcher.flush();
        }
        const first = mesh.numVertices();
        const start = batcher.verticesLength;
        verts.set(run.view, start);
        const end = start + run.view.length;
        if (blend || ox !== 0 || oy !== 0) {
            for (let o = start, s = run.first * size; o < end; o += size, s += size) {
                const x = (blend ? from[s] * v + to[s] * w : from[s]) + ox;
                const y = (blend ? from[s + 1] * v + to[s + 1] * w : from[s + 1]) + oy;
                verts[o] = x * a + y * c + tx;
                verts[o + 1] = x * b + y * d + ty;
            }
        } else {
            transform(verts, start, end, size, a, b, c, d, tx, ty); // the copied positions are the sample's
        }
        if (alpha !== 1) multiplyColors(verts, start, end, size, alpha);
        batcher.verticesLength = end;
        mesh.setVerticesLength(end);
        let at = batcher.indicesLength;
        for (let k = run.firstIndex, n = run.firstIndex + run.indexCount; k < n; k++) indices[at++] = pIndices[k] + first;
        batcher.indicesLength = at;
        mesh.setIndicesLength(at);
    }
}

/** spine-phaser-v4's transformer: colours and dark colours (not the dark alpha) times the object's alpha. */
function multiplyColors(verts: Float32Array, start: number, end: number, size: number, alpha: number): void {
    for (let o = start; o < end; o += size) {
        verts[o + 2] *= alpha;
        verts[o + 3] *= alpha;
        verts[o + 4] *= alpha;
        verts[o + 5] *= alpha;
        if (size > 8) {
            verts[o + 8] *= alpha;
            verts[o + 9] *= alpha;
            verts[o + 10] *= alpha;
        }
    }
}

/**
 * Draws the instance slot by slot, as spine-webgl's SkeletonRenderer: each slot's vertices from
 * the samples (`va`, `vb`) when the slot shows what they show, else computed from its skeleton.
 */
function drawSlots(
    sceneRenderer: SceneRenderer,
    skeleton: Skeleton,
    version: SpineVersion,
    layout: DrawLayout,
    a: number,
    b: number,
    c: number,
    d: number,
    tx: number,
    ty: number,
    va: SampleVertices | null,
    vb: SampleVertices | null,
    weight: number,
): void {
    const batcher = sceneRenderer.batcher;
    const size = layout.size;
    const pma = layout.pma;
    const skeletonColor = skeleton.color;
    const order = skeleton.drawOrder as Slot[];
    let blendMode = -1;
    for (let i = 0, n = order.length; i < n; i++) {
        const slot = order[i];
        if (!slot.bone.active) continue;
        const attachment = slot.attachment as DrawnAttachment | null;
        const floats = version.drawnFloats(attachment);
        if (floats === 0) continue;
        const drawn = attachment as DrawnAttachment;
        const index = slot.data.index;
        // Its vertices: the samples', interpolated as the bones were, or its own skeleton's.
        let xy: Float32Array;
        let xyb: Float32Array;
        let xa = 0;
        let xb = 0;
        if (
            va !== null &&
            vb !== null &&
            va.at[index] !== LIVE &&
            va.attachments[index] === attachment &&
            vb.attachments[index] === attachment &&
            va.deform[index] === slot.deform.length &&
            vb.deform[index] === slot.deform.length
        ) {
            xy = va.xy;
            xyb = vb.xy;
            xa = va.at[index];
            xb = vb.at[index];
        } else {
            if (live.length < floats) live = new Float32Array(floats * 2);
            version.worldVertices(skeleton, slot, drawn, floats, live, 0); // a sequence sets its region here, as stock's
            xy = xyb = live;
        }
        const texture = drawn.region === null ? null : drawn.region.texture;
        if (!texture) continue;
        const slotBlend = slot.data.blendMode;
        vertexColors(skeletonColor, slot.color, slot.darkColor, drawn.color, slotBlend, layout, slotColors);
        if (slotBlend !== blendMode) {
            blendMode = slotBlend;
            batcher.setBlendMode(blendMode, pma);
        }
        const triangles = drawn.triangles ?? QUAD_TRIANGLES;
        const count = floats >> 1;
        const mesh = batcher.mesh;
        const verts = mesh.getVertices();
        const indices = mesh.getIndices();
        if (texture !== batcher.lastTexture) {
            batcher.flush();
            batcher.lastTexture = texture;
        } else if (batcher.verticesLength + count * size > verts.length || batcher.indicesLength + triangles.length > indices.length) {
            batcher.flush();
        }
        const first = mesh.numVertices();
        const start = batcher.verticesLength;
        const o = start + count * size;
        writeVertices(verts, start, size, count, xy, xa, xyb, xb, weight, slotColors, drawn.uvs);
        transform(verts, start, o, size, a, b, c, d, tx, ty);
        batcher.verticesLength = o;
        mesh.setVerticesLength(o);
        let at = batcher.indicesLength;
        for (let k = 0; k < triangles.length; k++) indices[at++] = triangles[k] + first;
        batcher.indicesLength = at;
        mesh.setIndicesLength(at);
    }
}
