/**
 * The debug view (the `debug` option, plugin/DebugView.ts) on the real stack: off, nothing of it
 * exists or runs; on, it draws with Phaser's own Graphics and Text, in no display list, through a
 * camera of its own, after the scene's cameras (the scene's RENDER event, which a HEADLESS game never
 * emits: the tests emit it with a renderer that records what it is handed, as Phaser's CameraManager
 * hands each camera's objects). What it draws is read back from the Graphics' commands and the
 * Texts: each instance's box (the one culling uses) and origin square in its tier's colour, labels
 * saying how its pose and drawing were made, a panel of stats(). The pixels are read in Chromium
 * (test/e2e/debugView.test.ts).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import * as Phaser from 'phaser';
import { addScene, bootGame, type TestGame } from '../../fixtures/headless/game';
import { debugViewOf, partsOf } from '../../fixtures/internals';
import { preset } from '../../fixtures/skeletons/presets';
import { DEBUG_TIER_COLORS, ORIGIN_SQUARE } from '../../plugin/DebugView';
import type { TierName } from '../../plugin/api';

type Any = any;

let t: TestGame;

beforeEach(async () => {
    t = await bootGame({ skeletons: { hero: preset('hero') } });
});

afterEach(() => t.destroy());

/** A renderer that records each `render(scene, children, camera)` it is handed. */
function recordingRenderer() {
    const calls: { scene: unknown; children: Any[]; camera: Any }[] = [];
    return { calls, render: (scene: unknown, children: Any[], camera: Any) => void calls.push({ scene, children: [...children], camera }) };
}

/** The scene's RENDER event, as Phaser emits it after drawing the scene's cameras; returns what the view handed the renderer. */
function renderScene(scene = t.scene): { children: Any[]; camera: Any } | null {
    const renderer = recordingRenderer();
    scene.sys.events.emit(Phaser.Scenes.Events.RENDER, renderer);
    expect(renderer.calls.length).toBeLessThanOrEqual(1);
    const call = renderer.calls[0];
    if (call) expect(call.scene).toBe(scene);
    return call ?? null;
}

const renderListeners = (scene = t.scene): number => scene.sys.events.listenerCount(Phaser.Scenes.Events.RENDER);

/** Graphics command codes, as this Phaser writes them (read off a scratch Graphics). */
function commandCodes(): { fillStyle: number; fillRect: number; lineStyle: number; moveTo: number; lineTo: number } {
    const g = new Phaser.GameObjects.Graphics(t.scene);
    const b = (g as Any).commandBuffer as number[];
    /** The code `call` writes first. */
    const code = (call: () => void): number => {
        const at = b.length;
        call();
        return b[at];
    };
    const codes = {
        fillStyle: code(() => g.fillStyle(0x123456, 1)),
        fillRect: code(() => g.fillRect(1, 2, 3, 4)),
        lineStyle: code(() => g.lineStyle(2, 0x654321, 1)),
        moveTo: code(() => g.moveTo(5, 6)),
        lineTo: code(() => g.lineTo(7, 8)),
    };
    g.destroy();
    return codes;
}

/** The origin squares the view's Graphics fills: colour and rectangle. */
function squares(graphics: Any): { color: number; x: number; y: number }[] {
    const c = commandCodes();
    const b = graphics.commandBuffer as number[];
    const out: { color: number; x: number; y: number }[] = [];
    for (let i = 0; i + 7 < b.length; i++) {
        if (b[i] === c.fillStyle && b[i + 3] === c.fillRect && b[i + 6] === ORIGIN_SQUARE && b[i + 7] === ORIGIN_SQUARE)
            out.push({ color: b[i + 1], x: b[i + 4], y: b[i + 5] });
    }
    return out;
}

/** The boxes the view's Graphics strokes (2 px, opaque): colour and the corners' bounds. */
function boxes(graphics: Any): { color: number; left: number; top: number; right: number; bottom: number }[] {
    const c = commandCodes();
    const b = graphics.commandBuffer as number[];
    const out: { color: number; left: number; top: number; right: number; bottom: number }[] = [];
    for (let i = 0; i + 14 < b.length; i++) {
        if (b[i] !== c.lineStyle || b[i + 1] !== 2 || b[i + 3] !== 1) continue;
        const move = b.indexOf(c.moveTo, i + 4);
        if (move < 0 || move > i + 5) continue;
        const xs = [b[move + 1]];
        const ys = [b[move + 2]];
        for (let k = move + 3; b[k] === c.lineTo && xs.length < 4; k += 3) {
            xs.push(b[k + 1]);
            ys.push(b[k + 2]);
        }
        if (xs.length === 4) out.push({ color: b[i + 2], left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) });
    }
    return out;
}

/** Three heroes in the high, mid and low tiers (by distance only: screen sizes off). */
function threeTiers(): SpineGameObject[] {
    const pool = t.scene.spinePool;
    pool.configure({ midDetailScreenSize: 0, lowDetailScreenSize: 0, highDetailDistance: 60, midDetailDistance: 200 });
    const gos = [400, 560, 760].map((x) => pool.spawn(x, 400, 'hero', 'hero-atlas', { animation: 'walk', scale: 0.3 }));
    t.step(40);
    expect(gos.map((go) => pool.getTier(go))).toEqual(['high', 'mid', 'low']);
    return gos;
}

const labelsOf = (children: Any[]): string[] => children.filter((c) => c instanceof Phaser.GameObjects.Text).map((c) => c.text as string);

describe('the debug view (the debug option)', () => {
    test('off (the default): nothing of it is made, nothing listens to the scene, nothing runs per frame', () => {
        expect(t.scene.spinePool.getOptions().debug).toBe(false);
        const listeners = renderListeners();
        t.scene.spinePool.spawn(400, 400, 'hero', 'hero-atlas', { animation: 'walk' });
        t.step(5);
        expect(debugViewOf(t.scene.spinePool)).toBeNull();
        expect(renderScene()).toBeNull();
        expect(renderListeners()).toBe(listeners);
        t.scene.spinePool.configure({ debug: true }).configure({ debug: false });
        expect(debugViewOf(t.scene.spinePool)).toBeNull();
        expect(renderListeners()).toBe(listeners);
        expect(renderScene()).toBeNull();
    });

    test("on: drawn after the scene's cameras through the renderer's render(scene, children, camera), with a Graphics, Texts and a camera of its own; the game's display list, its order and its cameras are untouched", () => {
        const scene = t.scene;
        const sprite = scene.add.rectangle(10, 10, 5, 5).setDepth(3);
        const below = scene.add.rectangle(10, 10, 5, 5).setDepth(1);
        t.scene.spinePool.spawn(400, 400, 'hero', 'hero-atlas', { animation: 'walk', depth: 2 });
        t.step(2);
        scene.sys.displayList.depthSort(); // as Phaser sorts before rendering (HEADLESS never renders)
        const list = [...scene.sys.displayList.list];
        const cameras = [...scene.cameras.cameras];
        const listeners = renderListeners();
        scene.spinePool.configure({ debug: true });
        expect(renderListeners()).toBe(listeners + 1);
        t.step(2);
        const call = renderScene()!;
        scene.sys.displayList.depthSort();
        expect(call).not.toBeNull();
        expect(call.children[0]).toBeInstanceOf(Phaser.GameObjects.Graphics);
        expect(call.children.length).toBeGreaterThan(1);
        for (const child of call.children.slice(1)) expect(child).toBeInstanceOf(Phaser.GameObjects.Text);
        for (const child of call.children) {
            expect(scene.sys.displayList.exists(child)).toBe(false);
            expect(scene.sys.updateList.getActive()).not.toContain(child);
        }
        expect(call.camera).toBeInstanceOf(Phaser.Cameras.Scene2D.Camera);
        expect(scene.cameras.cameras).toEqual(cameras);
        expect(cameras).not.toContain(call.camera);
        expect([call.camera.x, call.camera.y, call.camera.width, call.camera.height, call.camera.zoom, call.camera.scrollX]).toEqual([0, 0, 800, 600, 1, 0]);
        expect(scene.sys.displayList.list).toEqual(list);
        expect(scene.sys.displayList.list.indexOf(below)).toBeLessThan(scene.sys.displayList.list.indexOf(sprite));
    });

    test("each instance: its box (the one culling uses, placed as the camera sees it) and a square at its origin, in its tier's colour", () => {
        const gos = threeTiers();
        t.scene.spinePool.configure({ debug: true });
        const call = renderScene()!;
        const graphics = call.children[0];
        const expected: TierName[] = ['high', 'mid', 'low'];
        // Zoom 1, no scroll: the screen is the world.
        expect(squares(graphics)).toEqual(
            gos.map((go, i) => ({ color: DEBUG_TIER_COLORS[expected[i]], x: Math.round(go.x - ORIGIN_SQUARE / 2), y: Math.round(go.y - ORIGIN_SQUARE / 2) })),
        );
        const drawn = boxes(graphics);
        expect(drawn.map((b) => b.color)).toEqual(expected.map((tier) => DEBUG_TIER_COLORS[tier]));
        // Culling says what the box says: a view one px clear of a side culls it, one px into it draws it.
        const margin = t.scene.spinePool.getOptions().offscreenMargin;
        gos.forEach((go, i) => {
            const box = drawn[i];
            expect(box.right - box.left).toBeGreaterThan(20);
            // The scene's camera (one that is none of the scene's is a texture's: not culled), its view set by hand.
            const camera = t.scene.cameras.main as Any;
            const willRender = (x: number, y: number, right: number, bottom: number): boolean => {
                camera.worldView.setTo(x, y, right - x, bottom - y);
                return (go as Any).willRender(camera);
            };
            const far = 10_000;
            expect([
                willRender(box.right + margin + 1, -far, far, far),
                willRender(box.right + margin - 1, -far, far, far),
                willRender(-far, -far, box.left - margin - 1, far),
                willRender(-far, -far, box.left - margin + 1, far),
                willRender(-far, box.bottom + margin + 1, far, far),
                willRender(-far, box.bottom + margin - 1, far, far),
                willRender(-far, -far, far, box.top - margin - 1),
                willRender(-far, -far, far, box.top - margin + 1),
            ]).toEqual([false, true, false, true, false, true, false, true]);
        });
    });

    test("labels: its tier, how this frame's pose was made (cache; full: the reason, as stats() counts it; held: not posed this frame) and how the view's camera saw it drawn", () => {
        const [high, mid, low] = threeTiers();
        high.animationState.setAnimation(0, 'run', true).mixDuration = 1;
        t.step(1);
        t.scene.spinePool.configure({ debug: true });
        const main = t.scene.cameras.main as Any;
        const record = (go: SpineGameObject) => partsOf(t.scene.spinePool).registry.instanceOf(go)!;
        // As Phaser would have rendered them: high slot by slot, mid by the runtime, low culled (its
        // record says how it was drawn before).
        main.renderList.push(high, mid);
        record(high).drawnFrom = 'slots';
        record(mid).drawnFrom = 'runtime';
        record(low).drawnFrom = 'picture';
        const seen: string[][] = [];
        for (let frame = 0; frame < 4; frame++) {
            seen.push(labelsOf(renderScene()!.children).slice(0, 3));
            t.step(1);
        }
        main.renderList.length = 0;
        const count = (i: number, label: string): number => seen.filter((labels) => labels[i] === label).length;
        // High detail is posed every frame, mid every 2nd, low every 4th (the default frequencies): held in the others.
        expect(count(0, 'high · full: mix · slots')).toBe(4);
        expect([count(1, 'mid · cache · runtime'), count(1, 'mid · held · runtime')]).toEqual([2, 2]);
        expect([count(2, 'low · cache · not drawn'), count(2, 'low · held · not drawn')]).toEqual([1, 3]);
        expect(t.scene.spinePool.stats().poseCache.notServed.mix).toBe(1);
    });

    test('the panel reads stats(): spawned and free instances, tiers, the share served, the full poses by reason, the draws by path', () => {
        const [, mid] = threeTiers();
        mid.animationState.setAnimation(0, 'run', true).mixDuration = 1;
        t.step(2);
        t.scene.spinePool.configure({ debug: true });
        const children = renderScene()!.children;
        const panel = children[children.length - 1].text as string;
        expect(panel).toContain('3 spawned · 0 free · 3 built');
        expect(panel).toContain('tiers: high 1 · mid 1 · low 1 · off 0');
        expect(panel).toMatch(/full poses: mix 1\n/);
        expect(panel).toContain('drawn: impostor 0 · gpu 0 · picture 0 · slots 0 · runtime 0 · not drawn 3');
    });

    test("the boxes follow the main camera's scroll and zoom (in its viewport), or a pinned camera's", () => {
        const pool = t.scene.spinePool;
        const go = pool.spawn(500, 350, 'hero', 'hero-atlas', { animation: 'walk', scale: 0.3 });
        t.step(5);
        pool.configure({ debug: true });
        const main = t.scene.cameras.main;
        main.setZoom(0.5).setScroll(100, 40);
        main.preRender();
        const screen = (cam: Phaser.Cameras.Scene2D.Camera, x: number, y: number) => ({
            x: Math.round(cam.width / 2 + (x - cam.scrollX - cam.width / 2) * cam.zoom - ORIGIN_SQUARE / 2),
            y: Math.round(cam.height / 2 + (y - cam.scrollY - cam.height / 2) * cam.zoom - ORIGIN_SQUARE / 2),
        });
        let call = renderScene()!;
        expect(squares(call.children[0]).map(({ x, y }) => ({ x, y }))).toEqual([screen(main, go.x, go.y)]);
        // Phaser's own camera math agrees: the square's centre is where the camera shows the origin.
        const point = main.getWorldPoint(squares(call.children[0])[0].x + ORIGIN_SQUARE / 2, squares(call.children[0])[0].y + ORIGIN_SQUARE / 2);
        expect(Math.abs(point.x - go.x)).toBeLessThan(2 / main.zoom);
        expect(Math.abs(point.y - go.y)).toBeLessThan(2 / main.zoom);
        // A minimap pinned as the level-of-detail camera: drawn in its viewport, as it sees the scene.
        const minimap = t.scene.cameras.add(600, 0, 200, 150).setZoom(0.25).setScroll(300, 200);
        minimap.preRender();
        pool.configure({ camera: minimap });
        call = renderScene()!;
        expect([call.camera.x, call.camera.y, call.camera.width, call.camera.height]).toEqual([600, 0, 200, 150]);
        expect(squares(call.children[0]).map(({ x, y }) => ({ x, y }))).toEqual([screen(minimap, go.x, go.y)]);
    });

    test("game-wide with the plugin entry's data, per scene with configure(); turned off it is destroyed and leaves no listener; a restart makes it again, leaking nothing", async () => {
        t.destroy();
        t = await bootGame({ skeletons: { hero: preset('hero') }, poolData: { debug: true } });
        const other = addScene(t, 'Second');
        for (const scene of [t.scene, other]) {
            expect(debugViewOf(scene.spinePool)).not.toBeNull();
            expect(renderScene(scene)).not.toBeNull();
        }
        const listeners = renderListeners(other);
        const view = debugViewOf(other.spinePool)!;
        const made = [...view.drawn];
        other.spinePool.configure({ debug: false });
        expect(debugViewOf(other.spinePool)).toBeNull();
        expect(renderListeners(other)).toBe(listeners - 1);
        for (const object of made) expect(object.scene).toBeFalsy(); // destroyed
        expect(renderScene(other)).toBeNull();
        expect(renderScene(t.scene)).not.toBeNull();
        // A restart: the first view goes with the scene, the next is made as it starts.
        const first = debugViewOf(t.scene.spinePool)!;
        const firstMade = [...first.drawn];
        const before = renderListeners();
        t.scene.scene.restart();
        t.step(2);
        expect(debugViewOf(t.scene.spinePool)).not.toBe(first);
        expect(debugViewOf(t.scene.spinePool)).not.toBeNull();
        for (const object of firstMade) expect(object.scene).toBeFalsy();
        expect(renderListeners()).toBe(before);
        expect(renderScene()).not.toBeNull();
    });

    test('a bad value throws, naming the option', () => {
        expect(() => t.scene.spinePool.configure({ debug: 'yes' as never })).toThrow(/configure\(\): option 'debug' must be true or false; got "yes"/);
    });
});
