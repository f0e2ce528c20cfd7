/** A uniform random number in [min, max). */
export const between = (min: number, max: number): number => min + Math.random() * (max - min);
