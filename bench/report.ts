/** Turning measurements into the printed table, bench/RESULTS.md and bench/frame-cost.svg. */
import type { RigMemory } from './memory';
import { median, percentile } from './stats';

export interface Row {
    key: string;
    /** Markdown label of the tables. */
    label: string;
    /** A few words, for the chart's legend. */
    short: string;
    /** Median frame cost (ms) per crowd size. */
    median: Record<number, number>;
    p95: Record<number, number>;
    worst: Record<number, number>;
    /** Characters posed per frame, on average. */
    posed: Record<number, number>;
}

/** Puts a contender's frame run with `n` characters into its row. */
export function fill(row: Row, n: number, run: { samples: number[]; posed: number }): void {
    row.median[n] = median(run.samples);
    row.p95[n] = percentile(run.samples, 95);
    row.worst[n] = Math.max(...run.samples);
    row.posed[n] = run.posed;
}

/** One crowd seen one way, N fixed: median, ratios to stock and to the exact bound, characters posed. */
export function shotTable(title: string, rows: Row[], n: number): string {
    const stock = rows.find((r) => r.key === 'stock')!;
    const bound = rows.find((r) => r.key === 'bound')!;
    const lines = rows.map((row) => {
        const posed = Number.isNaN(row.posed[n]) ? '' : row.posed[n].toFixed(0);
        const toStock = row === stock ? '1' : (stock.median[n] / row.median[n]).toFixed(1);
        const toBound = (row.median[n] / bound.median[n]).toFixed(2);
        return `| ${row.label} | ${ms(row.median[n])} (${ms(row.p95[n])}) | ${toStock} | ${toBound} | ${posed} |`;
    });
    return [
        `| N = ${n}, ${title} | median ms (p95) | × cheaper than stock | × the exact bound | posed per frame |`,
        '|---|---:|---:|---:|---:|',
        ...lines,
    ].join('\n');
}

const COLORS: Record<string, string> = {
    stock: '#c0392b',
    seed: '#e67e22',
    pluginOff: '#27ae60',
    pluginLod: '#2980b9',
    pluginShared: '#8e44ad',
    bound: '#34495e',
};

export function ms(value: number): string {
    return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** A ratio as the tables print it: 2 digits under 10, 1 above. */
export function ratio(value: number): string {
    return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/**
 * Markdown table: median (p95, worst) per N, then the ratios to stock (how many times cheaper) and
 * to the exact bound (how many times its cost) at each N, one cell each, N in the header's order.
 */
export function frameTable(rows: Row[], sizes: number[]): string {
    const stock = rows.find((r) => r.key === 'stock')!;
    const bound = rows.find((r) => r.key === 'bound')!;
    const each = sizes.join(' / ');
    const head = `| | ${sizes.map((n) => `N = ${n}: median ms (p95, worst)`).join(' | ')} | × cheaper than stock (N = ${each}) | × the exact bound (N = ${each}) |`;
    const rule = `|---|${sizes.map(() => '---:').join('|')}|---:|---:|`;
    const lines = rows.map((row) => {
        const cells = sizes.map((n) => `${ms(row.median[n])} (${ms(row.p95[n])}, ${ms(row.worst[n])})`);
        const toStock = sizes.map((n) => (row === stock ? '1' : (stock.median[n] / row.median[n]).toFixed(1))).join(' / ');
        const toBound = sizes.map((n) => (row === bound ? '1' : ratio(row.median[n] / bound.median[n]))).join(' / ');
        return `| ${row.label} | ${cells.join(' | ')} | ${toStock} | ${toBound} |`;
    });
    return [head, rule, ...lines].join('\n');
}

/**
 * The shared cache's memory per rig, every animation played through, beside the uniform 60 Hz
 * cache of the previous version (computed: see memory.ts).
 */
export function memoryTable(rigs: RigMemory[], measuredLabel: string): string {
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    const lines = rigs.map((m) => {
        const toUniform = m.measured.bytes > 0 ? `${ratio(m.uniform.bytes / m.measured.bytes)}×` : '–';
        return (
            `| \`${m.rig}\` (${m.bones} bones, ${m.slots} slots) | ${m.animations} | ${m.seconds.toFixed(1)} | ` +
            `${m.measured.samples} | ${kib(m.measured.bytes)} | ${m.uniform.samples} | ${kib(m.uniform.bytes)} | ${toUniform} |`
        );
    });
    return [
        `| pose cache memory per rig, every animation played through | animations | seconds of animation | ${measuredLabel}: samples | KB | uniform 60 Hz (previous version): samples | KB | uniform ÷ measured (bytes) |`,
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        ...lines,
    ].join('\n');
}

/** A target of the issue, what this run measured for it, and whether it is met (null: not measured in this run). */
export interface Target {
    target: string;
    value: string;
    met: boolean | null;
}

export function targetsTable(targets: Target[]): string {
    const lines = targets.map((t) => `| ${t.target} | ${t.value} | ${t.met === null ? 'not measured' : t.met ? '✓' : '✗'} |`);
    return ['| target | measured in this run | met |', '|---|---|:---:|', ...lines].join('\n');
}

/**
 * A line chart of median frame cost against N, log scale on both axes. The rows of `focus` (the
 * plugin's default mode, the other pose cache mode, the exact bound) are drawn thick, solid and on
 * top; the others thin and dashed, for reference.
 */
export function frameChart(rows: Row[], sizes: number[], title: string, focus: string[]): string {
    const width = 760;
    const height = 420;
    const left = 70;
    const right = 300;
    const top = 40;
    const bottom = 50;
    const values = rows.flatMap((r) => sizes.map((n) => r.median[n]));
    const lo = Math.log10(Math.min(...values) / 1.5);
    const hi = Math.log10(Math.max(...values) * 1.5);
    const nx = (n: number) =>
        left + ((Math.log10(n) - Math.log10(sizes[0])) / (Math.log10(sizes[sizes.length - 1]) - Math.log10(sizes[0]))) * (width - left - right);
    const ny = (v: number) => top + (1 - (Math.log10(v) - lo) / (hi - lo)) * (height - top - bottom);
    const parts: string[] = [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
        `<rect width="${width}" height="${height}" fill="#fff"/>`,
        `<text x="${left}" y="22" font-size="14" font-weight="bold">${escape(title)}</text>`,
    ];
    for (let e = Math.ceil(lo); e <= Math.floor(hi); e++) {
        for (const m of [1, 2, 5]) {
            const v = m * 10 ** e;
            if (Math.log10(v) < lo || Math.log10(v) > hi) continue;
            const y = ny(v);
            parts.push(`<line x1="${left}" x2="${width - right}" y1="${y}" y2="${y}" stroke="#eee"/>`);
            parts.push(`<text x="${left - 6}" y="${y + 4}" text-anchor="end" fill="#555">${v >= 1 ? v : v.toFixed(-e)}</text>`);
        }
    }
    for (const n of sizes) {
        parts.push(`<line x1="${nx(n)}" x2="${nx(n)}" y1="${top}" y2="${height - bottom}" stroke="#eee"/>`);
        parts.push(`<text x="${nx(n)}" y="${height - bottom + 18}" text-anchor="middle" fill="#555">${n}</text>`);
    }
    parts.push(`<text x="${(left + width - right) / 2}" y="${height - 12}" text-anchor="middle">characters (N)</text>`);
    parts.push(`<text transform="translate(16 ${(top + height - bottom) / 2}) rotate(-90)" text-anchor="middle">median frame cost, ms</text>`);
    const style = (row: Row) => (focus.includes(row.key) ? 'stroke-width="3"' : 'stroke-width="1.5" stroke-dasharray="5 4"');
    // Reference lines first, the focus on top of them.
    for (const row of [...rows.filter((r) => !focus.includes(r.key)), ...rows.filter((r) => focus.includes(r.key))]) {
        const color = COLORS[row.key] ?? '#000';
        const points = sizes.map((n) => `${nx(n).toFixed(1)},${ny(row.median[n]).toFixed(1)}`).join(' ');
        parts.push(`<polyline fill="none" stroke="${color}" ${style(row)} points="${points}"/>`);
        const r = focus.includes(row.key) ? 4 : 2.5;
        for (const n of sizes) parts.push(`<circle cx="${nx(n).toFixed(1)}" cy="${ny(row.median[n]).toFixed(1)}" r="${r}" fill="${color}"/>`);
    }
    rows.forEach((row, i) => {
        const color = COLORS[row.key] ?? '#000';
        const ly = top + 10 + i * 22;
        parts.push(`<line x1="${width - right + 20}" x2="${width - right + 44}" y1="${ly}" y2="${ly}" stroke="${color}" ${style(row)}/>`);
        const weight = focus.includes(row.key) ? ' font-weight="bold"' : '';
        parts.push(`<text x="${width - right + 50}" y="${ly + 4}"${weight}>${escape(row.short)}</text>`);
    });
    parts.push('</svg>');
    return parts.join('\n');
}

function escape(text: string): string {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
}
