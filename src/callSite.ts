/**
 * A place in the game's code: the frame `depth` levels above the function that captured it
 * (see {@link callSite}), read as `file:line:column` only when something prints it. Capturing a
 * stack is cheap; formatting it (and, in Node, source-mapping it) is not, and most captured sites
 * are never printed (a listener the game removes in time is never reported).
 */
export class CallSite {
    private text: string | null = null;
    private error: { stack?: string } | null;

    constructor(error: { stack?: string }, private readonly depth: number) {
        this.error = error;
    }

    /** `file:line:column`, or `'unknown location'` when the engine gave no usable stack. */
    toString(): string {
        if (this.text === null) {
            this.text = locate(this.error?.stack, this.depth);
            this.error = null;
        }
        return this.text;
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

function locate(stack: string | undefined, depth: number): string {
    if (!stack) return UNKNOWN;
    // V8 starts with the message line ("Error"); SpiderMonkey and JavaScriptCore do not.
    const frames = stack.split('\n').filter((line) => FRAME.test(line));
    const frame = frames[depth];
    return frame ? location(frame) : UNKNOWN;
}

/** `at fn (file:1:2)` / `at file:1:2` (V8) or `fn@file:1:2` (Firefox, Safari) → `file:1:2`. */
function location(frame: string): string {
    const trimmed = frame.trim();
    const paren = /\(([^()]*:\d+(?::\d+)?)\)\s*$/.exec(trimmed);
    if (paren) return paren[1];
    const at = trimmed.lastIndexOf('@');
    if (at !== -1) return trimmed.slice(at + 1);
    return trimmed.replace(/^at\s+/, '');
}
