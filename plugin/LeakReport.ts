import { warn } from '../src/errors';
import type { Leftover } from './InstanceHygiene';
import type { PooledInstance, PoolKey } from './PooledInstance';

/**
 * Removes what the previous owner left on a despawned instance (see InstanceHygiene) and, in
 * development mode, says what it was and where it was added. Counts every leftover either way.
 */
export class LeakReport {
    /** Leftovers removed so far. */
    cleared = 0;
    private readonly leftovers: Leftover[] = [];

    /** Removes the leftovers of `instance`'s previous owner; one dev warning names them all. */
    clean(instance: PooledInstance, scene: object | null, dev: boolean): void {
        const leftovers = this.leftovers;
        leftovers.length = 0;
        const count = instance.hygiene.clean(scene as never, leftovers);
        if (count === 0) return;
        this.cleared += count;
        if (dev) {
            const key: PoolKey = instance.pool.key;
            const lines = leftovers.map((l) => `  - ${l.what}${l.site ? ` added at ${l.site}` : ''}`);
            warn(
                `despawn() of a '${key.dataKey}' instance (atlas '${key.atlasKey}') removed ${count} ` +
                    `leftover${count === 1 ? '' : 's'} of its previous owner:\n${lines.join('\n')}\n` +
                    'Remove listeners and stop tweens before despawn (or in an onDespawn hook, see setHooks); ' +
                    'configure({ dev: false }) silences this warning.',
            );
        }
        leftovers.length = 0;
    }
}
