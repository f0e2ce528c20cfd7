/**
 * The atlas of pictures (plugin/draw/sampleAtlas.ts), its CPU side (what the GPU texture is made
 * from: the tests in Chromium draw with it): space given back is used again, the atlas never grows
 * past what the pictures it holds need, a full atlas refuses pictures for the rest of the frame
 * instead of growing in the middle of it, and between frames (`tidy`) it is compacted, grown or
 * shrunk with every picture's texels moved intact and its address with them.
 */
import { MIN_ROWS, PAGE_STRIDE, SampleAtlas, texelsOf, WIDTH, type AtlasCopy, type PictureData } from '../../plugin/draw/sampleAtlas';

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s * 1664525 + 1013904223) >>> 0;
        return s / 2 ** 32;
    };
}

/** A picture of `vertices` vertices (8 floats each) and `triangles` triangles, its floats numbered from `seed`. */
function picture(vertices: number, triangles: number, seed: number): PictureData {
    const v = new Float32Array(vertices * 8);
    for (let i = 0; i < v.length; i++) v[i] = seed + i;
    const indices = new Uint16Array(triangles * 3);
    for (let i = 0; i < indices.length; i++) indices[i] = (seed + i) % vertices;
    return { vertices: v, size: 8, indices, runs: [{ page: 0, blendMode: 0, first: 0, count: vertices, firstIndex: 0, indexCount: indices.length }] };
}

/** What the atlas holds at `copy` is `p`'s vertices (x, y, u, v; colour) and indices. */
function holds(atlas: SampleAtlas, copy: AtlasCopy, p: PictureData): boolean {
    const data = atlas['data'] as Float32Array;
    const count = p.vertices.length / p.size;
    for (let k = 0; k < count; k++) {
        const o = (copy.start + k * 3) * 4;
        const s = k * p.size;
        const expected = [
            p.vertices[s],
            p.vertices[s + 1],
            p.vertices[s + 6],
            p.vertices[s + 7],
            p.vertices[s + 2],
            p.vertices[s + 3],
            p.vertices[s + 4],
            p.vertices[s + 5],
        ];
        for (let i = 0; i < 8; i++) if (data[o + i] !== expected[i]) return false;
    }
    if (copy.indexStart !== copy.start + count * 3) return false;
    for (let i = 0; i < p.indices.length; i++) if (data[copy.indexStart * 4 + i] !== p.indices[i]) return false;
    return true;
}

describe('SampleAtlas: the pictures in GPU memory, as the CPU keeps them', () => {
    test("a picture over several pages and blend modes: each vertex's u carries its page, indices count from the picture's first vertex, segments split at blend modes only", () => {
        // Three runs: 4 vertices on page 0, 3 on page 1 (both normal), 4 on page 0 in multiply (2).
        const v = new Float32Array(11 * 8);
        for (let k = 0; k < 11; k++) v.set([k, -k, 1, 1, 1, 1, (k + 1) / 16, 0.5], k * 8);
        const indices = new Uint16Array([0, 1, 2, 2, 3, 0, 0, 1, 2, 0, 1, 2, 2, 3, 0]);
        const p: PictureData = {
            vertices: v,
            size: 8,
            indices,
            runs: [
                { page: 0, blendMode: 0, first: 0, count: 4, firstIndex: 0, indexCount: 6 },
                { page: 1, blendMode: 0, first: 4, count: 3, firstIndex: 6, indexCount: 3 },
                { page: 0, blendMode: 2, first: 7, count: 4, firstIndex: 9, indexCount: 6 },
            ],
        };
        const atlas = new SampleAtlas();
        const copy = atlas.add(p) as AtlasCopy;
        const data = atlas['data'] as Float32Array;
        for (let k = 0; k < 11; k++) {
            const page = k >= 4 && k < 7 ? 1 : 0;
            expect(data[(copy.start + k * 3) * 4 + 2]).toBe(Math.fround((k + 1) / 16) + PAGE_STRIDE * page);
            // What the shader takes back: the page, and u as it was.
            const u = data[(copy.start + k * 3) * 4 + 2];
            expect(Math.floor((u + 1) / PAGE_STRIDE)).toBe(page);
            expect(u - PAGE_STRIDE * Math.floor((u + 1) / PAGE_STRIDE)).toBe(Math.fround((k + 1) / 16));
        }
        const stored = Array.from(data.subarray(copy.indexStart * 4, copy.indexStart * 4 + indices.length));
        expect(stored).toEqual([0, 1, 2, 2, 3, 0, 4, 5, 6, 7, 8, 9, 9, 10, 7]);
        expect(copy.segments).toEqual([0, 0, 9, 2, 9, 6]);
    });

    test('an empty atlas is made at once for its first picture (nothing to upload again), at its smallest size', () => {
        const atlas = new SampleAtlas();
        const p = picture(200, 100, 1);
        const copy = atlas.add(p);
        expect(copy).not.toBeNull();
        expect(atlas.rows).toBe(MIN_ROWS);
        expect(holds(atlas, copy as AtlasCopy, p)).toBe(true);
    });

    test('a picture that finds no room in the middle of a frame is refused, as is every other for the rest of it; between frames the atlas grows for it', () => {
        const atlas = new SampleAtlas();
        const big = picture(10000, 1000, 0); // ~30,250 texels: two fill MIN_ROWS' 65,536
        const held = [atlas.add(big), atlas.add(big)];
        expect(held.every((copy) => copy !== null)).toBe(true);
        expect(atlas.add(big)).toBeNull();
        expect(atlas.add(picture(3, 1, 5))).toBeNull(); // a small one that would fit: refused all the same, this frame
        expect(atlas.rows).toBe(MIN_ROWS);
        expect(atlas.tidy()).toBe(true);
        expect(atlas.rows).toBeGreaterThan(MIN_ROWS);
        const third = atlas.add(big);
        expect(third).not.toBeNull();
        for (const copy of [...held, third]) expect(holds(atlas, copy as AtlasCopy, big)).toBe(true);
    });

    test('space given back is used again: pictures coming and going over 2,000 frames never grow it past what those held need', () => {
        const next = random(11);
        const atlas = new SampleAtlas();
        const held: { copy: AtlasCopy; p: PictureData }[] = [];
        let most = 0;
        let seed = 0;
        for (let frame = 0; frame < 2000; frame++) {
            for (let k = 0; k < 6; k++) {
                if (held.length > 0 && next() < 0.5) {
                    const [gone] = held.splice(Math.floor(next() * held.length), 1);
                    gone.copy.free();
                } else {
                    const p = picture(20 + Math.floor(next() * 400), 10 + Math.floor(next() * 200), (seed += 1000));
                    const copy = atlas.add(p);
                    if (copy !== null) held.push({ copy, p });
                }
            }
            most = Math.max(
                most,
                held.reduce((sum, h) => sum + h.copy.texels, 0),
            );
            atlas.tidy();
            // Never more than 8/3 of the most ever held (a third of room, doubled once), nor below the smallest size.
            expect(atlas.rows * WIDTH).toBeLessThanOrEqual(Math.max(MIN_ROWS * WIDTH, Math.ceil((most * 8) / 3 / WIDTH) * WIDTH * 2));
        }
        expect(atlas.count).toBe(held.length);
        for (const { copy, p } of held) expect(holds(atlas, copy, p)).toBe(true);
    });

    test('fragmented: a picture that finds room only in the holes put together is refused once, then the atlas is compacted (not grown) and it fits', () => {
        const atlas = new SampleAtlas();
        const small: { copy: AtlasCopy; p: PictureData }[] = [];
        let seed = 0;
        const addSmall = (): boolean => {
            const p = picture(300, 100, (seed += 10000));
            const copy = atlas.add(p);
            if (copy !== null) small.push({ copy, p });
            return copy !== null;
        };
        while (addSmall());
        atlas.tidy(); // grown for the one refused
        const rows = atlas.rows;
        const capacity = rows * WIDTH;
        // Up to three quarters (no growth ahead), then every other one given back: holes of one small picture each.
        while (atlas.ranges.used + 2000 < (capacity * 3) / 4) addSmall();
        for (let i = 0; i < small.length; i += 2) small[i].copy.free();
        const kept = small.filter((_, i) => i % 2 === 1);
        const wide = picture(1000, 300, 7); // larger than a hole
        expect(texelsOf(wide)).toBeGreaterThan(small[0].copy.texels);
        const placed: AtlasCopy[] = [];
        for (;;) {
            const copy = atlas.add(wide);
            if (copy === null) break;
            placed.push(copy);
        }
        expect(atlas.ranges.used + texelsOf(wide)).toBeLessThanOrEqual((capacity * 3) / 4); // room enough, in holes
        expect(atlas.tidy()).toBe(true);
        expect(atlas.ranges.holes).toEqual([]); // compacted
        expect(atlas.rows).toBe(rows); // not grown
        const fits = atlas.add(wide);
        expect(fits).not.toBeNull();
        for (const { copy, p } of kept) expect(holds(atlas, copy, p)).toBe(true);
        for (const copy of [...placed, fits]) expect(holds(atlas, copy as AtlasCopy, wide)).toBe(true);
    });

    test('emptied below a quarter, it shrinks between frames (its rows given back), the pictures it keeps intact', () => {
        const atlas = new SampleAtlas();
        const p = picture(2000, 600, 3);
        const copies: AtlasCopy[] = [];
        for (let i = 0; i < 60; i++) {
            const copy = atlas.add(p);
            if (copy === null) atlas.tidy();
            else copies.push(copy);
        }
        atlas.tidy();
        const grown = atlas.rows;
        expect(grown).toBeGreaterThan(MIN_ROWS);
        for (const copy of copies.splice(3)) copy.free();
        expect(atlas.tidy()).toBe(true);
        expect(atlas.rows).toBeLessThan(grown);
        for (const copy of copies) expect(holds(atlas, copy, p)).toBe(true);
    });

    test('given up with no picture held (its renderer done with), its CPU copy goes too; lost, it keeps it for the restore', () => {
        const atlas = new SampleAtlas();
        const p = picture(200, 100, 1);
        const copy = atlas.add(p) as AtlasCopy;
        atlas.detach(true);
        expect(atlas.rows).toBe(MIN_ROWS);
        expect(holds(atlas, copy, p)).toBe(true);
        copy.free();
        atlas.detach(false);
        expect(atlas.rows).toBe(0);
        expect((atlas['data'] as Float32Array).length).toBe(0);
    });
});
