/**
 * The pose cache's pictures in GPU memory: one float texture (RGBA32F texels, `WIDTH` a row) per
 * WebGL context, holding each uploaded picture's vertices and triangles, so that an instance drawn
 * on the GPU sends a small record per frame, never its vertices (plugin/draw/gpuCrowd.ts).
 *
 * Per picture, from its first texel: each vertex as three texels, (x, y, u, v), (r, g, b, a) and the
 * dark colour (r, g, b, a; zeros without two-colour tint), then its triangles' vertex indices four to
 * a texel. A CPU copy of the texture is kept so that the texture can grow (a new one twice as tall,
 * filled from the copy); a picture's texels are given back with its sample (a free list, first fit).
 */
import type { GpuCopy, Picture } from '../../spine/SampleVertices';

/** Texels per row (a power of two: the shader divides by it exactly). */
export const WIDTH = 1024;

/** Texels of `picture`: three per vertex, then its indices four to a texel. */
export function texelsOf(picture: Picture): number {
    return (picture.vertices.length / picture.size) * 3 + Math.ceil(picture.indices.length / 4);
}

/** Where a picture's texels are: what a draw record names. */
export class AtlasCopy implements GpuCopy {
    constructor(
        private readonly atlas: SampleAtlas,
        /** Its first texel (its first vertex's). */
        readonly start: number,
        readonly texels: number,
        /** The texel of its first index. */
        readonly indexStart: number,
        /** Its triangles' corners (indices). */
        readonly corners: number,
    ) {}

    get bytes(): number {
        return this.texels * 16;
    }

    free(): void {
        this.atlas.release(this.start, this.texels);
    }
}

/** Which texels are taken: everything below `top` but the holes given back (first fit, holes merged). */
export class TexelRanges {
    /** Texels in use up to here. */
    top = 0;
    /** Free ranges below `top`: start, length, … in order of start. */
    readonly holes: number[] = [];

    /** Texels taken. */
    get used(): number {
        let free = 0;
        for (let i = 1; i < this.holes.length; i += 2) free += this.holes[i];
        return this.top - free;
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
    readonly texture: WebGLTexture;
    /** Rows of the texture. */
    rows = 0;
    /** The texture's contents, as uploaded. */
    private data = new Float32Array(0);
    private readonly ranges = new TexelRanges();
    private readonly maxRows: number;

    constructor(
        private readonly gl: WebGLRenderingContext,
        /** The texture unit drawing binds it to (uploads use it too). */
        private readonly unit: number,
        /** WebGL2's RGBA32F internal format, or WebGL1's RGBA (with OES_texture_float). */
        private readonly internalFormat: number,
    ) {
        this.texture = gl.createTexture();
        this.maxRows = Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, 4096);
    }

    /** Bytes of the texture. */
    get bytes(): number {
        return this.rows * WIDTH * 16;
    }

    /** Uploads `picture`; null when the texture cannot hold it. */
    add(picture: Picture): AtlasCopy | null {
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
        for (let i = 0; i < indices.length; i++) out[base + i] = indices[i];
        for (let i = indices.length; i < (texels - vertexCount * 3) * 4; i++) out[base + i] = 0;
        this.upload(start, texels);
        return new AtlasCopy(this, start, texels, indexStart, indices.length);
    }

    /** Gives back `texels` from `start`. */
    release(start: number, texels: number): void {
        this.ranges.release(start, texels);
    }

    /** The first texel of a free range of `texels`, growing the texture when needed; -1 when it cannot grow enough. */
    private alloc(texels: number): number {
        const ranges = this.ranges;
        const start = ranges.take(texels);
        if (start >= 0) return start;
        const end = ranges.top + texels;
        if (end > this.rows * WIDTH && !this.grow(Math.ceil(end / WIDTH))) return -1;
        ranges.top = end;
        return end - texels;
    }

    /** A texture of at least `rows` rows (doubling), filled from the CPU copy. */
    private grow(rows: number): boolean {
        let next = Math.max(this.rows, 16);
        while (next < rows) next *= 2;
        if (next > this.maxRows) return false;
        const data = new Float32Array(next * WIDTH * 4);
        data.set(this.data);
        this.data = data;
        this.rows = next;
        const gl = this.gl;
        const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
        const was = this.bind();
        const unpack = rawUnpack(gl);
        gl.texImage2D(gl.TEXTURE_2D, 0, this.internalFormat, WIDTH, next, 0, gl.RGBA, gl.FLOAT, data);
        restoreUnpack(gl, unpack);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        this.unbind(was, active);
        return true;
    }

    /**
     * Binds the texture to its unit, returning what was bound there: the engine's own record of its
     * texture units (Phaser 4's) must find them as it left them (`unbind`).
     */
    bind(): WebGLTexture | null {
        const gl = this.gl;
        gl.activeTexture(gl.TEXTURE0 + this.unit);
        const was = gl.getParameter(gl.TEXTURE_BINDING_2D) as WebGLTexture | null;
        gl.bindTexture(gl.TEXTURE_2D, this.texture);
        return was;
    }

    /** Puts back what `bind` replaced, and the active unit (`active`, a TEXTUREi). */
    unbind(was: WebGLTexture | null, active: number): void {
        const gl = this.gl;
        gl.bindTexture(gl.TEXTURE_2D, was);
        gl.activeTexture(active);
    }

    /** Uploads the rows `texels` from `start` touch (whole rows: one call, a few KB more at most). */
    private upload(start: number, texels: number): void {
        const gl = this.gl;
        const first = Math.floor(start / WIDTH);
        const last = Math.floor((start + texels - 1) / WIDTH);
        const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
        const was = this.bind();
        const unpack = rawUnpack(gl);
        gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, first, WIDTH, last - first + 1, gl.RGBA, gl.FLOAT, this.data.subarray(first * WIDTH * 4, (last + 1) * WIDTH * 4));
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
