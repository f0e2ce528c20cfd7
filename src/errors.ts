/** Prefix of every message the plugin prints or throws, so it is easy to find in a console. */
export const PREFIX = 'phaser-spine-pool: ';

/**
 * The Error thrown for a misuse of the API (a bad option, an unknown skeleton, skin or animation,
 * a despawned instance...). Its message starts with `phaser-spine-pool: ` and names the bad value
 * and the way out; `name` is `'PoolError'`.
 *
 * @example
 * ```ts
 * try {
 *     this.spinePool.configure({ groupCount: 0 });
 * } catch (error) {
 *     if (error instanceof PoolError) console.error(error.message);
 *     // phaser-spine-pool: configure(): option 'groupCount' must be an integer from 1 to 16 (round-robin groups); got 0.
 * }
 * ```
 */
export class PoolError extends Error {
    /** @param message what went wrong and how to fix it (the prefix is added) */
    constructor(message: string) {
        super(PREFIX + message);
        this.name = 'PoolError';
    }
}

/**
 * A development-mode warning. Callers check the `dev` option first so production prints nothing.
 * `details` (call sites as Errors, see CallSite.toError) are passed to `console.warn` as they are,
 * so devtools show their stacks source-mapped.
 */
export function warn(message: string, ...details: Error[]): void {
    console.warn(PREFIX + message, ...details);
}
