/**
 * Level-of-detail tiers. An instance's tier picks its update interval (in frames).
 * `Offscreen` is only used when the `offscreen` policy is not `'lod'`. `Inactive` holds instances
 * the game set inactive (`go.setActive(false)`): like Phaser's UpdateList, nothing updates them and
 * no time passes for them.
 */
export const Tier = {
    High: 0,
    Mid: 1,
    Low: 2,
    Offscreen: 3,
    Inactive: 4,
} as const;

export type Tier = (typeof Tier)[keyof typeof Tier];

/** Number of tiers, for per-tier arrays. */
export const TIER_COUNT = 5;
