/**
 * The differential suite, every pose computed (`poseCache: 'off'`): every scenario, on every rig of
 * the fidelity corpus, in every placement, with a pooled instance next to a stock
 * `this.add.spine` twin given the same calls, compared frame by frame by
 * test/harness/differential.ts (callbacks and their frames, track state after each update, the
 * pose on every frame the twin is visible within 1e-3, and that the pooled instance is drawn by
 * every camera that shows its twin); nothing may be served from the cache. Frame deltas are
 * irregular (7-40 ms).
 *
 * Placements cover every tier, off screen, moving in and out, zoom 0.2-2 and a second camera; each
 * says how many frames an instance there may go between poses (`lag`), which is also how late a
 * callback may come (lag - 1 frames). Off screen, events are exact (lag 1) and the first frame back
 * in view shows the twin's pose. A run whose twin never comes into view is not made
 * (test/harness/differentialMatrix.ts `entersView`): every run compares poses.
 *
 * The same matrix with the shared pose cache: differentialCache.test.ts (its documented tolerance)
 * and differentialCacheTight.test.ts (0.1 px).
 */
import { computedMatrix } from '../harness/differentialMatrix';

computedMatrix();
