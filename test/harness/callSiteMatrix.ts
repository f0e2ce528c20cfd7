/**
 * The call-site matrix (test/integration/callSites*.test.ts): the differential suite's scenarios
 * with their calls made from the places a game makes them (test/harness/differential.ts,
 * `CALL_SITES`), each on every rig of the corpus, near the view's centre (posed every frame:
 * everything must be exact) and walking in and out of view, with every pose computed
 * (`poseCache: 'off'`): nothing served, every pose the twin's within 1e-3; the scenarios where the
 * game reads and poses bones, also with the shared pose cache. One function, so the
 * sites split over files that jest runs side by side.
 */
import { DifferentialRun, irregularDeltas, type CallSite } from './differential';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { hash, PLACEMENTS, SCENARIOS } from './scenarios';
import { corpusRig, DIFFERENTIAL_RIGS, SPAWN_SKIN, SPAWN_SKIN_COMBINED } from '../../fixtures/skeletons/corpus';

/** The scenarios every site runs: what games do (every kind of call), queued animations, crossfades. */
const SITE_SCENARIOS = SCENARIOS.filter(
    (s) => s.name.startsWith('what games do') || s.name.startsWith('queued animations') || s.name.startsWith('loops and crossfades'),
);
const SITE_PLACEMENTS = PLACEMENTS.filter((p) => p.name.startsWith('near the view centre') || p.name.startsWith('walking in and out'));

/**
 * Each scenario with every pose computed; the ones where the game reads and poses bones again with
 * the shared pose cache (the default), where an instance nobody read is lazy (spine/bonesWhenRead.ts).
 */
const SITE_RUNS = SITE_SCENARIOS.flatMap((s) => {
    const runs: [string, string, (typeof SITE_SCENARIOS)[number], boolean][] = [[s.name, '', s, false]];
    if (s.name.startsWith('what games do with bones')) runs.push([s.name, ', poses from the shared cache', s, true]);
    return runs;
});

/** The matrix for `sites`: every rig, the two placements, the three scenarios. */
export function callSiteMatrix(sites: readonly CallSite[]): void {
    describe.each(DIFFERENTIAL_RIGS.map((rig) => [rig]))('%s rig', (rig) => {
        describe.each(sites.map((site) => [site]))('calls made at %s', (site) => {
            let t: TestGame;

            beforeEach(async () => {
                t = await bootGame({ skeletons: { [rig]: corpusRig(rig) }, arcade: site === 'arcade' });
                // Every pose computed, so every frame is held to the twin's pose exactly (the shared cache's
                // bound is the differential suite's): nothing may be served.
                t.scene.spinePool.configure({ poseCache: 'off' });
            });

            afterEach(() => t.destroy());

            describe.each(SITE_PLACEMENTS.map((p) => [p.name, p] as const))('%s', (_name, placement) => {
                test.each(SITE_RUNS)('%s: the pooled instance shows and hears what its stock twin does%s', (_s, _mode, scenario, shared) => {
                    if (shared) t.scene.spinePool.configure({ poseCache: 'shared' });
                    const run = new DifferentialRun(
                        t,
                        irregularDeltas(hash(`${rig}/${site}/${placement.name}/${scenario.name}`)),
                        () => placement.lag,
                        site as CallSite,
                    );
                    const at = placement.setup(t, run, scenario.frames);
                    const pair = run.pair(at.x, at.y, rig, rig, { skin: SPAWN_SKIN_COMBINED[rig] ?? SPAWN_SKIN[rig] });
                    scenario.script(run, pair);
                    run.step(scenario.frames + run.lead);
                    const differences = run.differences();
                    const served = { records: pair.cachedFrames, stats: run.served() };
                    run.end();
                    if (shared) expect(differences).toEqual([]);
                    else expect({ differences, served }).toEqual({ differences: [], served: { records: 0, stats: 0 } });
                    expect(pair.comparedFrames).toBeGreaterThan(30);
                    expect(pair.trackFrames).toBeGreaterThan(30);
                    expect(pair.stockHeard.length).toBeGreaterThan(3);
                });
            });
        });
    });
}
