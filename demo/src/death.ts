import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { SpinePoolPlugin } from 'phaser-spine-pool';

/** Seconds the death crossfade takes. */
export const DEATH_FADE = 0.2;

/**
 * Plays the death animation as a queued crossfade: it starts when the current cycle ends, faded
 * in over DEATH_FADE (Unity's `crossFadeQueued('die', 0.2)`, CompleteOthers). The character
 * despawns itself from the `complete` callback of its `die` entry.
 *
 * Until the plugin's Legacy-style helper lands this is plain Spine; then the body becomes
 * `pool.legacy(go).crossFadeQueued('die', DEATH_FADE);` and nothing else changes.
 */
export function playDeath(_pool: SpinePoolPlugin, go: SpineGameObject): void {
    go.animationState.addAnimation(0, 'die', false, 0).setMixDurationWithDelay(DEATH_FADE, 0);
}
