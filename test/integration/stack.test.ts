/**
 * Which stack this run is on (jest runs the integration suite once per stack, see jest.config.cjs),
 * and what only the Spine 4.3 game objects have that a respawn must reset: movement carried to
 * physics (spine-phaser-v4 and -v3), tint and slot objects (spine-phaser-v4). Those tests are
 * only defined on the stacks whose game object has it: elsewhere they do not exist (nothing is
 * reported as skipped), and their names say which stack they belong to.
 */
import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { BURST_QUIET_MS } from '../../plugin/LeakReport';
import { eachTest, FRAME_MS, type TestGame } from '../../fixtures/headless/game';
import { stack } from '../../fixtures/headless/stack';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

const spawn = (x = 100, y = 100) => t.scene.spinePool.spawn(x, y, 'tiny', 'tiny-atlas', { animation: 'walk' });
const spine43 = stack().spineFormat === '4.3';
const phaser4 = stack().name === 'phaser4';

/** spine-phaser-v4's game object, as far as these tests touch it. */
type V4GameObject = SpineGameObject & {
    tintTopLeft: number;
    setTint(color: number): unknown;
    skeletonPhysics: { setPositionInheritance(x: number, y: number): void };
    slotObjects: Map<unknown, unknown>;
};

describe(`the stack: ${stack().label}`, () => {
    test('Phaser and the spine-phaser runtime are the stack this project says it runs on', () => {
        expect(Phaser.VERSION).toBe(stack().phaserVersion);
        expect(t.game.config.renderType).toBe(Phaser.HEADLESS);
        const go = spawn();
        // A pooled instance is the runtime's own SpineGameObject (a subclass of it, see plugin/PooledGameObject.ts).
        expect(go).toBeInstanceOf(t.spine.SpineGameObject);
        // spine-core 4.3 renamed setToSetupPose to setupPose.
        expect(typeof (go.skeleton as unknown as { setupPose?: unknown }).setupPose === 'function').toBe(spine43);
    });

    if (phaser4) {
        test('spine-phaser-v4 only: a tint set by the previous owner is cleared on respawn', () => {
            const go = spawn() as V4GameObject;
            go.setTint(0xff0000);
            expect(go.skeleton.color.g).toBe(0);
            t.scene.spinePool.despawn(go);
            const again = spawn() as V4GameObject;
            expect(again).toBe(go);
            expect(again.tintTopLeft).toBe(0xffffff);
            expect([again.skeleton.color.r, again.skeleton.color.g, again.skeleton.color.b, again.skeleton.color.a]).toEqual([1, 1, 1, 1]);
        });
    }

    if (spine43) {
        test('Spine 4.3 only: with movement inheritance on, the jump to a new spawn point is not movement for physics', () => {
            // It watches spine-core's posing, so every pose is computed (a pose served by the shared
            // cache runs no physics step; a rig with physics constraints is never served from it).
            t.scene.spinePool.configure({ poseCache: 'off' });
            // Enabled for the whole pool, as a game would configure a kind of character.
            t.scene.spinePool.setHooks('tiny', 'tiny-atlas', { onCreate: (go) => (go as V4GameObject).skeletonPhysics.setPositionInheritance(1, 1) });
            const go = spawn(100, 100) as V4GameObject;
            const translate = jest.spyOn(go.skeleton, 'physicsTranslate' as never);
            t.step(2);
            go.x += 10; // moving it is movement
            t.step(1);
            expect(translate).toHaveBeenCalledTimes(1);
            t.scene.spinePool.despawn(go);
            translate.mockClear();
            expect(spawn(700, 500)).toBe(go); // the same instance, far from where it was
            t.step(3);
            expect(translate).not.toHaveBeenCalled();
        });
    }

    if (phaser4) {
        test('spine-phaser-v4 only: objects the previous owner attached to slots are detached on despawn and named', () => {
            const go = spawn() as V4GameObject;
            const sword = t.scene.add.rectangle(0, 0, 4, 40, 0xcccccc);
            const slot = go.skeleton.slots[0]!;
            // addSlotObject needs the WebGL renderer (a HEADLESS game draws with spine-canvas, where it
            // refuses); this is the entry it stores.
            go.slotObjects.set(slot, { gameObject: sword, followAttachmentTimeline: false, placement: 'after', clipping: true, preservePosition: false });
            expect(t.scene.spinePool.despawn(go)).toBe(true);
            expect(go.slotObjects.size).toBe(0);
            expect(t.scene.spinePool.stats().leaksCleared).toBe(1);
            t.step(Math.ceil(BURST_QUIET_MS / FRAME_MS) + 1); // the burst of leaky despawns ends: its warning prints
            expect(warn).toHaveBeenCalledWith(expect.stringContaining(`a game object attached to slot '${slot.data.name}' (addSlotObject)`));
            expect(sword.active).toBe(true); // the object itself is the game's
        });
    }
});
