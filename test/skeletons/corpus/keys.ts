/**
 * Animation keys in Spine 4.2 JSON, written the way the editor exports them: `time` left out at 0,
 * values left out where they equal the timeline's default, and curves in Spine's form (per value, a
 * bezier's two control points in absolute time and value; or `stepped`; linear by omission).
 */
import { round, type Json } from './builder';

/** How a key eases into the next one. */
export type Ease = 'linear' | 'stepped' | 'in' | 'out' | 'inOut';

/** Normalised bezier control points (x1, y1, x2, y2) of each easing. */
const CONTROLS: Record<'in' | 'out' | 'inOut', [number, number, number, number]> = {
    in: [0.55, 0, 0.85, 0.35],
    out: [0.15, 0.65, 0.45, 1],
    inOut: [0.42, 0, 0.58, 1],
};

function curve(ease: Ease | undefined, t0: number, t1: number, v0: number[], v1: number[]): unknown {
    if (!ease || ease === 'linear') return undefined;
    if (ease === 'stepped') return 'stepped';
    const [x1, y1, x2, y2] = CONTROLS[ease];
    return v0.flatMap((v, i) => [round(t0 + (t1 - t0) * x1, 4), round(v + (v1[i]! - v) * y1, 4), round(t0 + (t1 - t0) * x2, 4), round(v + (v1[i]! - v) * y2, 4)]);
}

/** A key: its time, the values the curve interpolates, the other fields it writes, its easing. */
interface Key {
    t: number;
    values: number[];
    fields: Json;
    ease?: Ease;
}

/** `unit`: the curve runs 0 → 1 between every two keys (deform), instead of between their values. */
function keys(list: Key[], unit = false): Json[] {
    return list.map((k, i) => {
        const next = list[i + 1];
        const c = next ? curve(k.ease, k.t, next.t, unit ? [0] : k.values, unit ? [1] : next.values) : undefined;
        return { ...(k.t !== 0 ? { time: round(k.t, 4) } : {}), ...k.fields, ...(c !== undefined ? { curve: c } : {}) };
    });
}

const omit = (value: number, fallback: number): number | undefined => (value === fallback ? undefined : round(value, 4));
const defined = (fields: Json): Json => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

/**
 * One value per key (`value`, default `fallback`): rotate, alpha, path position/spacing, physics
 * properties. The parsers' default is 0 for all of these (alpha too), 1 only for scale.
 */
export type K1 = [t: number, value: number, ease?: Ease];
export const value1 = (list: K1[], fallback = 0): Json[] =>
    keys(list.map(([t, v, ease]) => ({ t, values: [v], fields: defined({ value: omit(v, fallback) }), ease })));

/** Two values per key (`x`, `y`, default `fallback`): translate, scale, shear. */
export type K2 = [t: number, x: number, y: number, ease?: Ease];
export const value2 = (list: K2[], fallback = 0): Json[] =>
    keys(list.map(([t, x, y, ease]) => ({ t, values: [x, y], fields: defined({ x: omit(x, fallback), y: omit(y, fallback) }), ease })));

const channels = (hex: string): number[] => (hex.match(/../g) ?? []).map((c) => parseInt(c, 16) / 255);

/** Slot colour keys (`rrggbbaa`). */
export const rgba = (list: [t: number, color: string, ease?: Ease][]): Json[] =>
    keys(list.map(([t, color, ease]) => ({ t, values: channels(color), fields: { color }, ease })));

/** Two-colour slot keys: light `rrggbbaa`, dark `rrggbb`. */
export const rgba2 = (list: [t: number, light: string, dark: string, ease?: Ease][]): Json[] =>
    keys(list.map(([t, light, dark, ease]) => ({ t, values: [...channels(light), ...channels(dark)], fields: { light, dark }, ease })));

/** IK keys; `bendPositive` must repeat the constraint's own unless the key flips it. */
export const ik = (list: [t: number, mix: number, bendPositive: boolean, ease?: Ease][]): Json[] =>
    keys(list.map(([t, mix, bend, ease]) => ({ t, values: [mix, 0], fields: defined({ mix: omit(mix, 1), bendPositive: bend ? undefined : false }), ease })));

/** Transform constraint keys: every mix written (4.2 reads a missing one as 1). */
export const transformMix = (list: [t: number, mixRotate: number, ease?: Ease][]): Json[] =>
    keys(list.map(([t, mixRotate, ease]) => ({ t, values: [mixRotate, 0, 0, 0, 0, 0], fields: { mixRotate, mixX: 0, mixScaleX: 0, mixShearY: 0 }, ease })));

/** Path constraint mix keys (`mixY` follows `mixX`). */
export const pathMix = (list: [t: number, mixRotate: number, mixX: number, ease?: Ease][]): Json[] =>
    keys(list.map(([t, mixRotate, mixX, ease]) => ({ t, values: [mixRotate, mixX, mixX], fields: defined({ mixRotate: omit(mixRotate, 1), mixX: omit(mixX, 1) }), ease })));

/** Attachment keys (`null` hides the slot's attachment). */
export const attachment = (list: [t: number, name: string | null][]): Json[] =>
    list.map(([t, name]) => ({ ...(t !== 0 ? { time: round(t, 4) } : {}), name }));

/** How a sequence key plays its attachment's frames from its time on (Spine's SequenceMode). */
export type SequenceMode = 'hold' | 'once' | 'loop' | 'pingpong' | 'onceReverse' | 'loopReverse' | 'pingpongReverse';

/**
 * Sequence keys (under `attachments` → skin → slot → attachment → `sequence`): from `t`, frame
 * `index` held, or played by `mode` at `delay` seconds per frame. Spine reads a missing mode as
 * hold, index as 0 and delay as the previous key's, so those are left out.
 */
export const sequence = (list: [t: number, mode: SequenceMode, index: number, delay?: number][]): Json[] =>
    list.map(([t, mode, index, delay], i) =>
        defined({
            time: t !== 0 ? round(t, 4) : undefined,
            mode: mode !== 'hold' ? mode : undefined,
            index: index || undefined,
            delay: delay !== undefined && delay !== (list[i - 1]?.[3] ?? 0) ? round(delay, 4) : undefined,
        }),
    );

/** Deform keys of `full` scaled by an amount per key, trimmed to the non-zero span as the editor writes them. */
export function deform(full: number[], list: [t: number, amount: number, ease?: Ease][]): Json[] {
    return keys(
        list.map(([t, amount, ease]) => {
            const vertices = full.map((v) => round(v * amount, 2));
            const first = vertices.findIndex((v) => v !== 0);
            if (first < 0) return { t, values: [], fields: {}, ease };
            let last = vertices.length - 1;
            while (vertices[last] === 0) last--;
            return { t, values: [], fields: defined({ offset: first || undefined, vertices: vertices.slice(first, last + 1) }), ease };
        }),
        true,
    );
}

/** An event key: name, time and the payload fields that differ from the event's defaults. */
export interface EventKey {
    name: string;
    time: number;
    int?: number;
    float?: number;
    string?: string;
}
export const events = (list: EventKey[]): Json[] =>
    list.map(({ name, time, ...payload }) => ({ ...(time !== 0 ? { time } : {}), name, ...payload }));

/**
 * Merges animation maps: nested objects merge, a timeline (array) defined twice is a mistake.
 * Used to add a rig's own timelines to the shared animations.
 */
export function merge(a: Json, b: Json, path = ''): Json {
    const out: Json = { ...a };
    for (const [key, value] of Object.entries(b)) {
        const existing = out[key];
        if (existing === undefined) out[key] = value;
        else if (Array.isArray(existing) || Array.isArray(value)) throw new Error(`merge: ${path}${key} is defined twice`);
        else out[key] = merge(existing as Json, value as Json, `${path}${key}.`);
    }
    return out;
}
