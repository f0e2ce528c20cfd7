/**
 * spine/stateReplay.ts on real spine-core 4.2 and 4.3 with the corpus rigs: the predicates that
 * decide when a replayed frame needs its apply say so exactly where spine-core's own `update` /
 * `apply` depend on it, `updateQuietly` moves track times bit for bit as `AnimationState.update`
 * does frame by frame, and `applySilently` poses as `apply` does without firing anything.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import {
    appliesEveryFrame,
    applyEvents,
    applySilently,
    inTransition,
    needsApply,
    needsEveryFrame,
    needsFinalApply,
    updateQuietly,
    updateState,
} from '../../spine/stateReplay';
import type { SpineVersion } from '../../spine/core/SpineVersion';
import { CORE_RUNTIMES, localPose, poseDistance, recordCallbacks, stockFrame, type CoreRuntime } from '../harness/coreRig';

type Any = any;
const FRAME = 1 / 60;

interface Rig {
    skeleton: SpineCore.Skeleton;
    state: SpineCore.AnimationState;
}

/** The predicates of a state, by name. */
interface Predicates {
    appliesEveryFrame: boolean;
    needsEveryFrame: boolean;
    inTransition: boolean;
    needsFinalApply: boolean;
    needsApply: boolean;
}

function predicates(state: SpineCore.AnimationState, version: SpineVersion): Predicates {
    return {
        appliesEveryFrame: appliesEveryFrame(state, version),
        needsEveryFrame: needsEveryFrame(state, version),
        inTransition: inTransition(state, version),
        needsFinalApply: needsFinalApply(state),
        needsApply: needsApply(state, version),
    };
}

const NONE: Predicates = { appliesEveryFrame: false, needsEveryFrame: false, inTransition: false, needsFinalApply: false, needsApply: false };
/** A state replayed frame by frame because a decision or a callback is coming, but whose applies do not depend on each other. */
const FRAME_BY_FRAME: Predicates = { ...NONE, needsEveryFrame: true, inTransition: true };
/** A state each of whose applies depends on the previous one. */
const EVERY_APPLY: Predicates = { appliesEveryFrame: true, needsEveryFrame: true, inTransition: true, needsFinalApply: false, needsApply: true };

/** States built on the limbs rig, and what each predicate says of them. */
const SCENARIOS: [string, (rt: CoreRuntime, rig: Rig) => void, Predicates][] = [
    ['an empty state', () => {}, NONE],
    [
        'one looping animation, applied',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true);
            stockFrame(state, skeleton, FRAME);
        },
        NONE,
    ],
    [
        'three tracks at full alpha, applied',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true);
            state.setAnimation(1, 'aim', true);
            state.setAnimation(2, 'wave', true);
            stockFrame(state, skeleton, FRAME);
        },
        NONE,
    ],
    [
        'an entry never applied yet',
        (_rt, { state }) => {
            state.setAnimation(0, 'idle', true);
        },
        FRAME_BY_FRAME,
    ],
    [
        'an entry queued after the current one',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'walk', true);
            state.addAnimation(0, 'run', true, 5);
            stockFrame(state, skeleton, FRAME);
        },
        FRAME_BY_FRAME,
    ],
    [
        'an entry played in reverse',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true).reverse = true;
            stockFrame(state, skeleton, FRAME);
        },
        FRAME_BY_FRAME,
    ],
    [
        'an entry waiting out a delay, below full alpha',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true);
            state.addAnimation(1, 'aim', true, 2).alpha = 0.5;
            stockFrame(state, skeleton, FRAME);
        },
        FRAME_BY_FRAME,
    ],
    [
        'a mix in progress',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'walk', true);
            stockFrame(state, skeleton, FRAME);
            state.setAnimation(0, 'run', true).mixDuration = 0.3;
            stockFrame(state, skeleton, FRAME);
        },
        EVERY_APPLY,
    ],
    [
        'a track below full alpha',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true);
            state.setAnimation(1, 'aim', true).alpha = 0.5;
            stockFrame(state, skeleton, FRAME);
        },
        EVERY_APPLY,
    ],
    [
        'an additive track',
        (rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true);
            rt.makeAdditive(state.setAnimation(1, 'aim', true));
            stockFrame(state, skeleton, FRAME);
        },
        EVERY_APPLY,
    ],
    [
        'an entry with a track end ahead',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'jump', false).trackEnd = 1;
            stockFrame(state, skeleton, FRAME);
        },
        { ...NONE, inTransition: true },
    ],
    [
        'an entry updated past its track end',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true).trackEnd = 0.1;
            stockFrame(state, skeleton, 0.05);
            state.update(0.06);
        },
        { ...NONE, inTransition: true, needsFinalApply: true, needsApply: true },
    ],
    [
        'an entry updated past its track end with another queued',
        (_rt, { skeleton, state }) => {
            state.setAnimation(0, 'idle', true).trackEnd = 0.1;
            state.addAnimation(0, 'walk', true, 5);
            stockFrame(state, skeleton, 0.05);
            state.update(0.06);
        },
        FRAME_BY_FRAME,
    ],
];

/**
 * `frames` frames: `stock` updated and applied in each, `skipping` updated in each with what apply
 * records and fires (applyEvents) and applied only in the last.
 */
function skipApplies(stock: Rig, skipping: Rig, frames: number, version: SpineVersion): void {
    for (let frame = 1; frame <= frames; frame++) {
        stockFrame(stock.state, stock.skeleton, FRAME);
        updateState(skipping.state, skipping.skeleton, FRAME);
        if (frame === frames) skipping.state.apply(skipping.skeleton);
        else applyEvents(skipping.state, skipping.skeleton, version);
    }
}

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    const rig = (): Rig => ({ skeleton: rt.skeleton('limbs'), state: rt.state('limbs') });

    /**
     * An animation (a real spine-core timeline, made here) that turns the gun two full turns in one
     * second: a blend towards it must count the turns, which spine-core does from one application
     * to the next (`timelinesRotation`).
     */
    const turning = (skeleton: SpineCore.Skeleton): SpineCore.Animation => {
        const timeline = new rt.spine.RotateTimeline(2, 0, skeleton.data.findBone('gun')!.index);
        timeline.setFrame(0, 0, 0);
        timeline.setFrame(1, 1, 720);
        return new rt.spine.Animation('turning', [timeline], 1);
    };

    describe('the predicates', () => {
        test.each(SCENARIOS)('%s: appliesEveryFrame, needsEveryFrame, inTransition, needsFinalApply and needsApply say so', (_name, build, expected) => {
            const r = rig();
            build(rt, r);
            expect(predicates(r.state, rt.version)).toEqual(expected);
        });

        test('needsFinalApply is true exactly after the update that reaches a track end: the next update clears that track and ends its entry', () => {
            const r = rig();
            const heard = recordCallbacks(rt, r.state);
            r.state.setAnimation(0, 'idle', true);
            r.state.setAnimation(1, 'aim', true).trackEnd = 0.3;
            const flagged: number[] = [];
            let cleared = -1;
            for (let frame = 1; frame <= 40; frame++) {
                r.state.update(FRAME);
                if (r.state.tracks[1] === null && cleared < 0) cleared = frame;
                if (needsFinalApply(r.state)) flagged.push(frame);
                r.state.apply(r.skeleton);
            }
            // Flagged once, in the frame whose update reaches 0.3 s; the update after it ends the entry.
            expect(flagged).toHaveLength(1);
            expect(cleared).toBe(flagged[0]! + 1);
            expect(heard.filter((h) => h.startsWith('end'))).toEqual(['end 1 aim']);
            expect(r.state.tracks[0]).not.toBeNull();
        });

        test.each([
            ['one looping animation', (r: Rig) => r.state.setAnimation(0, 'idle', true)],
            [
                'three tracks at full alpha',
                (r: Rig) => {
                    r.state.setAnimation(0, 'walk', true);
                    r.state.setAnimation(1, 'aim', true);
                    r.state.setAnimation(2, 'wave', true);
                },
            ],
            [
                'a layer waiting out its delay below full alpha',
                (r: Rig) => {
                    r.state.setAnimation(0, 'run', true);
                    r.state.addAnimation(1, 'aim', true, 1).alpha = 0.5;
                },
            ],
            [
                'an animation turning a bone full turns, at full alpha',
                (r: Rig) => {
                    rt.setAnimation(r.state, 0, turning(r.skeleton), true);
                },
            ],
        ] as const)('%s: appliesEveryFrame is false, and applying only the last of 40 frames poses as applying every frame does', (_name, build) => {
            const [stock, skipping] = [rig(), rig()];
            for (const r of [stock, skipping]) {
                build(r);
                stockFrame(r.state, r.skeleton, FRAME);
            }
            expect(appliesEveryFrame(stock.state, rt.version)).toBe(false);
            skipApplies(stock, skipping, 40, rt.version);
            // Within rounding: the same sums made in another order.
            expect(poseDistance(rt, skipping.skeleton, stock.skeleton)).toBeLessThan(1e-9);
        });

        test.each([
            [
                'track 0 below full alpha',
                (r: Rig) => {
                    rt.setAnimation(r.state, 0, turning(r.skeleton), true).alpha = 0.5;
                },
            ],
            [
                'a mix into it',
                (r: Rig) => {
                    r.state.setAnimation(0, 'walk', true);
                    stockFrame(r.state, r.skeleton, FRAME);
                    rt.setAnimation(r.state, 0, turning(r.skeleton), true).mixDuration = 1;
                },
            ],
        ] as const)(
            'an animation turning a bone full turns, %s: appliesEveryFrame is true, and applying only the last of 40 frames loses count of the turns',
            (_name, build) => {
                const [stock, skipping] = [rig(), rig()];
                for (const r of [stock, skipping]) {
                    build(r);
                    stockFrame(r.state, r.skeleton, FRAME);
                }
                expect(appliesEveryFrame(stock.state, rt.version)).toBe(true);
                skipApplies(stock, skipping, 40, rt.version);
                // Half (the alpha or the mix) of a turn it did not count.
                expect(poseDistance(rt, skipping.skeleton, stock.skeleton)).toBeGreaterThan(90);
            },
        );
    });

    describe('updateQuietly', () => {
        /** Frame deltas (ms) that round differently whichever way they are summed or scaled. */
        const deltas = Float64Array.from([16.7, 16.6, 33.4, 8.35, 1000 / 60, 17.1, 12.3]);

        /** Three looping tracks at full alpha with odd time scales, applied once: a state not in transition. */
        function quietRig(): Rig {
            const r = rig();
            r.state.timeScale = 0.7;
            r.state.setAnimation(0, 'idle', true).timeScale = 1.3;
            r.state.setAnimation(1, 'aim', true).timeScale = 0.9;
            r.state.setAnimation(2, 'wave', true).timeScale = 2.1;
            stockFrame(r.state, r.skeleton, 0.0123);
            return r;
        }

        test('updateQuietly moves track times bit for bit as AnimationState.update does, frame by frame (and the skeleton clock as Skeleton.update)', () => {
            const [stock, quiet] = [quietRig(), quietRig()];
            expect(inTransition(quiet.state, rt.version)).toBe(false);
            // Frames 5 to 40 of a 7-frame history: the frame index wraps.
            for (let f = 5; f <= 40; f++) stockFrame(stock.state, stock.skeleton, deltas[f % deltas.length]! / 1000);
            const heard = recordCallbacks(rt, quiet.state);
            updateQuietly(quiet.state, quiet.skeleton, { deltas }, 5, 40);
            const times = (r: Rig) => r.state.tracks.map((e) => e!.trackTime);
            // toEqual uses Object.is on numbers: equal to the last bit.
            expect(times(quiet)).toEqual(times(stock));
            expect(quiet.skeleton.time).toBe(stock.skeleton.time);
            // Not merely close: the frames' deltas summed first land elsewhere (spine-core adds one frame at a time).
            let sum = 0;
            for (let f = 5; f <= 40; f++) sum += deltas[f % deltas.length]! / 1000;
            const summed = quietRig().state.tracks.map((e) => e!.trackTime + sum * 0.7 * e!.timeScale);
            expect(summed).not.toEqual(times(stock));
            expect(heard).toEqual([]);
        });

        test('updateQuietly records the last apply as update does (animationLast, trackLast), and a stock update and applyEvents after it leave every entry where stock leaves it', () => {
            const [stock, quiet] = [quietRig(), quietRig()];
            const before = quiet.state.tracks.map((e) => [e!.nextAnimationLast, e!.nextTrackLast]);
            for (let f = 0; f <= 9; f++) stockFrame(stock.state, stock.skeleton, deltas[f % deltas.length]! / 1000);
            updateQuietly(quiet.state, quiet.skeleton, { deltas }, 0, 9);
            expect(quiet.state.tracks.map((e) => [e!.animationLast, e!.trackLast])).toEqual(before);
            stockFrame(stock.state, stock.skeleton, deltas[10 % deltas.length]! / 1000);
            updateState(quiet.state, quiet.skeleton, deltas[10 % deltas.length]! / 1000);
            applyEvents(quiet.state, quiet.skeleton, rt.version);
            const where = (r: Rig) => r.state.tracks.map((e) => [e!.trackTime, e!.nextTrackLast, e!.nextAnimationLast, e!.getAnimationTime()]);
            expect(where(quiet)).toEqual(where(stock));
            expect(quiet.skeleton.time).toBe(stock.skeleton.time);
        });
    });

    describe('applySilently', () => {
        test('applySilently poses the local pose as apply does, mixes and layers included, and fires nothing', () => {
            const [stock, silent] = [rig(), rig()];
            const heardStock = recordCallbacks(rt, stock.state);
            const heardSilent = recordCallbacks(rt, silent.state);
            const script = (r: Rig, frame: number): void => {
                if (frame === 0) {
                    r.state.setAnimation(0, 'walk', true);
                    r.state.setAnimation(1, 'aim', true).alpha = 0.6;
                }
                if (frame === 30) r.state.setAnimation(0, 'die', false).mixDuration = 0.4;
            };
            for (let frame = 0; frame < 90; frame++) {
                script(stock, frame);
                script(silent, frame);
                stockFrame(stock.state, stock.skeleton, FRAME);
                updateState(silent.state, silent.skeleton, FRAME);
                const before = heardSilent.length;
                // The events of the frame, fired apart (as the replay does), then the pose, silently.
                applyEvents(silent.state, silent.skeleton, rt.version);
                const fired = heardSilent.length;
                applySilently(silent.state, silent.skeleton);
                expect(heardSilent.length).toBe(fired);
                expect(fired).toBeGreaterThanOrEqual(before);
                expect(localPose(rt, silent.skeleton)).toEqual(localPose(rt, stock.skeleton));
            }
            expect(heardSilent).toEqual(heardStock);
            expect(heardStock.some((h) => h.startsWith('event 0 walk step'))).toBe(true);
            expect(heardStock.some((h) => h.startsWith('complete 0 die'))).toBe(true);
        });

        test('applySilently fires none of the events and completions apply would fire at the same times, and gives the state its queue back', () => {
            const [stock, silent] = [rig(), rig()];
            const heardStock = recordCallbacks(rt, stock.state);
            const heardSilent = recordCallbacks(rt, silent.state);
            for (const r of [stock, silent]) {
                r.state.setAnimation(0, 'walk', true);
                stockFrame(r.state, r.skeleton, 0.39);
                r.state.update(0.42); // past the step at 0.4 and the loop's end at 0.8
            }
            heardStock.length = heardSilent.length = 0;
            const queue = (silent.state as Any).queue;
            stock.state.apply(stock.skeleton);
            applySilently(silent.state, silent.skeleton);
            expect(heardStock).toEqual([
                'event 0 walk step@0.4 2 0.25 right',
                'event 0 walk loopEnd@0.8 0 0 ',
                'complete 0 walk',
                'event 0 walk step@0 1 0.5 left',
            ]);
            const seen = heardStock.length;
            expect(heardSilent).toEqual([]);
            expect((silent.state as Any).queue).toBe(queue);
            expect(queue.objects).toEqual([]);
            expect(localPose(rt, silent.skeleton)).toEqual(localPose(rt, stock.skeleton));
            // The state's own queue is back: the next apply fires as stock's does.
            for (const r of [stock, silent]) stockFrame(r.state, r.skeleton, 0.4);
            expect(heardSilent).toEqual(heardStock.slice(seen));
            expect(heardSilent.length).toBeGreaterThan(0);
        });

        test('applySilently gives the state its queue back when apply throws', () => {
            const { state } = rig();
            state.setAnimation(0, 'idle', true);
            const queue = (state as Any).queue;
            expect(() => applySilently(state, null as Any)).toThrow('skeleton cannot be null');
            expect((state as Any).queue).toBe(queue);
        });
    });
});
