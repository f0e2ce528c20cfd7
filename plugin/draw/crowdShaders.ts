/**
 * The GPU crowd's programs (gpuCrowd.ts): the vertex shader reads an instance's two samples'
 * pictures from the atlas's float texture (sampleAtlas.ts), interpolates the positions as the picture
 * path does on the CPU (picture.ts), moves them by the instance's matrix and multiplies the colours
 * by its tint (tint.ts); the fragment shaders
 * are spine-webgl's, with two-colour tint and without, so the colours are its batch's. Built and
 * linked when a crowd is made; a failure is reported with the driver's log, never thrown.
 */
import { WIDTH } from './sampleAtlas';

const VERTEX = `
precision highp float;
attribute float a_corner;
attribute vec4 i_matrix;
attribute vec4 i_move;
attribute vec4 i_samples;
attribute vec4 i_tint;
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
    v_light = texel(at + 1.0) * i_tint;
    vec4 dark = texel(at + 2.0);
    v_dark = vec4(dark.rgb * i_move.z, dark.a);
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

/** A linked program and where its inputs are. */
export interface Program {
    program: WebGLProgram;
    corner: number;
    projTrans: WebGLUniformLocation | null;
    atlas: WebGLUniformLocation | null;
    rows: WebGLUniformLocation | null;
    texture: WebGLUniformLocation | null;
    /** The record's attributes: matrix, move, samples, tint. */
    instanced: [number, number, number, number];
}

/** Both programs (index 0: one colour, 1: two-colour tint), or what the driver said when one did not build. */
export type Built = { programs: [Program, Program]; log: null } | { programs: null; log: string };

/** Compiles and links both programs; on a failure deletes what was made and returns the driver's log. */
export function buildPrograms(gl: WebGLRenderingContext): Built {
    const one = build(gl, FRAGMENT_ONE);
    if (typeof one === 'string') return { programs: null, log: one };
    const two = build(gl, FRAGMENT_TWO);
    if (typeof two === 'string') {
        gl.deleteProgram(one.program);
        return { programs: null, log: two };
    }
    return { programs: [one, two], log: null };
}

/** Deletes a program `buildPrograms` made. */
export function deleteProgram(gl: WebGLRenderingContext, program: Program): void {
    gl.deleteProgram(program.program);
}

/** One program over `fragment`, or the driver's log. Its shaders are deleted once linked (the program keeps them). */
function build(gl: WebGLRenderingContext, fragment: string): Program | string {
    const vertex = compile(gl, gl.VERTEX_SHADER, VERTEX);
    if (typeof vertex === 'string') return `vertex shader: ${vertex}`;
    const pixel = compile(gl, gl.FRAGMENT_SHADER, fragment);
    if (typeof pixel === 'string') {
        gl.deleteShader(vertex);
        return `fragment shader: ${pixel}`;
    }
    const program = gl.createProgram();
    gl.attachShader(program, vertex);
    gl.attachShader(program, pixel);
    gl.linkProgram(program);
    const linked = gl.getProgramParameter(program, gl.LINK_STATUS) === true;
    const log = linked ? null : `program: ${gl.getProgramInfoLog(program) ?? '(no log)'}`;
    gl.deleteShader(vertex);
    gl.deleteShader(pixel);
    if (log !== null) {
        gl.deleteProgram(program);
        return log;
    }
    return {
        program,
        corner: gl.getAttribLocation(program, 'a_corner'),
        projTrans: gl.getUniformLocation(program, 'u_projTrans'),
        atlas: gl.getUniformLocation(program, 'u_atlas'),
        rows: gl.getUniformLocation(program, 'u_rows'),
        texture: gl.getUniformLocation(program, 'u_texture'),
        instanced: [
            gl.getAttribLocation(program, 'i_matrix'),
            gl.getAttribLocation(program, 'i_move'),
            gl.getAttribLocation(program, 'i_samples'),
            gl.getAttribLocation(program, 'i_tint'),
        ],
    };
}

/** A compiled shader, or the driver's log. */
function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader | string {
    const shader = gl.createShader(type) as WebGLShader;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (gl.getShaderParameter(shader, gl.COMPILE_STATUS) === true) return shader;
    const log = gl.getShaderInfoLog(shader) ?? '(no log)';
    gl.deleteShader(shader);
    return log;
}
