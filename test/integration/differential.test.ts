/**
 * The differential suite: every scenario, on every rig of the fidelity corpus, in every placement,
 * with a pooled instance next to a stock `this.add.spine` twin given the same calls, compared frame
 * by frame by test/harness/differential.ts (callbacks and their frames, track state after each
 * update, and the pose on every frame the twin is visible). Frame deltas are irregular (7-40 ms).
 *
 * Placements cover every tier, off screen, moving in and out, zoom 0.2-2 and a second camera; each
 * says how many frames an instance there may go between poses (`lag`), which is also how late a
 * callback may come (lag - 1 frames). Off screen, events are exact (lag 1) and the first frame back
 * in view shows the twin's pose.
 */
import { bootGame, type TestGame } from '../harness/game';
import { DifferentialRun, irregularDeltas } from '../harness/differential';
import { hash, PLACEMENTS, SCENARIOS } from '../harness/scenarios';
import { corpusRig, DIFFERENTIAL_RIGS, SPAWN_SKIN, SPAWN_SKIN_COMBINED } from '../skeletons/corpus';

type Any = any;

function skeletonsFor(rig: (typeof DIFFERENTIAL_RIGS)[number]) {
    return { [rig]: corpusRig(rig) };
}

describe.each(DIFFERENTIAL_RIGS.map((rig) => [rig]))('%s rig', (rig) => {
    let t: TestGame;

    beforeEach(async () => {
        t = await bootGame({ skeletons: skeletonsFor(rig) });
    });

    afterEach(() => t.destroy());

    describe.each(PLACEMENTS.map((p) => [p.name, p] as const))('%s', (_name, placement) => {
        test.each(SCENARIOS.map((s) => [s.name, s] as const))('%s: the pooled instance shows and hears what its stock twin does', (_s, scenario) => {
            const run = new DifferentialRun(t, irregularDeltas(hash(`${rig}/${placement.name}/${scenario.name}`)), () => placement.lag);
            const at = placement.setup(t, run, scenario.frames);
            const pair = run.pair(at.x, at.y, rig, rig, { skin: SPAWN_SKIN[rig] });
            scenario.script(run, pair);
            run.step(scenario.frames);
            const differences = run.differences();
            run.end();
            expect(differences).toEqual([]);
            // The comparison ran: the twin was visible on some frames (and every frame near the centre).
            if (!placement.name.startsWith('just right')) expect(pair.comparedFrames).toBeGreaterThan(placement.name.startsWith('off screen') ? 5 : 30);
            expect(pair.stockHeard.length).toBeGreaterThan(3);
        });
    });
});

/**
 * The same with `poseCache: 'shared'`, every rig, placement and scenario: callbacks and track state
 * as exact as above; a pose served by the cache is the twin's pose of that frame within the cache's
 * tolerances (test/harness/poseError.ts: bones and drawn vertices within 1 skeleton px, attachments,
 * sequence indices and draw order exact, colours within 1/255), every other pose the twin's (as
 * above). The physics rigs are never served (their physics is their own); on the others the cache
 * serves the frames it may (the harness's `servableFrames`: the twin plays one animation plainly and
 * shows exactly that animation over the setup pose), all but at most one per run (today: the frame an
 * emptied track ends, where stock applies its entry a last time).
 */
describe.each(DIFFERENTIAL_RIGS.map((rig) => [rig]))('%s rig, poses from the shared cache', (rig) => {
    let t: TestGame;

    beforeEach(async () => {
        t = await bootGame({ skeletons: skeletonsFor(rig) });
        t.scene.spinePool.configure({ poseCache: 'shared' });
    });

    afterEach(() => t.destroy());

    describe.each(PLACEMENTS.map((p) => [p.name, p] as const))('%s', (_name, placement) => {
        test.each(SCENARIOS.map((s) => [s.name, s] as const))("%s: the same callbacks and tracks, and the twin's pose within the cache's tolerance", (_s, scenario) => {
            const run = new DifferentialRun(t, irregularDeltas(hash(`cached/${rig}/${placement.name}/${scenario.name}`)), () => placement.lag);
            const at = placement.setup(t, run, scenario.frames);
            const pair = run.pair(at.x, at.y, rig, rig, { skin: SPAWN_SKIN_COMBINED[rig] ?? SPAWN_SKIN[rig] });
            scenario.script(run, pair);
            run.step(scenario.frames);
            const differences = run.differences();
            run.end();
            if (process.env.CACHE_REPORT) console.log(`${rig} / ${placement.name} / ${scenario.name}: ${pair.cacheSummary()}`);
            // Whether the cache served where it may (one list with the differences: neither hides the other).
            const serving: string[] = [];
            if (rig === 'physics' || rig === 'swing') {
                if (pair.cachedFrames > 0) serving.push(`${pair.cachedFrames} poses served from the cache (a physics rig's physics is its own)`);
            } else {
                if (pair.missedFrames > 1) serving.push(`${pair.missedFrames} of ${pair.servableFrames} frames the cache may serve posed in full (allowed: 1): frames ${pair.missedAt.join(', ')}`);
                // In view all along (or every other 17 frames), every scenario plays one animation plainly for a while:
                // served (but the stunts walk starts 900 px away, out of view, for the 5 frames it plays alone
                // in this scenario; every later plain stretch follows a clearTrack, whose pose stock leaves behind).
                const inView = placement.lag < 4 && !/^(off screen|just right)/.test(placement.name);
                if (inView && !(rig === 'stunts' && scenario.name.startsWith('tracks cleared')) && pair.cachedFrames === 0) serving.push('no pose served from the cache');
            }
            expect({ differences, serving }).toEqual({ differences: [], serving: [] });
            expect(pair.stockHeard.length).toBeGreaterThan(3);
        });
    });
});

export type { Any };
