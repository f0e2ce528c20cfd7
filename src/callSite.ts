/**
 * A place in the game's code: the frame `depth` levels above the function that captured it
 * (see {@link callSite}), read as `file:line:column` only when something prints it. Capturing a
 * stack is cheap; formatting it (and, in Node, source-mapping it) is not, and most captured sites
 * are never printed (a listener the game removes in time is never reported).
 */
export class CallSite {
    private text: string | null = null;
    /** The captured stack's frames from this site on, once read (see `frames`). */
    private tail: string | null = null;
    private error: { stack?: string } | null;

    constructor(
        error: { stack?: string },
        private readonly depth: number,
    ) {
        this.error = error;
    }

    /** `file:line:column`, or `'unknown location'` when the engine gave no usable stack. */
    toString(): string {
        if (this.text === null) {
            const frames = this.frames();
            this.text = frames.length > 0 ? location(frames[0]) : UNKNOWN;
        }
        return this.text;
    }

    /**
     * An Error whose stack starts at this site (the plugin's own frames above it left out), for a
     * warning to hand to `console.warn` next to its text: a browser's devtools source-map an Error's
     * stack (a Vite dev server's, a bundle's), never a location printed inside a string.
     * @param message what happened here, e.g. `listener { complete: onDeath } added here`
     */
    toError(message: string): Error {
        const error = new Error(message);
        const frames = this.frames();
        error.name = 'CallSite';
        error.stack = `CallSite: ${message}\n${frames.length > 0 ? frames.join('\n') : `    at ${UNKNOWN}`}`;
        return error;
    }

    /** The frames from this site on, as the engine printed them. */
    private frames(): string[] {
        if (this.tail === null) {
            const stack = this.error?.stack;
            this.error = null;
            // V8 starts with the message line ("Error"); SpiderMonkey and JavaScriptCore do not.
            const frames = stack ? stack.split('\n').filter((line) => FRAME.test(line)) : [];
            this.tail = frames.slice(this.depth).join('\n');
        }
        return this.tail === '' ? [] : this.tail.split('\n');
    }
}

/**
 * Where the caller's caller was, from a stack captured now: the frame `depth` levels above
 * `callSite` itself (1 = whoever called `callSite`). Frames are skipped by depth, never by file
 * name, because in a game bundle the plugin and the game share one file.
 */
export function callSite(depth: number): CallSite {
    return new CallSite(new Error(), depth);
}

const UNKNOWN = 'unknown location';
const FRAME = /:\d+(:\d+)?\)?\s*$/;

/** `at fn (file:1:2)` / `at file:1:2` (V8) or `fn@file:1:2` (Firefox, Safari) → `file:1:2`. */
function location(frame: string): string {
    const trimmed = frame.trim();
    const paren = /\(([^()]*:\d+(?::\d+)?)\)\s*$/.exec(trimmed);
    if (paren) return paren[1];
    const at = trimmed.lastIndexOf('@');
    if (at !== -1) return trimmed.slice(at + 1);
    return trimmed.replace(/^at\s+/, '');
}
