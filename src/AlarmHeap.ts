/**
 * A binary min-heap of (time, item, serial) alarms in parallel arrays, so pushing and popping
 * allocate nothing once the arrays have grown. An alarm is cancelled by its owner bumping the
 * serial it keeps (lazy deletion): `pop` hands back the serial so the caller can check it.
 */
export class AlarmHeap<T> {
    private readonly times: number[] = [];
    private readonly items: T[] = [];
    private readonly serials: number[] = [];
    /** Serial of the alarm last popped. */
    poppedSerial = 0;

    get size(): number {
        return this.times.length;
    }

    /** Time of the earliest alarm; Infinity when empty. */
    peekTime(): number {
        return this.times.length > 0 ? this.times[0] : Infinity;
    }

    push(time: number, item: T, serial: number): void {
        const times = this.times;
        const items = this.items;
        const serials = this.serials;
        let i = times.length;
        times.push(time);
        items.push(item);
        serials.push(serial);
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (times[parent] <= time) break;
            times[i] = times[parent];
            items[i] = items[parent];
            serials[i] = serials[parent];
            i = parent;
        }
        times[i] = time;
        items[i] = item;
        serials[i] = serial;
    }

    /** Removes and returns the earliest alarm's item (its serial in `poppedSerial`). */
    pop(): T {
        const times = this.times;
        const items = this.items;
        const serials = this.serials;
        const top = items[0];
        this.poppedSerial = serials[0];
        const lastTime = times.pop() as number;
        const lastItem = items.pop() as T;
        const lastSerial = serials.pop() as number;
        const n = times.length;
        if (n > 0) {
            let i = 0;
            for (;;) {
                let child = 2 * i + 1;
                if (child >= n) break;
                if (child + 1 < n && times[child + 1] < times[child]) child++;
                if (times[child] >= lastTime) break;
                times[i] = times[child];
                items[i] = items[child];
                serials[i] = serials[child];
                i = child;
            }
            times[i] = lastTime;
            items[i] = lastItem;
            serials[i] = lastSerial;
        }
        return top;
    }

    clear(): void {
        this.times.length = 0;
        this.items.length = 0;
        this.serials.length = 0;
    }
}
