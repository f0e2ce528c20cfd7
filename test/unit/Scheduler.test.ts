import { ON_DEMAND, Scheduler, type ScheduleDriver, type ScheduleEntry, type Span } from '../../src/Scheduler';
import { Tier } from '../../src/Tier';

/** A plain object the scheduler drives: its tier is set by the test, its updates are recorded. */
interface Item {
    id: number;
    tier: number;
    /** What advance returns: ms until the next update, for on-demand tiers. */
    wakeIn?: number;
    /** What the driver answers when the item joins an on-demand tier (default 0: at once). */
    firstWake?: number;
    updates: { frame: number; ms: number }[];
    /** Catch-ups between scheduled updates. */
    caughtUp: { frame: number; ms: number }[];
    classified: number[];
}

class RecordingDriver implements ScheduleDriver<Item> {
    frame = 0;
    onAdvance: ((item: Item) => void) | null = null;
    classify(item: Item): number {
        item.classified.push(this.frame);
        return item.tier;
    }
    wakeIn = 0;
    advance(item: Item, _tier: number, span: Span): void {
        item.updates.push({ frame: this.frame, ms: span.ms });
        this.onAdvance?.(item);
        this.wakeIn = item.wakeIn ?? 0;
    }
    catchUp(item: Item, span: Span): void {
        item.caughtUp.push({ frame: this.frame, ms: span.ms });
    }
    firstWake(item: Item): void {
        this.wakeIn = item.firstWake ?? 0;
    }
}

function item(id: number, tier: number = Tier.High): Item {
    return { id, tier, updates: [], caughtUp: [], classified: [] };
}

/** intervals 1 / 2 / 4, offscreen 4, as the defaults. */
const DEFAULT_INTERVALS = [1, 2, 4, 4];

/**
 * A scheduler and a frame step as an engine makes it: the frame begins, then every item is visited
 * in the order it was added (Phaser's UpdateList visits objects in the order they were made).
 */
function setup(intervals = DEFAULT_INTERVALS, groupCount = 4) {
    const driver = new RecordingDriver();
    const scheduler = new Scheduler<Item>(driver, intervals, groupCount);
    const order: ScheduleEntry<Item>[] = [];
    const add = scheduler.add.bind(scheduler);
    scheduler.add = (item: Item, urgent?: boolean) => {
        const entry = add(item, urgent);
        order.push(entry);
        return entry;
    };
    const step = (delta = 16) => {
        scheduler.beginFrame(delta);
        scheduler.beginTurns();
        for (const entry of order.slice()) scheduler.visit(entry);
        scheduler.endTurns();
        driver.frame++;
    };
    return { driver, scheduler, step };
}

describe('Scheduler', () => {
    test("an interval-1 item is advanced on every frame with that frame's delta", () => {
        const { scheduler, step } = setup();
        const a = item(1);
        scheduler.add(a);
        const deltas = [16, 17, 15.5, 33, 8];
        deltas.forEach((d) => step(d));
        expect(a.updates.map((u) => u.frame)).toEqual([0, 1, 2, 3, 4]);
        expect(a.updates.map((u) => u.ms)).toEqual(deltas);
    });

    test('an item in a tier with interval k is advanced exactly once in every k frames, with the sum of those k deltas', () => {
        for (const k of [2, 3, 4, 7, 16]) {
            const { scheduler, step } = setup([1, k, k, k], 1);
            const items = Array.from({ length: 2 * k }, (_, i) => item(i, Tier.Mid));
            items.forEach((it) => scheduler.add(it));
            const deltas = Array.from({ length: 6 * k }, (_, f) => 10 + (f % 5));
            deltas.forEach((d) => step(d));
            for (const it of items) {
                const frames = it.updates.map((u) => u.frame);
                expect(frames.length).toBeGreaterThanOrEqual(5);
                for (let i = 1; i < frames.length; i++) expect(frames[i] - frames[i - 1]).toBe(k);
                for (let i = 1; i < it.updates.length; i++) {
                    const { frame, ms } = it.updates[i];
                    const expected = deltas.slice(frame - k + 1, frame + 1).reduce((s, d) => s + d, 0);
                    expect(ms).toBeCloseTo(expected, 9);
                }
            }
        }
    });

    test('the time passed to an item adds up to the frame deltas whatever tiers it goes through', () => {
        const { scheduler, step } = setup([1, 2, 4, 4], 2);
        const a = item(1, Tier.High);
        scheduler.add(a);
        const deltas: number[] = [];
        const tiers = [Tier.High, Tier.Low, Tier.Mid, Tier.Low, Tier.High, Tier.Mid, Tier.Low];
        for (const tier of tiers) {
            a.tier = tier;
            for (let i = 0; i < 9; i++) {
                const d = 12 + ((deltas.length * 7) % 11) + 0.1;
                deltas.push(d);
                step(d);
            }
        }
        // Every update passes the deltas since the previous one: the sum up to the last update
        // equals the sum of the frame deltas up to that frame, nothing lost or counted twice.
        const last = a.updates[a.updates.length - 1].frame;
        const passed = a.updates.reduce((sum, u) => sum + u.ms, 0);
        const elapsed = deltas.slice(0, last + 1).reduce((sum, d) => sum + d, 0);
        expect(passed).toBeCloseTo(elapsed, 9);
        expect(a.updates.every((u) => u.ms > 0)).toBe(true);
        expect(deltas.length - 1 - last).toBeLessThan(4);
    });

    test('items of one interval are spread over its phases so each frame updates the same number', () => {
        const { scheduler, step } = setup();
        for (let i = 0; i < 30; i++) scheduler.add(item(i, Tier.High));
        for (let i = 0; i < 40; i++) scheduler.add(item(100 + i, Tier.Mid));
        for (let i = 0; i < 80; i++) scheduler.add(item(200 + i, Tier.Low));
        const perFrame: number[] = [];
        for (let f = 0; f < 12; f++) {
            step();
            perFrame.push(scheduler.updatedLastFrame);
        }
        expect(perFrame).toEqual(new Array(12).fill(30 + 20 + 20));
    });

    test('a tier is re-evaluated at least once every groupCount frames, and at once on add', () => {
        const groupCount = 4;
        const { scheduler, step, driver } = setup(DEFAULT_INTERVALS, groupCount);
        const items = Array.from({ length: 23 }, (_, i) => item(i, i % 3));
        const entries = items.map((it) => scheduler.add(it));
        const removed = new Set<number>();
        for (const it of items) expect(it.classified).toEqual([0]);
        for (let f = 0; f < 40; f++) {
            step();
            // Removals move members between groups: the moved ones must not be forgotten.
            if (f % 5 === 2) {
                const victim = f % items.length;
                if (!removed.has(victim)) scheduler.remove(entries[victim]);
                removed.add(victim);
            }
        }
        for (const it of items) {
            const alive = !removed.has(it.id);
            const times = it.classified;
            for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeLessThanOrEqual(groupCount);
            if (alive) expect(driver.frame - times[times.length - 1]).toBeLessThanOrEqual(groupCount);
        }
    });

    test('an item changing tier moves to the new interval at its next evaluation', () => {
        const { scheduler, step } = setup([1, 2, 4, 4], 1);
        const a = item(1, Tier.High);
        scheduler.add(a);
        step();
        step();
        a.tier = Tier.Low;
        for (let i = 0; i < 12; i++) step();
        const frames = a.updates.map((u) => u.frame);
        const after = frames.filter((f) => f >= 2);
        for (let i = 1; i < after.length; i++) expect(after[i] - after[i - 1]).toBe(4);
        expect(scheduler.countIn(Tier.Low)).toBe(1);
        expect(scheduler.countIn(Tier.High)).toBe(0);
    });

    test('removing items during a pass skips them and updates every other due item exactly once', () => {
        const { scheduler, step, driver } = setup([1, 1, 1, 1], 1);
        const items = Array.from({ length: 10 }, (_, i) => item(i));
        const entries = items.map((it) => scheduler.add(it));
        // Item 0 is updated first; it removes itself, the next one and the last one.
        driver.onAdvance = (it) => {
            if (it.id === 0) for (const victim of [0, 1, 9]) scheduler.remove(entries[victim]);
        };
        step();
        expect(items.map((it) => it.updates.length)).toEqual([1, 0, 1, 1, 1, 1, 1, 1, 1, 0]);
        expect(scheduler.size).toBe(7);
        step();
        expect(scheduler.updatedLastFrame).toBe(7);
        expect(items.map((it) => it.updates.length)).toEqual([1, 0, 2, 2, 2, 2, 2, 2, 2, 0]);
    });

    test('items added during a pass are updated from the next frame', () => {
        const { scheduler, step, driver } = setup([1, 1, 1, 1], 1);
        const a = item(1);
        const b = item(2);
        scheduler.add(a);
        driver.onAdvance = (it) => {
            if (it === a && a.updates.length === 1) scheduler.add(b);
        };
        step(10);
        expect(b.updates).toEqual([]);
        expect(b.classified).toEqual([0]);
        step(20);
        expect(b.updates).toEqual([{ frame: 1, ms: 20 }]);
    });

    test('removing and re-adding the same item during a pass leaves exactly one schedule for it', () => {
        const { scheduler, step, driver } = setup([1, 1, 1, 1], 1);
        const a = item(1);
        let entry = scheduler.add(a);
        driver.onAdvance = () => {
            if (a.updates.length === 1) {
                scheduler.remove(entry);
                entry = scheduler.add(a);
            }
        };
        step();
        step();
        step();
        expect(a.updates.map((u) => u.frame)).toEqual([0, 1, 2]);
        expect(scheduler.size).toBe(1);
    });

    test('a throwing update does not leave the scheduler stuck in its pass', () => {
        const { scheduler, step, driver } = setup([1, 1, 1, 1], 1);
        const a = item(1);
        const b = item(2);
        const entryA = scheduler.add(a);
        driver.onAdvance = () => {
            throw new Error('game code failed');
        };
        expect(() => step()).toThrow('game code failed');
        driver.onAdvance = null;
        scheduler.remove(entryA);
        scheduler.add(b);
        expect(scheduler.size).toBe(1);
        step();
        expect(b.updates.length).toBe(1);
    });

    test('a frozen tier (interval 0) gets no update and its frozen span is not counted as elapsed', () => {
        const { scheduler, step } = setup([1, 2, 4, 0], 1);
        const a = item(1, Tier.High);
        scheduler.add(a);
        step(10); // updated with 10
        a.tier = Tier.Offscreen;
        step(10); // evaluated frozen at once (groupCount 1): no update
        step(10);
        step(10);
        a.tier = Tier.High;
        step(10); // back: updated with its own frame only
        expect(a.updates.map((u) => u.ms)).toEqual([10, 10]);
        expect(scheduler.countIn(Tier.Offscreen)).toBe(0);
    });

    test('changing intervals or groups during a pass takes effect after the pass', () => {
        const { scheduler, step, driver } = setup([1, 1, 1, 1], 1);
        const items = Array.from({ length: 4 }, (_, i) => item(i));
        items.forEach((it) => scheduler.add(it));
        driver.onAdvance = () => {
            scheduler.setIntervals([2, 2, 2, 2]);
            scheduler.setGroupCount(2);
        };
        step();
        expect(scheduler.updatedLastFrame).toBe(4);
        driver.onAdvance = null;
        step();
        step();
        expect(items.map((it) => it.updates.length)).toEqual([2, 2, 2, 2]);
        expect(scheduler.groupCount).toBe(2);
    });

    test('rejects intervals it cannot schedule, and a change in the number of tiers', () => {
        const driver = new RecordingDriver();
        expect(() => new Scheduler<Item>(driver, [1, 2.5, 4, 4], 4)).toThrow(RangeError);
        expect(() => new Scheduler<Item>(driver, [1, 2.5, 4, 4], 4)).toThrow('got [1, 2.5, 4, 4]');
        expect(() => new Scheduler<Item>(driver, [1, 65], 4)).toThrow(RangeError);
        const scheduler = new Scheduler<Item>(driver, [1, 2, 4], 4); // three tiers
        expect(() => scheduler.setIntervals([1, 2, 4, 4])).toThrow('3 integers (one per tier)');
    });

    test('an on-demand tier updates an item in the first frame whose clock reaches the time its last update asked for', () => {
        const { scheduler, step } = setup([1, 2, 4, ON_DEMAND], 1);
        const a = item(1, Tier.Offscreen);
        a.wakeIn = 50;
        scheduler.add(a);
        for (let i = 0; i < 12; i++) step(16);
        // Frame 0 (on entering), then whenever 50 ms have passed: clocks 16, 80, 144 (frames 0, 4, 8).
        expect(a.updates).toEqual([
            { frame: 0, ms: 16 },
            { frame: 4, ms: 64 },
            { frame: 8, ms: 64 },
        ]);
        a.wakeIn = 0; // "next frame"
        step(16);
        step(16);
        expect(a.updates.slice(-2)).toEqual([
            { frame: 12, ms: 64 },
            { frame: 13, ms: 16 },
        ]);
    });

    test('an item joining an on-demand tier is first updated when the driver says (a wave nobody hears is spread), not all at once', () => {
        const { scheduler, step } = setup([1, 2, 4, ON_DEMAND], 1);
        const items = [0, 40, 90].map((wait, i) => {
            const it = item(i, Tier.Offscreen);
            it.firstWake = wait;
            it.wakeIn = 1000;
            scheduler.add(it);
            return it;
        });
        for (let i = 0; i < 8; i++) step(16);
        // Added at clock 0: first updates once the clock reaches 0, 40 and 90 (frames 0, 2, 5).
        expect(items.map((it) => it.updates)).toEqual([[{ frame: 0, ms: 16 }], [{ frame: 2, ms: 48 }], [{ frame: 5, ms: 96 }]]);
    });

    test('wake() brings an on-demand update forward to the next frame, and leaving the tier cancels its alarm', () => {
        const { scheduler, step } = setup([1, 2, 4, ON_DEMAND], 1);
        const a = item(1, Tier.Offscreen);
        a.wakeIn = 1000;
        const entry = scheduler.add(a);
        step(10); // frame 0: first update, next one asked for in 1 s
        step(10);
        scheduler.wake(entry);
        step(10); // frame 2: woken
        expect(a.updates.map((u) => u.frame)).toEqual([0, 2]);
        a.tier = Tier.High; // leaves the on-demand tier at its next evaluation (every frame here)
        for (let i = 0; i < 3; i++) step(10);
        expect(a.updates.map((u) => u.frame)).toEqual([0, 2, 3, 4, 5]); // every frame, no extra alarm
        expect(scheduler.countIn(Tier.Offscreen)).toBe(0);
    });

    test('a watched tier is left to reevaluate(): group evaluation skips it, reevaluate updates what leaves it at once', () => {
        const { scheduler, step, driver } = setup([1, 2, 4, ON_DEMAND], 1);
        scheduler.watchedTier = Tier.Offscreen;
        const a = item(1, Tier.Offscreen);
        a.wakeIn = 10000;
        scheduler.add(a);
        step(16);
        step(16);
        expect(a.classified).toEqual([0]); // only when added
        a.tier = Tier.High;
        driver.frame = 99;
        expect(scheduler.reevaluate(Tier.Offscreen)).toBe(1);
        expect(a.updates.at(-1)).toEqual({ frame: 99, ms: 16 }); // the time since its last update
        expect(scheduler.countIn(Tier.High)).toBe(1);
    });

    test('catchUp() hands an item the time owed since its last update; its next update gets only the rest', () => {
        const { scheduler, step } = setup([1, 2, 4, 4], 1);
        const a = item(1, Tier.Low); // interval 4
        const entry = scheduler.add(a);
        step(10); // frame 0: first update (10)
        step(11);
        step(12);
        scheduler.catchUp(entry); // between frames 2 and 3: 11 + 12 owed
        scheduler.catchUp(entry); // nothing more owed: no call
        step(13);
        step(14);
        step(15); // frame 5
        expect(a.caughtUp).toEqual([{ frame: 3, ms: 23 }]);
        expect(a.updates).toEqual([
            { frame: 0, ms: 10 },
            { frame: 4, ms: 13 + 14 },
        ]);
        expect(a.updates.reduce((sum, u) => sum + u.ms, 0) + 23).toBe(10 + 11 + 12 + 13 + 14);
    });

    test('catchUp() during a pass takes the current frame into account, so the item is not paid that frame twice', () => {
        const { scheduler, step, driver } = setup([1, 2, 4, 4], 1);
        const a = item(1, Tier.High);
        const b = item(2, Tier.High);
        scheduler.add(a);
        const entryB = scheduler.add(b);
        step(10);
        // During frame 1's pass, a's update catches b up before (or after) b's own update.
        driver.onAdvance = (it) => it === a && scheduler.catchUp(entryB);
        step(20);
        driver.onAdvance = null;
        step(30);
        const total = b.updates.reduce((sum, u) => sum + u.ms, 0) + b.caughtUp.reduce((sum, u) => sum + u.ms, 0);
        expect(total).toBe(60);
        expect(b.updates.at(-1)).toEqual({ frame: 2, ms: 30 });
    });

    test('catchUp() of a frozen item passes the time owed before it froze, and none of the frozen span', () => {
        const { scheduler, step } = setup([2, 2, 4, 0], 1);
        const a = item(1, Tier.High); // interval 2
        const entry = scheduler.add(a);
        step(10); // frame 0: updated
        step(10); // frame 1: not due
        a.tier = Tier.Offscreen;
        step(10); // frame 2: frozen when evaluated at the frame's start (before its turn): owed frame 1 only
        step(10); // frame 3: frozen
        scheduler.catchUp(entry);
        scheduler.catchUp(entry);
        expect(a.caughtUp.map((c) => c.ms)).toEqual([10]);
        a.tier = Tier.High;
        step(10); // frame 4: thawed when evaluated at the frame's start: updated in its turn
        step(10); // frame 5
        step(10); // frame 6
        const total = [...a.updates, ...a.caughtUp].reduce((sum, u) => sum + u.ms, 0);
        expect(total).toBe(50); // frames 0, 1, 4, 5 and 6
    });
});
