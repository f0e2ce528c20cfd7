import type { LegacyAnimation } from 'phaser-spine-pool';

/** Seconds the death crossfade takes. */
export const DEATH_FADE = 0.2;

/**
 * Plays the death animation as a queued crossfade (Unity's `CrossFadeQueued`, CompleteOthers):
 * it starts when the current cycle has DEATH_FADE left, so the fade ends as the cycle ends. The
 * character despawns itself from the `complete` callback of its `die` entry.
 */
export function playDeath(anim: LegacyAnimation): void {
    anim.crossFadeQueued('die', DEATH_FADE);
}
