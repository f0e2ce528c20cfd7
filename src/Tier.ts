/**
 * Level-of-detail tiers. An instance's tier picks its update interval (in frames).
 * `Offscreen` is only used when the `offscreen` policy is not `'lod'`.
 */
export const Tier = {
    High: 0,
    Mid: 1,
    Low: 2,
    Offscreen: 3,
} as const;

export type Tier = (typeof Tier)[keyof typeof Tier];

/** Number of tiers, for per-tier arrays. */
export const TIER_COUNT = 4;

/** Tier names as `stats().tiers` reports them, indexed by tier. */
export const TIER_NAMES = ['high', 'mid', 'low', 'offscreen'] as const;
