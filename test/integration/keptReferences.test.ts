/**
 * What a game is told about a reference it kept to an instance that is no longer a spawned one of
 * this scene's pool: each message names the real cause (despawned, destroyed by the pool, with its
 * scene's restart, with its container, spawned by another scene, never pooled) and the fix.
 */
import * as Phaser from 'phaser';
import { addScene, eachTest, type PoolScene, type TestGame } from '../../fixtures/headless/game';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

const spawn = (scene: PoolScene = t.scene) => scene.spinePool.spawn(100, 100, 'tiny', 'tiny-atlas', { animation: 'walk' });

/** The warnings printed since the last call, as text. */
function warnings(): string[] {
    const texts = warn.mock.calls.map((call) => String(call[0]));
    warn.mockClear();
    return texts;
}

function restart(): void {
    t.scene.scene.restart();
    t.step(2); // the scene manager restarts it during the next step
}

describe('a reference kept past its instance', () => {
    test('despawn() after the scene restarted names the restart and the fix, not "not spawned by this scene"', () => {
        const go = spawn();
        t.step(1);
        restart();
        expect(t.scene.spinePool.despawn(go)).toBe(false);
        expect(warnings()).toEqual([
            "phaser-spine-pool: despawn(): this instance of 'tiny' was destroyed when its scene shut down (a restart, stop, or start of another scene); the call was ignored. " +
                'A reference kept past a restart is stale: spawn a new one in create(), and reset the fields that hold instances there.',
        ]);
    });

    test('a game call on an instance kept past a restart is reported once, where it is made; the legacy helper and setDetail throw naming the restart', () => {
        const go = spawn();
        const kept = spawn();
        restart();
        go.setPosition(10, 10);
        go.setAlpha(0.5);
        const [first, ...rest] = warnings();
        expect(first).toMatch(
            /^phaser-spine-pool: go\.setPosition\(\) on a 'tiny' instance destroyed when its scene shut down \(a restart, stop, or start of another scene\) at .*keptReferences\.test\.ts:\d+:\d+: a reference kept past a restart does nothing\. Spawn a new one in create\(\)/,
        );
        expect(rest).toEqual([]);
        kept.animationState.setAnimation(0, 'idle', true);
        expect(warnings()).toEqual([
            expect.stringMatching(/^phaser-spine-pool: animationState\.setAnimation\(\) on a 'tiny' instance destroyed when its scene shut down/),
        ]);
        expect(() => t.scene.spinePool.legacy(go)).toThrow(
            "legacy(go): this instance of 'tiny' was destroyed when its scene shut down (a restart, stop, or start of another scene); A reference kept past a restart is stale",
        );
        expect(() => t.scene.spinePool.setDetail(go, 'full')).toThrow("setDetail(go, detail): this instance of 'tiny' was destroyed when its scene shut down");
        expect(t.scene.spinePool.isActive(go)).toBe(false);
        expect(t.scene.spinePool.getTier(go)).toBeNull();
    });

    test('after a restart stats() counts nothing of the frame before it', () => {
        for (let i = 0; i < 5; i++) spawn();
        t.step(3);
        expect(t.scene.spinePool.stats().updatedLastFrame).toBeGreaterThan(0);
        // What a HUD made in the restarted scene's create() reads first.
        let first: object | null = null;
        t.scene.sys.events.once(Phaser.Scenes.Events.CREATE, () => (first = { ...t.scene.spinePool.stats() }));
        t.scene.scene.restart();
        t.step(1);
        expect(first).toMatchObject({ active: 0, updatedLastFrame: 0 });
    });

    test('despawn() of an instance destroyed with its container names the container and how to keep it pooled', () => {
        const box = t.scene.add.container(0, 0);
        const go = t.scene.spinePool.spawn(0, 0, 'tiny', 'tiny-atlas', { parent: box });
        box.destroy();
        warnings(); // the destroy itself is reported when it happens (a pooled instance left the pool)
        expect(t.scene.spinePool.despawn(go)).toBe(false);
        expect(warnings()).toEqual([
            "phaser-spine-pool: despawn(): this instance of 'tiny' was destroyed by go.destroy() or with its container (container.destroy() destroys its children), and left the pool; the call was ignored. " +
                'To keep an instance pooled, despawn it before destroying its container, or take it out first with container.remove(go).',
        ]);
    });

    test("despawn() of an instance spawned by another scene's pool names both scenes and the pool to use; it stays spawned there", () => {
        const other = addScene(t, 'Other');
        const go = spawn(other);
        expect(t.scene.spinePool.despawn(go)).toBe(false);
        const here = t.scene.sys.settings.key;
        expect(warnings()).toEqual([
            `phaser-spine-pool: despawn(): this instance of 'tiny' was spawned by the spinePool of scene 'Other', not by this scene's ('${here}'); the call was ignored. ` +
                "Use the pool that spawned it: this.scene.get('Other').spinePool.despawn(go).",
        ]);
        expect(other.spinePool.isActive(go)).toBe(true);
        expect(() => t.scene.spinePool.legacy(go)).toThrow("Use the pool that spawned it: this.scene.get('Other').spinePool.legacy(go).");
    });

    test("skin and animation errors name the skeleton by its data key (Spine's own name is empty)", () => {
        expect(() => t.scene.spinePool.spawn(0, 0, 'tiny', 'tiny-atlas', { skin: 'ghost' })).toThrow(
            'spawn(): skin "ghost" is not in skeleton "tiny". Skins: default, ',
        );
        expect(() => t.scene.spinePool.spawn(0, 0, 'tiny', 'tiny-atlas', { animation: 'fly' })).toThrow(
            'spawn(): animation "fly" is not in skeleton "tiny". Animations: ',
        );
        const go = spawn();
        expect(() => t.scene.spinePool.legacy(go).play('fly')).toThrow('legacy: animation "fly" is not in skeleton "tiny". Animations: ');
    });

    test('a stock object and a despawned instance keep their messages', () => {
        const go = spawn();
        t.scene.spinePool.despawn(go);
        t.scene.spinePool.despawn(go);
        t.scene.spinePool.despawn(t.scene.add.spine(0, 0, 'tiny', 'tiny-atlas'));
        expect(warnings()).toEqual([
            "phaser-spine-pool: despawn(): this instance of 'tiny' is already despawned; the call was ignored.",
            "phaser-spine-pool: despawn(): this spine game object was not spawned by this scene's spinePool; the call was ignored. Destroy objects made with this.add.spine() with destroy().",
        ]);
    });
});
