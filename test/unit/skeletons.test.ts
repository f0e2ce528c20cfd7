/**
 * The generated characters are real Spine data, in the format of each runtime: the official
 * spine-core parser of 4.2 (spine-phaser) reads the 4.2 JSON and the one of 4.3 (spine-phaser-v4,
 * spine-phaser-v3) the 4.3 JSON; every attachment finds its atlas region, they animate, fire their
 * events, and their pages are painted. Both formats pose the same character.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { createCanvas } from '@napi-rs/canvas';
import { generateCharacter, type GeneratedSkeleton, type SpineFormat } from '../../fixtures/skeletons/generate';
import { preset, presets, type PresetName } from '../../fixtures/skeletons/presets';
import { toSpine43 } from '../../fixtures/skeletons/spine43';
import { loadSpineCore } from '../harness/spineCore';

type Spine = typeof SpineCore;

/**
 * What these checks need from a spine-core, over the API changes of 4.3: `setupPose()` for
 * `setToSetupPose()`, world transforms on `bone.appliedPose`, `Animation.apply(..., MixFrom, add,
 * out, appliedPose)` for `(..., MixBlend, MixDirection)`, one `constraints` list, event setup
 * values on `EventData.setupPose`, `getSourceMesh()` for `getParentMesh()`.
 */
interface Runtime {
    format: SpineFormat;
    spine: Spine;
    setupPose(skeleton: SpineCore.Skeleton): void;
    /** Poses `animation` at `time` over the setup pose (no mixing). */
    apply(animation: SpineCore.Animation, skeleton: SpineCore.Skeleton, lastTime: number, time: number): void;
    world(bone: SpineCore.Bone): { a: number; b: number; c: number; d: number; worldX: number; worldY: number };
    ik(data: SpineCore.SkeletonData): SpineCore.IkConstraintData[];
    transforms(data: SpineCore.SkeletonData): SpineCore.TransformConstraintData[];
    paths(data: SpineCore.SkeletonData): SpineCore.PathConstraintData[];
    /** The slot whose path a path constraint follows. */
    pathSlot(constraint: SpineCore.PathConstraintData): SpineCore.SlotData;
    eventValues(data: SpineCore.EventData): { intValue: number; floatValue: number; stringValue: string | null };
    sourceMesh(mesh: SpineCore.MeshAttachment): SpineCore.MeshAttachment | null;
}

function runtime(format: SpineFormat): Runtime {
    const spine = loadSpineCore(format);
    const any = spine as any;
    if (format === '4.2') {
        return {
            format,
            spine,
            setupPose: (skeleton) => skeleton.setToSetupPose(),
            apply: (animation, skeleton, last, time) => animation.apply(skeleton, last, time, false, [], 1, spine.MixBlend.setup, spine.MixDirection.mixIn),
            world: (bone) => bone,
            ik: (data) => data.ikConstraints,
            transforms: (data) => data.transformConstraints,
            paths: (data) => data.pathConstraints,
            pathSlot: (constraint) => constraint.target,
            eventValues: (data) => data,
            sourceMesh: (mesh) => mesh.getParentMesh(),
        };
    }
    const of = (data: SpineCore.SkeletonData, type: unknown): any[] =>
        (data as any).constraints.filter((c: object) => c instanceof (type as abstract new (...args: never[]) => unknown));
    return {
        format,
        spine,
        setupPose: (skeleton) => (skeleton as any).setupPose(),
        apply: (animation, skeleton, last, time) =>
            (animation.apply as (...args: unknown[]) => void).call(animation, skeleton, last, time, false, [], 1, any.MixFrom.setup, false, false, false),
        world: (bone) => (bone as any).appliedPose,
        ik: (data) => of(data, any.IkConstraintData),
        transforms: (data) => of(data, any.TransformConstraintData),
        paths: (data) => of(data, any.PathConstraintData),
        pathSlot: (constraint) => (constraint as any).slot,
        eventValues: (data) => (data as any).setupPose,
        sourceMesh: (mesh) => (mesh as any).getSourceMesh(),
    };
}

const RUNTIMES = (['4.2', '4.3'] as const).map(runtime);
const NAMES = Object.keys(presets) as PresetName[];
const DURATIONS: Record<string, number> = { idle: 1, walk: 0.8, run: 0.5, attack: 0.6, die: 1.2 };
const LOOPS = ['idle', 'walk', 'run'];

describe.each(RUNTIMES)('Spine $format', (rt) => {
    const { spine } = rt;

    function parse(gen: GeneratedSkeleton): { atlas: SpineCore.TextureAtlas; data: SpineCore.SkeletonData } {
        const atlas = new spine.TextureAtlas(gen.atlas);
        // AtlasAttachmentLoader throws when an attachment's region is missing from the atlas.
        const data = new spine.SkeletonJson(new spine.AtlasAttachmentLoader(atlas)).readSkeletonData(gen.json);
        return { atlas, data };
    }

    const parsed = new Map<PresetName, ReturnType<typeof parse>>();
    function load(name: PresetName): ReturnType<typeof parse> & { gen: GeneratedSkeleton } {
        if (!parsed.has(name)) parsed.set(name, parse(preset(name, rt.format)));
        return { ...parsed.get(name)!, gen: preset(name, rt.format) };
    }

    function attachments(data: SpineCore.SkeletonData): SpineCore.Attachment[] {
        return data.skins.flatMap((skin) => skin.getAttachments().map((entry) => entry.attachment));
    }

    function eventTimeline(animation: SpineCore.Animation): SpineCore.EventTimeline {
        const timeline = animation.timelines.find((t) => t instanceof spine.EventTimeline);
        if (!timeline) throw new Error(`${animation.name} has no events`);
        return timeline as SpineCore.EventTimeline;
    }

    /** Indices of the bones that weigh on a weighted mesh (`bones` is `count, index * count, ...`). */
    function meshBones(mesh: SpineCore.MeshAttachment): Set<number> {
        const bones = mesh.bones!;
        const used = new Set<number>();
        for (let i = 0; i < bones.length; i += bones[i]! + 1) for (let j = 1; j <= bones[i]!; j++) used.add(bones[i + j]!);
        return used;
    }

    function worldPositions(skeleton: SpineCore.Skeleton): number[][] {
        return skeleton.bones.map((b) => [rt.world(b).worldX, rt.world(b).worldY]);
    }

    /** Where `bone` is in `frame`'s space: its world position through the inverse of frame's world transform. */
    function inFrame(frame: SpineCore.Bone, bone: SpineCore.Bone): [number, number] {
        const f = rt.world(frame);
        const w = rt.world(bone);
        const [x, y] = [w.worldX - f.worldX, w.worldY - f.worldY];
        const det = f.a * f.d - f.b * f.c;
        return [(f.d * x - f.b * y) / det, (f.a * y - f.c * x) / det];
    }

    /** The pose of `animation` at `time` on a fresh skeleton. */
    function poseAt(data: SpineCore.SkeletonData, name: string, time: number): SpineCore.Skeleton {
        const skeleton = new spine.Skeleton(data);
        rt.setupPose(skeleton);
        rt.apply(data.findAnimation(name)!, skeleton, 0, time);
        skeleton.updateWorldTransform(spine.Physics.update);
        return skeleton;
    }

    describe.each(NAMES)('generated %s skeleton', (name) => {
        test('parses with spine-core, and every region and mesh attachment has its atlas region', () => {
            const { atlas, data, gen } = load(name);
            const drawn = attachments(data).filter((a) => a instanceof spine.RegionAttachment || a instanceof spine.MeshAttachment);
            expect(drawn.length).toBeGreaterThan(0);
            for (const a of drawn) expect((a as SpineCore.RegionAttachment | SpineCore.MeshAttachment).region).not.toBeNull();
            expect(data.version).toBe(`${rt.format}.0`);
            expect(atlas.pages.map((p) => [p.name, p.width, p.height])).toEqual(gen.pages.map((p) => [p.name, p.width, p.height]));
        });

        test('atlas pages are power-of-two, at most 1024 px, with regions inside and 2 px apart', () => {
            const { atlas } = load(name);
            for (const page of atlas.pages) {
                for (const size of [page.width, page.height]) {
                    expect(size).toBeLessThanOrEqual(1024);
                    expect(Math.log2(size) % 1).toBe(0);
                }
                const regions = atlas.regions.filter((r) => r.page === page);
                for (const r of regions) {
                    expect(r.x).toBeGreaterThanOrEqual(2);
                    expect(r.y).toBeGreaterThanOrEqual(2);
                    expect(r.x + r.width).toBeLessThanOrEqual(page.width - 2);
                    expect(r.y + r.height).toBeLessThanOrEqual(page.height - 2);
                }
                for (const a of regions) {
                    for (const b of regions) {
                        if (a === b) continue;
                        const apart = a.x + a.width + 2 <= b.x || b.x + b.width + 2 <= a.x || a.y + a.height + 2 <= b.y || b.y + b.height + 2 <= a.y;
                        expect(apart).toBe(true);
                    }
                }
            }
        });

        test('stats match the parsed SkeletonData', () => {
            const { data, gen } = load(name);
            const meshes = attachments(data).filter((a): a is SpineCore.MeshAttachment => a instanceof spine.MeshAttachment);
            const ownGeometry = meshes.filter((m) => rt.sourceMesh(m) === null);
            expect(gen.stats).toEqual({
                bones: data.bones.length,
                slots: data.slots.length,
                ik: rt.ik(data).length,
                transforms: rt.transforms(data).length,
                paths: rt.paths(data).length,
                meshes: ownGeometry.length,
                animations: data.animations.map((a) => a.name),
                events: data.events.map((e) => e.name),
                skins: data.skins.map((s) => s.name),
            });
            // Every mesh is weighted; skins share the geometry through linked meshes.
            for (const m of meshes) expect(m.bones?.length).toBeGreaterThan(0);
            expect(gen.stats.skins[0]).toBe('default');
            expect(gen.stats.skins.length).toBeGreaterThanOrEqual(4);
        });

        test('has idle, walk, run, attack and die with their durations and events', () => {
            const { data } = load(name);
            for (const [anim, duration] of Object.entries(DURATIONS)) {
                expect(data.findAnimation(anim)?.duration).toBeCloseTo(duration, 5);
            }
            const footsteps = eventTimeline(data.findAnimation('walk')!).events.filter((e) => e.data.name === 'footstep');
            expect(new Set(footsteps.map((e) => e.time)).size).toBe(2);
            expect(footsteps.map((e) => e.time)).toEqual([expect.closeTo(0.2, 5), expect.closeTo(0.6, 5)]);

            const hits = eventTimeline(data.findAnimation('attack')!).events;
            expect(hits.map((e) => [e.data.name, e.time])).toEqual([['hit', expect.closeTo(0.3, 5)]]);
            const hit = rt.eventValues(data.findEvent('hit')!);
            expect(hit.intValue).not.toBe(0);
            expect(hit.floatValue).not.toBe(0);
            expect(hit.stringValue).not.toBe('');
            expect([hits[0]!.intValue, hits[0]!.floatValue, hits[0]!.stringValue]).toEqual([hit.intValue, hit.floatValue, hit.stringValue]);

            const falls = eventTimeline(data.findAnimation('die')!).events;
            expect(falls.map((e) => [e.data.name, e.time])).toEqual([['fall', expect.closeTo(0.9, 5)]]);
        });

        test.each(Object.keys(DURATIONS))('plays %s for its full duration on every skin, moving bones and firing its events', (anim) => {
            const { data } = load(name);
            const animation = data.findAnimation(anim)!;
            const duration = animation.duration;
            const events = animation.timelines.find((t) => t instanceof spine.EventTimeline) as SpineCore.EventTimeline | undefined;
            const expected = events ? events.events.map((e) => e.data.name) : [];
            for (const skin of data.skins) {
                const skeleton = new spine.Skeleton(data);
                skeleton.setSkin(skin);
                rt.setupPose(skeleton);
                const state = new spine.AnimationState(new spine.AnimationStateData(data));
                const fired: string[] = [];
                state.addListener({ event: (_entry, event) => fired.push(event.data.name) });
                state.setAnimation(0, anim, false);
                state.apply(skeleton);
                skeleton.updateWorldTransform(spine.Physics.update);
                const start = worldPositions(skeleton);
                let moved = 0;
                const dt = 1 / 60;
                for (let t = 0; t < duration + dt; t += dt) {
                    state.update(dt);
                    state.apply(skeleton);
                    skeleton.update(dt);
                    skeleton.updateWorldTransform(spine.Physics.update);
                    const now = worldPositions(skeleton);
                    for (const [i, [x, y]] of now.entries()) {
                        expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
                        moved = Math.max(moved, Math.hypot(x! - start[i]![0]!, y! - start[i]![1]!));
                    }
                }
                expect(moved).toBeGreaterThan(1);
                expect(fired).toEqual(expected);
            }
        });

        test('loops are seamless: the first and last frames of idle, walk and run are the same pose', () => {
            const { data } = load(name);
            for (const anim of LOOPS) {
                const first = worldPositions(poseAt(data, anim, 0));
                const last = worldPositions(poseAt(data, anim, data.findAnimation(anim)!.duration));
                for (const [i, [x, y]] of first.entries()) {
                    expect(last[i]![0]).toBeCloseTo(x!, 2);
                    expect(last[i]![1]).toBeCloseTo(y!, 2);
                }
            }
        });

        test('die ends lying on the ground', () => {
            const { data } = load(name);
            const height = (preset(name, rt.format).json.skeleton as { height: number }).height;
            const standing = rt.world(poseAt(data, 'die', 0).findBone('head')!);
            const lying = rt.world(poseAt(data, 'die', data.findAnimation('die')!.duration).findBone('head')!);
            expect(standing.worldY).toBeGreaterThan(height * 0.6);
            expect(lying.worldY).toBeLessThan(height * 0.2);
        });

        test('paint fills every region: the pixel at each region centre is not transparent', () => {
            const { atlas, gen } = load(name);
            for (const page of gen.pages) {
                const canvas = createCanvas(page.width, page.height);
                const ctx = canvas.getContext('2d');
                page.paint(ctx as unknown as CanvasRenderingContext2D);
                const pixels = ctx.getImageData(0, 0, page.width, page.height).data;
                const regions = atlas.regions.filter((r) => r.page.name === page.name);
                expect(regions.length).toBeGreaterThan(0);
                const empty = regions.filter((r) => {
                    const x = Math.floor(r.x + r.width / 2);
                    const y = Math.floor(r.y + r.height / 2);
                    return pixels[(y * page.width + x) * 4 + 3] === 0;
                });
                expect(empty.map((r) => r.name)).toEqual([]);
            }
        });
    });

    describe('size classes', () => {
        test('tiny: 6-10 bones, 1 IK, no meshes', () => {
            const { stats } = preset('tiny');
            expect(stats.bones).toBeGreaterThanOrEqual(6);
            expect(stats.bones).toBeLessThanOrEqual(10);
            expect([stats.ik, stats.meshes]).toEqual([1, 0]);
        });

        test('crowd: 20-30 bones, 2 IK, 1 weighted mesh', () => {
            const { stats } = preset('crowd');
            expect(stats.bones).toBeGreaterThanOrEqual(20);
            expect(stats.bones).toBeLessThanOrEqual(30);
            expect([stats.ik, stats.meshes]).toEqual([2, 1]);
        });

        test('hero: production sized, with IK on all limbs, a transform constraint and deforming meshes', () => {
            const { data, gen } = load('hero');
            expect(gen.stats.bones).toBeGreaterThanOrEqual(60);
            expect(gen.stats.slots).toBeGreaterThanOrEqual(25);
            expect(gen.stats.ik).toBeGreaterThanOrEqual(4);
            expect(gen.stats.transforms).toBeGreaterThanOrEqual(1);
            expect(gen.stats.meshes).toBeGreaterThanOrEqual(3);
            const limbs = rt.ik(data).map((c) => c.bones.map((b) => b.name).join('+'));
            expect(limbs).toEqual(expect.arrayContaining(['thigh_B+shin_B', 'thigh_F+shin_F', 'upperarm_B+forearm_B', 'upperarm_F+forearm_F']));
            // Meshes move with several bones, and the torso also breathes through a deform timeline.
            const meshes = attachments(data).filter((a): a is SpineCore.MeshAttachment => a instanceof spine.MeshAttachment && rt.sourceMesh(a) === null);
            for (const m of meshes) expect(meshBones(m).size).toBeGreaterThan(1);
            const idle = data.findAnimation('idle')!;
            expect(idle.timelines.some((t) => t instanceof spine.DeformTimeline)).toBe(true);
        });

        test('shipped: shaped like a shipped rig, one page, a scarf that its path constraint moves', () => {
            const { atlas, data, gen } = load('shipped');
            const { stats } = gen;
            expect(stats.bones).toBeGreaterThanOrEqual(60);
            expect(stats.slots).toBeGreaterThanOrEqual(50);
            expect(stats.ik).toBeGreaterThanOrEqual(4);
            expect(stats.transforms).toBeGreaterThanOrEqual(1);
            expect(stats.paths).toBeGreaterThanOrEqual(1);
            expect(stats.meshes).toBeGreaterThanOrEqual(3);
            expect(atlas.pages.map((p) => p.width <= 1024 && p.height <= 1024)).toEqual([true]);
            const height = (gen.json.skeleton as { height: number }).height;
            expect(height).toBeGreaterThan(650);
            expect(height).toBeLessThan(750);

            // The scarf's bones follow the path attachment of a slot, under a mesh they weigh on.
            expect(rt.paths(data)).toHaveLength(1);
            const path = rt.paths(data)[0]!;
            const slot = rt.pathSlot(path);
            expect(data.defaultSkin!.getAttachment(slot.index, slot.attachmentName!)).toBeInstanceOf(spine.PathAttachment);
            const chain = path.bones.map((b) => b.index);
            expect(chain.length).toBeGreaterThanOrEqual(3);
            const meshes = attachments(data).filter((a): a is SpineCore.MeshAttachment => a instanceof spine.MeshAttachment && rt.sourceMesh(a) === null);
            expect(meshes.some((m) => chain.every((i) => meshBones(m).has(i)))).toBe(true);

            // Walk keys where the scarf sits on its path: seen from the bone that carries the path,
            // its loose end moves only because the position keys slide it along.
            const tip = chain[chain.length - 1]!;
            const carrier = slot.boneData.index;
            const walk = data.findAnimation('walk')!;
            const at = (time: number): [number, number] => {
                const skeleton = poseAt(data, 'walk', time);
                return inFrame(skeleton.bones[carrier]!, skeleton.bones[tip]!);
            };
            const start = at(0);
            let slid = 0;
            for (let t = 0; t <= walk.duration; t += 0.05) {
                const [x, y] = at(t);
                slid = Math.max(slid, Math.hypot(x - start[0], y - start[1]));
            }
            expect(slid).toBeGreaterThan(1);

            // Without the constraint the bones take their own keys, and the scarf is elsewhere.
            const json = structuredClone(preset('shipped').json) as { path?: unknown; animations: Record<string, { path?: unknown }> };
            delete json.path;
            for (const animation of Object.values(json.animations)) delete animation.path;
            const loose = new spine.SkeletonJson(new spine.AtlasAttachmentLoader(atlas)).readSkeletonData(rt.format === '4.3' ? toSpine43(json) : json);
            const [held, free] = [poseAt(data, 'walk', 0.3), poseAt(loose, 'walk', 0.3)].map((s) => rt.world(s.bones[tip]!));
            expect(Math.hypot(held!.worldX - free!.worldX, held!.worldY - free!.worldY)).toBeGreaterThan(3);
        });

        test('shippedPages: the shipped rig over three pages, each group of parts on its own, the draw order going back and forth', () => {
            const { atlas, data, gen } = load('shippedPages');
            // The same character: only the atlas differs.
            expect(JSON.stringify(gen.json)).toBe(JSON.stringify(preset('shipped', rt.format).json));
            expect(atlas.pages.map((p) => p.name)).toEqual(['shippedPages.png', 'shippedPages_2.png', 'shippedPages_3.png']);
            const groups = presets.shippedPages.pageGroups!;
            const partOf = (region: string): string => region.slice(region.indexOf('/') + 1);
            for (const region of atlas.regions) {
                const group = groups.findIndex((g) => g.includes(partOf(region.name))) + 1;
                expect([region.name, atlas.pages.indexOf(region.page)]).toEqual([region.name, group]);
            }
            // In every skin, the setup pose's drawn slots (in draw order) use every page and switch pages often.
            for (const skin of data.skins) {
                const pages = data.slots
                    .map((slot) =>
                        slot.attachmentName
                            ? (skin.getAttachment(slot.index, slot.attachmentName) ?? data.defaultSkin!.getAttachment(slot.index, slot.attachmentName))
                            : null,
                    )
                    .filter(
                        (a): a is SpineCore.RegionAttachment | SpineCore.MeshAttachment =>
                            a instanceof spine.RegionAttachment || a instanceof spine.MeshAttachment,
                    )
                    .map((a) => atlas.pages.indexOf(atlas.findRegion(a.path)!.page));
                expect(new Set(pages)).toEqual(new Set([0, 1, 2]));
                expect(pages.filter((p, i) => i > 0 && p !== pages[i - 1]).length).toBeGreaterThanOrEqual(15);
            }
        });
    });

    describe('generateCharacter', () => {
        test('scales a rig through feature overrides: longer hair and cape chains give more bones, with valid meshes and animations', () => {
            const base = preset('hero').stats;
            const gen = generateCharacter({ ...presets.hero, name: 'longhero', features: { hairSegments: 16, capeSegments: 12 } }, rt.format);
            expect(gen.stats.bones).toBe(base.bones + (16 - 6) + 2 * (12 - 4));
            const { data } = parse(gen);
            expect(data.bones.length).toBe(gen.stats.bones);
            expect(data.animations.map((a) => a.name).sort()).toEqual([...base.animations].sort());
            for (const a of attachments(data)) if (a instanceof spine.MeshAttachment) expect(a.region).not.toBeNull();
            // The longer chains move: the hair tip is somewhere else halfway through the walk.
            const tip = data.bones.findIndex((b) => b.name === 'hair16');
            expect(tip).toBeGreaterThan(0);
            const start = worldPositions(poseAt(data, 'walk', 0))[tip]!;
            const half = worldPositions(poseAt(data, 'walk', data.findAnimation('walk')!.duration / 2))[tip]!;
            expect(Math.hypot(start[0]! - half[0]!, start[1]! - half[1]!)).toBeGreaterThan(0.5);
        });

        test('is deterministic: the same spec gives identical JSON and atlas, another seed does not', () => {
            for (const name of NAMES) {
                const a = generateCharacter(presets[name]);
                const b = generateCharacter(presets[name]);
                expect(JSON.stringify(a.json)).toBe(JSON.stringify(b.json));
                expect(a.atlas).toBe(b.atlas);
                expect(JSON.stringify(a.json)).toBe(JSON.stringify(preset(name).json));
            }
            const other = generateCharacter({ ...presets.hero, seed: 99 });
            expect(JSON.stringify(other.json)).not.toBe(JSON.stringify(preset('hero').json));
        });

        test('accepts custom skin names and still produces valid data', () => {
            const gen = generateCharacter({ name: 'custom', detail: 'crowd', skins: ['knight', 'zombie'], seed: 7 }, rt.format);
            const { data } = parse(gen);
            expect(data.skins.map((s) => s.name)).toEqual(['default', 'knight', 'zombie']);
            expect(gen.pages[0]!.name).toBe('custom.png');
            expect(() => generateCharacter({ name: 'bad', detail: 'tiny', skins: ['default'] })).toThrow();
        });

        test('pageGroups: each group of parts on pages of its own, numbered on; a part the rig lacks is an error naming it', () => {
            const gen = generateCharacter({ ...presets.crowd, name: 'split', pageGroups: [['shadow']] }, rt.format);
            expect(gen.pages.map((p) => p.name)).toEqual(['split.png', 'split_2.png']);
            expect(
                gen.atlas
                    .split('\n\n')[1]!
                    .split('\n')
                    .filter((l) => l && !l.includes(':') && !l.endsWith('.png')),
            ).toEqual(['shadow']);
            expect(() => generateCharacter({ ...presets.crowd, name: 'bad', pageGroups: [['wings']] })).toThrow(/wings/);
        });
    });
});

describe('Spine 4.2 and 4.3 JSON', () => {
    const [v42, v43] = RUNTIMES;

    test('are the same character: every bone at the same place at every time of every animation, same bounds', () => {
        for (const name of NAMES) {
            const data = RUNTIMES.map((rt) => {
                const gen = preset(name, rt.format);
                return new rt.spine.SkeletonJson(new rt.spine.AtlasAttachmentLoader(new rt.spine.TextureAtlas(gen.atlas))).readSkeletonData(gen.json);
            });
            for (const animation of data[0]!.animations) {
                for (let time = 0; time <= animation.duration; time += 0.1) {
                    const [a, b] = RUNTIMES.map((rt, i) => {
                        const skeleton = new rt.spine.Skeleton(data[i]!);
                        rt.setupPose(skeleton);
                        rt.apply(data[i]!.findAnimation(animation.name)!, skeleton, 0, time);
                        skeleton.updateWorldTransform(rt.spine.Physics.update);
                        return skeleton;
                    });
                    a!.bones.forEach((bone, i) => {
                        expect(v43!.world(b!.bones[i]!).worldX).toBeCloseTo(v42!.world(bone).worldX, 3);
                        expect(v43!.world(b!.bones[i]!).worldY).toBeCloseTo(v42!.world(bone).worldY, 3);
                    });
                    const [ra, rb] = [a!.getBoundsRect(), b!.getBoundsRect()];
                    expect([rb.x, rb.y, rb.width, rb.height].map((v) => Math.round(v * 100))).toEqual(
                        [ra.x, ra.y, ra.width, ra.height].map((v) => Math.round(v * 100)),
                    );
                }
            }
        }
    });

    test('differ only where the format changed: constraints, transform sources and linked mesh sources', () => {
        const a = preset('hero', '4.2').json as Record<string, unknown>;
        const b = preset('hero', '4.3').json as Record<string, unknown>;
        expect(Object.keys(b)).toEqual(
            Object.keys(a)
                .filter((k) => k !== 'transform')
                .map((k) => (k === 'ik' ? 'constraints' : k)),
        );
        for (const key of ['bones', 'slots', 'events', 'animations']) expect(b[key]).toEqual(a[key]);
        const constraints = b.constraints as { type: string; name: string }[];
        expect(constraints.map((c) => c.type).sort()).toEqual(
            [...(a.ik as unknown[]).map(() => 'ik'), ...(a.transform as unknown[]).map(() => 'transform')].sort(),
        );
    });
});
