/**
 * What drawing a pose-cache sample needs, built once per sample instead of once per instance and
 * frame (every instance served a sample draws the same picture in skeleton space; only its game
 * object's matrix differs):
 *
 * - per slot, the world vertices of its region or mesh attachment as the sample poses it
 *   (`computeWorldVertices` of a weighted mesh walks every vertex's bones);
 * - the whole picture in spine-webgl's vertex layout (x, y, r, g, b, a, u, v, and with two-colour
 *   tint dark r, g, b, a), in the sample's draw order, with its triangles, cut into runs of one
 *   texture and blend mode: an instance that shows exactly the sample's look (attachments, draw
 *   order, slot colours, an untinted skeleton) is drawn by copying a run into the batch and moving
 *   its positions by the object's matrix, nothing recomputed.
 *
 * Built at the first draw that needs them, from the sample read into the clip's scratch skeleton.
 * A slot is left to the instance's own skeleton (`LIVE`) when its attachment has a sequence (its
 * region switches at draw time) or is not a region or mesh; an instance whose slot shows another
 * attachment or deform than the sample's draws that slot from its own skeleton too.
 */
import { versionOf, type Skeleton, type Slot } from './spineCore';

/** A colour as drawing reads it (spine-core's Color). */
export interface Rgba {
    r: number;
    g: number;
    b: number;
    a: number;
}

/** A slot drawn from the instance's own skeleton. */
export const LIVE = -1;

/** The drawn vertices of one sample. */
export interface SampleVertices {
    /** Per slot (skeleton order): where its vertices start in `xy`, or LIVE. */
    readonly at: Int32Array;
    /** Per slot: its attachment in the sample (any kind, or null). */
    readonly attachments: unknown[];
    /** Per slot: its deform's length in the sample (an instance's must match). */
    readonly deform: Int32Array;
    /** x, y per vertex. */
    readonly xy: Float32Array;
    /** The whole picture, or null when it shows a sequence (drawn slot by slot) or a clipping attachment (drawn by the runtime). */
    readonly picture: Picture | null;
}

/** The drawn picture of a sample in spine-webgl's vertex layout (see the top of this file). */
export interface Picture {
    /** Premultiplied alpha and two-colour tint: the layout it was built for. */
    readonly pma: boolean;
    readonly twoColorTint: boolean;
    /** Floats per vertex: 12 with two-colour tint, else 8. */
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
}

/** Consecutive drawn slots of one texture and blend mode. */
export interface PictureRun {
    readonly texture: unknown;
    readonly blendMode: number;
    /** Its first vertex and vertex count. */
    readonly first: number;
    readonly count: number;
    /** Its vertices (a view of `vertices`, made once). */
    readonly view: Float32Array;
    readonly firstIndex: number;
    readonly indexCount: number;
}

/** What drawing reads of an attachment (spine-core's RegionAttachment and MeshAttachment, by shape). */
export interface DrawnAttachment {
    sequence?: unknown;
    color: Rgba;
    uvs: ArrayLike<number>;
    region: { texture: unknown } | null;
    /** Mesh: triangles. */
    triangles?: ArrayLike<number>;
    worldVerticesLength?: number;
    /** Region: its 8 offsets. */
    offset?: ArrayLike<number>;
    /** Clipping: the slot it ends at. */
    endSlot?: unknown;
    computeWorldVertices(...args: unknown[]): void;
}

/** How many floats an attachment's vertices take drawn (x, y each), 0 when it is not a region or mesh. */
export function drawnFloats(attachment: unknown): number {
    if (attachment === null || typeof attachment !== 'object') return 0;
    const a = attachment as DrawnAttachment;
    if (a.triangles !== undefined && a.worldVerticesLength !== undefined) return a.worldVerticesLength;
    if (a.offset !== undefined && a.offset.length === 8) return 8;
    return 0;
}

/** Whether `attachment` is a clipping attachment. */
export function isClipping(attachment: unknown): boolean {
    return attachment !== null && typeof attachment === 'object' && (attachment as DrawnAttachment).endSlot !== undefined;
}

/**
 * Writes the world vertices of `slot`'s attachment (`floats` of them, see drawnFloats) into
 * `out` from `at`, 2 apart: spine-core's own computeWorldVertices (region and mesh signatures).
 */
export function worldVertices(slot: Slot, attachment: unknown, floats: number, out: Float32Array, at: number): void {
    const a = attachment as DrawnAttachment;
    if (a.triangles !== undefined) a.computeWorldVertices(slot, 0, floats, out, at, 2);
    else a.computeWorldVertices(slot, out, at, 2);
}

/** The triangles of a region. */
export const QUAD_TRIANGLES = [0, 1, 2, 2, 3, 0];

/**
 * A drawn slot's vertex colours as spine-webgl's SkeletonRenderer makes them, into `out`: r, g, b,
 * a, then dark r, g, b, a (the tint's colour × the slot's × the attachment's; with premultiplied
 * alpha, the colours times alpha and the dark alpha 1).
 */
export function vertexColors(tint: Rgba, color: Rgba, dark: Rgba | null, attachment: Rgba, pma: boolean, out: Float64Array): void {
    const alpha = tint.a * color.a * attachment.a;
    const m = pma ? alpha : 1;
    out[0] = tint.r * color.r * attachment.r * m;
    out[1] = tint.g * color.g * attachment.g * m;
    out[2] = tint.b * color.b * attachment.b * m;
    out[3] = alpha;
    out[4] = dark ? dark.r * m : 0;
    out[5] = dark ? dark.g * m : 0;
    out[6] = dark ? dark.b * m : 0;
    out[7] = dark ? (pma ? 1 : 0) : 1;
}

/**
 * Writes `count` vertices in spine-webgl's layout (`size` floats each: 12 with two-colour tint, else
 * 8) into `out` from float `o`: positions from `xy` at `xa` (interpolated towards `xyb` at `xb` by
 * `w` when `xyb` is another array), colours from `colors` (vertexColors), UVs from `uvs`.
 */
export function writeVertices(out: Float32Array, o: number, size: number, count: number, xy: Float32Array, xa: number, xyb: Float32Array, xb: number, w: number, colors: Float64Array, uvs: ArrayLike<number>): void {
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
        out[o + 7] = uvs[2 * k + 1];
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

/**
 * What drawing needs of `skeleton` as it is posed (world transforms computed: a sample read into
 * the scratch skeleton), its picture laid out for `pma` and `twoColorTint`.
 */
export function sampleVertices(skeleton: Skeleton, pma: boolean, twoColorTint: boolean): SampleVertices {
    const version = versionOf(skeleton);
    const slots = skeleton.slots as Slot[];
    const at = new Int32Array(slots.length).fill(LIVE);
    const attachments = new Array<unknown>(slots.length).fill(null);
    const deform = new Int32Array(slots.length);
    let floats = 0;
    let clips = false;
    let sequences = false;
    for (let i = 0; i < slots.length; i++) {
        const look = version.slotLook(slots[i]);
        const attachment = look.attachment;
        attachments[i] = attachment ?? null;
        if (isClipping(attachment)) clips = true;
        const n = drawnFloats(attachment);
        if (n === 0) continue;
        if ((attachment as DrawnAttachment).sequence) {
            sequences = true;
            continue;
        }
        at[i] = floats;
        deform[i] = look.deform.length;
        floats += n;
    }
    const xy = new Float32Array(floats);
    for (let i = 0; i < slots.length; i++) {
        if (at[i] !== LIVE) worldVertices(slots[i], attachments[i], drawnFloats(attachments[i]), xy, at[i]);
    }
    const perSlot = { at, attachments, deform, xy };
    return { ...perSlot, picture: sequences || clips ? null : pictureOf(skeleton, perSlot, pma, twoColorTint) };
}

/** The picture of a posed skeleton whose drawn slots' vertices are `v.xy`. */
function pictureOf(skeleton: Skeleton, v: { at: Int32Array; attachments: unknown[]; xy: Float32Array }, pma: boolean, twoColorTint: boolean): Picture {
    const version = versionOf(skeleton);
    const size = twoColorTint ? 12 : 8;
    const order = skeleton.drawOrder as Slot[];
    const drawn: number[] = [];
    let vertexCount = 0;
    let indexCount = 0;
    for (const slot of order) {
        const index = slot.data.index;
        const attachment = v.attachments[index] as DrawnAttachment | null;
        if (v.at[index] === LIVE || !(slot.bone as unknown as { active: boolean }).active || !attachment?.region?.texture) continue;
        drawn.push(index);
        vertexCount += drawnFloats(attachment) >> 1;
        indexCount += (attachment.triangles ?? QUAD_TRIANGLES).length;
    }
    const vertices = new Float32Array(vertexCount * size);
    const indices = new Uint16Array(indexCount);
    const colors = new Float64Array(drawn.length * 4);
    const colorAt = new Int32Array(skeleton.slots.length).fill(-1);
    const runs: PictureRun[] = [];
    let vertex = 0;
    let at = 0;
    let runStart = 0;
    let runIndex = 0;
    let runTexture: unknown = null;
    let runBlend = 0;
    for (let k = 0; k < drawn.length; k++) {
        const slot = skeleton.slots[drawn[k]] as Slot;
        const look = version.slotLook(slot);
        const attachment = v.attachments[drawn[k]] as DrawnAttachment;
        const texture = (attachment.region as { texture: unknown }).texture;
        const blendMode = (slot.data as unknown as { blendMode: number }).blendMode;
        if (k > 0 && (texture !== runTexture || blendMode !== runBlend)) {
            runs.push(run(vertices, runTexture, runBlend, runStart, vertex - runStart, runIndex, at - runIndex, size));
            runStart = vertex;
            runIndex = at;
        }
        runTexture = texture;
        runBlend = blendMode;
        // Colours as spine-webgl's SkeletonRenderer makes them, for a white skeleton colour.
        const c = look.color;
        vertexColors(WHITE, c, look.darkColor, attachment.color, pma, pictureColors);
        colors[k * 4] = c.r;
        colors[k * 4 + 1] = c.g;
        colors[k * 4 + 2] = c.b;
        colors[k * 4 + 3] = c.a;
        colorAt[drawn[k]] = k * 4;
        const count = drawnFloats(attachment) >> 1;
        const triangles = attachment.triangles ?? QUAD_TRIANGLES;
        for (let t = 0; t < triangles.length; t++) indices[at++] = triangles[t] + vertex - runStart;
        writeVertices(vertices, vertex * size, size, count, v.xy, v.at[drawn[k]], v.xy, 0, 0, pictureColors, attachment.uvs);
        vertex += count;
    }
    if (drawn.length > 0) runs.push(run(vertices, runTexture, runBlend, runStart, vertex - runStart, runIndex, at - runIndex, size));
    return { pma, twoColorTint, size, order: Int32Array.from(order, (slot) => slot.data.index), drawn: Int32Array.from(drawn), colors, colorAt, vertices, indices, runs };
}

function run(vertices: Float32Array, texture: unknown, blendMode: number, first: number, count: number, firstIndex: number, indexCount: number, size: number): PictureRun {
    return { texture, blendMode, first, count, view: vertices.subarray(first * size, (first + count) * size), firstIndex, indexCount };
}

/** Bytes counted for `v`. */
export function sampleVerticesBytes(v: SampleVertices): number {
    const picture = v.picture;
    const pictureBytes = picture === null ? 0 : picture.vertices.byteLength + picture.indices.byteLength + picture.colors.byteLength + picture.colorAt.byteLength + picture.order.byteLength + picture.drawn.byteLength + picture.runs.length * 64;
    return v.xy.byteLength + v.at.byteLength + v.deform.byteLength + v.attachments.length * 8 + pictureBytes;
}
