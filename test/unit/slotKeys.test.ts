/**
 * spine/slotKeys.ts on real spine-core 4.2 and 4.3 with the corpus rigs: `slotKeysOf` reads from an
 * animation's timelines, by their shape, the same slot keys their classes say (attachment, colour
 * channels, deform and its length, sequence index, draw order), every slot property a pose of the
 * animation changes is among them, and a slot timeline of a shape it does not know is flagged.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { KEY_ALPHA, KEY_ATTACHMENT, KEY_DARK, KEY_DEFORM, KEY_RGB, KEY_SEQUENCE, slotKeysOf } from '../../spine/slotKeys';
import type { Animation } from '../../spine/core/shapes';
import { CORE_RUNTIMES, CORPUS_RIGS, localPose, type CoreRuntime } from '../harness/coreRig';

type Any = any;

/** The slot keys each slot timeline class stands for. */
const SLOT_TIMELINES: Record<string, number> = {
    AttachmentTimeline: KEY_ATTACHMENT,
    DeformTimeline: KEY_DEFORM,
    SequenceTimeline: KEY_SEQUENCE,
    RGBATimeline: KEY_RGB | KEY_ALPHA,
    RGBTimeline: KEY_RGB,
    AlphaTimeline: KEY_ALPHA,
    RGBA2Timeline: KEY_RGB | KEY_ALPHA | KEY_DARK,
    RGB2Timeline: KEY_RGB | KEY_DARK,
};
const DRAW_ORDER_TIMELINES = ['DrawOrderTimeline', 'DrawOrderFolderTimeline'];

/** What `animation` keys on slots according to its timelines' classes. */
function keysByClass(rt: CoreRuntime, animation: SpineCore.Animation, slotCount: number): { masks: number[]; deform: number[]; drawOrder: boolean } {
    const spine = rt.spine as Any;
    const out = { masks: new Array<number>(slotCount).fill(0), deform: new Array<number>(slotCount).fill(0), drawOrder: false };
    for (const t of animation.timelines as Any[]) {
        if (DRAW_ORDER_TIMELINES.some((name) => spine[name] && t instanceof spine[name])) out.drawOrder = true;
        for (const [name, keys] of Object.entries(SLOT_TIMELINES)) {
            if (!(t instanceof spine[name])) continue;
            out.masks[t.slotIndex] |= keys;
            if (keys === KEY_DEFORM) out.deform[t.slotIndex] = Math.max(out.deform[t.slotIndex]!, ...t.vertices.map((v: ArrayLike<number>) => v.length));
        }
    }
    return out;
}

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    const keysOf = (animation: SpineCore.Animation, slots: number) => slotKeysOf(animation as unknown as Animation, slots);

    test("limbs: jump keys the flash attachment, the pelvis's rgba and the draw order; die the eyes, the chest's rgba2, the head's alpha and the cape's deform; aim the crosshair; wave the hand's rgba; walk and run no slot", () => {
        const data = rt.data('limbs');
        const n = data.slots.length;
        const slot = (name: string) => data.findSlot(name)!.index;
        const keyed = (animation: string): Record<string, number> => {
            const masks = keysOf(data.findAnimation(animation)!, n).masks;
            return Object.fromEntries(data.slots.filter((s) => masks[s.index] !== 0).map((s) => [s.name, masks[s.index]!]));
        };
        expect(keyed('jump')).toEqual({ fx: KEY_ATTACHMENT, pelvis: KEY_RGB | KEY_ALPHA });
        expect(keysOf(data.findAnimation('jump')!, n).drawOrder).toBe(true);
        expect(keyed('die')).toEqual({ eyes: KEY_ATTACHMENT, chest: KEY_RGB | KEY_ALPHA | KEY_DARK, head: KEY_ALPHA, cape: KEY_DEFORM });
        expect(keyed('aim')).toEqual({ crosshair: KEY_ATTACHMENT | KEY_RGB | KEY_ALPHA });
        expect(keyed('wave')).toEqual({ hand_L: KEY_RGB | KEY_ALPHA });
        expect(keyed('idle')).toEqual({ cape: KEY_DEFORM });
        expect(keyed('walk')).toEqual({});
        expect(keyed('run')).toEqual({});
        for (const name of ['die', 'aim', 'wave', 'idle', 'walk', 'run']) expect(keysOf(data.findAnimation(name)!, n).drawOrder).toBe(false);
        // The deform capacity is the cape's deform as the runtime makes it.
        const skeleton = rt.skeleton(data);
        rt.poseAt(skeleton, 'die', 0.9);
        expect(keysOf(data.findAnimation('die')!, n).deform[slot('cape')]).toBe(rt.look(skeleton.slots[slot('cape')]!).deform.length);
        expect(rt.look(skeleton.slots[slot('cape')]!).deform.length).toBeGreaterThan(0);
    });

    describe.each(CORPUS_RIGS)('corpus rig %s', (rig) => {
        const data = rt.data(rig);

        test.each(data.animations.map((a) => a.name))("%s: the masks, deform lengths and draw-order flag are the ones its timelines' classes say", (name) => {
            const animation = data.findAnimation(name)!;
            const keys = keysOf(animation, data.slots.length);
            const expected = keysByClass(rt, animation, data.slots.length);
            expect({ masks: [...keys.masks], deform: [...keys.deform], drawOrder: keys.drawOrder, unknown: keys.unknown }).toEqual({
                ...expected,
                unknown: false,
            });
        });

        test.each(data.animations.map((a) => a.name))('%s: every slot property a pose of it changes from the setup pose is keyed', (name) => {
            const animation = data.findAnimation(name)!;
            const keys = keysOf(animation, data.slots.length);
            const setup = localPose(rt, rt.skeleton(data));
            const skeleton = rt.skeleton(data);
            for (let i = 0; i <= 20; i++) {
                rt.poseAt(skeleton, animation, (animation.duration * i) / 20);
                const pose = localPose(rt, skeleton);
                if (JSON.stringify(pose.drawOrder) !== JSON.stringify(setup.drawOrder)) expect(keys.drawOrder).toBe(true);
                pose.slots.forEach((row, s) => {
                    const [attachment, r, g, b, a, dark, , deform] = row as [string | null, number, number, number, number, number[] | null, number, number[]];
                    const [sa, sr, sg, sb, salpha, sdark] = setup.slots[s] as [string | null, number, number, number, number, number[] | null];
                    const mask = keys.masks[s]!;
                    const where = { slot: data.slots[s]!.name, time: (animation.duration * i) / 20 };
                    if (attachment !== sa) expect({ ...where, keyed: mask & KEY_ATTACHMENT }).toEqual({ ...where, keyed: KEY_ATTACHMENT });
                    if (r !== sr || g !== sg || b !== sb) expect({ ...where, keyed: mask & KEY_RGB }).toEqual({ ...where, keyed: KEY_RGB });
                    if (a !== salpha) expect({ ...where, keyed: mask & KEY_ALPHA }).toEqual({ ...where, keyed: KEY_ALPHA });
                    if (JSON.stringify(dark) !== JSON.stringify(sdark)) expect({ ...where, keyed: mask & KEY_DARK }).toEqual({ ...where, keyed: KEY_DARK });
                    if (deform.length > 0) {
                        expect({ ...where, keyed: mask & KEY_DEFORM }).toEqual({ ...where, keyed: KEY_DEFORM });
                        expect(deform.length).toBeLessThanOrEqual(keys.deform[s]!);
                    }
                });
            }
        });
    });

    test('RGB and RGB2 timelines (real ones, made here: the corpus keys none) key rgb, and rgb and dark rgb', () => {
        const data = rt.data('limbs');
        const [chest, head] = [data.findSlot('chest')!.index, data.findSlot('head')!.index];
        const rgb = new rt.spine.RGBTimeline(1, 0, head);
        const rgb2 = new rt.spine.RGB2Timeline(1, 0, chest);
        const keys = keysOf(new rt.spine.Animation('tint', [rgb, rgb2], 1), data.slots.length);
        expect([keys.masks[head], keys.masks[chest], keys.unknown]).toEqual([KEY_RGB, KEY_RGB | KEY_DARK, false]);
    });

    test('a SequenceTimeline keys the sequence index of its slot', () => {
        const data = rt.freshData('limbs');
        const keys = keysOf(rt.sequenceAnimation(data, 'head'), data.slots.length);
        const head = data.findSlot('head')!.index;
        expect([...keys.masks].map((m, i) => (i === head ? m : 0))).toEqual([...keys.masks]);
        expect(keys.masks[head]).toBe(KEY_SEQUENCE);
    });

    test('a slot timeline of a shape it does not know (a spine-core CurveTimeline given a slot, three values a frame) is flagged unknown', () => {
        const data = rt.data('limbs');
        const spine = rt.spine as Any;
        class FutureSlotTimeline extends spine.CurveTimeline {
            slotIndex = 3;
            constructor() {
                super(1, 0, ...(rt.v43 ? ['future|3'] : [['future|3']]));
            }
            getFrameEntries(): number {
                return 3;
            }
        }
        const keys = keysOf(
            new rt.spine.Animation('future', [new FutureSlotTimeline() as Any, ...data.findAnimation('wave')!.timelines], 1),
            data.slots.length,
        );
        expect(keys.unknown).toBe(true);
        expect(keysOf(data.findAnimation('wave')!, data.slots.length).unknown).toBe(false);
    });
});
