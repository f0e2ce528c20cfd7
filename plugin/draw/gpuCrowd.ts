/**
 * Served instances drawn on the GPU: each sends a record of 12 floats per frame (its object's
 * matrix, its alpha, the two samples around its time and the weight between them), and the vertex
 * shader reads the samples' pictures from GPU memory (sampleAtlas.ts), interpolates the positions
 * as the picture path does on the CPU (picture.ts) and colours them as spine-webgl's shaders do.
 *
 * Records of consecutive instances are drawn by one instanced draw, in their order (the instances
 * of a draw are drawn one after another): a run ends where another texture page or vertex layout
 * starts, where spine-webgl's batch is used (another object drawn, a blend mode set, the batch
 * flushed or ended: its `draw`, `flush` and `end` are wrapped on the one batcher this draws
 * beside), or every `CHUNK` instances. A draw's corners are those of the largest picture in it;
 * the extra corners of a smaller one are degenerate triangles outside the view.
 *
 * Needs instanced drawing, float textures and a texture unit in the vertex shader (WebGL2, or
 * WebGL1 with ANGLE_instanced_arrays and OES_texture_float): without them `GpuCrowd.of` says why
 * and the instance is drawn from its picture on the CPU.
 */
import type { Picture } from '../../spine/SampleVertices';
import type { SpinePoolStats } from '../api';
import type { Batcher, SceneRenderer } from './shapes';
import { SampleAtlas, WIDTH, type AtlasCopy } from './sampleAtlas';

/** Floats per instance record: a, b, c, d; tx, ty, alpha, weight; A's first texel, A's first index texel, A's corners, B's first texel. */
const RECORD = 12;
/** Instances per draw at most. */
const CHUNK = 1024;
/** The texture unit the atlas is bound to while drawing (spine-webgl draws with unit 0). */
const ATLAS_UNIT = 1;

/** Why a context cannot draw on the GPU. */
export type GpuUnsupported = 'no-webgl' | 'instancing' | 'float-textures' | 'vertex-textures';

const VERTEX = `
precision highp float;
attribute float a_corner;
attribute vec4 i_matrix;
attribute vec4 i_move;
attribute vec4 i_samples;
uniform mat4 u_projTrans;
uniform sampler2D u_atlas;
uniform float u_rows;
varying vec4 v_light;
varying vec4 v_dark;
varying vec2 v_texCoords;

vec4 texel(float i) {
    float row = floor(i / ${WIDTH}.0);
    return texture2D(u_atlas, vec2((i - row * ${WIDTH}.0 + 0.5) / ${WIDTH}.0, (row + 0.5) / u_rows));
}

void main () {
    if (a_corner >= i_samples.z) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        v_light = vec4(0.0);
        v_dark = vec4(0.0);
        v_texCoords = vec2(0.0);
        return;
    }
    float q = floor(a_corner / 4.0);
    vec4 four = texel(i_samples.y + q);
    float c = a_corner - q * 4.0;
    float vertex = c < 0.5 ? four.x : c < 1.5 ? four.y : c < 2.5 ? four.z : four.w;
    float at = i_samples.x + vertex * 3.0;
    vec4 xyuv = texel(at);
    vec2 p = xyuv.xy;
    if (i_move.w != 0.0) p = p * (1.0 - i_move.w) + texel(i_samples.w + vertex * 3.0).xy * i_move.w;
    float alpha = i_move.z;
    v_light = texel(at + 1.0) * alpha;
    vec4 dark = texel(at + 2.0);
    v_dark = vec4(dark.rgb * alpha, dark.a);
    v_texCoords = xyuv.zw;
    gl_Position = u_projTrans * vec4(p.x * i_matrix.x + p.y * i_matrix.z + i_move.x, p.x * i_matrix.y + p.y * i_matrix.w + i_move.y, 0.0, 1.0);
}
`;

/** spine-webgl's fragment shaders, with two-colour tint and without: the same colours as its batch draws. */
const FRAGMENT_HEAD = `
#ifdef GL_ES
    #define LOWP lowp
    precision mediump float;
#else
    #define LOWP
#endif
varying LOWP vec4 v_light;
varying LOWP vec4 v_dark;
varying vec2 v_texCoords;
uniform sampler2D u_texture;
`;
const FRAGMENT_TWO = `${FRAGMENT_HEAD}
void main () {
    vec4 texColor = texture2D(u_texture, v_texCoords);
    gl_FragColor.a = texColor.a * v_light.a;
    gl_FragColor.rgb = ((texColor.a - 1.0) * v_dark.a + 1.0 - texColor.rgb) * v_dark.rgb + texColor.rgb * v_light.rgb;
}
`;
const FRAGMENT_ONE = `${FRAGMENT_HEAD}
void main () {
    gl_FragColor = v_light * texture2D(u_texture, v_texCoords);
}
`;

interface Program {
    program: WebGLProgram;
    corner: number;
    matrix: number;
    move: number;
    samples: number;
    projTrans: WebGLUniformLocation | null;
    atlas: WebGLUniformLocation | null;
    rows: WebGLUniformLocation | null;
    texture: WebGLUniformLocation | null;
    /** The record's attributes: matrix, move, samples. */
    instanced: number[];
}

/** Instanced drawing, WebGL2's or ANGLE_instanced_arrays'. */
interface Instancing {
    divisor(location: number, divisor: number): void;
    draw(count: number, instances: number): void;
}

/** What is read of spine-webgl's objects beside the batch: its GL context, camera, shader and textures. */
interface SpineGl {
    context: { gl: WebGLRenderingContext };
    camera: { projectionView: { values: Float32Array } };
}
interface Bindable {
    bind(unit?: number): void;
}
type Wrapped = Batcher & {
    draw(texture: unknown, vertices: unknown, indices: unknown): void;
    end(): void;
    shader: Bindable | null;
};

const crowds = new WeakMap<object, GpuCrowd | GpuUnsupported>();

/** Draws the records waiting beside `sceneRenderer`'s batch, if any (before something is written into the batch directly). */
export function flushCrowd(sceneRenderer: SceneRenderer): void {
    const crowd = sceneRenderer === lastRenderer ? lastCrowd : crowds.get(sceneRenderer);
    if (crowd !== undefined && typeof crowd !== 'string') crowd.flush();
}

/** The last renderer `GpuCrowd.of` answered for (a game has one: no map lookup per instance drawn). */
let lastRenderer: SceneRenderer | null = null;
let lastCrowd: GpuCrowd | GpuUnsupported | undefined;

/** Fills `out` with the GPU crowd's state beside `sceneRenderer` (made now if not yet: it says whether the context can). */
export function readGpu(out: SpinePoolStats['gpu'], on: boolean, sceneRenderer: SceneRenderer | null): void {
    out.bytes = 0;
    if (sceneRenderer === null) out.unavailable = 'no-webgl';
    else {
        const crowd = GpuCrowd.of(sceneRenderer);
        if (typeof crowd === 'string') out.unavailable = crowd;
        else {
            out.bytes = crowd.bytes;
            out.unavailable = null;
        }
    }
    if (!on) out.unavailable = 'off';
    if (out.unavailable !== null) {
        const missed = out.missed;
        missed.pose = missed.look = missed.clipping = missed.renderer = missed.picture = missed.memory = 0;
    }
}

export class GpuCrowd {
    /** The crowd drawing beside `sceneRenderer`'s batch, made at the first call; why not, when its context cannot. */
    static of(sceneRenderer: SceneRenderer): GpuCrowd | GpuUnsupported {
        if (sceneRenderer === lastRenderer) return lastCrowd as GpuCrowd | GpuUnsupported;
        let crowd = crowds.get(sceneRenderer);
        if (crowd === undefined) {
            crowd = GpuCrowd.make(sceneRenderer);
            crowds.set(sceneRenderer, crowd);
        }
        lastRenderer = sceneRenderer;
        lastCrowd = crowd;
        return crowd;
    }

    private static make(sceneRenderer: SceneRenderer): GpuCrowd | GpuUnsupported {
        const gl = (sceneRenderer as unknown as Partial<SpineGl>).context?.gl;
        if (gl === undefined) return 'no-webgl';
        if ((gl.getParameter(gl.MAX_VERTEX_TEXTURE_IMAGE_UNITS) as number) < 1) return 'vertex-textures';
        const gl2 = typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext ? gl : null;
        let instancing: Instancing;
        if (gl2 !== null) {
            instancing = {
                divisor: (location, divisor) => gl2.vertexAttribDivisor(location, divisor),
                draw: (count, instances) => gl2.drawArraysInstanced(gl2.TRIANGLES, 0, count, instances),
            };
        } else {
            const ext = gl.getExtension('ANGLE_instanced_arrays');
            if (ext === null) return 'instancing';
            if (gl.getExtension('OES_texture_float') === null) return 'float-textures';
            instancing = {
                divisor: (location, divisor) => ext.vertexAttribDivisorANGLE(location, divisor),
                draw: (count, instances) => ext.drawArraysInstancedANGLE(gl.TRIANGLES, 0, count, instances),
            };
        }
        return new GpuCrowd(sceneRenderer, gl, instancing, new SampleAtlas(gl, ATLAS_UNIT, gl2 !== null ? gl2.RGBA32F : gl.RGBA));
    }

    /** Records waiting to be drawn. */
    private count = 0;
    /** The corners of their largest picture. */
    private corners = 0;
    /** Their texture page and vertex layout. */
    private texture: unknown = null;
    private two = false;
    private readonly records = new Float32Array(CHUNK * RECORD);
    /** Views of `records` of 2^k records, so a draw uploads what it has (no view made per draw). */
    private readonly views: Float32Array[] = [];
    private readonly recordBuffer: WebGLBuffer;
    private readonly cornerBuffer: WebGLBuffer;
    private cornerCapacity = 0;
    private readonly programs: (Program | null)[] = [null, null];
    private readonly batcher: Wrapped;
    /** The batch's own flush, draw and end. */
    private readonly flushBatch: () => void;

    private constructor(
        private readonly sceneRenderer: SceneRenderer,
        private readonly gl: WebGLRenderingContext,
        private readonly instancing: Instancing,
        readonly atlas: SampleAtlas,
    ) {
        for (let n = 1; n <= CHUNK; n *= 2) this.views.push(this.records.subarray(0, n * RECORD));
        this.recordBuffer = gl.createBuffer();
        this.cornerBuffer = gl.createBuffer();
        gl.bindBuffer(gl.ARRAY_BUFFER, this.recordBuffer);
        gl.bufferData(gl.ARRAY_BUFFER, this.records.byteLength, gl.STREAM_DRAW);
        gl.bindBuffer(gl.ARRAY_BUFFER, null);
        // Anything drawn into spine-webgl's batch, and its flush and end, come after the records
        // waiting: they are drawn first.
        const batcher = sceneRenderer.batcher as Wrapped;
        this.batcher = batcher;
        const flush = batcher.flush.bind(batcher);
        const draw = batcher.draw.bind(batcher);
        const end = batcher.end.bind(batcher);
        this.flushBatch = flush;
        batcher.flush = () => (this.count > 0 ? this.flush() : flush());
        batcher.draw = (texture: unknown, vertices: unknown, indices: unknown) => {
            if (this.count > 0) this.flush();
            draw(texture, vertices, indices);
        };
        batcher.end = () => {
            if (this.count > 0) this.flush();
            end();
        };
    }

    /** GPU bytes of its texture of pictures. */
    get bytes(): number {
        return this.atlas.bytes;
    }

    /** Uploads `picture` (it has no copy yet) and records its copy on it; null when the texture cannot hold it. */
    upload(picture: Picture): AtlasCopy | null {
        const added = this.atlas.add(picture);
        picture.gpu = added;
        return added;
    }

    /**
     * Adds an instance drawn from `a`'s picture (one run: one texture page and blend mode),
     * positions towards `b`'s by `weight`, offset by (`ox`, `oy`) and moved by the matrix, colours
     * times `alpha`. Drawn when the run ends.
     */
    add(
        picture: Picture,
        a: AtlasCopy,
        b: AtlasCopy,
        ma: number,
        mb: number,
        mc: number,
        md: number,
        tx: number,
        ty: number,
        ox: number,
        oy: number,
        alpha: number,
        weight: number,
    ): void {
        const run = picture.runs[0];
        const layout = picture.layout;
        // The batch's blend mode is the GL state a draw has: set as the batch does (the records
        // waiting under another are drawn first, by its flush).
        this.batcher.setBlendMode(run.blendMode, layout.pma);
        const two = layout.twoColorTint;
        if (this.count > 0 && (run.texture !== this.texture || two !== this.two || this.count === CHUNK)) this.flush();
        this.texture = run.texture;
        this.two = two;
        const r = this.records;
        const o = this.count * RECORD;
        r[o] = ma;
        r[o + 1] = mb;
        r[o + 2] = mc;
        r[o + 3] = md;
        r[o + 4] = ox * ma + oy * mc + tx;
        r[o + 5] = ox * mb + oy * md + ty;
        r[o + 6] = alpha;
        r[o + 7] = b === a ? 0 : weight;
        r[o + 8] = a.start;
        r[o + 9] = a.indexStart;
        r[o + 10] = a.corners;
        r[o + 11] = b.start;
        this.count++;
        if (a.corners > this.corners) this.corners = a.corners;
    }

    /** Draws the batch's vertices, then the records waiting. */
    flush(): void {
        const count = this.count;
        if (count === 0) return;
        this.count = 0;
        this.flushBatch();
        const gl = this.gl;
        const program = this.program(this.two);
        const corners = this.corners;
        this.corners = 0;
        gl.useProgram(program.program);
        gl.uniformMatrix4fv(program.projTrans, false, (this.sceneRenderer as unknown as SpineGl).camera.projectionView.values);
        gl.uniform1i(program.texture, 0);
        gl.uniform1i(program.atlas, ATLAS_UNIT);
        gl.uniform1f(program.rows, this.atlas.rows);
        // The page through its own bind (Phaser 4's keeps a record of its units), then the atlas
        // behind it, put back after the draw: the engine finds unit 1 and the active unit as it left them.
        (this.texture as Bindable).bind(0);
        const was = this.atlas.bind();
        this.cornersFor(corners);
        gl.bindBuffer(gl.ARRAY_BUFFER, this.cornerBuffer);
        gl.enableVertexAttribArray(program.corner);
        gl.vertexAttribPointer(program.corner, 1, gl.FLOAT, false, 4, 0);
        gl.bindBuffer(gl.ARRAY_BUFFER, this.recordBuffer);
        let k = 0;
        while (1 << k < count) k++;
        gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.views[k]);
        const instancing = this.instancing;
        const attributes = program.instanced;
        for (let i = 0; i < 3; i++) {
            gl.enableVertexAttribArray(attributes[i]);
            gl.vertexAttribPointer(attributes[i], 4, gl.FLOAT, false, RECORD * 4, i * 16);
            instancing.divisor(attributes[i], 1);
        }
        instancing.draw(corners, count);
        // Left as spine-webgl's batch expects it: its shader bound, no attribute array of ours.
        for (let i = 0; i < 3; i++) {
            instancing.divisor(attributes[i], 0);
            gl.disableVertexAttribArray(attributes[i]);
        }
        gl.disableVertexAttribArray(program.corner);
        gl.bindBuffer(gl.ARRAY_BUFFER, null);
        this.atlas.unbind(was, gl.TEXTURE0);
        this.batcher.shader?.bind();
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

    private program(two: boolean): Program {
        const at = two ? 1 : 0;
        const made = this.programs[at];
        if (made !== null) return made;
        const gl = this.gl;
        const program = gl.createProgram();
        gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
        gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, two ? FRAGMENT_TWO : FRAGMENT_ONE));
        gl.linkProgram(program);
        if (!gl.getProgramParameter(program, gl.LINK_STATUS))
            throw new Error(`phaser-spine-pool: the GPU crowd's program did not link: ${gl.getProgramInfoLog(program)}`);
        const out: Program = {
            program,
            corner: gl.getAttribLocation(program, 'a_corner'),
            matrix: gl.getAttribLocation(program, 'i_matrix'),
            move: gl.getAttribLocation(program, 'i_move'),
            samples: gl.getAttribLocation(program, 'i_samples'),
            projTrans: gl.getUniformLocation(program, 'u_projTrans'),
            atlas: gl.getUniformLocation(program, 'u_atlas'),
            rows: gl.getUniformLocation(program, 'u_rows'),
            texture: gl.getUniformLocation(program, 'u_texture'),
            instanced: [],
        };
        out.instanced.push(out.matrix, out.move, out.samples);
        this.programs[at] = out;
        return out;
    }
}

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
    const shader = gl.createShader(type) as WebGLShader;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
        throw new Error(`phaser-spine-pool: the GPU crowd's shader did not compile: ${gl.getShaderInfoLog(shader)}`);
    return shader;
}
