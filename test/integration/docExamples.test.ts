/**
 * The documentation's despawn, Legacy and hook examples, as written in the guides (docs/) and the TSDoc
 * (read from those files, see test/harness/docCode.ts), run on the real stack in development
 * mode: they do what they say, and a development warning is a failure (the docs' own code must
 * remove what it adds).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { PlayMode, QueueMode, WrapMode } from '../../plugin';
import { docFragments, runExample, tsdocExamples } from '../harness/docCode';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { endBurst } from '../harness/warnings';
import type { GeneratedSkeleton } from '../../fixtures/skeletons/generate';
import { preset } from '../../fixtures/skeletons/presets';

/** The examples' character: the test skeleton, with the 'wave' animation the Legacy guide's example layers on top. */
function heroSkeleton(): GeneratedSkeleton {
    const base = preset('tiny');
    const animations = base.json.animations as Record<string, unknown>;
    return { ...base, json: { ...base.json, animations: { ...animations, wave: animations.idle } } };
}

let t: TestGame;
let warn: jest.SpyInstance;
const hero = heroSkeleton();
eachTest((game, spy) => ([t, warn] = [game, spy]), { skeletons: { hero, goblin: hero } });

/** What the package exports at run time, for the examples' imports. */
const EXPORTS = { PlayMode, QueueMode, WrapMode };

/** Steps frames until `done()` (at most `seconds` of game time); returns whether it came. */
function stepUntil(done: () => boolean, seconds = 20): boolean {
    for (let frame = 0; frame < seconds * 60 && !done(); frame++) t.step(1);
    return done();
}

describe("the documentation's examples, run as written, leave no leftover", () => {
    test("the Legacy guide's example (docs/legacy.md): the enemy plays its layers, dies and goes back to the pool, twice (a reused instance too), with no development warning", () => {
        const [legacy, ...others] = docFragments((code) => code.includes('this.spinePool.legacy(') && code.includes("'die'"));
        expect(others).toEqual([]);
        expect(legacy!.file).toBe('docs/legacy.md');
        const pool = t.scene.spinePool;
        for (let run = 0; run < 2; run++) {
            runExample(legacy!.code, t.scene, { ...EXPORTS, x: 400, y: 300 });
            expect(pool.stats()).toMatchObject({ active: 1, created: 1 });
            const [enemy] = pool.getActive('hero', 'hero-atlas');
            expect(enemy!.animationState.tracks[1]?.animation?.name).toBe('wave');
            expect(stepUntil(() => pool.stats().active === 0)).toBe(true);
            expect(enemy!.animationState.tracks.filter(Boolean)).toEqual([]);
        }
        expect(pool.stats()).toMatchObject({ active: 0, free: 1, created: 1 });
        endBurst(t);
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
    });

    test("despawn()'s TSDoc example: the enemy dies and goes back to the pool, with no development warning", () => {
        const [example] = tsdocExamples('plugin/SpinePoolApi.ts', 'despawn(');
        const pool = t.scene.spinePool;
        for (let run = 0; run < 2; run++) {
            const enemy = pool.spawn(400, 300, 'hero', 'hero-atlas', { animation: 'walk' });
            runExample(example!, t.scene, { ...EXPORTS, enemy });
            expect(enemy.animationState.tracks[0]?.animation?.name).toBe('die');
            expect(stepUntil(() => !pool.isActive(enemy))).toBe(true);
        }
        endBurst(t);
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
    });

    test("legacy()'s TSDoc example, then a despawn: no development warning (the helper's own listeners are no leftover)", () => {
        const [example] = tsdocExamples('plugin/SpinePoolApi.ts', 'legacy(');
        const pool = t.scene.spinePool;
        const go = pool.spawn(400, 300, 'hero', 'hero-atlas');
        runExample(example!, t.scene, { ...EXPORTS, go });
        expect(stepUntil(() => go.animationState.tracks[0]?.animation?.name === 'attack')).toBe(true);
        pool.despawn(go);
        endBurst(t);
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
    });

    test("PoolHooks' TSDoc example: input given in onSpawn is there for every owner, also one handed the instance in the frame of its despawn; no development warning", () => {
        const [example] = tsdocExamples('plugin/api.ts', 'export interface PoolHooks');
        const pool = t.scene.spinePool;
        runExample(example!, t.scene, EXPORTS);
        const first = pool.spawn(400, 300, 'goblin', 'goblin-atlas', { animation: 'walk' });
        let rang = false;
        const timer = t.scene.time.delayedCall(60_000, () => (rang = true));
        first.setData('timer', timer);
        t.step(2);
        pool.despawn(first);
        const next: SpineGameObject = pool.spawn(200, 300, 'goblin', 'goblin-atlas', { animation: 'walk' }); // the same frame
        expect(next).toBe(first);
        t.step(2);
        expect(next.input?.enabled).toBe(true);
        expect((t.scene.input as unknown as { _list: object[] })._list).toContain(next);
        expect([timer.getRemaining(), rang]).toEqual([0, false]); // onDespawn ended it without calling it
        pool.despawn(next);
        endBurst(t);
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
    });
});
