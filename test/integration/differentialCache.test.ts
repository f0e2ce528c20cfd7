/**
 * The differential suite with the shared pose cache (`poseCache: 'shared'`, the default) at its
 * documented tolerance (0.5 px, half a colour level): every scenario, rig and placement of
 * differential.test.ts, a served pose held to the cache's bound, every other pose to the twin's
 * within 1e-3, and the cache serving where it may (test/harness/differentialMatrix.ts).
 */
import { sharedCacheMatrix } from '../harness/differentialMatrix';

sharedCacheMatrix('poses from the shared cache', null);
