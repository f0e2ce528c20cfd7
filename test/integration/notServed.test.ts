/**
 * Why a pose is made in full instead of copied from the shared pose cache (spine/core/notServed.ts),
 * on the real stack: each reason provoked on one instance the way a game does it, counted in
 * `stats().poseCache.notServed` once per frame it lasts, and nothing else counted; every count but
 * `off` is a miss of the cache (they add up to the frame's misses). The reasons are the conditions
 * that decide it, in the order they are checked (core/plainEntry.ts `plainness`, stateReplay.ts
 * `applyReason`, PoseCache `find` and `copy`, Posing).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { partsOf } from '../../fixtures/internals';
import { corpusRig } from '../../fixtures/skeletons/corpus';
import { preset } from '../../fixtures/skeletons/presets';
import { NOT_SERVED, type NotServedCounts, type NotServedName } from '../../spine/core/notServed';
import { SCALES_PER_DATA } from '../../spine/PoseCache';
import { BUILDS_PER_FRAME } from '../../spine/buildBudget';

type Any = any;

let t: TestGame;

beforeEach(async () => {
    t = await bootGame({ skeletons: { hero: preset('hero'), physics: corpusRig('physics'), stunts: corpusRig('stunts') } });
});

afterEach(() => t.destroy());

const v43 = (): boolean => typeof (t.spine.Skeleton.prototype as Any).setupPose === 'function';
const REASONS = Object.keys(NOT_SERVED) as NotServedName[];
const zero = (): NotServedCounts => Object.fromEntries(REASONS.map((name) => [name, 0])) as NotServedCounts;
/** `counts` without its zeros (what a failure prints). */
const nonZero = (counts: NotServedCounts): Partial<NotServedCounts> => Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));

/**
 * Steps `frames` frames and returns, summed, the counts `stats()` gave of each (read in the frame
 * after it: stats report the last complete frame), checking in each that the counts but `off` are
 * the frame's misses.
 */
function counted(frames: number): NotServedCounts {
    const sum = zero();
    const cache = partsOf(t.scene.spinePool).poseCache;
    t.step(1); // its start closes the frame before: the counts of the next step are this one's
    for (let i = 0; i < frames; i++) {
        t.step(1);
        const counts = t.scene.spinePool.stats().poseCache.notServed;
        let misses = 0;
        for (const name of REASONS) {
            sum[name] += counts[name];
            if (name !== 'off') misses += counts[name];
        }
        expect(misses).toBe(cache.missesLastFrame);
    }
    return sum;
}

/** A hero playing `animation` at the view's centre (high detail: posed every frame), warmed until every pose of it is served. */
function served(animation = 'walk', key = 'hero'): SpineGameObject {
    const go = t.scene.spinePool.spawn(400, 450, key, `${key}-atlas`, { animation });
    t.step(60); // its samples built (BUILDS_PER_FRAME poses a frame)
    expect(nonZero(counted(5))).toEqual({});
    return go;
}

/** Only `reason`, `count` times. */
const only = (reason: NotServedName, count: number): Partial<NotServedCounts> => ({ [reason]: count });

const FRAMES = 10;

describe('stats().poseCache.notServed: each reason a pose is made in full, counted alone in the frames it lasts', () => {
    test("off: an instance spawned with poseCache: 'off' (not a miss of the cache)", () => {
        t.scene.spinePool.spawn(400, 450, 'hero', 'hero-atlas', { animation: 'walk', poseCache: 'off' });
        const misses = t.scene.spinePool.stats().poseCache.misses;
        expect(nonZero(counted(FRAMES))).toEqual(only('off', FRAMES));
        expect(t.scene.spinePool.stats().poseCache.misses).toBe(misses);
    });

    test('off: every instance, with the option', () => {
        t.scene.spinePool.configure({ poseCache: 'off' });
        t.scene.spinePool.spawn(300, 450, 'hero', 'hero-atlas', { animation: 'walk' });
        t.scene.spinePool.spawn(500, 450, 'hero', 'hero-atlas', { animation: 'run' });
        expect(nonZero(counted(FRAMES))).toEqual(only('off', 2 * FRAMES));
    });

    test('noAnimation: an instance spawned without an animation, in its setup pose', () => {
        t.scene.spinePool.spawn(400, 450, 'hero', 'hero-atlas');
        expect(nonZero(counted(FRAMES))).toEqual(only('noAnimation', FRAMES));
    });

    test('tracks: an animation on track 1 as well as track 0', () => {
        const go = served();
        go.animationState.setAnimation(1, 'attack', true);
        expect(nonZero(counted(FRAMES))).toEqual(only('tracks', FRAMES));
    });

    test('tracks: an animation on track 1 alone', () => {
        const go = served();
        go.animationState.clearTrack(0);
        go.animationState.setAnimation(1, 'attack', true);
        expect(nonZero(counted(FRAMES))).toEqual(only('tracks', FRAMES));
    });

    test('mix: a crossfade, while it lasts', () => {
        const go = served();
        go.animationState.setAnimation(0, 'run', true).mixDuration = 0.5; // 30 frames
        expect(nonZero(counted(FRAMES))).toEqual(only('mix', FRAMES));
    });

    test('delay: an entry waiting out its delay on an emptied track', () => {
        const go = served();
        go.animationState.clearTrack(0);
        go.animationState.addAnimation(0, 'walk', true, 0.5);
        expect(nonZero(counted(FRAMES))).toEqual(only('delay', FRAMES));
    });

    test('reverse: an entry played in reverse', () => {
        const go = served();
        go.animationState.tracks[0]!.reverse = true;
        expect(nonZero(counted(FRAMES))).toEqual(only('reverse', FRAMES));
    });

    test('alpha: an entry below full alpha', () => {
        const go = served();
        go.animationState.tracks[0]!.alpha = 0.5;
        expect(nonZero(counted(FRAMES))).toEqual(only('alpha', FRAMES));
    });

    test('additive: an additive entry', () => {
        const go = served();
        const entry = go.animationState.tracks[0] as Any;
        if (v43()) entry.additive = true;
        else entry.mixBlend = (t.spine as Any).MixBlend.add;
        expect(nonZero(counted(FRAMES))).toEqual(only('additive', FRAMES));
    });

    test("trackEnd: the frame a track reaches its trackEnd (stock's last apply), then the emptied track", () => {
        const go = served();
        const entry = go.animationState.tracks[0]!;
        entry.trackEnd = entry.trackTime + 0.05; // three frames on
        const counts = nonZero(counted(FRAMES));
        expect(counts).toEqual({ trackEnd: 1, noAnimation: expect.any(Number) });
        expect(counts.noAnimation).toBeGreaterThan(FRAMES - 5);
        expect(go.animationState.tracks[0] ?? null).toBeNull();
    });

    test('callback: an afterUpdateWorldTransforms callback that does something', () => {
        const go = served();
        go.afterUpdateWorldTransforms = (o: Any) => void o.skeleton.bones.length;
        expect(nonZero(counted(FRAMES))).toEqual(only('callback', FRAMES));
    });

    test("offset: the skeleton's own x moved inside its game object", () => {
        const go = served();
        go.skeleton.x = 12;
        expect(nonZero(counted(FRAMES))).toEqual(only('offset', FRAMES));
    });

    test(`scale: a skeleton of more than ${SCALES_PER_DATA} scales of its own besides the default (turned around, the game object's scale: served)`, () => {
        const go = served();
        go.setScale(-1, 1);
        expect(nonZero(counted(FRAMES))).toEqual({});
        go.setScale(1, 1);
        const warned = jest.spyOn(console, 'warn').mockImplementation(() => {});
        // Each scale is sampled at that scale: served once its samples are built.
        for (let i = 0; i < SCALES_PER_DATA; i++) {
            go.skeleton.scaleX = i % 2 === 0 ? -1 - i / 10 : 1 + i / 10;
            go.skeleton.scaleY = i % 4 < 2 ? 1 : -1;
            t.step(60);
            expect(nonZero(counted(FRAMES))).toEqual({});
        }
        expect(warned).not.toHaveBeenCalled();
        go.skeleton.scaleX = 0.37;
        expect(nonZero(counted(FRAMES))).toEqual(only('scale', FRAMES));
        expect(warned).toHaveBeenCalledTimes(1);
        expect(String(warned.mock.calls[0][0])).toMatch(/more than 8 different skeleton.scaleX\/scaleY values \(now 0.37, .*go.setScale/);
        warned.mockRestore();
        // The default's samples are still served.
        go.skeleton.scaleX = 1;
        go.skeleton.scaleY = 1;
        expect(nonZero(counted(FRAMES))).toEqual({});
    });

    test('physics: a rig with physics constraints', () => {
        t.scene.spinePool.spawn(400, 450, 'physics', 'physics-atlas', { animation: 'walk' });
        t.step(30);
        expect(nonZero(counted(FRAMES))).toEqual(only('physics', FRAMES));
    });

    test('unsampled: an animation whose sequence key has no delay (its frame switches cannot be listed)', () => {
        const data = (t.scene.spinePool.spawn(0, 0, 'stunts', 'stunts-atlas') as Any).skeleton.data;
        const sequences = (data.findAnimation('die').timelines as Any[]).filter(
            (tl) => typeof tl.slotIndex === 'number' && tl.attachment !== undefined && tl.getFrameEntries() === 3,
        );
        expect(sequences.length).toBeGreaterThan(0);
        for (const timeline of sequences) for (let i = 2; i < timeline.frames.length; i += 3) timeline.frames[i] = 0;
        t.scene.spinePool.spawn(400, 450, 'stunts', 'stunts-atlas', { animation: 'die' });
        t.step(2);
        expect(nonZero(counted(FRAMES))).toEqual({ noAnimation: FRAMES, unsampled: FRAMES }); // the first instance, in its setup pose
    });

    test('moved: a bone the animation does not key, rotated by the game (off the setup pose the samples assume)', () => {
        const go = served();
        const keyed = new Set(
            (go.skeleton.data.findAnimation('walk')!.timelines as Any[]).filter((tl) => typeof tl.boneIndex === 'number').map((tl) => tl.boneIndex),
        );
        const index = go.skeleton.bones.findIndex((_, i) => i > 0 && !keyed.has(i));
        expect(index).toBeGreaterThan(0);
        const bone = go.skeleton.bones[index] as Any;
        (bone.pose ?? bone).rotation += 30;
        expect(nonZero(counted(FRAMES))).toEqual(only('moved', FRAMES));
    });

    test(`budget: a wave playing at ${BUILDS_PER_FRAME * 4} different times, whose samples take a few frames to build`, () => {
        const pool = t.scene.spinePool;
        const count = BUILDS_PER_FRAME * 4;
        for (let i = 0; i < count; i++) {
            const go = pool.spawn(100 + (i % 10) * 60, 300 + Math.floor(i / 10) * 40, 'hero', 'hero-atlas');
            go.animationState.setAnimation(0, 'run', true).trackTime = i * 0.013;
        }
        const first = nonZero(counted(1));
        expect(first).toEqual({ budget: expect.any(Number) });
        expect(first.budget).toBeGreaterThan(count / 2);
        expect(first.budget).toBeLessThan(count);
        expect(nonZero(counted(30))).toEqual({ budget: expect.any(Number) });
        expect(nonZero(counted(FRAMES))).toEqual({});
    });

    test('memory: samples that do not fit poseCacheMemory', () => {
        t.scene.spinePool.configure({ poseCacheMemory: 0.001 }); // 1 KB: not one sample of the hero
        t.scene.spinePool.spawn(400, 450, 'hero', 'hero-atlas', { animation: 'walk' });
        t.step(2);
        expect(nonZero(counted(FRAMES))).toEqual(only('memory', FRAMES));
    });

    test('changed: a listener of its own events changes its animation state during its update (stock shows the pose made before)', () => {
        const go = served('walk');
        const entry = go.animationState.tracks[0]!;
        entry.trackTime = entry.animationEnd - 0.05; // its loop completes in three frames
        let completions = 0;
        entry.listener = {
            complete: () => {
                if (completions++ === 0) go.animationState.addAnimation(0, 'walk', true, 0); // queued for the next loop
            },
        };
        expect(nonZero(counted(FRAMES))).toEqual(only('changed', 1));
        expect(completions).toBe(1);
    });
});
