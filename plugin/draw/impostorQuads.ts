/**
 * Impostors drawn (ImpostorPath.ts): a record of 18 floats per instance (its matrix, the part of
 * skeleton space its image shows, where the image is in the atlas, its tint), six corners each, by
 * one instanced draw per run of consecutive impostors, in their order. The image is premultiplied
 * (the slots composited into it as the batch composites them on screen), so it is drawn with the
 * batch's premultiplied normal blend whatever its rig's alpha; its colour times the tint (a skeleton
 * colour: the image's pixels are sums of slot colours times it).
 */
import { linkSources } from './crowdShaders';
import { InstanceRecords, instancingOf, type Instancing } from './instanceRecords';

/** Floats per record: a, b, c, d; x0, y0, x1, y1 (skeleton space); u0, v0, u1, v1; r, g, b, a; tx, ty. */
const RECORD = 18;
/** Records per draw at most. */
const CHUNK = 1024;

const VERTEX = `
precision highp float;
attribute float a_corner;
attribute vec4 i_matrix;
attribute vec4 i_rect;
attribute vec4 i_uv;
attribute vec4 i_tint;
attribute vec2 i_move;
uniform mat4 u_projTrans;
varying vec2 v_uv;
varying vec4 v_tint;

void main () {
    // Corners 0..5: two triangles of the unit square.
    vec2 c = a_corner < 0.5 ? vec2(0.0, 0.0) : a_corner < 1.5 ? vec2(1.0, 0.0) : a_corner < 2.5 ? vec2(1.0, 1.0)
        : a_corner < 3.5 ? vec2(0.0, 0.0) : a_corner < 4.5 ? vec2(1.0, 1.0) : vec2(0.0, 1.0);
    vec2 p = mix(i_rect.xy, i_rect.zw, c);
    v_uv = mix(i_uv.xy, i_uv.zw, c);
    v_tint = i_tint;
    gl_Position = u_projTrans * vec4(p.x * i_matrix.x + p.y * i_matrix.z + i_move.x, p.x * i_matrix.y + p.y * i_matrix.w + i_move.y, 0.0, 1.0);
}
`;

const FRAGMENT = `
precision mediump float;
uniform sampler2D u_image;
// A texel of a 2048 texture needs more than mediump's 11 bits where mediump is half floats.
#ifdef GL_FRAGMENT_PRECISION_HIGH
varying highp vec2 v_uv;
#else
varying vec2 v_uv;
#endif
varying vec4 v_tint;

void main () {
    gl_FragColor = texture2D(u_image, v_uv) * v_tint;
}
`;

/** Where the program's inputs are. */
interface QuadProgram {
    program: WebGLProgram;
    corner: number;
    projTrans: WebGLUniformLocation | null;
    image: WebGLUniformLocation | null;
    /** i_matrix, i_rect, i_uv, i_tint, i_move. */
    instanced: number[];
}

/** The size (floats) of each instanced attribute, in record order. */
const SIZES = Object.freeze([4, 4, 4, 4, 2]);

export class ImpostorQuads {
    private count = 0;
    private readonly records: InstanceRecords;
    private readonly cornerBuffer: WebGLBuffer;

    private constructor(
        private readonly gl: WebGLRenderingContext,
        private readonly instancing: Instancing,
        private readonly program: QuadProgram,
    ) {
        this.records = new InstanceRecords(gl, RECORD, CHUNK, SIZES);
        this.cornerBuffer = gl.createBuffer();
        const was = gl.getParameter(gl.ARRAY_BUFFER_BINDING) as WebGLBuffer | null;
        gl.bindBuffer(gl.ARRAY_BUFFER, this.cornerBuffer);
        gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 1, 2, 3, 4, 5]), gl.STATIC_DRAW);
        gl.bindBuffer(gl.ARRAY_BUFFER, was);
    }

    /** The quads' drawer on `gl`, or the driver's log when its program does not build. */
    static make(gl: WebGLRenderingContext): ImpostorQuads | string {
        const instancing = instancingOf(gl);
        if (instancing === null) return 'no instanced drawing';
        const program = link(gl);
        if (typeof program === 'string') return program;
        return new ImpostorQuads(gl, instancing, program);
    }

    /** Records waiting. */
    get waiting(): number {
        return this.count;
    }

    /** Whether another record fits before a draw. */
    get full(): boolean {
        return this.count === CHUNK;
    }

    /** Adds a quad: skeleton space (x0, y0)–(x1, y1) by matrix (a, b, c, d, tx, ty), showing (u0, v0)–(u1, v1), tinted (r, g, b, a). */
    add(
        a: number,
        b: number,
        c: number,
        d: number,
        tx: number,
        ty: number,
        x0: number,
        y0: number,
        x1: number,
        y1: number,
        u0: number,
        v0: number,
        u1: number,
        v1: number,
        r: number,
        g: number,
        bl: number,
        al: number,
    ): void {
        const o = this.count * RECORD;
        const q = this.records.data;
        q[o] = a;
        q[o + 1] = b;
        q[o + 2] = c;
        q[o + 3] = d;
        q[o + 4] = x0;
        q[o + 5] = y0;
        q[o + 6] = x1;
        q[o + 7] = y1;
        q[o + 8] = u0;
        q[o + 9] = v0;
        q[o + 10] = u1;
        q[o + 11] = v1;
        q[o + 12] = r;
        q[o + 13] = g;
        q[o + 14] = bl;
        q[o + 15] = al;
        q[o + 16] = tx;
        q[o + 17] = ty;
        this.count++;
    }

    /**
     * Draws the records waiting with `projection`, the image texture bound to unit `unit` (what was
     * bound there put back, and the active unit), in the blend the caller set. Leaves the program
     * changed (the caller binds its own again) and no attribute array of its own enabled.
     */
    draw(projection: Float32Array, texture: WebGLTexture, unit: number): void {
        const count = this.count;
        if (count === 0) return;
        this.count = 0;
        const gl = this.gl;
        const program = this.program;
        const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
        gl.activeTexture(gl.TEXTURE0 + unit);
        const was = gl.getParameter(gl.TEXTURE_BINDING_2D) as WebGLTexture | null;
        gl.bindTexture(gl.TEXTURE_2D, texture);
        gl.useProgram(program.program);
        gl.uniformMatrix4fv(program.projTrans, false, projection);
        gl.uniform1i(program.image, unit);
        gl.bindBuffer(gl.ARRAY_BUFFER, this.cornerBuffer);
        gl.enableVertexAttribArray(program.corner);
        gl.vertexAttribPointer(program.corner, 1, gl.FLOAT, false, 4, 0);
        const attributes = program.instanced;
        const instancing = this.instancing;
        this.records.bind(count, attributes, instancing);
        instancing.draw(6, count);
        this.records.unbind(attributes, instancing);
        gl.disableVertexAttribArray(program.corner);
        gl.bindTexture(gl.TEXTURE_2D, was);
        gl.activeTexture(active);
    }

    /** Gives its GL objects back: deleted, unless the context is lost (only let go of). */
    dispose(lost: boolean): void {
        this.count = 0;
        if (lost) return;
        const gl = this.gl;
        this.records.dispose();
        gl.deleteBuffer(this.cornerBuffer);
        gl.deleteProgram(this.program.program);
    }
}

/** The program, or the driver's log. */
function link(gl: WebGLRenderingContext): QuadProgram | string {
    const program = linkSources(gl, VERTEX, FRAGMENT);
    if (typeof program === 'string') return program;
    return {
        program,
        corner: gl.getAttribLocation(program, 'a_corner'),
        projTrans: gl.getUniformLocation(program, 'u_projTrans'),
        image: gl.getUniformLocation(program, 'u_image'),
        instanced: ['i_matrix', 'i_rect', 'i_uv', 'i_tint', 'i_move'].map((name) => gl.getAttribLocation(program, name)),
    };
}
