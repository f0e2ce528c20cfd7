/**
 * Pooled is stock wherever game code runs (test/harness/callSiteMatrix.ts): calls made from Clock
 * timers and tween callbacks (onStart, onUpdate, onComplete, onYoyo; tweens on the stepped clock).
 */
import { callSiteMatrix } from '../harness/callSiteMatrix';

callSiteMatrix(['timer', 'tweenStart', 'tweenUpdate', 'tweenComplete', 'tweenYoyo']);
