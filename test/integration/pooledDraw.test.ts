/**
 * The pool's WebGL draw path (plugin/PooledDraw.ts) emits what spine-webgl's own SkeletonRenderer
 * emits for the same skeleton, seen through the same camera: the same vertices (positions,
 * colours, UVs, dark colours), triangles, textures and blend modes, in the same order. An instance
 * posed in full is drawn from its own skeleton: exactly stock's. One whose pose was copied from the
 * shared cache is drawn from its samples' picture: the same stream, positions within 0.01 px (the
 * picture is the samples' vertices interpolated, stock's the interpolated bones' vertices: the
 * same up to rounding and a deform's second-order term). Whatever the game changes after the pool's
 * update (a slot's colour or attachment, the skeleton's tint, a bone it poses itself) is drawn as
 * stock draws it.
 *
 * HEADLESS Phaser has no WebGL: both write into a recording batcher with spine-webgl's
 * PolygonBatcher API. The pixels are compared in Chromium (test/e2e/drawParity.test.ts). Spine 4.2
 * only: on the 4.3 runtimes the runtime's own renderer draws pooled instances.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../harness/game';
import { spinePhaser } from '../harness/spine';
import { corpusRig, CORPUS_ANIMATIONS } from '../skeletons/corpus';
import { preset } from '../skeletons/presets';
import { drawPooled, type Batcher, type DrawnFrom } from '../../plugin/PooledDraw';
import * as SampleVertices from '../../spine/SampleVertices';

type Any = any;

/** One flushed batch: its texture and blend state, vertices and (absolute) indices. */
interface Batch {
    texture: unknown;
    blend: string;
    vertices: number[];
    indices: number[];
}

/** A PolygonBatcher stand-in that records what it is given, flush by flush. */
class RecordingBatcher implements Batcher {
    lastTexture: unknown = null;
    verticesLength = 0;
    indicesLength = 0;
    blend = '';
    readonly batches: Batch[] = [];
    private readonly verts = new Float32Array(10920 * 12);
    private readonly idx = new Uint16Array(10920 * 3);
    readonly mesh = {
        getVertices: () => this.verts,
        getIndices: () => this.idx,
        numVertices: () => this.verticesLength / 12,
        setVerticesLength: (n: number) => void (this.verticesLength = n),
        setIndicesLength: (n: number) => void (this.indicesLength = n),
    };

    flush(): void {
        if (this.verticesLength === 0) return;
        this.batches.push({ texture: this.lastTexture, blend: this.blend, vertices: Array.from(this.verts.subarray(0, this.verticesLength)), indices: Array.from(this.idx.subarray(0, this.indicesLength)) });
        this.verticesLength = this.indicesLength = 0;
    }

    setBlendMode(blendMode: number, pma: boolean): void {
        const blend = `${blendMode}/${pma}`;
        if (blend === this.blend) return;
        this.flush();
        this.blend = blend;
    }

    /** PolygonBatcher.draw, as spine-webgl's SkeletonRenderer calls it. */
    draw(texture: unknown, vertices: ArrayLike<number>, indices: ArrayLike<number>): void {
        if (texture !== this.lastTexture) {
            this.flush();
            this.lastTexture = texture;
        }
        const first = this.verticesLength / 12;
        this.verts.set(vertices as Float32Array, this.verticesLength);
        this.verticesLength += vertices.length;
        for (let i = 0; i < indices.length; i++) this.idx[this.indicesLength++] = indices[i] + first;
    }

    end(): Batch[] {
        this.flush();
        return this.batches;
    }
}

let t: TestGame;
const v43 = (): boolean => typeof (spinePhaser().Skeleton.prototype as Any).setupPose === 'function';
const maybe = (name: string, fn: () => void) => (v43() ? test.skip : test)(name, fn);

beforeEach(async () => {
    t = await bootGame({
        skeletons: { hero: preset('hero'), limbs: corpusRig('limbs'), stunts: corpusRig('stunts'), path: corpusRig('path'), skins: corpusRig('skins'), physics: corpusRig('physics'), giant: corpusRig('giant'), swing: corpusRig('swing') },
    });
});

afterEach(() => t.destroy());

const camera = () => t.scene.cameras.main as Any;

/**
 * What stock spine-phaser draws for `go`: its renderWebGL's matrix and transformer, spine-webgl's
 * SkeletonRenderer. Twice into one batch, as a crowd batches: the second copy's triangles count
 * from where the first one's vertices end.
 */
function stockDraw(go: SpineGameObject): Batch[] {
    const spine = spinePhaser() as Any;
    const batcher = new RecordingBatcher();
    const renderer = new spine.SkeletonRenderer(null, true);
    renderer.premultipliedAlpha = (go as Any).premultipliedAlpha;
    const m = (globalThis as Any).Phaser.GameObjects.GetCalcMatrix(go, camera(), undefined).calc;
    for (let copy = 0; copy < 2; copy++) {
        renderer.draw(batcher, go.skeleton, -1, -1, (vertices: Float32Array, count: number, stride: number) => {
            for (let i = 0; i < count; i += stride) {
                const x = vertices[i];
                const y = vertices[i + 1];
                vertices[i] = x * m.a + y * m.c + m.tx;
                vertices[i + 1] = x * m.b + y * m.d + m.ty;
            }
        });
    }
    return batcher.end();
}

/** What the pool's path draws for `go` (twice, as `stockDraw`), and how. */
function pooledDraw(go: SpineGameObject): { batches: Batch[]; from: DrawnFrom } {
    const batcher = new RecordingBatcher();
    const sceneRenderer = { batcher, skeletonRenderer: { twoColorTint: true }, begin() {}, end() {}, enableRenderer() {} };
    const renderer = { newType: false, nextTypeMatch: true, pipelines: { clear() {}, rebind() {} } };
    const instance = (t.scene.spinePool as Any).registry.instanceOf(go);
    const from = drawPooled(go as Any, instance, sceneRenderer, renderer, camera(), undefined);
    expect(drawPooled(go as Any, instance, sceneRenderer, renderer, camera(), undefined)).toBe(from);
    return { batches: batcher.end(), from };
}

/** The largest position difference between two batch streams with the same structure; throws naming the first structural difference. */
function compareStreams(stock: Batch[], pooled: Batch[]): number {
    expect(pooled.map((b) => [b.blend, b.vertices.length, b.indices])).toEqual(stock.map((b) => [b.blend, b.vertices.length, b.indices]));
    let worst = 0;
    stock.forEach((batch, i) => {
        expect(pooled[i].texture).toBe(batch.texture);
        batch.vertices.forEach((value, k) => {
            const d = Math.abs(value - pooled[i].vertices[k]);
            if (k % 12 < 2) worst = Math.max(worst, d);
            else if (d !== 0) throw new Error(`batch ${i}, float ${k} (vertex ${Math.floor(k / 12)}, field ${k % 12}): stock ${value}, pooled ${pooled[i].vertices[k]}`);
        });
    });
    return worst;
}

/** Whether a slot shows a clipping attachment (stunts' `portal` in `die`). */
function showsClipping(go: SpineGameObject): boolean {
    return go.skeleton.slots.some((slot) => (slot.getAttachment() as Any)?.endSlot !== undefined);
}

/** A crowd of `key`, one per animation, at varied places, scales, angles and times, stepped `frames` frames. */
function crowd(key: string, animations: readonly string[], poseCache: 'off' | 'shared', frames = 30): SpineGameObject[] {
    const gos = animations.map((animation, i) => {
        const go = t.scene.spinePool.spawn(100 + i * 90, 300 + (i % 3) * 40, key, `${key}-atlas`, { detail: 'full', poseCache });
        go.setScale(i % 2 === 0 ? 0.5 : -0.7, 0.6).setAngle(i * 13);
        go.animationState.setAnimation(0, animation, true).trackTime = i * 0.173;
        return go;
    });
    t.step(frames);
    return gos;
}

const RIGS: [string, readonly string[]][] = [
    ['hero', ['idle', 'walk', 'run', 'attack']],
    ['limbs', Object.values(CORPUS_ANIMATIONS)],
    // Attachment, draw-order, zero-scale and stepped keys, a sequence, a clipping attachment in `die`.
    ['stunts', Object.values(CORPUS_ANIMATIONS)],
    ['path', Object.values(CORPUS_ANIMATIONS)],
    ['giant', Object.values(CORPUS_ANIMATIONS)],
    // Physics constraints: never served from the cache, drawn from their own skeletons.
    ['physics', Object.values(CORPUS_ANIMATIONS)],
    ['swing', Object.values(CORPUS_ANIMATIONS)],
];

describe('the pool draws what spine-webgl draws', () => {
    for (const [key, animations] of RIGS) {
        maybe(`${key}: posed in full ('off'), exactly stock's stream`, () => {
            for (const go of crowd(key, animations.filter((a) => (t.scene.cache.json.get(key) as Any).animations[a]), 'off')) {
                const { batches, from } = pooledDraw(go);
                if (showsClipping(go)) {
                    expect(from).toBe(null); // the runtime draws it
                    continue;
                }
                expect(from).toBe('slots');
                expect(batches.length).toBeGreaterThan(0);
                expect(compareStreams(stockDraw(go), batches)).toBe(0);
            }
        });

        maybe(`${key}: posed from the cache ('shared'), drawn from the samples' picture, positions within 0.01 px of stock's`, () => {
            let pictures = 0;
            for (const go of crowd(key, animations.filter((a) => (t.scene.cache.json.get(key) as Any).animations[a]), 'shared')) {
                const { batches, from } = pooledDraw(go);
                if (showsClipping(go)) {
                    expect(from).toBe(null);
                    continue;
                }
                if (from === 'picture') pictures++;
                expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
            }
            if (key === 'physics' || key === 'swing') expect(pictures).toBe(0);
            else expect(pictures).toBeGreaterThan(0);
        });
    }

    maybe('what the game changes after the pool\'s update is drawn as stock draws it: a slot\'s colour, an attachment, the draw order, the tint, a bone it poses', () => {
        const [tinted, coloured, detached, reordered, moved] = crowd('hero', ['walk', 'walk', 'walk', 'walk', 'walk'], 'shared');
        expect(pooledDraw(tinted).from).toBe('picture');
        tinted.skeleton.color.set(1, 0.5, 0.25, 0.8);
        const slot = coloured.skeleton.slots.find((s) => s.getAttachment() !== null)!;
        slot.color.set(0.2, 0.9, 0.4, 0.5);
        const shown = detached.skeleton.slots.find((s) => s.getAttachment() !== null)!;
        shown.setAttachment(null);
        const order = reordered.skeleton.drawOrder;
        [order[0], order[order.length - 1]] = [order[order.length - 1], order[0]];
        const bone = moved.skeleton.bones[1];
        bone.x += 40;
        moved.skeleton.updateWorldTransform(2 as never);
        for (const go of [tinted, coloured, detached, reordered]) {
            const { batches, from } = pooledDraw(go);
            expect(from).toBe('slots');
            expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
        }
        // Posed by the game: drawn from its own bones, not from samples it no longer shows.
        const { batches, from } = pooledDraw(moved);
        expect(from).toBe('slots');
        expect(compareStreams(stockDraw(moved), batches)).toBe(0);
    });

    maybe("a sequence attachment (stunts' smoke in `die`, past its clipping) is drawn frame by frame as stock draws it", () => {
        for (const poseCache of ['off', 'shared'] as const) {
            const go = t.scene.spinePool.spawn(300, 300, 'stunts', 'stunts-atlas', { detail: 'full', poseCache });
            go.animationState.setAnimation(0, 'die', false).trackTime = 0.85;
            for (let frame = 0; frame < 6; frame++) {
                t.step(1);
                const smoke = go.skeleton.slots.find((slot) => (slot.getAttachment() as Any)?.sequence);
                expect(smoke).toBeDefined();
                expect(showsClipping(go)).toBe(false);
                const { batches, from } = pooledDraw(go);
                expect(from).toBe('slots'); // the sample's picture leaves a sequence to the skeleton
                expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
            }
            t.scene.spinePool.despawn(go);
        }
    });

    maybe('pictures are counted in poseCacheMemory; with no room for them, instances are drawn slot by slot, as stock', () => {
        const [go] = crowd('hero', ['walk'], 'shared');
        const before = t.scene.spinePool.stats().poseCache.bytes;
        expect(pooledDraw(go).from).toBe('picture');
        expect(t.scene.spinePool.stats().poseCache.bytes).toBeGreaterThan(before + 190 * 12 * 4); // ~190 vertices of 12 floats
        // A budget the poses fill: no room for a picture (nothing used this frame is dropped for one).
        const [tight] = crowd('hero', ['run'], 'shared');
        const bytes = t.scene.spinePool.stats().poseCache.bytes;
        t.scene.spinePool.configure({ poseCacheMemory: bytes / (1024 * 1024) });
        const { batches, from } = pooledDraw(tight);
        expect(from).toBe('slots');
        expect(compareStreams(stockDraw(tight), batches)).toBeLessThan(0.01);
        expect(t.scene.spinePool.stats().poseCache.bytes).toBe(bytes);
        // No room is not a picture built and thrown away every frame: the clip's next draws build none.
        const builds = jest.spyOn(SampleVertices, 'sampleVertices');
        for (let frame = 0; frame < 3; frame++) {
            t.step(1);
            expect(pooledDraw(tight).from).toBe('slots');
        }
        expect(builds).not.toHaveBeenCalled();
        builds.mockRestore();
    });

    maybe('a skin set after the pool\'s update is drawn from the skeleton, as stock draws it', () => {
        const [go] = crowd('hero', ['walk'], 'shared');
        expect(pooledDraw(go).from).toBe('picture');
        go.skeleton.setSkinByName('goblin');
        go.skeleton.setSlotsToSetupPose();
        const { batches, from } = pooledDraw(go);
        expect(from).toBe('slots');
        expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
    });

    maybe('a skin combination (skins rig, empty default skin) drawn from the picture is stock\'s', () => {
        const go = t.scene.spinePool.spawn(300, 300, 'skins', 'skins-atlas', { skin: ['base', 'blue', 'hat', 'cape'], detail: 'full', poseCache: 'shared' });
        go.animationState.setAnimation(0, 'walk', true);
        t.step(30);
        const { batches, from } = pooledDraw(go);
        expect(from).toBe('picture');
        expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
    });
});
