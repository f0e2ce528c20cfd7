/** Deterministic randomness: the same seed must always produce byte-identical skeletons. */

export interface Rng {
    /** Uniform in [0, 1). */
    next(): number;
    /** Uniform in [min, max). */
    range(min: number, max: number): number;
}

/** mulberry32: tiny, fast and good enough for visual variation (not for cryptography). */
export function createRng(seed: number): Rng {
    let state = seed >>> 0;
    const next = (): number => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    return { next, range: (min, max) => min + (max - min) * next() };
}

/** FNV-1a, used to derive seeds from names and the skeleton `hash` field from its content. */
export function hashString(text: string): number {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
}
