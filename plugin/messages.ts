/**
 * The texts of the plugin's errors and warnings about instances (what was given, why it is wrong,
 * what to do), in one place. Option and key messages live with their checks (src/options.ts,
 * PoolRegistry.ts).
 */
import { PoolError } from '../src/errors';

/** `this X game object`, `this number`...: how a value that is not one of ours is named. */
export function describe(value: unknown): string {
    if (value === null || value === undefined) return String(value);
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `this ${type} game object` : `this ${typeof value}`;
}

/** `despawn(go)` of something that is not an active instance of this pool: why, for the warning. */
export function notDespawnable(go: unknown, state: 'despawned' | 'destroyed by the pool' | 'not ours', dataKey: string): string {
    if (state === 'despawned') return `despawn(): this instance of '${dataKey}' is already despawned; the call was ignored.`;
    if (state === 'destroyed by the pool') {
        return `despawn(): this instance of '${dataKey}' was despawned already, and then destroyed by the pool (over maxFree, or by trim()); the call was ignored. Keep no reference after despawn.`;
    }
    return `despawn(): ${describe(go)} was not spawned by this scene's spinePool; the call was ignored. Destroy objects made with this.add.spine() with destroy().`;
}

/** `legacy(go)` of something that is not a spawned instance of this pool. */
export function notSpawnedForLegacy(go: unknown, despawned: boolean): PoolError {
    return new PoolError(`legacy(go): ${despawned ? 'this instance is despawned' : `${describe(go)} was not spawned by this scene's spinePool`}; spawn it with this.spinePool.spawn() first.`);
}

/** `spawn` at a place that is not one. */
export function badPosition(x: unknown, y: unknown): PoolError {
    return new PoolError(`spawn(x, y, dataKey, atlasKey): x and y must be finite numbers; got x = ${x}, y = ${y}.`);
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
    return new PoolError(`${caller}: detail must be 'auto' (the level of detail decides) or 'full' (updated and posed every frame); got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}.`);
}

/** `setDetail(go)` / `getTier(go)` of something that is not a spawned instance of this pool. */
export function notSpawnedFor(caller: string, go: unknown, despawned: boolean): PoolError {
    return new PoolError(`${caller}: ${despawned ? 'this instance is despawned' : `${describe(go)} was not spawned by this scene's spinePool`}; spawn it with this.spinePool.spawn() first.`);
}
