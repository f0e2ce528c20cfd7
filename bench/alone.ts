/**
 * Measurements that need a process of their own, run in a child of the bench (this file, with the
 * flag `--alone`):
 * - frame spikes: the crowd at zoom 1 of one contender alone. In the main table all contenders share
 *   a process, so a collection of stock's garbage (about a megabyte a frame) lands in whichever
 *   contender's frame it falls: the worst frames there say little about the contender's own;
 * - a game's second wave: what V8 made of the per-frame code before the game's first despawn, and
 *   whether that despawn throws it away. Every earlier probe of the bench has despawned by then.
 */
import '../fixtures/headless/setup';
import { spawnSync } from 'child_process';
import { crowdGame, measureFrames, median, percentile, placements, populatePool, populateStock } from './crowd';
import { waveCost, type WaveCost } from './probes';
import { DEFAULT_POSE_CACHE, gc } from './scenarios';
import type { PresetName } from '../fixtures/skeletons/presets';

const FLAG = '--alone';

/** Frame times of one contender alone: the median, the 99th percentile and the worst, ms. */
export interface Spikes {
    median: number;
    p99: number;
    worst: number;
    frames: number;
}

type Job = { probe: 'spikes'; contender: 'stock' | 'pool'; rig: PresetName; count: number; frames: number } | { probe: 'secondWave'; rig: PresetName };

/** Runs `job` in a fresh Node process (the bench's own flags and loader) and returns what it printed. */
function alone<T>(job: Job): T {
    const child = spawnSync(process.execPath, [...process.execArgv, __filename, FLAG, JSON.stringify(job)], {
        encoding: 'utf8',
        env: process.env,
        maxBuffer: 1 << 20,
    });
    if (child.error) throw child.error;
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{'))
        throw new Error(`bench/alone.ts ${JSON.stringify(job)} failed (${child.status}): ${child.stderr || child.stdout}`);
    return JSON.parse(line) as T;
}

/** The zoom 1 crowd of `count` of `rig` for `contender` alone: `frames` frames after a collection and 120 warm-up frames. */
export function spikesAlone(contender: 'stock' | 'pool', rig: PresetName, count = 1000, frames = 1000): Spikes {
    return alone<Spikes>({ probe: 'spikes', contender, rig, count, frames });
}

/** A game's second wave of 1000 (one played and despawned before), in a fresh process: see `waveCost`. */
export function secondWaveAlone(rig: PresetName): WaveCost {
    return alone<WaveCost>({ probe: 'secondWave', rig });
}

async function run(job: Job): Promise<unknown> {
    if (job.probe === 'secondWave') return waveCost({ poseCache: DEFAULT_POSE_CACHE }, 1, 1000, job.rig);
    const t = await crowdGame(job.rig, job.contender === 'pool');
    if (job.contender === 'pool') populatePool(t, job.rig, placements(job.count));
    else populateStock(t, job.rig, placements(job.count));
    // The crowd's objects were just made: without a collection now, the young generation (64 MB in
    // the bench) fills a few hundred frames later and its first scavenge copies them all (50-60 ms
    // measured), a loading cost no game sees in play.
    gc();
    const samples = measureFrames(t, job.frames, 120);
    t.destroy();
    return { median: median(samples), p99: percentile(samples, 99), worst: Math.max(...samples), frames: job.frames } satisfies Spikes;
}

if (process.argv[2] === FLAG) {
    run(JSON.parse(process.argv[3]) as Job).then(
        (result) => {
            console.log(JSON.stringify(result));
            process.exit(0);
        },
        (error: unknown) => {
            console.error(error);
            process.exit(1);
        },
    );
}
