/**
 * Where the benchmark crowd stands and what it plays: deterministic, so every contender (in Node
 * and in the browser) gets the same crowd. Pure TypeScript: bundled into the browser benchmark too.
 */

const ANIMATIONS = ['walk', 'run', 'idle'];

/** Deterministic pseudo-random numbers in [0, 1). */
export function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let r = Math.imul(s ^ (s >>> 15), 1 | s);
        r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
        return ((r ^ (r >>> 14)) >>> 0) / 2 ** 32;
    };
}

/** One member of the crowd: where it stands and what it plays from when. */
export interface Placement {
    x: number;
    y: number;
    animation: string;
    /** Seconds into the animation at the start. */
    offset: number;
}

/** `count` placements spread over a world of `width` × `height`. */
export function placements(count: number, seed = 7, width = 3200, height = 2400): Placement[] {
    const next = random(seed);
    return Array.from({ length: count }, () => ({
        x: next() * width,
        y: next() * height,
        animation: ANIMATIONS[Math.floor(next() * ANIMATIONS.length)],
        offset: next() * 2,
    }));
}
