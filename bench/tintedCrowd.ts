/**
 * The tinted crowd of the benchmarks (the Node bench's `pluginTinted`, the browser page's
 * `sharedTinted`): a third of the characters wear a team colour (the skeleton's colour, set once),
 * a tenth flash red for 6 frames in every 60 (a hit flash, their colour set every frame as a tween
 * would), the rest plain. The same crowd otherwise, so its frame is compared with the plain crowd's.
 */

/** A skeleton colour as `skeleton.color.set` takes it. */
type Rgba = [number, number, number, number];

const TEAMS: readonly Rgba[] = [
    [1, 0.55, 0.55, 1],
    [0.55, 0.7, 1, 1],
    [0.6, 1, 0.6, 0.85],
];
const WHITE: Rgba = [1, 1, 1, 1];
const FLASH: Rgba = [1, 0.25, 0.25, 1];

/** The team colour of character `i` (a third of them), or null. */
export function teamColor(i: number): Rgba | null {
    return i % 3 === 0 ? TEAMS[(i / 3) % TEAMS.length] : null;
}

/** Whether character `i` flashes (a tenth of them, none of a team). */
export function flashes(i: number): boolean {
    return i % 10 === 5;
}

/** The colour of flashing character `i` in `frame`: red 6 frames in every 60, each its own phase. */
export function flashColor(i: number, frame: number): Rgba {
    return (frame + i * 7) % 60 < 6 ? FLASH : WHITE;
}

/** A skeleton whose colour a game sets. */
interface Colored {
    skeleton: { color: { set(r: number, g: number, b: number, a: number): unknown } };
}

/** Dresses `gos` (character `i` at index i) in their team colours; returns the flashing ones with their indices. */
export function tintCrowd<T extends Colored>(gos: T[]): { go: T; i: number }[] {
    const flashing: { go: T; i: number }[] = [];
    gos.forEach((go, i) => {
        const team = teamColor(i);
        if (team !== null) go.skeleton.color.set(...team);
        if (flashes(i)) flashing.push({ go, i });
    });
    return flashing;
}

/** Sets the flashing characters' colours for `frame`. */
export function flash<T extends Colored>(flashing: { go: T; i: number }[], frame: number): void {
    for (let k = 0; k < flashing.length; k++) flashing[k].go.skeleton.color.set(...flashColor(flashing[k].i, frame));
}
