/**
 * The texts of the plugin's errors and warnings about instances (what was given, why it is wrong,
 * what to do), in one place. Option and key messages live with their checks (the options' records,
 * src/options.ts and options.ts; PoolRegistry.ts).
 */
import { PoolError } from '../src/errors';

/** `this X game object`, `this number`...: how a value that is not one of ours is named. */
export function describe(value: unknown): string {
    if (value === null || value === undefined) return String(value);
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `this ${type} game object` : `this ${typeof value}`;
}

/**
 * Why an object is not a spawned instance of this scene's pool: despawned; destroyed by the pool
 * (over `maxFree`, `trim`), with its scene (a reference kept past a restart) or from outside
 * (`go.destroy()`, its container's); spawned by another scene's pool; or never pooled.
 */
export type Whereabouts =
    | { kind: 'despawned' | 'pool' | 'scene' | 'outside'; dataKey: string }
    | { kind: 'elsewhere'; dataKey: string; owner: string; here: string }
    | { kind: 'foreign' };

/** What became of `go`, and what to do instead of calling `method` on it here. */
function whyNot(go: unknown, where: Whereabouts, method: string): [what: string, fix: string] {
    switch (where.kind) {
        case 'despawned':
            return [`this instance of '${where.dataKey}' is despawned`, 'spawn one with this.spinePool.spawn() first.'];
        case 'pool':
            return [
                `this instance of '${where.dataKey}' was despawned already, and then destroyed by the pool (over maxFree, or by trim())`,
                'Keep no reference after despawn.',
            ];
        case 'scene':
            return [
                `this instance of '${where.dataKey}' was destroyed when its scene shut down (a restart, stop, or start of another scene)`,
                'A reference kept past a restart is stale: spawn a new one in create(), and reset the fields that hold instances there.',
            ];
        case 'outside':
            return [
                `this instance of '${where.dataKey}' was destroyed by go.destroy() or with its container (container.destroy() destroys its children), and left the pool`,
                'To keep an instance pooled, despawn it before destroying its container, or take it out first with container.remove(go).',
            ];
        case 'elsewhere':
            return [
                `this instance of '${where.dataKey}' was spawned by the spinePool of scene '${where.owner}', not by this scene's ('${where.here}')`,
                `Use the pool that spawned it: this.scene.get('${where.owner}').spinePool.${method}(go).`,
            ];
        default:
            return [
                `${describe(go)} was not spawned by this scene's spinePool`,
                method === 'despawn' ? 'Destroy objects made with this.add.spine() with destroy().' : 'spawn it with this.spinePool.spawn() first.',
            ];
    }
}

/** `despawn(go)` of something that is not an active instance of this pool: why, for the warning. */
export function notDespawnable(go: unknown, where: Whereabouts): string {
    if (where.kind === 'despawned') return `despawn(): this instance of '${where.dataKey}' is already despawned; the call was ignored.`;
    const [what, fix] = whyNot(go, where, 'despawn');
    return `despawn(): ${what}; the call was ignored. ${fix}`;
}

/** `caller` (`legacy(go)`, `setDetail(go, detail)`) of something that is not a spawned instance of this pool. */
export function notSpawnedFor(caller: string, go: unknown, where: Whereabouts): PoolError {
    const [what, fix] = whyNot(go, where, caller.slice(0, caller.indexOf('(')));
    return new PoolError(`${caller}: ${what}; ${fix}`);
}

/** `spawn` at a place that is not one. */
export function badPosition(x: unknown, y: unknown): PoolError {
    return new PoolError(`spawn(x, y, dataKey, atlasKey): x and y must be finite numbers; got x = ${String(x)}, y = ${String(y)}.`);
}

/** A call made once the scene is destroyed. */
export function sceneGone(caller: string): PoolError {
    return new PoolError(
        `${caller}(): this spinePool's scene was destroyed (game.destroy() or this.scene.remove()), so nothing can be spawned from it. ` +
            "A timer, promise or DOM listener outlived the game: end it in the scene's shutdown, or spawn from a running scene.",
    );
}

/** A pooled instance was destroyed from outside the pool. */
export function destroyedFromOutside(dataKey: string): string {
    return `a pooled instance of '${dataKey}' was destroyed; it has left the pool. Use this.spinePool.despawn(go) to give it back for reuse.`;
}

/** A `detail` value that is not one. */
export function badDetail(caller: string, value: unknown): PoolError {
    return new PoolError(
        `${caller}: detail must be 'auto' (the level of detail decides) or 'full' (updated and posed every frame); got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}.`,
    );
}
