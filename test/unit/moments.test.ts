/**
 * spine/moments.ts on real spine-core 4.2 and 4.3 with the corpus rigs: `untilNextMoment` says how
 * many game seconds until an update would fire something (a Spine event, a loop's or an
 * animation's completion, a track end), counting events and completions only when someone hears
 * them, through the state's and the entries' time scales; and stock frames fire nothing before that
 * moment and something in the frame that reaches it.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { untilNextMoment, type Moment } from '../../spine/moments';
import { CORE_RUNTIMES, recordCallbacks } from '../harness/coreRig';

/** Far enough to mean "nothing coming" (spine-core's `trackEnd` default is Number.MAX_VALUE). Keys and durations are single precision: times compare to 6 decimals. */
const NEVER = 1e300;

function moment(state: SpineCore.AnimationState, listened: boolean): number {
    const out: Moment = { seconds: -1 };
    untilNextMoment(state, listened, out);
    return out.seconds;
}

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    /** A state of the limbs rig playing `animation` on track 0 from `trackTime`, applied once there. */
    function playing(
        animation: string,
        loop: boolean,
        trackTime: number,
    ): { state: SpineCore.AnimationState; skeleton: SpineCore.Skeleton; entry: SpineCore.TrackEntry } {
        const state = rt.state('limbs');
        const skeleton = rt.skeleton('limbs');
        const entry = state.setAnimation(0, animation, loop);
        state.update(0);
        state.apply(skeleton);
        entry.trackTime = trackTime;
        return { state, skeleton, entry };
    }

    test.each([
        // animation, loop, track time, seconds to the next moment, what it is
        ['idle', true, 0.3, 0.7, "the loop completes (its tick at 0 is the next loop's)"],
        ['walk', true, 0.1, 0.3, 'the step at 0.4'],
        ['walk', true, 0.5, 0.3, 'the loopEnd event and the completion at 0.8'],
        ['walk', true, 0.9, 0.3, 'the step at 0.4 of the second loop'],
        ['run', true, 0.6, 0.15, 'the step at 0.25 of the second loop'],
        ['run', true, 0.3, 0.2, 'the loop completes'],
        ['jump', false, 0.2, 0.4, 'the land event and the completion at the end'],
        ['die', false, 0.2, 0.3, 'the fall at 0.5'],
        ['die', false, 0.7, 0.3, 'the animation completes'],
    ] as const)('%s (loop %s) at %s s, heard: the next moment is in %s s, %s', (animation, loop, time, seconds, _what) => {
        const { state } = playing(animation, loop, time);
        expect(moment(state, true)).toBeCloseTo(seconds, 6);
    });

    test('a non-looping animation past its end, with no track end, has no moment coming', () => {
        const { state } = playing('die', false, 1.5);
        expect(moment(state, true)).toBeGreaterThan(NEVER);
    });

    test("the state's and the entry's time scales divide the track seconds to the moment", () => {
        const { state, entry } = playing('walk', true, 0.1);
        state.timeScale = 2;
        expect(moment(state, true)).toBeCloseTo(0.15, 6);
        entry.timeScale = 0.5;
        expect(moment(state, true)).toBeCloseTo(0.3, 6);
        state.timeScale = 0.25;
        expect(moment(state, true)).toBeCloseTo(2.4, 6);
    });

    test('a paused state (time scale 0) has no moment coming, nor a paused entry, whose track does not count', () => {
        const { state, entry } = playing('walk', true, 0.1);
        state.timeScale = 0;
        expect(moment(state, true)).toBe(Infinity);
        state.timeScale = 1;
        entry.timeScale = 0;
        expect(moment(state, true)).toBe(Infinity);
        state.setAnimation(1, 'aim', true).trackTime = 0.2; // the shot at 0.5
        expect(moment(state, true)).toBeCloseTo(0.3, 6);
    });

    test('unheard, events and completions do not count, only a track end; an entry with its own listener is heard', () => {
        const { state, entry } = playing('walk', true, 0.1);
        expect(moment(state, false)).toBeGreaterThan(NEVER);
        entry.trackEnd = 2;
        expect(moment(state, false)).toBeCloseTo(1.9, 6);
        state.timeScale = 2;
        expect(moment(state, false)).toBeCloseTo(0.95, 6);
        state.timeScale = 1;
        entry.listener = { event() {} };
        expect(moment(state, false)).toBeCloseTo(0.3, 6);
        entry.trackTime = 1.95; // the track end comes before the next step (2.0)
        expect(moment(state, false)).toBeCloseTo(0.05, 6);
        entry.trackTime = 2.5; // past it: due now
        expect(moment(state, false)).toBe(0);
    });

    test('several tracks: the soonest moment of any', () => {
        const { state } = playing('idle', true, 0.3);
        state.setAnimation(1, 'aim', true).trackTime = 0.35; // the shot at 0.5
        state.setAnimation(2, 'wave', true).trackTime = 0.55; // no events: completes at 0.6
        expect(moment(state, true)).toBeCloseTo(0.05, 6);
        state.tracks[2]!.trackTime = 0.1;
        expect(moment(state, true)).toBeCloseTo(0.15, 6);
    });

    test('an entry of an animation without a duration (the empty animation), heard, is due at once', () => {
        const { state } = playing('idle', true, 0.3);
        state.setEmptyAnimation(1, 0.5);
        expect(moment(state, true)).toBe(0);
        expect(moment(state, false)).toBeCloseTo(0.5, 6);
    });

    describe('against stock frames', () => {
        const DT = 1 / 240;
        const cases: [string, boolean, number, number, number][] = [];
        for (const animation of ['idle', 'walk', 'run', 'jump', 'die', 'aim'])
            for (const loop of [true, false])
                for (const start of [0.05, 0.33, 0.79, 1.37])
                    for (const [stateScale, entryScale] of [
                        [1, 1],
                        [1.5, 0.8],
                        [0.5, 1],
                    ] as const)
                        cases.push([animation, loop, start, stateScale, entryScale]);

        test.each(cases)(
            '%s (loop %s) from %s s, time scales %s and %s: nothing is heard before the moment, something in the frame that reaches it',
            (animation, loop, start, stateScale, entryScale) => {
                const state = rt.state('limbs');
                const skeleton = rt.skeleton('limbs');
                const entry = state.setAnimation(0, animation, loop);
                state.timeScale = stateScale;
                entry.timeScale = entryScale;
                // Stock frames up to `start` s of game time.
                for (let t = 0; t < start; t += DT) {
                    state.update(DT);
                    state.apply(skeleton);
                }
                const heard = recordCallbacks(rt, state);
                const due = moment(state, true);
                let elapsed = 0;
                let first = Infinity;
                while (elapsed < 3 && first === Infinity) {
                    state.update(DT);
                    state.apply(skeleton);
                    elapsed += DT;
                    if (heard.length > 0) first = elapsed;
                }
                if (due > NEVER) {
                    expect(heard).toEqual([]);
                    return;
                }
                // Heard in the first frame at or past the moment (rounding aside).
                expect(first).toBeGreaterThanOrEqual(due - 1e-9);
                expect(first).toBeLessThan(due + DT + 1e-9);
            },
        );
    });
});
