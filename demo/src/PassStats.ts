import type * as Phaser from 'phaser';
import type { SpinePoolPlugin, SpinePoolStats } from 'phaser-spine-pool';
import { watchUpdatePass } from './updatePass';

/**
 * The pool's numbers for the HUD, all read at one moment: the end of the scene's update pass in
 * which the pool updates its instances (an UPDATE listener added after the plugin's), together
 * with how many instances were spawned when that pass began (PRE_UPDATE).
 *
 * `stats().updatedLastFrame` counts every instance updated in the pass, those a Spine callback
 * despawned during it included (here: a character whose death animation completed). Read after the
 * pass, `active` no longer counts them, and the game's update() may spawn others before a HUD
 * reads it: "updated 797 of 793". Out of the instances spawned when the pass began, the count of
 * updated ones is never over (an instance spawned during a pass is updated from the next frame).
 */
export class PassStats {
    /** stats() at the end of the last pass. */
    readonly stats: SpinePoolStats;
    /** Instances spawned when the last pass began. */
    activeAtStart = 0;
    private readonly atStart: SpinePoolStats;

    constructor(
        scene: Phaser.Scene,
        private readonly pool: SpinePoolPlugin,
    ) {
        this.stats = pool.stats();
        this.atStart = pool.stats();
        this.activeAtStart = this.stats.active;
        watchUpdatePass(scene, this.startPass, this.endPass, this);
    }

    /**
     * Instances despawned during the last pass. The demo spawns nothing from a Spine callback, so
     * this is the drop in `active` over the pass.
     */
    get despawnedInPass(): number {
        return this.activeAtStart - this.stats.active;
    }

    private startPass(): void {
        this.pool.stats(this.atStart);
    }

    private endPass(): void {
        this.pool.stats(this.stats);
        this.activeAtStart = this.atStart.active;
    }
}
