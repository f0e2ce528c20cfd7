import type { SpinePoolOptions, SpinePoolPlugin } from 'phaser-spine-pool';
import { readCull } from './cullOption';

/** The options LOD-off overrides, saved to be restored. */
type Saved = Pick<SpinePoolOptions, 'highDetailDistance' | 'midDetailDistance' | 'highFrequency' | 'offscreen'> & { cull?: boolean };

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
        const stock: Partial<Saved> = { highDetailDistance: Infinity, midDetailDistance: Infinity, highFrequency: 1, offscreen: 'lod' };
        this.saved = { highDetailDistance, midDetailDistance, highFrequency, offscreen };
        // Stock spine-phaser draws off-screen instances too: where the plugin has a `cull`
        // option, LOD-off turns it off as well.
        const cull = readCull(this.pool);
        if (cull !== null) {
            this.saved.cull = cull;
            stock.cull = false;
        }
        // Everything near enough to be high detail, updated every frame, nothing special off screen.
        this.pool.configure(stock);
    }
}
