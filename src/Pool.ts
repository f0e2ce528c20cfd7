/** Builds the items of one {@link Pool}. */
export type PoolFactory<T, K> = (pool: Pool<T, K>) => T;

/**
 * The free list and the counters of one kind of pooled item, `key` saying which kind (for the
 * plugin: one skeleton). The pool trusts its caller to release only what it handed out; the
 * plugin guards that with its own per-instance state, so a double release never reaches here.
 */
export class Pool<T, K = unknown> {
    /** Items ready to hand out, most recently released last. */
    readonly free: T[] = [];
    /** Items handed out and not yet released. */
    active = 0;
    /** Items ever built by this pool (monotonic: flat while pooling works). */
    created = 0;

    constructor(
        /** What kind of item this pool holds (opaque to the pool). */
        readonly key: K,
        private readonly factory: PoolFactory<T, K>,
    ) {}

    /** A free item, or a new one when none is free. */
    obtain(): T {
        const item = this.free.length > 0 ? (this.free.pop() as T) : this.build();
        this.active++;
        return item;
    }

    /** Takes back an item handed out by `obtain`. */
    release(item: T): void {
        this.active--;
        this.free.push(item);
    }

    /** Takes back an item handed out by `obtain` without keeping it (the caller destroys it). */
    discard(_item: T): void {
        this.active--;
    }

    /** Builds `count` more free items. */
    prewarm(count: number): void {
        for (let i = 0; i < count; i++) this.free.push(this.build());
    }

    /**
     * Forgets an item that was destroyed from outside. `wasActive` says whether it was handed
     * out; a free one is taken off the free list.
     */
    forget(item: T, wasActive: boolean): void {
        if (wasActive) {
            this.active--;
            return;
        }
        const index = this.free.indexOf(item);
        if (index !== -1) this.free.splice(index, 1);
    }

    private build(): T {
        const item = this.factory(this);
        this.created++;
        return item;
    }
}
