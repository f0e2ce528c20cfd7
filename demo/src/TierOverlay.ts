import type * as Phaser from 'phaser';
import type { SpinePoolPlugin } from 'phaser-spine-pool';
import type { Character } from './Character';

/** Marker colours by tier, also used by the HUD legend (style.css). */
export const TIER_COLORS = { high: 0x3ddc84, mid: 0xffc107, low: 0xff5252 } as const;

/**
 * Debug view of the level of detail: a coloured disc under each character in view, by the tier
 * the plugin puts it in (`getTier`), and the two distance rings around the camera's view centre.
 * Spine game objects have no tint, hence markers. Characters off screen have no disc; the HUD
 * shows their count.
 */
export class TierOverlay {
    private readonly graphics: Phaser.GameObjects.Graphics;

    constructor(
        scene: Phaser.Scene,
        private readonly pool: SpinePoolPlugin,
        private readonly camera: Phaser.Cameras.Scene2D.Camera,
    ) {
        // Above the ground, below every character (their depth is their y >= 0).
        this.graphics = scene.add.graphics().setDepth(-1);
    }

    get visible(): boolean {
        return this.graphics.visible;
    }

    set visible(on: boolean) {
        this.graphics.setVisible(on);
        if (!on) this.graphics.clear();
    }

    draw(members: readonly Character[]): void {
        if (!this.graphics.visible) return;
        const g = this.graphics.clear();
        const { highDetailDistance, midDetailDistance } = this.pool.getOptions();
        const cam = this.camera;
        // The view centre as the plugin derives it: from scroll and size, not the render-time midPoint.
        const cx = cam.scrollX + cam.width * 0.5;
        const cy = cam.scrollY + cam.height * 0.5;
        const line = 3 / cam.zoom;

        if (Number.isFinite(highDetailDistance)) g.lineStyle(line, TIER_COLORS.high, 0.8).strokeCircle(cx, cy, highDetailDistance);
        if (Number.isFinite(midDetailDistance)) g.lineStyle(line, TIER_COLORS.mid, 0.8).strokeCircle(cx, cy, midDetailDistance);

        for (let i = 0; i < members.length; i++) {
            const go = members[i]!.go;
            const tier = this.pool.getTier(go);
            if (tier !== 'high' && tier !== 'mid' && tier !== 'low') continue; // off screen, inactive, gone
            g.fillStyle(TIER_COLORS[tier], 0.75);
            g.fillEllipse(go.x, go.y, 90, 30, 16);
        }
    }
}
