import type { OffscreenMode, SpinePoolPlugin } from 'phaser-spine-pool';
import type { OffscreenChoice } from './settings';

/** Every mode the demo offers, including ones a given plugin version may not have yet. */
export const OFFSCREEN_CHOICES: readonly OffscreenChoice[] = ['lod', 'low', 'pause', 'events'];

/**
 * Applies an `offscreen` choice. The plugin validates it: a mode this build does not know
 * ('events' before it lands) throws, and nothing changes.
 */
export function applyOffscreen(pool: SpinePoolPlugin, choice: OffscreenChoice): void {
    pool.configure({ offscreen: choice as OffscreenMode });
}

/**
 * Which choices this build of the plugin accepts, asked of configure() itself: null for a
 * supported one, else the plugin's error message.
 */
export function offscreenSupport(pool: SpinePoolPlugin): Map<OffscreenChoice, string | null> {
    const current = pool.getOptions().offscreen;
    const support = new Map<OffscreenChoice, string | null>();
    for (const choice of OFFSCREEN_CHOICES) {
        try {
            applyOffscreen(pool, choice);
            support.set(choice, null);
        } catch (error) {
            support.set(choice, error instanceof Error ? error.message : String(error));
        }
    }
    pool.configure({ offscreen: current });
    return support;
}
