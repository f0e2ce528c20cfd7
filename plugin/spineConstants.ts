/**
 * spine-core enum values, used as numbers so the plugin needs no runtime import of a Spine
 * package (they are the same in spine-core 4.2 and 4.3).
 */

/** `Physics.reset`: world transforms with physics constraints reset to their setup state. */
export const PHYSICS_RESET = 1;
/** `MixBlend.setup`: timelines mix from the setup pose (no earlier pose survives). */
export const MIX_BLEND_SETUP = 0;
/** `MixDirection.mixIn`. */
export const MIX_DIRECTION_IN = 0;
