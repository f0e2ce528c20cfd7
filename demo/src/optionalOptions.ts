import type { SpinePoolOptions, SpinePoolPlugin } from 'phaser-spine-pool';

/**
 * Options older plugin builds lack (the demo runs against the build it is given): the `cull` flag,
 * the `poseCache` mode and the `debug` view, read and set only where the build has them.
 */
type WithCull = Partial<SpinePoolOptions> & { cull?: boolean; poseCache?: 'off' | 'shared'; debug?: boolean };

/** The `cull` option in force, or null when this plugin build has none. */
export function readCull(pool: SpinePoolPlugin): boolean | null {
    const cull = (pool.getOptions() as WithCull).cull;
    return typeof cull === 'boolean' ? cull : null;
}

/** Skip (true) or keep (false) drawing instances outside the camera. */
export function applyCull(pool: SpinePoolPlugin, on: boolean): void {
    pool.configure({ cull: on } as WithCull);
}

/** Whether the shared pose cache is on, or null when this plugin build has none. */
export function readPoseCache(pool: SpinePoolPlugin): boolean | null {
    const mode = (pool.getOptions() as WithCull).poseCache;
    return mode === undefined ? null : mode === 'shared';
}

/** The shared pose cache on (true) or off. */
export function applyPoseCache(pool: SpinePoolPlugin, on: boolean): void {
    if (readPoseCache(pool) !== null) pool.configure({ poseCache: on ? 'shared' : 'off' } as WithCull);
}

/** Whether the plugin's debug view is on, or null when this plugin build has none. */
export function readDebug(pool: SpinePoolPlugin): boolean | null {
    const debug = (pool.getOptions() as WithCull).debug;
    return typeof debug === 'boolean' ? debug : null;
}

/** The plugin's debug view on (true) or off. */
export function applyDebug(pool: SpinePoolPlugin, on: boolean): void {
    if (readDebug(pool) !== null) pool.configure({ debug: on } as WithCull);
}
