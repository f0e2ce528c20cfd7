/**
 * spine/animationReach.ts on real spine-core 4.2 and 4.3 with the corpus rigs: an animation's box is
 * the union of the skeleton's bounds at its samples (30 a second, the last at its end);
 * `reachingEntry` is the one entry that alone says where a skeleton can be drawn; `extentOf` is the
 * box of the samples around the state's time (`memo.ahead` later, wrapped in a loop, clamped at a
 * non-looping end), and `reachOf` the setup box joined with every animation on the tracks.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { animationBox, extentOf, notePose, posedAgain, reachingEntry, reachMemo, reachOf, wholeExtentOf, type Box } from '../../spine/animationReach';
import type { Skeleton, TrackEntry } from '../../spine/core/shapes';
import { CORE_RUNTIMES, CORPUS_RIGS } from '../harness/coreRig';

const EMPTY: Box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };

function join(a: Box, b: Box): Box {
    return { left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) };
}

function expectBox(actual: Box, expected: Box, digits = 9): void {
    for (const side of ['left', 'top', 'right', 'bottom'] as const)
        expect({ side, at: actual[side] }).toEqual({ side, at: expect.closeTo(expected[side], digits) });
}

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    const sk = (skeleton: SpineCore.Skeleton): Skeleton => skeleton as unknown as Skeleton;

    /** The skeleton's bounds with `animation` alone at `time` over the setup pose (posed on a skeleton of its own). */
    function boundsAt(data: SpineCore.SkeletonData, animation: SpineCore.Animation, time: number): Box {
        const skeleton = rt.skeleton(data);
        rt.poseAt(skeleton, animation, time);
        const r = skeleton.getBoundsRect();
        return { left: r.x, top: r.y, right: r.x + r.width, bottom: r.y + r.height };
    }

    /** The times an animation is sampled at: 30 a second over its duration, the last at its end. */
    function sampleTimes(animation: SpineCore.Animation): number[] {
        const steps = Math.max(1, Math.ceil(animation.duration * 30));
        return Array.from({ length: steps + 1 }, (_, i) => (animation.duration * i) / steps);
    }

    function unionOf(data: SpineCore.SkeletonData, animation: SpineCore.Animation): Box {
        return sampleTimes(animation)
            .map((t) => boundsAt(data, animation, t))
            .reduce(join, EMPTY);
    }

    function setupBox(data: SpineCore.SkeletonData): Box {
        const r = rt.skeleton(data).getBoundsRect();
        return { left: r.x, top: r.y, right: r.x + r.width, bottom: r.y + r.height };
    }

    /** A state of `data` playing `animation` on track 0 (loop or not) at `trackTime`, applied once. */
    function playing(
        data: SpineCore.SkeletonData,
        animation: string,
        loop: boolean,
        trackTime: number,
    ): { state: SpineCore.AnimationState; entry: SpineCore.TrackEntry } {
        const state = rt.state(data);
        const entry = state.setAnimation(0, animation, loop);
        state.update(0);
        state.apply(rt.skeleton(data));
        entry.trackTime = trackTime;
        return { state, entry };
    }

    /** extentOf of `state` on a skeleton of `data`, `ahead` game seconds on. */
    function extent(data: SpineCore.SkeletonData, state: SpineCore.AnimationState, ahead = 0): Box {
        const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
        const memo = reachMemo();
        memo.ahead = ahead;
        extentOf(sk(rt.skeleton(data)), state, rt.version, setupBox(data), out, memo);
        return out;
    }

    describe.each(CORPUS_RIGS)('corpus rig %s', (rig) => {
        const data = rt.data(rig);
        test.each(data.animations.map((a) => a.name))(
            "animationBox of %s is the union of the skeleton's bounds at its samples, 30 a second and at its end",
            (name) => {
                const animation = data.findAnimation(name)!;
                const box = animationBox(sk(rt.skeleton(data)), animation as never, null);
                expectBox(box, unionOf(data, animation));
                // Measured once per (animation, skin): the same object again.
                expect(animationBox(sk(rt.skeleton(data)), animation as never, null)).toBe(box);
            },
        );
    });

    test('animationBox: the jump reaches far above the setup pose and the fall far behind it', () => {
        const data = rt.data('limbs');
        const setup = setupBox(data);
        const skeleton = sk(rt.skeleton(data));
        const jump = animationBox(skeleton, data.findAnimation('jump') as never, null);
        const die = animationBox(skeleton, data.findAnimation('die') as never, null);
        expect(jump.bottom - setup.bottom).toBeGreaterThan(150);
        expect(setup.left - die.left).toBeGreaterThan(50);
    });

    describe('reachingEntry', () => {
        const data = () => rt.data('limbs');
        test('is the entry of one animation playing plainly with nothing queued', () => {
            const { state, entry } = playing(data(), 'walk', true, 0.3);
            expect(reachingEntry(state, rt.version)).toBe(entry);
        });
        test('is null with something queued after it, in a mix, beside another track, and for an animation without a duration', () => {
            const queued = playing(data(), 'walk', true, 0.3).state;
            queued.addAnimation(0, 'run', true, 0);
            expect(reachingEntry(queued, rt.version)).toBeNull();
            const mixing = playing(data(), 'walk', true, 0.3).state;
            mixing.setAnimation(0, 'run', true).mixDuration = 0.2;
            expect(reachingEntry(mixing, rt.version)).toBeNull();
            const layered = playing(data(), 'walk', true, 0.3).state;
            layered.setAnimation(1, 'aim', true);
            expect(reachingEntry(layered, rt.version)).toBeNull();
            const empty = rt.state(data());
            empty.setEmptyAnimation(0, 0);
            expect(empty.tracks[0]!.animation!.duration).toBe(0);
            expect(reachingEntry(empty, rt.version)).toBeNull();
        });
    });

    describe('extentOf', () => {
        const data = () => rt.data('limbs');

        test('one plain entry: the box of the two samples around its time', () => {
            const animation = data().findAnimation('jump')!;
            const times = sampleTimes(animation);
            for (const t of [0, 0.07, 0.2, 0.31, 0.59]) {
                const i = times.findIndex((s, k) => s <= t && (times[k + 1] === undefined || t < times[k + 1]!));
                const expected = join(boundsAt(data(), animation, times[i]!), boundsAt(data(), animation, times[Math.min(i + 1, times.length - 1)]!));
                expectBox(extent(data(), playing(data(), 'jump', false, t).state), expected);
            }
        });

        test("memo.ahead moves the time on by that many game seconds, through the state's and the entry's time scales", () => {
            const { state, entry } = playing(data(), 'jump', false, 0.05);
            state.timeScale = 1.5;
            entry.timeScale = 0.8;
            const ahead = extent(data(), state, 0.2); // 0.2 × 1.5 × 0.8 = 0.24 track seconds
            expect(ahead).not.toEqual(extent(data(), state));
            entry.trackTime = 0.05 + 0.24;
            expectBox(ahead, extent(data(), state));
        });

        test('a looping entry wraps around its animation; a non-looping one stays at its end', () => {
            const d = data().findAnimation('jump')!.duration;
            for (const t of [0.1, 0.3, 0.45])
                expectBox(extent(data(), playing(data(), 'jump', true, t + 3 * d).state), extent(data(), playing(data(), 'jump', true, t).state));
            const end = boundsAt(data(), data().findAnimation('jump')!, d);
            expectBox(extent(data(), playing(data(), 'jump', false, d + 0.4).state), end);
            expectBox(extent(data(), playing(data(), 'jump', false, 5 * d).state), end);
        });

        test("an entry playing part of its animation is placed at animationStart + its time; past the animation's end, its whole box counts", () => {
            const jump = data().findAnimation('jump')!;
            const part = playing(data(), 'jump', true, 0);
            part.entry.animationStart = 0.2;
            expectBox(extent(data(), part.state), extent(data(), playing(data(), 'jump', false, 0.2).state));
            const longer = playing(data(), 'jump', false, jump.duration + 0.2);
            longer.entry.animationEnd = jump.duration + 0.5;
            expectBox(extent(data(), longer.state), join(boundsAt(data(), jump, jump.duration), unionOf(data(), jump)));
        });

        test("a state no one entry speaks for gets reachOf: the setup box and every animation's whole box", () => {
            const { state } = playing(data(), 'jump', false, 0.1);
            state.setAnimation(1, 'aim', true);
            const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
            reachOf(sk(rt.skeleton(data())), state.tracks as never, setupBox(data()), out);
            expectBox(extent(data(), state), out);
        });

        test("a skeleton flipped or moved by its own scale and x, y: the box where that skeleton draws, its own bounds at the samples' times", () => {
            // The stunt rig's walk dashes in from 900 units behind: mirrored, from 900 units ahead.
            const stunts = rt.data('stunts');
            const walk = stunts.findAnimation('walk')!;
            const times = sampleTimes(walk);
            for (const [scaleX, flipY, x, y] of [
                [-1, false, 0, 0],
                [1, true, 0, 0],
                [-0.5, true, 120, -40],
                [2, false, -300, 0],
            ] as const) {
                for (const t of [0.02, 0.15, 0.5]) {
                    const { state } = playing(stunts, 'walk', true, t);
                    const skeleton = rt.skeleton(stunts);
                    skeleton.scaleX = scaleX;
                    if (flipY) skeleton.scaleY = -skeleton.scaleY;
                    skeleton.x = x;
                    skeleton.y = y;
                    const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
                    const memo = reachMemo();
                    posedAgain(memo, sk(skeleton)); // its pose is made on those
                    extentOf(sk(skeleton), state, rt.version, setupBox(stunts), out, memo);
                    const i = times.findIndex((s, k) => s <= t && t < times[k + 1]!);
                    const drawn = [times[i]!, times[i + 1]!].map((at) => {
                        rt.poseAt(skeleton, walk, at);
                        const r = skeleton.getBoundsRect();
                        return { left: r.x, top: r.y, right: r.x + r.width, bottom: r.y + r.height };
                    });
                    // Within half a px, not exactly: a scaled or mirrored skeleton's world angles differ, so the
                    // stunt rig's transform constraint wraps (and its IK flips) at other times than the sampled
                    // one's (0.28 px apart seen here), inside the culling margin (offscreenMargin, 4 px).
                    expectBox(out, join(drawn[0]!, drawn[1]!), 0);
                }
            }
        });

        test('a skeleton turned around after its last pose: the box covers the pose it shows (made before the turn) and where it goes next', () => {
            const stunts = rt.data('stunts');
            const { state } = playing(stunts, 'walk', true, 0.05);
            const skeleton = rt.skeleton(stunts);
            const memo = reachMemo();
            const box = (): Box => {
                const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
                extentOf(sk(skeleton), state, rt.version, setupBox(stunts), out, memo);
                return out;
            };
            posedAgain(memo, sk(skeleton)); // posed facing right
            const right = box();
            skeleton.scaleX = -1; // turned by the game after its update: it still shows the pose facing right
            const both = box();
            posedAgain(memo, sk(skeleton)); // its next pose faces left
            const left = box();
            expect(left.right).toBeGreaterThan(right.right + 500); // the dash comes from the other side
            expectBox(both, join(right, left));
        });

        test("on the Canvas renderer (rendererPlaced) the skeleton's x, y and scale are the renderer's: the box stays around the object's origin, and a physics pose is measured there", () => {
            const stunts = rt.data('stunts');
            const { state } = playing(stunts, 'walk', true, 0.15);
            const skeleton = rt.skeleton(stunts);
            const unplaced: Box = { left: 0, top: 0, right: 0, bottom: 0 };
            extentOf(sk(skeleton), state, rt.version, setupBox(stunts), unplaced, reachMemo());
            // What spine-phaser's renderCanvas writes before each draw: the camera's transform of the object.
            rt.poseAt(skeleton, stunts.findAnimation('walk')!, 0.15);
            const origin = skeleton.getBoundsRect();
            skeleton.x = 512;
            skeleton.y = 384;
            skeleton.scaleX *= 2;
            skeleton.scaleY *= 2;
            const memo = reachMemo();
            memo.rendererPlaced = true;
            posedAgain(memo, sk(skeleton));
            const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
            extentOf(sk(skeleton), state, rt.version, setupBox(stunts), out, memo);
            expectBox(out, unplaced);
            // notePose on a pose made on the renderer's fields: the bounds the same pose has at the origin, default scale.
            rt.poseAt(skeleton, stunts.findAnimation('walk')!, 0.15);
            notePose(memo, sk(skeleton));
            expectBox(memo.posed!, { left: origin.x, top: origin.y, right: origin.x + origin.width, bottom: origin.y + origin.height });
        });

        test('the memo keeps the reach of the animation last asked and changes with it', () => {
            const skeleton = sk(rt.skeleton(data()));
            const memo = reachMemo();
            const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
            const walk = playing(data(), 'walk', true, 0.1).state;
            extentOf(skeleton, walk, rt.version, setupBox(data()), out, memo);
            expect(memo.animation).toBe(data().findAnimation('walk'));
            const reach = memo.reach;
            extentOf(skeleton, playing(data(), 'walk', true, 0.5).state, rt.version, setupBox(data()), out, memo);
            expect(memo.reach).toBe(reach);
            extentOf(skeleton, playing(data(), 'run', true, 0.1).state, rt.version, setupBox(data()), out, memo);
            expect(memo.animation).toBe(data().findAnimation('run'));
            expect(memo.reach).not.toBe(reach);
            expectBox(out, extent(data(), playing(data(), 'run', true, 0.1).state));
        });
    });

    test("wholeExtentOf: nothing until every animation of the data is measured (one a frame), then the setup box joined with every animation's whole box, placed on the skeleton: it holds every extentOf", () => {
        const data = rt.data('limbs');
        const skeleton = rt.skeleton(data);
        const setup = setupBox(data);
        const memo = reachMemo();
        const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
        const n = data.animations.length;
        expect(n).toBeGreaterThan(2);
        // A second call in a frame measures nothing more: n - 1 frames of two calls each are not enough.
        for (let frame = 0; frame < n - 1; frame++) {
            expect(wholeExtentOf(sk(skeleton), setup, out, memo, frame)).toBe(false);
            expect(wholeExtentOf(sk(skeleton), setup, out, memo, frame)).toBe(false);
        }
        expect(wholeExtentOf(sk(skeleton), setup, out, memo, n - 1)).toBe(true);
        const every = data.animations.filter((a) => a.duration > 0).map((a) => unionOf(data, a));
        expectBox(out, every.reduce(join, setup));
        // Another instance of the data asks nothing more of it, and every extent of a state is inside.
        const other = reachMemo();
        const contains = (outer: Box, inner: Box) =>
            expect([inner.left >= outer.left, inner.top >= outer.top, inner.right <= outer.right, inner.bottom <= outer.bottom]).toEqual([
                true,
                true,
                true,
                true,
            ]);
        skeleton.scaleX = -skeleton.scaleX;
        skeleton.x = 120;
        skeleton.y = -40;
        expect(wholeExtentOf(sk(skeleton), setup, out, other, 0)).toBe(true);
        for (const animation of data.animations) {
            for (const time of [0, 0.13, animation.duration / 2, animation.duration, animation.duration + 0.4]) {
                for (const loop of [true, false]) {
                    const { state } = playing(data, animation.name, loop, time);
                    const box: Box = { left: 0, top: 0, right: 0, bottom: 0 };
                    extentOf(sk(skeleton), state, rt.version, setup, box, other);
                    contains(out, box);
                }
            }
        }
        // Narrower than the whole box for one animation: the shortcut is a bound, not the extent.
        const idle: Box = { left: 0, top: 0, right: 0, bottom: 0 };
        extentOf(sk(skeleton), playing(data, 'idle', true, 0.2).state, rt.version, setup, idle, other);
        expect(out.right - out.left).toBeGreaterThan(idle.right - idle.left + 50);
    });

    test('reachOf joins the setup box with every animation on the tracks: current, mixing out, queued, on every track', () => {
        const data = rt.data('limbs');
        const state = rt.state(data);
        const skeleton = rt.skeleton(data);
        state.setAnimation(0, 'jump', false);
        state.update(0.1);
        state.apply(skeleton);
        state.setAnimation(0, 'idle', true).mixDuration = 0.5;
        state.addAnimation(0, 'die', false, 1);
        state.setAnimation(2, 'wave', true);
        const tracks = state.tracks as ArrayLike<TrackEntry | null>;
        expect([tracks[0]!.animation!.name, tracks[0]!.mixingFrom!.animation!.name, tracks[0]!.next!.animation!.name]).toEqual(['idle', 'jump', 'die']);
        const setup = setupBox(data);
        const out: Box = { left: 0, top: 0, right: 0, bottom: 0 };
        reachOf(sk(skeleton), tracks, setup, out);
        const expected = ['idle', 'jump', 'die', 'wave'].map((n) => unionOf(data, data.findAnimation(n)!)).reduce(join, setup);
        expectBox(out, expected);
        // Each of them counts: without the jump mixing out or the die queued, the box is smaller.
        expect(out.bottom).toBeGreaterThan(join(setup, unionOf(data, data.findAnimation('idle')!)).bottom + 100);
        expect(out.left).toBeLessThan(['idle', 'jump', 'wave'].map((n) => unionOf(data, data.findAnimation(n)!)).reduce(join, setup).left - 50);
        // An empty state: the setup box.
        reachOf(sk(skeleton), rt.state(data).tracks as never, setup, out);
        expect(out).toEqual(setup);
    });
});
