import type * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { PrewarmResult } from '../../plugin';
import { addSkeleton } from '../../fixtures/headless/assets';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { preset } from '../../fixtures/skeletons/presets';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

const spawn = (x = 400, y = 300, options?: Parameters<TestGame['scene']['spinePool']['spawn']>[4]) =>
    t.scene.spinePool.spawn(x, y, 'tiny', 'tiny-atlas', options);

/** Records onDestroy calls of the tiny pool. */
function watchDestroyed(): SpineGameObject[] {
    const destroyed: SpineGameObject[] = [];
    t.scene.spinePool.setHooks('tiny', 'tiny-atlas', { onDestroy: (go) => destroyed.push(go) });
    return destroyed;
}

/** How many listeners (any context) `emitter` has, per event name. */
function listenerCounts(emitter: Phaser.Events.EventEmitter): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const name of emitter.eventNames()) counts[String(name)] = emitter.listenerCount(name);
    return counts;
}

/** `actual` holds exactly the objects of `expected`, in any order (compared by identity). */
function expectSameMembers(actual: readonly object[], expected: readonly object[]): void {
    expect(actual).toHaveLength(expected.length);
    for (const item of expected) expect(actual.includes(item)).toBe(true);
}

/** What a destroyed instance must have lost: scene, listeners, its pool record and schedule. */
function expectGone(go: SpineGameObject): void {
    expect(go.scene).toBeUndefined();
    expect(go.eventNames()).toEqual([]);
    expect(t.scene.spinePool.isActive(go)).toBe(false);
    expect(t.scene.sys.displayList.exists(go as never)).toBe(false);
    // Off the UpdateList (Phaser drops a destroyed object from it at the next frame, as a stock object).
    const list = t.scene.sys.updateList;
    expect(!list.isActive(go as never) || list.isDestroying(go as never)).toBe(true);
}

describe('maxFree: a cap on the free instances each pool keeps', () => {
    test('a despawn beyond maxFree destroys the instance (onDestroy once, no listener, not scheduled) and keeps the counters honest', () => {
        const pool = t.scene.spinePool.configure({ maxFree: 2 });
        const destroyed = watchDestroyed();
        const sceneListeners = listenerCounts(t.scene.sys.events);
        const gos = [spawn(), spawn(), spawn(), spawn()];
        t.step(2);
        for (const go of gos) expect(pool.despawn(go)).toBe(true);
        expect(pool.stats()).toMatchObject({ active: 0, free: 2, created: 4 });
        expect(destroyed).toEqual([gos[2], gos[3]]); // the first two went back, the next two over the cap
        for (const go of destroyed) expectGone(go);
        expect(pool.despawn(gos[3])).toBe(false); // no longer pooled: refused (one dev warning), the pool untouched
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0][0])).toContain("this instance of 'tiny' was despawned already, and then destroyed by the pool (over maxFree");
        expect(pool.stats()).toMatchObject({ active: 0, free: 2, created: 4 });
        // The skeleton's textures belong to the atlas, not to the destroyed instances.
        for (const page of preset('tiny').pages) expect(t.game.textures.exists(`tiny-atlas!${page.name}`)).toBe(true);
        const again = [spawn(), spawn(), spawn()];
        expectSameMembers(again.slice(0, 2), [gos[0], gos[1]]);
        t.step(1);
        expect(pool.stats()).toMatchObject({ active: 3, free: 0, created: 5, updatedLastFrame: 3 });
        for (const go of again) pool.despawn(go);
        t.step(2);
        expect(listenerCounts(t.scene.sys.events)).toEqual(sceneListeners);
        expect(destroyed).toHaveLength(3);
        expect(warn).toHaveBeenCalledTimes(1); // destroying over the cap is quiet
    });

    test('lowering maxFree destroys the extra free instances at once; 0 keeps none', () => {
        const pool = t.scene.spinePool;
        const destroyed = watchDestroyed();
        pool.prewarm('tiny', 'tiny-atlas', 5);
        pool.configure({ maxFree: 3 });
        expect(pool.stats()).toMatchObject({ free: 3, created: 5 });
        expect(destroyed).toHaveLength(2);
        pool.configure({ maxFree: 0 });
        const go = spawn();
        pool.despawn(go);
        expect(pool.stats()).toMatchObject({ active: 0, free: 0, created: 6 }); // the spawn built one
        expectGone(go);
        expect(pool.getOptions().maxFree).toBe(0);
        expect(warn).not.toHaveBeenCalled();
    });

    test('maxFree is validated like every option, defaults to Infinity, and caps prewarm with an error naming the fix', () => {
        const pool = t.scene.spinePool;
        expect(pool.getOptions().maxFree).toBe(Infinity);
        expect(() => pool.configure({ maxFree: -1 })).toThrow(/option 'maxFree' must be an integer >= 0 .* or Infinity.*got -1/);
        expect(() => pool.configure({ maxFree: 1.5 })).toThrow(/'maxFree'.*got 1.5/);
        pool.configure({ maxFree: 4 });
        pool.prewarm('tiny', 'tiny-atlas', 3);
        expect(() => pool.prewarm('tiny', 'tiny-atlas', 2)).toThrow(
            /2 more free instances of 'tiny' would make 5, over maxFree 4.*Prewarm at most 1, or raise the cap: configure\(\{ maxFree: 5 \}\)/,
        );
        expect(pool.stats()).toMatchObject({ free: 3, created: 3 });
    });
});

describe('trim, despawnAll, getActive', () => {
    test("an onDestroy hook may use the instance trim destroys: the pool's own call is no use after despawn", () => {
        const pool = t.scene.spinePool;
        const cleared: SpineGameObject[] = [];
        pool.setHooks('tiny', 'tiny-atlas', {
            onDestroy: (go) => {
                go.animationState.clearTracks();
                go.setAlpha(1);
                cleared.push(go);
            },
        });
        const go = spawn();
        pool.despawn(go);
        expect(pool.trim()).toBe(1);
        expect(cleared).toEqual([go]);
        expect(warn).not.toHaveBeenCalled();
    });

    beforeEach(() => addSkeleton(t.game, 'crowd', preset('crowd')));

    test('trim destroys free instances down to keep, per selected pool, never spawned ones, and says how many', () => {
        const pool = t.scene.spinePool;
        const destroyed = watchDestroyed();
        pool.prewarm('tiny', 'tiny-atlas', 5);
        pool.prewarm('crowd', 'crowd-atlas', 3);
        const out = spawn();
        expect(pool.trim('tiny', 'tiny-atlas', 2)).toBe(2); // 4 free after the spawn, 2 kept
        expect(pool.stats().pools.map((p) => [p.dataKey, p.active, p.free])).toEqual([
            ['tiny', 1, 2],
            ['crowd', 0, 3],
        ]);
        expect(pool.trim(undefined, undefined, 1)).toBe(1 + 2);
        expect(pool.trim()).toBe(2);
        expect(pool.stats()).toMatchObject({ active: 1, free: 0, created: 8 });
        expect(destroyed).toHaveLength(4); // tiny's; crowd's have no hook
        for (const go of destroyed) expectGone(go);
        expect(pool.isActive(out)).toBe(true);
        expect(pool.trim('tiny')).toBe(0);
        expect(() => pool.trim('tyni', 'tiny-atlas')).toThrow(/^phaser-spine-pool: trim\(\): no skeleton data is loaded under dataKey "tyni"/);
        expect(() => pool.trim(undefined, undefined, -1)).toThrow(/keep must be an integer >= 0.*got -1/);
        expect(warn).not.toHaveBeenCalled();
    });

    test('despawnAll gives back every spawned instance of the selected pools, through despawn (hooks, leftovers), and says how many', () => {
        const pool = t.scene.spinePool;
        const despawned: SpineGameObject[] = [];
        pool.setHooks('crowd', 'crowd-atlas', { onDespawn: (go) => despawned.push(go) });
        const tiny = [spawn(), spawn(), spawn()];
        const crowd = [pool.spawn(0, 0, 'crowd', 'crowd-atlas'), pool.spawn(0, 0, 'crowd', 'crowd-atlas')];
        const heard: string[] = [];
        crowd[0].animationState.addListener({ complete: () => heard.push('late') }); // a leftover
        expect(pool.despawnAll('crowd')).toBe(2);
        expectSameMembers(despawned, crowd);
        expect(pool.stats().leaksCleared).toBe(1);
        expect(pool.stats().pools.map((p) => [p.dataKey, p.active, p.free])).toEqual([
            ['tiny', 3, 0],
            ['crowd', 0, 2],
        ]);
        expect(pool.despawnAll()).toBe(3);
        expect(tiny.some((go) => pool.isActive(go))).toBe(false);
        expect(pool.stats()).toMatchObject({ active: 0, free: 5 });
        expect(pool.despawnAll()).toBe(0);
        expect(heard).toEqual([]);
    });

    test('despawnAll survives hooks that despawn others and rethrows a hook error once every instance is back', () => {
        const pool = t.scene.spinePool;
        const gos = [spawn(), spawn(), spawn(), spawn()];
        pool.setHooks('tiny', 'tiny-atlas', {
            onDespawn: (go) => {
                if (go === gos[0] || go === gos[1]) pool.despawn(go === gos[0] ? gos[1] : gos[0]);
                if (go === gos[2] || go === gos[3]) throw new Error('hook failed');
            },
        });
        expect(() => pool.despawnAll()).toThrow('hook failed');
        expect(pool.stats()).toMatchObject({ active: 0, free: 4 });
    });

    test('getActive lists the spawned instances of the selected pools, into a reused array; a snapshot safe to despawn from', () => {
        const pool = t.scene.spinePool;
        const tiny = [spawn(), spawn(), spawn()];
        const crowd = pool.spawn(0, 0, 'crowd', 'crowd-atlas');
        const freeOne = spawn();
        pool.despawn(freeOne);
        expectSameMembers(pool.getActive(), [...tiny, crowd]);
        expect(pool.getActive('crowd')).toEqual([crowd]);
        expectSameMembers(pool.getActive(undefined, 'tiny-atlas'), tiny);
        const out: SpineGameObject[] = [freeOne, freeOne, freeOne, freeOne, freeOne, freeOne];
        expect(pool.getActive('tiny', 'tiny-atlas', out)).toBe(out);
        expectSameMembers(out, tiny);
        for (const go of pool.getActive('tiny', 'tiny-atlas', out)) pool.despawn(go); // despawning while iterating
        expect(out).toHaveLength(3);
        expect(pool.getActive('tiny', 'tiny-atlas', out)).toEqual([]);
        expect(pool.getActive()).toEqual([crowd]);
        expect(() => pool.getActive('tiny', 'tiny.atlas')).toThrow(/getActive\(\): no atlas is loaded under atlasKey "tiny.atlas"/);
        crowd.destroy(); // left the pool
        expect(pool.getActive()).toEqual([]);
    });
});

describe('prewarm over frames', () => {
    test('builds perFrame instances per frame, reports progress, resolves when done; the synchronous form still builds at once', async () => {
        const pool = t.scene.spinePool;
        const progress: [number, number][] = [];
        const frees: number[] = [];
        let result: PrewarmResult | null = null;
        const promise = pool.prewarm('tiny', 'tiny-atlas', 20, { perFrame: 6, onProgress: (built, count) => progress.push([built, count]) });
        void promise.then((r) => (result = r));
        expect(pool.stats().free).toBe(0);
        for (let i = 0; i < 5; i++) {
            t.step(1);
            frees.push(pool.stats().free);
        }
        expect(frees).toEqual([6, 12, 18, 20, 20]);
        expect(progress).toEqual([
            [6, 20],
            [12, 20],
            [18, 20],
            [20, 20],
        ]);
        expect(await promise).toEqual({ built: 20, count: 20, sampled: 0, cancelled: false });
        expect(result).toEqual({ built: 20, count: 20, sampled: 0, cancelled: false });
        expect(pool.prewarm('tiny', 'tiny-atlas', 3)).toBeUndefined();
        expect(pool.stats()).toMatchObject({ free: 23, created: 23 });
        expect(await pool.prewarm('tiny', 'tiny-atlas', 0, {})).toEqual({ built: 0, count: 0, sampled: 0, cancelled: false });
    });

    test('a scene shutdown cancels it: the Promise resolves with cancelled and nothing more is built', async () => {
        const pool = t.scene.spinePool;
        const promise = pool.prewarm('tiny', 'tiny-atlas', 100, { perFrame: 10 });
        t.step(2);
        expect(pool.stats().free).toBe(20);
        t.scene.scene.restart();
        t.step(3);
        expect(await promise).toEqual({ built: 20, count: 100, sampled: 0, cancelled: true });
        expect(pool.stats()).toMatchObject({ free: 0, created: 0, pools: [] });
        const destroyedGame = pool.prewarm('tiny', 'tiny-atlas', 50, {});
        t.step(1);
        t.destroy();
        expect(await destroyedGame).toEqual({ built: 8, count: 50, sampled: 0, cancelled: true });
        t = { destroy() {} } as TestGame; // already destroyed
    });

    test('huge counts are refused with a PoolError naming the count and the limit, before anything is built', () => {
        const pool = t.scene.spinePool;
        expect(() => pool.prewarm('tiny', 'tiny-atlas', 1e7)).toThrow(/count 10000000 is over the limit of 10000 instances per call.*call prewarm again/);
        expect(() => pool.prewarm('tiny', 'tiny-atlas', 1e7, { perFrame: 100 })).toThrow(/over the limit of 10000/);
        expect(() => pool.prewarm('tiny', 'tiny-atlas', 10, { perFrame: 0 })).toThrow(/perFrame must be an integer from 1 to 1000.*got 0/);
        expect(() => pool.prewarm('tiny', 'tiny-atlas', 10, { onProgress: 'bar' as never })).toThrow(/onProgress must be a function/);
        expect(pool.stats()).toMatchObject({ free: 0, created: 0 });
    });

    test('an exception in onProgress ends that prewarm and rejects its Promise with it; others go on', async () => {
        const pool = t.scene.spinePool;
        const failing = pool.prewarm('tiny', 'tiny-atlas', 10, {
            perFrame: 2,
            onProgress: (built) => {
                if (built === 4) throw new Error('bar gone');
            },
        });
        const other = pool.prewarm('tiny', 'tiny-atlas', 6, { perFrame: 1 });
        t.step(6);
        await expect(failing).rejects.toThrow('bar gone');
        expect(await other).toEqual({ built: 6, count: 6, sampled: 0, cancelled: false });
        expect(pool.stats().free).toBe(4 + 6);
    });

    test('a build that fails (data and atlas that do not belong together) rejects its Promise with the PoolError; the frames and the other instances go on', async () => {
        addSkeleton(t.game, 'hero', preset('hero'));
        const pool = t.scene.spinePool;
        const failing = pool.prewarm('hero', 'tiny-atlas', 4, { perFrame: 2 });
        const go = spawn(400, 300, { animation: 'walk' }); // the last call before the build is a spawn: the error still names prewarm
        const before = go.animationState.tracks[0]!.trackTime;
        expect(() => t.step(3)).not.toThrow();
        await expect(failing).rejects.toThrow(/^phaser-spine-pool: prewarm\(\): skeleton "hero" needs the region .* do not belong together/);
        expect(go.animationState.tracks[0]!.trackTime).toBeGreaterThan(before); // the scheduler kept running
        expect(pool.stats().pools.map((p) => p.dataKey)).toEqual(['tiny']);
    });

    test('it stops at maxFree: the pool never keeps more free instances than the cap', async () => {
        const pool = t.scene.spinePool.configure({ maxFree: 10 });
        const promise = pool.prewarm('tiny', 'tiny-atlas', 8, { perFrame: 3 });
        t.step(1);
        pool.prewarm('tiny', 'tiny-atlas', 5); // 3 + 5 free now
        t.step(3);
        expect(await promise).toEqual({ built: 5, count: 8, sampled: 0, cancelled: false });
        expect(pool.stats().free).toBe(10);
    });
});

describe('spawn options scale and the bounds provider', () => {
    test('scale applies like setScale (number or { x, y }), counts for screen-size detail, and never leaks to the next owner', () => {
        const pool = t.scene.spinePool.configure({ offscreen: 'lod', midDetailScreenSize: 64, lowDetailScreenSize: 48 });
        const go = spawn(400, 300, { scale: 2 });
        expect([go.scaleX, go.scaleY]).toEqual([2, 2]);
        pool.despawn(go);
        const again = spawn(400, 300);
        expect(again).toBe(go);
        expect([again.scaleX, again.scaleY]).toEqual([1, 1]);
        expect(pool.stats().tiers.high).toBe(1);
        pool.despawn(again);
        const flipped = spawn(400, 300, { scale: { x: -1, y: 0.5 } });
        expect([flipped.scaleX, flipped.scaleY]).toEqual([-1, 0.5]);
        const low = pool.stats().tiers.low;
        const small = spawn(400, 300, { scale: 0.001 }); // a speck on screen: low detail however near
        expect(small.scaleX).toBe(0.001);
        expect(pool.stats().tiers.low).toBe(low + 1);
        expect(() => spawn(0, 0, { scale: NaN })).toThrow(/scale must be a finite number or \{ x, y \} of finite numbers; got NaN/);
        expect(() => spawn(0, 0, { scale: { x: 1 } as never })).toThrow(/scale must be .*got \{"x":1\}/);
        expect(pool.stats().active).toBe(2);
    });

    test("add.spine's fifth argument (a bounds provider) given to spawn throws a PoolError naming it and the fix, and the fix works", () => {
        const pool = t.scene.spinePool;
        const provider = new t.spine.SkinsAndAnimationBoundsProvider('walk');
        // The type says so too: a bounds provider is not SpawnOptions.
        // @ts-expect-error spawn() takes SpawnOptions as its 5th argument, not a bounds provider
        expect(() => pool.spawn(0, 0, 'tiny', 'tiny-atlas', provider)).toThrow(
            /the 5th argument is a bounds provider \(SkinsAndAnimationBoundsProvider\), as this.add.spine takes; spawn's 5th argument is SpawnOptions.*onCreate: \(go\) => \{ go.boundsProvider = provider; go.updateSize\(\); \}/,
        );
        expect(() => pool.spawn(0, 0, 'tiny', 'tiny-atlas', { calculateBounds: () => ({ x: 0, y: 0, width: 1, height: 1 }) } as never)).toThrow(
            /5th argument is a bounds provider, as/,
        );
        expect(pool.stats()).toMatchObject({ active: 0 });
        // The fix: every instance of the pool gets the provider when it is built.
        pool.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => {
                go.boundsProvider = provider;
                go.updateSize();
            },
        });
        const stock = t.scene.add.spine(0, 0, 'tiny', 'tiny-atlas', provider);
        const go = spawn();
        expect(go.boundsProvider).toBe(provider);
        expect([go.width, go.height]).toEqual([stock.width, stock.height]);
        pool.despawn(go);
        const again = spawn();
        expect(again).toBe(go);
        expect(again.boundsProvider).toBe(provider);
        expect([again.width, again.height]).toEqual([stock.width, stock.height]);
    });
});
