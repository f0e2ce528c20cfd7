/**
 * Test-only reads of the plugin's private records, in one place: what the differential harness
 * needs to know about a pooled instance that no public API says (when it was last updated and
 * posed). Nothing here is part of the product.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { SpinePoolPlugin } from '../../plugin';
// (The plugin keeps its instances in `registry` and their schedule in `schedule.scheduler`.)

type Any = any;

export interface InstanceRecord {
    /** Scheduler frame of its last update (any kind), -Infinity before the first. */
    updatedFrame: number;
    /** Scheduler frame of its last pose (world transforms computed). */
    posedFrame: number;
    /** Its tier index (see src/Tier.ts), -1 when not scheduled. */
    tier: number;
    /** Its last pose was copied from the shared pose cache. */
    poseCached: boolean;
}

/** The scheduler's index of the frame stepped last. */
export function schedulerFrame(pool: SpinePoolPlugin): number {
    return (pool as Any).schedule.scheduler.lastStepped;
}

/** What the plugin records about the pooled instance `go`. */
export function instanceRecord(pool: SpinePoolPlugin, go: SpineGameObject): InstanceRecord {
    const instance = (pool as Any).registry.instanceOf(go);
    if (!instance) throw new Error('not a pooled instance of this plugin');
    const entry = instance.entry;
    return { updatedFrame: entry ? entry.lastFrame : -Infinity, posedFrame: instance.posedFrame, tier: entry ? entry.tier : -1, poseCached: instance.poseCached };
}

/**
 * Calls `waited(skeleton)` whenever a lookup of the shared pose cache for that skeleton waits for
 * its samples to be built (spine/PoseCache.ts: `find` fails and counts a wait), so a pose made in
 * full then is excused for that instance only. Returns the undo.
 */
export function onPoseCacheWait(pool: SpinePoolPlugin, waited: (skeleton: object) => void): () => void {
    const cache = (pool as Any).schedule.poseCache;
    const find = cache.find;
    cache.find = function (this: Any, go: Any, version: Any, out: Any): boolean {
        const before = this.waits;
        const found = find.call(this, go, version, out);
        if (this.waits !== before) waited(go.skeleton);
        return found;
    };
    return () => {
        delete cache.find;
    };
}
