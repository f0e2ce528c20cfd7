import type { SpinePoolOptions, SpinePoolPlugin } from 'phaser-spine-pool';

/**
 * What LOD-off sets, as stock spine-phaser behaves: every instance near enough to be high detail
 * whatever its size on screen, updated every frame, nothing special off screen, everything drawn,
 * every pose computed. Options this plugin build does not have are left out.
 */
const STOCK: Record<string, unknown> = {
    highDetailDistance: Infinity,
    midDetailDistance: Infinity,
    midDetailScreenSize: 0,
    lowDetailScreenSize: 0,
    highFrequency: 1,
    offscreen: 'lod',
    cull: false,
    poseCache: 'off',
};

/**
 * Level of detail on or off. Off is what stock spine-phaser does: every instance posed every
 * frame. The pool stays in charge (so stats keep counting); only the tiers are flattened.
 */
export class LodSwitch {
    private saved: Partial<SpinePoolOptions> | null = null;

    constructor(private readonly pool: SpinePoolPlugin) {}

    get enabled(): boolean {
        return this.saved === null;
    }

    set(enabled: boolean): void {
        if (enabled === this.enabled) return;
        if (enabled) {
            this.pool.configure(this.saved!);
            this.saved = null;
            return;
        }
        const current = this.pool.getOptions() as unknown as Record<string, unknown>;
        const saved: Record<string, unknown> = {};
        const stock: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(STOCK)) {
            if (!(name in current)) continue;
            saved[name] = current[name];
            stock[name] = value;
        }
        this.saved = saved as Partial<SpinePoolOptions>;
        this.pool.configure(stock as Partial<SpinePoolOptions>);
    }
}
