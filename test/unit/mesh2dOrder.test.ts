/**
 * The triangles spine-phaser-v4's default renderer draws (spine/mesh2dOrder.ts): Phaser's Mesh2D
 * pairs triangles over a shared edge and its quad batch splits each pair along the other diagonal.
 * The expected lists are worked out by hand from Phaser 4.2's `buildOrderedIndices(2)` and its quad
 * strip (bottom-left, top-left, bottom-right, top-right); the GPU path's pixels are compared with
 * the runtime's in Chromium (test/e2e/drawParity.test.ts).
 */
import { mesh2dOrder } from '../../spine/mesh2dOrder';

test("a region's two triangles are drawn split along its other diagonal (1-3), which covers the same parallelogram", () => {
    // Spine's region triangles 0,1,2 and 2,3,0 share the edge 2-0: the pair p=1, q=2, r=0, s=3.
    expect(mesh2dOrder([0, 1, 2, 2, 3, 0], 4)).toEqual([2, 1, 3, 1, 3, 0]);
});

test('a triangle pairs with the first later triangle sharing an edge, in the order its edges are tried (b-c, c-a, a-b); the partner is skipped where it comes', () => {
    // 0: (0,1,2); 1: (2,3,4) shares nothing with 0; 2: (0,2,5) shares 0-2 (tried as c-a of triangle 0).
    // Triangle 0 pairs with 2 over 2-0: p=1, q=2, r=0, s=5 → (2,1,5), (1,5,0). Triangle 1 has no free
    // partner left: alone, drawn as (b, a, c) = (3, 2, 4).
    expect(mesh2dOrder([0, 1, 2, 2, 3, 4, 0, 2, 5], 6)).toEqual([2, 1, 5, 1, 5, 0, 3, 2, 4]);
});

test('a strip of four triangles is drawn as two quads, each pair over its own shared edge', () => {
    // (0,1,2) and (1,3,2) share 1-2 (b-c of the first): p=0, q=1, r=2, s=3; (2,3,4) and (3,5,4) share 3-4.
    expect(mesh2dOrder([0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4], 6)).toEqual([1, 0, 3, 0, 3, 2, 3, 2, 5, 2, 5, 4]);
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
