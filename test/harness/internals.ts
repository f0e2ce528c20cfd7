/**
 * Test-only reads of the plugin's private parts, in one place: what the differential harness
 * needs to know about a pooled instance that no public API says (when it was last updated and
 * posed), and how the draw tests learn which path drew it. Nothing here is part of the product.
 *
 * The parts are typed by the plugin's source (`partsOf`): a part renamed there fails to compile
 * here. The plugin may be this source's or the built package's on a browser page (the draw-parity
 * page reads through here too): the same parts at run time.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { SpinePoolPlugin } from '../../plugin/SpinePoolPlugin';

/** A pool's parts: its update pass (scheduler, cameras, posing, pose cache) and its registry (pools, records). */
export function partsOf(pool: object) {
    const plugin = pool as SpinePoolPlugin;
    const pass = plugin['pass'];
    return { pass, scheduler: pass['scheduler'], registry: plugin['registry'], poseCache: pass.poseCache };
}

export interface InstanceRecord {
    /** Scheduler frame of its last update (any kind), -Infinity before the first. */
    updatedFrame: number;
    /** Scheduler frame of its last pose (world transforms computed). */
    posedFrame: number;
    /** Its tier index (see src/Tier.ts), -1 when not scheduled. */
    tier: number;
    /** Its last pose was copied from the shared pose cache. */
    poseCached: boolean;
    /** How it was drawn last (plugin/PooledDraw.ts): its samples' picture, slot by slot, or by the runtime; null: not drawn since its spawn. */
    drawnFrom: 'picture' | 'slots' | 'runtime' | null;
}

/** The scheduler's index of the frame stepped last. */
export function schedulerFrame(pool: object): number {
    return partsOf(pool).scheduler.lastStepped;
}

/** What the plugin records about the pooled instance `go`. */
export function instanceRecord(pool: object, go: SpineGameObject): InstanceRecord {
    const instance = partsOf(pool).registry.instanceOf(go);
    if (!instance) throw new Error('not a pooled instance of this plugin');
    const entry = instance.entry;
    return { updatedFrame: entry ? entry.lastFrame : -Infinity, posedFrame: instance.posedFrame, tier: entry ? entry.tier : -1, poseCached: instance.poseCached, drawnFrom: instance.drawnFrom };
}

/**
 * Calls `waited(skeleton)` whenever a lookup of the shared pose cache for that skeleton waits for
 * its samples to be built (spine/PoseCache.ts: `find` fails and counts a wait), so a pose made in
 * full then is excused for that instance only. Returns the undo.
 */
export function onPoseCacheWait(pool: object, waited: (skeleton: object) => void): () => void {
    const cache = partsOf(pool).poseCache;
    const find = cache.find;
    cache.find = function (this: typeof cache, go, version, out): boolean {
        const before = this.waits;
        const found = find.call(this, go, version, out);
        if (this.waits !== before) waited(go.skeleton);
        return found;
    };
    return () => {
        delete (cache as { find?: unknown }).find;
    };
}
