import * as Phaser from 'phaser';
import { PoolError } from '../../plugin';
import { addSkeleton } from '../../fixtures/headless/assets';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { preset } from '../../fixtures/skeletons/presets';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

/** What `fn` threw (failing the test when it threw nothing). */
function thrownBy(fn: () => unknown): Error {
    try {
        fn();
    } catch (error) {
        return error as Error;
    }
    throw new Error('expected a throw');
}

describe('errors that name the cause', () => {
    test('spawn in preload() of a skeleton the loader has queued says the loader has not finished, not that nothing is loaded', () => {
        let error: Error | null = null;
        class Late extends Phaser.Scene {
            preload(): void {
                this.load.spineJson('late', 'data:application/json;base64,e30=');
                this.load.spineAtlas('late-atlas', 'data:text/plain;base64,');
                const pool = (this as unknown as { spinePool: TestGame['scene']['spinePool'] }).spinePool;
                error = thrownBy(() => pool.spawn(0, 0, 'late', 'late-atlas'));
            }
        }
        t.game.scene.add('late', Late, true);
        t.step(2);
        expect(error).toBeInstanceOf(PoolError);
        expect(error!.message).toBe(
            `phaser-spine-pool: spawn(): "late" and "late-atlas" are queued in this scene's loader, which has not finished loading. ` +
                `Spawn in create(), or after the loader's COMPLETE event: this.load.once(Phaser.Loader.Events.COMPLETE, () => this.spinePool.spawn(...)).`,
        );
    });

    test('a skeleton with an atlas that lacks its regions throws a PoolError naming both keys and the region, and leaves no pool row', () => {
        const pool = t.scene.spinePool;
        addSkeleton(t.game, 'hero', preset('hero'));
        const before = JSON.stringify(pool.stats());
        for (const call of [() => pool.spawn(0, 0, 'hero', 'tiny-atlas'), () => pool.prewarm('hero', 'tiny-atlas', 2)]) {
            const error = thrownBy(call);
            expect(error).toBeInstanceOf(PoolError);
            expect(error.message).toMatch(
                /^phaser-spine-pool: (spawn|prewarm)\(\): skeleton "hero" needs the region '[\w/-]+' \(.*attachment: [\w/-]+\), which the atlas "tiny-atlas" does not have: dataKey "hero" and atlasKey "tiny-atlas" do not belong together\. Pass the atlas exported with this skeleton\.$/,
            );
            expect(JSON.stringify(pool.stats())).toBe(before);
        }
        // The right pair still works, and a good pool next to it is untouched.
        pool.spawn(0, 0, 'tiny', 'tiny-atlas');
        expect(pool.stats().pools.map((p) => [p.dataKey, p.atlasKey, p.active])).toEqual([['tiny', 'tiny-atlas', 1]]);
        expect(thrownBy(() => pool.spawn(0, 0, 'hero', 'tiny-atlas'))).toBeInstanceOf(PoolError);
        expect(pool.stats().pools).toHaveLength(1);
        expect(warn).not.toHaveBeenCalled();
    });

    test('spawn after the game is destroyed throws a PoolError saying the scene was destroyed', () => {
        const pool = t.scene.spinePool;
        pool.spawn(0, 0, 'tiny', 'tiny-atlas');
        t.destroy();
        for (const call of [() => pool.spawn(0, 0, 'tiny', 'tiny-atlas'), () => pool.prewarm('tiny', 'tiny-atlas', 1)]) {
            const error = thrownBy(call);
            expect(error).toBeInstanceOf(PoolError);
            expect(error.message).toMatch(
                /^phaser-spine-pool: (spawn|prewarm)\(\): this spinePool's scene was destroyed \(game\.destroy\(\) or this\.scene\.remove\(\)\)/,
            );
        }
    });

    test("option renderer: spine-phaser-v4 builds pooled instances with that renderer; another runtime's spawn throws naming the option and the fix", () => {
        const pool = t.scene.spinePool.configure({ renderer: 'spine-canvas' });
        if (String(Phaser.VERSION).startsWith('4')) {
            // HEADLESS has no WebGL: 'spine-canvas' is the renderer spine-phaser-v4 can build here.
            const go = pool.spawn(0, 0, 'tiny', 'tiny-atlas') as unknown as { rendererType: string };
            expect(go.rendererType).toBe('spine-canvas');
            pool.configure({ renderer: 'spine-webgl' });
            // spine-phaser-v4's own refusal, unchanged: a WebGL renderer in a game without WebGL.
            expect(() => pool.spawn(0, 0, 'tiny', 'tiny-atlas')).toThrow(/spine-webgl.*requires a Phaser WebGL game/);
            return;
        }
        const error = thrownBy(() => pool.spawn(0, 0, 'tiny', 'tiny-atlas'));
        expect(error).toBeInstanceOf(PoolError);
        expect(error.message).toMatch(
            /^phaser-spine-pool: option 'renderer' is spine-phaser-v4's \(Phaser 4\) choice of renderer; this game runs spine-phaser(-v3)?, whose objects have one renderer\. Leave 'renderer' null/,
        );
        expect(t.scene.spinePool.stats().pools).toEqual([]); // no empty pool left behind
        expect(pool.configure({ renderer: null }).spawn(0, 0, 'tiny', 'tiny-atlas')).toBeDefined();
    });
});
