/**
 * The shared pose cache (`poseCache: 'shared'`, spine/PoseCache.ts) on the real stack: when it
 * serves a pose and when it must not, what it costs in memory and per frame, and what it reports.
 * Fidelity is checked by the differential harness: a pose from the cache must be the twin's within
 * the cache's tolerance (bones and drawn vertices within 1 px, attachments, sequence frames and
 * draw order exact) and the twin's pose must be its animation over the setup pose; every other pose
 * must be the twin's (test/harness/differential.ts, test/harness/poseError.ts). The scenario matrix runs in shared mode too
 * (differential.test.ts).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { DifferentialRun, irregularDeltas } from '../harness/differential';
import { instanceRecord } from '../../fixtures/internals';
import { worldOf } from '../harness/spineApi';
import { corpusRig } from '../../fixtures/skeletons/corpus';
import { preset } from '../../fixtures/skeletons/presets';
import { BUILDS_PER_FRAME } from '../../spine/buildBudget';

type Any = any;

let t: TestGame;
let run: DifferentialRun | null = null;

beforeEach(async () => {
    t = await bootGame({ skeletons: { hero: preset('hero'), physics: corpusRig('physics') } });
    t.scene.spinePool.configure({ poseCache: 'shared' });
});

afterEach(() => {
    run?.end();
    run = null;
    t.destroy();
});

const cache = () => t.scene.spinePool.stats().poseCache;

/** Bone indices `animation` keys (any property). */
function keyedBones(go: SpineGameObject, animation: string): Set<number> {
    const timelines = go.skeleton.data.findAnimation(animation)!.timelines as Any[];
    return new Set(timelines.filter((tl) => typeof tl.boneIndex === 'number').map((tl) => tl.boneIndex));
}

/** A bone's local pose (4.3 keeps it on `bone.pose`). */
function localOf(bone: Any): { rotation: number } {
    return bone.pose ?? bone;
}

describe('shared pose cache', () => {
    test("every skin of a rig with IK, transform constraints and meshes, playing plainly: served from the cache once its samples are built, and the twin's pose within the cache's tolerance", () => {
        run = new DifferentialRun(t, irregularDeltas(11));
        const skins = ['knight', 'goblin', 'mage'];
        const pairs = skins.map((skin, i) => run!.pair(150 + i * 250, 450, 'hero', skin, { skin }));
        run.at(0, () => pairs.forEach((p, i) => p.both((go) => go.animationState.setAnimation(0, ['walk', 'run', 'attack'][i], true))));
        run.step(150);
        expect(run.differences()).toEqual([]);
        // Three clips share the build budget (BUILDS_PER_FRAME poses a frame) over the first frames: a
        // pose whose samples wait is computed in full. Once built, every pose is served (hitRate below).
        for (const pair of pairs) expect(pair.cachedFrames).toBeGreaterThan(120);
        // Nothing in the run reads their skeletons (the comparison peeks): served, their bones are not written.
        for (const pair of pairs) expect(pair.behindFrames).toBe(pair.cachedFrames);
        // One clip per (skin, animation): the skins' attachments differ, so do their samples.
        expect(cache().clips).toBe(3);
        expect(cache().hitRate).toBe(1);
    });

    test('an instance given an afterUpdateWorldTransforms callback is posed in full (the callback moves what it likes), until it is despawned', () => {
        run = new DifferentialRun(t, irregularDeltas(12));
        const pair = run.pair(400, 450, 'hero');
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        run.at(20, () =>
            pair.both((go) => {
                go.afterUpdateWorldTransforms = () => {
                    worldOf(go.skeleton.findBone('head')!).worldX += 15;
                };
            }),
        );
        run.step(21); // the callback is set after frame 20's pass
        const before = cache().hits;
        expect(before).toBeGreaterThan(10);
        run.step(40);
        expect(run.differences()).toEqual([]);
        expect(cache().hits).toBe(before);
        expect(instanceRecord(t.scene.spinePool, pair.pooled).poseCached).toBe(false);
        // A new owner of the same object gets the pool's callbacks (none), not the game's: served again.
        const pool = t.scene.spinePool;
        const games = pair.pooled.afterUpdateWorldTransforms;
        pair.pooled.animationState.removeListener(pair.pooledListener as never);
        pool.despawn(pair.pooled);
        const next = pool.spawn(400, 450, 'hero', 'hero-atlas', { animation: 'walk' });
        t.step(5);
        expect(next).toBe(pair.pooled);
        expect(next.afterUpdateWorldTransforms).not.toBe(games);
        expect(instanceRecord(pool, next).poseCached).toBe(true);
        pool.despawn(next);
    });

    test.each([
        ['an empty arrow function', () => () => {}],
        ['an empty function expression', () => function () {}],
        [
            'an empty function with a comment',
            () => (_go: unknown) => {
                /* nothing to do any more */
            },
        ],
        ['the function the object had', (had: unknown) => had],
    ])("a game that clears the callback it set (%s) is served from the cache again, the twin's pose within the tolerance", (_, cleared) => {
        run = new DifferentialRun(t, irregularDeltas(14));
        const pair = run.pair(400, 450, 'hero');
        const had = pair.pooled.afterUpdateWorldTransforms;
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        run.at(20, () =>
            pair.both((go) => {
                go.afterUpdateWorldTransforms = () => {
                    worldOf(go.skeleton.findBone('head')!).worldX += 15;
                };
            }),
        );
        run.at(40, () => pair.both((go) => void (go.afterUpdateWorldTransforms = cleared(had) as Any)));
        run.step(41);
        const before = cache().hits;
        run.step(40);
        expect(run.differences()).toEqual([]);
        expect(cache().hits - before).toBe(40); // every frame since
        expect(instanceRecord(t.scene.spinePool, pair.pooled).poseCached).toBe(true);
    });

    test("an instance off screen that the game gives its first animation in the frame it comes into view shows the pose of its update, as its twin (not the new animation's, from the cache)", () => {
        run = new DifferentialRun(t, irregularDeltas(15));
        const pair = run.pair(400 + 3 * 800, 450, 'hero');
        run.step(10);
        // In one frame's update: its first animation, and the camera turns to it (posed at the frame's end).
        run.at(10, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        run.atScene(10, () => t.scene.cameras.main.setScroll(3 * 800, 0));
        run.step(30);
        expect(run.differences()).toEqual([]);
        expect(pair.comparedFrames).toBeGreaterThan(25);
    });

    test('a bone the animation does not key, rotated by the game itself, is seen: posed in full while it is off its setup pose', () => {
        run = new DifferentialRun(t, irregularDeltas(13));
        const pair = run.pair(400, 450, 'hero');
        const keyed = keyedBones(pair.pooled, 'walk');
        const index = pair.pooled.skeleton.bones.findIndex((b) => !keyed.has(b.data.index) && b.data.index > 0);
        expect(index).toBeGreaterThan(0);
        let angle = 0;
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        for (let f = 10; f < 40; f++) {
            run.at(f, () => {
                angle += 3;
                pair.both((go) => void (localOf(go.skeleton.bones[index]).rotation = angle));
            });
        }
        run.at(40, () =>
            pair.both(
                (go) =>
                    void (localOf(go.skeleton.bones[index]).rotation =
                        (go.skeleton.bones[index].data as Any).rotation ?? (go.skeleton.bones[index].data as Any).setupPose.rotation),
            ),
        );
        run.step(12);
        const before = cache().hits;
        run.step(28);
        expect(cache().hits - before).toBeLessThanOrEqual(1); // at most the frame before the first write
        run.step(20);
        expect(cache().hits - before).toBeGreaterThan(15); // back at its setup pose: served again
        expect(run.differences()).toEqual([]);
    });

    test('an attachment the game takes off a slot the animation does not key stays off, while the pose comes from the cache', () => {
        run = new DifferentialRun(t, irregularDeltas(14));
        const pair = run.pair(400, 450, 'hero', 'hero', { skin: 'knight' });
        const walk = pair.pooled.skeleton.data.findAnimation('walk')!.timelines as Any[];
        const keyedSlots = new Set(walk.filter((tl) => typeof tl.slotIndex === 'number').map((tl) => tl.slotIndex));
        const slot = pair.pooled.skeleton.slots.find((s) => !keyedSlots.has(s.data.index) && (s.data as Any).attachmentName)!;
        expect(slot).toBeDefined();
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        run.at(10, () => pair.both((go) => go.skeleton.setAttachment(slot.data.name, null as never)));
        run.step(60);
        expect(run.differences()).toEqual([]);
        expect(pair.cachedFrames).toBeGreaterThan(50);
        const pooledSlot = pair.pooled.skeleton.slots[slot.data.index] as Any;
        expect((pooledSlot.pose ?? pooledSlot).attachment).toBeNull();
    });

    test('samples stay within poseCacheMemory: the animation used longest ago is dropped and sampled again when needed', () => {
        const pool = t.scene.spinePool;
        const go = pool.spawn(400, 450, 'hero', 'hero-atlas', { animation: 'walk' });
        t.step(80);
        const oneClip = cache().bytes;
        expect(cache().clips).toBe(1);
        pool.configure({ poseCacheMemory: (oneClip * 1.5) / (1024 * 1024) });
        const budget = pool.getOptions().poseCacheMemory * 1024 * 1024;
        run = new DifferentialRun(t, irregularDeltas(15));
        const pair = run.pair(200, 450, 'hero');
        let most = 0;
        for (const name of ['run', 'walk', 'run', 'walk']) {
            pair.both((g) => g.animationState.setAnimation(0, name, true));
            go.animationState.setAnimation(0, name, true);
            for (let i = 0; i < 80; i++) {
                run.step(1);
                most = Math.max(most, cache().bytes);
            }
        }
        expect(most).toBeLessThanOrEqual(budget);
        expect(cache().clips).toBe(1); // the other one was dropped to make room
        expect(cache().hitRate).toBe(1);
        expect(run.differences()).toEqual([]);
        pool.despawn(go);
    });

    test("an instance whose samples are built is served in the frames others' wait to be built: a wait excuses that instance only", () => {
        run = new DifferentialRun(t, irregularDeltas(14));
        // Started together, each at its own time: more samples wanted in a frame than the build budget allows.
        const late = ['attack', 'run', 'idle', 'die'].map((animation, i) => ({ animation, pair: run!.pair(250 + i * 150, 450, 'hero', animation) }));
        // Updated after them (later on the UpdateList): it looks its pose up once they spent the budget.
        const warm = run.pair(100, 450, 'hero', 'warm');
        run.at(0, () => warm.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        // Two loops of walk later (every sample of it built), the others start.
        run.at(90, () =>
            late.forEach(({ animation, pair }, i) => pair.both((go) => void (go.animationState.setAnimation(0, animation, true).trackTime = i * 0.17))),
        );
        run.step(91);
        const before = { cached: warm.cachedFrames, servable: warm.servableFrames, waited: warm.waitedFrames };
        run.step(40);
        expect(run.differences()).toEqual([]);
        expect(late.reduce((n, { pair }) => n + pair.waitedFrames, 0)).toBeGreaterThan(0);
        // Every frame it could be served it was, or its own lookup waited (a sample of its own not built yet).
        const served = warm.cachedFrames - before.cached;
        const waited = warm.waitedFrames - before.waited;
        expect({ servedOrWaited: served + waited, missed: warm.missedFrames }).toEqual({ servedOrWaited: warm.servableFrames - before.servable, missed: 0 });
        expect(served).toBeGreaterThan(30);
    });

    test(`a wave spawned in one frame builds at most ${BUILDS_PER_FRAME} samples a frame; the rest are posed in full meanwhile`, () => {
        const pool = t.scene.spinePool;
        const gos: SpineGameObject[] = [];
        for (let i = 0; i < 60; i++) {
            const go = pool.spawn(100 + (i % 10) * 60, 300 + Math.floor(i / 10) * 40, 'hero', 'hero-atlas');
            go.animationState.setAnimation(0, 'run', true).trackTime = i * 0.013; // 60 different samples
            gos.push(go);
        }
        let samples = cache().samples;
        let missedFirst = 0;
        for (let f = 0; f < 12; f++) {
            const misses = cache().misses;
            t.step(1);
            expect(cache().samples - samples).toBeLessThanOrEqual(BUILDS_PER_FRAME);
            if (f === 0) missedFirst = cache().misses - misses;
            samples = cache().samples;
        }
        expect(missedFirst).toBeGreaterThan(0);
        expect(cache().hitRate).toBe(1);
        gos.forEach((go) => pool.despawn(go));
    });

    test("the build budget follows the frame's length: a 100 ms frame builds ~6× the samples of a 16 ms one, never more than the instances that waited the frame before", () => {
        const pool = t.scene.spinePool;
        const gos: SpineGameObject[] = [];
        // Many clips (skin × animation), each instance at its own time: far more samples wanted than a frame builds.
        const skins = ['knight', 'goblin', 'mage'];
        const animations = ['walk', 'run', 'attack', 'idle'];
        for (let i = 0; i < 240; i++) {
            const go = pool.spawn(60 + (i % 20) * 36, 200 + Math.floor(i / 20) * 30, 'hero', 'hero-atlas', { skin: skins[i % 3] });
            go.animationState.setAnimation(0, animations[Math.floor(i / 3) % 4], true).trackTime = i * 0.0137;
            gos.push(go);
        }
        /** Samples built by one frame of `delta` ms, and the instances posed in full in it (all waiting for samples: plain states). */
        const frame = (delta: number): { built: number; waited: number } => {
            const samples = cache().samples;
            const misses = cache().misses;
            t.step(1, delta);
            return { built: cache().samples - samples, waited: cache().misses - misses };
        };
        const short = frame(1000 / 60);
        const long = frame(100);
        // Phaser says 16 ms for a frame that took 100 (its delta is capped, and past 200 ms the
        // last short one): the loop's raw delta, the frame's real length, counts.
        const loop = t.game.loop as { rawDelta: number };
        loop.rawDelta = 100;
        const slow = frame(1000 / 60);
        loop.rawDelta = 0;
        expect(slow.built).toBeGreaterThan(3 * short.built);
        expect(short.built).toBeLessThanOrEqual(BUILDS_PER_FRAME);
        expect(long.built).toBeGreaterThan(3 * short.built);
        expect(long.built).toBeLessThanOrEqual(Math.max(BUILDS_PER_FRAME, short.waited));
        expect(long.built).toBeLessThanOrEqual(96);
        gos.forEach((go) => pool.despawn(go));
    });

    test('a long frame builds no more samples than the instances that waited the frame before: a few waiting, a 200 ms frame builds a few', () => {
        const pool = t.scene.spinePool;
        const gos: SpineGameObject[] = [];
        for (let i = 0; i < 24; i++) {
            const go = pool.spawn(100 + (i % 8) * 80, 300 + Math.floor(i / 8) * 80, 'hero', 'hero-atlas');
            go.animationState.setAnimation(0, 'run', true).trackTime = i * 0.031;
            gos.push(go);
        }
        const misses = cache().misses;
        t.step(1);
        const waited = cache().misses - misses; // posed in full for their samples (plain states)
        const before = cache().samples;
        // 200 ms would allow 192 builds: the few that waited cap it (a build replaces a full pose).
        t.step(1, 200);
        expect(waited).toBeGreaterThan(0);
        expect(waited).toBeLessThan(BUILDS_PER_FRAME * 2);
        expect(cache().samples - before).toBeLessThanOrEqual(Math.max(BUILDS_PER_FRAME, waited));
        gos.forEach((go) => pool.despawn(go));
    });

    test("spawn(..., { animation }) shows the first frame from the cache, as the posed first frame without it; poseCache: 'off' on spawn overrides the option", () => {
        const pool = t.scene.spinePool;
        const warm = pool.spawn(100, 450, 'hero', 'hero-atlas', { animation: 'attack' });
        t.step(1); // samples built in a frame
        const hits = cache().hits;
        const cached = pool.spawn(400, 450, 'hero', 'hero-atlas', { animation: 'attack' });
        expect(cache().hits).toBe(hits + 1);
        const full = pool.spawn(400, 450, 'hero', 'hero-atlas', { animation: 'attack', poseCache: 'off' });
        expect(cache().hits).toBe(hits + 1);
        cached.skeleton.bones.forEach((bone, i) => {
            const a = worldOf(bone);
            const b = worldOf(full.skeleton.bones[i]);
            expect(
                [a.a, a.b, a.c, a.d, a.worldX, a.worldY].map((v, j) => Math.abs(v - [b.a, b.b, b.c, b.d, b.worldX, b.worldY][j])).every((d) => d < 1e-3),
            ).toBe(true);
        });
        t.step(5);
        expect(instanceRecord(pool, full).poseCached).toBe(false);
        expect(instanceRecord(pool, cached).poseCached).toBe(true);
        expect(() => pool.spawn(0, 0, 'hero', 'hero-atlas', { poseCache: 'on' as never })).toThrow(
            /spawn\(\): poseCache must be one of 'off', 'shared'.*got "on"/,
        );
        [warm, cached, full].forEach((go) => pool.despawn(go));
    });

    test("hitRate is the share of the last frame's poses served from the cache; a mix and a second track are posed in full; a physics rig never is served", () => {
        const pool = t.scene.spinePool;
        const gos = [0, 1, 2, 3].map((i) => pool.spawn(100 + i * 150, 450, 'hero', 'hero-atlas', { animation: 'walk' }));
        const physics = pool.spawn(700, 450, 'physics', 'physics-atlas', { animation: 'walk' });
        t.step(3);
        expect(cache().hitRate).toBeCloseTo(4 / 5);
        gos[0].animationState.setAnimation(0, 'run', true).mixDuration = 0.5;
        gos[1].animationState.setAnimation(1, 'attack', true);
        t.step(2);
        expect(cache().hitRate).toBeCloseTo(2 / 5);
        expect(instanceRecord(pool, physics).poseCached).toBe(false);
        t.step(40); // the mix is over; the second track stays
        expect(cache().hitRate).toBeCloseTo(3 / 5);
        [...gos, physics].forEach((go) => pool.despawn(go));
    });
});
