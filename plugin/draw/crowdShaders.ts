/**
 * The GPU crowd's programs (gpuCrowd.ts): the vertex shader reads an instance's two samples'
 * pictures from the atlas's float texture (sampleAtlas.ts), interpolates the positions as the picture
 * path does on the CPU (picture.ts), moves them by the instance's matrix and multiplies the colours
 * by its tint (tint.ts); the fragment shaders are spine-webgl's, with two-colour tint and without, so
 * the colours are its batch's, or, for spine-phaser-v4's default renderer, Phaser's own (its slot
 * meshes' colours cut to 8 bits as Phaser packs them, the texel unpremultiplied, tinted and
 * premultiplied again in high precision, as Phaser's quad batch does). Each in two kinds: one texture
 * page, or several (a vertex's page, carried in its u, picks the sampler: the pages of a rig bound to
 * units of their own, so instances spanning pages are one draw). Built and linked when a crowd is
 * made; a failure is reported with the driver's log, never thrown.
 */
import { PAGE_STRIDE, WIDTH } from './sampleAtlas';

/** The vertex shader; `mesh2d`: colours as Phaser 4's Mesh2D gets them (8 bits a channel, the dark colour as pictured). */
function vertex(mesh2d: boolean): string {
    // Phaser reads its tint mode from a normalized byte, times 255, and compares it with 7.0: where
    // the context's conversion of 7/255 does not give 7.0 back, "multiply two" is not applied (the
    // colour is left untinted), so the mode comes from a byte attribute of its own (a_mode7).
    const colours = mesh2d
        ? `vec4 light = texel(at + 1.0);
    v_light = floor(clamp(light * i_tint, 0.0, 1.0) * 255.0) / 255.0;
    v_dark = texel(at + 2.0);
    v_mode = v_dark.a > 0.5 ? a_mode7 * 255.0 : 0.0;`
        : `v_light = texel(at + 1.0) * i_tint;
    vec4 dark = texel(at + 2.0);
    v_dark = vec4(dark.rgb * i_move.z, dark.a);`;
    return `
precision highp float;
attribute float a_corner;
${mesh2d ? 'attribute float a_mode7;\nvarying float v_mode;' : ''}
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
varying float v_page;

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
        v_page = 0.0;${mesh2d ? '\n        v_mode = 0.0;' : ''}
        return;
    }
    // i_samples.y: the index of the draw's first corner (a segment of the picture's triangles).
    float index = i_samples.y + a_corner;
    float q = floor(index * 0.25);
    vec4 four = texel(q);
    float c = index - q * 4.0;
    float vertex = c < 0.5 ? four.x : c < 1.5 ? four.y : c < 2.5 ? four.z : four.w;
    float at = i_samples.x + vertex * 3.0;
    vec4 xyuv = texel(at);
    vec2 p = xyuv.xy;
    if (i_move.w != 0.0) p = p * (1.0 - i_move.w) + texel(i_samples.w + vertex * 3.0).xy * i_move.w;
    ${colours}
    float page = floor((xyuv.z + 1.0) / ${PAGE_STRIDE}.0);
    v_page = page;
    v_texCoords = vec2(xyuv.z - page * ${PAGE_STRIDE}.0, xyuv.w);
    gl_Position = u_projTrans * vec4(p.x * i_matrix.x + p.y * i_matrix.z + i_move.x, p.x * i_matrix.y + p.y * i_matrix.w + i_move.y, 0.0, 1.0);
}
`;
}

/**
 * spine-webgl's fragment shaders, with two-colour tint and without: the same colours as its batch
 * draws; or Phaser 4's quad batch's (`mesh2d`: its tint modes "multiply" and, where the dark alpha
 * flags a dark colour, "multiply two"). `pages` > 1: the texel is read from the vertex's page
 * (`u_texture` is page 0, `u_page1`…).
 */
function fragment(two: boolean, pages: number, mesh2d: boolean): string {
    let read = 'texture2D(u_texture, v_texCoords)';
    let samplers = 'uniform sampler2D u_texture;\n';
    if (pages > 1) {
        read = 'pageTexel()';
        for (let k = 1; k < pages; k++) samplers += `uniform sampler2D u_page${k};\n`;
        samplers += 'vec4 pageTexel() {\n    if (v_page < 0.5) return texture2D(u_texture, v_texCoords);\n';
        for (let k = 1; k < pages - 1; k++) samplers += `    if (v_page < ${k}.5) return texture2D(u_page${k}, v_texCoords);\n`;
        samplers += `    return texture2D(u_page${pages - 1}, v_texCoords);\n}\n`;
    }
    if (mesh2d)
        return `
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec4 v_light;
varying vec4 v_dark;
varying vec2 v_texCoords;
varying float v_page;
varying float v_mode;
${samplers}
void main () {
    vec4 texel = ${read};
    vec3 color = texel.rgb / texel.a;
    float alpha = texel.a * v_light.a;
    if (v_mode == 0.0) color *= v_light.rgb;
    else if (v_mode == 7.0) color = (1.0 - color) * v_dark.rgb + v_light.rgb * color;
    gl_FragColor = vec4(color * alpha, alpha);
}
`;
    const head = `
#ifdef GL_ES
    #define LOWP lowp
    precision mediump float;
#else
    #define LOWP
#endif
varying LOWP vec4 v_light;
varying LOWP vec4 v_dark;
varying vec2 v_texCoords;
varying float v_page;
${samplers}`;
    if (!two) return `${head}\nvoid main () {\n    gl_FragColor = v_light * ${read};\n}\n`;
    return `${head}
void main () {
    vec4 texColor = ${read};
    gl_FragColor.a = texColor.a * v_light.a;
    gl_FragColor.rgb = ((texColor.a - 1.0) * v_dark.a + 1.0 - texColor.rgb) * v_dark.rgb + texColor.rgb * v_light.rgb;
}
`;
}

/** A linked program and where its inputs are. */
export interface Program {
    program: WebGLProgram;
    corner: number;
    projTrans: WebGLUniformLocation | null;
    atlas: WebGLUniformLocation | null;
    rows: WebGLUniformLocation | null;
    texture: WebGLUniformLocation | null;
    /** Pages 1… of the several-page kind (none for one page). */
    pages: (WebGLUniformLocation | null)[];
    /** The record's attributes: matrix, move, samples, tint. */
    instanced: [number, number, number, number];
    /** Phaser's Mesh2D colours: the tint mode "multiply two" as a normalized byte (-1 in the others). */
    mode7: number;
}

/** The index of the program for two-colour tint or not, several pages or one, or Phaser's Mesh2D colours (4 and 5). */
export function programIndex(two: boolean, severalPages: boolean, mesh2d: boolean): number {
    return mesh2d ? 4 | (severalPages ? 1 : 0) : (two ? 1 : 0) | (severalPages ? 2 : 0);
}

/** The programs (by `programIndex`), or what the driver said when one did not build. */
export type Built = { programs: Program[]; log: null } | { programs: null; log: string };

/**
 * Compiles and links the programs, the several-page ones for `pages` pages: spine-webgl's four, and
 * with `mesh2d` (Phaser 4) Phaser's two; on a failure deletes what was made and returns the driver's log.
 */
export function buildPrograms(gl: WebGLRenderingContext, pages: number, mesh2d: boolean): Built {
    const programs: Program[] = [];
    for (let i = 0; i < (mesh2d ? 6 : 4); i++) {
        const phaser = i >= 4;
        const several = (phaser ? i & 1 : i & 2) !== 0 ? pages : 1;
        const made = build(gl, vertex(phaser), fragment((i & 1) !== 0, several, phaser), several);
        if (typeof made === 'string') {
            for (const program of programs) gl.deleteProgram(program.program);
            return { programs: null, log: made };
        }
        programs.push(made);
    }
    return { programs, log: null };
}

/** Deletes a program `buildPrograms` made. */
export function deleteProgram(gl: WebGLRenderingContext, program: Program): void {
    gl.deleteProgram(program.program);
}

/** One program of the shaders `vertexSource` and `source` (of `pages` pages), or the driver's log. */
function build(gl: WebGLRenderingContext, vertexSource: string, source: string, pages: number): Program | string {
    const program = linkSources(gl, vertexSource, source);
    if (typeof program === 'string') return program;
    return {
        program,
        corner: gl.getAttribLocation(program, 'a_corner'),
        mode7: gl.getAttribLocation(program, 'a_mode7'),
        projTrans: gl.getUniformLocation(program, 'u_projTrans'),
        atlas: gl.getUniformLocation(program, 'u_atlas'),
        rows: gl.getUniformLocation(program, 'u_rows'),
        texture: gl.getUniformLocation(program, 'u_texture'),
        pages: Array.from({ length: pages }, (_, k) => (k === 0 ? null : gl.getUniformLocation(program, `u_page${k}`))),
        instanced: [
            gl.getAttribLocation(program, 'i_matrix'),
            gl.getAttribLocation(program, 'i_move'),
            gl.getAttribLocation(program, 'i_samples'),
            gl.getAttribLocation(program, 'i_tint'),
        ],
    };
}

/**
 * A program of `vertexSource` and `fragmentSource` compiled and linked, or the driver's log (which
 * shader failed first). Its shaders are deleted once linked (the program keeps them).
 */
export function linkSources(gl: WebGLRenderingContext, vertexSource: string, fragmentSource: string): WebGLProgram | string {
    const vertex = compile(gl, gl.VERTEX_SHADER, vertexSource);
    if (typeof vertex === 'string') return `vertex shader: ${vertex}`;
    const pixel = compile(gl, gl.FRAGMENT_SHADER, fragmentSource);
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
    if (log === null) return program;
    gl.deleteProgram(program);
    return log;
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
