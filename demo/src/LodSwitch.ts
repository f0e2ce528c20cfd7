import type { SpinePoolOptions, SpinePoolPlugin } from 'phaser-spine-pool';

/** The options LOD-off overrides, saved to be restored. */
type Saved = Pick<SpinePoolOptions, 'highDetailDistance' | 'midDetailDistance' | 'highFrequency' | 'offscreen'>;

/**
 * Level of detail on or off. Off is what stock spine-phaser does: every instance posed every
 * frame. The pool stays in charge (so stats keep counting); only the tiers are flattened.
 */
export class LodSwitch {
    private saved: Saved | null = null;

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
        const { highDetailDistance, midDetailDistance, highFrequency, offscreen } = this.pool.getOptions();
        this.saved = { highDetailDistance, midDetailDistance, highFrequency, offscreen };
        // Everything near enough to be high detail, updated every frame, nothing special off screen.
        // (When the plugin's `cull` option lands, stock behaviour also means `cull: false`.)
        this.pool.configure({ highDetailDistance: Infinity, midDetailDistance: Infinity, highFrequency: 1, offscreen: 'lod' });
    }
}
