/**
 * The pose cache's pictures in GPU memory: one float texture (RGBA32F texels, `WIDTH` a row) per
 * renderer, holding each uploaded picture's vertices and triangles, so that an instance drawn on the
 * GPU sends a small record per frame, never its vertices (plugin/draw/gpuCrowd.ts).
 *
 * Per picture, from its first texel: each vertex as three texels, (x, y, u + PAGE_STRIDE × page, v),
 * (r, g, b, a) and the dark colour (r, g, b, a; zeros without two-colour tint), then its triangles'
 * vertex indices four to a texel, counted from its first vertex (a run's own are counted from the
 * run's). A vertex carries its texture page (its run's index in the rig's pages, `Picture.pages`)
 * in its u, so one draw binds several pages and each vertex picks its own. A picture's texels are
 * given back with its sample (a free list, first fit).
 *
 * The CPU keeps a copy of the texture: what the texture is made from again after a context is lost
 * and restored (`attach`), and what it grows or shrinks from. Space is never re-uploaded whole in the
 * middle of a frame: a picture that finds no room is refused for the rest of the frame (drawn on the
 * CPU), and between frames (`tidy`, the renderer's PRE_RENDER) the copies are compacted (moved down
 * over the holes, their records' addresses with them) and the texture grows for what was refused, or
 * when three quarters are used, and shrinks when less than a quarter is (its pages given back).
 */
import type { GpuCopy, Picture, PictureRun } from '../../spine/SampleVertices';

/** Texels per row (a power of two: the shader divides by it exactly). */
export const WIDTH = 1024;

/**
 * What a vertex's u is moved by per page index (u itself is in [0, 1]): the shader takes the page
 * back as floor((u + 1) / PAGE_STRIDE). A power of two, so page 0's u is stored as it is and the
 * others lose at most 3 bits of u's 24 (8 pages: under 0.004 texel on a 2048 page).
 */
export const PAGE_STRIDE = 4;

/** What the atlas holds of a picture: its vertices and triangles, and its runs' pages and blend modes. */
export type PictureData = Pick<Picture, 'vertices' | 'size' | 'indices'> & {
    readonly runs: readonly Pick<PictureRun, 'page' | 'blendMode' | 'first' | 'count' | 'firstIndex' | 'indexCount'>[];
};

/**
 * A picture's segments: its consecutive runs of one blend mode (pages differ inside one), as
 * blend mode, first index, index count, … (a draw is of one blend mode: a picture of several is drawn
 * in several, in order).
 */
export function segmentsOf(picture: PictureData): number[] {
    const segments: number[] = [];
    const runs = picture.runs;
    for (let r = 0; r < runs.length; r++) {
        const run = runs[r];
        const last = segments.length - 3;
        if (last >= 0 && segments[last] === run.blendMode) segments[last + 2] += run.indexCount;
        else segments.push(run.blendMode, run.firstIndex, run.indexCount);
    }
    return segments;
}

/** Texels of `picture`: three per vertex, then its indices four to a texel. */
export function texelsOf(picture: PictureData): number {
    return (picture.vertices.length / picture.size) * 3 + Math.ceil(picture.indices.length / 4);
}

/** Rows the texture starts with, and the fewest it shrinks to (1 MiB). */
export const MIN_ROWS = 64;
/** Rows at most (64 MiB), fewer where the context's largest texture is smaller. */
const MAX_ROWS = 4096;

/** Where a picture's texels are: what a draw record names (moved by a compaction, between frames only). */
export class AtlasCopy implements GpuCopy {
    /** Its index in its atlas's list of copies; -1 once given back. */
    at = -1;
    /** What else the GPU holds of its picture (its impostors' images: ImpostorPath.ts), counted and given back with it. */
    extra: GpuCopy | null = null;

    constructor(
        private readonly atlas: SampleAtlas,
        /** Its first texel (its first vertex's). */
        public start: number,
        readonly texels: number,
        /** The texel of its first index. */
        public indexStart: number,
        /** Its triangles' corners (indices). */
        readonly corners: number,
        /** Its segments of one blend mode (`segmentsOf`). */
        readonly segments: readonly number[],
    ) {}

    get bytes(): number {
        return this.texels * 16 + (this.extra === null ? 0 : this.extra.bytes);
    }

    /** Whether it is held in `atlas`. */
    in(atlas: SampleAtlas): boolean {
        return this.atlas === atlas && this.at >= 0;
    }

    free(): void {
        this.atlas.release(this);
        this.extra?.free();
        this.extra = null;
    }
}

/** Orders copies by their first texel (compaction moves them down in that order). */
function byStart(a: AtlasCopy, b: AtlasCopy): number {
    return a.start - b.start;
}

/** The rows that hold `texels` with a third more room, a power of two from MIN_ROWS. */
function rowsFor(texels: number): number {
    const needed = Math.ceil((texels * 4) / 3 / WIDTH);
    let rows = MIN_ROWS;
    while (rows < needed) rows *= 2;
    return rows;
}

/** Which texels are taken: everything below `top` but the holes given back (first fit, holes merged). */
export class TexelRanges {
    /** Texels in use up to here. */
    top = 0;
    /** Free ranges below `top`: start, length, … in order of start. */
    readonly holes: number[] = [];

    /** Texels given back below `top`. */
    get free(): number {
        let free = 0;
        for (let i = 1; i < this.holes.length; i += 2) free += this.holes[i];
        return free;
    }

    /** Texels taken. */
    get used(): number {
        return this.top - this.free;
    }

    /** The start of a hole of `texels` now taken, or -1 (the caller takes them from `top`). */
    take(texels: number): number {
        const holes = this.holes;
        for (let i = 0; i < holes.length; i += 2) {
            if (holes[i + 1] < texels) continue;
            const start = holes[i];
            if (holes[i + 1] === texels) holes.splice(i, 2);
            else {
                holes[i] += texels;
                holes[i + 1] -= texels;
            }
            return start;
        }
        return -1;
    }

    /** Gives back `texels` from `start`: merged with the holes beside it, or with `top`. */
    release(start: number, texels: number): void {
        const holes = this.holes;
        let i = 0;
        while (i < holes.length && holes[i] < start) i += 2;
        holes.splice(i, 0, start, texels);
        if (i + 2 < holes.length && holes[i] + holes[i + 1] === holes[i + 2]) holes.splice(i + 1, 3, holes[i + 1] + holes[i + 3]);
        if (i >= 2 && holes[i - 2] + holes[i - 1] === holes[i]) {
            holes.splice(i - 1, 3, holes[i - 1] + holes[i + 1]);
            i -= 2;
        }
        if (i === holes.length - 2 && holes[i] + holes[i + 1] === this.top) {
            this.top = holes[i];
            holes.length = i;
        }
    }
}

export class SampleAtlas {
    /** Rows of the texture (and of its CPU copy). */
    rows = 0;
    /** The texture's contents (its CPU copy). */
    private data = new Float32Array(0);
    readonly ranges = new TexelRanges();
    /** The copies held, in no order (a compaction sorts them). */
    private readonly copies: AtlasCopy[] = [];
    /** A picture found no room this frame: the rest of the frame's are refused too, and `tidy` makes room. */
    private full = false;
    /** The texels of the first picture refused this frame. */
    private wanted = 0;
    private maxRows = MAX_ROWS;
    /** The context it is in GPU memory of; null while it has none (not attached, lost, disposed). */
    private gl: WebGLRenderingContext | null = null;
    private texture: WebGLTexture | null = null;
    /** The texture unit drawing binds it to (uploads use it too). */
    private unit = 1;
    /** WebGL2's RGBA32F internal format, or WebGL1's RGBA (with OES_texture_float). */
    private internalFormat = 0;

    /** GPU bytes of the texture (0 while it has none). */
    get bytes(): number {
        return this.texture === null ? 0 : this.rows * WIDTH * 16;
    }

    /** Pictures held. */
    get count(): number {
        return this.copies.length;
    }

    /** Puts it in `gl`'s memory: its texture made from the CPU copy (when a crowd is made, after a restore too). */
    attach(gl: WebGLRenderingContext, unit: number, internalFormat: number): void {
        this.gl = gl;
        this.unit = unit;
        this.internalFormat = internalFormat;
        this.maxRows = Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, MAX_ROWS);
        this.texture = gl.createTexture();
        if (this.rows > this.maxRows) this.resize(this.maxRows); // a smaller context than the last one
        if (this.rows > 0) this.define();
    }

    /**
     * Takes it out of GPU memory: its texture deleted, unless its context is lost (its objects went
     * with it: a lost context's object is only let go of). The CPU copy and every picture's place are
     * kept for the context's restore; given up (no picture held, not lost), the CPU copy goes too.
     */
    detach(lost: boolean): void {
        if (!lost && this.gl !== null && this.texture !== null) this.gl.deleteTexture(this.texture);
        this.texture = null;
        this.gl = null;
        if (lost || this.copies.length > 0) return;
        this.data = new Float32Array(0);
        this.rows = 0;
        this.ranges.top = 0;
        this.ranges.holes.length = 0;
        this.full = false;
        this.wanted = 0;
    }

    /** Copies `picture` in (uploaded when attached); null when it finds no room this frame. */
    add(picture: PictureData): AtlasCopy | null {
        const vertexCount = picture.vertices.length / picture.size;
        const texels = texelsOf(picture);
        const start = this.alloc(texels);
        if (start < 0) return null;
        const out = this.data;
        const size = picture.size;
        const v = picture.vertices;
        const two = size === 12;
        for (let k = 0, o = start * 4, s = 0; k < vertexCount; k++, o += 12, s += size) {
            out[o] = v[s];
            out[o + 1] = v[s + 1];
            out[o + 2] = v[s + 6];
            out[o + 3] = v[s + 7];
            out[o + 4] = v[s + 2];
            out[o + 5] = v[s + 3];
            out[o + 6] = v[s + 4];
            out[o + 7] = v[s + 5];
            out[o + 8] = two ? v[s + 8] : 0;
            out[o + 9] = two ? v[s + 9] : 0;
            out[o + 10] = two ? v[s + 10] : 0;
            out[o + 11] = two ? v[s + 11] : 0;
        }
        const indexStart = start + vertexCount * 3;
        const indices = picture.indices;
        const base = indexStart * 4;
        const runs = picture.runs;
        for (let r = 0; r < runs.length; r++) {
            const run = runs[r];
            const shift = PAGE_STRIDE * run.page;
            if (shift !== 0) for (let k = run.first, o = start * 4 + run.first * 12 + 2; k < run.first + run.count; k++, o += 12) out[o] += shift;
            for (let i = run.firstIndex; i < run.firstIndex + run.indexCount; i++) out[base + i] = indices[i] + run.first;
        }
        for (let i = indices.length; i < (texels - vertexCount * 3) * 4; i++) out[base + i] = 0;
        if (this.texture !== null) this.upload(Math.floor(start / WIDTH), Math.floor((start + texels - 1) / WIDTH) + 1);
        const copy = new AtlasCopy(this, start, texels, indexStart, indices.length, segmentsOf(picture));
        copy.at = this.copies.length;
        this.copies.push(copy);
        return copy;
    }

    /** Gives back `copy`'s texels. */
    release(copy: AtlasCopy): void {
        if (copy.at < 0) return;
        this.ranges.release(copy.start, copy.texels);
        const copies = this.copies;
        const last = copies.pop() as AtlasCopy;
        if (last !== copy) {
            copies[copy.at] = last;
            last.at = copy.at;
        }
        copy.at = -1;
    }

    /**
     * Between frames, no record waiting: makes room for what was refused (compacted when that is
     * enough, else grown), grows ahead once three quarters are used, shrinks below a quarter.
     * Returns whether anything moved or was uploaded.
     */
    tidy(): boolean {
        const used = this.ranges.used;
        const capacity = this.rows * WIDTH;
        const wanted = this.full ? this.wanted : 0;
        this.full = false;
        this.wanted = 0;
        const need = used + wanted;
        if (need * 4 > capacity * 3 && this.rows < this.maxRows) {
            const rows = Math.min(this.maxRows, Math.max(rowsFor(need), this.rows * 2));
            this.compact();
            this.resize(rows);
            if (this.texture !== null) this.define();
            return true;
        }
        if (wanted > 0 && this.ranges.holes.length > 0) {
            const from = this.compact();
            if (this.texture !== null && from < this.ranges.top) this.upload(Math.floor(from / WIDTH), Math.ceil(this.ranges.top / WIDTH));
            return true;
        }
        if (used * 4 < capacity && this.rows > MIN_ROWS) {
            this.compact();
            this.resize(Math.max(MIN_ROWS, rowsFor(used * 2)));
            if (this.texture !== null) this.define();
            return true;
        }
        return false;
    }

    /** The first texel of a free range of `texels`; -1 when there is none this frame. */
    private alloc(texels: number): number {
        if (this.full) return -1;
        const ranges = this.ranges;
        const start = ranges.take(texels);
        if (start >= 0) return start;
        const end = ranges.top + texels;
        if (end <= this.rows * WIDTH) {
            ranges.top = end;
            return end - texels;
        }
        // An empty atlas is made (or grown) at once: there is nothing to upload again.
        if (this.copies.length === 0) {
            const rows = rowsFor(end);
            if (rows <= this.maxRows) {
                this.resize(rows);
                if (this.texture !== null) this.define();
                ranges.top = end;
                return end - texels;
            }
        }
        this.full = true;
        this.wanted = texels;
        return -1;
    }

    /** Moves every copy down over the holes, in order; returns the first texel that moved (`top` when none did). */
    private compact(): number {
        const copies = this.copies;
        copies.sort(byStart);
        const data = this.data;
        let at = 0;
        let from = -1;
        for (let i = 0; i < copies.length; i++) {
            const copy = copies[i];
            copy.at = i;
            if (copy.start !== at) {
                if (from < 0) from = at;
                data.copyWithin(at * 4, copy.start * 4, (copy.start + copy.texels) * 4);
                copy.indexStart += at - copy.start;
                copy.start = at;
            }
            at += copy.texels;
        }
        this.ranges.holes.length = 0;
        this.ranges.top = at;
        return from < 0 ? at : from;
    }

    /** A CPU copy of `rows` rows, the texels below `top` kept. */
    private resize(rows: number): void {
        const data = new Float32Array(rows * WIDTH * 4);
        data.set(this.data.subarray(0, Math.min(this.data.length, data.length)));
        this.data = data;
        this.rows = rows;
    }

    /** Makes the texture of the CPU copy's size and fills it. */
    private define(): void {
        const gl = this.gl as WebGLRenderingContext;
        const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
        const was = this.bind();
        const unpack = rawUnpack(gl);
        gl.texImage2D(gl.TEXTURE_2D, 0, this.internalFormat, WIDTH, this.rows, 0, gl.RGBA, gl.FLOAT, this.data);
        restoreUnpack(gl, unpack);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        this.unbind(was, active);
    }

    /**
     * Binds the texture to its unit, returning what was bound there: the engine's own record of its
     * texture units (Phaser 4's) must find them as it left them (`unbind`).
     */
    bind(): WebGLTexture | null {
        const gl = this.gl as WebGLRenderingContext;
        gl.activeTexture(gl.TEXTURE0 + this.unit);
        const was = gl.getParameter(gl.TEXTURE_BINDING_2D) as WebGLTexture | null;
        gl.bindTexture(gl.TEXTURE_2D, this.texture);
        return was;
    }

    /** Puts back what `bind` replaced, and the active unit (`active`, a TEXTUREi). */
    unbind(was: WebGLTexture | null, active: number): void {
        const gl = this.gl as WebGLRenderingContext;
        gl.bindTexture(gl.TEXTURE_2D, was);
        gl.activeTexture(active);
    }

    /** Uploads rows `first` to `end` (excluded) of the CPU copy. */
    private upload(first: number, end: number): void {
        const gl = this.gl as WebGLRenderingContext;
        const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
        const was = this.bind();
        const unpack = rawUnpack(gl);
        gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, first, WIDTH, end - first, gl.RGBA, gl.FLOAT, this.data.subarray(first * WIDTH * 4, end * WIDTH * 4));
        restoreUnpack(gl, unpack);
        this.unbind(was, active);
    }
}

/**
 * Sets the pixel store to upload floats as they are, returning what it was: WebGL applies its
 * flip and premultiplication to typed-array uploads too, and Phaser and spine-webgl set them for
 * their images (premultiplied, (x, y, u, v) would come out as (x·v, y·v, u·v, v)).
 */
function rawUnpack(gl: WebGLRenderingContext): [boolean, boolean, number] {
    const was: [boolean, boolean, number] = [
        gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL) as boolean,
        gl.getParameter(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL) as boolean,
        gl.getParameter(gl.UNPACK_ALIGNMENT) as number,
    ];
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    return was;
}

function restoreUnpack(gl: WebGLRenderingContext, [flipY, premultiply, alignment]: [boolean, boolean, number]): void {
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, flipY);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, premultiply);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, alignment);
}
