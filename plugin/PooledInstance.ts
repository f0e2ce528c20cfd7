import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { Pool } from '../src/Pool';
import type { ScheduleEntry } from '../src/Scheduler';
import type { LegacyAnimation } from '../src/legacy/LegacyAnimation';
import type { InstanceFlags, InstanceHygiene } from './InstanceHygiene';

interface Placed {
    scaleX: number;
    scaleY: number;
    scrollFactorX: number;
    scrollFactorY: number;
}

/** The plugin's record of one pooled SpineGameObject. */
export class PooledInstance {
    /** True from `spawn` to `despawn`. */
    active = false;
    /** Its scheduler entry while active. */
    entry: ScheduleEntry<PooledInstance> | null = null;
    /** Its Legacy-style helper, made on the first `legacy(go)` of the current owner. */
    legacy: LegacyAnimation | null = null;
    /** Setup-pose bounds around the object's origin, unscaled px (spine-phaser's own bounds). */
    readonly left: number;
    readonly top: number;
    readonly right: number;
    readonly bottom: number;

    constructor(
        readonly go: SpineGameObject,
        readonly pool: Pool<PooledInstance>,
        readonly hygiene: InstanceHygiene,
        /** The plugin's settings, shared by all its instances. */
        readonly flags: Readonly<InstanceFlags>,
        /** The plugin, told when the instance's animation state changes. */
        readonly host: { wake(instance: PooledInstance): void },
    ) {
        const g = go as unknown as { width: number; height: number; displayOriginX: number; displayOriginY: number };
        this.left = -g.displayOriginX;
        this.top = -g.displayOriginY;
        this.right = g.width - g.displayOriginX;
        this.bottom = g.height - g.displayOriginY;
    }

    /**
     * Whether its setup-pose bounds, placed at world (x, y) with its scale, overlap the rectangle
     * [minX, maxX] × [minY, maxY] seen by a camera scrolled to (scrollX, scrollY). An object with
     * scroll factor f is drawn where a world point moved by scroll × (1 − f) would be.
     */
    overlaps(x: number, y: number, minX: number, minY: number, maxX: number, maxY: number, scrollX: number, scrollY: number): boolean {
        const go = this.go as unknown as Placed;
        const sx = go.scaleX;
        const sy = go.scaleY;
        const px = x + scrollX * (1 - go.scrollFactorX);
        const py = y + scrollY * (1 - go.scrollFactorY);
        const a = this.left * sx;
        const b = this.right * sx;
        const c = this.top * sy;
        const d = this.bottom * sy;
        return (
            px + (a < b ? b : a) >= minX &&
            px + (a < b ? a : b) <= maxX &&
            py + (c < d ? d : c) >= minY &&
            py + (c < d ? c : d) <= maxY
        );
    }
}
