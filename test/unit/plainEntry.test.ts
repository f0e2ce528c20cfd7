/**
 * spine/core/plainEntry.ts on real spine-core 4.2 and 4.3: `plainEntry` is the entry of a state
 * playing one animation plainly and null otherwise; `plainness` says why not, one reason per
 * condition (spine/core/notServed.ts).
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { NOT_SERVED, SERVED, type NotServedName } from '../../spine/core/notServed';
import { plainEntry, plainness } from '../../spine/core/plainEntry';
import { CORE_RUNTIMES } from '../harness/coreRig';

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    describe('plainEntry', () => {
        /** A limbs state playing idle on track 0, applied once. */
        function idle(): { state: SpineCore.AnimationState; entry: SpineCore.TrackEntry; skeleton: SpineCore.Skeleton } {
            const state = rt.state('limbs');
            const skeleton = rt.skeleton('limbs');
            const entry = state.setAnimation(0, 'idle', true);
            state.update(1 / 60);
            state.apply(skeleton);
            return { state, entry, skeleton };
        }
        const plain = (state: SpineCore.AnimationState) => plainEntry(state, rt.version);
        const why = (state: SpineCore.AnimationState) => plainness(state, rt.version);

        test('is the track-0 entry of one animation playing plainly, even with another queued after it or an emptied track above', () => {
            const { state, entry } = idle();
            expect([plain(state), why(state)]).toEqual([entry, SERVED]);
            state.addAnimation(0, 'walk', true, 2);
            expect([plain(state), why(state)]).toEqual([entry, SERVED]);
            state.setAnimation(1, 'aim', true);
            state.clearTrack(1);
            expect(state.tracks.length).toBe(2);
            expect([plain(state), why(state)]).toEqual([entry, SERVED]);
        });

        test.each([
            ['an empty state', 'noAnimation', (s: SpineCore.AnimationState) => s.clearTracks()],
            [
                'track 0 emptied',
                'noAnimation',
                (s: SpineCore.AnimationState) => {
                    s.clearTrack(0);
                },
            ],
            [
                'nothing on track 0, something on track 1',
                'tracks',
                (s: SpineCore.AnimationState) => {
                    s.clearTrack(0);
                    s.setAnimation(1, 'aim', true);
                },
            ],
            [
                'a mix',
                'mix',
                (s: SpineCore.AnimationState) => {
                    s.setAnimation(0, 'walk', true).mixDuration = 0.2;
                },
            ],
            ['a second track', 'tracks', (s: SpineCore.AnimationState) => s.setAnimation(1, 'aim', true)],
            [
                'alpha below 1',
                'alpha',
                (s: SpineCore.AnimationState) => {
                    s.tracks[0]!.alpha = 0.99;
                },
            ],
            ['an additive entry', 'additive', (s: SpineCore.AnimationState) => rt.makeAdditive(s.tracks[0]!)],
            [
                'a delay being waited out',
                'delay',
                (s: SpineCore.AnimationState) => {
                    s.clearTrack(0);
                    s.addAnimation(0, 'walk', true, 0.5);
                },
            ],
            [
                'an entry played in reverse',
                'reverse',
                (s: SpineCore.AnimationState) => {
                    s.tracks[0]!.reverse = true;
                },
            ],
        ] as const)('is null for %s, and plainness says %s', (_name, reason: NotServedName, change) => {
            const { state } = idle();
            change(state);
            expect(plain(state)).toBeNull();
            expect(why(state)).toBe(NOT_SERVED[reason]);
        });

        test("isAdditive reads the version's way of saying it", () => {
            const { entry } = idle();
            expect(rt.version.isAdditive(entry)).toBe(false);
            rt.makeAdditive(entry);
            expect(rt.version.isAdditive(entry)).toBe(true);
        });
    });
});
