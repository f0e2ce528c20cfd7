/**
 * The stunt rigs (STUNT_RIGS of fixtures/skeletons/corpus.ts) are real Spine data in both formats and do
 * the stunts they claim, measured on skeletons that the official spine-core 4.2 and 4.3 pose: every
 * attachment (sequence frames included) finds its region; each rig has the seven shared animations
 * with their durations, events and keying contract; `stunts` teleports, shrinks a bone to 0, steps,
 * switches attachments and draw order between 60 fps frames, spins a bone at 720°/s, snaps an IK
 * straight and flips its bend, flips a one-bone IK and snaps a transform constraint between keys, plays a sequence and clips; `skins` keeps everything in named skins
 * that combine at run time; `swing` is swung hundreds of units by physics alone; and both formats
 * pose the same skeleton.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import {
    buildCorpusRig,
    CORPUS_ANIMATION_SPECS,
    CORPUS_ANIMATIONS,
    corpusRig,
    STUNT_RIGS,
    type CorpusSkeleton,
    type StuntRigName,
} from '../../fixtures/skeletons/corpus';
import { SKINS_RIG_SKINS } from '../../fixtures/skeletons/corpus/skins';
import { STUNT_DASH, STUNT_IDLE_TIMES, STUNT_POINTER_FLIPS, STUNT_SPIN } from '../../fixtures/skeletons/corpus/stunts';
import { SWING_ROPE } from '../../fixtures/skeletons/corpus/swing';
import type { SpineFormat } from '../../fixtures/skeletons/generate';
import { toSpine43 } from '../../fixtures/skeletons/spine43';
import { loadSpineCore } from '../harness/spineCore';

type Any = any;
type Json = Record<string, any>;

/** A bone's world transform, as both versions have it (4.2 on the bone, 4.3 on `bone.appliedPose`). */
interface World {
    a: number;
    b: number;
    c: number;
    d: number;
    worldX: number;
    worldY: number;
    getWorldRotationX(): number;
    getWorldScaleX(): number;
}

/** What these checks need from a spine-core, over the API changes of 4.3 (see corpus.test.ts and skeletons.test.ts). */
interface Runtime {
    format: SpineFormat;
    spine: Any;
    setupPose(skeleton: SpineCore.Skeleton): void;
    /** Poses `animation` at `time` over the setup pose (no mixing). */
    apply(animation: SpineCore.Animation, skeleton: SpineCore.Skeleton, time: number): void;
    world(bone: SpineCore.Bone): World;
    /** The local pose the animations set (4.3: `bone.pose`). */
    local(bone: SpineCore.Bone): { x: number; y: number; rotation: number; scaleX: number; scaleY: number };
    constraints(data: SpineCore.SkeletonData, kind: 'ik' | 'transform' | 'physics'): Any[];
    /** A physics constraint's setting (4.3 keeps them on `setupPose`). */
    physics(constraint: Any, setting: string): number;
    /** The attachment a slot shows. */
    attachment(slot: SpineCore.Slot): Any;
    drawOrder(skeleton: SpineCore.Skeleton): SpineCore.Slot[];
    /** The frame of a sequence attachment the slot shows: its index and its region's name. */
    frame(slot: SpineCore.Slot): { index: number; region: string };
    /** The atlas regions of a region or mesh attachment: every frame of its sequence, or its one region. */
    regions(attachment: Any): (string | null)[];
    /** A clipping attachment's polygon in world coordinates. */
    polygon(skeleton: SpineCore.Skeleton, slot: SpineCore.Slot): number[];
    /** What of a region attachment's two triangles is left after the clipping attachment of `clipSlot` clips them: world x, y pairs. */
    clip(skeleton: SpineCore.Skeleton, clipSlot: SpineCore.Slot, slot: SpineCore.Slot): number[];
}

function runtime(format: SpineFormat): Runtime {
    const spine = loadSpineCore(format) as Any;
    const quad = [0, 1, 2, 2, 3, 0];
    if (format === '4.2') {
        return {
            format,
            spine,
            setupPose: (skeleton) => skeleton.setToSetupPose(),
            apply: (animation, skeleton, time) => animation.apply(skeleton, 0, time, false, [], 1, spine.MixBlend.setup, spine.MixDirection.mixIn),
            world: (bone) => bone as unknown as World,
            local: (bone) => bone,
            constraints: (data, kind) => (kind === 'ik' ? data.ikConstraints : kind === 'transform' ? data.transformConstraints : data.physicsConstraints),
            physics: (c, setting) => c[setting],
            attachment: (slot) => slot.getAttachment(),
            drawOrder: (skeleton) => skeleton.drawOrder,
            frame: (slot) => {
                const a = slot.getAttachment() as Any;
                a.sequence.apply(slot, a);
                const index = slot.sequenceIndex === -1 ? a.sequence.setupIndex : Math.min(slot.sequenceIndex, a.sequence.regions.length - 1);
                return { index, region: a.region.name };
            },
            regions: (a) => (a.sequence ? a.sequence.regions : [a.region]).map((r: Any) => r?.name ?? null),
            polygon: (_skeleton, slot) => {
                const clip = slot.getAttachment() as Any;
                const out: number[] = [];
                clip.computeWorldVertices(slot, 0, clip.worldVerticesLength, out, 0, 2);
                return out;
            },
            clip: (_skeleton, clipSlot, slot) => {
                const clipper = new spine.SkeletonClipping();
                clipper.clipStart(clipSlot, clipSlot.getAttachment());
                const vertices: number[] = new Array(8);
                (slot.getAttachment() as Any).computeWorldVertices(slot, vertices, 0, 2);
                clipper.clipTriangles(vertices, quad, quad.length);
                return [...clipper.clippedVertices];
            },
        };
    }
    const pose = (slot: SpineCore.Slot): Any => (slot as Any).appliedPose;
    return {
        format,
        spine,
        setupPose: (skeleton) => (skeleton as Any).setupPose(),
        apply: (animation, skeleton, time) =>
            (animation.apply as (...args: unknown[]) => void).call(animation, skeleton, 0, time, false, [], 1, spine.MixFrom.setup, false, false, false),
        world: (bone) => (bone as Any).appliedPose,
        local: (bone) => (bone as Any).pose,
        constraints: (data, kind) =>
            (data as Any).constraints.filter(
                (c: object) =>
                    c instanceof spine[kind === 'ik' ? 'IkConstraintData' : kind === 'transform' ? 'TransformConstraintData' : 'PhysicsConstraintData'],
            ),
        physics: (c, setting) => (setting in c.setupPose ? c.setupPose[setting] : c[setting]),
        attachment: (slot) => pose(slot).getAttachment(),
        drawOrder: (skeleton) => (skeleton as Any).drawOrder.appliedPose,
        frame: (slot) => {
            const a = pose(slot).getAttachment();
            const index = a.sequence.resolveIndex(pose(slot));
            return { index, region: a.sequence.regions[index].name };
        },
        regions: (a) => a.sequence.regions.map((r: Any) => r?.name ?? null),
        polygon: (skeleton, slot) => {
            const clip = pose(slot).getAttachment();
            const out: number[] = [];
            clip.computeWorldVertices(skeleton, slot, 0, clip.worldVerticesLength, out, 0, 2);
            return out;
        },
        clip: (skeleton, clipSlot, slot) => {
            const clipper = new spine.SkeletonClipping();
            clipper.clipStart(skeleton, clipSlot, pose(clipSlot).getAttachment());
            const vertices: number[] = new Array(8);
            const region = pose(slot).getAttachment();
            region.computeWorldVertices(slot, region.getOffsets(pose(slot)), vertices, 0, 2);
            clipper.clipTriangles(vertices, quad, quad.length);
            return [...clipper.clippedVertices];
        },
    };
}

const RUNTIMES = (['4.2', '4.3'] as const).map(runtime);
const ANIMATIONS = Object.values(CORPUS_ANIMATIONS);
const TRACK0 = ANIMATIONS.filter((a) => CORPUS_ANIMATION_SPECS[a].track === 0);
const FRAME = 1 / 60;

const parsed = new Map<string, { atlas: SpineCore.TextureAtlas; data: SpineCore.SkeletonData }>();
function load(rt: Runtime, name: StuntRigName): { atlas: SpineCore.TextureAtlas; data: SpineCore.SkeletonData; gen: CorpusSkeleton } {
    const id = `${name}@${rt.format}`;
    const gen = corpusRig(name, rt.format);
    if (!parsed.has(id)) {
        const atlas = new rt.spine.TextureAtlas(gen.atlas);
        // AtlasAttachmentLoader throws when an attachment's region (or a sequence frame's) is missing from the atlas.
        parsed.set(id, { atlas, data: new rt.spine.SkeletonJson(new rt.spine.AtlasAttachmentLoader(atlas)).readSkeletonData(gen.json) });
    }
    return { ...parsed.get(id)!, gen };
}

/** A run-time skin made of named skins, as a mix-and-match game builds it. */
function combine(rt: Runtime, data: SpineCore.SkeletonData, names: readonly string[]): SpineCore.Skin {
    const skin = new rt.spine.Skin(names.join('+'));
    for (const name of names) skin.addSkin(data.findSkin(name)!);
    return skin;
}

/** A fresh skeleton (wearing `skin`, if given) posed with `animation` at `time`, physics off. */
function poseAt(rt: Runtime, data: SpineCore.SkeletonData, animation: string | null, time: number, skin?: SpineCore.Skin): SpineCore.Skeleton {
    const skeleton = new rt.spine.Skeleton(data) as SpineCore.Skeleton;
    if (skin) skeleton.setSkin(skin);
    rt.setupPose(skeleton);
    if (animation) rt.apply(data.findAnimation(animation)!, skeleton, time);
    skeleton.updateWorldTransform(rt.spine.Physics.none);
    return skeleton;
}

/** Plays `animation` (looping) through an AnimationState for `frames` frames of 1/60 s, calling `each` after every frame. */
function play(
    rt: Runtime,
    data: SpineCore.SkeletonData,
    animation: string,
    frames: number,
    physics: 'none' | 'update',
    each: (skeleton: SpineCore.Skeleton, frame: number) => void,
): void {
    const skeleton = new rt.spine.Skeleton(data) as SpineCore.Skeleton;
    rt.setupPose(skeleton);
    const state = new rt.spine.AnimationState(new rt.spine.AnimationStateData(data)) as SpineCore.AnimationState;
    state.setAnimation(0, animation, true);
    for (let frame = 1; frame <= frames; frame++) {
        state.update(FRAME);
        state.apply(skeleton);
        skeleton.update(FRAME);
        skeleton.updateWorldTransform(rt.spine.Physics[physics]);
        each(skeleton, frame);
    }
}

function worldPositions(rt: Runtime, skeleton: SpineCore.Skeleton): number[][] {
    return skeleton.bones.map((b) => [rt.world(b).worldX, rt.world(b).worldY]);
}

const maxDistance = (a: number[][], b: number[][]): number => Math.max(...a.map(([x, y], i) => Math.hypot(x! - b[i]![0]!, y! - b[i]![1]!)));
/** Degrees in (-180, 180]. */
const wrap = (deg: number): number => deg - 360 * Math.ceil((deg - 180) / 360);

function bone(skeleton: SpineCore.Skeleton, name: string): SpineCore.Bone {
    const found = skeleton.findBone(name);
    if (!found) throw new Error(`no bone ${name}`);
    return found;
}

function slot(skeleton: SpineCore.Skeleton, name: string): SpineCore.Slot {
    const found = skeleton.findSlot(name);
    if (!found) throw new Error(`no slot ${name}`);
    return found;
}

/** Per slot name, the name of the attachment it shows (slots showing nothing left out). */
function shown(rt: Runtime, skeleton: SpineCore.Skeleton): Record<string, string> {
    return Object.fromEntries(skeleton.slots.flatMap((s) => (rt.attachment(s) ? [[s.data.name, rt.attachment(s).name as string]] : [])));
}

/** Whether a point is inside a convex polygon (x, y pairs, either winding), with a tolerance. */
function inside(polygon: number[], x: number, y: number, tolerance = 1e-3): boolean {
    const n = polygon.length / 2;
    let sign = 0;
    for (let i = 0; i < n; i++) {
        const [ax, ay, bx, by] = [polygon[2 * i]!, polygon[2 * i + 1]!, polygon[(2 * i + 2) % (2 * n)]!, polygon[(2 * i + 3) % (2 * n)]!];
        const cross = ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / Math.hypot(bx - ax, by - ay);
        if (Math.abs(cross) <= tolerance) continue;
        if (sign === 0) sign = Math.sign(cross);
        else if (Math.sign(cross) !== sign) return false;
    }
    return true;
}

/** Property ids an animation keys, events aside. */
function propertyIds(rt: Runtime, animation: SpineCore.Animation): Set<string> {
    return new Set(animation.timelines.filter((t) => !(t instanceof rt.spine.EventTimeline)).flatMap((t) => t.getPropertyIds()));
}

/** Indices of the bones an animation keys. */
function keyedBones(animation: SpineCore.Animation): Set<number> {
    return new Set(animation.timelines.filter((t) => 'boneIndex' in t).map((t) => (t as unknown as { boneIndex: number }).boneIndex));
}

/** What every skeleton of the skins rig wears in checks that need it dressed: everything but the red variant. */
const DRESSED = ['base', 'blue', 'hat', 'cape'] as const;

describe.each(RUNTIMES)('Spine $format', (rt) => {
    const { spine } = rt;

    describe.each(STUNT_RIGS)('stunt rig %s', (name) => {
        test('loads with SkeletonJson and AtlasAttachmentLoader; every region and mesh attachment and every sequence frame has its atlas region; stats match', () => {
            const { atlas, data, gen } = load(rt, name);
            expect(data.version).toBe(`${rt.format}.0`);
            const attachments = data.skins.flatMap((skin) => skin.getAttachments().map((e) => e.attachment as Any));
            const drawn = attachments.filter((a) => a instanceof spine.RegionAttachment || a instanceof spine.MeshAttachment);
            expect(drawn.length).toBeGreaterThan(15);
            const atlasRegions = new Set(atlas.regions.map((r) => r.name));
            for (const a of drawn) {
                const regions = rt.regions(a);
                expect(regions.length).toBeGreaterThanOrEqual(1);
                for (const region of regions) expect([a.name, region !== null && atlasRegions.has(region)]).toEqual([a.name, true]);
            }
            // A single small page holds every region.
            expect(atlas.pages.map((p) => [p.name, p.width, p.height])).toEqual(gen.pages.map((p) => [p.name, p.width, p.height]));
            expect(gen.pages).toHaveLength(1);
            expect(Math.max(gen.pages[0]!.width, gen.pages[0]!.height)).toBeLessThanOrEqual(512);
            expect(gen.stats).toEqual({
                bones: data.bones.length,
                slots: data.slots.length,
                ik: rt.constraints(data, 'ik').length,
                transforms: rt.constraints(data, 'transform').length,
                paths: 0,
                physics: rt.constraints(data, 'physics').length,
                meshes: attachments.filter((a) => a instanceof spine.MeshAttachment).length,
                animations: data.animations.map((a) => a.name),
                events: data.events.map((e) => e.name),
                skins: data.skins.map((s) => s.name),
            });
            expect((gen.json.skeleton as Json).spine).toBe(`${rt.format}.0`);
        });

        test('has the seven animations with their durations and events; aim and wave key only what no track-0 animation keys; walk and run each key bones the other does not', () => {
            const { data } = load(rt, name);
            expect(data.animations.map((a) => a.name)).toEqual(ANIMATIONS);
            for (const anim of ANIMATIONS)
                expect([anim, data.findAnimation(anim)!.duration]).toEqual([anim, expect.closeTo(CORPUS_ANIMATION_SPECS[anim].duration, 6)]);
            const events = (anim: string): string[] => {
                const timeline = data.findAnimation(anim)!.timelines.find((t) => t instanceof spine.EventTimeline) as SpineCore.EventTimeline | undefined;
                return (timeline?.events ?? []).map((e) => `${e.data.name}@${+e.time.toFixed(3)}`);
            };
            expect(ANIMATIONS.map(events)).toEqual([
                ['tick@0'],
                ['step@0', 'step@0.4', 'loopEnd@0.8'],
                ['step@0.25'],
                ['land@0.6'],
                ['fall@0.5'],
                ['shot@0.5'],
                [],
            ]);

            const ids = (anim: string): Set<string> => propertyIds(rt, data.findAnimation(anim)!);
            const track0 = new Set(TRACK0.flatMap((a) => [...ids(a)]));
            for (const upper of ['aim', 'wave']) expect([...ids(upper)].filter((id) => track0.has(id))).toEqual([]);
            const bones = (anim: string): Set<number> => keyedBones(data.findAnimation(anim)!);
            const byName = (i: number): string => data.bones[i]!.name;
            expect([...bones('aim')].map(byName).sort()).toEqual(['aim_target', 'gun']);
            expect([...bones('wave')].map(byName).sort()).toEqual(['forearm_L', 'hand_L', 'upperarm_L']);
            const otherTrack0 = new Set(TRACK0.filter((a) => a !== 'run').flatMap((a) => [...bones(a)]));
            expect([...bones('run')].filter((b) => !otherTrack0.has(b)).length).toBeGreaterThanOrEqual(2);
            expect([...bones('walk')].filter((b) => !bones('run').has(b)).length).toBeGreaterThanOrEqual(2);
        });

        test('loops are seamless (but for the stunts walk, whose wrap is the stunt) and jump lands where it started, without physics', () => {
            const { data } = load(rt, name);
            const skin = name === 'skins' ? combine(rt, data, DRESSED) : undefined;
            const at = (anim: string | null, t: number): number[][] => worldPositions(rt, poseAt(rt, data, anim, t, skin));
            for (const anim of ANIMATIONS.filter((a) => CORPUS_ANIMATION_SPECS[a].loop)) {
                const seamless = maxDistance(at(anim, 0), at(anim, data.findAnimation(anim)!.duration)) < 1e-3;
                expect({ anim, seamless }).toEqual({ anim, seamless: !(name === 'stunts' && anim === 'walk') });
            }
            expect(maxDistance(at(null, 0), at('jump', data.findAnimation('jump')!.duration))).toBeLessThan(1e-3);
        });
    });

    describe('stunts', () => {
        const data = (): SpineCore.SkeletonData => load(rt, 'stunts').data;

        test('walk: the root starts 900 units behind, is back at 0 by 0.3 s and at the end, so each loop wraps with a 900-unit jump', () => {
            const rootX = (t: number): number => rt.world(bone(poseAt(rt, data(), 'walk', t), 'root')).worldX;
            expect(rootX(0)).toBeCloseTo(-STUNT_DASH, 3);
            expect(STUNT_DASH / 200).toBe(4.5);
            for (const t of [0.3, 0.5, 0.8]) expect([t, rootX(t)]).toEqual([t, expect.closeTo(0, 3)]);
            // Played at 60 fps: the biggest moves from frame to frame are the wraps, about 900 units.
            const xs: number[] = [];
            play(rt, data(), 'walk', 100, 'none', (skeleton) => xs.push(rt.world(bone(skeleton, 'root')).worldX));
            // moves[i]: from frame i + 1 to frame i + 2.
            const moves = xs.slice(1).map((x, i) => Math.abs(x - xs[i]!));
            const jumps = moves.flatMap((m, i) => (m > 300 ? [i + 2] : []));
            // Into frames 48 and 96 (0.8 s and 1.6 s: the wraps), or the frame after if the clock's rounding lands just short.
            expect(jumps).toHaveLength(2);
            jumps.forEach((frame, k) => expect(frame - 48 * (k + 1)).toBeGreaterThanOrEqual(0));
            jumps.forEach((frame, k) => expect(frame - 48 * (k + 1)).toBeLessThanOrEqual(1));
            for (const frame of jumps) expect(moves[frame - 2]).toBeGreaterThan(0.95 * STUNT_DASH);
            expect(Math.max(...moves.filter((m) => m <= 300))).toBeLessThan(100);
        });

        test('idle: the head shrinks to world scale exactly 0, stays there for several 60 fps frames, and is back to 1 by the end', () => {
            const scale = (t: number): number => rt.world(bone(poseAt(rt, data(), 'idle', t), 'head')).getWorldScaleX();
            const frames = Array.from({ length: 61 }, (_, i) => scale(i * FRAME));
            const zero = frames.flatMap((s, i) => (s === 0 ? [i] : []));
            expect(zero.length).toBeGreaterThanOrEqual(5);
            // One run of frames, between 0.6 s and 0.7 s.
            expect(zero[zero.length - 1]! - zero[0]!).toBe(zero.length - 1);
            expect(zero[0]! * FRAME).toBeGreaterThanOrEqual(0.6 - 1e-9);
            expect(zero[zero.length - 1]! * FRAME).toBeLessThanOrEqual(0.7 + 1e-9);
            // Full size before and after, within the chest's 3% breathing (which the head inherits); exactly 1 at both ends.
            for (const t of [0.2, 0.4, 0.9]) expect(Math.abs(scale(t) - 1)).toBeLessThan(0.035);
            expect(scale(0)).toBeCloseTo(1, 6);
            expect(scale(1)).toBeCloseTo(1, 6);
            expect(scale(0.65)).toBe(0);
        });

        test('idle: the neck is keyed with stepped curves: each value holds until the next key, then jumps', () => {
            const rotation = (t: number): number => +rt.local(bone(poseAt(rt, data(), 'idle', t), 'neck')).rotation.toFixed(4);
            const setup = rotation(0);
            const frames = Array.from({ length: 61 }, (_, i) => rotation(i * FRAME) - setup);
            const expected = frames.map((_, i) => (i < 15 ? 0 : i < 30 ? 8 : i < 45 ? -4 : 0));
            expect(frames.map((v) => +v.toFixed(4))).toEqual(expected);
            // Held right up to each key, not eased towards it.
            expect([0.2499, 0.25, 0.4999, 0.5, 0.7499, 0.75].map((t) => +(rotation(t) - setup).toFixed(4))).toEqual([0, 8, 8, -4, -4, 0]);
        });

        test('idle: an attachment key at 0.237 s and 0.389 s and a draw-order key at 0.611 s and 0.874 s, none on a 60 fps frame, switch at their times', () => {
            for (const t of Object.values(STUNT_IDLE_TIMES)) expect(Math.abs(t * 60 - Math.round(t * 60))).toBeGreaterThan(0.2);
            const { eyesClosed, eyesOpen, armsSwapped, armsBack } = STUNT_IDLE_TIMES;
            const eyes = (t: number): string => rt.attachment(slot(poseAt(rt, data(), 'idle', t), 'eyes')).name;
            // Keys are stored in single precision: a hundredth of a millisecond either side is clear of the rounding.
            expect([eyesClosed - 1e-5, eyesClosed + 1e-5, eyesOpen - 1e-5, eyesOpen + 1e-5].map(eyes)).toEqual(['eyes', 'eyes_closed', 'eyes_closed', 'eyes']);
            // On the 60 fps clock: closed from frame 15 (0.25 s) to frame 23 (0.383 s).
            const closed = Array.from({ length: 61 }, (_, i) => i).filter((i) => eyes(i * FRAME) === 'eyes_closed');
            expect(closed).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23]);

            const order = (t: number): string[] => rt.drawOrder(poseAt(rt, data(), 'idle', t)).map((s) => s.data.name);
            const setup = order(0);
            const swapped = [...setup];
            const [l, r] = [setup.indexOf('upperarm_L'), setup.indexOf('upperarm_R')];
            [swapped[l], swapped[r]] = [setup[r]!, setup[l]!];
            expect([armsSwapped - 1e-5, armsSwapped + 1e-5, armsBack - 1e-5, armsBack + 1e-5].map(order)).toEqual([setup, swapped, swapped, setup]);
            const frames = Array.from({ length: 61 }, (_, i) => i).filter((i) => order(i * FRAME)[l] === 'upperarm_R');
            expect(frames).toEqual(Array.from({ length: 16 }, (_, i) => 37 + i));
        });

        test('idle: the pointer (a one-bone IK) flips half a turn where its target passes through its origin, between keys; steady elsewhere', () => {
            const angle = (time: number): number => rt.world(bone(poseAt(rt, data(), 'idle', time), 'pointer')).getWorldRotationX();
            const keys = new Set(
                data()
                    .findAnimation('idle')!
                    .timelines.flatMap((t) => Array.from(t.frames).filter((_, i) => i % t.getFrameEntries() === 0)),
            );
            for (const flip of STUNT_POINTER_FLIPS) {
                for (const key of keys) expect(Math.abs(key - flip)).toBeGreaterThan(0.01); // no key marks it
                // 1e-6 s either side: the pointer turned round.
                expect(Math.abs(wrap(angle(flip + 1e-6) - angle(flip - 1e-6)))).toBeCloseTo(180, 3);
                // 0.01 s before and after each: it moved less than a degree.
                expect(Math.abs(wrap(angle(flip - 1e-6) - angle(flip - 0.01)))).toBeLessThan(1);
                expect(Math.abs(wrap(angle(flip + 0.01) - angle(flip + 1e-6)))).toBeLessThan(1);
            }
        });

        test('run: the vane follows the blade halfway (a transform constraint) and snaps half a turn once a loop, where their angle wraps, between keys', () => {
            const vane = (time: number): number => rt.world(bone(poseAt(rt, data(), 'run', time), 'vane')).getWorldRotationX();
            const steps = Array.from({ length: 500 }, (_, i) => wrap(vane(((i + 1) * 0.5) / 500) - vane((i * 0.5) / 500)));
            const snaps = steps.map((step, i) => [i, step] as const).filter(([, step]) => Math.abs(step) > 30);
            expect(snaps).toHaveLength(1);
            expect(Math.abs(snaps[0]![1])).toBeCloseTo(180, -1); // half of the whole turn the constraint's angle wraps by
            // Between 1 ms samples elsewhere it turns steadily (half the blade's 720°/s).
            for (const step of steps.filter((st) => Math.abs(st) <= 30)) expect(Math.abs(step)).toBeLessThan(1);
            const at = ((snaps[0]![0] + 0.5) * 0.5) / 500;
            const keys = data()
                .findAnimation('run')!
                .timelines.flatMap((t) => Array.from(t.frames).filter((_, i) => i % t.getFrameEntries() === 0));
            for (const key of keys) expect(Math.abs(key - at)).toBeGreaterThan(0.002);
        });

        test('run: the blade on the gun hand spins at 720°/s, 12° every 1/60 s, one turn a loop, without jumps', () => {
            const turn = (skeleton: SpineCore.Skeleton): number =>
                rt.world(bone(skeleton, 'blade')).getWorldRotationX() - rt.world(bone(skeleton, 'hand_R')).getWorldRotationX();
            const steps = Array.from({ length: 30 }, (_, i) =>
                wrap(turn(poseAt(rt, data(), 'run', (i + 1) * FRAME)) - turn(poseAt(rt, data(), 'run', i * FRAME))),
            );
            for (const step of steps) expect(step).toBeCloseTo((STUNT_SPIN * FRAME) % 360, 3);
            expect(STUNT_SPIN * FRAME).toBe(12);
            // Played: 1.5 s of looping run turns the blade 3 full turns (unwrapped), steadily.
            let last = 0;
            let total = 0;
            play(rt, data(), 'run', 90, 'none', (skeleton, frame) => {
                const now = turn(skeleton);
                if (frame > 1) {
                    const step = wrap(now - last);
                    expect(step).toBeCloseTo(12, 2);
                    total += step;
                }
                last = now;
            });
            expect(total).toBeCloseTo(89 * 12, 1);
        });

        test('jump: the claw IK snaps straight while its target is out of reach, and its bend flips from 0.35 s to the end', () => {
            const ik = rt.constraints(data(), 'ik').find((c) => c.name === 'claw_ik');
            const bendPositive = (rt.format === '4.2' ? ik : ik.setupPose).bendDirection === 1;
            const reach = ['claw1', 'claw2'].reduce((sum, n) => sum + data().findBone(n)!.length, 0);
            const claw = (t: number): { bend: number; distance: number; tip: number } => {
                const skeleton = poseAt(rt, data(), 'jump', t);
                const [upper, lower, target] = ['claw1', 'claw2', 'claw_target'].map((n) => rt.world(bone(skeleton, n)));
                const tipX = lower!.worldX + lower!.a * data().findBone('claw2')!.length;
                const tipY = lower!.worldY + lower!.c * data().findBone('claw2')!.length;
                return {
                    bend: wrap(lower!.getWorldRotationX() - upper!.getWorldRotationX()),
                    distance: Math.hypot(target!.worldX - upper!.worldX, target!.worldY - upper!.worldY),
                    tip: Math.hypot(target!.worldX - tipX, target!.worldY - tipY),
                };
            };
            // Setup: bent the way the constraint says, its tip on the target.
            const setup = claw(0);
            expect(Math.sign(setup.bend)).toBe(bendPositive ? 1 : -1);
            expect(Math.abs(setup.bend)).toBeGreaterThan(20);
            expect(setup.tip).toBeLessThan(0.5);
            // Out of reach: straight, pointing at the target.
            for (const t of [0.15, 0.2, 0.3]) {
                const out = claw(t);
                expect(out.distance).toBeGreaterThan(reach * 1.5);
                expect(Math.abs(out.bend)).toBeLessThan(0.01);
                expect(out.tip).toBeCloseTo(out.distance - reach, 1);
            }
            // Back in reach with the bend flipped (the chest is still turning back, so not quite the setup's angle), then as at setup on the last frame.
            for (const t of [0.47, 0.5, 0.55]) {
                const flipped = claw(t);
                expect(flipped.tip).toBeLessThan(0.5);
                expect(Math.sign(flipped.bend)).toBe(-Math.sign(setup.bend));
                expect(Math.abs(flipped.bend)).toBeGreaterThan(20);
            }
            // The last key is at the animation's end (0.6 in single precision, a hair after 0.6).
            expect(claw(data().findAnimation('jump')!.duration).bend).toBeCloseTo(setup.bend, 3);
        });

        test('die: the smoke sequence attachment shows from 0.5 s, plays its 4 frames once (0.1 s each) then in reverse from 0.85 s (0.05 s each)', () => {
            const at = (t: number): { index: number; region: string } | null => {
                const smoke = slot(poseAt(rt, data(), 'die', t), 'smoke');
                return rt.attachment(smoke) ? rt.frame(smoke) : null;
            };
            expect(at(0.45)).toBeNull();
            const times = [0.5, 0.55, 0.65, 0.75, 0.82, 0.87, 0.92, 0.97, 1];
            expect(times.map((t) => at(t)!.index)).toEqual([0, 0, 1, 2, 3, 3, 2, 1, 0]);
            expect(times.map((t) => at(t)!.region)).toEqual(['smoke0', 'smoke0', 'smoke1', 'smoke2', 'smoke3', 'smoke3', 'smoke2', 'smoke1', 'smoke0']);
            expect(
                data()
                    .findAnimation('die')!
                    .timelines.some((t) => t instanceof spine.SequenceTimeline),
            ).toBe(true);
        });

        test('die: the portal clipping attachment shows from 0.2 s to 0.8 s and clips the front leg (thigh to foot): the foot is clipped away, what is left of the thigh is inside the portal', () => {
            const portalAt = (t: number): string | null => rt.attachment(slot(poseAt(rt, data(), 'die', t), 'portal'))?.name ?? null;
            expect([0.1, 0.21, 0.5, 0.79, 0.81].map(portalAt)).toEqual([null, 'portal', 'portal', 'portal', null]);

            const skeleton = poseAt(rt, data(), 'die', 0.3);
            const portal = slot(skeleton, 'portal');
            const clip = rt.attachment(portal);
            expect(clip).toBeInstanceOf(spine.ClippingAttachment);
            expect(clip.endSlot.name).toBe('foot_R');
            // What it clips: the slots drawn after it, up to and including its end slot.
            const order = rt.drawOrder(skeleton).map((s) => s.data.name);
            expect(order.slice(order.indexOf('portal') + 1, order.indexOf('foot_R') + 1)).toEqual(['thigh_R', 'shin_R', 'foot_R']);

            const polygon = rt.polygon(skeleton, portal);
            expect(polygon).toHaveLength(16);
            expect(rt.clip(skeleton, portal, slot(skeleton, 'foot_R'))).toEqual([]);
            const thigh = rt.clip(skeleton, portal, slot(skeleton, 'thigh_R'));
            expect(thigh.length).toBeGreaterThanOrEqual(6);
            for (let i = 0; i < thigh.length; i += 2) expect(inside(polygon, thigh[i]!, thigh[i + 1]!)).toBe(true);
            // Standing at the start of die, the foot is outside the portal too.
            const standing = poseAt(rt, data(), 'die', 0.21);
            expect(rt.clip(standing, slot(standing, 'portal'), slot(standing, 'foot_R'))).toEqual([]);
        });
    });

    describe('skins', () => {
        const data = (): SpineCore.SkeletonData => load(rt, 'skins').data;
        const attachmentsOf = (skin: SpineCore.Skin): { slot: string; key: string; name: string }[] =>
            skin
                .getAttachments()
                .map((e) => ({ slot: data().slots[e.slotIndex]!.name, key: (e as Any).name ?? (e as Any).placeholder, name: e.attachment.name }));

        test('the default skin is empty; every attachment lives in a named skin; with no skin set nothing shows', () => {
            expect(data().skins.map((s) => s.name)).toEqual([...SKINS_RIG_SKINS]);
            expect(data().defaultSkin!.name).toBe('default');
            expect(data().defaultSkin!.getAttachments()).toEqual([]);
            for (const skin of data().skins.slice(1)) expect([skin.name, skin.getAttachments().length > 0]).toEqual([skin.name, true]);
            for (const anim of [null, ...ANIMATIONS]) expect(shown(rt, poseAt(rt, data(), anim, 0.3))).toEqual({});
        });

        test('base + hat, combined at run time, shows the whole body and the hat', () => {
            const skeleton = poseAt(rt, data(), null, 0, combine(rt, data(), ['base', 'hat']));
            const look = shown(rt, skeleton);
            expect(look.hat).toBe('hat');
            for (const part of ['head', 'eyes', 'chest', 'belly', 'pelvis', 'thigh_L', 'shin_R', 'foot_R', 'upperarm_L', 'hand_R', 'gun'])
                expect(look[part]).toBe(part);
            // Every slot with a setup attachment shows it, but the cape's (another skin).
            const expected = data()
                .slots.filter((s) => s.attachmentName && s.name !== 'cape')
                .map((s) => s.name);
            expect(Object.keys(look).sort()).toEqual(expected.sort());
        });

        test('each named skin alone poses every animation and shows only its own attachments', () => {
            const keys = (skin: string): string[] => [...new Set(attachmentsOf(data().findSkin(skin)!).map((a) => a.slot))].sort();
            expect(keys('red')).toEqual(['belly', 'chest', 'upperarm_L', 'upperarm_R']);
            expect(keys('blue')).toEqual(['belly', 'chest', 'hand_R', 'upperarm_L', 'upperarm_R']);
            expect(keys('hat')).toEqual(['hat']);
            expect(keys('cape')).toEqual(['cape']);
            for (const name of SKINS_RIG_SKINS.slice(1)) {
                const skin = data().findSkin(name)!;
                for (const anim of [null, ...ANIMATIONS]) {
                    const skeleton = poseAt(rt, data(), anim, 0.3, skin);
                    expect(worldPositions(rt, skeleton).flat().every(Number.isFinite)).toBe(true);
                    for (const s of Object.keys(shown(rt, skeleton))) expect([name, anim, s, keys(name).includes(s)]).toEqual([name, anim, s, true]);
                }
                expect(Object.keys(shown(rt, poseAt(rt, data(), null, 0, skin))).length).toBeGreaterThan(0);
            }
            expect(shown(rt, poseAt(rt, data(), null, 0, data().findSkin('red')!))).toEqual({
                chest: 'red/chest',
                belly: 'red/belly',
                upperarm_L: 'red/upperarm_L',
                upperarm_R: 'red/upperarm_R',
            });
        });

        test('a variant added after base replaces the same keys with its own attachments', () => {
            const chest = (skins: string[]): Any => rt.attachment(slot(poseAt(rt, data(), null, 0, combine(rt, data(), skins)), 'chest'));
            expect(chest(['base']).name).toBe('chest');
            expect(chest(['base', 'red']).name).toBe('red/chest');
            expect(chest(['base', 'blue']).name).toBe('blue/chest');
            expect(chest(['base', 'blue']).width).toBeGreaterThan(chest(['base', 'red']).width);
            expect(rt.regions(chest(['base', 'blue']))).toEqual(['blue/chest']);
        });

        test('animations key named-skin attachments: idle blinks, walk opens the hand (a blue glove with blue), jump knocks the hat up', () => {
            const look = (skins: string[], anim: string, t: number): Record<string, string> =>
                shown(rt, poseAt(rt, data(), anim, t, combine(rt, data(), skins)));
            expect([0.3, 0.45, 0.55].map((t) => look(['base'], 'idle', t).eyes)).toEqual(['eyes', 'eyes_closed', 'eyes']);
            expect([0.1, 0.3, 0.7].map((t) => look(['base'], 'walk', t).hand_R)).toEqual(['hand_R', 'hand_R_open', 'hand_R']);
            expect([0.1, 0.3, 0.7].map((t) => look(['base', 'blue'], 'walk', t).hand_R)).toEqual(['blue/hand_R', 'blue/hand_R_open', 'blue/hand_R']);
            expect([0.1, 0.3, 0.5].map((t) => look(['base', 'hat'], 'jump', t).hat)).toEqual(['hat', 'hat_up', 'hat']);
            // Without the hat skin, the key finds nothing to show.
            expect(look(['base'], 'jump', 0.3).hat).toBeUndefined();
        });

        test('the cape (its own skin) breathes in idle and folds in die: deform keys stored under the cape skin', () => {
            const deform = (skins: string[], anim: string, t: number): number[] => {
                const cape = slot(poseAt(rt, data(), anim, t, combine(rt, data(), skins)), 'cape');
                return [...((rt.format === '4.2' ? cape : (cape as Any).appliedPose).deform as number[])];
            };
            expect(Object.keys((corpusRig('skins').json as Json).animations.die.attachments)).toEqual(['cape']);
            const folded = deform(['base', 'cape'], 'die', 1);
            expect(folded.length).toBeGreaterThan(0);
            expect(Math.max(...folded.map(Math.abs))).toBeGreaterThan(5);
            expect(Math.max(...deform(['base', 'cape'], 'idle', 0.5).map(Math.abs))).toBeGreaterThan(1);
            expect(rt.attachment(slot(poseAt(rt, data(), 'die', 1, combine(rt, data(), ['base'])), 'cape'))).toBeNull();
        });
    });

    describe('swing', () => {
        const data = (): SpineCore.SkeletonData => load(rt, 'swing').data;
        const BODY = ['hip', 'chest', 'head', 'hand_R', 'foot_L', 'foot_R'];

        test('hangs the body from a 3-bone rope under the bar, each rope bone with a rotating physics constraint, damped little', () => {
            const physics = rt.constraints(data(), 'physics');
            expect(physics.map((c) => c.bone.name)).toEqual([...SWING_ROPE]);
            for (const c of physics) {
                expect(c.rotate).toBe(1);
                expect(rt.physics(c, 'damping')).toBeGreaterThanOrEqual(0.9);
                expect(rt.physics(c, 'damping')).toBeLessThanOrEqual(0.98);
            }
            const ancestors: string[] = [];
            for (let b = data().findBone('hip')!.parent; b; b = b.parent) ancestors.push(b.name);
            expect(ancestors).toEqual(['harness', 'rope3', 'rope2', 'rope1', 'bar', 'root']);
            for (const target of ['leg_target_L', 'leg_target_R', 'aim_target']) expect(data().findBone(target)!.parent!.name).toBe('harness');
        });

        test('idle without physics moves the body a few units; with physics, 2 s of it swing the body hundreds of units away from that pose', () => {
            const indices = BODY.map((n) => data().findBone(n)!.index);
            const animated: number[][][] = [];
            play(rt, data(), 'idle', 120, 'none', (skeleton) => animated.push(worldPositions(rt, skeleton)));
            const setup = worldPositions(rt, poseAt(rt, data(), null, 0));
            const animatedMove = Math.max(
                ...animated.map((pose) => Math.max(...indices.map((i) => Math.hypot(pose[i]![0]! - setup[i]![0]!, pose[i]![1]! - setup[i]![1]!)))),
            );
            expect(animatedMove).toBeLessThan(20);
            let swing = 0;
            play(rt, data(), 'idle', 120, 'update', (skeleton, frame) => {
                const pose = worldPositions(rt, skeleton);
                for (const i of indices)
                    swing = Math.max(swing, Math.hypot(pose[i]![0]! - animated[frame - 1]![i]![0]!, pose[i]![1]! - animated[frame - 1]![i]![1]!));
            });
            expect(swing).toBeGreaterThan(200);
        });

        test('the swing depends on its history: a loop of idle later, at the same animation time, the hips are far from where they were', () => {
            const hip = data().findBone('hip')!.index;
            const at: number[][] = [];
            play(rt, data(), 'idle', 180, 'update', (skeleton) => at.push(worldPositions(rt, skeleton)[hip]!));
            // Without physics the two are the same pose (idle loops every 60 frames).
            const apart = at.slice(0, 120).map(([x, y], i) => Math.hypot(x! - at[i + 60]![0]!, y! - at[i + 60]![1]!));
            expect(Math.max(...apart)).toBeGreaterThan(80);
        });

        test('every animation keeps the swing finite and the body on its 300-unit rope over 10 s of physics', () => {
            for (const anim of ANIMATIONS) {
                let worst = 0;
                play(rt, data(), anim, 600, 'update', (skeleton) => {
                    const [bar, harness] = ['bar', 'harness'].map((n) => rt.world(bone(skeleton, n)));
                    expect(worldPositions(rt, skeleton).flat().every(Number.isFinite)).toBe(true);
                    worst = Math.max(worst, Math.hypot(harness!.worldX - bar!.worldX, harness!.worldY - bar!.worldY));
                });
                expect([anim, worst <= 300 + 1e-3]).toEqual([anim, true]);
            }
        });
    });
});

describe('Spine 4.2 and 4.3 JSON of the stunt rigs', () => {
    const [v42, v43] = RUNTIMES as [Runtime, Runtime];

    test.each(STUNT_RIGS)('%s: the same pose (bones, attachments, sequence frames, draw order, bounds) at several times of every animation', (name) => {
        const [a, b] = [load(v42, name).data, load(v43, name).data];
        const skins = name === 'skins' ? [combine(v42, a, DRESSED), combine(v43, b, DRESSED)] : [undefined, undefined];
        for (const animation of a.animations) {
            const d = animation.duration;
            for (const time of [0, 0.05, d / 3, d / 2, (2 * d) / 3, 0.237, 0.611, d - 0.01, d]) {
                const [s42, s43] = [poseAt(v42, a, animation.name, time, skins[0]), poseAt(v43, b, animation.name, time, skins[1])];
                const same = maxDistance(worldPositions(v42, s42), worldPositions(v43, s43)) < 1e-3;
                expect({ animation: animation.name, time, same }).toEqual({ animation: animation.name, time, same: true });
                expect(shown(v43, s43)).toEqual(shown(v42, s42));
                expect(v43.drawOrder(s43).map((s) => s.data.index)).toEqual(v42.drawOrder(s42).map((s) => s.data.index));
                const frames = (rt: Runtime, skeleton: SpineCore.Skeleton): (number | null)[] =>
                    skeleton.slots.map((s) => (rt.attachment(s)?.sequence && rt.regions(rt.attachment(s)).length > 1 ? rt.frame(s).index : null));
                expect(frames(v43, s43)).toEqual(frames(v42, s42));
                const [ra, rb] = [s42.getBoundsRect(), s43.getBoundsRect()];
                for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(ra[key] - rb[key])).toBeLessThan(1e-2);
            }
        }
    });
});

describe('the stunt rigs', () => {
    test('are deterministic and cached, their 4.3 JSON is exactly toSpine43 of their 4.2 JSON, and they are not in the differential corpus', () => {
        for (const name of STUNT_RIGS) {
            const [a, b] = [buildCorpusRig(name), buildCorpusRig(name)];
            expect(JSON.stringify(a.json)).toBe(JSON.stringify(b.json));
            expect(a.atlas).toBe(b.atlas);
            expect(JSON.stringify(corpusRig(name).json)).toBe(JSON.stringify(a.json));
            expect(corpusRig(name)).toBe(corpusRig(name));
            expect(corpusRig(name, '4.3').json).toEqual(toSpine43(corpusRig(name).json));
        }
        expect(STUNT_RIGS).toEqual(['stunts', 'skins', 'swing']);
    });

    test('toSpine43 keeps skins, sequences, sequence keys and clipping as 4.2 wrote them', () => {
        for (const name of STUNT_RIGS) {
            const [a, b] = [corpusRig(name).json as Json, corpusRig(name, '4.3').json as Json];
            expect(b.skins).toEqual(a.skins);
            for (const anim of Object.keys(a.animations)) expect(b.animations[anim].attachments).toEqual(a.animations[anim].attachments);
        }
        const stunts = corpusRig('stunts', '4.3').json as Json;
        expect(stunts.skins[0].attachments.smoke.smoke).toMatchObject({ sequence: { count: 4, start: 0 } });
        expect(stunts.skins[0].attachments.portal.portal).toMatchObject({ type: 'clipping', end: 'foot_R', vertexCount: 8 });
        expect(stunts.animations.die.attachments.default.smoke.smoke.sequence).toEqual([
            { time: 0.5, mode: 'once', delay: 0.1 },
            { time: 0.85, mode: 'loopReverse', delay: 0.05 },
        ]);
        const skins = corpusRig('skins', '4.3').json as Json;
        expect(skins.skins[0]).toEqual({ name: 'default', attachments: {} });
    });
});
