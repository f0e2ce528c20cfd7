/** Prefix of every message the plugin prints or throws, so it is easy to find in a console. */
export const PREFIX = 'phaser-spine-pool: ';

/** An Error thrown for a misuse of the API; the message names the bad value and the way out. */
export class PoolError extends Error {
    constructor(message: string) {
        super(PREFIX + message);
        this.name = 'PoolError';
    }
}

/** A development-mode warning. Callers check the `dev` option first so production prints nothing. */
export function warn(message: string): void {
    console.warn(PREFIX + message);
}
