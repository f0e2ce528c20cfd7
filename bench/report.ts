/** Turning measurements into the printed table, bench/RESULTS.md and bench/frame-cost.svg. */
import { median, percentile } from './stats';

export interface Row {
    key: string;
    label: string;
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
    return [`| N = ${n}, ${title} | median ms (p95) | × cheaper than stock | × the exact bound | posed per frame |`, '|---|---:|---:|---:|---:|', ...lines].join('\n');
}

const COLORS: Record<string, string> = {
    stock: '#c0392b',
    seed: '#e67e22',
    plugin: '#27ae60',
    pluginLod: '#2980b9',
    pluginShared: '#8e44ad',
    bound: '#7f8c8d',
};

export function ms(value: number): string {
    return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** Markdown table: median (p95) per N, and the ratio to stock at each N. */
export function frameTable(rows: Row[], sizes: number[]): string {
    const stock = rows.find((r) => r.key === 'stock')!;
    const head = `| | ${sizes.map((n) => `N = ${n}: median ms (p95, worst)`).join(' | ')} | ${sizes.map((n) => `× cheaper than stock, N = ${n}`).join(' | ')} |`;
    const rule = `|---|${sizes.map(() => '---:').join('|')}|${sizes.map(() => '---:').join('|')}|`;
    const lines = rows.map((row) => {
        const cells = sizes.map((n) => `${ms(row.median[n])} (${ms(row.p95[n])}, ${ms(row.worst[n])})`);
        const ratios = sizes.map((n) => (row === stock ? '1' : (stock.median[n] / row.median[n]).toFixed(1)));
        return `| ${row.label} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`;
    });
    return [head, rule, ...lines].join('\n');
}

/** A line chart of median frame cost against N, log scale on both axes. */
export function frameChart(rows: Row[], sizes: number[], title: string): string {
    const width = 720;
    const height = 420;
    const left = 70;
    const right = 300;
    const top = 40;
    const bottom = 50;
    const values = rows.flatMap((r) => sizes.map((n) => r.median[n]));
    const lo = Math.log10(Math.min(...values) / 1.5);
    const hi = Math.log10(Math.max(...values) * 1.5);
    const nx = (n: number) => left + ((Math.log10(n) - Math.log10(sizes[0])) / (Math.log10(sizes[sizes.length - 1]) - Math.log10(sizes[0]))) * (width - left - right);
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
    rows.forEach((row, i) => {
        const color = COLORS[row.key] ?? '#000';
        const points = sizes.map((n) => `${nx(n).toFixed(1)},${ny(row.median[n]).toFixed(1)}`).join(' ');
        parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2.5" points="${points}"/>`);
        for (const n of sizes) parts.push(`<circle cx="${nx(n).toFixed(1)}" cy="${ny(row.median[n]).toFixed(1)}" r="3.5" fill="${color}"/>`);
        const ly = top + 10 + i * 22;
        parts.push(`<line x1="${width - right + 20}" x2="${width - right + 44}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="3"/>`);
        parts.push(`<text x="${width - right + 50}" y="${ly + 4}">${escape(row.label)}</text>`);
    });
    parts.push('</svg>');
    return parts.join('\n');
}

function escape(text: string): string {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
}
