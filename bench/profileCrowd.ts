/**
 * Where a served crowd's update frame goes (issue 47): N of a preset all on screen (the browser
 * bench's shippedAllOnScreen: zoom 0.25, scale 0.243; BENCH_SCALE sets it: 0.12 is the issue's ~20 px), HEADLESS, poseCache 'shared'. Prints the
 * median frame (ms), µs per instance, and the process CPU time per instance (steadier than wall
 * time on a shared machine). BENCH_N (10000), BENCH_RIG (shipped), BENCH_FRAMES (120),
 * BENCH_CACHE (shared), BENCH_WARMUP (300 frames: the cache's build budget fills it in ~250 at 10,000),
 * BENCH_PROFILE (a path: the measured frames' CPU profile), BENCH_STATS (print the cache's stats).
 */
import '../fixtures/headless/setup';
import { writeFileSync } from 'fs';
import { Session } from 'inspector';
import { crowdGame, median, placements, populatePool, measureFrames } from './crowd';
import type { PresetName } from '../fixtures/skeletons/presets';

async function main(): Promise<void> {
    const n = Number(process.env.BENCH_N ?? 10000);
    const rig = (process.env.BENCH_RIG ?? 'shipped') as PresetName;
    const frames = Number(process.env.BENCH_FRAMES ?? 120);
    const cache = (process.env.BENCH_CACHE ?? 'shared') as 'shared' | 'off';
    const scale = Number(process.env.BENCH_SCALE ?? 0.243);
    const t = await crowdGame(rig, true, { key: 'x', label: 'x', zoom: 0.25, scale });
    populatePool(t, rig, placements(n), { poseCache: cache }, scale);
    const warmup = Number(process.env.BENCH_WARMUP ?? 300);
    t.step(warmup);
    const profile = process.env.BENCH_PROFILE; // a path: the measured frames' CPU profile goes there
    const session = new Session();
    if (profile) {
        session.connect();
        await post(session, 'Profiler.enable');
        await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
        await post(session, 'Profiler.start');
    }
    const cpu = process.cpuUsage();
    const samples = measureFrames(t, frames, 0);
    const used = process.cpuUsage(cpu);
    if (profile) {
        const { profile: data } = (await post(session, 'Profiler.stop')) as { profile: unknown };
        writeFileSync(profile, JSON.stringify(data));
    }
    const s = t.scene.spinePool.stats();
    const m = median(samples);
    console.log(
        JSON.stringify({
            n,
            rig,
            cache,
            medianMs: +m.toFixed(2),
            usPerInstance: +((m * 1000) / n).toFixed(3),
            cpuUsPerInstance: +((used.user + used.system) / frames / n).toFixed(3),
            updatedLastFrame: s.updatedLastFrame,
            tiers: s.tiers,
        }),
    );
    if (process.env.BENCH_STATS) console.log(JSON.stringify(s.poseCache), JSON.stringify(s.drawn));
    t.destroy();
}
function post(session: Session, method: string, params?: object): Promise<unknown> {
    return new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
}
void main();
