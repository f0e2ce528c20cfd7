/**
 * Skins as games build them: `spawn(..., { skin })` takes a name, a list of names combined as
 * mix-and-match rigs combine them (once per combination, shared by every instance wearing it), or a
 * Skin the game built; a despawn puts the default skin back. (Its size and hit area: input.test.ts.)
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { addSkeleton } from '../../fixtures/headless/assets';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { skeletonState } from '../harness/skeletonState';
import { corpusRig } from '../../fixtures/skeletons/corpus';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => {
    [t, warn] = [game, spy];
    addSkeleton(t.game, 'skins', corpusRig('skins'));
});

type Any = any; // spine-core objects of whichever runtime the stack runs

/** A stock object wearing `names` combined as the Spine docs combine skins, in its setup pose. */
function stockWearing(names: string[]): SpineGameObject {
    const stock = t.scene.add.spine(0, 0, 'skins', 'skins-atlas') as SpineGameObject;
    const data = stock.skeleton.data as Any;
    const skin = new (data.skins[0].constructor as new (n: string) => Any)('mine');
    for (const name of names) skin.addSkin(data.findSkin(name));
    stock.skeleton.setSkin(skin);
    const sk = stock.skeleton as Any;
    (sk.setToSetupPose ?? sk.setupPose).call(sk);
    sk.updateWorldTransform(1);
    return stock;
}

const spawn = (skin: unknown) => t.scene.spinePool.spawn(0, 0, 'skins', 'skins-atlas', { skin: skin as never });

describe('skins at spawn', () => {
    test('a list of names spawns their combination: the slots and attachments of a stock object wearing the same skins combined by hand', () => {
        const names = ['base', 'red', 'hat', 'cape'];
        const go = spawn(names);
        const sk = go.skeleton as Any;
        sk.updateWorldTransform(1);
        expect(skeletonState(go.skeleton)).toEqual(skeletonState(stockWearing(names).skeleton));
        expect(go.skeleton.skin!.name).toBe('base+red+hat+cape');
        // A variant added after base replaces base's attachments under the same keys.
        expect(sk.findSlot('chest').getAttachment?.()?.name ?? sk.findSlot('chest').pose?.attachment?.name).toBe('red/chest');
        expect(warn).not.toHaveBeenCalled();
    });

    test('every instance wearing one combination shares one Skin object (one pose cache key); another order is another combination', () => {
        const a = spawn(['base', 'hat']);
        const b = spawn(['base', 'hat']);
        const c = spawn(['hat', 'base']);
        expect(a.skeleton.skin).toBe(b.skeleton.skin);
        expect(c.skeleton.skin).not.toBe(a.skeleton.skin);
        expect(spawn(['base']).skeleton.skin).toBe(a.skeleton.data.findSkin('base')); // one name is that skin
    });

    test('a Skin the game built is worn as it is; a despawn puts the default skin back for the next owner', () => {
        const data = (t.scene.add.spine(0, 0, 'skins', 'skins-atlas') as SpineGameObject).skeleton.data as Any;
        const mine = new (data.skins[0].constructor as new (n: string) => Any)('knight');
        mine.addSkin(data.findSkin('base'));
        mine.addSkin(data.findSkin('blue'));
        const go = spawn(mine);
        expect(go.skeleton.skin).toBe(mine);
        t.step(1);
        t.scene.spinePool.despawn(go);
        const again = t.scene.spinePool.spawn(0, 0, 'skins', 'skins-atlas');
        expect(again).toBe(go);
        expect(again.skeleton.skin).toBeNull();
    });

    test('a bad skin throws naming it, the skeleton by its data key and its skins; nothing is handed out', () => {
        const pool = t.scene.spinePool;
        expect(() => spawn(['base', 'green'])).toThrow(
            'spawn(): skin "green" (in ["base","green"]) is not in skeleton "skins". Skins: default, base, red, blue, hat, cape.',
        );
        expect(() => spawn([])).toThrow('spawn(): skin is an empty list; name at least one skin, or leave skin out for the default skin.');
        expect(() => spawn(['base', 3])).toThrow('spawn(): skin must be a skin name, a list of skin names to combine, or a Skin; got ["base",3].');
        expect(() => spawn({ name: 'fake' })).toThrow(
            'spawn(): skin must be a skin name, a list of skin names to combine, or a Skin; got an object that is not a Skin.',
        );
        expect(() => spawn(7)).toThrow('spawn(): skin must be a skin name, a list of skin names to combine, or a Skin; got 7.');
        expect(pool.stats().active).toBe(0);
    });
});
