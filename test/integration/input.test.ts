/**
 * Input on pooled instances, against stock spine-phaser: a pooled instance and its stock twin
 * (`this.add.spine` with the same data, the same `setInteractive()` call) answer the same hit
 * tests, and a pointer down driven through Phaser's real InputManager reaches both, after a spawn,
 * a reuse in the same frame, a reuse a frame later and a skin change.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { addSkeleton } from '../../fixtures/headless/assets';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { corpusRig } from '../../fixtures/skeletons/corpus';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));
beforeEach(() => {
    // jsdom lays nothing out: give the canvas its size on the page, one page px per game px, so
    // Phaser's ScaleManager maps a mouse event's pageX/pageY to the same game point.
    const canvas = t.game.canvas as HTMLCanvasElement;
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, right: 800, bottom: 600, width: 800, height: 600, x: 0, y: 0, toJSON: () => ({}) });
    t.game.scale.refresh();
});

/** Phaser's InputPlugin as the test reads it (`_list`: the objects its hit tests go through). */
interface InputPluginView {
    _list: object[];
    manager: {
        hitTest(pointer: object, list: object[], camera: object, output?: object[]): object[];
        onMouseDown(event: object): void;
        onMouseUp(event: object): void;
    };
}

const input = () => t.scene.input as unknown as InputPluginView;

/** What a hit test sees of `go`: its input, its hit area's size, whether it is listed. */
function inputState(go: SpineGameObject) {
    const io = go.input as { enabled: boolean; hitArea: { width: number; height: number } } | null | undefined;
    return {
        input: io ? { enabled: io.enabled, width: io.hitArea.width, height: io.hitArea.height } : null,
        listed: input()._list.includes(go),
    };
}

/** The objects under a pointer at world (x, y) as Phaser's InputManager hit-tests them (the camera is unscrolled). */
function hitsAt(x: number, y: number): object[] {
    const manager = input().manager;
    const pointer = { x, y, worldX: 0, worldY: 0 };
    return [...manager.hitTest(pointer, input()._list, t.scene.cameras.main, [])];
}

/** A mouse press and release at game (x, y), through Phaser's InputManager as the DOM would send them. */
function click(x: number, y: number): void {
    const event = { button: 0, buttons: 1, pageX: x, pageY: y, timeStamp: t.time, target: t.game.canvas, preventDefault() {} };
    input().manager.onMouseDown(event);
    input().manager.onMouseUp({ ...event, buttons: 0 });
}

/**
 * Frames as a game runs them: each step, then what the renderer does before drawing (a HEADLESS
 * game never renders): the cameras' `preRender`, which refreshes the `worldView` render culling
 * (and so the InputManager's `inputCandidate`, through `willRender`) reads.
 */
function frames(count = 1): void {
    for (let i = 0; i < count; i++) {
        t.step(1);
        for (const camera of t.scene.cameras.cameras) camera.preRender();
    }
}

/** A stock twin of the pooled skeleton. */
function stockAt(x: number, y: number): SpineGameObject {
    return (t.scene.add as any).spine(x, y, 'tiny', 'tiny-atlas') as SpineGameObject;
}

describe('input of a pooled instance is that of a stock object', () => {
    test('pooled and stock objects made interactive answer the same hit tests and hear the same clicks after a spawn, a same-frame reuse, a reuse a frame later and a skin change', () => {
        const pool = t.scene.spinePool;
        const heard: string[] = [];
        const onPooledDown = () => heard.push('pooled');
        // As the plugin's TSDoc recommends: input given at each spawn; the listener removed at despawn.
        pool.setHooks('tiny', 'tiny-atlas', {
            onSpawn: (go) => go.setInteractive().on('pointerdown', onPooledDown),
            onDespawn: (go) => go.off('pointerdown', onPooledDown),
        });

        // Two columns, one pooled and one stock, far enough apart not to overlap.
        const pooledX = 200;
        const stockX = 600;
        const y = 300;
        const stock = stockAt(stockX, y).setInteractive();
        stock.on('pointerdown', () => heard.push('stock'));
        let pooled = pool.spawn(pooledX, y, 'tiny', 'tiny-atlas');
        frames();

        const check = (when: string) => {
            expect({ when, ...inputState(pooled) }).toEqual({ when, ...inputState(stock) });
            expect(inputState(pooled).input).not.toBeNull();
            expect(hitsAt(pooledX, y)).toEqual([pooled]);
            expect(hitsAt(stockX, y)).toEqual([stock]);
            heard.length = 0;
            click(pooledX, y);
            click(stockX, y);
            expect({ when, heard }).toEqual({ when, heard: ['pooled', 'stock'] });
        };
        check('after spawn');

        // A wave: one despawned and the next spawned in the same frame (the pool hands back the same object).
        const before = pooled;
        pool.despawn(pooled);
        pooled = pool.spawn(pooledX, y, 'tiny', 'tiny-atlas');
        expect(pooled).toBe(before);
        frames();
        check('after a reuse in the same frame');
        frames(5);
        check('five frames after a reuse in the same frame');

        pool.despawn(pooled);
        frames();
        pooled = pool.spawn(pooledX, y, 'tiny', 'tiny-atlas');
        expect(pooled).toBe(before);
        frames();
        check('after a reuse a frame later');

        const skin = pooled.skeleton.data.skins[1]!.name;
        pooled.skeleton.setSkinByName(skin);
        stock.skeleton.setSkinByName(skin);
        frames();
        check('after a skin change');
        expect(warn).not.toHaveBeenCalled();
    });

    test("a mix-and-match combination on a rig whose default skin is empty is clickable (its size and hit area are its skin's setup pose), and a despawn puts back the size a new object has", () => {
        addSkeleton(t.game, 'skins', corpusRig('skins'));
        const pool = t.scene.spinePool;
        const heard: string[] = [];
        const bare = t.scene.add.spine(600, 300, 'skins', 'skins-atlas') as SpineGameObject;
        expect([bare.width, bare.height]).toEqual([0, 0]); // stock measures the empty default skin
        const go = pool.spawn(200, 300, 'skins', 'skins-atlas', { skin: ['base', 'blue', 'hat'] });
        go.setInteractive().on('pointerdown', () => heard.push('hero'));
        frames();
        // Its size: the combination's setup pose, measured here apart from the plugin.
        const data = go.skeleton.data;
        const measure = new (go.skeleton.constructor as new (d: unknown) => any)(data);
        const combined = new (data.skins[0]!.constructor as new (n: string) => any)('check');
        for (const name of ['base', 'blue', 'hat']) combined.addSkin(data.findSkin(name));
        measure.setSkin(combined);
        (measure.setToSetupPose ?? measure.setupPose).call(measure);
        measure.updateWorldTransform(1);
        const bounds = measure.getBoundsRect();
        expect([go.width, go.height]).toEqual([bounds.width, bounds.height]);
        expect(inputState(go).input).toEqual({ enabled: true, width: bounds.width, height: bounds.height });
        // The middle of its hit area, placed as spine-phaser places a stock object's (its display origin).
        const midX = 200 - go.displayOriginX + bounds.width / 2;
        const midY = 300 - go.displayOriginY + bounds.height / 2;
        expect(hitsAt(midX, midY)).toEqual([go]);
        click(midX, midY);
        expect(heard).toEqual(['hero']);

        pool.despawn(go);
        expect([go.width, go.height]).toEqual([0, 0]);
        const plain = pool.spawn(200, 300, 'skins', 'skins-atlas');
        expect(plain).toBe(go);
        expect([plain.width, plain.height, plain.skeleton.skin]).toEqual([0, 0, null]);
    });

    test('a despawned instance is hit by no pointer, as a destroyed stock object is; one destroyed while free (trim, over maxFree, go.destroy()) leaves the input list at the next frame, as a destroyed stock object does', () => {
        const pool = t.scene.spinePool;
        pool.setHooks('tiny', 'tiny-atlas', { onSpawn: (go) => go.setInteractive() });
        const stock = stockAt(600, 300).setInteractive();
        const gos = [
            pool.spawn(100, 300, 'tiny', 'tiny-atlas'),
            pool.spawn(200, 300, 'tiny', 'tiny-atlas'),
            pool.spawn(300, 300, 'tiny', 'tiny-atlas'),
            pool.spawn(400, 300, 'tiny', 'tiny-atlas'),
        ];
        frames();
        for (const x of [100, 200, 300, 400]) expect(hitsAt(x, 300)).toHaveLength(1);

        stock.destroy();
        for (const go of gos) pool.despawn(go);
        frames();
        // Despawned: no input, hit by nothing, whether still listed or not.
        for (const go of gos) expect(go.input).toBeNull();
        for (const x of [100, 200, 300, 400, 600]) expect(hitsAt(x, 300)).toEqual([]);
        expect(input()._list).not.toContain(stock);

        // Destroyed while free, three ways: none stays in the input list.
        const pooledDestroyed = () => gos.filter((go) => go.scene === undefined);
        gos[0]!.destroy();
        expect(pool.trim(undefined, undefined, 2)).toBe(1);
        const again = pool.spawn(100, 300, 'tiny', 'tiny-atlas');
        pool.configure({ maxFree: 1 });
        pool.despawn(again); // the pool keeps 1 free already: destroyed
        expect(pooledDestroyed()).toHaveLength(3);
        frames();
        for (const go of pooledDestroyed()) expect(input()._list).not.toContain(go);
        expect(input()._list.filter((go) => (go as SpineGameObject).scene === undefined)).toEqual([]);
        // The free one left is destroyed with the scene (its InputPlugin empties its list itself).
        t.scene.scene.restart();
        frames(2);
        expect(gos.every((go) => go.scene === undefined)).toBe(true);
        expect(input()._list).toEqual([]);
        warn.mockClear(); // the go.destroy() of a pooled instance is reported; not this test's concern
    });
});
