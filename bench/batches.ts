/**
 * The spawn probes' timing, in Node (probes.ts) and in the browser page (browser/page.ts) alike:
 * one operation timed in its own run of batches.
 */
import { median } from './stats';

/**
 * Median µs per call of `make` (or of `undo`, when `timeUndo`) over `rounds` batches of `batch`
 * calls, each batch undone and `between` run after it, untimed; the first half of the rounds only
 * warms the code up.
 */
export function timeBatches<T>(rounds: number, batch: number, make: () => T, undo: (item: T) => void, between: () => void, timeUndo = false): number {
    const made: T[] = [];
    const perCall: number[] = [];
    for (let round = 0; round < rounds; round++) {
        let begin = performance.now();
        for (let i = 0; i < batch; i++) made.push(make());
        const making = performance.now() - begin;
        begin = performance.now();
        for (const item of made) undo(item);
        const undoing = performance.now() - begin;
        made.length = 0;
        between();
        if (round >= rounds / 2) perCall.push(((timeUndo ? undoing : making) * 1000) / batch);
    }
    return median(perCall);
}
