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
 * PolygonBatcher API. The pixels are compared in Chromium (test/e2e/drawParity.test.ts). On every
 * stack: Spine 4.2 (spine-phaser) draws from the picture or slot by slot; the 4.3 runtimes
 * (spine-phaser-v3 on Phaser 3; spine-phaser-v4 on Phaser 4, through its spine-webgl transformer:
 * render offset, V flipped, colours times the object's alpha) draw from the picture, anything
 * else is left to the runtime (`from` 'runtime': stock's by definition).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../harness/game';
import { spinePhaser } from '../harness/spine';
import { corpusRig, CORPUS_ANIMATIONS } from '../skeletons/corpus';
import { preset } from '../skeletons/presets';
import { drawPooled, drawPooledPhaser4, type Batcher } from '../../plugin/PooledDraw';
import type { DrawnFrom } from '../../plugin/PooledInstance';
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

    setBlendMode(blendMode: number, pma?: boolean): void {
        const blend = v43() ? `${blendMode}` : `${blendMode}/${pma}`; // 4.3's batcher takes no pma
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
const phaser4 = (): boolean => String((globalThis as Any).Phaser.VERSION).startsWith('4');
/** How an instance the picture does not cover is drawn: slot by slot (4.2), by the runtime (4.3). */
const SLOTS = (): DrawnFrom => (v43() ? 'runtime' : 'slots');

/** A slot's look as drawn (4.3: its applied pose). */
const look = (slot: Any): Any => (v43() ? slot.appliedPose : slot);
const attachmentOf = (slot: Any): Any => look(slot).attachment;
/** The draw order the game sets (4.3: its pose). */
const drawOrderOf = (skeleton: Any): Any[] => (v43() ? skeleton.drawOrder.pose : skeleton.drawOrder);

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
    const m = (globalThis as Any).Phaser.GameObjects.GetCalcMatrix(go, camera(), undefined, true).calc;
    // spine-phaser-v3/v4 move by the render offset; v4 also multiplies by the alpha and flips V.
    const ox = (go as Any).renderOffsetX ?? 0;
    const oy = (go as Any).renderOffsetY ?? 0;
    const alpha = go.alpha;
    const v4 = phaser4();
    for (let copy = 0; copy < 2; copy++) {
        renderer.draw(batcher, go.skeleton, -1, -1, (vertices: Float32Array, count: number, stride: number) => {
            for (let i = 0; i < count; i += stride) {
                const x = vertices[i] + ox;
                const y = vertices[i + 1] + oy;
                vertices[i] = x * m.a + y * m.c + m.tx;
                vertices[i + 1] = x * m.b + y * m.d + m.ty;
                if (!v4) continue;
                for (const k of [2, 3, 4, 5, 8, 9, 10]) vertices[i + k] *= alpha;
                vertices[i + 7] = 1 - vertices[i + 7];
            }
        });
    }
    return batcher.end();
}

/** What the pool's path draws for `go` (twice, as `stockDraw`), and how. */
function pooledDraw(go: SpineGameObject): { batches: Batch[]; from: DrawnFrom } {
    const batcher = Object.assign(new RecordingBatcher(), { isDrawing: false });
    const sceneRenderer = { batcher, skeletonRenderer: { twoColorTint: true, pmaAdditiveBatching: true }, begin: () => void (batcher.isDrawing = true), end: () => void (batcher.isDrawing = false), enableRenderer() {},
        camera: { position: { x: 0, y: 0 }, up: { y: 0 }, direction: { z: 0 }, setViewport() {}, update() {} } };
    const instance = (t.scene.spinePool as Any).registry.instanceOf(go);
    let draw: () => DrawnFrom;
    if (phaser4()) {
        // Made with spine-phaser-v4's 'spine-webgl' renderer (the pool's `renderer` option), as the
        // picture path requires. HEADLESS Phaser 4 has no WebGL, so the runtime refuses to build one:
        // the object is marked as one; Chromium builds them for real (test/e2e/drawParity.test.ts).
        // Marked as one of the runtime's default Mesh2D renderer, it is left to that renderer.
        (go as Any).rendererType = 'phaser';
        // Two objects in one display list: the first keeps the batch open for the second.
        const plugin = { currentWebGLDrawingContext: null };
        const renderer = { renderNodes: { finishBatch() {}, getNode: () => undefined } };
        const context = { camera: camera(), width: 800, height: 600, useCanvas: false, beginDraw() {} };
        const list = [go, go];
        let at = 0;
        draw = () => drawPooledPhaser4(go as Any, instance, sceneRenderer as Any, plugin, renderer, context, undefined, list, at++);
        expect(draw()).toBe('runtime');
        expect(batcher.verticesLength).toBe(0);
        (go as Any).rendererType = 'spine-webgl';
        at = 0;
    } else {
        const renderer = { newType: false, nextTypeMatch: true, pipelines: { clear() {}, rebind() {} } };
        draw = () => drawPooled(go as Any, instance, sceneRenderer, renderer, camera(), undefined);
    }
    const from = draw();
    expect(draw()).toBe(from);
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
    return go.skeleton.slots.some((slot) => attachmentOf(slot)?.endSlot !== undefined);
}

/** A crowd of `key`, one per animation, at varied places, scales, angles and times, stepped `frames` frames. */
function crowd(key: string, animations: readonly string[], poseCache: 'off' | 'shared', frames = 30): SpineGameObject[] {
    const gos = animations.map((animation, i) => {
        const go = t.scene.spinePool.spawn(100 + i * 90, 300 + (i % 3) * 40, key, `${key}-atlas`, { detail: 'full', poseCache });
        go.setScale(i % 2 === 0 ? 0.5 : -0.7, 0.6).setAngle(i * 13);
        if (i % 3 === 2) go.setAlpha(0.6); // spine-phaser-v4 multiplies colours by it
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
        test(`${key}: posed in full ('off'), exactly stock's stream`, () => {
            for (const go of crowd(key, animations.filter((a) => (t.scene.cache.json.get(key) as Any).animations[a]), 'off')) {
                const { batches, from } = pooledDraw(go);
                if (showsClipping(go)) {
                    expect(from).toBe('runtime'); // the runtime draws it
                    continue;
                }
                expect(from).toBe(SLOTS());
                if (from === 'runtime') continue;
                expect(batches.length).toBeGreaterThan(0);
                expect(compareStreams(stockDraw(go), batches)).toBe(0);
            }
        });

        test(`${key}: posed from the cache ('shared'), drawn from the samples' picture, positions within 0.01 px of stock's`, () => {
            let pictures = 0;
            for (const go of crowd(key, animations.filter((a) => (t.scene.cache.json.get(key) as Any).animations[a]), 'shared')) {
                const { batches, from } = pooledDraw(go);
                if (showsClipping(go)) {
                    expect(from).toBe('runtime');
                    continue;
                }
                if (from === 'picture') pictures++;
                if (from === 'runtime') continue;
                expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
            }
            if (key === 'physics' || key === 'swing') expect(pictures).toBe(0);
            else expect(pictures).toBeGreaterThan(0);
        });
    }

    test('what the game changes after the pool\'s update is drawn as stock draws it: a slot\'s colour, an attachment, the draw order, the tint, a bone it poses', () => {
        const [tinted, coloured, detached, reordered, moved] = crowd('hero', ['walk', 'walk', 'walk', 'walk', 'walk'], 'shared');
        expect(pooledDraw(tinted).from).toBe('picture');
        tinted.skeleton.color.set(1, 0.5, 0.25, 0.8);
        const slot = coloured.skeleton.slots.find((s) => attachmentOf(s) !== null)!;
        look(slot).color.set(0.2, 0.9, 0.4, 0.5);
        const shown = detached.skeleton.slots.find((s) => attachmentOf(s) !== null)!;
        look(shown).setAttachment(null);
        const order = drawOrderOf(reordered.skeleton);
        [order[0], order[order.length - 1]] = [order[order.length - 1], order[0]];
        const bone = moved.skeleton.bones[1] as Any;
        (v43() ? bone.pose : bone).x += 40;
        moved.skeleton.updateWorldTransform(2 as never);
        for (const go of [tinted, coloured, detached, reordered]) {
            const { batches, from } = pooledDraw(go);
            expect(from).toBe(SLOTS());
            if (from !== 'runtime') expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
        }
        // Posed by the game: drawn from its own bones, not from samples it no longer shows.
        const { batches, from } = pooledDraw(moved);
        expect(from).toBe(SLOTS());
        if (from !== 'runtime') expect(compareStreams(stockDraw(moved), batches)).toBe(0);
    });

    test("a sequence attachment (stunts' smoke in `die`, past its clipping) is drawn frame by frame as stock draws it", () => {
        for (const poseCache of ['off', 'shared'] as const) {
            const go = t.scene.spinePool.spawn(300, 300, 'stunts', 'stunts-atlas', { detail: 'full', poseCache });
            go.animationState.setAnimation(0, 'die', false).trackTime = 0.85;
            for (let frame = 0; frame < 6; frame++) {
                t.step(1);
                const smoke = go.skeleton.slots.find((slot) => (v43() ? attachmentOf(slot)?.sequence?.regions.length > 1 : attachmentOf(slot)?.sequence));
                expect(smoke).toBeDefined();
                expect(showsClipping(go)).toBe(false);
                const { batches, from } = pooledDraw(go);
                expect(from).toBe(SLOTS()); // the sample's picture leaves a sequence to the skeleton
                if (from !== 'runtime') expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
            }
            t.scene.spinePool.despawn(go);
        }
    });

    test('pictures are counted in poseCacheMemory; with no room for them, instances are drawn slot by slot, as stock', () => {
        const [go] = crowd('hero', ['walk'], 'shared');
        const before = t.scene.spinePool.stats().poseCache.bytes;
        expect(pooledDraw(go).from).toBe('picture');
        expect(t.scene.spinePool.stats().poseCache.bytes).toBeGreaterThan(before + 190 * 12 * 4); // ~190 vertices of 12 floats
        // A budget the poses fill: no room for a picture (nothing used this frame is dropped for one).
        const [tight] = crowd('hero', ['run'], 'shared');
        const bytes = t.scene.spinePool.stats().poseCache.bytes;
        t.scene.spinePool.configure({ poseCacheMemory: bytes / (1024 * 1024) });
        const { batches, from } = pooledDraw(tight);
        expect(from).toBe(SLOTS());
        if (from !== 'runtime') expect(compareStreams(stockDraw(tight), batches)).toBeLessThan(0.01);
        expect(t.scene.spinePool.stats().poseCache.bytes).toBe(bytes);
        // No room is not a picture built and thrown away every frame: the clip's next draws build none.
        const builds = jest.spyOn(SampleVertices, 'sampleVertices');
        for (let frame = 0; frame < 3; frame++) {
            t.step(1);
            expect(pooledDraw(tight).from).toBe(SLOTS());
        }
        expect(builds).not.toHaveBeenCalled();
        builds.mockRestore();
    });

    test('a skin set after the pool\'s update is drawn from the skeleton, as stock draws it', () => {
        const [go] = crowd('hero', ['walk'], 'shared');
        expect(pooledDraw(go).from).toBe('picture');
        go.skeleton.setSkinByName('goblin');
        if (v43()) (go.skeleton as Any).setupPoseSlots();
        else go.skeleton.setSlotsToSetupPose();
        const { batches, from } = pooledDraw(go);
        expect(from).toBe(SLOTS());
        if (from !== 'runtime') expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
    });

    test('slots blended additive, multiply and screen, and one with a dark colour, are drawn as stock draws them', () => {
        // Set in the JSON before the first object is made (the runtime parses it then).
        const json = t.scene.cache.json.get('hero') as { slots: { blend?: string; dark?: string }[] };
        ['additive', 'multiply', 'screen'].forEach((blend, i) => (json.slots[2 + i * 3].blend = blend));
        json.slots[1].dark = '402060';
        let pictures = 0;
        for (const go of crowd('hero', ['idle', 'walk', 'run', 'attack'], 'shared')) {
            const { batches, from } = pooledDraw(go);
            if (from === 'picture') pictures++;
            expect(batches.map((b) => b.blend)).toEqual(stockDraw(go).map((b) => b.blend));
            expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
        }
        expect(pictures).toBeGreaterThan(0);
        const blends = new Set(stockDraw(crowd('hero', ['walk'], 'off')[0]).map((b) => b.blend.split('/')[0]));
        // 4.3 batches additive slots in the normal blend mode (alpha 0): two modes besides normal.
        expect(blends.size).toBe(v43() ? 3 : 4);
    });

    test('a skin combination (skins rig, empty default skin) drawn from the picture is stock\'s', () => {
        const go = t.scene.spinePool.spawn(300, 300, 'skins', 'skins-atlas', { skin: ['base', 'blue', 'hat', 'cape'], detail: 'full', poseCache: 'shared' });
        go.animationState.setAnimation(0, 'walk', true);
        t.step(30);
        const { batches, from } = pooledDraw(go);
        expect(from).toBe('picture');
        expect(compareStreams(stockDraw(go), batches)).toBeLessThan(0.01);
    });
});
