/**
 * Whether the GPU crowd really draws on this context: one record drawn through the float texture
 * into a 1×1 target of its own and read back. Some WebGL1 drivers report vertex texture units and
 * read zeros there (and a shader may build and still read nothing): the pixel then stays blank and
 * the crowd is not used (`stats().gpu.unavailable: 'vertex-textures'`). Run once per crowd made (at
 * its first use, and after a context restore), in the middle of the engine's frame: every piece of
 * GL state it changes is put back as it was, so the engine's own record of its state stays true.
 */
import type { AtlasCopy, SampleAtlas } from './sampleAtlas';
import { WHITE, type Tint } from './tint';

/** What the probe draws with: the crowd's record and draw (gpuCrowd.ts). */
export interface ProbedCrowd {
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
    ): void;
    drawRecords(projection: Float32Array, pages: readonly { bind(unit?: number): void }[], two: boolean, corners: number): void;
}

/** The colour the probe's triangle carries in its vertices (read back ×255). */
const LIGHT = [1, 0.5, 0.25, 1] as const;
/** Channels this far from it still pass (lowp varyings). */
const SLACK = 3;

/** Draws one record of a triangle covering the target through `crowd`'s two-colour program; true when its colour is read back. */
export function probe(gl: WebGLRenderingContext, crowd: ProbedCrowd, atlas: SampleAtlas): boolean {
    // A triangle over clip space (x, y, r, g, b, a, u, v each): the identity matrix puts it there.
    const vertices = new Float32Array(24);
    const corners = [-1, -1, 3, -1, -1, 3];
    for (let k = 0; k < 3; k++) {
        vertices.set([corners[k * 2], corners[k * 2 + 1], ...LIGHT, 0.5, 0.5], k * 8);
    }
    const copy = atlas.add({
        vertices,
        size: 8,
        indices: new Uint16Array([0, 1, 2]),
        runs: [{ page: 0, blendMode: 0, first: 0, count: 3, firstIndex: 0, indexCount: 3 }],
    });
    if (copy === null) return false;
    const saved = saveState(gl);
    const white = texture(gl, new Uint8Array([255, 255, 255, 255]));
    const target = texture(gl, new Uint8Array(4));
    const framebuffer = gl.createFramebuffer();
    const pixel = new Uint8Array(4);
    try {
        gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
        if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE) return false;
        gl.viewport(0, 0, 1, 1);
        for (const capability of [gl.BLEND, gl.SCISSOR_TEST, gl.CULL_FACE, gl.DEPTH_TEST, gl.STENCIL_TEST]) gl.disable(capability);
        gl.colorMask(true, true, true, true);
        const identity = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
        const page = {
            bind(unit = 0): void {
                gl.activeTexture(gl.TEXTURE0 + unit);
                gl.bindTexture(gl.TEXTURE_2D, white);
            },
        };
        crowd.record(1, 0, 0, 1, 0, 0, 0, copy, copy, WHITE, copy.indexStart * 4, copy.corners);
        crowd.drawRecords(identity, [page], true, copy.corners);
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    } finally {
        restoreState(gl, saved);
        gl.deleteFramebuffer(framebuffer);
        gl.deleteTexture(white);
        gl.deleteTexture(target);
        copy.free();
    }
    for (let c = 0; c < 4; c++) if (Math.abs(pixel[c] - LIGHT[c] * 255) > SLACK) return false;
    return true;
}

/** A 1×1 RGBA texture of `rgba`, made on unit 0 (put back by `restoreState`). */
function texture(gl: WebGLRenderingContext, rgba: Uint8Array): WebGLTexture {
    const made = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, made);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return made;
}

/** The GL state the probe changes. */
interface State {
    framebuffer: WebGLFramebuffer | null;
    viewport: Int32Array;
    enabled: boolean[];
    colorMask: boolean[];
    program: WebGLProgram | null;
    arrayBuffer: WebGLBuffer | null;
    activeTexture: number;
    texture0: WebGLTexture | null;
    flipY: boolean;
    premultiply: boolean;
    vertexArray: WebGLVertexArrayObject | null;
}

const CAPABILITIES = ['BLEND', 'SCISSOR_TEST', 'CULL_FACE', 'DEPTH_TEST', 'STENCIL_TEST'] as const;

function saveState(gl: WebGLRenderingContext): State {
    const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
    gl.activeTexture(gl.TEXTURE0);
    const state: State = {
        framebuffer: gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null,
        viewport: gl.getParameter(gl.VIEWPORT) as Int32Array,
        enabled: CAPABILITIES.map((name) => gl.isEnabled(gl[name])),
        colorMask: gl.getParameter(gl.COLOR_WRITEMASK) as boolean[],
        program: gl.getParameter(gl.CURRENT_PROGRAM) as WebGLProgram | null,
        arrayBuffer: gl.getParameter(gl.ARRAY_BUFFER_BINDING) as WebGLBuffer | null,
        activeTexture: active,
        texture0: gl.getParameter(gl.TEXTURE_BINDING_2D) as WebGLTexture | null,
        flipY: gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL) as boolean,
        premultiply: gl.getParameter(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL) as boolean,
        vertexArray: null,
    };
    // The engine's vertex array object, if one is bound, must not take the probe's attributes.
    const vao = vertexArrays(gl);
    if (vao !== null) {
        state.vertexArray = gl.getParameter(vao.binding) as WebGLVertexArrayObject | null;
        vao.bind(null);
    }
    return state;
}

function restoreState(gl: WebGLRenderingContext, state: State): void {
    gl.bindFramebuffer(gl.FRAMEBUFFER, state.framebuffer);
    gl.viewport(state.viewport[0], state.viewport[1], state.viewport[2], state.viewport[3]);
    CAPABILITIES.forEach((name, i) => (state.enabled[i] ? gl.enable(gl[name]) : gl.disable(gl[name])));
    gl.colorMask(state.colorMask[0], state.colorMask[1], state.colorMask[2], state.colorMask[3]);
    gl.useProgram(state.program);
    gl.bindBuffer(gl.ARRAY_BUFFER, state.arrayBuffer);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, state.texture0);
    gl.activeTexture(state.activeTexture);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, state.flipY);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, state.premultiply);
    vertexArrays(gl)?.bind(state.vertexArray);
}

/** The context's vertex array objects (WebGL2's, or WebGL1's extension when the engine enabled it), or null. */
function vertexArrays(gl: WebGLRenderingContext): { binding: number; bind(vao: WebGLVertexArrayObject | null): void } | null {
    if (typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext)
        return { binding: gl.VERTEX_ARRAY_BINDING, bind: (vao) => gl.bindVertexArray(vao) };
    const ext = gl.getSupportedExtensions()?.includes('OES_vertex_array_object') ? gl.getExtension('OES_vertex_array_object') : null;
    if (ext === null) return null;
    return { binding: ext.VERTEX_ARRAY_BINDING_OES, bind: (vao) => ext.bindVertexArrayOES(vao) };
}
