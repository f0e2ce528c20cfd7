import { Pool } from '../../src/Pool';

interface Thing {
    id: number;
}

function makePool() {
    let next = 0;
    const built: Thing[] = [];
    const pool = new Pool<Thing, string>('hero', () => {
        const thing = { id: next++ };
        built.push(thing);
        return thing;
    });
    return { pool, built };
}

describe('Pool', () => {
    test('obtain reuses the most recently released item before building a new one', () => {
        const { pool, built } = makePool();
        const a = pool.obtain();
        const b = pool.obtain();
        pool.release(a);
        pool.release(b);
        expect(pool.obtain()).toBe(b);
        expect(pool.obtain()).toBe(a);
        expect(pool.obtain().id).toBe(2);
        expect(built.length).toBe(3);
    });

    test('counters stay honest: active + free equals what exists, created only grows', () => {
        const { pool } = makePool();
        const out: Thing[] = [];
        for (let round = 0; round < 5; round++) {
            for (let i = 0; i < 4; i++) out.push(pool.obtain());
            while (out.length > 1) pool.release(out.pop()!);
            expect(pool.active).toBe(1);
            expect(pool.active + pool.free.length).toBe(pool.created);
        }
        expect(pool.created).toBe(5); // at most 1 + 4 were out at once
    });

    test('prewarm builds free items that later obtains reuse', () => {
        const { pool, built } = makePool();
        pool.prewarm(3);
        expect(pool.free.length).toBe(3);
        expect(pool.active).toBe(0);
        pool.obtain();
        pool.obtain();
        pool.obtain();
        expect(built.length).toBe(3);
        expect(pool.created).toBe(3);
    });

    test('forget drops a destroyed item from the active count or from the free list', () => {
        const { pool } = makePool();
        const a = pool.obtain();
        const b = pool.obtain();
        pool.release(b);
        pool.forget(a, true);
        pool.forget(b, false);
        expect(pool.active).toBe(0);
        expect(pool.free).toEqual([]);
        expect(pool.obtain()).not.toBe(b);
    });

    test('discard takes back a handed-out item without keeping it: it leaves the active count and never reaches the free list', () => {
        const { pool } = makePool();
        const a = pool.obtain();
        pool.obtain();
        pool.discard(a);
        expect(pool.active).toBe(1);
        expect(pool.free).toEqual([]);
        expect(pool.obtain()).not.toBe(a);
        expect(pool.created).toBe(3);
    });
});
