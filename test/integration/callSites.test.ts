/**
 * Pooled is stock wherever game code runs (test/harness/callSiteMatrix.ts): calls made from the
 * scene's update(), PRE_UPDATE / UPDATE / POST_UPDATE listeners, an object on the UpdateList and an
 * Arcade physics callback. Clock timers and tweens: callSitesClock.test.ts; input handlers and
 * Spine listeners: callSitesEvents.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callSiteMatrix } from '../harness/callSiteMatrix';
import { CALL_SITES } from '../harness/differential';

callSiteMatrix(['update', 'updateEvent', 'preUpdate', 'postUpdate', 'updateList', 'arcade']);

test('every call site is run by exactly one of the call-site files', () => {
    const files = ['callSites.test.ts', 'callSitesClock.test.ts', 'callSitesEvents.test.ts'].map((f) => readFileSync(join(__dirname, f), 'utf8'));
    const runs = CALL_SITES.map((site) => [site, files.filter((text) => new RegExp(`callSiteMatrix\\([^)]*'${site}'`).test(text)).length]);
    expect(runs).toEqual(CALL_SITES.map((site) => [site, 1]));
});
