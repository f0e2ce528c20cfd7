/**
 * The impostors' images (plugin/draw/impostorAtlas.ts, ImpostorPath.ts), their CPU side (the tests
 * in Chromium draw with them: test/e2e/impostorParity.test.ts): cells never overlap and stay inside
 * the texture, a cell given back is taken again by an image that fits it, an atlas holding nothing
 * starts its shelves again, a full one refuses and takes back the images not drawn for a while; images held on a picture's copy are counted in its
 * bytes and given back with it; the scale an image is drawn at is never below the screen scale and
 * less than one step above it.
 */
import { bucketOf, bucketScale, largestScale } from '../../plugin/draw/ImpostorPath';
import { ImpostorAtlas, type ImpostorImage } from '../../plugin/draw/impostorAtlas';
import { SampleAtlas, type PictureData } from '../../plugin/draw/sampleAtlas';

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s * 1664525 + 1013904223) >>> 0;
        return s / 2 ** 32;
    };
}

/** An atlas of `size` texels a side, as `attach` leaves it (no context needed to pack). */
function atlasOf(size: number): ImpostorAtlas {
    const atlas = new ImpostorAtlas();
    atlas.size = size;
    return atlas;
}

/** Whether two images' cells share a texel. */
function overlap(a: ImpostorImage, b: ImpostorImage): boolean {
    return a.x < b.x + b.cellWidth && b.x < a.x + a.cellWidth && a.y < b.y + b.shelf.height && b.y < a.y + a.shelf.height;
}

describe('impostor atlas', () => {
    test('cells held never overlap, hold their image and stay inside the texture, over a long run of takes and give-backs', () => {
        const atlas = atlasOf(512);
        const next = random(7);
        const held: ImpostorImage[] = [];
        let refused = 0;
        const wrong: string[] = [];
        for (let step = 0; step < 4000; step++) {
            if (held.length > 0 && next() < 0.45) {
                const image = held.splice(Math.floor(next() * held.length), 1)[0];
                image.free();
                continue;
            }
            const [w, h] = [4 + Math.floor(next() * 60), 4 + Math.floor(next() * 60)];
            const image = atlas.take(w, h, 0);
            if (image === null) {
                refused++;
                continue;
            }
            if (!(image.cellWidth >= w && image.shelf.height >= h && image.width === w && image.height === h)) wrong.push(`step ${step}: a cell too small`);
            if (image.x + image.cellWidth > 512 || image.y + image.shelf.height > 512) wrong.push(`step ${step}: outside`);
            for (const other of held) if (overlap(image, other)) wrong.push(`step ${step}: overlaps`);
            held.push(image);
            if (atlas.count !== held.length) wrong.push(`step ${step}: counts ${atlas.count} held`);
        }
        expect(wrong.slice(0, 5)).toEqual([]);
        expect(refused).toBeGreaterThan(0); // it filled, and refused rather than overlapping
    });

    test('a cell given back is taken by the next image of its shelf that fits, not by a taller one; its bytes are its cell', () => {
        const atlas = atlasOf(256);
        const a = atlas.take(30, 20, 1) as ImpostorImage;
        const b = atlas.take(30, 20, 1) as ImpostorImage;
        expect(a.bytes).toBe(32 * 20 * 4);
        a.free();
        const taller = atlas.take(30, 40, 2) as ImpostorImage;
        expect(taller.shelf).not.toBe(a.shelf);
        const again = atlas.take(25, 18, 3) as ImpostorImage;
        expect(again).toBe(a);
        expect([again.x, again.y, again.width, again.height, again.bucket, again.drawnIn]).toEqual([0, 0, 25, 18, 3, -1]);
        expect(overlap(again, b)).toBe(false);
    });

    test('an atlas holding no image starts its shelves again; a full one refuses', () => {
        const atlas = atlasOf(64);
        const images = [atlas.take(64, 32, 0), atlas.take(64, 32, 0)];
        expect(atlas.take(8, 8, 0)).toBeNull();
        for (const image of images) image?.free();
        expect(atlas.count).toBe(0);
        const first = atlas.take(8, 60, 0) as ImpostorImage;
        expect([first.x, first.y]).toEqual([0, 0]);
        expect(atlas.take(65, 4, 0)).toBeNull(); // wider than the texture
    });

    test('a full atlas takes back, when told, the images not drawn since a frame, telling their owners; the others stay where they are', () => {
        const atlas = atlasOf(64);
        const told: ImpostorImage[] = [];
        const owner = { evicted: (image: ImpostorImage) => told.push(image) };
        const images = [0, 1, 2, 3].map((k) => {
            const image = atlas.take(32, 32, 0) as ImpostorImage;
            image.owner = owner;
            image.usedFrame = k * 10;
            return image;
        });
        expect(atlas.full).toBe(false);
        expect(atlas.take(8, 8, 0)).toBeNull();
        expect(atlas.full).toBe(true);
        const kept = images.slice(2).map((image) => [image.x, image.y]);
        atlas.evict(20);
        expect(told.length === 2 && told.includes(images[0]) && told.includes(images[1])).toBe(true);
        expect(atlas.full).toBe(false);
        expect(atlas.count).toBe(2);
        expect(images.slice(2).map((image) => [image.x, image.y])).toEqual(kept);
        const next = atlas.take(30, 30, 1) as ImpostorImage;
        expect([images[0], images[1]]).toContain(next); // a cell taken back is taken again
    });

    test("images held on a picture's copy are counted in its bytes and given back with it", () => {
        const samples = new SampleAtlas();
        const picture: PictureData = {
            vertices: new Float32Array(8 * 3),
            size: 8,
            indices: new Uint16Array([0, 1, 2]),
            runs: [{ page: 0, blendMode: 0, first: 0, count: 3, firstIndex: 0, indexCount: 3 }],
        };
        const copy = samples.add(picture)!;
        const own = copy.bytes;
        const atlas = atlasOf(128);
        const image = atlas.take(16, 16, 0) as ImpostorImage;
        copy.extra = { bytes: image.bytes, free: () => image.free() };
        expect(copy.bytes).toBe(own + 16 * 16 * 4);
        copy.free();
        expect(atlas.count).toBe(0);
        expect(copy.extra).toBeNull();
        expect(samples.count).toBe(0);
    });
});

describe('impostor scale', () => {
    test("the largest scale of an object's matrix ignores rotation and mirroring, and takes the larger of two scales", () => {
        for (const angle of [0, 0.3, 1, 2.5, -1.2]) {
            const [c, s] = [Math.cos(angle), Math.sin(angle)];
            expect(largestScale(0.5 * c, 0.5 * s, -0.5 * s, 0.5 * c)).toBeCloseTo(0.5, 12);
            expect(largestScale(-0.5 * c, -0.5 * s, -0.5 * s, 0.5 * c)).toBeCloseTo(0.5, 12); // mirrored
            expect(largestScale(0.2 * c, 0.2 * s, -0.7 * s, 0.7 * c)).toBeCloseTo(0.7, 12);
        }
    });

    test('an image is drawn at a scale no smaller than the screen scale and less than one step (2^(1/8)) above it', () => {
        const next = random(3);
        for (let i = 0; i < 2000; i++) {
            const scale = 2 ** (next() * 12 - 8);
            const drawn = bucketScale(bucketOf(scale));
            expect(drawn).toBeGreaterThanOrEqual(scale * (1 - 1e-12));
            expect(drawn).toBeLessThan(scale * 2 ** (1 / 8) * (1 + 1e-12));
        }
    });
});
