/**
 * Per-instance detail: `spawn(..., { detail: 'full' })` and `setDetail(go, detail)` pin one
 * instance (a followed hero, a boss) to full detail wherever the cameras are, and `getTier(go)`
 * says which tier an instance is in. A pinned instance is updated and posed every frame, as its
 * stock twin is; the crowd around it keeps its level of detail.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { eachTest, FRAME_MS, type TestGame } from '../../fixtures/headless/game';
import { boneWorld, poseDistance, UpdateProbe } from '../harness/probe';

let t: TestGame;
eachTest((game) => {
    t = game;
    // Full poses (posed updates, exact world transforms) are what these tests watch.
    t.scene.spinePool.configure({ poseCache: 'off' });
});

/** A point this many viewports right of the main camera's view (surely off screen). */
function offscreenX(viewports = 3): number {
    const cam = t.scene.cameras.main;
    return cam.scrollX + cam.width * viewports;
}

function spawn(x: number, y: number, detail?: 'auto' | 'full'): SpineGameObject {
    return t.scene.spinePool.spawn(x, y, 'tiny', 'tiny-atlas', { animation: 'walk', ...(detail ? { detail } : {}) });
}

describe('per-instance detail', () => {
    test("an instance spawned with detail 'full' off screen is in the high tier and updated every frame by one frame's time; an 'auto' one beside it is off screen and not", () => {
        const probe = new UpdateProbe();
        const pinned = spawn(offscreenX(), 300, 'full');
        const crowd = spawn(offscreenX(), 300);
        probe.watch(pinned);
        probe.watch(crowd);
        for (probe.frame = 0; probe.frame < 20; probe.frame++) t.step(1);
        expect(t.scene.spinePool.getTier(pinned)).toBe('high');
        expect(t.scene.spinePool.getTier(crowd)).toBe('offscreen');
        for (let frame = 1; frame < 20; frame++) expect(probe.countIn(pinned, frame)).toBe(1);
        expect(
            probe
                .callsOf(pinned)
                .slice(1)
                .every((call) => Math.abs(call.ms - FRAME_MS) < 1e-9),
        ).toBe(true);
        expect(probe.callsOf(crowd).length).toBe(0); // 'events': its time runs, nothing is posed
        expect(t.scene.spinePool.stats().tiers).toMatchObject({ high: 1, offscreen: 1 });
    });

    test("a pinned instance far from the view centre shows its stock twin's pose on every frame, where an 'auto' one is at a lower tier", () => {
        t.scene.spinePool.configure({ highDetailDistance: 50, midDetailDistance: 100, offscreen: 'lod' });
        const pinned = spawn(750, 550, 'full');
        const auto = spawn(750, 550);
        const twin = t.scene.add.spine(750, 550, 'tiny', 'tiny-atlas');
        twin.animationState.setAnimation(0, 'walk', true);
        let worst = 0;
        for (let frame = 0; frame < 40; frame++) {
            t.step(1);
            worst = Math.max(worst, poseDistance(boneWorld(pinned), boneWorld(twin)));
        }
        expect(t.scene.spinePool.getTier(pinned)).toBe('high');
        expect(t.scene.spinePool.getTier(auto)).toBe('low');
        expect(worst).toBeLessThan(1e-3);
        expect(poseDistance(boneWorld(auto), boneWorld(twin))).toBeGreaterThan(1e-3); // it lags, as its tier allows
    });

    test('a camera following a pinned hero, zoomed out: the hero stays high while a companion beside it drops to low detail and the crowd it leaves goes off screen', () => {
        const pool = t.scene.spinePool;
        const hero = spawn(400, 300);
        pool.setDetail(hero, 'full');
        const companion = spawn(420, 300);
        const crowd = Array.from({ length: 6 }, (_, i) => spawn(300 + 40 * i, 320));
        const camera = t.scene.cameras.main.setZoom(0.1); // characters a few px tall: low detail by screen size
        for (let frame = 0; frame < 60; frame++) {
            hero.x += 300; // it runs 18 000 px to the right, its companion with it
            companion.x += 300;
            // What startFollow does in the camera's preRender, which a HEADLESS game never runs.
            camera.centerOn(hero.x, hero.y);
            t.step(1);
            expect(pool.getTier(hero)).toBe('high');
        }
        expect(pool.getTier(companion)).toBe('low');
        expect(crowd.map((go) => pool.getTier(go))).toEqual(crowd.map(() => 'offscreen'));
    });

    test('setDetail takes effect in the frame it is called, both ways, and returns the pool for chaining', () => {
        const pool = t.scene.spinePool;
        const go = spawn(offscreenX(), 300);
        t.step(2);
        expect(pool.getTier(go)).toBe('offscreen');
        expect(pool.setDetail(go, 'full')).toBe(pool);
        expect(pool.getTier(go)).toBe('high');
        t.step(3);
        expect(pool.getTier(go)).toBe('high');
        pool.setDetail(go, 'auto');
        expect(pool.getTier(go)).toBe('offscreen');
    });

    test('a despawn ends the pin: the same instance respawned without detail is automatic again', () => {
        const pool = t.scene.spinePool;
        const go = spawn(offscreenX(), 300, 'full');
        t.step(1);
        pool.despawn(go);
        const again = spawn(offscreenX(), 300);
        expect(again).toBe(go);
        t.step(1);
        expect(pool.getTier(again)).toBe('offscreen');
    });

    test("getTier: 'inactive' for an instance set inactive, null for anything not spawned from this pool", () => {
        const pool = t.scene.spinePool;
        const go = spawn(400, 300);
        t.step(1);
        expect(pool.getTier(go)).toBe('high');
        go.setActive(false);
        expect(pool.getTier(go)).toBe('inactive');
        go.setActive(true);
        expect(pool.getTier(go)).toBe('high');
        pool.despawn(go);
        expect(pool.getTier(go)).toBeNull();
        expect(pool.getTier(t.scene.add.spine(0, 0, 'tiny', 'tiny-atlas'))).toBeNull();
        expect(pool.getTier(undefined as never)).toBeNull();
    });

    test('a bad detail or an instance not spawned from this pool throws, naming the value and the fix', () => {
        const pool = t.scene.spinePool;
        const go = spawn(400, 300);
        expect(() => pool.setDetail(go, 'high' as never)).toThrow(
            `setDetail(go, detail): detail must be 'auto' (the level of detail decides) or 'full' (updated and posed every frame); got "high".`,
        );
        expect(() => spawn(400, 300, 'max' as never)).toThrow(
            `spawn(): detail must be 'auto' (the level of detail decides) or 'full' (updated and posed every frame); got "max".`,
        );
        pool.despawn(go);
        expect(() => pool.setDetail(go, 'full')).toThrow(
            "setDetail(go, detail): this instance of 'tiny' is despawned; spawn one with this.spinePool.spawn() first.",
        );
        const stock = t.scene.add.spine(0, 0, 'tiny', 'tiny-atlas');
        expect(() => pool.setDetail(stock, 'full')).toThrow(
            "setDetail(go, detail): this spine game object was not spawned by this scene's spinePool; spawn it with this.spinePool.spawn() first.",
        );
    });
});
