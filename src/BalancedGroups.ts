/** What a {@link BalancedGroups} member carries: its group and its index inside that group's list. */
export interface GroupMember {
    group: number;
    groupSlot: number;
}

/**
 * Members spread over `count` groups whose sizes never differ by more than one, with O(1) `add`
 * and `remove` (the Unity SpineManager scans every group for the smallest one on each spawn).
 *
 * `order` is a permutation of the groups: the first `extra` of them hold `base + 1` members, the
 * others `base`. Adding fills the first group of size `base`; removing from a small group moves
 * one member over from a large one, and the caller is told which member moved.
 */
export class BalancedGroups<T extends GroupMember> {
    readonly lists: T[][] = [];
    private readonly order: number[] = [];
    private readonly position: number[] = [];
    private base = 0;
    private extra = 0;
    private total = 0;

    constructor(readonly count: number) {
        for (let g = 0; g < count; g++) {
            this.lists.push([]);
            this.order.push(g);
            this.position.push(g);
        }
    }

    /** Number of members in all groups. */
    get size(): number {
        return this.total;
    }

    add(member: T): void {
        if (this.extra === this.count) {
            this.base++;
            this.extra = 0;
        }
        const group = this.order[this.extra++];
        const list = this.lists[group];
        member.group = group;
        member.groupSlot = list.length;
        list.push(member);
        this.total++;
    }

    /**
     * Removes `member`. Returns the member that was moved to another group to keep the sizes
     * balanced, or `null` when nothing moved.
     */
    remove(member: T): T | null {
        const group = member.group;
        this.take(member);
        this.total--;
        const pos = this.position[group];
        if (pos < this.extra) {
            // A large group became small: it leaves the large prefix.
            this.swap(pos, --this.extra);
            return null;
        }
        if (this.extra > 0) {
            // A small group became smaller: refill it from the last large group.
            const donor = this.order[--this.extra];
            const moved = this.lists[donor][this.lists[donor].length - 1];
            this.take(moved);
            moved.group = group;
            moved.groupSlot = this.lists[group].length;
            this.lists[group].push(moved);
            return moved;
        }
        // Every group was small: the others are now the large ones.
        this.base--;
        this.extra = this.count - 1;
        this.swap(pos, this.count - 1);
        return null;
    }

    private take(member: T): void {
        const list = this.lists[member.group];
        const last = list.pop() as T;
        if (last !== member) {
            list[member.groupSlot] = last;
            last.groupSlot = member.groupSlot;
        }
        member.groupSlot = -1;
    }

    private swap(a: number, b: number): void {
        const ga = this.order[a];
        const gb = this.order[b];
        this.order[a] = gb;
        this.order[b] = ga;
        this.position[gb] = a;
        this.position[ga] = b;
    }
}
