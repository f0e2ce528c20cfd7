import * as Phaser from 'phaser';
import type { SpinePoolPlugin } from 'phaser-spine-pool';
import type { Character } from './Character';

/**
 * `F`: the camera follows the living character nearest the view centre, pinned to full detail
 * (`setDetail(go, 'full')`): zoomed out, the crowd drops to low detail around it while it stays
 * high (green in the debug view). `F` again, or its death, lets go. A plugin build without
 * `setDetail` still follows, without the pin.
 */
export class HeroFollow {
    private hero: Character | null = null;

    constructor(
        scene: Phaser.Scene,
        private readonly pool: SpinePoolPlugin,
        private readonly camera: Phaser.Cameras.Scene2D.Camera,
        private readonly members: readonly Character[],
    ) {
        scene.input.keyboard?.on('keydown-F', () => (this.hero ? this.release() : this.follow()));
    }

    /** The followed character's tier (`getTier`), null when none is followed. */
    heroTier(): string | null {
        return this.hero && typeof this.pool.getTier === 'function' ? this.pool.getTier(this.hero.go) : null;
    }

    /** Once per frame: a hero that died or was despawned is let go. */
    update(): void {
        const hero = this.hero;
        if (hero && (hero.act === 'dying' || !this.pool.isActive(hero.go))) this.release();
    }

    private follow(): void {
        const centre = this.camera.midPoint;
        let best: Character | null = null;
        let nearest = Infinity;
        for (const member of this.members) {
            if (member.act === 'dying') continue;
            const d = Phaser.Math.Distance.Squared(member.go.x, member.go.y, centre.x, centre.y);
            if (d < nearest) [best, nearest] = [member, d];
        }
        if (!best) return;
        this.hero = best;
        this.camera.startFollow(best.go as unknown as Phaser.GameObjects.GameObject, true, 0.1, 0.1);
        if (typeof this.pool.setDetail === 'function') this.pool.setDetail(best.go, 'full');
    }

    private release(): void {
        const hero = this.hero!;
        this.hero = null;
        this.camera.stopFollow();
        if (typeof this.pool.setDetail === 'function' && this.pool.isActive(hero.go)) this.pool.setDetail(hero.go, 'auto');
    }
}
