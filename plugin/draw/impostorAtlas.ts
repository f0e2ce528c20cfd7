/**
 * Where impostors' images live (ImpostorPath.ts): one RGBA8 texture per renderer, `SIZE` texels a
 * side, made at the first image on a context, with a framebuffer an image is drawn into. Images are
 * packed on shelves (rows of one height, a multiple of `ROUND` texels); an image given back leaves
 * its cell to the next of its shelf that fits in it, and an atlas holding none starts its shelves
 * again. What is drawn in the texture goes with a lost context: each image keeps the generation it
 * was drawn in, and one of an older generation is drawn again (in its own cell) when next shown.
 */
import type { GpuCopy } from '../../spine/SampleVertices';

/** Texels a side at most (16 MiB of RGBA8), fewer where the context's largest texture is smaller. */
const MAX_SIZE = 2048;
/** Shelf heights and cell widths are rounded up to this many texels (fewer shelves, cells reused). */
const ROUND = 4;

/** A row of cells of one height. */
interface Shelf {
    readonly y: number;
    readonly height: number;
    /** The next free texel of the row. */
    x: number;
    /** Cells given back, to be taken again by an image that fits. */
    readonly free: ImpostorImage[];
}

/** One image of a picture at one scale: its cell in the atlas and the part of the skeleton's space it shows. */
export class ImpostorImage implements GpuCopy {
    /** The generation of the texture it was drawn in (-1: not yet). */
    drawnIn = -1;
    /** The pose it shows: `level` steps of its picture's way toward `toward` (0, null: the picture's own; ImpostorPath.ts). */
    level = 0;
    toward: object | null = null;
    /** Skeleton space shown: from (x0, y0) to (x1, y1). */
    x0 = 0;
    y0 = 0;
    x1 = 0;
    y1 = 0;
    /** Its cell (texels) and the texels of it the image covers. */
    constructor(
        private readonly atlas: ImpostorAtlas,
        readonly shelf: Shelf,
        readonly x: number,
        readonly cellWidth: number,
        /** Its scale bucket (ImpostorPath.ts). */
        public bucket: number,
        public width: number,
        public height: number,
    ) {}

    get y(): number {
        return this.shelf.y;
    }

    get bytes(): number {
        return this.cellWidth * this.shelf.height * 4;
    }

    free(): void {
        this.atlas.release(this);
    }
}

export class ImpostorAtlas {
    /** Texels a side (0: no texture yet). */
    size = 0;
    /** Bumped each time the texture is made: images drawn in an earlier one are drawn again. */
    generation = 0;
    /** Images held. */
    count = 0;
    private readonly shelves: Shelf[] = [];
    private top = 0;
    private gl: WebGLRenderingContext | null = null;
    texture: WebGLTexture | null = null;
    framebuffer: WebGLFramebuffer | null = null;

    /** GPU bytes of the texture (0 while it has none). */
    get bytes(): number {
        return this.texture === null ? 0 : this.size * this.size * 4;
    }

    /** Makes the texture and its framebuffer on `gl` (nothing when made already); false when the framebuffer cannot be drawn into. */
    attach(gl: WebGLRenderingContext): boolean {
        if (this.texture !== null) return true;
        const size = Math.min(MAX_SIZE, gl.getParameter(gl.MAX_TEXTURE_SIZE) as number);
        if (this.size !== 0 && size < this.size) return false; // a smaller context than the one the cells were packed for
        const texture = gl.createTexture();
        const framebuffer = gl.createFramebuffer();
        const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
        gl.activeTexture(gl.TEXTURE0);
        const wasTexture = gl.getParameter(gl.TEXTURE_BINDING_2D) as WebGLTexture | null;
        gl.bindTexture(gl.TEXTURE_2D, texture);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, size, size, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        gl.bindTexture(gl.TEXTURE_2D, wasTexture);
        gl.activeTexture(active);
        const wasFramebuffer = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
        gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
        const complete = gl.checkFramebufferStatus(gl.FRAMEBUFFER) === gl.FRAMEBUFFER_COMPLETE;
        gl.bindFramebuffer(gl.FRAMEBUFFER, wasFramebuffer);
        if (!complete) {
            gl.deleteFramebuffer(framebuffer);
            gl.deleteTexture(texture);
            return false;
        }
        if (this.size === 0) this.size = size;
        this.gl = gl;
        this.texture = texture;
        this.framebuffer = framebuffer;
        this.generation++;
        return true;
    }

    /** Lets go of the texture (deleted unless `lost`); the cells are kept: their images are drawn again in the next one. */
    detach(lost: boolean): void {
        const gl = this.gl;
        if (!lost && gl !== null) {
            if (this.framebuffer !== null) gl.deleteFramebuffer(this.framebuffer);
            if (this.texture !== null) gl.deleteTexture(this.texture);
        }
        this.gl = null;
        this.texture = null;
        this.framebuffer = null;
        if (this.count === 0) this.size = 0;
    }

    /** A cell of `width` × `height` texels for an image of `bucket`; null when the texture has no room. */
    take(width: number, height: number, bucket: number): ImpostorImage | null {
        const w = Math.ceil(width / ROUND) * ROUND;
        const h = Math.ceil(height / ROUND) * ROUND;
        if (w > this.size || h > this.size) return null;
        const shelves = this.shelves;
        for (let i = 0; i < shelves.length; i++) {
            const shelf = shelves[i];
            // A cell of a shelf up to a quarter taller than needed (or one rounding step) is taken.
            if (shelf.height < h || shelf.height > h + Math.max(ROUND, h >> 2)) continue;
            const free = shelf.free;
            for (let k = 0; k < free.length; k++) {
                const cell = free[k];
                if (cell.cellWidth < w) continue;
                free[k] = free[free.length - 1];
                free.pop();
                cell.bucket = bucket;
                cell.width = width;
                cell.height = height;
                cell.drawnIn = -1;
                this.count++;
                return cell;
            }
            if (shelf.x + w <= this.size) return this.cell(shelf, w, width, height, bucket);
        }
        if (this.top + h > this.size) return null;
        const shelf: Shelf = { y: this.top, height: h, x: 0, free: [] };
        this.top += h;
        shelves.push(shelf);
        return this.cell(shelf, w, width, height, bucket);
    }

    /** Gives `image`'s cell back (to its shelf; every shelf once no image is held). */
    release(image: ImpostorImage): void {
        if (image.drawnIn === -2) return; // given back already
        image.drawnIn = -2;
        image.shelf.free.push(image);
        if (--this.count > 0) return;
        this.shelves.length = 0;
        this.top = 0;
    }

    private cell(shelf: Shelf, w: number, width: number, height: number, bucket: number): ImpostorImage {
        const image = new ImpostorImage(this, shelf, shelf.x, w, bucket, width, height);
        shelf.x += w;
        this.count++;
        return image;
    }
}
