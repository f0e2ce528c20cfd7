import type { SpinePoolOptions, SpinePoolPlugin } from 'phaser-spine-pool';

/** Options with the plugin's `cull` flag, which builds before it landed neither type nor accept. */
type WithCull = Partial<SpinePoolOptions> & { cull?: boolean };

/** The `cull` option in force, or null when this plugin build has none. */
export function readCull(pool: SpinePoolPlugin): boolean | null {
    const cull = (pool.getOptions() as WithCull).cull;
    return typeof cull === 'boolean' ? cull : null;
}

/** Skip (true) or keep (false) drawing instances outside the camera. */
export function applyCull(pool: SpinePoolPlugin, on: boolean): void {
    pool.configure({ cull: on } as WithCull);
}
