/**
 * Served instances drawn on the GPU: each sends a record of 16 floats per frame (its object's
 * matrix, its tint, the two samples around its time and the weight between them), and the vertex
 * shader (crowdShaders.ts) reads the samples' pictures from GPU memory (sampleAtlas.ts),
 * interpolates the positions as the picture path does on the CPU, multiplies the colours by the
 * tint (tint.ts: a skeleton colour and the object's alpha, as spine-webgl multiplies them in) and
 * colours them as spine-webgl's shaders do.
 *
 * Records of consecutive instances are drawn by one instanced draw, in their order (the instances
 * of a draw are drawn one after another): the texture pages of the instances' rig are bound to units
 * of their own and each vertex reads its own page, so a run ends only where another rig's pages or
 * another vertex layout starts, where spine-webgl's batch is used (another object drawn, a blend
 * mode set, the batch flushed or ended: the owner's batch hooks flush the records first,
 * batchHooks.ts), or every `CHUNK` records. A picture of several blend modes (a multiply or screen
 * slot) sends a record per segment of one blend mode, in order: drawn in as many draws, never on the
 * CPU. A draw's corners are those of the largest segment in it; the extra corners of a smaller one
 * are degenerate triangles outside the view.
 *
 * One crowd per WebGL context: `makeCrowd` builds it before it is trusted (its programs compiled
 * and linked, one record drawn through the float texture and read back: gpuProbe.ts) and says why
 * not when the context cannot; `dispose` deletes its GL objects (or only lets go of them when the
 * context was lost).
 */
import type { Picture } from '../../spine/SampleVertices';
import { warn } from '../../src/errors';
import { buildPrograms, deleteProgram, programIndex, type Program } from './crowdShaders';
import { probe } from './gpuProbe';
import { InstanceRecords, instancingOf, type Instancing } from './instanceRecords';
import type { AtlasCopy, SampleAtlas } from './sampleAtlas';
import type { Batcher, Placed } from './shapes';
import type { Tint } from './tint';

/**
 * Floats per instance record: a, b, c, d; tx, ty, the dark tint, weight; A's first texel, the index
 * of the segment's first corner, its corners, B's first texel; the light tint r, g, b, a.
 */
const RECORD = 16;
/** Instances per draw at most. */
const CHUNK = 1024;
/** The texture unit the atlas is bound to while drawing (spine-webgl draws with unit 0). */
export const ATLAS_UNIT = 1;
/** Texture pages one draw binds at most (units 0, 2, 3, …: the atlas keeps unit 1). */
const MAX_PAGES = 8;

/** The unit page `k` of a draw is bound to. */
function pageUnit(k: number): number {
    return k === 0 ? 0 : k + ATLAS_UNIT;
}

/** Why a context cannot draw the crowd (`stats().gpu.unavailable`). */
export type GpuUnavailable = 'no-webgl' | 'context-lost' | 'instancing' | 'float-textures' | 'vertex-textures' | 'shader';

/** A texture page as the crowd binds it (spine-webgl's GLTexture, spine-phaser-v4's PhaserTexture). */
export interface Bindable {
    bind(unit?: number): void;
}

/** A blend mode as Phaser 4's renderer keeps it (`renderer.blendModes`). */
export interface PhaserBlend {
    readonly equation: readonly number[];
    /** Source and destination factors of the colour, then of the alpha. */
    readonly func: readonly number[];
}

/** What the crowd draws beside: spine-webgl's batch (its own flush, not the hooked one), its shader and camera. */
export interface CrowdHost {
    /** The batch's blend mode and shader (setBlendMode flushes through the hooks); its blend factors as spine-webgl 4.3 keeps them. */
    readonly batcher: (Batcher & { shader?: Bindable | null; srcColorBlend?: number; srcAlphaBlend?: number; dstBlend?: number }) | null;
    /** Phaser 4's blend mode for a Spine blend mode, as spine-phaser-v4's default renderer maps it (null: not Phaser 4). */
    phaserBlend(blendMode: number): PhaserBlend | null;
    /** spine-webgl's camera matrix the batch draws with. */
    readonly projection: Float32Array | null;
    /** The batch's own flush: its vertices drawn (the records waiting are drawn after them). */
    flushBatch(): void;
}

/**
 * The crowd for `gl`, built and checked: capabilities asked (each time: a restored context has
 * forgotten its extensions), programs compiled and linked (a failure: `'shader'`, the driver's log
 * in a development warning), one record drawn through the float texture and read back (zeros:
 * `'vertex-textures'`). On a failure nothing it made is left.
 */
export function makeCrowd(gl: WebGLRenderingContext, atlas: SampleAtlas, host: CrowdHost, dev: boolean, phaser4: boolean): GpuCrowd | GpuUnavailable {
    if (gl.isContextLost()) return 'context-lost';
    if ((gl.getParameter(gl.MAX_VERTEX_TEXTURE_IMAGE_UNITS) as number) < 1) return 'vertex-textures';
    const gl2 = typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext ? gl : null;
    const instancing = instancingOf(gl);
    if (instancing === null) return 'instancing';
    if (gl2 === null && gl.getExtension('OES_texture_float') === null) return 'float-textures';
    const units = Math.min(gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS) as number, gl.getParameter(gl.MAX_COMBINED_TEXTURE_IMAGE_UNITS) as number);
    const pages = Math.max(1, Math.min(MAX_PAGES, units - 1));
    const built = buildPrograms(gl, pages, phaser4);
    if (built.programs === null) {
        if (gl.isContextLost()) return 'context-lost';
        if (dev) warn(`the GPU path's shaders did not build on this context; served instances are drawn on the CPU. The driver said: ${built.log}`);
        return 'shader';
    }
    atlas.attach(gl, ATLAS_UNIT, gl2 !== null ? gl2.RGBA32F : gl.RGBA);
    const crowd = new GpuCrowd(gl, instancing, built.programs, atlas, host, pages);
    if (probe(gl, crowd, atlas)) return crowd;
    const lost = gl.isContextLost();
    crowd.dispose(lost);
    atlas.detach(lost);
    return lost ? 'context-lost' : 'vertex-textures';
}

export class GpuCrowd {
    /** Records waiting to be drawn. */
    private count = 0;
    /** The corners of their largest segment. */
    private corners = 0;
    /** Their rig's texture pages, their vertex layout and their Spine blend mode. */
    private pages: readonly unknown[] | null = null;
    private two = false;
    private mesh2d = false;
    private blendMode = 0;
    private readonly records: InstanceRecords;
    private readonly cornerBuffer: WebGLBuffer;
    /** Phaser's tint mode "multiply two" (7) as a byte per instance, for Phaser's Mesh2D colours (crowdShaders.ts). */
    private readonly modeBuffer: WebGLBuffer;
    private cornerCapacity = 0;

    constructor(
        private readonly gl: WebGLRenderingContext,
        private readonly instancing: Instancing,
        /** By `programIndex`: one colour or two-colour tint, one page or several; Phaser's Mesh2D colours. */
        private readonly programs: Program[],
        private readonly atlas: SampleAtlas,
        private readonly host: CrowdHost,
        /** Pages a draw binds at most: a picture of a page past them is not drawn here. */
        readonly maxPages: number,
    ) {
        this.records = new InstanceRecords(gl, RECORD, CHUNK, [4, 4, 4, 4]);
        this.cornerBuffer = gl.createBuffer();
        this.modeBuffer = gl.createBuffer();
        const was = gl.getParameter(gl.ARRAY_BUFFER_BINDING) as WebGLBuffer | null;
        gl.bindBuffer(gl.ARRAY_BUFFER, this.modeBuffer);
        gl.bufferData(gl.ARRAY_BUFFER, new Uint8Array(CHUNK).fill(7), gl.STATIC_DRAW);
        gl.bindBuffer(gl.ARRAY_BUFFER, was);
    }

    /** Records waiting to be drawn. */
    get waiting(): number {
        return this.count;
    }

    /**
     * Adds an instance drawn from `a`'s picture (its pages among the first `maxPages` of its rig's),
     * positions towards `b`'s by `weight`, placed and tinted as `p` says: a record per segment of one
     * blend mode, drawn when its run of records ends.
     */
    add(picture: Picture, a: AtlasCopy, b: AtlasCopy, p: Placed, weight: number): void {
        const layout = picture.layout;
        const two = layout.twoColorTint;
        const mesh2d = layout.mesh2d;
        const pages = picture.pages;
        const { a: ma, b: mb, c: mc, d: md, ox, oy } = p;
        const x = ox * ma + oy * mc + p.tx;
        const y = ox * mb + oy * md + p.ty;
        const w = b === a ? 0 : weight;
        const segments = a.segments;
        const batcher = this.host.batcher;
        for (let s = 0; s < segments.length; s += 3) {
            // The batch's blend mode is the GL state a draw has: set as the batch does (the records
            // waiting under another are drawn first, by its flush).
            batcher?.setBlendMode(segments[s], layout.pma);
            if (this.count > 0 && (pages !== this.pages || two !== this.two || mesh2d !== this.mesh2d || this.count === CHUNK)) this.flush();
            this.pages = pages;
            this.two = two;
            this.mesh2d = mesh2d;
            this.blendMode = segments[s];
            const corners = segments[s + 2];
            this.record(ma, mb, mc, md, x, y, w, a, b, p.tint, a.indexStart * 4 + segments[s + 1], corners);
            if (corners > this.corners) this.corners = corners;
        }
    }

    /** Writes the next record: corners `first` to `first + corners` of `a`'s triangles. */
    record(
        ma: number,
        mb: number,
        mc: number,
        md: number,
        x: number,
        y: number,
        weight: number,
        a: AtlasCopy,
        b: AtlasCopy,
        tint: Tint,
        first: number,
        corners: number,
    ): void {
        const r = this.records.data;
        const o = this.count * RECORD;
        r[o] = ma;
        r[o + 1] = mb;
        r[o + 2] = mc;
        r[o + 3] = md;
        r[o + 4] = x;
        r[o + 5] = y;
        r[o + 6] = tint.dark;
        r[o + 7] = weight;
        r[o + 8] = a.start;
        r[o + 9] = first;
        r[o + 10] = corners;
        r[o + 11] = b.start;
        r[o + 12] = tint.r;
        r[o + 13] = tint.g;
        r[o + 14] = tint.b;
        r[o + 15] = tint.a;
        this.count++;
    }

    /** Draws the batch's vertices, then the records waiting. */
    flush(): void {
        if (this.count === 0) return;
        this.host.flushBatch();
        this.drawRecords(
            this.host.projection as Float32Array,
            this.pages as readonly Bindable[],
            this.two,
            this.corners,
            this.mesh2d ? this.host.phaserBlend(this.blendMode) : null,
        );
        this.host.batcher?.shader?.bind();
    }

    /**
     * Draws the records waiting (their corners: `corners`) with `projection`, their pages bound to
     * units 0, 2, 3, … and the atlas to unit 1; `blend`: Phaser's blend mode they are drawn in, in
     * Phaser's colours (spine-phaser-v4's default renderer; else spine-webgl's, in the batch's blend
     * mode). Leaves the GL state as it found it but the program and the pages' units (the caller
     * binds its own again).
     */
    drawRecords(projection: Float32Array, pages: readonly Bindable[], two: boolean, corners: number, blend: PhaserBlend | null = null): void {
        const count = this.count;
        this.count = 0;
        this.corners = 0;
        const gl = this.gl;
        const bound = Math.min(pages.length, this.maxPages);
        const program = this.programs[programIndex(two, bound > 1, blend !== null)];
        if (blend !== null) {
            // Phaser's factors (its multiply keeps the target's alpha as spine-webgl's does not).
            gl.blendEquationSeparate(blend.equation[0], blend.equation[1]);
            gl.blendFuncSeparate(blend.func[0], blend.func[1], blend.func[2], blend.func[3]);
        }
        gl.useProgram(program.program);
        gl.uniformMatrix4fv(program.projTrans, false, projection);
        gl.uniform1i(program.texture, 0);
        gl.uniform1i(program.atlas, ATLAS_UNIT);
        gl.uniform1f(program.rows, this.atlas.rows);
        // The pages through their own bind (Phaser 4's keeps a record of its units), page 0 last (the
        // active unit then is 0, as the engine's record says), then the atlas behind them, put back
        // after the draw: the engine finds unit 1 and the active unit as it left them.
        for (let k = bound - 1; k > 0; k--) {
            pages[k].bind(pageUnit(k));
            gl.uniform1i(program.pages[k], pageUnit(k));
        }
        pages[0].bind(0);
        const was = this.atlas.bind();
        this.cornersFor(corners);
        gl.bindBuffer(gl.ARRAY_BUFFER, this.cornerBuffer);
        gl.enableVertexAttribArray(program.corner);
        gl.vertexAttribPointer(program.corner, 1, gl.FLOAT, false, 4, 0);
        const mode7 = program.mode7;
        if (mode7 >= 0) {
            gl.bindBuffer(gl.ARRAY_BUFFER, this.modeBuffer);
            gl.enableVertexAttribArray(mode7);
            gl.vertexAttribPointer(mode7, 1, gl.UNSIGNED_BYTE, true, 1, 0);
            this.instancing.divisor(mode7, 1);
        }
        const instancing = this.instancing;
        const attributes = program.instanced;
        this.records.bind(count, attributes, instancing);
        instancing.draw(corners, count);
        // Left as spine-webgl's batch expects it: no attribute array of ours.
        this.records.unbind(attributes, instancing);
        gl.disableVertexAttribArray(program.corner);
        if (mode7 >= 0) {
            instancing.divisor(mode7, 0);
            gl.disableVertexAttribArray(mode7);
        }
        this.atlas.unbind(was, gl.TEXTURE0);
        const batcher = this.host.batcher;
        if (blend !== null && batcher !== null && batcher.srcColorBlend !== undefined) {
            gl.blendEquation(gl.FUNC_ADD);
            gl.blendFuncSeparate(batcher.srcColorBlend, batcher.dstBlend as number, batcher.srcAlphaBlend as number, batcher.dstBlend as number);
        }
    }

    /**
     * Gives its GL objects back: deleted, unless the context is lost (they went with it: a lost
     * context's objects are only let go of, another context would refuse them).
     */
    dispose(lost: boolean): void {
        this.count = 0;
        this.pages = null;
        if (lost) return;
        const gl = this.gl;
        this.records.dispose();
        gl.deleteBuffer(this.cornerBuffer);
        gl.deleteBuffer(this.modeBuffer);
        for (const program of this.programs) deleteProgram(gl, program);
    }

    /** The corner numbers 0..n-1, as many as a draw needs. */
    private cornersFor(n: number): void {
        if (n <= this.cornerCapacity) return;
        let capacity = Math.max(this.cornerCapacity, 1024);
        while (capacity < n) capacity *= 2;
        const corners = new Float32Array(capacity);
        for (let i = 0; i < capacity; i++) corners[i] = i;
        const gl = this.gl;
        gl.bindBuffer(gl.ARRAY_BUFFER, this.cornerBuffer);
        gl.bufferData(gl.ARRAY_BUFFER, corners, gl.STATIC_DRAW);
        this.cornerCapacity = capacity;
    }
}
