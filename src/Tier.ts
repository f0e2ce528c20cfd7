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

/** The tiers' public names, by value (what `getTier` reports). */
export const TIER_NAMES = ['high', 'mid', 'low', 'offscreen', 'inactive'] as const;

/** Number of tiers, for per-tier arrays. */
export const TIER_COUNT = 5;

/** What a tier's member list keeps on its members. */
export interface TierMember {
    tier: number;
    /** Index in its tier's member list, -1 when in none. */
    tierSlot: number;
}

/** The members of each tier, unordered (swap removal): who is in a tier, counted in O(1). */
export class TierMembers<E extends TierMember> {
    private readonly lists: E[][];

    constructor(tierCount: number) {
        this.lists = Array.from({ length: tierCount }, () => []);
    }

    /** Number of tiers. */
    get tierCount(): number {
        return this.lists.length;
    }

    /** The members of `tier` (not to be changed while iterated, but from its end). */
    of(tier: number): readonly E[] {
        return this.lists[tier];
    }

    /** Adds `member` to `tier`'s list (its `tier` field is the caller's). */
    join(member: E, tier: number): void {
        const list = this.lists[tier];
        member.tierSlot = list.length;
        list.push(member);
    }

    /** Takes `member` out of the list of its `tier`. */
    leave(member: E): void {
        const list = this.lists[member.tier];
        const last = list.pop() as E;
        if (last !== member) {
            list[member.tierSlot] = last;
            last.tierSlot = member.tierSlot;
        }
        member.tierSlot = -1;
    }
}
