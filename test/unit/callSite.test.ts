import { callSite } from '../../src/callSite';

function wrapper(): string {
    return String(callSite(2)); // callSite's frame 0 is itself, 1 is wrapper, 2 is wrapper's caller
}

describe('callSite', () => {
    test('names the file and line of the frame the given depth above it', () => {
        const expectedLine = new Error().stack!.split('\n')[1].match(/:(\d+):\d+\)?$/)![1];
        const site = wrapper(); // must stay on the line right after `expectedLine`
        expect(site).toMatch(/callSite\.test\.ts:\d+:\d+$/);
        expect(Number(site.split(':').slice(-2)[0])).toBe(Number(expectedLine) + 1);
    });

    test('reads Firefox/Safari style frames and falls back when there is no stack', () => {
        const saved = Error;
        const frames = ['callSite@http://localhost/game.js:10:5', 'wrapper@http://localhost/game.js:20:3', 'spawnWave@http://localhost/game.js:30:9'];
        class FakeError {
            stack = frames.join('\n');
        }
        (globalThis as { Error: unknown }).Error = FakeError;
        try {
            expect(String(callSite(2))).toBe('http://localhost/game.js:30:9');
            frames.length = 0;
            expect(String(callSite(2))).toBe('unknown location');
        } finally {
            (globalThis as { Error: unknown }).Error = saved;
        }
    });

    test('a captured site is formatted once, when first read, from the stack of the moment it was captured', () => {
        let formatted = 0;
        const saved = Error.prepareStackTrace;
        Error.prepareStackTrace = (error, frames) => {
            formatted++;
            return saved ? saved(error, frames) : `${error}\n${frames.map((f) => `    at ${f}`).join('\n')}`;
        };
        try {
            const site = callSite(1); // this line
            const line = Number(new Error().stack!.split('\n')[1].match(/:(\d+):\d+\)?$/)![1]) - 1;
            formatted = 0;
            expect(String(site)).toMatch(new RegExp(`callSite\\.test\\.ts:${line}:\\d+$`));
            expect(String(site)).toBe(String(site));
            expect(formatted).toBe(1);
        } finally {
            Error.prepareStackTrace = saved;
        }
    });
});
