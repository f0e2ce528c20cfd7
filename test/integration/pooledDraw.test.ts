/**
 * The pool's WebGL draw path (plugin/draw/PooledDraw.ts) emits what the runtime's own renderWebGL emits
 * for the same skeleton, seen through the same camera: the same vertices (positions, colours, UVs,
 * dark colours), triangles, textures and blend modes, in the same order. An instance posed in full
 * is drawn exactly as a stock twin given the same calls is drawn. One whose pose was copied from
 * the shared cache is drawn from its samples' picture: the same stream as the runtime draws for its
 * skeleton, positions within 0.01 px (the picture is the samples' vertices interpolated, stock's the
 * interpolated bones' vertices: the same up to rounding and a deform's second-order term).
 * Whatever the game changes after the pool's update (a slot's colour or attachment, the skeleton's
 * tint, a bone it poses itself) is drawn as stock draws it.
 *
 * HEADLESS Phaser has no WebGL: every draw goes through an object's renderWebGL as Phaser calls it
 * on the stack (the pooled class's: the plugin's path, and the runtime where the plugin leaves an
 * instance to it; or the runtime's own class's, the oracle), into the runtime's own spine-webgl
 * SceneRenderer.drawSkeleton and SkeletonRenderer over a batcher that records what it is given. So
 * the oracle is the installed runtime's transformer (spine-phaser's, spine-phaser-v3's, or
 * spine-phaser-v4's 'spine-webgl' renderer's: render offset, colours times alpha, V flipped), never
 * a copy of it. The pixels are compared in Chromium (test/e2e/drawParity.test.ts).
 *
 * Which path drew an instance is read from the plugin's record (`drawnFrom`): Spine 4.2
 * (spine-phaser) draws from the picture or slot by slot; the 4.3 runtimes (spine-phaser-v3 on
 * Phaser 3, spine-phaser-v4 on Phaser 4) draw from the picture and leave anything else to the
 * runtime, whose drawing is compared all the same (with a stock twin's, or the runtime's own for the
 * same skeleton). Every test counts its comparisons: none passes having compared nothing.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { instanceRecord } from '../../fixtures/internals';
import { spinePhaser } from '../../fixtures/headless/spine';
import { corpusRig, CORPUS_ANIMATIONS } from '../../fixtures/skeletons/corpus';
import { preset } from '../../fixtures/skeletons/presets';
import * as SampleVertices from '../../spine/SampleVertices';

type Any = any;
type DrawnFrom = 'impostor' | 'gpu' | 'picture' | 'slots' | 'runtime';

/** One flushed batch: its texture and blend state, vertices and (absolute) indices. */
interface Batch {
    texture: unknown;
    blend: string;
    vertices: number[];
    indices: number[];
}

/**
 * A PolygonBatcher stand-in that records what it is given, flush by flush. `draw` is the runtime's
 * own PolygonBatcher.draw (what SkeletonRenderer calls); the pool's path writes into `mesh` itself.
 */
class RecordingBatcher {
    lastTexture: unknown = null;
    verticesLength = 0;
    indicesLength = 0;
    isDrawing = false;
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
    readonly draw = (spinePhaser() as Any).PolygonBatcher.prototype.draw;

    flush(): void {
        if (this.verticesLength === 0) return;
        this.batches.push({
            texture: this.lastTexture,
            blend: this.blend,
            vertices: Array.from(this.verts.subarray(0, this.verticesLength)),
            indices: Array.from(this.idx.subarray(0, this.indicesLength)),
        });
        this.verticesLength = this.indicesLength = 0;
    }

    setBlendMode(blendMode: number, pma?: boolean): void {
        const blend = v43() ? `${blendMode}` : `${blendMode}/${pma}`; // 4.3's batcher takes no pma
        if (blend === this.blend) return;
        this.flush();
        this.blend = blend;
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

/** Streams compared in the running test (each test requires as many as it drew instances). */
let compared = 0;

beforeEach(async () => {
    compared = 0;
    t = await bootGame({
        skeletons: {
            hero: preset('hero'),
            limbs: corpusRig('limbs'),
            stunts: corpusRig('stunts'),
            path: corpusRig('path'),
            skins: corpusRig('skins'),
            physics: corpusRig('physics'),
            giant: corpusRig('giant'),
            swing: corpusRig('swing'),
            flipbook: corpusRig('flipbook'),
        },
    });
    // Phaser 4: pooled instances are made with spine-phaser-v4's 'spine-webgl' renderer (the pool's
    // `renderer` option), the one the picture path draws for.
    if (phaser4()) t.scene.spinePool.configure({ renderer: 'spine-webgl' });
});

afterEach(() => t.destroy());

const camera = () => t.scene.cameras.main as Any;

/**
 * Runs `make` as if the game were WebGL (Phaser 4): spine-phaser-v4 builds 'spine-webgl' objects
 * only then, and HEADLESS Phaser has no WebGL. Nothing else it does reads the flag.
 */
function asWebGL<T>(make: () => T): T {
    const plugin = t.scene.spine as Any;
    const was = plugin.isWebGL;
    if (phaser4()) plugin.isWebGL = true;
    try {
        return make();
    } finally {
        plugin.isWebGL = was;
    }
}

/** A stock object (`this.add.spine`) of `key`, made with the renderer pooled instances are made with. */
function addStock(x: number, y: number, key: string): SpineGameObject {
    const add = t.scene.add.spine as (...args: unknown[]) => SpineGameObject;
    return asWebGL(() =>
        phaser4() ? add.call(t.scene.add, x, y, key, `${key}-atlas`, { renderer: 'spine-webgl' }) : add.call(t.scene.add, x, y, key, `${key}-atlas`),
    );
}

function spawn(x: number, y: number, key: string, options: Any): SpineGameObject {
    return asWebGL(() => t.scene.spinePool.spawn(x, y, key, `${key}-atlas`, options));
}

/** What `go` draws through `through` ('pooled': its own renderWebGL, the plugin's path; 'runtime': the runtime's class's). */
type Through = 'pooled' | 'runtime';

/**
 * Draws `go` twice, as a crowd batches (the second copy's triangles count from where the first
 * one's vertices end), by calling renderWebGL as Phaser does on the stack, into the runtime's own
 * SceneRenderer.drawSkeleton and SkeletonRenderer over a RecordingBatcher; returns the batches.
 */
function record(go: SpineGameObject, through: Through): Batch[] {
    const spine = spinePhaser() as Any;
    const batcher = new RecordingBatcher();
    const sceneRenderer = Object.assign(Object.create(spine.SceneRenderer.prototype), {
        batcher,
        skeletonRenderer: new spine.SkeletonRenderer(null, true),
        camera: { position: { x: 0, y: 0 }, up: { y: 0 }, direction: { z: 0 }, setViewport() {}, update() {} },
        begin: () => void (batcher.isDrawing = true),
        end: () => {
            batcher.flush();
            batcher.isDrawing = false;
        },
        enableRenderer() {},
    });
    const render = (through === 'pooled' ? (go as Any).renderWebGL : spine.SpineGameObject.prototype.renderWebGL) as (...args: unknown[]) => void;
    const plugin = (go as Any).plugin;
    if (phaser4()) {
        // spine-phaser-v4 finds its SceneRenderer by the Phaser renderer (its SpineWebGLRenderer's
        // map, not exported: reached through the object's renderer backend).
        const renderer = { renderNodes: { finishBatch() {}, getNode: () => undefined } };
        const backend = (go as Any).rendererBackend.constructor;
        backend.sceneRenderers.set(renderer, sceneRenderer);
        const context = { camera: camera(), width: 800, height: 600, useCanvas: false, beginDraw() {} };
        const saved = [plugin.isWebGL, plugin.phaserRenderer];
        plugin.isWebGL = true;
        plugin.phaserRenderer = renderer;
        try {
            // Two objects in one display list: the first keeps the batch open for the second.
            const list = [go, go];
            for (let at = 0; at < 2; at++) render.call(go, renderer, go, context, undefined, 0, list, at);
        } finally {
            [plugin.isWebGL, plugin.phaserRenderer] = saved;
            plugin.currentWebGLDrawingContext = null;
            backend.sceneRenderers.delete(renderer);
        }
    } else {
        const Plugin = plugin.constructor;
        const saved = Plugin.gameWebGLRenderer;
        Plugin.gameWebGLRenderer = sceneRenderer; // spine-phaser's one SceneRenderer per game
        try {
            const renderer = { newType: true, nextTypeMatch: true, pipelines: { clear() {}, rebind() {} } };
            render.call(go, renderer, go, camera(), undefined);
            renderer.newType = renderer.nextTypeMatch = false;
            render.call(go, renderer, go, camera(), undefined);
        } finally {
            Plugin.gameWebGLRenderer = saved;
        }
    }
    return batcher.end();
}

/** How the plugin drew the pooled `go` last. */
const drawnFrom = (go: SpineGameObject): DrawnFrom | null => instanceRecord(t.scene.spinePool, go).drawnFrom;

/**
 * Draws the pooled `go` by the plugin's path and by the runtime's (`twin`'s, a stock object given
 * the same calls, when given; else the runtime's for `go`'s own skeleton) and returns how the
 * plugin drew it and the largest position difference. Throws naming the first difference of
 * structure, texture, colour or UV.
 */
function drawBoth(go: SpineGameObject, twin: SpineGameObject | null = null): { from: DrawnFrom | null; worst: number } {
    if (phaser4()) {
        // Had it been made with the runtime's default Mesh2D renderer, the plugin would leave it to that renderer.
        (go as Any).rendererType = 'phaser';
        record(go, 'pooled');
        expect(drawnFrom(go)).toBe('runtime');
        (go as Any).rendererType = 'spine-webgl';
    }
    const pooled = record(go, 'pooled');
    const from = drawnFrom(go);
    const stock = twin === null ? record(go, 'runtime') : record(twin, 'runtime');
    return { from, worst: compareStreams(stock, pooled) };
}

/** How far a colour channel read back from a single-precision sample may be from the exact one. */
const SAMPLE_ROUNDING = 1e-6;

/** The largest position difference between two batch streams with the same structure; throws naming the first structural difference. */
function compareStreams(stock: Batch[], pooled: Batch[]): number {
    expect(stock.length).toBeGreaterThan(0); // something was drawn to compare
    // Flush by flush: blend, vertex and index counts; then each batch's texture and triangles.
    const shape = (batches: Batch[]): string[] => batches.map((b) => `blend ${b.blend}: ${b.vertices.length / 12} vertices, ${b.indices.length} indices`);
    expect(shape(pooled)).toEqual(shape(stock));
    let worst = 0;
    stock.forEach((batch, i) => {
        expect(pooled[i].texture).toBe(batch.texture);
        expect(pooled[i].indices).toEqual(batch.indices);
        batch.vertices.forEach((value, k) => {
            const d = Math.abs(value - pooled[i].vertices[k]);
            const field = k % 12;
            if (field < 2) worst = Math.max(worst, d);
            // A colour drawn from a sample is its single-precision copy: a skeleton read (its slots
            // applied exactly, see spine/bonesWhenRead.ts) may hold the exact value beside it.
            else if (field !== 6 && field !== 7 ? d > SAMPLE_ROUNDING : d !== 0)
                throw new Error(`batch ${i}, float ${k} (vertex ${Math.floor(k / 12)}, field ${k % 12}): stock ${value}, pooled ${pooled[i].vertices[k]}`);
        });
    });
    compared++;
    return worst;
}

/** Whether a slot shows a clipping attachment (stunts' `portal` in `die`). */
function showsClipping(go: SpineGameObject): boolean {
    return go.skeleton.slots.some((slot) => attachmentOf(slot)?.endSlot !== undefined);
}

/** A pooled instance and, when asked for, its stock twin (the same calls, updated by Phaser in the same frames). */
interface Member {
    go: SpineGameObject;
    twin: SpineGameObject | null;
}

/**
 * A crowd of `key`, one per animation, at varied places, scales, angles and times, stepped `frames`
 * frames; with `twins`, each next to a stock twin given the same calls.
 */
function crowd(key: string, animations: readonly string[], poseCache: 'off' | 'shared', frames = 30, twins = false): Member[] {
    const members = animations.map((animation, i) => {
        const x = 100 + i * 90;
        const y = 300 + (i % 3) * 40;
        const go = spawn(x, y, key, { detail: 'full', poseCache });
        const twin = twins ? addStock(x, y, key) : null;
        for (const o of twin ? [go, twin] : [go]) {
            o.setScale(i % 2 === 0 ? 0.5 : -0.7, 0.6).setAngle(i * 13);
            if (i % 3 === 2) o.setAlpha(0.6); // spine-phaser-v4 multiplies colours by it
            o.animationState.setAnimation(0, animation, true).trackTime = i * 0.173;
        }
        return { go, twin };
    });
    t.step(frames);
    return members;
}

/** The animations of `animations` that rig `key` has. */
const animationsOf = (key: string, animations: readonly string[]): string[] => animations.filter((a) => (t.scene.cache.json.get(key) as Any).animations[a]);

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
            const members = crowd(key, animationsOf(key, animations), 'off', 30, true);
            for (const { go, twin } of members) {
                const { from, worst } = drawBoth(go, twin);
                // A clipping attachment is the runtime's to draw on every stack.
                expect(from).toBe(showsClipping(go) ? 'runtime' : SLOTS());
                expect(worst).toBe(0);
            }
            expect(compared).toBe(members.length);
        });

        test(`${key}: posed from the cache ('shared'), drawn from the samples' picture, positions within 0.01 px of stock's`, () => {
            let pictures = 0;
            const members = crowd(key, animationsOf(key, animations), 'shared');
            for (const { go } of members) {
                const { from, worst } = drawBoth(go);
                if (showsClipping(go)) expect(from).toBe('runtime');
                else expect(from === 'picture' || from === SLOTS()).toBe(true);
                if (from === 'picture') pictures++;
                // From the picture (or, 4.2, a slot's samples): within 0.01 px; the runtime's own: exactly.
                if (from === 'runtime') expect(worst).toBe(0);
                else expect(worst).toBeLessThan(0.01);
            }
            expect(compared).toBe(members.length);
            if (key === 'physics' || key === 'swing') expect(pictures).toBe(0);
            else expect(pictures).toBeGreaterThan(0);
        });
    }

    test("what the game changes after the pool's update is drawn as stock draws it: the tint (from the picture, its colours multiplied), a slot's colour, an attachment, the draw order, a bone it poses", () => {
        const [tinted, coloured, detached, reordered, moved] = crowd('hero', ['walk', 'walk', 'walk', 'walk', 'walk'], 'shared').map((m) => m.go);
        expect(drawBoth(tinted).from).toBe('picture');
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
        // A skeleton's colour is no look of its own: the picture tinted where it is drawn, stock's colours to the float.
        const tint = drawBoth(tinted);
        expect(tint.from).toBe('picture');
        expect(tint.worst).toBeLessThan(0.01);
        for (const go of [coloured, detached, reordered]) {
            const { from, worst } = drawBoth(go);
            expect(from).toBe(SLOTS());
            expect(worst).toBeLessThan(0.01);
        }
        // Posed by the game: drawn from its own bones, not from samples it no longer shows.
        const { from, worst } = drawBoth(moved);
        expect(from).toBe(SLOTS());
        expect(worst).toBe(0);
        expect(compared).toBe(6);
    });

    test("a sequence attachment (flipbook's 8-frame wings, frames on two atlas pages) is drawn from the samples' pictures, frame by frame as its stock twin draws it: its frame's texture and UVs", () => {
        const frames = new Set<number>();
        const textures = new Set<unknown>();
        let pictures = 0;
        // The animations keying the wings and no slot colour (a colour between two samples is not a picture's).
        const animations = ['idle', 'walk', 'run'];
        const members = animations.map((animation, i) => {
            const go = spawn(120 + i * 120, 300, 'flipbook', { detail: 'full', poseCache: 'shared' });
            const twin = addStock(120 + i * 120, 300, 'flipbook');
            for (const o of [go, twin]) {
                o.setScale(i % 2 === 0 ? 0.5 : -0.6, 0.5);
                o.animationState.setAnimation(0, animation, true).trackTime = i * 0.13;
            }
            return { go, twin };
        });
        t.step(90); // a loop of each: the samples built
        for (let frame = 0; frame < 40; frame++) {
            t.step(1);
            for (const { go, twin } of members) {
                const wings = (twin.skeleton.slots as Any[]).find((slot) => slot.data.name === 'wings');
                const frame = look(wings).sequenceIndex;
                frames.add(frame);
                // Textures, UVs and colours exactly the twin's; positions within the cache's tolerance (0.5 px) of its pose.
                const { from, worst } = drawBoth(go, twin);
                expect(from).toBe('picture');
                // Not on the GPU (HEADLESS has none) for want of a GPU context only, on either page (a
                // picture of two pages is drawn there, test/e2e/drawParity.test.ts): never its look.
                expect({ frame, missed: instanceRecord(t.scene.spinePool, go).gpuMissed }).toEqual({ frame, missed: null });
                expect(worst).toBeLessThan(0.5 * 0.6);
                // And within 0.01 px of what the runtime draws for the pose the pool served.
                expect(drawBoth(go).worst).toBeLessThan(0.01);
                const attachment = attachmentOf(wings);
                textures.add(v43() ? attachment.sequence.regions[attachment.sequence.resolveIndex(look(wings))].texture : attachment.region.texture);
                pictures++;
            }
        }
        expect(pictures).toBe(40 * animations.length);
        expect(compared).toBe(2 * pictures);
        // Frames switched while drawn, on both pages.
        expect([...frames].filter((f) => f >= 0 && f < 4).length).toBeGreaterThanOrEqual(3);
        expect([...frames].filter((f) => f >= 4).length).toBeGreaterThanOrEqual(3);
        expect(textures.size).toBe(2);
        expect(t.scene.spinePool.stats().drawn.slots + t.scene.spinePool.stats().drawn.runtime).toBe(0);
    });

    test("a sequence frame the game sets after the pool's update is drawn as stock draws it, not from the samples' picture of another frame", () => {
        const [{ go }] = crowd('flipbook', ['idle'], 'shared', 60);
        expect(drawBoth(go).from).toBe('picture');
        const wings = look((go.skeleton.slots as Any[]).find((slot) => slot.data.name === 'wings'));
        wings.sequenceIndex = (wings.sequenceIndex + 3) % 8;
        const { from, worst } = drawBoth(go);
        expect(from).toBe(SLOTS());
        expect(worst).toBeLessThan(0.01);
        expect(compared).toBe(2);
    });

    test("a sequence attachment (stunts' smoke in `die`, past its clipping) is drawn frame by frame as stock draws it", () => {
        let pictures = 0;
        for (const poseCache of ['off', 'shared'] as const) {
            const go = spawn(300, 300, 'stunts', { detail: 'full', poseCache });
            // Posed in full: a stock twin given the same calls draws the same stream.
            const twin = poseCache === 'off' ? addStock(300, 300, 'stunts') : null;
            for (const o of twin ? [go, twin] : [go]) o.animationState.setAnimation(0, 'die', false).trackTime = 0.85;
            for (let frame = 0; frame < 6; frame++) {
                t.step(1);
                const smoke = go.skeleton.slots.find((slot) => (v43() ? attachmentOf(slot)?.sequence?.regions.length > 1 : attachmentOf(slot)?.sequence));
                expect(smoke).toBeDefined();
                expect(showsClipping(go)).toBe(false);
                const { from, worst } = drawBoth(go, twin);
                // The sample's picture shows the sample's frame (`die` keys colours: a colour between two samples is drawn slot by slot).
                if (poseCache === 'off') expect(from).toBe(SLOTS());
                else expect(from === 'picture' || from === SLOTS()).toBe(true);
                if (from === 'picture') pictures++;
                if (twin) expect(worst).toBe(0);
                else expect(worst).toBeLessThan(0.01);
            }
            t.scene.spinePool.despawn(go);
            twin?.destroy();
        }
        expect(compared).toBe(12);
        expect(pictures).toBeGreaterThan(0);
    });

    test("a clipping attachment (stunts' portal in `die`) is left to the runtime, which draws it as it draws stock's", () => {
        for (const poseCache of ['off', 'shared'] as const) {
            const go = spawn(300, 300, 'stunts', { detail: 'full', poseCache });
            const twin = poseCache === 'off' ? addStock(300, 300, 'stunts') : null;
            for (const o of twin ? [go, twin] : [go]) o.animationState.setAnimation(0, 'die', false).trackTime = 0.3;
            for (let frame = 0; frame < 3; frame++) {
                t.step(1);
                expect(showsClipping(go)).toBe(true);
                const { from, worst } = drawBoth(go, twin);
                expect(from).toBe('runtime');
                expect(worst).toBe(0);
            }
            t.scene.spinePool.despawn(go);
            twin?.destroy();
        }
        expect(compared).toBe(6);
    });

    test('stats().drawn counts the spawned instances drawn in the last frame drawn, by how each was drawn, once whatever the draws', () => {
        const served = crowd('limbs', animationsOf('limbs', Object.values(CORPUS_ANIMATIONS)), 'shared', 40).map((m) => m.go);
        const full = spawn(60, 200, 'limbs', { detail: 'full', poseCache: 'off' });
        full.animationState.setAnimation(0, 'walk', true);
        const undrawn = spawn(700, 200, 'limbs', { detail: 'full' });
        t.step(1);
        const drawn = [...served, full];
        for (const go of drawn) record(go, 'pooled'); // the frame is drawn (after its update), each object twice
        const expected = { impostor: 0, gpu: 0, picture: 0, slots: 0, runtime: 0 };
        for (const go of drawn) expected[drawnFrom(go)!]++;
        expect(expected.picture).toBeGreaterThan(0); // served and posed in full both drawn
        expect(expected.picture).toBeLessThan(drawn.length);
        expect(drawnFrom(undrawn)).toBeNull();
        expect(t.scene.spinePool.stats().drawn).toEqual(expected);
        // Read in the next frame's update: still the last frame drawn. That frame is not drawn (HEADLESS): after it, none.
        const duringUpdate: unknown[] = [];
        t.sceneUpdates.push(() => duringUpdate.push({ ...t.scene.spinePool.stats().drawn }));
        t.step(1);
        expect(duringUpdate).toEqual([expected]);
        expect(t.scene.spinePool.stats().drawn).toEqual({ impostor: 0, gpu: 0, picture: 0, slots: 0, runtime: 0 });
        // A despawned instance is not counted.
        for (const go of drawn) record(go, 'pooled');
        t.scene.spinePool.despawn(full);
        const afterDespawn = t.scene.spinePool.stats().drawn;
        expect(afterDespawn.picture + afterDespawn.slots + afterDespawn.runtime).toBe(served.length);
    });

    test('pictures are counted in poseCacheMemory; with no room for them, instances are drawn slot by slot, as stock', () => {
        const [{ go }] = crowd('hero', ['walk'], 'shared');
        const before = t.scene.spinePool.stats().poseCache.bytes;
        expect(drawBoth(go).from).toBe('picture');
        expect(t.scene.spinePool.stats().poseCache.bytes).toBeGreaterThan(before + 190 * 12 * 4); // ~190 vertices of 12 floats
        // A budget the poses fill: no room for a picture (nothing used this frame is dropped for one).
        const [{ go: tight }] = crowd('hero', ['run'], 'shared');
        const bytes = t.scene.spinePool.stats().poseCache.bytes;
        t.scene.spinePool.configure({ poseCacheMemory: bytes / (1024 * 1024) });
        const { from, worst } = drawBoth(tight);
        expect(from).toBe(SLOTS());
        expect(worst).toBeLessThan(0.01);
        expect(t.scene.spinePool.stats().poseCache.bytes).toBe(bytes);
        // No room is not a picture built and thrown away every frame: the clip's next draws build none.
        const builds = jest.spyOn(SampleVertices, 'sampleVertices');
        for (let frame = 0; frame < 3; frame++) {
            t.step(1);
            const next = drawBoth(tight);
            expect(next.from).toBe(SLOTS());
            expect(next.worst).toBeLessThan(0.01);
        }
        expect(builds).not.toHaveBeenCalled();
        builds.mockRestore();
        expect(compared).toBe(5);
    });

    test("a skin set after the pool's update is drawn from the skeleton, as stock draws it", () => {
        const [{ go }] = crowd('hero', ['walk'], 'shared');
        expect(drawBoth(go).from).toBe('picture');
        go.skeleton.setSkinByName('goblin');
        if (v43()) (go.skeleton as Any).setupPoseSlots();
        else go.skeleton.setSlotsToSetupPose();
        const { from, worst } = drawBoth(go);
        expect(from).toBe(SLOTS());
        expect(worst).toBeLessThan(0.01);
        expect(compared).toBe(2);
    });

    test('slots blended additive, multiply and screen, and one with a dark colour, are drawn as stock draws them', () => {
        // Set in the JSON before the first object is made (the runtime parses it then).
        const json = t.scene.cache.json.get('hero') as { slots: { blend?: string; dark?: string }[] };
        ['additive', 'multiply', 'screen'].forEach((blend, i) => (json.slots[2 + i * 3].blend = blend));
        json.slots[1].dark = '402060';
        let pictures = 0;
        const members = crowd('hero', ['idle', 'walk', 'run', 'attack'], 'shared');
        for (const { go } of members) {
            const { from, worst } = drawBoth(go); // the same blend of every batch, in order
            if (from === 'picture') pictures++;
            expect(worst).toBeLessThan(0.01);
        }
        expect(pictures).toBeGreaterThan(0);
        expect(compared).toBe(members.length);
        const blends = new Set(record(crowd('hero', ['walk'], 'off')[0].go, 'runtime').map((b) => b.blend.split('/')[0]));
        // 4.3 batches additive slots in the normal blend mode (alpha 0): two modes besides normal.
        expect(blends.size).toBe(v43() ? 3 : 4);
    });

    test("a skin combination (skins rig, empty default skin) drawn from the picture is stock's", () => {
        const go = spawn(300, 300, 'skins', { skin: ['base', 'blue', 'hat', 'cape'], detail: 'full', poseCache: 'shared' });
        go.animationState.setAnimation(0, 'walk', true);
        t.step(30);
        const { from, worst } = drawBoth(go);
        expect(from).toBe('picture');
        expect(worst).toBeLessThan(0.01);
        expect(compared).toBe(1);
    });
});
