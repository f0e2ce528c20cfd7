/**
 * Unity Legacy Animation's mode names, as string constants (`PlayMode.StopAll === 'StopAll'`).
 */

/** Which animations a play or cross-fade stops. */
export const PlayMode = {
    /** Only animations on the same layer (Spine track) are stopped / faded out. */
    StopSameLayer: 'StopSameLayer',
    /** Animations on every layer are stopped / faded out. */
    StopAll: 'StopAll',
} as const;
export type PlayMode = (typeof PlayMode)[keyof typeof PlayMode];

/** When a queued animation starts. */
export const QueueMode = {
    /** When the others have at most the fade length left, so the fade ends as they end. */
    CompleteOthers: 'CompleteOthers',
    /** At once, on a duplicated state. */
    PlayNow: 'PlayNow',
} as const;
export type QueueMode = (typeof QueueMode)[keyof typeof QueueMode];

/**
 * What an animation does at its end: `'Loop'` starts over; `'Once'` stops and holds its last
 * frame (no snap back to the setup pose); `'ClampForever'` holds its last frame and keeps playing.
 */
export const WrapMode = {
    Loop: 'Loop',
    Once: 'Once',
    ClampForever: 'ClampForever',
} as const;
export type WrapMode = (typeof WrapMode)[keyof typeof WrapMode];

export const PLAY_MODES: readonly string[] = Object.values(PlayMode);
export const QUEUE_MODES: readonly string[] = Object.values(QueueMode);
export const WRAP_MODES: readonly string[] = Object.values(WrapMode);
