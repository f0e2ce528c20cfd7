/**
 * The fidelity corpus (fixtures/skeletons/corpus.ts) is real Spine data in both formats: the official
 * spine-core 4.2 parser reads its 4.2 JSON and the 4.3 one its `toSpine43` output; every attachment
 * finds its region; each rig has the seven shared animations with their durations, events and the
 * keying contract scenarios rely on (aim and wave key only what no track-0 animation keys, walk and
 * run key different bones); between them the rigs key every kind of timeline and constraint; and
 * both formats pose the same skeleton.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { createCanvas } from '@napi-rs/canvas';
import {
    buildCorpusRig,
    CORPUS_ANIMATION_SPECS,
    CORPUS_ANIMATIONS,
    corpusRig,
    CORPUS_RIGS,
    type CorpusRigName,
    type CorpusSkeleton,
} from '../../fixtures/skeletons/corpus';
import type { SpineFormat } from '../../fixtures/skeletons/generate';
import { toSpine43 } from '../../fixtures/skeletons/spine43';
import { loadSpineCore } from '../harness/spineCore';

type Spine = typeof SpineCore;
type Json = Record<string, any>;
type Any = any;

/** What these checks need from a spine-core, over the API changes of 4.3 (see skeletons.test.ts). */
interface Runtime {
    format: SpineFormat;
    spine: Spine;
    setupPose(skeleton: SpineCore.Skeleton): void;
    /** Poses `animation` at `time` over the setup pose (no mixing). */
    apply(animation: SpineCore.Animation, skeleton: SpineCore.Skeleton, time: number): void;
    world(bone: SpineCore.Bone): { worldX: number; worldY: number };
    /** Constraints of a kind ('ik', 'transform', 'path', 'physics'), in data order. */
    constraints(data: SpineCore.SkeletonData, kind: string): any[];
    eventValues(data: SpineCore.EventData): { intValue: number; floatValue: number; stringValue: string | null };
    /** Per slot (in slot order): attachment name, colour and dark colour; and the draw order as slot indices. */
    slots(skeleton: SpineCore.Skeleton): { attachments: (string | null)[]; colors: number[][]; drawOrder: number[] };
}

const KINDS: Record<string, [v42: string, v43: string]> = {
    ik: ['ikConstraints', 'IkConstraintData'],
    transform: ['transformConstraints', 'TransformConstraintData'],
    path: ['pathConstraints', 'PathConstraintData'],
    physics: ['physicsConstraints', 'PhysicsConstraintData'],
};

function runtime(format: SpineFormat): Runtime {
    const spine = loadSpineCore(format);
    const any = spine as any;
    const colors = (light: SpineCore.Color, dark: SpineCore.Color | null): number[] => [
        light.r,
        light.g,
        light.b,
        light.a,
        ...(dark ? [dark.r, dark.g, dark.b] : []),
    ];
    if (format === '4.2') {
        return {
            format,
            spine,
            setupPose: (skeleton) => skeleton.setToSetupPose(),
            apply: (animation, skeleton, time) => animation.apply(skeleton, 0, time, false, [], 1, spine.MixBlend.setup, spine.MixDirection.mixIn),
            world: (bone) => bone,
            constraints: (data, kind) => (data as any)[KINDS[kind]![0]],
            eventValues: (data) => data,
            slots: (skeleton) => ({
                attachments: skeleton.slots.map((s) => s.getAttachment()?.name ?? null),
                colors: skeleton.slots.map((s) => colors(s.color, s.darkColor)),
                drawOrder: skeleton.drawOrder.map((s) => s.data.index),
            }),
        };
    }
    return {
        format,
        spine,
        setupPose: (skeleton) => (skeleton as any).setupPose(),
        apply: (animation, skeleton, time) =>
            (animation.apply as (...args: unknown[]) => void).call(animation, skeleton, 0, time, false, [], 1, any.MixFrom.setup, false, false, false),
        world: (bone) => (bone as any).appliedPose,
        constraints: (data, kind) => (data as any).constraints.filter((c: object) => c instanceof any[KINDS[kind]![1]]),
        eventValues: (data) => (data as any).setupPose,
        slots: (skeleton) => ({
            attachments: skeleton.slots.map((s: any) => s.appliedPose.getAttachment()?.name ?? null),
            colors: skeleton.slots.map((s: any) => colors(s.appliedPose.color, s.appliedPose.darkColor)),
            drawOrder: (skeleton as any).drawOrder.appliedPose.map((s: any) => s.data.index),
        }),
    };
}

const RUNTIMES = (['4.2', '4.3'] as const).map(runtime);
const ANIMATIONS = Object.values(CORPUS_ANIMATIONS);
const TRACK0 = ANIMATIONS.filter((a) => CORPUS_ANIMATION_SPECS[a].track === 0);

const COMMON_TIMELINES = [
    'RotateTimeline',
    'TranslateTimeline',
    'ScaleTimeline',
    'ShearTimeline',
    'AttachmentTimeline',
    'RGBATimeline',
    'RGBA2Timeline',
    'AlphaTimeline',
    'DrawOrderTimeline',
    'DeformTimeline',
    'IkConstraintTimeline',
    'EventTimeline',
];
const RIG_TIMELINES: Record<CorpusRigName, string[]> = {
    limbs: ['TransformConstraintTimeline'],
    path: ['PathConstraintPositionTimeline', 'PathConstraintSpacingTimeline', 'PathConstraintMixTimeline'],
    physics: ['Inertia', 'Strength', 'Damping', 'Mass', 'Wind', 'Gravity', 'Mix', 'Reset'].map((p) => `PhysicsConstraint${p}Timeline`),
    giant: [],
};
/** Minimum constraint counts per rig. */
const RIG_CONSTRAINTS: Record<CorpusRigName, Record<string, number>> = {
    limbs: { ik: 3, transform: 1, path: 0, physics: 0 },
    path: { ik: 3, transform: 0, path: 1, physics: 0 },
    physics: { ik: 3, transform: 0, path: 0, physics: 5 },
    giant: { ik: 3, transform: 0, path: 0, physics: 0 },
};

function parse(rt: Runtime, gen: CorpusSkeleton): { atlas: SpineCore.TextureAtlas; data: SpineCore.SkeletonData } {
    const atlas = new rt.spine.TextureAtlas(gen.atlas);
    // AtlasAttachmentLoader throws when an attachment's region is missing from the atlas.
    const data = new rt.spine.SkeletonJson(new rt.spine.AtlasAttachmentLoader(atlas)).readSkeletonData(gen.json);
    return { atlas, data };
}

const parsed = new Map<string, ReturnType<typeof parse>>();
function load(rt: Runtime, name: CorpusRigName): ReturnType<typeof parse> & { gen: CorpusSkeleton } {
    const id = `${name}@${rt.format}`;
    if (!parsed.has(id)) parsed.set(id, parse(rt, corpusRig(name, rt.format)));
    return { ...parsed.get(id)!, gen: corpusRig(name, rt.format) };
}

/** A fresh skeleton posed with `animation` at `time` (physics off). */
function poseAt(rt: Runtime, data: SpineCore.SkeletonData, animation: string | null, time: number): SpineCore.Skeleton {
    const skeleton = new rt.spine.Skeleton(data);
    rt.setupPose(skeleton);
    if (animation) rt.apply(data.findAnimation(animation)!, skeleton, time);
    skeleton.updateWorldTransform(rt.spine.Physics.none);
    return skeleton;
}

function worldPositions(rt: Runtime, skeleton: SpineCore.Skeleton): number[][] {
    return skeleton.bones.map((b) => [rt.world(b).worldX, rt.world(b).worldY]);
}

const maxDistance = (a: number[][], b: number[][]): number => Math.max(...a.map(([x, y], i) => Math.hypot(x! - b[i]![0]!, y! - b[i]![1]!)));

/** Property ids an animation keys, events aside (every event timeline has the same id). */
function propertyIds(rt: Runtime, animation: SpineCore.Animation): Set<string> {
    return new Set(animation.timelines.filter((t) => !(t instanceof rt.spine.EventTimeline)).flatMap((t) => t.getPropertyIds()));
}

/** Indices of the bones that weigh on a weighted mesh (`bones` is `count, index * count, ...`). */
function meshBones(mesh: SpineCore.MeshAttachment): Set<number> {
    const bones = mesh.bones!;
    const used = new Set<number>();
    for (let i = 0; i < bones.length; i += bones[i]! + 1) for (let j = 1; j <= bones[i]!; j++) used.add(bones[i + j]!);
    return used;
}

/** Indices of the bones an animation keys. */
function keyedBones(animation: SpineCore.Animation): Set<number> {
    return new Set(animation.timelines.filter((t) => 'boneIndex' in t).map((t) => (t as unknown as { boneIndex: number }).boneIndex));
}

describe.each(RUNTIMES)('Spine $format', (rt) => {
    const { spine } = rt;

    describe.each(CORPUS_RIGS)('corpus rig %s', (name) => {
        test('loads with SkeletonJson and AtlasAttachmentLoader; every region and mesh attachment has its region; stats match', () => {
            const { atlas, data, gen } = load(rt, name);
            expect(data.version).toBe(`${rt.format}.0`);
            const attachments = data.skins.flatMap((skin) => skin.getAttachments().map((e) => e.attachment));
            const drawn = attachments.filter((a) => a instanceof spine.RegionAttachment || a instanceof spine.MeshAttachment);
            expect(drawn.length).toBeGreaterThan(15);
            for (const a of drawn) expect((a as SpineCore.RegionAttachment).region).not.toBeNull();
            // A single small page holds every region.
            expect(atlas.pages.map((p) => [p.name, p.width, p.height])).toEqual(gen.pages.map((p) => [p.name, p.width, p.height]));
            expect(gen.pages).toHaveLength(1);
            expect(Math.max(gen.pages[0]!.width, gen.pages[0]!.height)).toBeLessThanOrEqual(512);
            const meshes = attachments.filter((a): a is SpineCore.MeshAttachment => a instanceof spine.MeshAttachment);
            expect(gen.stats).toEqual({
                bones: data.bones.length,
                slots: data.slots.length,
                ik: rt.constraints(data, 'ik').length,
                transforms: rt.constraints(data, 'transform').length,
                paths: rt.constraints(data, 'path').length,
                physics: rt.constraints(data, 'physics').length,
                meshes: meshes.length,
                animations: data.animations.map((a) => a.name),
                events: data.events.map((e) => e.name),
                skins: ['default'],
            });
            // Meshes are weighted over several bones.
            expect(meshes.length).toBeGreaterThanOrEqual(1);
            for (const m of meshes) expect(meshBones(m).size).toBeGreaterThanOrEqual(3);
            for (const [kind, min] of Object.entries(RIG_CONSTRAINTS[name])) expect(rt.constraints(data, kind).length).toBeGreaterThanOrEqual(min);
            const header = gen.json.skeleton as Json;
            expect(Object.keys(header)).toEqual(['hash', 'spine', 'x', 'y', 'width', 'height', 'fps']);
            expect(header.spine).toBe(`${rt.format}.0`);
        });

        test('has the seven animations with their durations; loops are seamless, jump lands and die holds its end', () => {
            const { data } = load(rt, name);
            expect(data.animations.map((a) => a.name)).toEqual(ANIMATIONS);
            for (const anim of ANIMATIONS) {
                const { duration, loop } = CORPUS_ANIMATION_SPECS[anim];
                const animation = data.findAnimation(anim)!;
                // Events are stored in single precision, so an event at the end can lengthen it by that much.
                expect(animation.duration).toBeCloseTo(duration, 6);
                const first = worldPositions(rt, poseAt(rt, data, anim, 0));
                const last = worldPositions(rt, poseAt(rt, data, anim, animation.duration));
                if (loop) expect({ anim, seamless: maxDistance(first, last) < 1e-3 }).toEqual({ anim, seamless: true });
            }
            expect(ANIMATIONS.filter((a) => CORPUS_ANIMATION_SPECS[a].loop)).toEqual(['idle', 'walk', 'run', 'aim', 'wave']);
            // Jump comes back where it started; die ends lying, held after its end.
            const height = (corpusRig(name).json.skeleton as Json).height as number;
            const setup = worldPositions(rt, poseAt(rt, data, null, 0));
            const jump = data.findAnimation('jump')!;
            expect(maxDistance(setup, worldPositions(rt, poseAt(rt, data, 'jump', jump.duration)))).toBeLessThan(1e-3);
            const root = poseAt(rt, data, 'jump', 0.3).findBone('root')!;
            expect(rt.world(root).worldY).toBeGreaterThanOrEqual(150);
            const head = data.findBone('head')!.index;
            const lying = worldPositions(rt, poseAt(rt, data, 'die', 1));
            expect(lying[head]![1]).toBeLessThan(height * 0.2);
            expect(Math.abs(lying[head]![0]!)).toBeGreaterThan(height * 0.4);
            // Nothing of the body is left below the ground.
            expect(Math.min(...lying.map(([, y]) => y!))).toBeGreaterThan(-1e-3);
            expect(maxDistance(lying, worldPositions(rt, poseAt(rt, data, 'die', 2)))).toBeLessThan(1e-3);
        });

        test('fires its events at their times with their payloads, including at 0 and at the very end', () => {
            const { data } = load(rt, name);
            const events = (anim: string): [string, number, number, number, string | null][] => {
                const timeline = data.findAnimation(anim)!.timelines.find((t) => t instanceof spine.EventTimeline) as SpineCore.EventTimeline | undefined;
                return (timeline?.events ?? []).map((e) => [e.data.name, e.time, e.intValue, e.floatValue, e.stringValue]);
            };
            const f = Math.fround;
            expect(events('idle')).toEqual([['tick', 0, 0, 0, '']]);
            expect(events('walk')).toEqual([
                ['step', 0, 1, 0.5, 'left'],
                ['step', f(0.4), 2, 0.25, 'right'],
                ['loopEnd', f(0.8), 0, 0, ''],
            ]);
            expect(events('run')).toEqual([['step', 0.25, 0, 0.25, '']]);
            expect(events('jump')).toEqual([['land', f(0.6), 1, 0, '']]);
            expect(events('die')).toEqual([['fall', 0.5, 3, 1.5, 'thud']]);
            expect(events('aim')).toEqual([['shot', 0.5, 0, 0, 'bang']]);
            expect(events('wave')).toEqual([]);
            // The loop's and the jump's last events sit exactly at the animation's end.
            expect(events('walk')[2]![1]).toBe(data.findAnimation('walk')!.duration);
            expect(events('jump')[0]![1]).toBe(data.findAnimation('jump')!.duration);
            const fall = rt.eventValues(data.findEvent('fall')!);
            expect([fall.intValue, fall.floatValue, fall.stringValue]).toEqual([1, 0.25, 'body']);

            // Played: walk's events at 0 and at its end both fire once per loop.
            const skeleton = new spine.Skeleton(data);
            const state = new spine.AnimationState(new spine.AnimationStateData(data));
            const fired: string[] = [];
            state.addListener({ event: (_entry, event) => fired.push(event.data.name) });
            state.setAnimation(0, 'walk', true);
            for (let i = 0; i < 99; i++) {
                state.update(1 / 50);
                state.apply(skeleton);
            }
            // 1.98 s: steps at 0, 0.4 | 0.8, 1.2 | 1.6, each loop's end event before the next loop's event at 0.
            expect(fired).toEqual(['step', 'step', 'loopEnd', 'step', 'step', 'loopEnd', 'step']);
        });

        test('aim and wave key only what no track-0 animation keys; walk and run each key bones the other does not', () => {
            const { data } = load(rt, name);
            const ids = (anim: string): Set<string> => propertyIds(rt, data.findAnimation(anim)!);
            const track0 = new Set(TRACK0.flatMap((a) => [...ids(a)]));
            for (const upper of ['aim', 'wave']) {
                expect(ids(upper).size).toBeGreaterThan(2);
                expect([...ids(upper)].filter((id) => track0.has(id))).toEqual([]);
            }
            expect([...ids('aim')].filter((id) => ids('wave').has(id))).toEqual([]);

            const bones = (anim: string): Set<number> => keyedBones(data.findAnimation(anim)!);
            const bonesOf = (anims: string[]): Set<number> => new Set(anims.flatMap((a) => [...bones(a)]));
            const otherTrack0 = bonesOf(TRACK0.filter((a) => a !== 'run'));
            const runOnly = [...bones('run')].filter((b) => !otherTrack0.has(b));
            const walkNotRun = [...bones('walk')].filter((b) => !bones('run').has(b));
            expect(runOnly.length).toBeGreaterThanOrEqual(2);
            expect(walkNotRun.length).toBeGreaterThanOrEqual(2);
            // aim drives its IK target and gun; the IK's mix is 0 until aim keys it.
            const byName = (i: number): string => data.bones[i]!.name;
            expect([...bones('aim')].map(byName).sort()).toEqual(['aim_target', 'gun']);
            expect([...bones('wave')].map(byName).sort()).toEqual(['forearm_L', 'hand_L', 'upperarm_L']);
            const aimIk = rt.constraints(data, 'ik').find((c) => c.name === 'aim_ik');
            expect((rt.format === '4.2' ? aimIk : aimIk.setupPose).mix).toBe(0);
            // The upper-track slots are empty at setup: aim shows the crosshair, jump flashes fx.
            for (const slot of ['crosshair', 'fx']) expect(data.findSlot(slot)!.attachmentName).toBeNull();
        });

        test('keys every kind of timeline this rig is for, with linear, bezier and stepped curves', () => {
            const { data } = load(rt, name);
            const timelines = data.animations.flatMap((a) => a.timelines);
            for (const kind of [...COMMON_TIMELINES, ...RIG_TIMELINES[name]]) {
                expect([kind, timelines.some((t) => t instanceof (spine as any)[kind])]).toEqual([kind, true]);
            }
            // curves[frame]: 0 linear, 1 stepped, 2+ bezier.
            const curveTypes = new Set(
                timelines.flatMap((t) => {
                    if (!(t instanceof spine.CurveTimeline)) return [];
                    const curves = (t as unknown as { curves: ArrayLike<number> }).curves;
                    return Array.from({ length: t.getFrameCount() - 1 }, (_, frame) => Math.min(2, curves[frame]!));
                }),
            );
            expect([...curveTypes].sort()).toEqual([0, 1, 2]);
            // jump: fx shows 'flash' from 0.1 to 0.3 only; two slots swap draw order from 0.1 and back on the last frame.
            const at = (anim: string, t: number): ReturnType<Runtime['slots']> => rt.slots(poseAt(rt, data, anim, t));
            const fx = data.findSlot('fx')!.index;
            expect([0.05, 0.2, 0.35].map((t) => at('jump', t).attachments[fx])).toEqual([null, 'flash', null]);
            const setupOrder = data.slots.map((s) => s.index);
            const swapped = at('jump', 0.2).drawOrder;
            expect(swapped.filter((s, i) => s !== setupOrder[i])).toHaveLength(2);
            expect(at('jump', 0.59).drawOrder).toEqual(swapped);
            expect(at('jump', data.findAnimation('jump')!.duration).drawOrder).toEqual(setupOrder);
            const eyes = data.findSlot('eyes')!.index;
            expect([0.4, 0.6].map((t) => at('die', t).attachments[eyes])).toEqual(['eyes', 'eyes_closed']);
            // die fades the head out to half from 0.6 s and the chest's light and dark colours over the whole second.
            const [head, chest] = [data.findSlot('head')!.index, data.findSlot('chest')!.index];
            expect([0, 0.3, 0.6, 1].map((t) => +at('die', t).colors[head]![3]!.toFixed(3))).toEqual([1, 1, 1, 0.5]);
            expect(at('die', 0).colors[chest]!.map((c) => +c.toFixed(3))).toEqual([1, 1, 1, 1, 0.165, 0.165, 0.251]);
            expect(at('die', 1).colors[chest]!.map((c) => +c.toFixed(3))).toEqual([0.627, 0.627, 0.627, 0.753, 0.314, 0.063, 0.063]);
            // aim shows the crosshair red, flashing white at the shot.
            const crosshair = data.findSlot('crosshair')!.index;
            expect([0.2, 0.5].map((t) => at('aim', t).colors[crosshair]!.map((c) => +c.toFixed(3)))).toEqual([
                [1, 0.251, 0.251, 1],
                [1, 1, 1, 1],
            ]);
        });

        test('IK and transform constraints leave the setup pose as authored', () => {
            const { data } = load(rt, name);
            const skeleton = poseAt(rt, data, null, 0);
            const constrained = worldPositions(rt, skeleton);
            // 4.2: the mixes are the constraint's own fields; 4.3: its pose's (the one animations set).
            const spine = rt.spine as Any;
            const mixes =
                rt.format === '4.3'
                    ? ((skeleton as Any).constraints as Any[])
                          .filter((c) => c instanceof spine.IkConstraint || c instanceof spine.TransformConstraint)
                          .map((c) => c.pose)
                    : [...skeleton.ikConstraints, ...skeleton.transformConstraints];
            expect(mixes.length).toBeGreaterThan(0);
            for (const c of mixes) {
                Object.assign(c, { mix: 0, mixRotate: 0, mixX: 0, mixY: 0, mixScaleX: 0, mixScaleY: 0, mixShearY: 0 });
            }
            skeleton.updateWorldTransform(spine.Physics.none);
            // Within the rounding of the stored local transforms (2 decimals), which grows with the rig's size.
            const scale = ((corpusRig(name).json.skeleton as Json).height as number) / 200;
            expect(maxDistance(constrained, worldPositions(rt, skeleton))).toBeLessThan(0.05 * Math.max(1, scale));
        });

        test('paint fills every region: the pixel at each region centre is not transparent', () => {
            const { atlas, gen } = load(rt, name);
            const page = gen.pages[0]!;
            const canvas = createCanvas(page.width, page.height);
            const ctx = canvas.getContext('2d');
            page.paint(ctx as unknown as CanvasRenderingContext2D);
            const pixels = ctx.getImageData(0, 0, page.width, page.height).data;
            const empty = atlas.regions.filter((r) => pixels[(Math.floor(r.y + r.height / 2) * page.width + Math.floor(r.x + r.width / 2)) * 4 + 3] === 0);
            expect(empty.map((r) => r.name)).toEqual([]);
        });
    });

    test('giant: setup bounds at least 2000 tall and 1000 wide, its body reaching 2000 from its origin at the feet', () => {
        const { data } = load(rt, 'giant');
        const skeleton = poseAt(rt, data, null, 0);
        const bounds = skeleton.getBoundsRect();
        expect(bounds.height).toBeGreaterThanOrEqual(2000);
        expect(bounds.width).toBeGreaterThanOrEqual(1000);
        expect(bounds.y).toBeGreaterThanOrEqual(-1);
        expect(bounds.y).toBeLessThan(50);
        expect(rt.world(skeleton.findBone('head')!).worldY).toBeGreaterThan(2000);
    });

    test('physics: jump throws the root hard enough that the ponytail and antenna lag well behind the animated pose', () => {
        const { data } = load(rt, 'physics');
        const skeleton = new spine.Skeleton(data);
        rt.setupPose(skeleton);
        const state = new spine.AnimationState(new spine.AnimationStateData(data));
        state.setAnimation(0, 'jump', false);
        const tips = ['hair4', 'antenna2'].map((n) => data.findBone(n)!.index);
        const lag = tips.map(() => 0);
        const dt = 1 / 60;
        for (let frame = 1; frame <= 36; frame++) {
            state.update(dt);
            state.apply(skeleton);
            skeleton.update(dt);
            skeleton.updateWorldTransform(spine.Physics.update);
            const simulated = worldPositions(rt, skeleton);
            const posed = worldPositions(rt, poseAt(rt, data, 'jump', frame * dt));
            for (const [i, b] of tips.entries()) {
                expect(simulated[b]!.every(Number.isFinite)).toBe(true);
                lag[i] = Math.max(lag[i]!, Math.hypot(simulated[b]![0]! - posed[b]![0]!, simulated[b]![1]! - posed[b]![1]!));
            }
        }
        for (const l of lag) expect(l).toBeGreaterThan(3);
    });
});

describe('Spine 4.2 and 4.3 JSON of the corpus', () => {
    const [v42, v43] = RUNTIMES as [Runtime, Runtime];

    test.each(CORPUS_RIGS)('%s: the same pose (bones, attachments, colours, draw order, bounds) at several times of every animation', (name) => {
        const [a, b] = [load(v42, name).data, load(v43, name).data];
        for (const animation of a.animations) {
            const d = animation.duration;
            for (const time of [0, 0.05, d / 3, d / 2, (2 * d) / 3, d - 0.01, d]) {
                const [s42, s43] = [poseAt(v42, a, animation.name, time), poseAt(v43, b, animation.name, time)];
                const [p42, p43] = [worldPositions(v42, s42), worldPositions(v43, s43)];
                expect({ animation: animation.name, time, same: maxDistance(p42, p43) < 1e-3 }).toEqual({ animation: animation.name, time, same: true });
                const [k42, k43] = [v42.slots(s42), v43.slots(s43)];
                expect(k43.attachments).toEqual(k42.attachments);
                expect(k43.drawOrder).toEqual(k42.drawOrder);
                k42.colors.forEach((c, i) => c.forEach((v, j) => expect(k43.colors[i]![j]).toBeCloseTo(v, 5)));
                const [ra, rb] = [s42.getBoundsRect(), s43.getBoundsRect()];
                for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(ra[key] - rb[key])).toBeLessThan(1e-2);
            }
        }
    });
});

describe('corpusRig', () => {
    test('is deterministic, cached, and its 4.3 JSON is exactly toSpine43 of its 4.2 JSON', () => {
        for (const name of CORPUS_RIGS) {
            const [a, b] = [buildCorpusRig(name), buildCorpusRig(name)];
            expect(JSON.stringify(a.json)).toBe(JSON.stringify(b.json));
            expect(a.atlas).toBe(b.atlas);
            expect(JSON.stringify(corpusRig(name).json)).toBe(JSON.stringify(a.json));
            expect(corpusRig(name)).toBe(corpusRig(name));
            expect(corpusRig(name, '4.3').json).toEqual(toSpine43(corpusRig(name).json));
            expect(corpusRig(name, '4.3').atlas).toBe(corpusRig(name).atlas);
        }
        const hashes = CORPUS_RIGS.map((n) => (corpusRig(n).json.skeleton as Json).hash);
        expect(new Set(hashes).size).toBe(CORPUS_RIGS.length);
    });

    test('4.2 and 4.3 JSON differ only where the format changed', () => {
        const a = corpusRig('physics').json as Json;
        const b = corpusRig('physics', '4.3').json as Json;
        expect(Object.keys(b)).toEqual(['skeleton', 'bones', 'slots', 'constraints', 'skins', 'events', 'animations']);
        for (const key of ['bones', 'slots', 'events']) expect(b[key]).toEqual(a[key]);
        expect(b.constraints.map((c: Json) => c.type)).toEqual([...a.ik.map(() => 'ik'), ...a.physics.map(() => 'physics')]);
        const antenna = b.constraints.find((c: Json) => c.name === 'antenna');
        // Left at 4.2's default inertia and damping (1, 1: undamped), which 4.3 would read as 0.5 and 0.85.
        const antenna42 = a.physics.find((c: Json) => c.name === 'antenna');
        expect([antenna42.inertia, antenna42.damping]).toEqual([undefined, undefined]);
        expect([antenna.inertia, antenna.damping]).toEqual([1, 1]);
        // The physics mix-out's last key has no value in 4.2 (0 there) and an explicit 0 in 4.3.
        expect(a.animations.die.physics.hair3.mix[1]).toEqual({ time: 1 });
        expect(b.animations.die.physics.hair3.mix[1]).toEqual({ time: 1, value: 0 });
        const path = (corpusRig('path', '4.3').json as Json).constraints.find((c: Json) => c.type === 'path');
        expect(path).toMatchObject({ name: 'tail_follow', slot: 'tail_path' });
        expect(path.target).toBeUndefined();
        const belt = (corpusRig('limbs', '4.3').json as Json).constraints.find((c: Json) => c.type === 'transform');
        expect(belt).toMatchObject({ source: 'chest', properties: { rotate: { to: { rotate: {} } } }, mixRotate: 0.5 });
        expect((corpusRig('limbs', '4.3').json as Json).animations.walk.transform.belt_follow[0]).toMatchObject({ mixScaleX: 0, mixScaleY: 0 });
    });
});

describe('toSpine43 on what the corpus uses', () => {
    const skeleton = { hash: 'x', spine: '4.2.0', x: 0, y: 0, width: 1, height: 1, fps: 30 };
    const bones = [{ name: 'root' }, { name: 'a', parent: 'root' }, { name: 'b', parent: 'a' }];
    const base = { skeleton, bones, slots: [{ name: 's', bone: 'root' }], skins: [{ name: 'default', attachments: {} }], animations: {} };

    test('orders all constraint kinds by their 4.2 order', () => {
        const out = toSpine43({
            ...base,
            ik: [{ name: 'i', order: 2, bones: ['b'], target: 'a' }],
            transform: [{ name: 't', order: 0, bones: ['b'], target: 'a', mixRotate: 1, mixX: 0, mixScaleX: 0, mixShearY: 0 }],
            path: [{ name: 'p', order: 3, bones: ['b'], target: 's' }],
            physics: [{ name: 'f', order: 1, bone: 'b', rotate: 1, inertia: 0.5 }],
        }) as Json;
        expect(out.constraints.map((c: Json) => [c.type, c.name])).toEqual([
            ['transform', 't'],
            ['physics', 'f'],
            ['ik', 'i'],
            ['path', 'p'],
        ]);
        expect(out.constraints[1]).toEqual({ type: 'physics', name: 'f', bone: 'b', rotate: 1, inertia: 0.5, damping: 1 });
    });

    test('copies a transform property that only an animation key mixes in', () => {
        const out = toSpine43({
            ...base,
            transform: [{ name: 't', order: 0, bones: ['b'], target: 'a', mixRotate: 1, mixX: 0, mixScaleX: 0, mixShearY: 0 }],
            animations: { go: { transform: { t: [{ mixRotate: 1, mixX: 0.5, mixScaleX: 0, mixShearY: 0 }] } } },
        }) as Json;
        expect(Object.keys(out.constraints[0].properties)).toEqual(['rotate', 'x', 'y']);
        expect(out.constraints[0]).toMatchObject({ mixRotate: 1, mixX: 0, mixY: 0 });
    });

    test.each([
        ['duplicate constraint orders', { ik: [{ name: 'i', bones: ['b'], target: 'a' }], transform: [{ name: 't', bones: ['b'], target: 'a' }] }],
        [
            'a transform key that changes mixShearY',
            {
                transform: [{ name: 't', order: 0, bones: ['b'], target: 'a' }],
                animations: { go: { transform: { t: [{ mixShearY: 1 }, { time: 1, mixShearY: 0 }] } } },
            },
        ],
        ['an unknown slot timeline', { animations: { go: { slots: { s: { color: [] } } } } }],
        ['a local transform constraint', { transform: [{ name: 't', order: 0, bones: ['b'], target: 'a', local: true }] }],
        ['a point attachment', { skins: [{ name: 'default', attachments: { s: { p: { type: 'point', x: 1, y: 2 } } } }] }],
        [
            'a sequence on a path attachment',
            { skins: [{ name: 'default', attachments: { s: { p: { type: 'path', vertexCount: 0, vertices: [], lengths: [], sequence: { count: 2 } } } } }] },
        ],
        ['an unknown attachment timeline', { animations: { go: { attachments: { default: { s: { a: { scale: [] } } } } } } }],
        ['a physics constraint with a skin', { physics: [{ name: 'f', order: 0, bone: 'b', skin: true }] }],
    ])('throws on %s', (_what, change) => {
        expect(() => toSpine43({ ...base, ...change })).toThrow(/toSpine43/);
    });
});
