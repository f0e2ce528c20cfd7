import * as Phaser from 'phaser';
import type { Sample } from '../spine/ClipSamples';
import { drawnFloats, isClipping, LIVE, QUAD_TRIANGLES, vertexColors, worldVertices, writeVertices, type DrawnAttachment, type Rgba, type SampleVertices } from '../spine/SampleVertices';
import { versionOf, type Skeleton, type Slot } from '../spine/spineCore';
import type { PooledInstance } from './PooledInstance';

/**
 * How a pooled instance is drawn in WebGL (spine-phaser for Phaser 3, Spine 4.2): what
 * spine-phaser's `renderWebGL` and spine-webgl's `SkeletonRenderer.draw` do, in stock's order,
 * blend modes, premultiplied alpha and two-colour tint, written straight into spine-phaser's one
 * batch with the game object's matrix applied (no transformer closure per skeleton, no typed-array
 * view per attachment, no second copy).
 *
 * - An instance whose pose was copied from the pose cache, not posed since, and showing exactly its
 *   samples' look, is drawn from their picture (SampleVertices.ts): copied run by run, positions
 *   interpolated as its bones were and moved by the matrix. Nothing is computed per vertex but that.
 * - Any other instance is drawn slot by slot: a slot that matches the samples from their vertices,
 *   any other from its own skeleton as spine-core computes it (so an instance posed in full is
 *   stock's to the float).
 *
 * A skeleton showing a clipping attachment, and the runtimes this does not know (spine-phaser-v3/v4
 * for Spine 4.3), are drawn by the runtime's own renderer.
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
    premultipliedAlpha: boolean;
}

/** How an instance was drawn: from its samples' picture, slot by slot (its own skeleton, or samples' vertices per slot), or not by this path. */
export type DrawnFrom = 'picture' | 'slots' | null;

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
function showsClipping(skeleton: Skeleton): boolean {
    const slots = skeleton.slots as Slot[];
    for (let i = 0; i < slots.length; i++) if (isClipping(slots[i].attachment)) return true;
    return false;
}

/**
 * Draws `go` (the object of `instance`) for `camera` with spine-phaser's `sceneRenderer`, as its
 * `renderWebGL` would. Returns how, or null, having drawn nothing, when this path does not cover
 * it (the caller lets the runtime draw it).
 */
export function drawPooled(go: DrawnObject, instance: PooledInstance, sceneRenderer: SceneRenderer | null | undefined, renderer: PhaserRenderer, camera: { addToRenderList(o: unknown): void }, parentMatrix: unknown): DrawnFrom {
    const skeleton = go.skeleton;
    if (!sceneRenderer || versionOf(skeleton).v43 || (dataClips(skeleton.data as never) && showsClipping(skeleton))) return null;
    // The samples around its pose, when its pose is theirs: a pose cache copy not posed again since
    // (an `updateWorldTransform` of its skeleton, by the pool or the game, ends it: see PooledGameObject).
    let va: SampleVertices | null = null;
    let vb: SampleVertices | null = null;
    const served = instance.served;
    const cache = instance.host.poseCache;
    const pma = go.premultipliedAlpha;
    const two = sceneRenderer.skeletonRenderer.twoColorTint;
    if (instance.poseCached && cache.sameSkin(skeleton, served)) {
        va = cache.drawnOf(served, served.a as Sample, pma, two);
        vb = served.b === served.a ? va : cache.drawnOf(served, served.b as Sample, pma, two);
        if (va === null || vb === null) va = vb = null;
    }
    if (renderer.newType) {
        renderer.pipelines.clear();
        sceneRenderer.begin();
    }
    camera.addToRenderList(go);
    const m = (Phaser.GameObjects as unknown as { GetCalcMatrix(src: unknown, camera: unknown, parent: unknown): { calc: { a: number; b: number; c: number; d: number; tx: number; ty: number } } }).GetCalcMatrix(go, camera, parentMatrix).calc;
    sceneRenderer.enableRenderer(sceneRenderer.batcher);
    let from: DrawnFrom = 'picture';
    if (va === null || vb === null || !drawPicture(sceneRenderer.batcher, skeleton, pma, two, m.a, m.b, m.c, m.d, m.tx, m.ty, va, vb, served.weight)) {
        drawSlots(sceneRenderer, skeleton, pma, m.a, m.b, m.c, m.d, m.tx, m.ty, va, vb, served.weight);
        from = 'slots';
    }
    if (!renderer.nextTypeMatch) {
        sceneRenderer.end();
        renderer.pipelines.rebind();
    }
    return from;
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
 * Draws the picture of the samples around the instance's pose (SampleVertices.ts), positions
 * interpolated as its bones were, when the instance shows exactly the samples' look: the same
 * attachments, draw order and slot colours, an untinted skeleton. Returns false, having drawn
 * nothing, otherwise (the caller draws it slot by slot). A deform or dark colour the game sets on a
 * slot itself while the pose comes from the cache is not seen (animations set those).
 */
function drawPicture(batcher: Batcher, skeleton: Skeleton, pma: boolean, two: boolean, a: number, b: number, c: number, d: number, tx: number, ty: number, va: SampleVertices, vb: SampleVertices, weight: number): boolean {
    const p = va.picture;
    const q = vb.picture;
    if (p === null || q === null || p.pma !== pma || p.twoColorTint !== two || q.vertices.length !== p.vertices.length) return false;
    const tint = (skeleton as unknown as { color: Rgba }).color;
    if (tint.r !== 1 || tint.g !== 1 || tint.b !== 1 || tint.a !== 1) return false;
    // Identity and colour checks only, each one load of the slot or its colour (cache misses are
    // most of the check's cost): a deform or a dark colour only an animation changes, and which
    // bones are active only a skin (the samples' own: PoseCache.sameSkin).
    const order = skeleton.drawOrder as Slot[];
    const slots = skeleton.slots as Slot[];
    const pOrder = p.order;
    if (order.length !== pOrder.length) return false;
    for (let i = 0; i < pOrder.length; i++) if (order[i] !== slots[pOrder[i]]) return false;
    const attachments = va.attachments;
    const colorAt = p.colorAt;
    const colors = p.colors;
    for (let i = 0; i < slots.length; i++) {
        const slot = slots[i];
        if (slot.attachment !== attachments[i]) return false;
        const o = colorAt[i];
        if (o < 0) continue;
        const color = slot.color;
        if (Math.abs(color.r - colors[o]) > SAME_COLOR || Math.abs(color.g - colors[o + 1]) > SAME_COLOR || Math.abs(color.b - colors[o + 2]) > SAME_COLOR || Math.abs(color.a - colors[o + 3]) > SAME_COLOR) return false;
    }
    const mesh = batcher.mesh;
    const size = p.size;
    const runs = p.runs;
    for (let r = 0; r < runs.length; r++) if (runs[r].view.length > mesh.getVertices().length || runs[r].indexCount > mesh.getIndices().length) return false;
    const from = p.vertices;
    const to = q.vertices;
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
        if (blend) {
            for (let o = start, s = run.first * size; o < end; o += size, s += size) {
                const x = from[s] * v + to[s] * w;
                const y = from[s + 1] * v + to[s + 1] * w;
                verts[o] = x * a + y * c + tx;
                verts[o + 1] = x * b + y * d + ty;
            }
        } else {
            transform(verts, start, end, size, a, b, c, d, tx, ty); // the copied positions are the sample's
        }
        batcher.verticesLength = end;
        mesh.setVerticesLength(end);
        let at = batcher.indicesLength;
        for (let k = run.firstIndex, n = run.firstIndex + run.indexCount; k < n; k++) indices[at++] = pIndices[k] + first;
        batcher.indicesLength = at;
        mesh.setIndicesLength(at);
    }
    return true;
}

/**
 * Draws the instance slot by slot, as spine-webgl's SkeletonRenderer: each slot's vertices from
 * the samples (`va`, `vb`) when the slot shows what they show, else computed from its skeleton.
 */
function drawSlots(sceneRenderer: SceneRenderer, skeleton: Skeleton, pma: boolean, a: number, b: number, c: number, d: number, tx: number, ty: number, va: SampleVertices | null, vb: SampleVertices | null, weight: number): void {
    const batcher = sceneRenderer.batcher;
    const size = sceneRenderer.skeletonRenderer.twoColorTint ? 12 : 8;
    const skeletonColor = (skeleton as unknown as { color: Rgba }).color;
    const order = skeleton.drawOrder as Slot[];
    let blendMode = -1;
    for (let i = 0, n = order.length; i < n; i++) {
        const slot = order[i];
        if (!(slot.bone as unknown as { active: boolean }).active) continue;
        const attachment = slot.attachment as DrawnAttachment | null;
        const floats = drawnFloats(attachment);
        if (floats === 0) continue;
        const drawn = attachment as DrawnAttachment;
        const index = slot.data.index;
        // Its vertices: the samples', interpolated as the bones were, or its own skeleton's.
        let xy: Float32Array;
        let xyb: Float32Array;
        let xa = 0;
        let xb = 0;
        if (va !== null && vb !== null && va.at[index] !== LIVE && va.attachments[index] === attachment && vb.attachments[index] === attachment && va.deform[index] === slot.deform.length && vb.deform[index] === slot.deform.length) {
            xy = va.xy;
            xyb = vb.xy;
            xa = va.at[index];
            xb = vb.at[index];
        } else {
            if (live.length < floats) live = new Float32Array(floats * 2);
            worldVertices(slot, attachment, floats, live, 0); // a sequence sets its region here, as stock's
            xy = xyb = live;
        }
        const texture = drawn.region === null ? null : drawn.region.texture;
        if (!texture) continue;
        vertexColors(skeletonColor, slot.color, slot.darkColor, drawn.color, pma, slotColors);
        const slotBlend = (slot.data as unknown as { blendMode: number }).blendMode;
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
