import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { Pool } from '../src/Pool';
import type { ScheduleEntry } from '../src/Scheduler';
import type { LegacyAnimation } from '../src/legacy/LegacyAnimation';
import type { InstanceHygiene } from './InstanceHygiene';

/** The plugin's record of one pooled SpineGameObject. */
export class PooledInstance {
    /** True from `spawn` to `despawn`. */
    active = false;
    /** Its scheduler entry while active. */
    entry: ScheduleEntry<PooledInstance> | null = null;
    /** Its Legacy-style helper, made on the first `legacy(go)` of the current owner. */
    legacy: LegacyAnimation | null = null;
    /**
     * Radius (px, unscaled) of the setup-pose bounds around the object's origin: what the
     * off-screen test adds to the object's position.
     */
    readonly radius: number;

    constructor(
        readonly go: SpineGameObject,
        readonly pool: Pool<PooledInstance>,
        readonly hygiene: InstanceHygiene,
    ) {
        const g = go as unknown as { width: number; height: number; displayOriginX: number; displayOriginY: number };
        const left = g.displayOriginX;
        const top = g.displayOriginY;
        this.radius = Math.max(
            Math.hypot(left, top),
            Math.hypot(g.width - left, top),
            Math.hypot(left, g.height - top),
            Math.hypot(g.width - left, g.height - top),
        );
    }
}
