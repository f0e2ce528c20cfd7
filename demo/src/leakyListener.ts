import type { AnimationStateListener, Event as SpineEvent, TrackEntry } from '@esotericsoftware/spine-phaser';

/** Hits the leaky wave scored, shown in the HUD. */
export const scoreboard = { hits: 0 };

/**
 * The classic pooling bug, on purpose: a scoreboard listener the leaky wave adds to each of its
 * characters' AnimationState and never removes. Without cleanup it would keep scoring for
 * whoever gets the instance next; the plugin removes it on despawn (counted in
 * `stats().leaksCleared`) and, in dev mode, warns naming it and the line that added it.
 */
export const leakyListener: AnimationStateListener = {
    event: function scoreboardListener(_entry: TrackEntry, event: SpineEvent): void {
        if (event.data.name === 'hit') scoreboard.hits++;
    },
};
