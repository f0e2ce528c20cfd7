/**
 * spine-core enum values, used as numbers so the plugin needs no runtime import of a Spine
 * package. `Physics` is the same in spine-core 4.2 and 4.3; 4.3 replaced `MixBlend` and
 * `MixDirection` with `MixFrom` (see compat.ts, which passes the right ones).
 */

/** `Physics.reset`: world transforms with physics constraints reset to their setup state. */
export const PHYSICS_RESET = 1;
/** `Physics.update`. */
export const PHYSICS_UPDATE = 2;
/** `Physics.pose`: world transforms with the physics constraints' current offsets, their state untouched. */
export const PHYSICS_POSE = 3;
/** 4.2's `MixBlend.setup`: timelines mix from the setup pose (no earlier pose survives). */
export const MIX_BLEND_SETUP = 0;
/** 4.2's `MixBlend.add`: an entry's values add to the pose (4.3 sets `TrackEntry.additive` instead). */
export const MIX_BLEND_ADD = 3;
/** 4.2's `MixDirection.mixIn`. */
export const MIX_DIRECTION_IN = 0;
/** 4.3's `MixFrom.setup` (its `MixFrom.current` is 0). */
export const MIX_FROM_SETUP = 1;
/** `EventType.event` (4.2 and 4.3): a queued Spine event takes three slots of the event queue, the others two. */
export const EVENT_TYPE_EVENT = 5;

/**
 * The `before/afterUpdateWorldTransforms` callback of an instance nobody gave one: the plugin puts
 * it on every pooled object (spine-phaser's default is a new function per object), so an instance
 * whose callbacks are something else is known to have them.
 */
export function NO_CALLBACK(): void {}
