import { warn } from '../src/errors';
import type { CallSite } from '../src/callSite';
import type { Leftover } from './InstanceHygiene';
import type { PooledInstance, PoolKey } from './PooledInstance';

/** A burst of leaky despawns ends after this long without another one (game ms). */
export const BURST_QUIET_MS = 1000;
/** ...or when it has lasted this long, so a game that leaks all the time still hears every few seconds. */
export const BURST_MAX_MS = 5000;

/** Leftovers of one kind from one line, within a burst. */
interface Group {
    what: string;
    verb: string;
    site: CallSite | null;
    count: number;
}

/** What one pool's despawns left within a burst. */
interface PoolBurst {
    key: PoolKey;
    despawns: number;
    leftovers: number;
    /** By `what`, `verb` and site: insertion order is the order they were first seen. */
    groups: Map<string, Group>;
}

/**
 * Removes what the previous owner left on a despawned instance (see InstanceHygiene) and, in
 * development mode, says what it was and where it was added. Counts every leftover either way.
 *
 * A game that leaks usually leaks on every despawn of a kind (a wave dying prints a warning per
 * character), so the warning is per burst: leaky despawns are gathered until {@link BURST_QUIET_MS}
 * of game time pass without one (or the burst has lasted {@link BURST_MAX_MS}), then one warning
 * names, per pool, how many despawns left what and the lines that added it. The scene's frames move
 * the clock (`frame`); shutdown prints what is still gathered.
 */
export class LeakReport {
    /** Leftovers removed so far. */
    cleared = 0;
    private readonly leftovers: Leftover[] = [];
    /** The burst being gathered (dev mode), by pool, in the order they first leaked. */
    private readonly burst = new Map<PoolKey, PoolBurst>();
    private despawns = 0;
    private sinceFirst = 0;
    private sinceLast = 0;

    /**
     * Removes the leftovers of `instance`'s previous owner; in dev mode they join the burst's
     * warning. Returns how many there were.
     */
    clean(instance: PooledInstance, scene: object | null, dev: boolean): number {
        const leftovers = this.leftovers;
        leftovers.length = 0;
        const count = instance.hygiene.clean(scene, leftovers);
        if (count === 0) return 0;
        this.cleared += count;
        if (dev) this.gather(instance.pool.key, leftovers);
        leftovers.length = 0;
        return count;
    }

    /** A frame of `delta` game ms passed: ends the burst when it is over. Nothing to do (no allocation) otherwise. */
    frame(delta: number): void {
        if (this.despawns === 0) return;
        this.sinceFirst += delta;
        this.sinceLast += delta;
        if (this.sinceLast >= BURST_QUIET_MS || this.sinceFirst >= BURST_MAX_MS) this.flush();
    }

    /** Prints the burst gathered so far, if any, as one warning (see the class). */
    flush(): void {
        if (this.despawns === 0) return;
        const despawns = this.despawns;
        const seconds = (this.sinceFirst - this.sinceLast) / 1000;
        const pools = [...this.burst.values()];
        this.clear();

        const sites: Error[] = [];
        const lines: string[] = [];
        const listGroups = (pool: PoolBurst, indent: string, counted: boolean) => {
            for (const group of pool.groups.values()) {
                const at = group.site ? ` ${group.verb} ${group.site.toString()}` : '';
                lines.push(`${indent}- ${counted ? `${group.count}× ` : ''}${group.what}${at}`);
                if (group.site) sites.push(group.site.toError(`${group.what} ${group.verb === 'added at' ? 'added here' : '(entry created here)'}`));
            }
        };
        let head: string;
        if (despawns === 1) {
            const pool = pools[0];
            const n = pool.leftovers;
            head = `despawn() of a '${pool.key.dataKey}' instance (atlas '${pool.key.atlasKey}') removed ${n} leftover${n === 1 ? '' : 's'} of its previous owner:`;
            listGroups(pool, '  ', false);
        } else if (pools.length === 1) {
            const pool = pools[0];
            head =
                `${despawns} despawns of '${pool.key.dataKey}' instances (atlas '${pool.key.atlasKey}') within ${seconds.toFixed(1)} s ` +
                `removed ${pool.leftovers} leftovers of their previous owners:`;
            listGroups(pool, '  ', true);
        } else {
            const total = pools.reduce((sum, pool) => sum + pool.leftovers, 0);
            head = `${despawns} despawns within ${seconds.toFixed(1)} s removed ${total} leftovers of their previous owners:`;
            for (const pool of pools) {
                lines.push(`  ${pool.despawns} of '${pool.key.dataKey}' (atlas '${pool.key.atlasKey}'):`);
                listGroups(pool, '    ', true);
            }
        }
        const tail =
            'Remove listeners, stop tweens and camera follows before despawn (or in an onDespawn hook, see setHooks); ' +
            'configure({ dev: false }) silences this warning.' +
            (sites.length > 0 ? ` Call sites (source-mapped by devtools): ${sites.length === 1 ? 'the Error' : 'the Errors'} below.` : '');
        warn(`${head}\n${lines.join('\n')}\n${tail}`, ...sites);
    }

    /** Forgets the burst without printing it. */
    private clear(): void {
        this.burst.clear();
        this.despawns = 0;
        this.sinceFirst = 0;
        this.sinceLast = 0;
    }

    private gather(key: PoolKey, leftovers: readonly Leftover[]): void {
        let pool = this.burst.get(key);
        if (!pool) this.burst.set(key, (pool = { key, despawns: 0, leftovers: 0, groups: new Map() }));
        pool.despawns++;
        pool.leftovers += leftovers.length;
        for (const leftover of leftovers) {
            const verb = leftover.verb ?? 'added at';
            const id = `${leftover.what}\n${verb}\n${leftover.site?.toString() ?? ''}`;
            const group = pool.groups.get(id);
            if (group) group.count++;
            else pool.groups.set(id, { what: leftover.what, verb, site: leftover.site, count: 1 });
        }
        this.despawns++;
        this.sinceLast = 0;
    }
}
