/**
 * spine/SampleLayout.ts on real spine-core 4.2 and 4.3 with the corpus rigs: a pose written into a
 * sample and read back into another skeleton of the same data gives the same bone world transforms
 * (to single precision, what a sample stores), the same keyed slot colours, attachments, deforms
 * and sequence indices, and the same draw order; between two samples, bones, colours and deforms
 * are interpolated linearly and the rest comes from the nearer sample.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { SampleLayout } from '../../spine/SampleLayout';
import { KEY_ALPHA, KEY_DARK, KEY_DEFORM, KEY_RGB, slotKeysOf, type SlotKeys } from '../../spine/slotKeys';
import { UnkeyedPose } from '../../spine/unkeyedPose';
import { CORE_RUNTIMES, CORPUS_RIGS, type CoreRuntime } from '../harness/coreRig';

const f32 = Math.fround;

/** The layout, slot keys and unkeyed-pose check of `animation` on skeletons of `data`, as the pose cache makes them (on a setup-posed skeleton). */
function clipOf(rt: CoreRuntime, data: SpineCore.SkeletonData, animation: SpineCore.Animation): { layout: SampleLayout; keys: SlotKeys; base: UnkeyedPose } {
    const setup = rt.skeleton(data);
    const keys = slotKeysOf(animation, setup.slots.length);
    return { layout: new SampleLayout(setup, rt.version, keys), keys, base: new UnkeyedPose(setup, rt.version, animation, keys) };
}

/** `skeleton` posed with `animation` at `time`, written into a new sample (its attachments into `refs` from `refAt`). */
function sampleAt(
    rt: CoreRuntime,
    layout: SampleLayout,
    skeleton: SpineCore.Skeleton,
    animation: SpineCore.Animation,
    time: number,
    refs: unknown[],
    refAt: number,
): Float32Array {
    rt.poseAt(skeleton, animation, time);
    const sample = new Float32Array(layout.floats);
    layout.write(skeleton, sample, refs, refAt);
    return sample;
}

/** Bone world transforms [a, b, c, d, x, y] by bone. */
function worlds(rt: CoreRuntime, skeleton: SpineCore.Skeleton): number[][] {
    return skeleton.bones.map((bone) => {
        const w = rt.world(bone);
        return [w.a, w.b, w.c, w.d, w.worldX, w.worldY];
    });
}

/** Slot colours [r, g, b, a, dark r, g, b] by slot (dark: NaN when the slot has none). */
function colors(rt: CoreRuntime, skeleton: SpineCore.Skeleton): number[][] {
    return skeleton.slots.map((slot) => {
        const { color: c, darkColor: d } = rt.look(slot);
        return [c.r, c.g, c.b, c.a, d ? d.r : NaN, d ? d.g : NaN, d ? d.b : NaN];
    });
}

/** Colour channels a mask keys, by position in `colors`' rows. */
function keyedChannels(mask: number): boolean[] {
    const rgb = (mask & KEY_RGB) !== 0;
    const dark = (mask & KEY_DARK) !== 0;
    return [rgb, rgb, rgb, (mask & KEY_ALPHA) !== 0, dark, dark, dark];
}

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    describe.each(CORPUS_RIGS)('corpus rig %s', (rig) => {
        const data = rt.data(rig);

        test.each(data.animations.map((a) => a.name))(
            '%s: a pose written and read back at weight 0 has the same bone world transforms, keyed slot colours, attachments, deforms, sequence indices and draw order',
            (name) => {
                const animation = data.findAnimation(name)!;
                const { layout, keys, base } = clipOf(rt, data, animation);
                const source = rt.skeleton(data);
                const target = rt.skeleton(data);
                const d = animation.duration;
                for (const time of [0, 0.2, d / 2, 0.61, d - 0.01, d]) {
                    const refs: unknown[] = ['before', 'before', 'before'];
                    const sample = sampleAt(rt, layout, source, animation, time, refs, 3);
                    expect(refs.slice(0, 3)).toEqual(['before', 'before', 'before']);
                    expect(refs).toHaveLength(3 + layout.refSlots);
                    // The target shows the same animation elsewhere (keyed values differ, the rest is at the setup pose).
                    rt.poseAt(target, animation, (time + d / 3) % d);
                    expect(layout.read(target, sample, sample, 0, refs, 3, base)).toBe(true);

                    expect(worlds(rt, target)).toEqual(worlds(rt, source).map((row) => row.map(f32)));
                    const [got, want] = [colors(rt, target), colors(rt, source)];
                    source.slots.forEach((slot, i) => {
                        const channels = keyedChannels(keys.masks[i]!);
                        // Keyed channels as stored (single precision); the others as they were: the setup pose on both.
                        expect({ slot: slot.data.name, color: got[i] }).toEqual({
                            slot: slot.data.name,
                            color: want[i]!.map((v, c) => (channels[c] ? f32(v) : v)),
                        });
                        const [a, b] = [rt.look(slot), rt.look(target.slots[i]!)];
                        expect(b.attachment).toBe(a.attachment);
                        expect(b.sequenceIndex).toBe(a.sequenceIndex);
                        expect([...b.deform]).toEqual([...a.deform].map((keys.masks[i]! & KEY_DEFORM) !== 0 ? f32 : (v) => v));
                    });
                    expect(rt.drawOrder(target)).toEqual(rt.drawOrder(source));
                }
            },
        );
    });

    test("what is read is what was written: the target started elsewhere (jump: the flash attachment, the draw order swap; die: the closed eyes, the folded cape, the chest's colours)", () => {
        const data = rt.data('limbs');
        for (const [name, time, from] of [
            ['jump', 0.2, 0.05],
            ['die', 0.9, 0.1],
        ] as const) {
            const animation = data.findAnimation(name)!;
            const { layout, base } = clipOf(rt, data, animation);
            const refs: unknown[] = [];
            const source = rt.skeleton(data);
            const sample = sampleAt(rt, layout, source, animation, time, refs, 0);
            const target = rt.skeleton(data);
            rt.poseAt(target, animation, from);
            const slotsOf = (s: SpineCore.Skeleton) =>
                s.slots.map((slot) => [rt.look(slot).attachment?.name ?? null, rt.look(slot).color.a, rt.look(slot).deform.length]);
            expect(slotsOf(target)).not.toEqual(slotsOf(source));
            const order = rt.drawOrder(target);
            expect(layout.read(target, sample, sample, 0, refs, 0, base)).toBe(true);
            expect(slotsOf(target)).toEqual(slotsOf(source).map(([n, a, l]) => [n, f32(a as number), l]));
            if (name === 'jump') expect(rt.drawOrder(target)).not.toEqual(order);
            expect(rt.drawOrder(target)).toEqual(rt.drawOrder(source));
        }
    });

    test("a keyed sequence index round-trips (a SequenceTimeline made on the rig's head)", () => {
        const data = rt.freshData('limbs');
        const animation = rt.sequenceAnimation(data, 'head');
        const { layout, keys, base } = clipOf(rt, data, animation);
        const head = data.findSlot('head')!.index;
        expect(keys.masks[head]).not.toBe(0);
        const source = rt.skeleton(data);
        const target = rt.skeleton(data);
        for (const [time, index] of [
            [0.05, 0],
            [0.15, 1],
            [0.25, 2],
            [0.7, 1],
        ] as const) {
            const sample = sampleAt(rt, layout, source, animation, time, [], 0);
            rt.poseAt(target, animation, 0.35); // region 0
            expect(layout.read(target, sample, sample, 0, [], 0, base)).toBe(true);
            expect([rt.look(source.slots[head]!).sequenceIndex, rt.look(target.slots[head]!).sequenceIndex]).toEqual([index, index]);
        }
    });

    test('between two samples, bones, colours and deforms are interpolated linearly by the weight; attachments, sequence indices and draw order come from the first (the sample at or before the time)', () => {
        const data = rt.data('limbs');
        for (const [name, t1, t2] of [
            ['jump', 0.05, 0.2],
            ['die', 0.4, 0.6],
        ] as const) {
            const animation = data.findAnimation(name)!;
            const { layout, base } = clipOf(rt, data, animation);
            const refs: unknown[] = [];
            const [first, second, target] = [rt.skeleton(data), rt.skeleton(data), rt.skeleton(data)];
            const a = sampleAt(rt, layout, first, animation, t1, refs, 0);
            const b = sampleAt(rt, layout, second, animation, t2, refs, layout.refSlots);
            for (const weight of [0.25, 0.75]) {
                rt.setupPose(target);
                expect(layout.read(target, a, b, weight, refs, 0, base)).toBe(true);
                const lerp = (x: number, y: number) => f32(x) * (1 - weight) + f32(y) * weight;
                const [w1, w2] = [worlds(rt, first), worlds(rt, second)];
                worlds(rt, target).forEach((row, i) => row.forEach((v, k) => expect(v).toBeCloseTo(lerp(w1[i]![k]!, w2[i]![k]!), 9)));
                const near = first;
                const [c1, c2] = [colors(rt, first), colors(rt, second)];
                target.slots.forEach((slot, i) => {
                    const channels = keyedChannels(slotKeysOf(animation, target.slots.length).masks[i]!);
                    colors(rt, target)[i]!.forEach((v, k) => {
                        if (channels[k]) expect(v).toBeCloseTo(lerp(c1[i]![k]!, c2[i]![k]!), 6);
                    });
                    const [look, l1, l2, ln] = [rt.look(slot), rt.look(first.slots[i]!), rt.look(second.slots[i]!), rt.look(near.slots[i]!)];
                    expect(look.attachment).toBe(ln.attachment);
                    expect(look.sequenceIndex).toBe(ln.sequenceIndex);
                    if (l1.deform.length === l2.deform.length) look.deform.forEach((v, k) => expect(v).toBeCloseTo(lerp(l1.deform[k]!, l2.deform[k]!), 6));
                    else expect([...look.deform]).toEqual([...ln.deform].map(f32));
                });
                expect(rt.drawOrder(target)).toEqual(rt.drawOrder(near));
            }
            // The two samples differ where it shows: otherwise "the first" would not be tested.
            if (name === 'jump') expect(rt.drawOrder(first)).not.toEqual(rt.drawOrder(second));
            else
                expect(rt.look(first.slots[data.findSlot('eyes')!.index]!).attachment).not.toBe(
                    rt.look(second.slots[data.findSlot('eyes')!.index]!).attachment,
                );
        }
    });

    test('read refuses (false) a skeleton with a bone off its setup pose where the animation does not key it', () => {
        const data = rt.data('limbs');
        const animation = data.findAnimation('walk')!;
        const { layout, base } = clipOf(rt, data, animation);
        const sample = sampleAt(rt, layout, rt.skeleton(data), animation, 0.3, [], 0);
        const target = rt.skeleton(data);
        rt.local(target.findBone('gun')!).rotation += 5; // walk keys no gun
        expect(layout.read(target, sample, sample, 0, [], 0, base)).toBe(false);
        rt.setupPose(target);
        rt.local(target.findBone('chest')!).rotation += 5; // walk keys the chest's rotation
        expect(layout.read(target, sample, sample, 0, [], 0, base)).toBe(true);
    });

    test('write stays within `floats` floats and `refSlots` references', () => {
        for (const rig of CORPUS_RIGS) {
            const data = rt.data(rig);
            for (const animation of data.animations) {
                const { layout } = clipOf(rt, data, animation);
                const source = rt.skeleton(data);
                rt.poseAt(source, animation, animation.duration / 2);
                const sample = new Float32Array(layout.floats + 8).fill(7777);
                const refs: unknown[] = [];
                layout.write(source, sample, refs, 0);
                expect([...sample.subarray(layout.floats)]).toEqual(new Array(8).fill(7777));
                expect(refs).toHaveLength(layout.refSlots);
                expect(layout.bytes).toBeGreaterThanOrEqual(layout.floats * 4);
            }
        }
    });
});
