/**
 * What a picture for spine-phaser-v4's default renderer holds: the triangles it draws
 * (spine/mesh2dOrder.ts: Phaser's Mesh2D pairs triangles over a shared edge and its quad batch splits
 * each pair along the other diagonal) and the colours its slot meshes get (vertexColors).
 * The expected lists are worked out by hand from Phaser 4.2's `buildOrderedIndices(2)` and its quad
 * strip (bottom-left, top-left, bottom-right, top-right); the GPU path's pixels are compared with
 * the runtime's in Chromium (test/e2e/drawParity.test.ts).
 */
import { mesh2dOrder } from '../../spine/mesh2dOrder';
import { MESH2D_LAYOUT, vertexColors } from '../../spine/SampleVertices';

test("a region's two triangles are drawn split along its other diagonal (1-3), which covers the same parallelogram, each with its corners in GL's strip order", () => {
    // Spine's region triangles 0,1,2 and 2,3,0 share the edge 2-0: the pair p=1, q=2, r=0, s=3.
    expect(mesh2dOrder([0, 1, 2, 2, 3, 0], 4)).toEqual([1, 2, 3, 1, 3, 0]);
});

test('a triangle pairs with the first later triangle sharing an edge, in the order its edges are tried (b-c, c-a, a-b); the partner is skipped where it comes', () => {
    // 0: (0,1,2); 1: (2,3,4) shares nothing with 0; 2: (0,2,5) shares 0-2 (tried as c-a of triangle 0).
    // Triangle 0 pairs with 2 over 2-0: p=1, q=2, r=0, s=5 → (1,2,5), (1,5,0). Triangle 1 has no free
    // partner left: alone, drawn as it is.
    expect(mesh2dOrder([0, 1, 2, 2, 3, 4, 0, 2, 5], 6)).toEqual([1, 2, 5, 1, 5, 0, 2, 3, 4]);
});

test('a strip of four triangles is drawn as two quads, each pair over its own shared edge', () => {
    // (0,1,2) and (1,3,2) share 1-2 (b-c of the first): p=0, q=1, r=2, s=3; (2,3,4) and (3,5,4) share 3-4.
    expect(mesh2dOrder([0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4], 6)).toEqual([0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4]);
});

test('every triangle of the mesh is drawn once: the same count, each pair covering the four corners of its two triangles', () => {
    const triangles = [0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4, 4, 5, 6, 0, 2, 7];
    const order = mesh2dOrder(triangles, 8);
    expect(order.length).toBe(triangles.length);
    expect(new Set(order)).toEqual(new Set(triangles));
});

test('the order is kept per triangle array: asked again, the same list, not rebuilt', () => {
    const triangles = [0, 1, 2, 2, 3, 0];
    expect(mesh2dOrder(triangles, 4)).toBe(mesh2dOrder(triangles, 4));
});

describe("a picture's colours for spine-phaser-v4's default renderer (vertexColors, MESH2D_LAYOUT)", () => {
    const out = new Float64Array(8);
    const white = { r: 1, g: 1, b: 1, a: 1 };

    test('unpremultiplied (Phaser multiplies its alpha in after the texel is unpremultiplied), the light colour left whole for the draw to multiply the skeleton colour in and cut to 8 bits', () => {
        vertexColors(white, { r: 0.5, g: 0.25, b: 1, a: 0.5 }, null, { r: 1, g: 0.5, b: 1, a: 0.8 }, 0, MESH2D_LAYOUT, out);
        expect(Array.from(out.subarray(0, 4))).toEqual([0.5, 0.125, 1, 0.4]);
    });

    test('a dark colour cut to 8 bits as `rgb()` cuts it (nothing multiplies it later), its alpha flagging "multiply two"; none: black and "multiply"', () => {
        vertexColors(white, white, { r: 0.5, g: 0.999, b: 2, a: 1 }, white, 0, MESH2D_LAYOUT, out);
        expect(Array.from(out.subarray(4))).toEqual([127 / 255, 254 / 255, 1, 1]);
        vertexColors(white, white, null, white, 0, MESH2D_LAYOUT, out);
        expect(Array.from(out.subarray(4))).toEqual([0, 0, 0, 0]);
    });

    test('an additive slot keeps its alpha (Phaser blends it in its own additive mode, not in the normal one with alpha 0)', () => {
        vertexColors(white, { r: 1, g: 1, b: 1, a: 0.5 }, null, white, 1, MESH2D_LAYOUT, out);
        expect(out[3]).toBe(0.5);
    });
});
