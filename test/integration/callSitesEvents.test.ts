/**
 * Pooled is stock wherever game code runs (test/harness/callSiteMatrix.ts): calls made from pointer
 * and keyboard handlers, and from Spine listeners, the instance's own and another instance's
 * (spawned before it, and after it).
 */
import { callSiteMatrix } from '../harness/callSiteMatrix';

callSiteMatrix(['pointer', 'keyboard', 'ownListener', 'otherListener', 'otherListenerAfter']);
