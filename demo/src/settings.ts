/** What the page can be told through its URL (`?count=1500&lod=0&tiers=1&cache=1&renderer=canvas`), and the world's fixed sizes. */

/** The world: larger than any screen, so camera distance and off-screen tiers matter. */
export const WORLD_WIDTH = 6400;
export const WORLD_HEIGHT = 4000;

/** Crowd slider range (`?count=10000`: the 10,000-character mode); the default fills the world without needing a fast machine. */
export const MAX_CROWD = 10000;
export const DEFAULT_CROWD = 800;

export type OffscreenChoice = 'lod' | 'low' | 'pause' | 'events';

export interface DemoSettings {
    /** Characters kept alive; waves refill the crowd up to this. */
    count: number;
    /** Level of detail on (the plugin's scheduler) or off (every instance every frame). */
    lod: boolean;
    /** The plugin's debug view (`debug` option): tier colours, extents, how poses are made, the LOD distance rings. */
    tiers: boolean;
    /** The plugin's `offscreen` option; null keeps the plugin's default. */
    offscreen: OffscreenChoice | null;
    /** The plugin's shared pose cache (`poseCache: 'shared'`) on or off (`cache=0`); null keeps the plugin's default (on). */
    cache: boolean | null;
    /** Phaser's renderer: WebGL when the browser has it (the default), or Canvas on request. */
    renderer: 'auto' | 'canvas';
}

function flag(value: string | null, fallback: boolean): boolean {
    return value === null ? fallback : value !== '0' && value !== 'false' && value !== 'off';
}

export function readSettings(search: string): DemoSettings {
    const params = new URLSearchParams(search);
    const count = Number(params.get('count') ?? DEFAULT_CROWD);
    const offscreen = params.get('offscreen');
    return {
        count: Number.isFinite(count) ? Math.max(0, Math.min(MAX_CROWD, Math.round(count))) : DEFAULT_CROWD,
        lod: flag(params.get('lod'), true),
        tiers: flag(params.get('tiers'), false),
        cache: params.get('cache') === null ? null : flag(params.get('cache'), true),
        offscreen: offscreen === 'lod' || offscreen === 'low' || offscreen === 'pause' || offscreen === 'events' ? offscreen : null,
        renderer: params.get('renderer') === 'canvas' ? 'canvas' : 'auto',
    };
}
