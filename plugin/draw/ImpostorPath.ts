/**
 * The impostor path: a served instance small on screen (the `impostorBelow` option) is drawn as one
 * quad showing an image of its sample, drawn once on the GPU into a texture (impostorAtlas.ts) at
 * the screen scale it is shown at, rounded up to the next of `STEPS` scales per doubling (the image
 * is never magnified, and minified by less than 2^(1/STEPS)). The image is the sample's picture
 * drawn by the GPU crowd's own program (gpuCrowd.ts) into the texture, so it has the picture's
 * triangles, colours and texture reads at that scale; the quads are drawn by impostorQuads.ts.
 *
 * What the player sees stays within half a screen pixel of the GPU path's drawing:
 * - the pose imaged is the GPU path's own between the two samples around the instance's time (its
 *   positions interpolated by the crowd's program as it draws them), at the nearest of a few steps
 *   between them: as many as keep every vertex within `SAMPLE_SLACK` screen px of the instance's
 *   pose (the farthest a vertex moves between the two, measured once per pair of pictures);
 * - what an image cannot show is left to the GPU path: an object stretched more one way than the
 *   other by over a step (one way would be minified further), a skeleton alpha below 1 (the slots would show
 *   through one another), a slot blend mode other than normal (composited into the image, not onto
 *   the screen), a skeleton colour over slots with a dark colour (two-colour tint is not linear in the
 *   light colour), Phaser 4's default renderer (its colours are its own);
 * - at most `BAKES_PER_FRAME` images are drawn a frame (a crowd appearing costs no frame spike);
 *   the others are drawn by the GPU path until their image is made.
 * Images are held on their picture's GPU copy (sampleAtlas.ts: `extra`), counted in
 * `poseCacheMemory` and given back with it; after a lost context each is drawn again when next shown.
 */
import { warn } from '../../src/errors';
import { cacheLookup, type CacheLookup, type PoseCache } from '../../spine/PoseCache';
import type { DrawLayout, GpuCopy, Picture, SampleVertices } from '../../spine/SampleVertices';
import type { PooledInstance } from '../PooledInstance';
import type { DrawPath, PathHost } from './DrawPath';
import type { Element } from './Element';
import type { Bindable, CrowdHost, GpuCrowd } from './gpuCrowd';
import type { GpuPath } from './GpuPath';
import { ImpostorAtlas, type ImpostorImage } from './impostorAtlas';
import { ImpostorQuads } from './impostorQuads';
import { PASSED, TAKEN, type Miss } from './paths';
import type { AtlasCopy } from './sampleAtlas';
import { WHITE } from './tint';

/** Image scales per doubling of the screen scale. */
const STEPS = 8;
/** One step of scale (2^(1/STEPS)). */
const STEP = 2 ** (1 / STEPS);
/** Texels of transparent margin around an image (filtering at its edge reads nothing of a neighbour). */
const PAD = 1;
/** Screen px an image's pose may be from the pose between the two samples around the instance's time. */
const SAMPLE_SLACK = 0.25;
/** Poses imaged between two samples at most (a pair moving farther apart on screen is drawn by the GPU path). */
const MAX_LEVELS = 16;
/** Pictures a picture's step to is remembered for. */
const MAX_PARTNERS = 4;
/** Frames an image may go undrawn before a full atlas takes it back. */
const EVICT_AFTER = 60;
/** Images drawn into the texture a frame at most. */
const BAKES_PER_FRAME = 32;
/** The texture unit the images are bound to while drawing (spine-webgl draws with unit 0). */
const IMAGE_UNIT = 1;

/** What the impostors keep of one picture: found once, and its images by scale. Held on its atlas copy. */
class PictureImages implements GpuCopy {
    readonly images: ImpostorImage[] = [];
    /** Where its images' bytes are counted (set with the first): given back there when the atlas takes one back. */
    private cache: PoseCache | null = null;
    private clip: CacheLookup | null = null;
    /** The pictures its step was measured to, and the steps (skeleton units): a sample pairs with its next, a mid-sample or a loop's end. */
    private readonly stepsTo: Picture[] = [];
    private readonly steps: number[] = [];

    constructor(
        /** Its box in skeleton space. */
        readonly x0: number,
        readonly y0: number,
        readonly x1: number,
        readonly y1: number,
        /** One segment, of the normal blend mode: an image composites as the slots would. */
        readonly plain: boolean,
        /** Some vertex has a dark colour (two-colour tint). */
        readonly dark: boolean,
    ) {}

    get bytes(): number {
        let bytes = 0;
        for (let i = 0; i < this.images.length; i++) bytes += this.images[i].bytes;
        return bytes;
    }

    free(): void {
        for (let i = 0; i < this.images.length; i++) this.images[i].free();
        this.images.length = 0;
    }

    /** Counts `image` as its own, its bytes in `instance`'s clip's memory; false when the bound does not allow them. */
    hold(image: ImpostorImage, instance: PooledInstance): boolean {
        const cache = instance.host.poseCache;
        if (!cache.holdGpu(instance.served, image.bytes)) return false;
        if (this.clip === null) {
            this.cache = cache;
            this.clip = cacheLookup();
            this.clip.clip = instance.served.clip;
        }
        image.owner = this;
        this.images.push(image);
        return true;
    }

    /** The atlas took `image` back (not drawn for a while): its bytes given back. */
    evicted(image: ImpostorImage): void {
        const images = this.images;
        const at = images.indexOf(image);
        if (at < 0) return;
        images.splice(at, 1);
        (this.cache as PoseCache).unholdGpu(this.clip as CacheLookup, image.bytes);
    }

    /** Its image of scale `bucket` at `level` of the way to `toward` (null: itself), if made. */
    find(bucket: number, level: number, toward: Picture | null): ImpostorImage | null {
        const images = this.images;
        for (let i = 0; i < images.length; i++) {
            const image = images[i];
            if (image.bucket === bucket && image.level === level && image.toward === toward) return image;
        }
        return null;
    }

    /** The farthest a vertex of `picture` (its own) is from the same vertex of `other` (the same slots). */
    stepFrom(picture: Picture, other: Picture): number {
        const known = this.stepsTo.indexOf(other);
        if (known >= 0) return this.steps[known];
        const a = picture.vertices;
        const b = other.vertices;
        const size = picture.size;
        let most = 0;
        for (let i = 0; i < a.length; i += size) {
            const dx = a[i] - b[i];
            const dy = a[i + 1] - b[i + 1];
            const d = dx * dx + dy * dy;
            if (d > most) most = d;
        }
        const step = Math.sqrt(most);
        if (this.stepsTo.length === MAX_PARTNERS) {
            this.stepsTo.shift();
            this.steps.shift();
        }
        this.stepsTo.push(other);
        this.steps.push(step);
        return step;
    }
}

/** What the impostors know of `picture`, kept on its GPU copy. */
function imagesOf(copy: AtlasCopy, picture: Picture): PictureImages {
    if (copy.extra instanceof PictureImages) return copy.extra;
    const v = picture.vertices;
    const size = picture.size;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    let dark = false;
    for (let i = 0; i < v.length; i += size) {
        const x = v[i];
        const y = v[i + 1];
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
        if (size === 12 && (v[i + 8] !== 0 || v[i + 9] !== 0 || v[i + 10] !== 0)) dark = true;
    }
    if (x0 > x1) x0 = y0 = x1 = y1 = 0;
    const segments = copy.segments;
    const images = new PictureImages(x0, y0, x1, y1, segments.length === 3 && segments[0] === 0, dark);
    copy.extra = images;
    return images;
}

/** The largest factor by which the matrix (a c; b d) stretches a length (its largest singular value). */
export function largestScale(a: number, b: number, c: number, d: number): number {
    const sum = a * a + b * b + c * c + d * d;
    const det = a * d - b * c;
    return Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
}

/** The bucket of the scale an image is drawn at for a screen scale of `scale`: the next of STEPS per doubling. */
export function bucketOf(scale: number): number {
    return Math.ceil(Math.log2(scale) * STEPS - 1e-9);
}

/** The scale images of `bucket` are drawn at. */
export function bucketScale(bucket: number): number {
    return 2 ** (bucket / STEPS);
}

export class ImpostorPath implements DrawPath {
    readonly name = 'impostor';
    readonly batched = true;
    readonly atlas = new ImpostorAtlas();
    private quads: ImpostorQuads | null = null;
    /** The context cannot draw impostors (its program or framebuffer failed): asked again of the next context. */
    private broken = false;
    /** The image `whyNot` found for the instance it took. */
    private image: ImpostorImage | null = null;
    /** Images drawn into the texture this frame. */
    private bakes = 0;
    /** Frames begun (`tidy`): when each image was last drawn. */
    private frame = 0;
    /** The last screen scale asked about, its bucket and the bucket's scale. */
    private lastScale = 0;
    private lastBucket = 0;
    private lastBucketScale = 1;
    /** The projection of the texture's framebuffer: its texels, (0, 0) at clip (-1, -1). */
    private readonly texels = new Float32Array(16);
    /** The image `whyNot` reserved to be drawn: from its picture's copy toward another's (the same: none) by a weight; `bakeFrom` null: none. */
    private bakeFrom: AtlasCopy | null = null;
    private bakeTo: AtlasCopy | null = null;
    private bakeWeight = 0;

    constructor(
        private readonly host: PathHost & CrowdHost,
        private readonly gpu: GpuPath,
    ) {}

    whyNot(e: Element): Miss {
        if (e.pictured !== TAKEN) return PASSED;
        const instance = e.instance as PooledInstance;
        const below = instance.host.impostorBelow;
        if (below === 0 || !instance.host.gpuDraw || this.broken || (e.layout as DrawLayout).mesh2d) return PASSED;
        const tint = e.tint;
        if (tint.a !== 1 || tint.dark !== 1) return PASSED;
        const scale = largestScale(e.a, e.b, e.c, e.d);
        // Stretched more one way than the other by over a step: the short way would be minified past it.
        if (Math.abs(e.a * e.d - e.b * e.c) * STEP < scale * scale) return PASSED;
        const va = e.va as SampleVertices;
        const vb = e.vb as SampleVertices;
        const pa = va.picture as Picture;
        const crowd = this.gpu.crowdFor(e);
        if (crowd === null || pa.lastPage >= crowd.maxPages) return PASSED;
        // Hooked before an image is drawn: the batch's vertices waiting are drawn first, in their order.
        this.host.hookBatch(e.sceneRenderer as NonNullable<Element['sceneRenderer']>);
        const copyA = this.gpu.copyOf(crowd, instance, pa);
        if (copyA === null) return PASSED;
        const facts = imagesOf(copyA, pa);
        if (!facts.plain || Math.max(facts.x1 - facts.x0, facts.y1 - facts.y0) * scale >= below) return PASSED;
        if (facts.dark && !(tint.r === 1 && tint.g === 1 && tint.b === 1)) return PASSED;
        // A crowd is mostly drawn at one scale: its bucket found once.
        if (scale !== this.lastScale) {
            this.lastScale = scale;
            this.lastBucket = bucketOf(scale);
            this.lastBucketScale = bucketScale(this.lastBucket);
        }
        const bucket = this.lastBucket;
        // The pose between the two samples, to the nearest of `levels` steps: no vertex more than SAMPLE_SLACK screen px from it.
        let level = 0;
        let levels = 1;
        let toward: Picture | null = null;
        if (vb !== va) {
            const pb = vb.picture as Picture;
            toward = pb;
            levels = Math.max(1, Math.ceil((facts.stepFrom(pa, pb) * this.lastBucketScale) / (2 * SAMPLE_SLACK)));
            if (levels > MAX_LEVELS) return PASSED;
            level = Math.round(instance.served.weight * levels);
            if (level === 0) toward = null;
        }
        let image = facts.find(bucket, level, toward);
        this.bakeFrom = null;
        if (image === null || image.drawnIn !== this.atlas.generation || this.atlas.texture === null) {
            if (this.bakes >= BAKES_PER_FRAME) return PASSED;
            image = this.reserve(e, crowd, copyA, facts, bucket, level, levels, toward, image);
            if (image === null) return PASSED;
            this.bakes++;
        }
        image.usedFrame = this.frame;
        this.image = image;
        return TAKEN;
    }

    draw(e: Element): void {
        const image = this.image as ImpostorImage;
        if (this.bakeFrom !== null) this.drawImage(e, image);
        const quads = this.quads as ImpostorQuads;
        // The image is premultiplied: drawn in the batch's premultiplied normal blend (what waits
        // under another is drawn first, by the batch's hooked flush).
        this.host.batcher?.setBlendMode(0, true);
        if (quads.full) this.flush();
        const { a, b, c, d, ox, oy, tint } = e;
        const size = this.atlas.size;
        quads.add(
            a,
            b,
            c,
            d,
            ox * a + oy * c + e.tx,
            ox * b + oy * d + e.ty,
            image.x0,
            image.y0,
            image.x1,
            image.y1,
            image.x / size,
            image.y / size,
            (image.x + image.width) / size,
            (image.y + image.height) / size,
            tint.r,
            tint.g,
            tint.b,
            1,
        );
    }

    flush(): void {
        const quads = this.quads;
        if (quads === null || quads.waiting === 0) return;
        this.host.flushBatch(); // the batch's vertices were drawn before these quads
        quads.draw(this.host.projection as Float32Array, this.atlas.texture as WebGLTexture, IMAGE_UNIT);
        this.host.batcher?.shader?.bind();
    }

    /** Between frames: a new frame's images may be drawn; a full atlas takes back those not drawn for a while. */
    tidy(): void {
        this.bakes = 0;
        this.frame++;
        if (this.atlas.full) this.atlas.evict(this.frame - EVICT_AFTER);
    }

    dispose(lost: boolean): void {
        this.quads?.dispose(lost);
        this.quads = null;
        this.broken = false;
        this.image = null;
        this.bakeFrom = this.bakeTo = null;
        this.atlas.detach(lost);
    }

    /**
     * Reserves the drawing of `picture` (copied in the sample atlas as `copy`) `level` of `levels`
     * steps toward `toward` at scale `bucket` into `image`, or a new cell of the texture (its bytes
     * counted in the pose cache's memory bound): what `draw` draws first. Draws nothing (the
     * engine's batch may be open: GL state is the batch's only once spine-webgl's is begun). Null
     * when it cannot now (no room, the bound spent, the context unable).
     */
    private reserve(
        e: Element,
        crowd: GpuCrowd,
        copy: AtlasCopy,
        facts: PictureImages,
        bucket: number,
        level: number,
        levels: number,
        toward: Picture | null,
        image: ImpostorImage | null,
    ): ImpostorImage | null {
        if (this.contextOf(e) === null) return null;
        const instance = e.instance as PooledInstance;
        let to = copy;
        let box: PictureImages = facts;
        if (toward !== null) {
            const copyB = this.gpu.copyOf(crowd, instance, toward);
            if (copyB === null) return null;
            to = copyB;
            box = imagesOf(copyB, toward);
        }
        // Between the two, every vertex is inside both boxes' union.
        const x0 = Math.min(facts.x0, box.x0);
        const y0 = Math.min(facts.y0, box.y0);
        const scale = bucketScale(bucket);
        const width = Math.ceil((Math.max(facts.x1, box.x1) - x0) * scale) + 2 * PAD;
        const height = Math.ceil((Math.max(facts.y1, box.y1) - y0) * scale) + 2 * PAD;
        if (image === null) {
            image = this.atlas.take(width, height, bucket);
            if (image === null) return null;
            image.level = level;
            image.toward = toward;
            // Making room may give back pictures records waiting show (only while a batch is begun): drawn first.
            this.flush();
            if (crowd.waiting > 0) crowd.flush();
            if (!facts.hold(image, instance)) {
                image.free();
                return null;
            }
            if (copy.at < 0 || to.at < 0) {
                // Making room gave back a copy drawn from (a clip's own are kept: not expected).
                image.free();
                facts.evicted(image);
                return null;
            }
        }
        image.x0 = x0 - PAD / scale;
        image.y0 = y0 - PAD / scale;
        image.x1 = image.x0 + width / scale;
        image.y1 = image.y0 + height / scale;
        this.bakeFrom = copy;
        this.bakeTo = to;
        this.bakeWeight = level / levels;
        return image;
    }

    /**
     * Draws the image reserved by `reserve` (spine-webgl's batch begun: what waits in it is drawn
     * first): the picture by the crowd's program into its cell, composited as the batch composites
     * slots on screen (premultiplied colour and alpha); the GL state put back as the batch had it.
     */
    private drawImage(e: Element, image: ImpostorImage): void {
        const gl = this.contextOf(e) as WebGLRenderingContext;
        const crowd = this.gpu.crowdFor(e) as GpuCrowd;
        const copy = this.bakeFrom as AtlasCopy;
        const picture = (e.va as SampleVertices).picture as Picture;
        this.flush();
        if (crowd.waiting > 0) crowd.flush();
        this.host.flushBatch();
        const atlas = this.atlas;
        const size = atlas.size;
        const scale = bucketScale(image.bucket);
        const framebuffer = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
        const viewport = gl.getParameter(gl.VIEWPORT) as Int32Array;
        const scissorOn = gl.isEnabled(gl.SCISSOR_TEST);
        const scissor = gl.getParameter(gl.SCISSOR_BOX) as Int32Array;
        const clear = gl.getParameter(gl.COLOR_CLEAR_VALUE) as Float32Array;
        const equationRgb = gl.getParameter(gl.BLEND_EQUATION_RGB) as number;
        const equationAlpha = gl.getParameter(gl.BLEND_EQUATION_ALPHA) as number;
        gl.bindFramebuffer(gl.FRAMEBUFFER, atlas.framebuffer);
        gl.viewport(0, 0, size, size);
        gl.enable(gl.SCISSOR_TEST);
        gl.scissor(image.x, image.y, image.cellWidth, image.shelf.height);
        gl.clearColor(0, 0, 0, 0);
        gl.clear(gl.COLOR_BUFFER_BIT);
        gl.blendEquation(gl.FUNC_ADD);
        gl.blendFuncSeparate(picture.layout.pma ? gl.ONE : gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
        const segments = copy.segments;
        const corners = segments[2];
        // The image's first texel inside its margin is the box's corner (image.x0 + PAD / scale).
        const tx = image.x - scale * image.x0;
        const ty = image.y - scale * image.y0;
        crowd.record(scale, 0, 0, scale, tx, ty, this.bakeWeight, copy, this.bakeTo as AtlasCopy, WHITE, copy.indexStart * 4 + segments[1], corners);
        const texels = this.texels;
        texels[0] = texels[5] = 2 / size;
        texels[10] = -1;
        texels[12] = texels[13] = -1;
        texels[15] = 1;
        crowd.drawRecords(texels, picture.pages as readonly Bindable[], picture.layout.twoColorTint, corners);
        gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
        gl.viewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        if (!scissorOn) gl.disable(gl.SCISSOR_TEST);
        gl.scissor(scissor[0], scissor[1], scissor[2], scissor[3]);
        gl.clearColor(clear[0], clear[1], clear[2], clear[3]);
        gl.blendEquationSeparate(equationRgb, equationAlpha);
        const batcher = this.host.batcher;
        if (batcher !== null && batcher.srcColorBlend !== undefined)
            gl.blendFuncSeparate(batcher.srcColorBlend, batcher.dstBlend as number, batcher.srcAlphaBlend as number, batcher.dstBlend as number);
        batcher?.shader?.bind();
        image.drawnIn = atlas.generation;
        this.bakeFrom = this.bakeTo = null;
    }

    /** The context `e` is drawn in, with the texture and the quads' program made on it; null when it cannot have them. */
    private contextOf(e: Element): WebGLRenderingContext | null {
        if (this.host.lost) return null;
        const gl = (e.sceneRenderer as { context?: { gl?: WebGLRenderingContext } } | null)?.context?.gl;
        if (gl === undefined) return null;
        if (this.quads !== null && this.atlas.texture !== null) return gl;
        if (this.quads === null) {
            const made = ImpostorQuads.make(gl);
            if (typeof made === 'string') {
                this.broken = true;
                if (!gl.isContextLost() && (e.instance as PooledInstance).settings.options.dev)
                    warn(`the impostors' shaders did not build on this context; small instances are drawn as the others. The driver said: ${made}`);
                return null;
            }
            this.quads = made;
        }
        if (!this.atlas.attach(gl)) {
            this.broken = true;
            return null;
        }
        return gl;
    }
}
