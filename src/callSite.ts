/**
 * Where the caller's caller was, as `file:line:column`, from a stack captured now: the frame
 * `depth` levels above `callSite` itself (1 = whoever called `callSite`). Frames are skipped by
 * depth, never by file name, because in a game bundle the plugin and the game share one file.
 * Returns `'unknown location'` when the engine gives no usable stack.
 */
export function callSite(depth: number): string {
    const stack = new Error().stack;
    if (!stack) return UNKNOWN;
    // V8 starts with the message line ("Error"); SpiderMonkey and JavaScriptCore do not.
    const frames = stack.split('\n').filter((line) => FRAME.test(line));
    const frame = frames[depth];
    return frame ? location(frame) : UNKNOWN;
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
