/**
 * Drawing from a sample's picture (spine/SampleVertices.ts): whether an instance shows exactly its
 * samples' look, and the copy of the picture into spine-webgl's batch, positions interpolated as
 * its bones were and moved by the object's matrix.
 */
import { slotsNow, type LazyBones } from '../../spine/bonesWhenRead';
import { STILL, type DrawLayout, type Picture, type SampleVertices } from '../../spine/SampleVertices';
import type { Skeleton } from '../../spine/core/shapes';
import type { SpineVersion } from '../../spine/core/SpineVersion';
import type { Batcher, Placed } from './shapes';
import { isWhite, type Tint } from './tint';

/** Whether every run of `picture` fits in the batch (spine-webgl's holds 10920 vertices: a run larger is drawn another way, never dropped). */
export function fitsBatch(batcher: Batcher, picture: Picture): boolean {
    const vertices = batcher.mesh.getVertices().length;
    const indices = batcher.mesh.getIndices().length;
    const runs = picture.runs;
    for (let r = 0; r < runs.length; r++) if (runs[r].view.length > vertices || runs[r].indexCount > indices) return false;
    return true;
}

/** Moves the positions of the vertices in `verts[start..end)` (`size` floats each) by the matrix. */
export function transform(
    verts: Float32Array,
    start: number,
    end: number,
    size: number,
    a: number,
    b: number,
    c: number,
    d: number,
    tx: number,
    ty: number,
): void {
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
 * picture is what the runtime would draw: the same attachments, sequence frames, draw order and slot
 * colours as drawn (4.3: the applied poses), a picture laid out for `layout`. The skeleton's colour is no part
 * of the look: it tints the picture where it is drawn (tint.ts). A deform or dark colour the game
 * sets on a slot itself while the pose comes from the cache is not seen (animations set those).
 */
export function showsPicture(skeleton: Skeleton, va: SampleVertices, vb: SampleVertices, layout: DrawLayout, version: SpineVersion): boolean {
    const p = va.picture;
    const q = vb.picture;
    if (p === null || q === null || p.layout !== layout || q.layout !== layout || q.vertices.length !== p.vertices.length) return false;
    // Identity and colour checks only, each one load of the slot or its colour (cache misses are
    // most of the check's cost): a deform or a dark colour only an animation changes, and which
    // bones are active only a skin (the samples' own: PoseCache.sameSkin).
    const order = version.drawOrderShown(skeleton);
    const slots = skeleton.slots;
    const pOrder = p.order;
    if (order.length !== pOrder.length) return false;
    for (let i = 0; i < pOrder.length; i++) if (order[i] !== slots[pOrder[i]]) return false;
    const attachments = va.attachments;
    const frames = va.frames;
    const colorAt = p.colorAt;
    const colors = p.colors;
    for (let i = 0; i < slots.length; i++) {
        const shown = version.slotShown(slots[i]);
        if (shown.attachment !== attachments[i]) return false;
        if (frames[i] !== STILL && shown.sequenceIndex !== frames[i]) return false;
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
 * What a draw remembers of an instance's last full look check (`looksPictured`): the clip it
 * passed for, the count of once-only checks (`SpineInstance.checks`) it was made under, and which
 * slots its picture drew.
 */
export interface LookMemo extends Pick<LazyBones, 'skeleton' | 'shown' | 'slotsBehind'> {
    /** `go.skeleton` holds the stand-in: nothing but the pool writes its slots (spine/bonesWhenRead.ts). */
    readonly bonesLazy: boolean;
    /** Non-null while no apply has written its local pose since its unkeyed pose was checked. */
    readonly checkedBase: object | null;
    /** Counts the times `checkedBase` was set anew (each after an apply, a spawn or a read). */
    readonly checks: number;
    lookClip: object | null;
    lookChecks: number;
    lookColorAt: Int32Array | null;
}

/**
 * `showsPicture`, remembered. A lazy instance served from the cache (`checkedBase` set) has slots
 * nothing but the samples' reads wrote since its unkeyed pose was checked: what the clip does not
 * key (attachments, draw order, colours) stayed as it was at the last full check, and what it keys
 * is the sample's. Every picture of a clip is built over the same setup pose (PoseCache.drawnOf),
 * so a full check passed once for one pair of the clip's samples holds for any other pair of it
 * that draws the same slots (their colours were all compared) and whose keyed colours are the same
 * in both samples (so any weight between them shows them), until `checkedBase` is set anew. The
 * per-slot loop (a cache miss a slot: the render phase's largest per-instance cost) runs once per
 * apply, not every frame; a pair that differs runs it as before.
 */
export function looksPictured(
    skeleton: Skeleton,
    memo: LookMemo,
    clip: object | null,
    va: SampleVertices,
    vb: SampleVertices,
    layout: DrawLayout,
    version: SpineVersion,
): boolean {
    const p = va.picture;
    const q = vb.picture;
    if (p === null || q === null || p.layout !== layout || q.layout !== layout || q.vertices.length !== p.vertices.length) return false;
    if (remembersLook(memo, clip, va, vb) && sameDrawn(memo, p) && sameColors(p, q)) return true; // a tint is the draw's (tint.ts)
    slotsNow(memo); // the look its last served pose left owed (spine/bonesWhenRead.ts)
    if (!showsPicture(skeleton, va, vb, layout, version)) return false;
    if (memo.bonesLazy && memo.checkedBase !== null) {
        memo.lookClip = clip;
        memo.lookChecks = memo.checks;
        memo.lookColorAt = p.colorAt;
    }
    return true;
}

/**
 * Whether a look check passed for `clip` is remembered for `va`, `vb` (see `looksPictured`), both
 * pictured: the instance's slots then show no clipping attachment (its unkeyed ones were seen, its
 * keyed ones are a pictured sample's), so that is not asked again either.
 */
export function remembersLook(memo: LookMemo, clip: object | null, va: SampleVertices | null, vb: SampleVertices | null): boolean {
    return (
        memo.lookClip === clip &&
        clip !== null &&
        memo.lookChecks === memo.checks &&
        memo.checkedBase !== null &&
        memo.bonesLazy &&
        va !== null &&
        vb !== null &&
        va.picture !== null &&
        vb.picture !== null
    );
}

/** Whether `p` draws the slots the remembered check's picture drew. */
function sameDrawn(memo: LookMemo, p: Picture): boolean {
    const seen = memo.lookColorAt;
    const now = p.colorAt;
    if (seen === now) return true;
    if (seen === null || seen.length !== now.length) return false;
    if (p.drawnLike !== seen) {
        for (let i = 0; i < now.length; i++) if (seen[i] !== now[i]) return false;
        p.drawnLike = seen;
    }
    memo.lookColorAt = now; // the same slots: the next pictures are compared with the newer
    return true;
}

/** Whether two pictures drawing the same slots give each the same colour (so any weight between them does). */
function sameColors(p: Picture, q: Picture): boolean {
    if (p === q || p.colorsLike === q) return true;
    const a = p.colors;
    const b = q.colors;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    p.colorsLike = q; // pictures never change: the pair is equal for good
    return true;
}

/**
 * Copies the picture of the samples around the instance's pose into the batch, run by run,
 * positions interpolated as its bones were (`weight` towards `vb`), offset by the object's render
 * offset and moved by its matrix (`m`), colours (and dark colours) multiplied by its tint when it
 * has one (tint.ts). Every run fits in the batch (`fitsBatch`).
 */
export function copyPicture(batcher: Batcher, m: Placed, va: SampleVertices, vb: SampleVertices, weight: number): void {
    const p = va.picture as Picture;
    const from = p.vertices;
    const to = (vb.picture as Picture).vertices;
    const { a, b, c, d, tx, ty, ox, oy, tint } = m;
    const tinted = !isWhite(tint);
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
        if (tinted) multiplyColors(verts, start, end, size, tint);
        batcher.verticesLength = end;
        mesh.setVerticesLength(end);
        let at = batcher.indicesLength;
        for (let k = run.firstIndex, n = run.firstIndex + run.indexCount; k < n; k++) indices[at++] = pIndices[k] + first;
        batcher.indicesLength = at;
        mesh.setIndicesLength(at);
    }
}

/** Colours times the tint's light multipliers, dark colours (not the dark alpha, a flag) times its dark one. */
function multiplyColors(verts: Float32Array, start: number, end: number, size: number, tint: Tint): void {
    const { r, g, b, a, dark } = tint;
    for (let o = start; o < end; o += size) {
        verts[o + 2] *= r;
        verts[o + 3] *= g;
        verts[o + 4] *= b;
        verts[o + 5] *= a;
        if (size > 8) {
            verts[o + 8] *= dark;
            verts[o + 9] *= dark;
            verts[o + 10] *= dark;
        }
    }
}
