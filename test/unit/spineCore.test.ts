/**
 * spine/spineCore.ts on real spine-core 4.2 and 4.3 with the corpus rigs: `plainEntry` is the entry
 * of a state playing one animation plainly and null otherwise; `isSpine43` tells the versions apart;
 * the accessors reach what the runtime itself draws and poses with on both versions; there is one
 * scratch skeleton per SkeletonData; `sampleOn` poses it as the animation alone over the setup
 * pose, whatever it showed before.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import {
    applyFromSetup,
    boneLocal,
    boneSetup,
    boneWorld,
    constraintListsOf,
    constraintsIn,
    constraintsMoveSlots,
    drawOrderOf,
    isAdditive,
    isSpine43,
    physicsOf,
    plainEntry,
    sampleOn,
    scratchSkeleton,
    setAnimationObject,
    setupPose,
    slotLook,
    type Animation,
    type AnimationState,
    type Bone,
    type Skeleton,
    type Slot,
    type TrackEntry,
} from '../../spine/spineCore';
import { CORE_RUNTIMES, CORPUS_RIGS, localPose, PHYSICS_NONE } from '../harness/coreRig';
import { slotLooks, drawOrderOf as shownDrawOrder, worldOf } from '../harness/spineApi';

type Any = any;

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    const sk = (skeleton: SpineCore.Skeleton): Skeleton => skeleton as unknown as Skeleton;
    const v43 = rt.v43;

    describe('plainEntry', () => {
        /** A limbs state playing idle on track 0, applied once. */
        function idle(): { state: SpineCore.AnimationState; entry: SpineCore.TrackEntry; skeleton: SpineCore.Skeleton } {
            const state = rt.state('limbs');
            const skeleton = rt.skeleton('limbs');
            const entry = state.setAnimation(0, 'idle', true);
            state.update(1 / 60);
            state.apply(skeleton);
            return { state, entry, skeleton };
        }
        const plain = (state: SpineCore.AnimationState) => plainEntry(state as unknown as { tracks: TrackEntry[] });

        test('is the track-0 entry of one animation playing plainly, even with another queued after it or an emptied track above', () => {
            const { state, entry } = idle();
            expect(plain(state)).toBe(entry);
            state.addAnimation(0, 'walk', true, 2);
            expect(plain(state)).toBe(entry);
            state.setAnimation(1, 'aim', true);
            state.clearTrack(1);
            expect(state.tracks.length).toBe(2);
            expect(plain(state)).toBe(entry);
        });

        test.each([
            ['an empty state', (s: SpineCore.AnimationState) => s.clearTracks()],
            ['nothing on track 0, something on track 1', (s: SpineCore.AnimationState) => {
                s.clearTrack(0);
                s.setAnimation(1, 'aim', true);
            }],
            ['a mix', (s: SpineCore.AnimationState) => {
                s.setAnimation(0, 'walk', true).mixDuration = 0.2;
            }],
            ['a second track', (s: SpineCore.AnimationState) => s.setAnimation(1, 'aim', true)],
            ['alpha below 1', (s: SpineCore.AnimationState) => {
                s.tracks[0]!.alpha = 0.99;
            }],
            ['an additive entry', (s: SpineCore.AnimationState) => rt.makeAdditive(s.tracks[0]!)],
            ['a delay being waited out', (s: SpineCore.AnimationState) => {
                s.clearTrack(0);
                s.addAnimation(0, 'walk', true, 0.5);
            }],
            ['an entry played in reverse', (s: SpineCore.AnimationState) => {
                s.tracks[0]!.reverse = true;
            }],
        ] as const)('is null for %s', (_name, change) => {
            const { state } = idle();
            change(state);
            expect(plain(state)).toBeNull();
        });

        test('isAdditive reads the version\'s way of saying it', () => {
            const { entry } = idle();
            expect(isAdditive(entry as unknown as TrackEntry)).toBe(false);
            rt.makeAdditive(entry);
            expect(isAdditive(entry as unknown as TrackEntry)).toBe(true);
        });
    });

    test(`isSpine43 is ${v43} for this version's skeletons`, () => {
        expect(isSpine43(rt.skeleton('limbs'))).toBe(v43);
    });

    describe.each(CORPUS_RIGS)('accessors on corpus rig %s', (rig) => {
        test('boneWorld is the world transform spine-core computes and draws with', () => {
            const skeleton = rt.skeleton(rig);
            rt.poseAt(skeleton, 'jump', 0.3);
            const before = skeleton.getBoundsRect();
            skeleton.bones.forEach((bone) => {
                const w = boneWorld(bone as unknown as Bone, v43);
                expect([w.a, w.b, w.c, w.d, w.worldX, w.worldY]).toEqual(((b) => [b.a, b.b, b.c, b.d, b.worldX, b.worldY])(worldOf(bone as Any)));
                w.worldX += 100; // written where spine-core reads it: every attachment moves
            });
            const after = skeleton.getBoundsRect();
            // Attachment vertices are single precision.
            expect(after.x - before.x).toBeCloseTo(100, 4);
            expect(after.width).toBeCloseTo(before.width, 4);
        });

        test('boneLocal is the local pose animations write and world transforms are computed from; boneSetup the pose setupPose restores', () => {
            const skeleton = rt.skeleton(rig);
            const root = skeleton.bones[0]!;
            const hip = skeleton.findBone('hip')!;
            expect(boneLocal(hip as unknown as Bone, v43).y).toBe(boneSetup(hip as unknown as Bone, v43).y);
            rt.poseAt(skeleton, 'walk', 0.2); // walk keys the hip's y
            expect(boneLocal(hip as unknown as Bone, v43).y).not.toBe(boneSetup(hip as unknown as Bone, v43).y);
            const x = boneWorld(root as unknown as Bone, v43).worldX;
            boneLocal(root as unknown as Bone, v43).x += 25;
            skeleton.updateWorldTransform(PHYSICS_NONE as never);
            expect(boneWorld(root as unknown as Bone, v43).worldX).toBeCloseTo(x + 25, 9);
            setupPose(sk(skeleton));
            skeleton.bones.forEach((bone) => {
                const [l, s] = [boneLocal(bone as unknown as Bone, v43), boneSetup(bone as unknown as Bone, v43)];
                expect([l.x, l.y, l.rotation, l.scaleX, l.scaleY, l.shearX, l.shearY, l.inherit]).toEqual([s.x, s.y, s.rotation, s.scaleX, s.scaleY, s.shearX, s.shearY, s.inherit]);
            });
        });

        test('slotLook is what animations set and the runtime shows (attachment, colours, deform); drawOrderOf the draw order it draws in', () => {
            const skeleton = rt.skeleton(rig);
            expect(constraintsMoveSlots(sk(skeleton))).toBe(false);
            for (const [animation, time] of [['die', 0.9], ['jump', 0.2], ['aim', 0.5]] as const) {
                rt.poseAt(skeleton, animation, time);
                const shown = slotLooks(skeleton as Any);
                skeleton.slots.forEach((slot, i) => {
                    const look = slotLook(slot as unknown as Slot, v43);
                    const d = look.darkColor;
                    expect({
                        attachment: (look.attachment as SpineCore.Attachment | null)?.name ?? null,
                        color: [look.color.r, look.color.g, look.color.b, look.color.a],
                        dark: d ? [d.r, d.g, d.b] : null,
                        deform: look.deform,
                    }).toEqual(shown[i]);
                });
                expect(drawOrderOf(sk(skeleton)).map((s) => s.data.index)).toEqual(shownDrawOrder(skeleton as Any));
            }
            // The list itself, edited in place: the runtime draws in the new order.
            const order = drawOrderOf(sk(skeleton));
            expect(drawOrderOf(sk(skeleton))).toBe(order);
            [order[0], order[1]] = [order[1]!, order[0]!];
            expect(shownDrawOrder(skeleton as Any).slice(0, 2)).toEqual([order[0]!.data.index, order[1]!.data.index]);
        });

        test('constraintsIn lists the constraints of the version\'s lists, physicsOf the physics constraints', () => {
            const skeleton = rt.skeleton(rig);
            const all = constraintListsOf(v43).flatMap((list) => constraintsIn(sk(skeleton), list));
            const s = skeleton as Any;
            expect(all).toEqual(v43 ? s.constraints : [...s.ikConstraints, ...s.transformConstraints, ...s.pathConstraints]);
            expect(physicsOf(sk(skeleton))).toEqual(v43 ? s.physics : s.physicsConstraints);
            expect(physicsOf(sk(skeleton)).length > 0).toBe(rig === 'physics');
        });
    });

    describe('scratchSkeleton', () => {
        test('is one skeleton per SkeletonData, of the source\'s class and data, not the source', () => {
            const data = rt.data('limbs');
            const [a, b] = [rt.skeleton(data), rt.skeleton(data)];
            const scratch = scratchSkeleton(sk(a));
            expect(scratchSkeleton(sk(b))).toBe(scratch);
            expect(scratch).not.toBe(a);
            expect(scratch).toBeInstanceOf(rt.spine.Skeleton);
            expect(scratch.data).toBe(data);
            expect(scratchSkeleton(sk(rt.skeleton(rt.data('path'))))).not.toBe(scratch);
            expect(scratchSkeleton(sk(rt.skeleton(rt.freshData('limbs'))))).not.toBe(scratch);
        });
    });

    describe.each(CORPUS_RIGS)('sampleOn, corpus rig %s', (rig) => {
        test('poses the scratch skeleton as the animation alone at that time over the setup pose, world transforms included, whatever it showed before', () => {
            const data = rt.data(rig);
            const scratch = scratchSkeleton(sk(rt.skeleton(data)));
            const expected = rt.skeleton(data);
            const worlds = (s: SpineCore.Skeleton) => s.bones.map((bone) => ((w) => [w.a, w.b, w.c, w.d, w.worldX, w.worldY])(rt.world(bone)));
            // Each after another that leaves things behind (jump: the flash and the draw order swap; die: closed eyes, colours, deform).
            for (const [animation, time] of [['jump', 0.2], ['idle', 0.5], ['die', 0.9], ['walk', 0.3], ['jump', 0.05], ['aim', 0.55]] as const) {
                sampleOn(scratch, null, data.findAnimation(animation) as unknown as Animation, time);
                rt.poseAt(expected, animation, time);
                expect({ animation, pose: localPose(rt, scratch as unknown as SpineCore.Skeleton) }).toEqual({ animation, pose: localPose(rt, expected) });
                expect(worlds(scratch as unknown as SpineCore.Skeleton)).toEqual(worlds(expected));
            }
        });
    });

    test('applyFromSetup fires the events between the two times; setAnimationObject sets the Animation object given', () => {
        const data = rt.data('limbs');
        const skeleton = rt.skeleton(data);
        const events: SpineCore.Event[] = [];
        applyFromSetup(data.findAnimation('walk') as unknown as Animation, sk(skeleton), 0.1, 0.5, false, events);
        expect(events.map((e) => e.data.name)).toEqual(['step']);
        const state = rt.state(data);
        const run = data.findAnimation('run')!;
        const entry = setAnimationObject(state as unknown as AnimationState, 1, run as unknown as Animation, true);
        expect([state.tracks[1], entry.animation, entry.loop]).toEqual([entry, run, true]);
    });
});
