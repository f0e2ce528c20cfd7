import { AlarmHeap } from '../../src/AlarmHeap';

describe('AlarmHeap', () => {
    test('pops alarms in time order with the serial they were pushed with', () => {
        const heap = new AlarmHeap<string>();
        let seed = 3;
        const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
        const pushed: [number, string, number][] = [];
        for (let i = 0; i < 500; i++) {
            const entry: [number, string, number] = [Math.floor(next() * 100), `item${i}`, i];
            pushed.push(entry);
            heap.push(...entry);
        }
        const popped: number[] = [];
        while (heap.size > 0) {
            const time = heap.peekTime();
            const item = heap.pop();
            const original = pushed.find(([, name]) => name === item)!;
            expect([time, heap.poppedSerial]).toEqual([original[0], original[2]]);
            popped.push(time);
        }
        expect(popped).toEqual([...popped].sort((a, b) => a - b));
        expect(popped.length).toBe(500);
        expect(heap.peekTime()).toBe(Infinity);
    });
});
