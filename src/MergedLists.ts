/**
 * Several lists sorted by `order`, visited as one merged list, smallest `order` first, without
 * copying them: how a frame's pass visits its due entries (the phase buckets of each interval, the
 * rung alarms, the first updates) in update order. The lists must not change while visited.
 */
export class MergedLists<E extends { order: number }> {
    private readonly lists: (readonly E[])[] = [];
    private readonly ends: number[] = [];
    private readonly heads: number[] = [];
    private count = 0;
    /** Index (in `add` order) of the list the member last returned by `next` came from. */
    source = -1;

    /** Starts a new merge (forgets the lists added before). */
    begin(): void {
        this.count = 0;
        this.source = -1;
    }

    /** Adds a list, of which the first `end` members are visited. */
    add(list: readonly E[], end: number = list.length): void {
        const i = this.count++;
        this.lists[i] = list;
        this.ends[i] = end;
        this.heads[i] = 0;
    }

    /** The next member by `order` (a member in two lists comes twice, once from each), or null when all are visited. */
    next(): E | null {
        let best = -1;
        let bestOrder = Infinity;
        for (let i = 0; i < this.count; i++) {
            const head = this.heads[i];
            if (head >= this.ends[i]) continue;
            const order = this.lists[i][head].order;
            if (order < bestOrder) {
                bestOrder = order;
                best = i;
            }
        }
        this.source = best;
        if (best < 0) return null;
        return this.lists[best][this.heads[best]++];
    }
}

/** Sorts the first `count` members of `list` by `order`, in place, allocating nothing (heapsort). */
export function sortByOrder<E extends { order: number }>(list: E[], count: number): void {
    for (let i = (count >> 1) - 1; i >= 0; i--) siftDown(list, i, count);
    for (let end = count - 1; end > 0; end--) {
        const top = list[0];
        list[0] = list[end];
        list[end] = top;
        siftDown(list, 0, end);
    }
}

function siftDown<E extends { order: number }>(list: E[], root: number, count: number): void {
    const member = list[root];
    let i = root;
    for (;;) {
        let child = 2 * i + 1;
        if (child >= count) break;
        if (child + 1 < count && list[child + 1].order > list[child].order) child++;
        if (list[child].order <= member.order) break;
        list[i] = list[child];
        i = child;
    }
    list[i] = member;
}
