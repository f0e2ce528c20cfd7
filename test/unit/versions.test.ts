/**
 * spine/core/ (versions.ts, spine42.ts, spine43.ts) on real spine-core 4.2 and 4.3 with the corpus
 * rigs: `versionOf` tells the versions apart; the version object's accessors reach what the runtime
 * itself draws and poses with on both versions; `applyFromSetup` fires the events it passes and
 * `setAnimation` sets an Animation object.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { SPINE_42 } from '../../spine/core/spine42';
import { SPINE_43 } from '../../spine/core/spine43';
import { versionOf } from '../../spine/core/versions';
import { CORE_RUNTIMES, CORPUS_RIGS, PHYSICS_NONE } from '../harness/coreRig';
import { slotLooks, drawOrderOf as shownDrawOrder, worldOf } from '../harness/spineApi';

type Any = any;

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    const v43 = rt.v43;
    const version = versionOf(rt.skeleton('limbs'));

    test(`versionOf gives ${v43 ? 'SPINE_43' : 'SPINE_42'} for this version's skeletons`, () => {
        expect(version).toBe(v43 ? SPINE_43 : SPINE_42);
    });

    describe.each(CORPUS_RIGS)('accessors on corpus rig %s', (rig) => {
        test('boneWorld is the world transform spine-core computes and draws with', () => {
            const skeleton = rt.skeleton(rig);
            rt.poseAt(skeleton, 'jump', 0.3);
            const before = skeleton.getBoundsRect();
            skeleton.bones.forEach((bone) => {
                const w = version.boneWorld(bone);
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
            expect(version.boneLocal(hip).y).toBe(version.boneSetup(hip).y);
            rt.poseAt(skeleton, 'walk', 0.2); // walk keys the hip's y
            expect(version.boneLocal(hip).y).not.toBe(version.boneSetup(hip).y);
            const x = version.boneWorld(root).worldX;
            version.boneLocal(root).x += 25;
            skeleton.updateWorldTransform(PHYSICS_NONE as never);
            expect(version.boneWorld(root).worldX).toBeCloseTo(x + 25, 9);
            version.setupPose(skeleton);
            skeleton.bones.forEach((bone) => {
                const [l, s] = [version.boneLocal(bone), version.boneSetup(bone)];
                expect([l.x, l.y, l.rotation, l.scaleX, l.scaleY, l.shearX, l.shearY, l.inherit]).toEqual([
                    s.x,
                    s.y,
                    s.rotation,
                    s.scaleX,
                    s.scaleY,
                    s.shearX,
                    s.shearY,
                    s.inherit,
                ]);
            });
        });

        test('slotLook is what animations set and the runtime shows (attachment, colours, deform); drawOrder the draw order it draws in', () => {
            const skeleton = rt.skeleton(rig);
            expect(version.constraintsMoveSlots(skeleton)).toBe(false);
            for (const [animation, time] of [
                ['die', 0.9],
                ['jump', 0.2],
                ['aim', 0.5],
            ] as const) {
                rt.poseAt(skeleton, animation, time);
                const shown = slotLooks(skeleton as Any);
                skeleton.slots.forEach((slot, i) => {
                    const look = version.slotLook(slot);
                    const d = look.darkColor;
                    expect({
                        attachment: (look.attachment as SpineCore.Attachment | null)?.name ?? null,
                        color: [look.color.r, look.color.g, look.color.b, look.color.a],
                        dark: d ? [d.r, d.g, d.b] : null,
                        deform: look.deform,
                    }).toEqual(shown[i]);
                });
                expect(version.drawOrder(skeleton).map((s) => s.data.index)).toEqual(shownDrawOrder(skeleton as Any));
            }
            // The list itself, edited in place: the runtime draws in the new order.
            const order = version.drawOrder(skeleton);
            expect(version.drawOrder(skeleton)).toBe(order);
            [order[0], order[1]] = [order[1]!, order[0]!];
            expect(shownDrawOrder(skeleton as Any).slice(0, 2)).toEqual([order[0]!.data.index, order[1]!.data.index]);
        });

        test("constraintsIn lists the constraints of the version's lists, physicsOf the physics constraints", () => {
            const skeleton = rt.skeleton(rig);
            const all = version.constraintLists.flatMap((list) => version.constraintsIn(skeleton, list));
            const s = skeleton as Any;
            expect(all).toEqual(v43 ? s.constraints : [...s.ikConstraints, ...s.transformConstraints, ...s.pathConstraints]);
            expect(version.physicsOf(skeleton)).toEqual(v43 ? s.physics : s.physicsConstraints);
            expect(version.physicsOf(skeleton).length > 0).toBe(rig === 'physics');
        });
    });

    test('applyFromSetup fires the events between the two times; setAnimation sets the Animation object given', () => {
        const data = rt.data('limbs');
        const skeleton = rt.skeleton(data);
        const events: SpineCore.Event[] = [];
        version.applyFromSetup(data.findAnimation('walk')!, skeleton, 0.1, 0.5, false, events);
        expect(events.map((e) => e.data.name)).toEqual(['step']);
        const state = rt.state(data);
        const run = data.findAnimation('run')!;
        const entry = version.setAnimation(state, 1, run, true);
        expect([state.tracks[1], entry.animation, entry.loop]).toEqual([entry, run, true]);
    });
});
