/**
 * Per-instance records of an instanced draw (the GPU crowd's, gpuCrowd.ts; the impostors' quads,
 * impostorQuads.ts): a CPU array of up to `chunk` records of `floats` floats, written by its owner,
 * and the GL buffer they are uploaded to before a draw, read by attributes advancing once per
 * instance. A draw uploads only what it has (a view of 2^k records, made once, none per draw) and
 * leaves no attribute array of its own enabled or divided (spine-webgl's batch expects none).
 */

/** Instanced drawing, WebGL2's or ANGLE_instanced_arrays'. */
export interface Instancing {
    divisor(location: number, divisor: number): void;
    draw(count: number, instances: number): void;
}

/** `gl`'s instanced drawing of triangles, or null when it has none. */
export function instancingOf(gl: WebGLRenderingContext): Instancing | null {
    if (typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext)
        return {
            divisor: (location, divisor) => gl.vertexAttribDivisor(location, divisor),
            draw: (count, instances) => gl.drawArraysInstanced(gl.TRIANGLES, 0, count, instances),
        };
    const ext = gl.getExtension('ANGLE_instanced_arrays');
    if (ext === null) return null;
    return {
        divisor: (location, divisor) => ext.vertexAttribDivisorANGLE(location, divisor),
        draw: (count, instances) => ext.drawArraysInstancedANGLE(gl.TRIANGLES, 0, count, instances),
    };
}

export class InstanceRecords {
    /** The records, `floats` each. */
    readonly data: Float32Array;
    /** Views of `data` of 2^k records. */
    private readonly views: Float32Array[] = [];
    private readonly buffer: WebGLBuffer;

    constructor(
        private readonly gl: WebGLRenderingContext,
        private readonly floats: number,
        chunk: number,
        /** Each attribute's size in floats, in record order. */
        private readonly sizes: readonly number[],
    ) {
        this.data = new Float32Array(chunk * floats);
        for (let n = 1; n <= chunk; n *= 2) this.views.push(this.data.subarray(0, n * floats));
        this.buffer = gl.createBuffer();
        const was = gl.getParameter(gl.ARRAY_BUFFER_BINDING) as WebGLBuffer | null;
        gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
        gl.bufferData(gl.ARRAY_BUFFER, this.data.byteLength, gl.STREAM_DRAW);
        gl.bindBuffer(gl.ARRAY_BUFFER, was);
    }

    /** Uploads the first `count` records and points `attributes` (one per size, by location) at them, one record per instance. */
    bind(count: number, attributes: readonly number[], instancing: Instancing): void {
        const gl = this.gl;
        gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
        let k = 0;
        while (1 << k < count) k++;
        gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.views[k]);
        const sizes = this.sizes;
        for (let i = 0, offset = 0; i < attributes.length; offset += sizes[i] * 4, i++) {
            gl.enableVertexAttribArray(attributes[i]);
            gl.vertexAttribPointer(attributes[i], sizes[i], gl.FLOAT, false, this.floats * 4, offset);
            instancing.divisor(attributes[i], 1);
        }
    }

    /** Undoes `bind`'s attribute state (no divisor, no array enabled) and unbinds the buffer. */
    unbind(attributes: readonly number[], instancing: Instancing): void {
        const gl = this.gl;
        for (let i = 0; i < attributes.length; i++) {
            instancing.divisor(attributes[i], 0);
            gl.disableVertexAttribArray(attributes[i]);
        }
        gl.bindBuffer(gl.ARRAY_BUFFER, null);
    }

    dispose(): void {
        this.gl.deleteBuffer(this.buffer);
    }
}
