/**
 * Unity Legacy Animation's mode names, as string constants (`PlayMode.StopAll === 'StopAll'`).
 */

/**
 * Which animations a play or cross-fade stops (Unity's `PlayMode`).
 *
 * @example
 * ```ts
 * this.spinePool.legacy(go).crossFade('die', 0.2, PlayMode.StopAll); // fade out every layer
 * ```
 */
export const PlayMode = {
    /** Only animations on the same layer (Spine track) are stopped / faded out. */
    StopSameLayer: 'StopSameLayer',
    /** Animations on every layer are stopped / faded out. */
    StopAll: 'StopAll',
} as const;
/** `'StopSameLayer' | 'StopAll'`: the values of the {@link PlayMode} constant. */
export type PlayMode = (typeof PlayMode)[keyof typeof PlayMode];

/**
 * When a queued animation starts (Unity's `QueueMode`).
 *
 * @example
 * ```ts
 * // 'attack' starts as soon as 'walk' has 0.2 s left, fading in over those 0.2 s.
 * this.spinePool.legacy(go).crossFadeQueued('attack', 0.2, QueueMode.CompleteOthers);
 * ```
 */
export const QueueMode = {
    /** When the others have at most the fade length left, so the fade ends as they end. */
    CompleteOthers: 'CompleteOthers',
    /** At once, on a duplicated state. */
    PlayNow: 'PlayNow',
} as const;
/** `'CompleteOthers' | 'PlayNow'`: the values of the {@link QueueMode} constant. */
export type QueueMode = (typeof QueueMode)[keyof typeof QueueMode];

/**
 * What an animation does at its end (Unity's `WrapMode`, for {@link LegacyState.wrapMode} and
 * {@link LegacyAnimation.wrapMode}).
 *
 * @example
 * ```ts
 * const anim = this.spinePool.legacy(go);
 * anim.state('walk').wrapMode = WrapMode.Loop;
 * anim.state('die').wrapMode = WrapMode.ClampForever; // holds the last frame, still "playing"
 * ```
 */
export const WrapMode = {
    /** Starts over at the end. */
    Loop: 'Loop',
    /** Stops at the end and holds its last frame (no snap back to the setup pose). The default. */
    Once: 'Once',
    /** Holds its last frame at the end and keeps counting as playing. */
    ClampForever: 'ClampForever',
} as const;
/** `'Loop' | 'Once' | 'ClampForever'`: the values of the {@link WrapMode} constant. */
export type WrapMode = (typeof WrapMode)[keyof typeof WrapMode];

export const PLAY_MODES: readonly string[] = Object.values(PlayMode);
export const QUEUE_MODES: readonly string[] = Object.values(QueueMode);
export const WRAP_MODES: readonly string[] = Object.values(WrapMode);
