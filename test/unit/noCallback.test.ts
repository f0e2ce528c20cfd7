/**
 * `isNoCallback` (spine/core/shapes.ts): which `before/afterUpdateWorldTransforms` count as none, so
 * the pose cache may serve the instance. An empty function is how a game clears a callback it set;
 * anything that could run code is a callback. Sources are given as text too (`fromSource`), as a
 * game's bundler or minifier may print them.
 */
import { isNoCallback, NO_CALLBACK } from '../../spine/core/shapes';

/** A function whose source is exactly `source` (an expression). */
const fromSource = (source: string): unknown => new Function(`return (${source});`)();

describe('isNoCallback', () => {
    test("the pool's own NO_CALLBACK is none", () => {
        expect(isNoCallback(NO_CALLBACK)).toBe(true);
    });

    test.each([
        '() => {}',
        '()=>{}',
        '(go) => { }',
        'go=>{}',
        '(a, b,) => {}',
        'function () {}',
        'function(){}',
        'function clear(go) {}',
        '() => { /* cleared */ }',
        '() => {\n  // cleared\n}',
    ])('an empty function is none: %j', (source) => {
        expect(isNoCallback(fromSource(source))).toBe(true);
    });

    test('an empty method and a Function made from an empty body are none', () => {
        expect(isNoCallback({ noop() {} }.noop)).toBe(true);
        expect(isNoCallback(new Function('go', ''))).toBe(true);
    });

    test.each([
        '() => undefined',
        '(go) => go.skeleton.bones[0].worldX++',
        '() => { go.x = 1; }',
        '(a = sideEffect()) => {}',
        '(a = 1) => {}',
        '({ skeleton }) => {}',
        '(...rest) => {}',
        'async () => {}',
        'function* () {}',
        'class {}',
    ])('anything that could run code is a callback: %j', (source) => {
        expect(isNoCallback(fromSource(source))).toBe(false);
    });

    test('native, bound and non-function values are callbacks (not none)', () => {
        expect(isNoCallback(Math.max)).toBe(false);
        expect(isNoCallback(function () {}.bind(null))).toBe(false);
        expect(isNoCallback(null)).toBe(false);
        expect(isNoCallback(undefined)).toBe(false);
    });

    test('an empty function with a source over 256 characters is not read (a callback)', () => {
        expect(isNoCallback(fromSource(`() => { /* ${'x'.repeat(300)} */ }`))).toBe(false);
    });
});
