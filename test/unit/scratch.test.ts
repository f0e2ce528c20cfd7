/**
 * spine/core/scratch.ts on real spine-core 4.2 and 4.3 with the corpus rigs: there is one scratch
 * skeleton per SkeletonData; `sampleOn` poses it as the animation alone over the setup pose,
 * whatever it showed before.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { sampleOn, scratchOf } from '../../spine/core/scratch';
import { CORE_RUNTIMES, CORPUS_RIGS, localPose } from '../harness/coreRig';

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    describe('scratchOf', () => {
        test("is one skeleton per SkeletonData, of the source's class and data, not the source", () => {
            const data = rt.data('limbs');
            const [a, b] = [rt.skeleton(data), rt.skeleton(data)];
            const scratch = scratchOf(a).skeleton;
            expect(scratchOf(b).skeleton).toBe(scratch);
            expect(scratch).not.toBe(a);
            expect(scratch).toBeInstanceOf(rt.spine.Skeleton);
            expect(scratch.data).toBe(data);
            expect(scratchOf(rt.skeleton(rt.data('path'))).skeleton).not.toBe(scratch);
            expect(scratchOf(rt.skeleton(rt.freshData('limbs'))).skeleton).not.toBe(scratch);
        });
    });

    describe.each(CORPUS_RIGS)('sampleOn, corpus rig %s', (rig) => {
        test('poses the scratch skeleton as the animation alone at that time over the setup pose, world transforms included, whatever it showed before', () => {
            const data = rt.data(rig);
            const scratch = scratchOf(rt.skeleton(data));
            const expected = rt.skeleton(data);
            const worlds = (s: SpineCore.Skeleton) => s.bones.map((bone) => ((w) => [w.a, w.b, w.c, w.d, w.worldX, w.worldY])(rt.world(bone)));
            // Each after another that leaves things behind (jump: the flash and the draw order swap; die: closed eyes, colours, deform).
            for (const [animation, time] of [
                ['jump', 0.2],
                ['idle', 0.5],
                ['die', 0.9],
                ['walk', 0.3],
                ['jump', 0.05],
                ['aim', 0.55],
            ] as const) {
                sampleOn(scratch, null, data.findAnimation(animation)!, time);
                rt.poseAt(expected, animation, time);
                expect({ animation, pose: localPose(rt, scratch.skeleton as unknown as SpineCore.Skeleton) }).toEqual({
                    animation,
                    pose: localPose(rt, expected),
                });
                expect(worlds(scratch.skeleton as unknown as SpineCore.Skeleton)).toEqual(worlds(expected));
            }
        });
    });
});
