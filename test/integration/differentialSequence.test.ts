/**
 * The differential suite on the flipbook rig (fixtures/skeletons/corpus/flipbook.ts: 8-frame
 * sequence wings keyed by every track-0 animation, frames on two atlas pages), not yet one of
 * DIFFERENTIAL_RIGS: every scenario and placement, a pooled instance beside a stock twin given the
 * same calls, every pose computed and then served from the shared cache (sequence indices exact,
 * bones and drawn vertices within the cache's bound): test/harness/differentialMatrix.ts.
 */
import { computedMatrix, sharedCacheMatrix } from '../harness/differentialMatrix';

computedMatrix(['flipbook']);
sharedCacheMatrix('poses from the shared cache', null, undefined, ['flipbook']);
