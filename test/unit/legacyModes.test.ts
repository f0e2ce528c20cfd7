import { PLAY_MODES, PlayMode, QUEUE_MODES, QueueMode, WRAP_MODES, WrapMode } from '../../spine/legacy/modes';

describe('Legacy mode constants', () => {
    test("PlayMode, QueueMode and WrapMode hold Unity's names as their string values, and nothing else", () => {
        // Exact objects: a renamed value or an extra member breaks code that passes the strings.
        expect(PlayMode).toEqual({ StopSameLayer: 'StopSameLayer', StopAll: 'StopAll' });
        expect(QueueMode).toEqual({ CompleteOthers: 'CompleteOthers', PlayNow: 'PlayNow' });
        expect(WrapMode).toEqual({ Loop: 'Loop', Once: 'Once', ClampForever: 'ClampForever' });
    });

    test("the values the helper accepts are exactly the constants' values", () => {
        expect(PLAY_MODES).toEqual(['StopSameLayer', 'StopAll']);
        expect(QUEUE_MODES).toEqual(['CompleteOthers', 'PlayNow']);
        expect(WRAP_MODES).toEqual(['Loop', 'Once', 'ClampForever']);
    });
});
