/**
 * The triangles spine-phaser-v4's default renderer draws for an attachment, in its order. It gives
 * each slot's triangles to a Phaser Mesh2D whose ordered indices (`buildOrderedIndices(2)`) pair
 * every triangle with the first triangle after it, in the edge lists, that shares an edge with it
 * and is not paired yet: `p, q, r` and `q, r, s` over their shared edge `q, r` (a triangle with no
 * partner: `a, b, c` and `b, c, c`). Phaser's quad batch draws each pair as a quad with corners
 * top-left `p`, bottom-left `q`, top-right `r`, bottom-right `s`, as the strip bottom-left,
 * top-left, bottom-right, top-right: the triangles `p, q, s` and `p, s, r` (GL takes a strip's odd
 * triangle with its first two corners swapped), split along `p, s`, not along the shared edge. The
 * corners' order matters too: a software rasterizer interpolates a varying from the first corner,
 * and Phaser compares an interpolated tint mode for equality (crowdShaders.ts). Where the two triangles make a parallelogram (a region) that draws what
 * Spine's triangles would; elsewhere (a mesh) other triangles, over other pixels where the four
 * corners are not convex, in another order. A picture for that renderer lists these triangles
 * (SampleVertices.ts), so the GPU path draws what the runtime draws.
 */

/** Each attachment's triangles in the draw order (the attachment's triangle array is kept for its life). */
const orders = new WeakMap<ArrayLike<number>, number[]>();

/**
 * The triangles Phaser's Mesh2D draws for `triangles` (three indices each, over `vertexCount`
 * vertices), in its order (see the top of this file): `p, q, s` and `p, s, r` per pair, `a, b, c`
 * for a triangle no other shares an edge with (its degenerate partner draws nothing).
 */
export function mesh2dOrder(triangles: ArrayLike<number>, vertexCount: number): number[] {
    let order = orders.get(triangles);
    if (order === undefined) {
        order = pairUp(triangles, vertexCount);
        if (typeof triangles === 'object') orders.set(triangles, order);
    }
    return order;
}

function pairUp(triangles: ArrayLike<number>, vertexCount: number): number[] {
    const count = Math.floor(triangles.length / 3);
    // Per edge (its two vertices, the lower first): the triangles having it, in order, with the
    // vertex opposite it.
    const edges = new Map<number, { triangle: number; opposite: number }[]>();
    const key = (u: number, v: number): number => (u < v ? u * vertexCount + v : v * vertexCount + u);
    const add = (u: number, v: number, opposite: number, triangle: number): void => {
        const k = key(u, v);
        const list = edges.get(k);
        if (list === undefined) edges.set(k, [{ triangle, opposite }]);
        else list.push({ triangle, opposite });
    };
    for (let t = 0; t < count; t++) {
        const a = triangles[3 * t];
        const b = triangles[3 * t + 1];
        const c = triangles[3 * t + 2];
        add(a, b, c, t);
        add(b, c, a, t);
        add(c, a, b, t);
    }
    const paired = new Uint8Array(count);
    const out: number[] = [];
    /** Pairs triangle `t` (corner `p` opposite its edge `q, r`) with the first free triangle sharing that edge. */
    const pair = (t: number, p: number, q: number, r: number): boolean => {
        const list = edges.get(key(q, r));
        if (list === undefined) return false;
        for (const other of list) {
            if (other.triangle === t || paired[other.triangle] === 1) continue;
            paired[other.triangle] = 1;
            out.push(p, q, other.opposite, p, other.opposite, r);
            return true;
        }
        return false;
    };
    for (let t = 0; t < count; t++) {
        if (paired[t] === 1) continue;
        paired[t] = 1;
        const a = triangles[3 * t];
        const b = triangles[3 * t + 1];
        const c = triangles[3 * t + 2];
        if (!pair(t, a, b, c) && !pair(t, b, c, a) && !pair(t, c, a, b)) out.push(a, b, c);
    }
    return out;
}
