import { TexelRanges } from '../../plugin/draw/sampleAtlas';

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s * 1664525 + 1013904223) >>> 0;
        return s / 2 ** 32;
    };
}

/** Takes `texels` as the atlas does: a hole first, else from the top. */
function take(ranges: TexelRanges, texels: number): number {
    const start = ranges.take(texels);
    if (start >= 0) return start;
    ranges.top += texels;
    return ranges.top - texels;
}

describe('TexelRanges: the texels of the pictures in GPU memory', () => {
    test('a range taken is never given to another picture while held, and every texel given back is reused or returned to the top', () => {
        const next = random(7);
        for (let run = 0; run < 20; run++) {
            const ranges = new TexelRanges();
            const owner: number[] = []; // per texel: the range holding it, or -1
            const held: { start: number; texels: number; id: number }[] = [];
            for (let step = 0; step < 400; step++) {
                if (held.length > 0 && next() < 0.45) {
                    const [range] = held.splice(Math.floor(next() * held.length), 1);
                    for (let t = range.start; t < range.start + range.texels; t++) owner[t] = -1;
                    ranges.release(range.start, range.texels);
                } else {
                    const texels = 1 + Math.floor(next() * 50);
                    const start = take(ranges, texels);
                    for (let t = start; t < start + texels; t++) {
                        if ((owner[t] ?? -1) !== -1) throw new Error(`run ${run} step ${step}: texel ${t} given twice`);
                        owner[t] = step;
                    }
                    held.push({ start, texels, id: step });
                }
                const used = held.reduce((sum, r) => sum + r.texels, 0);
                expect({ run, step, used: ranges.used }).toEqual({ run, step, used });
                // Holes are ordered, apart, below the top, and never end at the top (given back to it).
                const holes = ranges.holes;
                for (let i = 0; i < holes.length; i += 2) {
                    expect(holes[i + 1]).toBeGreaterThan(0);
                    if (i + 2 < holes.length) expect(holes[i] + holes[i + 1]).toBeLessThan(holes[i + 2]);
                    expect(holes[i] + holes[i + 1]).toBeLessThan(ranges.top);
                }
            }
            for (const range of held) ranges.release(range.start, range.texels);
            expect({ top: ranges.top, holes: ranges.holes }).toEqual({ top: 0, holes: [] });
        }
    });
});
