/**
 * The differential matrices (test/integration/differential*.test.ts): every scenario
 * (test/harness/scenarios.ts), on every rig of the fidelity corpus, in every placement, with a
 * pooled instance next to a stock `this.add.spine` twin given the same calls, compared frame by
 * frame by test/harness/differential.ts. One function per matrix, so each runs in a file of its
 * own (jest runs files in parallel).
 */
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { DifferentialRun, irregularDeltas, type TwinPair } from './differential';
import { cacheBound } from './poseError';
import { hash, PLACEMENTS, SCENARIOS, type Placement, type Scenario } from './scenarios';
import { corpusRig, DIFFERENTIAL_RIGS, SPAWN_SKIN, SPAWN_SKIN_COMBINED, type AnyRigName } from '../../fixtures/skeletons/corpus';

type Rig = AnyRigName;

function skeletonsFor(rig: Rig) {
    return { [rig]: corpusRig(rig) };
}

/**
 * Whether the twin comes into view in a run (else no pose could be compared, and the run is not
 * made): from just right of the view (150 px past its edge), only what reaches that far does. The
 * giant (larger than the view) always; the stunt rig (its loop-wrap jump) and the swing (its
 * physics) in all but one scenario (and the stunt rig's mirrored dash goes the other way); the
 * physics rig while it runs; the others never, unless the scenario moves it into view ('what games
 * do'). From just left of it, the giant and the stunt rig's mirrored dash only (the runs made there).
 * Measured: the twin's real bounds, every frame.
 */
function entersView(rig: Rig, placement: Placement, scenario: Scenario): boolean {
    const mirrored = scenario.name.startsWith('a loop drawn mirrored');
    if (placement.name.startsWith('just left')) return rig === 'giant' || (rig === 'stunts' && mirrored);
    if (!placement.name.startsWith('just right') || rig === 'giant' || scenario.name.startsWith('what games do:')) return true;
    if (rig === 'stunts') return !scenario.name.startsWith('non-looping') && !mirrored;
    if (rig === 'swing') return !scenario.name.startsWith('time scales');
    if (rig === 'physics') return scenario.name.startsWith('non-looping');
    return false;
}

/** The scenarios run with `rig` in `placement`. */
function scenariosOf(rig: Rig, placement: Placement): (readonly [string, Scenario])[] {
    return SCENARIOS.filter((s) => entersView(rig, placement, s)).map((s) => [s.name, s] as const);
}

/** The placements `rig` is run in (those with a scenario it enters the view in). */
function placementsOf(rig: Rig): Placement[] {
    return PLACEMENTS.filter((p) => scenariosOf(rig, p).length > 0);
}

/** The fewest frames a run must compare poses on: every placement in view keeps its pair in view a while; from off screen or just beside the view, at least one. */
function minCompared(placement: Placement): number {
    return /^(off screen|just right|just left)/.test(placement.name) ? 1 : 30;
}

/** What every run asserts besides its differences: it compared poses and track states, and heard callbacks. */
function coverage(pair: TwinPair, placement: Placement): string[] {
    const out: string[] = [];
    if (pair.comparedFrames < minCompared(placement)) out.push(`poses compared on ${pair.comparedFrames} frames (at least ${minCompared(placement)})`);
    if (pair.trackFrames === 0) out.push('no track state compared');
    if (pair.stockHeard.length <= 3) out.push(`${pair.stockHeard.length} callbacks heard`);
    return out;
}

function report(label: string, pair: TwinPair): void {
    if (process.env.DIFF_REPORT) console.log(`${label}: compared ${pair.comparedFrames}, tracks ${pair.trackFrames}; ${pair.cacheSummary()}`);
}

/** Every scenario, rig and placement with every pose computed (`poseCache: 'off'`): nothing may be served, every pose the twin's within 1e-3. */
export function computedMatrix(rigs: readonly Rig[] = DIFFERENTIAL_RIGS): void {
    describe.each(rigs.map((rig) => [rig]))('%s rig, every pose computed', (rig) => {
        let t: TestGame;

        beforeEach(async () => {
            t = await bootGame({ skeletons: skeletonsFor(rig) });
            t.scene.spinePool.configure({ poseCache: 'off' });
        });

        afterEach(() => t.destroy());

        describe.each(placementsOf(rig).map((p) => [p.name, p] as const))('%s', (_name, placement) => {
            test.each(scenariosOf(rig, placement))(
                '%s: the pooled instance shows and hears what its stock twin does, nothing served from the cache',
                (_s, scenario) => {
                    const run = new DifferentialRun(t, irregularDeltas(hash(`${rig}/${placement.name}/${scenario.name}`)), () => placement.lag);
                    if (placement.poseLag) run.poseLag = () => placement.poseLag!(t, run);
                    const at = placement.setup(t, run, scenario.frames);
                    const pair = run.pair(at.x, at.y, rig, rig, { skin: SPAWN_SKIN[rig] });
                    scenario.script(run, pair);
                    run.step(scenario.frames);
                    const differences = run.differences();
                    const served = { records: pair.cachedFrames, stats: run.served() };
                    run.end();
                    report(`off / ${rig} / ${placement.name} / ${scenario.name}`, pair);
                    expect({ differences, coverage: coverage(pair, placement), served }).toEqual({
                        differences: [],
                        coverage: [],
                        served: { records: 0, stats: 0 },
                    });
                },
            );
        });
    });
}

/** The fewest poses a run in view must be served from the cache, as a share of the frames it may serve. */
const MIN_SERVED_SHARE = 0.7;

/**
 * Every scenario and rig with `poseCache: 'shared'` (at `poseCacheTolerance: tolerance`, null: the
 * default; the harness holds served poses to that many px, its own constant, not to the option it
 * reads back), in `placements`: callbacks and track state as exact as with every pose computed; a pose served
 * by the cache is the twin's pose of that frame within the cache's bound (test/harness/poseError.ts:
 * bones and drawn vertices within `poseCacheTolerance`, attachments, sequence indices and draw
 * order exact, colours within half a level of 255), every other pose the twin's within 1e-3. The
 * physics rigs are never served (their physics is their own); on the others the cache serves the
 * frames it may (the harness's `servableFrames`: the twin plays one animation plainly and shows
 * exactly that animation over the setup pose), all but at most one per run (today: the frame an
 * emptied track ends, where stock applies its entry a last time), those of frames the run made
 * calls in and a few per animation while its samples are built (the harness's judgement, not the
 * plugin's reports: `DifferentialRun.excuseWait`); at least 70 % of those frames, in every
 * placement where it may serve any.
 */
export function sharedCacheMatrix(
    title: string,
    tolerance: number | null,
    placements: (rig: Rig) => Placement[] = placementsOf,
    rigs: readonly Rig[] = DIFFERENTIAL_RIGS,
): void {
    describe.each(rigs.map((rig) => [rig]))(`%s rig, ${title}`, (rig) => {
        let t: TestGame;

        beforeEach(async () => {
            t = await bootGame({ skeletons: skeletonsFor(rig) });
            t.scene.spinePool.configure({ poseCache: 'shared' });
            if (tolerance !== null) t.scene.spinePool.configure({ poseCacheTolerance: tolerance });
        });

        afterEach(() => t.destroy());

        describe.each(placements(rig).map((p) => [p.name, p] as const))('%s', (_name, placement) => {
            test.each(scenariosOf(rig, placement))("%s: the same callbacks and tracks, and the twin's pose within the cache's tolerance", (_s, scenario) => {
                const run = new DifferentialRun(
                    t,
                    irregularDeltas(hash(`cached${tolerance ?? ''}/${rig}/${placement.name}/${scenario.name}`)),
                    () => placement.lag,
                );
                if (placement.poseLag) run.poseLag = () => placement.poseLag!(t, run);
                if (tolerance !== null) run.bound = cacheBound(tolerance);
                const at = placement.setup(t, run, scenario.frames);
                const pair = run.pair(at.x, at.y, rig, rig, { skin: SPAWN_SKIN_COMBINED[rig] ?? SPAWN_SKIN[rig] });
                scenario.script(run, pair);
                run.step(scenario.frames);
                const differences = run.differences();
                run.end();
                report(`${title} / ${rig} / ${placement.name} / ${scenario.name}`, pair);
                // Whether the cache served where it may (one list with the differences: neither hides the other).
                const serving: string[] = [];
                if (rig === 'physics' || rig === 'swing') {
                    if (pair.cachedFrames > 0) serving.push(`${pair.cachedFrames} poses served from the cache (a physics rig's physics is its own)`);
                } else if (scenario.name.includes('turned by code')) {
                    // A bone the game turns every frame: the pool sees a local pose off the animation's
                    // (the cache serves none of it), the twin may show the animation's pose where the
                    // turned bone does not count (a constraint sets it).
                } else {
                    if (pair.missedFrames > 1)
                        serving.push(
                            `${pair.missedFrames} of ${pair.servableFrames} frames the cache may serve posed in full (allowed: 1): frames ${pair.missedAt.join(', ')}`,
                        );
                    // In view all along (or every other 17 frames), every scenario plays one animation plainly for a while:
                    // served (but the stunts walk starts 900 px away, out of view, for the 5 frames it plays alone
                    // in this scenario; every later plain stretch follows a clearTrack, whose pose stock leaves behind;
                    // and a skeleton mirrored or moved by its own scale and x is posed in full: the samples are at its default).
                    // Every other placement too (every k frames, off screen and back, zoomed out), where it may serve at all.
                    const inView = placement.lag < 4 && !/^(off screen|just right|just left)/.test(placement.name);
                    const unservable = (rig === 'stunts' && scenario.name.startsWith('tracks cleared')) || scenario.name.startsWith('a loop drawn mirrored');
                    if (!unservable && (inView || pair.servableFrames > 0)) {
                        if (pair.cachedFrames < pair.servableFrames * MIN_SERVED_SHARE || pair.cachedFrames === 0) {
                            serving.push(
                                `${pair.cachedFrames} poses served of ${pair.servableFrames} the cache may serve (${pair.waitedFrames} waited for samples)`,
                            );
                        }
                    }
                }
                expect({ differences, coverage: coverage(pair, placement), serving }).toEqual({ differences: [], coverage: [], serving: [] });
            });
        });
    });
}
