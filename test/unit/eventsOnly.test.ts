/**
 * spine/eventsOnly.ts on real spine-core 4.2 and 4.3 with the corpus rigs: after the same updates,
 * `applyEventsOnly` fires the very callbacks spine-core's `AnimationState.apply` fires (Spine
 * events, completions, and through the decisions later updates take from what it records, starts,
 * interrupts, ends and disposals), records the same `nextAnimationLast` / `nextTrackLast`, and
 * leaves the skeleton's pose alone.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { applyEventsOnly, eventTimelinesOf } from '../../spine/eventsOnly';
import { CORE_RUNTIMES, entryTimes, localPose, recordCallbacks } from '../harness/coreRig';

type Any = any;

/** Frame lengths (s), taken in turn: 60 Hz, 30 Hz, 144 Hz and a 50 ms hitch. */
const DELTAS = [1 / 60, 1 / 30, 1 / 144, 0.05];

/** What the game does to a state at some frames (the same calls on both twins). */
type Script = (state: SpineCore.AnimationState, frame: number) => void;

const SCRIPTS: [string, Script][] = [
    [
        'a looping animation with events at its start, middle and loop end',
        (state, frame) => {
            if (frame === 0) state.setAnimation(0, 'walk', true);
        },
    ],
    [
        'non-looping animations completing one after the other, an event on the last frame',
        (state, frame) => {
            if (frame === 0) {
                state.setAnimation(0, 'jump', false);
                state.addAnimation(0, 'die', false, 0);
                state.addAnimation(0, 'idle', true, 0.2);
            }
        },
    ],
    [
        'animations switched at once (no mix time), queued and set',
        (state, frame) => {
            if (frame === 0) state.setAnimation(0, 'walk', true);
            if (frame === 30) state.setAnimation(0, 'run', true);
            if (frame === 31) state.addAnimation(0, 'idle', true, 0.3);
            if (frame === 90) state.setAnimation(0, 'walk', true);
        },
    ],
    [
        'layered tracks: a delayed entry, a track end, an empty animation mixing a track out',
        (state, frame) => {
            if (frame === 0) {
                state.setAnimation(0, 'idle', true);
                state.addAnimation(1, 'aim', true, 0.5);
                state.setAnimation(2, 'wave', true).trackEnd = 0.7;
            }
            if (frame === 70) state.setEmptyAnimation(1, 0.2);
            if (frame === 100) state.addAnimation(2, 'wave', false, 0.1);
        },
    ],
    [
        'time scales on the state and on entries',
        (state, frame) => {
            if (frame === 0) {
                state.timeScale = 1.7;
                state.setAnimation(0, 'run', true).timeScale = 0.6;
                state.setAnimation(1, 'aim', true).timeScale = 2.3;
            }
            if (frame === 50) state.timeScale = 0.4;
        },
    ],
    [
        'an entry played in reverse (4.3 fires its events backwards, 4.2 none)',
        (state, frame) => {
            if (frame === 0) state.setAnimation(0, 'walk', true).reverse = true;
        },
    ],
    [
        'an entry playing part of its animation (animationStart, animationEnd)',
        (state, frame) => {
            if (frame === 0) {
                const entry = state.setAnimation(0, 'walk', true);
                entry.animationStart = 0.2;
                entry.animationEnd = 0.7;
            }
        },
    ],
];

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    // The plugin calls it only with no mix in progress (`needsApply` false); these scripts' mixes are
    // instantaneous or end with their mix time (see the crossfade test below for the others).
    test.each(SCRIPTS)('%s: applyEventsOnly fires what apply fires, frame by frame, records what it records, and poses nothing', (_name, script) => {
        const data = rt.data('limbs');
        const stock = { skeleton: rt.skeleton(data), state: rt.state(data) };
        const only = { skeleton: rt.skeleton(data), state: rt.state(data) };
        const setup = localPose(rt, only.skeleton);
        const heardStock = recordCallbacks(rt, stock.state);
        const heardOnly = recordCallbacks(rt, only.state);
        const where = (state: SpineCore.AnimationState) => state.tracks.map(entryTimes);
        for (let frame = 0; frame < 160; frame++) {
            script(stock.state, frame);
            script(only.state, frame);
            const delta = DELTAS[frame % DELTAS.length]!;
            stock.state.update(delta);
            only.state.update(delta);
            stock.state.apply(stock.skeleton);
            applyEventsOnly(only.state, only.skeleton, rt.version);
            expect({ frame, heard: heardOnly }).toEqual({ frame, heard: heardStock });
            expect({ frame, tracks: where(only.state) }).toEqual({ frame, tracks: where(stock.state) });
        }
        expect(localPose(rt, only.skeleton)).toEqual(setup);
        expect(localPose(rt, stock.skeleton)).not.toEqual(setup);
        // Something was fired to compare: Spine events or completions.
        expect(heardStock.some((h) => h.startsWith('event') || h.startsWith('complete'))).toBe(true);
    });

    test("during crossfades interrupted by crossfades, applyEventsOnly fires the outgoing entries' events up to their event threshold and their completions as apply does", () => {
        const data = rt.data('limbs');
        const stock = { skeleton: rt.skeleton(data), state: rt.state(data) };
        const only = { skeleton: rt.skeleton(data), state: rt.state(data) };
        const heardStock = recordCallbacks(rt, stock.state);
        const heardOnly = recordCallbacks(rt, only.state);
        const script = (state: SpineCore.AnimationState, frame: number): void => {
            if (frame === 0) state.setAnimation(0, 'walk', true).eventThreshold = 0.5;
            if (frame === 20) state.setAnimation(0, 'run', true).mixDuration = 1.2;
            if (frame === 30) {
                const idle = state.setAnimation(0, 'idle', true);
                idle.mixDuration = 1;
                idle.eventThreshold = 1;
            }
        };
        const where = (state: SpineCore.AnimationState) => state.tracks.map(entryTimes);
        // Up to the first update that could end a mix: whether a crossfade ends then depends on how much
        // the outgoing entry still weighed in the last apply (`totalAlpha`), which only a real apply
        // records, so the plugin applies for real while a mix is in progress (`appliesEveryFrame`).
        for (let frame = 0; frame < 80; frame++) {
            script(stock.state, frame);
            script(only.state, frame);
            stock.state.update(1 / 60);
            only.state.update(1 / 60);
            stock.state.apply(stock.skeleton);
            applyEventsOnly(only.state, only.skeleton, rt.version);
            expect({ frame, heard: heardOnly }).toEqual({ frame, heard: heardStock });
            expect({ frame, tracks: where(only.state) }).toEqual({ frame, tracks: where(stock.state) });
        }
        // Two entries mixing out. walk fires its events while its mix is below its threshold (0.5), so not
        // its step at 1.2 s (frame 72, its mix past 0.7); run's completions are heard, its events never
        // (its threshold is 0).
        expect(entryTimes(only.state.tracks[0])).toMatchObject({ animation: 'idle', mixingFrom: { animation: 'run', mixingFrom: { animation: 'walk' } } });
        expect(heardStock).toEqual([
            'start 0 walk',
            'event 0 walk step@0 1 0.5 left',
            'interrupt 0 walk',
            'start 0 run',
            'event 0 walk step@0.4 2 0.25 right',
            'interrupt 0 run',
            'start 0 idle',
            'event 0 idle tick@0 0 0 ',
            'event 0 walk loopEnd@0.8 0 0 ',
            'complete 0 walk',
            'event 0 walk step@0 1 0.5 left',
            'complete 0 run',
            'complete 0 run',
        ]);
    });

    test('applyEventsOnly fires each Spine event once with its payload, the completion between the events of a loop and those of the next, and queues nothing else', () => {
        const data = rt.data('limbs');
        const state = rt.state(data);
        const skeleton = rt.skeleton(data);
        const heard = recordCallbacks(rt, state);
        state.setAnimation(0, 'walk', true);
        state.update(0);
        applyEventsOnly(state, skeleton, rt.version);
        state.update(0.79);
        applyEventsOnly(state, skeleton, rt.version);
        state.update(0.02); // past the loop end at 0.8 and into the next loop
        applyEventsOnly(state, skeleton, rt.version);
        expect(heard).toEqual([
            'start 0 walk',
            'event 0 walk step@0 1 0.5 left',
            'event 0 walk step@0.4 2 0.25 right',
            'event 0 walk loopEnd@0.8 0 0 ',
            'complete 0 walk',
            'event 0 walk step@0 1 0.5 left',
        ]);
        expect((state as Any).queue.objects).toEqual([]);
        const entry = state.tracks[0]!;
        expect([entry.nextTrackLast, entry.nextAnimationLast]).toEqual([entry.trackTime, entry.getAnimationTime()]);
    });

    test('eventTimelinesOf finds exactly the event timelines of an animation, once', () => {
        const data = rt.data('limbs');
        for (const animation of data.animations) {
            const found = eventTimelinesOf(animation as Any);
            expect(found).toEqual(animation.timelines.filter((t) => t instanceof rt.spine.EventTimeline));
            expect(eventTimelinesOf(animation as Any)).toBe(found);
        }
        expect(eventTimelinesOf(data.findAnimation('walk') as Any)).toHaveLength(1);
        expect(eventTimelinesOf(data.findAnimation('wave') as Any)).toHaveLength(0);
    });
});
