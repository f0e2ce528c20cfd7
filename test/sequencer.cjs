/**
 * The order jest runs test files in. With timings of an earlier run (jest's cache), jest's own order:
 * the longest first. Without them (a fresh clone, CI) jest orders by file size, which puts the
 * longest files last (the matrix and call-site files are small: they run a shared harness), so one
 * worker ends the run alone with a long file while the other idles. Then the files known to be
 * long go first, in this order; the rest by size.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** Files known to be long, the longest first (measured on 2 cores: e2e GPU life and impostor parity ~4 min, demo ~2 min, a call-site or matrix file ~1 min per stack). */
const LONG = [
    /\/test\/e2e\/gpuLife\.test\.ts$/,
    /\/test\/e2e\/impostorParity\.test\.ts$/,
    /\/test\/e2e\/demo\.test\.ts$/,
    /\/test\/e2e\/drawParity\.test\.ts$/,
    /\/test\/integration\/callSitesClock\.test\.ts$/,
    /\/test\/integration\/callSitesEvents\.test\.ts$/,
    /\/test\/integration\/differentialCache\.test\.ts$/,
    /\/test\/package\/consumer\.test\.ts$/,
    /\/test\/integration\/differential\.test\.ts$/,
    /\/test\/readme\/readme\.test\.ts$/,
    /\/test\/examples\/examples\.test\.ts$/,
    /\/test\/integration\/differentialCacheTight\.test\.ts$/,
    /\/test\/integration\/differentialSequence\.test\.ts$/,
    /\/test\/integration\/callSites\.test\.ts$/,
    /\/test\/e2e\/benchPage\.test\.ts$/,
    /\/test\/e2e\/debugView\.test\.ts$/,
    /\/test\/unit\/poseCacheError\.test\.ts$/,
    /\/test\/unit\/skeletons\.test\.ts$/,
];
const rank = (test) => {
    const i = LONG.findIndex((pattern) => pattern.test(test.path));
    return i < 0 ? LONG.length : i;
};

class LongFirst extends Sequencer {
    sort(tests) {
        const sorted = super.sort(tests);
        if (sorted.some((test) => test.duration != null)) return sorted;
        // Array.prototype.sort is stable: within a rank (the stacks of one file, the rest) jest's order stays.
        return sorted.sort((a, b) => rank(a) - rank(b));
    }
}

module.exports = LongFirst;
