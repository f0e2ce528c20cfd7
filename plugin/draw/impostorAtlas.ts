/**
 * Where impostors' images live (ImpostorPath.ts): one RGBA8 texture per renderer, `SIZE` texels a
 * side, made at the first image on a context, with a framebuffer an image is drawn into. Images are
 * packed on shelves (rows of one height, a multiple of `ROUND` texels); an image given back leaves
 * its cell to the next of its shelf that fits in it, and an atlas holding none starts its shelves
 * again. A full atlas takes back, between frames, the images not drawn for a while (`evict`). What is drawn in the texture goes with a lost context: each image keeps the generation it
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
    /** The frame it was last drawn in (ImpostorPath.ts counts them): a full atlas gives back those not drawn for a while. */
    usedFrame = 0;
    /** Who holds it, told when the atlas takes it back (`evict`). */
    owner: { evicted(image: ImpostorImage): void } | null = null;
    /** Its index in its atlas's list of images held; -1 once given back. */
    at = -1;
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
    /** The images held, in no order. */
    private readonly held: ImpostorImage[] = [];
    /** An image found no room since the last `evict`. */
    full = false;
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
        const most = Math.min(MAX_SIZE, gl.getParameter(gl.MAX_TEXTURE_SIZE) as number);
        if (most < this.size) return false; // a smaller context than the one the cells were packed for
        const size = this.size !== 0 ? this.size : most;
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
        this.size = size;
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
        if (this.held.length === 0) this.size = 0;
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
                this.hold(cell);
                return cell;
            }
            if (shelf.x + w <= this.size) return this.cell(shelf, w, width, height, bucket);
        }
        if (this.top + h > this.size) {
            this.full = true;
            return null;
        }
        const shelf: Shelf = { y: this.top, height: h, x: 0, free: [] };
        this.top += h;
        shelves.push(shelf);
        return this.cell(shelf, w, width, height, bucket);
    }

    /** Images held. */
    get count(): number {
        return this.held.length;
    }

    /** Gives `image`'s cell back (to its shelf; every shelf once no image is held). */
    release(image: ImpostorImage): void {
        if (image.at < 0) return; // given back already
        const held = this.held;
        const last = held.pop() as ImpostorImage;
        if (last !== image) {
            held[image.at] = last;
            last.at = image.at;
        }
        image.at = -1;
        image.owner = null;
        image.shelf.free.push(image);
        if (held.length > 0) return;
        this.shelves.length = 0;
        this.top = 0;
    }

    /** Takes back every image not drawn since frame `before` (its owner told): room for the next. */
    evict(before: number): void {
        this.full = false;
        const held = this.held;
        for (let i = held.length - 1; i >= 0; i--) {
            const image = held[i];
            if (image.usedFrame >= before) continue;
            const owner = image.owner;
            this.release(image);
            owner?.evicted(image);
        }
    }

    private hold(image: ImpostorImage): void {
        image.at = this.held.length;
        this.held.push(image);
    }

    private cell(shelf: Shelf, w: number, width: number, height: number, bucket: number): ImpostorImage {
        const image = new ImpostorImage(this, shelf, shelf.x, w, bucket, width, height);
        shelf.x += w;
        this.hold(image);
        return image;
    }
}
