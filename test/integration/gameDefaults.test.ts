/**
 * Game-wide defaults: the `data` of the plugin's entry in the game config's `plugins.scene` is the
 * options every scene's pool starts from; a scene's `configure()` overrides them in that scene.
 */
import * as Phaser from 'phaser';
import { defaultOptions, type SpinePoolOptions } from '../../plugin/options';
import { addScene, bootGame, type TestGame } from '../../fixtures/headless/game';

let t: TestGame | null = null;
afterEach(() => {
    t?.destroy();
    t = null;
});

describe("game-wide defaults (the plugin entry's data)", () => {
    test('every scene starts from the data given once in the game config; options not given keep their defaults', async () => {
        t = await bootGame({ poolData: { offscreen: 'pause', highFrequency: 2, midFrequency: 3, lowFrequency: 6, poseCache: 'off' } });
        const other = addScene(t, 'Second');
        const expected: SpinePoolOptions = { ...defaultOptions(), offscreen: 'pause', highFrequency: 2, midFrequency: 3, lowFrequency: 6, poseCache: 'off' };
        expect(t.scene.spinePool.getOptions()).toEqual(expected);
        expect(other.spinePool.getOptions()).toEqual(expected);
    });

    test("a scene's configure() overrides the game-wide defaults in that scene only, and is kept over its restart", async () => {
        t = await bootGame({ poolData: { offscreen: 'pause' } });
        const other = addScene(t, 'Second');
        t.scene.spinePool.configure({ offscreen: 'low' });
        expect(t.scene.spinePool.getOptions().offscreen).toBe('low');
        expect(other.spinePool.getOptions().offscreen).toBe('pause');
        other.scene.restart();
        t.step(2);
        expect(other.spinePool.getOptions().offscreen).toBe('pause');
        expect(t.scene.spinePool.getOptions().offscreen).toBe('low');
    });

    test('without data, the built-in defaults', async () => {
        t = await bootGame();
        expect(t.scene.spinePool.getOptions()).toEqual(defaultOptions());
    });

    test('a bad value in the data throws when a scene is made, naming the entry, the option and the range', async () => {
        // Phaser makes the first scene in a callback of its boot, where a throw cannot be caught
        // here: the game boots with good data, then the entry's data is made bad and scenes added.
        t = await bootGame({ poolData: {} });
        const entry = (t.game.config as unknown as { installScenePlugins: { key: string; data: unknown }[] }).installScenePlugins.find(
            (e) => e.key === 'SpinePoolPlugin',
        )!;
        const add = (key: string, data: unknown) => {
            entry.data = data;
            return () => t!.game.scene.add(key, class extends Phaser.Scene {}, true);
        };
        expect(add('A', { groupCount: 99 })).toThrow(
            "the game config's plugins.scene entry 'SpinePoolPlugin' (its data): option 'groupCount' must be an integer from 1 to 16 (round-robin groups); got 99.",
        );
        expect(add('B', { offscren: 'pause' })).toThrow("the game config's plugins.scene entry 'SpinePoolPlugin' (its data): unknown option 'offscren'");
        expect(add('C', { camera: null })).toThrow(
            "the game config's plugins.scene entry 'SpinePoolPlugin' (its data): camera is a scene's own camera, not a game-wide default; call this.spinePool.configure({ camera }) in that scene's create().",
        );
        expect(add('D', 'pause')).toThrow("the game config's plugins.scene entry 'SpinePoolPlugin' (its data) takes an object of options; got \"pause\".");
    });
});
