/**
 * spine/SetupPose.ts on real spine-core 4.2 and 4.3 with every corpus and stunt rig: a skeleton
 * posed anywhere (animations mixed, physics swinging, another skin, bones and slots changed by hand)
 * and then given the shared setup pose is, bit for bit, what stock's `setToSetupPose()`, the clock
 * at 0 and `updateWorldTransform(Physics.reset)` make of a new skeleton of that data and skin (bones,
 * world transforms, slots, draw order, constraints, physics state), and goes on from there exactly
 * as that new skeleton does. Samples are per data and skin object (a skin combined at run time is
 * its own key); a skeleton placed elsewhere is posed by the computation itself.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { computeSetupPose, SetupPose, toSetupPose } from '../../spine/SetupPose';
import { CORE_RUNTIMES, type CoreRuntime, stockFrame } from '../harness/coreRig';
import { skeletonState, stockSetupPose } from '../harness/skeletonState';
import { CORPUS_RIGS, SPAWN_SKIN, STUNT_RIGS } from '../../fixtures/skeletons/corpus';

type Any = any;
type RigName = (typeof CORPUS_RIGS)[number] | (typeof STUNT_RIGS)[number];
const RIGS: readonly RigName[] = [...CORPUS_RIGS, ...STUNT_RIGS];
const PHYSICS_UPDATE = 2;
const FRAME = 1 / 60;

/** One frame of a stock object: its state's update and apply, the skeleton's clock, world transforms (physics stepped). */
function frame(state: SpineCore.AnimationState, skeleton: SpineCore.Skeleton, seconds = FRAME): void {
    stockFrame(state, skeleton, seconds);
    skeleton.updateWorldTransform(PHYSICS_UPDATE as never);
}

/** The named skin, or the rig's spawn skin, or none. */
function skinOf(data: SpineCore.SkeletonData, name: string | undefined): SpineCore.Skin | null {
    return name === undefined ? null : data.findSkin(name);
}

/** A skin made at run time: the named skins of `data` combined. */
function combined(rt: CoreRuntime, data: SpineCore.SkeletonData, names: string[]): SpineCore.Skin {
    const skin = new rt.spine.Skin(names.join('+'));
    for (const name of names) skin.addSkin(data.findSkin(name)!);
    return skin;
}

/**
 * A skeleton of `data` far from its setup pose: another skin, two tracks mixing for 40 frames of
 * irregular length (physics swinging), then a bone, a slot's colour, deform and sequence index
 * and the draw order changed by hand, its placement back at the origin.
 */
function used(rt: CoreRuntime, data: SpineCore.SkeletonData, skin: SpineCore.Skin | null): SpineCore.Skeleton {
    const skeleton = new rt.spine.Skeleton(data);
    const other = data.skins.find((s) => s !== skin && s.name !== 'default') ?? null;
    if (other) skeleton.setSkin(other);
    rt.setupPose(skeleton);
    const state = rt.state(data, 0.2);
    state.setAnimation(0, 'run', true);
    state.setAnimation(1, 'wave', true);
    for (let i = 0; i < 40; i++) {
        if (i === 20) state.setAnimation(0, 'jump', false);
        skeleton.x = i * 3;
        frame(state, skeleton, FRAME * (0.5 + (i % 3) * 0.5));
    }
    const bone = skeleton.bones[skeleton.bones.length - 1];
    rt.local(bone).rotation += 33;
    const look = rt.look(skeleton.slots[0]);
    look.color.set(0.1, 0.2, 0.3, 0.4);
    look.deform.push(1, 2, 3);
    look.sequenceIndex = 2;
    const order = (skeleton as Any).drawOrder;
    (Array.isArray(order) ? order : order.pose).reverse();
    skeleton.x = 0;
    skeleton.time = 7;
    skeleton.setSkin(skin as SpineCore.Skin); // null too (spine-core's typing says Skin)
    return skeleton;
}

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    describe.each(RIGS.map((rig) => [rig]))('%s rig', (rig) => {
        const data = rt.data(rig as never);
        const skin = skinOf(data, SPAWN_SKIN[rig]);

        test('a used skeleton given the shared setup pose is, bit for bit, a new one posed by stock', () => {
            const skeleton = used(rt, data, skin);
            const sample = SetupPose.of(skeleton);
            expect(sample).not.toBeNull();
            expect(sample!.fits(skeleton)).toBe(true); // copied, not computed
            toSetupPose(skeleton, rt.version);
            expect(skeletonState(skeleton)).toEqual(skeletonState(stockSetupPose(skeleton, skin)));
        });

        test('and goes on from there exactly as the new one does (world transforms, physics, 4.3 update stamps)', () => {
            const skeleton = used(rt, data, skin);
            toSetupPose(skeleton, rt.version);
            const stock = stockSetupPose(skeleton, skin) as SpineCore.Skeleton;
            const [mine, theirs] = [rt.state(data, 0.1), rt.state(data, 0.1)];
            for (const state of [mine, theirs]) state.setAnimation(0, 'walk', true);
            for (let i = 0; i < 30; i++) {
                frame(mine, skeleton);
                frame(theirs, stock);
            }
            expect(skeletonState(skeleton)).toEqual(skeletonState(stock));
        });

        test('the computation it stands for gives the same (the fallback)', () => {
            const skeleton = used(rt, data, skin);
            computeSetupPose(skeleton, rt.version);
            expect(skeletonState(skeleton)).toEqual(skeletonState(stockSetupPose(skeleton, skin)));
        });
    });

    test('one sample per data and skin object: a skin combined at run time is its own key, by identity', () => {
        const data = rt.data('skins' as never);
        const combo = combined(rt, data, ['base', 'red', 'hat', 'cape']);
        const [a, b] = [used(rt, data, combo), used(rt, data, combo)];
        const sample = SetupPose.of(a);
        expect(SetupPose.of(b)).toBe(sample);
        const same = combined(rt, data, ['base', 'red', 'hat', 'cape']);
        const c = used(rt, data, same);
        expect(SetupPose.of(c)).not.toBe(sample);
        c.setSkin(data.findSkin('base')!);
        expect(SetupPose.of(c)).not.toBe(sample);
        expect(SetupPose.of(c)).toBe(SetupPose.of(used(rt, data, data.findSkin('base'))));
        for (const skeleton of [a, b]) {
            toSetupPose(skeleton, rt.version);
            expect(skeletonState(skeleton)).toEqual(skeletonState(stockSetupPose(skeleton, combo)));
        }
        // The combined skin shows what the base alone does not (its hat, cape and red shirt).
        const base = used(rt, data, data.findSkin('base'));
        toSetupPose(base, rt.version);
        expect(skeletonState(base).slots).not.toEqual(skeletonState(a).slots);
    });

    test('a skeleton placed elsewhere (moved, scaled) is posed by the computation, at its placement', () => {
        const data = rt.data('limbs' as never);
        for (const place of [(s: Any) => (s.x = 12), (s: Any) => (s.y = -4), (s: Any) => (s.scaleX = 2), (s: Any) => (s._scaleY = 0.5)]) {
            const skeleton = used(rt, data, null);
            place(skeleton);
            expect(SetupPose.of(skeleton)!.fits(skeleton)).toBe(false);
            toSetupPose(skeleton, rt.version);
            expect(skeletonState(skeleton)).toEqual(skeletonState(stockSetupPose(skeleton, null)));
        }
    });
});
