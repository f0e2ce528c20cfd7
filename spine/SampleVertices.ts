/**
 * What drawing a pose-cache sample needs, built once per sample instead of once per instance and
 * frame (every instance served a sample draws the same picture in skeleton space; only its game
 * object's matrix differs):
 *
 * - per slot, the world vertices of its region or mesh attachment as the sample poses it
 *   (`computeWorldVertices` of a weighted mesh walks every vertex's bones);
 * - the whole picture in spine-webgl's vertex layout (x, y, r, g, b, a, u, v, and with two-colour
 *   tint dark r, g, b, a), coloured as the runtime's SkeletonRenderer colours it ({@link DrawLayout}:
 *   4.2's or 4.3's), in the sample's draw order, with its triangles, cut into runs of one texture
 *   and blend mode: an instance that shows exactly the sample's look (attachments, draw order, slot
 *   colours, an untinted skeleton) is drawn by copying a run into the batch and moving its
 *   positions by the object's matrix, nothing recomputed.
 *
 * Built at the first draw that needs them, from the sample read into the clip's scratch skeleton.
 * A sequence attachment (frames switched by the animation) is pictured with the frame the sample's
 * sequence index picks: the scratch skeleton is posed at the sample, whose frame holds until the
 * next cut (ClipSamples never interpolates across a frame switch, breakTimes.ts), so its vertices
 * and UVs are the region stock draws then. A slot whose attachment is not a region or mesh is left
 * to the instance's own skeleton (`LIVE`); an instance whose slot shows another attachment, deform
 * or sequence index than the sample's is not drawn from the picture.
 */
import type { DrawnAttachment, Region, Skeleton } from './core/shapes';
import type { SpineVersion } from './core/SpineVersion';
import { mesh2dOrder } from './mesh2dOrder';

/** A colour as drawing reads it (spine-core's Color). */
export interface Rgba {
    r: number;
    g: number;
    b: number;
    a: number;
}

/**
 * How the runtime drawing an instance lays out and colours its vertices: spine-webgl 4.2 (colours
 * premultiplied when the object's `premultipliedAlpha` says so, the dark alpha flags it) or 4.3
 * (colours always premultiplied; with `pmaAdditiveBatching` an additive slot is drawn with alpha 0
 * in the normal blend mode), and spine-phaser-v4's flip of V (Phaser uploads textures flipped);
 * or spine-phaser-v4's default renderer (`mesh2d`: a Phaser Mesh2D per slot, see {@link vertexColors}
 * and mesh2dOrder.ts). One object per combination ({@link drawLayout}), so a picture's layout is
 * compared by identity.
 */
export interface DrawLayout {
    readonly pma: boolean;
    readonly twoColorTint: boolean;
    /** Floats per vertex: 12 with two-colour tint, else 8. */
    readonly size: number;
    readonly v43: boolean;
    readonly additiveBatching: boolean;
    readonly flipV: boolean;
    /** Phaser 4's Mesh2D renderer: colours as its slot meshes get them, triangles as it draws them. */
    readonly mesh2d: boolean;
}

const layouts: DrawLayout[] = [];

/** The one layout of these flags. */
export function drawLayout(pma: boolean, twoColorTint: boolean, v43: boolean, additiveBatching: boolean, flipV: boolean): DrawLayout {
    const key = (pma ? 1 : 0) | (twoColorTint ? 2 : 0) | (v43 ? 4 : 0) | (additiveBatching && v43 ? 8 : 0) | (flipV ? 16 : 0);
    return (layouts[key] ??= {
        pma: v43 || pma,
        twoColorTint,
        size: twoColorTint ? 12 : 8,
        v43,
        additiveBatching: additiveBatching && v43,
        flipV,
        mesh2d: false,
    });
}

/** The layout of spine-phaser-v4's default renderer (Spine 4.3, V flipped, a dark colour per vertex). */
export const MESH2D_LAYOUT: DrawLayout = Object.freeze({
    pma: false,
    twoColorTint: true,
    size: 12,
    v43: true,
    additiveBatching: false,
    flipV: true,
    mesh2d: true,
});

/** spine-core's BlendMode.Normal and BlendMode.Additive. */
const NORMAL = 0;
const ADDITIVE = 1;

/** The blend mode the runtime batches a slot of `blendMode` in. */
export function batchBlendMode(blendMode: number, layout: DrawLayout): number {
    return layout.additiveBatching && blendMode === ADDITIVE ? NORMAL : blendMode;
}

/** A slot drawn from the instance's own skeleton. */
export const LIVE = -1;

/** A slot whose region does not switch (no sequence of several frames): any sequence index shows it. */
export const STILL = -2;

/** The drawn vertices of one sample. */
export interface SampleVertices {
    /** Per slot (skeleton order): where its vertices start in `xy`, or LIVE. */
    readonly at: Int32Array;
    /** Per slot: its attachment in the sample (any kind, or null). */
    readonly attachments: unknown[];
    /** Per slot: its deform's length in the sample (an instance's must match). */
    readonly deform: Int32Array;
    /** Per slot: the sequence index the sample shows, when its attachment switches frames (an instance's must match), else STILL. */
    readonly frames: Int32Array;
    /** x, y per vertex. */
    readonly xy: Float32Array;
    /** The whole picture, or null when it shows a clipping attachment (drawn by the runtime). */
    readonly picture: Picture | null;
    /**
     * The same sample pictured for another layout, once a draw asked for it (a game drawing with both
     * of spine-phaser-v4's renderers: their pictures differ in colours and triangles): {@link laidOut}.
     */
    other: SampleVertices | null;
}

/** The drawn picture of a sample in spine-webgl's vertex layout (see the top of this file). */
export interface Picture {
    /** The layout it was built for. */
    readonly layout: DrawLayout;
    /** Floats per vertex (the layout's). */
    readonly size: number;
    /** The draw order as slot indices. */
    readonly order: Int32Array;
    /** The drawn slots, in draw order. */
    readonly drawn: Int32Array;
    /** Per drawn slot: its colour as the sample has it (r, g, b, a). */
    readonly colors: Float64Array;
    /** Per slot (skeleton order): where its colour is in `colors`, -1 when it is not drawn. */
    readonly colorAt: Int32Array;
    /** The vertices, `size` floats each. */
    readonly vertices: Float32Array;
    /** The triangles, each run's counted from its own first vertex. */
    readonly indices: Uint16Array;
    readonly runs: PictureRun[];
    /**
     * The texture pages of its rig, in the order they were first pictured (shared by every picture
     * of the rig's data and only ever appended to: a page's index never changes): a run's `page` is
     * its index here, so pictures of one rig drawn together agree on where each page is bound.
     */
    readonly pages: readonly unknown[];
    /** The largest `page` of its runs. */
    readonly lastPage: number;
    /** Its copy in GPU memory, once a draw uploaded it (plugin/draw/sampleAtlas.ts); given back with the sample. */
    gpu: GpuCopy | null;
    /**
     * The draw's look checks, remembered (plugin/draw/picture.ts): the last picture of its clip found
     * to give every drawn slot the same colour, and the last `colorAt` found equal to its own (a
     * crowd shares samples: each pair is compared once, not once per instance and frame).
     */
    colorsLike: Picture | null;
    drawnLike: Int32Array | null;
}

/** A picture's copy in GPU memory. */
export interface GpuCopy {
    /** GPU bytes it holds. */
    readonly bytes: number;
    /** Gives its memory back. */
    free(): void;
}

/** Lets go of what `v` holds outside the JS heap (its pictures' GPU copies); returns their bytes. */
export function letGo(v: SampleVertices | null | false): number {
    let bytes = 0;
    for (let s = v || null; s !== null; s = s.other) {
        const picture = s.picture;
        if (picture === null || picture.gpu === null) continue;
        bytes += picture.gpu.bytes;
        picture.gpu.free();
        picture.gpu = null;
    }
    return bytes;
}

/** `v`'s sample as drawn in `layout`: `v` or the one pictured for it after `v` (null when none is yet). */
export function laidOut(v: SampleVertices, layout: DrawLayout): SampleVertices | null {
    for (let s: SampleVertices | null = v; s !== null; s = s.other) if (s.picture === null || s.picture.layout === layout) return s;
    return null;
}

/**
 * Pictures `v`'s sample (posed in `skeleton`) for `layout` too: the per-slot data shared, the picture
 * its own, kept after `v` (`laidOut` finds it). Returns it.
 */
export function layOut(v: SampleVertices, skeleton: Skeleton, version: SpineVersion, layout: DrawLayout): SampleVertices {
    const next: SampleVertices = {
        at: v.at,
        attachments: v.attachments,
        deform: v.deform,
        frames: v.frames,
        xy: v.xy,
        picture: pictureOf(skeleton, version, v, layout),
        other: null,
    };
    let last = v;
    while (last.other !== null) last = last.other;
    last.other = next;
    return next;
}

/** Consecutive drawn slots of one texture and blend mode. */
export interface PictureRun {
    readonly texture: unknown;
    /** Its texture's index in the picture's `pages`. */
    readonly page: number;
    readonly blendMode: number;
    /** Its first vertex and vertex count. */
    readonly first: number;
    readonly count: number;
    /** Its vertices (a view of `vertices`, made once). */
    readonly view: Float32Array;
    readonly firstIndex: number;
    readonly indexCount: number;
}

/** Whether `attachment` is a clipping attachment. */
export function isClipping(attachment: unknown): boolean {
    return attachment !== null && typeof attachment === 'object' && (attachment as DrawnAttachment).endSlot !== undefined;
}

/** The triangles of a region. */
export const QUAD_TRIANGLES = [0, 1, 2, 2, 3, 0];

/**
 * A drawn slot's vertex colours as spine-webgl's SkeletonRenderer makes them, into `out`: r, g, b,
 * a, then dark r, g, b, a (the tint's colour × the slot's × the attachment's; premultiplied, the
 * colours times alpha; see {@link DrawLayout} for 4.2's dark alpha flag and 4.3's additive alpha 0).
 * Mesh2D (`layout.mesh2d`): the products unpremultiplied (the draw multiplies in the skeleton's colour
 * and cuts them to 8 bits, as the runtime's `rgb()` and Phaser's packing do), the dark colour cut to
 * 8 bits here (nothing multiplies it) and its alpha 1 where the slot has one (Phaser's tint mode
 * "multiply two"), else 0 ("multiply").
 */
export function vertexColors(tint: Rgba, color: Rgba, dark: Rgba | null, attachment: Rgba, blendMode: number, layout: DrawLayout, out: Float64Array): void {
    if (layout.mesh2d) {
        out[0] = tint.r * color.r * attachment.r;
        out[1] = tint.g * color.g * attachment.g;
        out[2] = tint.b * color.b * attachment.b;
        out[3] = tint.a * color.a * attachment.a;
        out[4] = dark ? byte(dark.r) : 0;
        out[5] = dark ? byte(dark.g) : 0;
        out[6] = dark ? byte(dark.b) : 0;
        out[7] = dark ? 1 : 0;
        return;
    }
    const alpha = tint.a * color.a * attachment.a;
    const pma = layout.pma;
    const m = pma ? alpha : 1;
    out[0] = tint.r * color.r * attachment.r * m;
    out[1] = tint.g * color.g * attachment.g * m;
    out[2] = tint.b * color.b * attachment.b * m;
    out[3] = layout.additiveBatching && blendMode === ADDITIVE ? 0 : alpha;
    out[4] = dark ? dark.r * m : 0;
    out[5] = dark ? dark.g * m : 0;
    out[6] = dark ? dark.b * m : 0;
    out[7] = dark ? (pma ? 1 : 0) : 1;
}

/** `c` as Phaser stores a colour channel: cut to one of 256 levels (spine-phaser-v4's `rgb()`). */
function byte(c: number): number {
    return Math.max(0, Math.min(255, (c * 255) | 0)) / 255;
}

/**
 * Writes `count` vertices in spine-webgl's layout (`size` floats each: 12 with two-colour tint, else
 * 8) into `out` from float `o`: positions from `xy` at `xa` (interpolated towards `xyb` at `xb` by
 * `w` when `xyb` is another array), colours from `colors` (vertexColors), UVs from `uvs` (V as
 * 1 - v when `flipV`).
 */
export function writeVertices(
    out: Float32Array,
    o: number,
    size: number,
    count: number,
    xy: Float32Array,
    xa: number,
    xyb: Float32Array,
    xb: number,
    w: number,
    colors: Float64Array,
    uvs: ArrayLike<number>,
    flipV = false,
): void {
    const blend = xyb !== xy && w !== 0;
    const v = 1 - w;
    const two = size === 12;
    for (let k = 0; k < count; k++, o += size) {
        const x = xa + 2 * k;
        if (blend) {
            out[o] = xy[x] * v + xyb[xb + 2 * k] * w;
            out[o + 1] = xy[x + 1] * v + xyb[xb + 2 * k + 1] * w;
        } else {
            out[o] = xy[x];
            out[o + 1] = xy[x + 1];
        }
        out[o + 2] = colors[0];
        out[o + 3] = colors[1];
        out[o + 4] = colors[2];
        out[o + 5] = colors[3];
        out[o + 6] = uvs[2 * k];
        out[o + 7] = flipV ? 1 - uvs[2 * k + 1] : uvs[2 * k + 1];
        if (two) {
            out[o + 8] = colors[4];
            out[o + 9] = colors[5];
            out[o + 10] = colors[6];
            out[o + 11] = colors[7];
        }
    }
}

/** A white colour: the tint a picture is built for. */
const WHITE: Rgba = { r: 1, g: 1, b: 1, a: 1 };
/** Scratch of vertexColors while a picture is built. */
const pictureColors = new Float64Array(8);

/** Scratch of regionOf. */
const region: Region = { uvs: [], texture: null };

/** Each rig's texture pages in the order first pictured (`Picture.pages`), by skeleton data. */
const pagesByData = new WeakMap<object, unknown[]>();

/** The index of `texture` in `pages`, appended when it is new. */
function pageOf(pages: unknown[], texture: unknown): number {
    const at = pages.indexOf(texture);
    if (at >= 0) return at;
    pages.push(texture);
    return pages.length - 1;
}

/**
 * What drawing needs of `skeleton` (of Spine `version`) as it is posed (world transforms computed:
 * a sample read into the scratch skeleton), its picture laid out for `layout`.
 */
export function sampleVertices(skeleton: Skeleton, version: SpineVersion, layout: DrawLayout): SampleVertices {
    const slots = skeleton.slots;
    const at = new Int32Array(slots.length).fill(LIVE);
    const attachments = new Array<unknown>(slots.length).fill(null);
    const deform = new Int32Array(slots.length);
    const frames = new Int32Array(slots.length).fill(STILL);
    let floats = 0;
    let clips = false;
    for (let i = 0; i < slots.length; i++) {
        const shown = version.slotShown(slots[i]);
        const attachment = shown.attachment;
        attachments[i] = attachment ?? null;
        if (isClipping(attachment)) clips = true;
        const n = version.drawnFloats(attachment);
        if (n === 0) continue;
        if (version.switchesRegion(attachment as DrawnAttachment)) frames[i] = shown.sequenceIndex;
        at[i] = floats;
        deform[i] = shown.deform.length;
        floats += n;
    }
    const xy = new Float32Array(floats);
    // A sequence's frame is applied here as stock's computeWorldVertices applies it (4.2: its region and offsets).
    for (let i = 0; i < slots.length; i++) {
        if (at[i] !== LIVE) version.worldVertices(skeleton, slots[i], attachments[i] as DrawnAttachment, version.drawnFloats(attachments[i]), xy, at[i]);
    }
    const perSlot = { at, attachments, deform, frames, xy };
    return { ...perSlot, picture: clips ? null : pictureOf(skeleton, version, perSlot, layout), other: null };
}

/** The picture of a posed skeleton whose drawn slots' vertices are `v.xy`. */
function pictureOf(skeleton: Skeleton, version: SpineVersion, v: { at: Int32Array; attachments: unknown[]; xy: Float32Array }, layout: DrawLayout): Picture {
    const size = layout.size;
    const order = version.drawOrderShown(skeleton);
    const drawn: number[] = [];
    let vertexCount = 0;
    let indexCount = 0;
    for (const slot of order) {
        const index = slot.data.index;
        const attachment = v.attachments[index] as DrawnAttachment | null;
        if (v.at[index] === LIVE || !slot.bone.active) continue;
        version.regionOf(attachment as DrawnAttachment, version.slotShown(slot), region);
        if (!region.texture) continue;
        drawn.push(index);
        vertexCount += version.drawnFloats(attachment) >> 1;
        indexCount += ((attachment as DrawnAttachment).triangles ?? QUAD_TRIANGLES).length;
    }
    const vertices = new Float32Array(vertexCount * size);
    const indices = new Uint16Array(indexCount);
    const colors = new Float64Array(drawn.length * 4);
    const colorAt = new Int32Array(skeleton.slots.length).fill(-1);
    const runs: PictureRun[] = [];
    let pages = pagesByData.get(skeleton.data);
    if (pages === undefined) pagesByData.set(skeleton.data, (pages = []));
    let vertex = 0;
    let at = 0;
    let runStart = 0;
    let runIndex = 0;
    let runTexture: unknown = null;
    let runBlend = 0;
    for (let k = 0; k < drawn.length; k++) {
        const slot = skeleton.slots[drawn[k]];
        const shown = version.slotShown(slot);
        const attachment = v.attachments[drawn[k]] as DrawnAttachment;
        version.regionOf(attachment, shown, region);
        const texture = region.texture;
        const slotBlend = slot.data.blendMode;
        const blendMode = batchBlendMode(slotBlend, layout);
        if (k > 0 && (texture !== runTexture || blendMode !== runBlend)) {
            runs.push(run(vertices, runTexture, pageOf(pages, runTexture), runBlend, runStart, vertex - runStart, runIndex, at - runIndex, size));
            runStart = vertex;
            runIndex = at;
        }
        runTexture = texture;
        runBlend = blendMode;
        // Colours as the runtime's SkeletonRenderer makes them, for a white skeleton colour.
        const c = shown.color;
        vertexColors(WHITE, c, shown.darkColor, attachment.color, slotBlend, layout, pictureColors);
        colors[k * 4] = c.r;
        colors[k * 4 + 1] = c.g;
        colors[k * 4 + 2] = c.b;
        colors[k * 4 + 3] = c.a;
        colorAt[drawn[k]] = k * 4;
        const count = version.drawnFloats(attachment) >> 1;
        const own = attachment.triangles ?? QUAD_TRIANGLES;
        const triangles = layout.mesh2d ? mesh2dOrder(own, count) : own;
        for (let t = 0; t < triangles.length; t++) indices[at++] = triangles[t] + vertex - runStart;
        writeVertices(vertices, vertex * size, size, count, v.xy, v.at[drawn[k]], v.xy, 0, 0, pictureColors, region.uvs, layout.flipV);
        vertex += count;
    }
    if (drawn.length > 0) runs.push(run(vertices, runTexture, pageOf(pages, runTexture), runBlend, runStart, vertex - runStart, runIndex, at - runIndex, size));
    return {
        layout,
        size,
        order: Int32Array.from(order, (slot) => slot.data.index),
        drawn: Int32Array.from(drawn),
        colors,
        colorAt,
        vertices,
        indices,
        runs,
        pages,
        lastPage: runs.reduce((last, r) => Math.max(last, r.page), 0),
        colorsLike: null,
        drawnLike: null,
        gpu: null,
    };
}

function run(
    vertices: Float32Array,
    texture: unknown,
    page: number,
    blendMode: number,
    first: number,
    count: number,
    firstIndex: number,
    indexCount: number,
    size: number,
): PictureRun {
    return { texture, page, blendMode, first, count, view: vertices.subarray(first * size, (first + count) * size), firstIndex, indexCount };
}

/** Bytes counted for `v` (its per-slot data and its picture). */
export function sampleVerticesBytes(v: SampleVertices): number {
    return v.xy.byteLength + v.at.byteLength + v.deform.byteLength + v.frames.byteLength + v.attachments.length * 8 + pictureBytes(v.picture);
}

/** Bytes counted for a picture (none: 0). */
export function pictureBytes(picture: Picture | null): number {
    return picture === null
        ? 0
        : picture.vertices.byteLength +
              picture.indices.byteLength +
              picture.colors.byteLength +
              picture.colorAt.byteLength +
              picture.order.byteLength +
              picture.drawn.byteLength +
              picture.runs.length * 64;
}
