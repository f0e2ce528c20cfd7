/** Helpers of the tests that read the plugin's development warnings. */
import { readFileSync } from 'fs';
import { BURST_QUIET_MS } from '../../plugin/LeakReport';
import { FRAME_MS, type TestGame } from '../../fixtures/headless/game';

/** Steps frames enough for a burst of leaky despawns to end, so its grouped warning prints. */
export function endBurst(t: TestGame): void {
    t.step(Math.ceil(BURST_QUIET_MS / FRAME_MS) + 1);
}

/** The line of `file` holding `marker` (not a `lineOf(` call), to check the call sites a warning names. */
export function lineOf(file: string, marker: string): number {
    const lines = readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes(marker) && !line.includes('lineOf('));
    if (index === -1) throw new Error(`marker ${marker} not found in ${file}`);
    return index + 1;
}
