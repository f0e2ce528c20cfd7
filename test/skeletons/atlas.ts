/**
 * Texture atlas: a shelf packer into power-of-two pages (at most 1024×1024, 2 px between regions)
 * and the libgdx/Spine 4 atlas text that describes them.
 */
import type { Ctx } from './draw';

export interface RegionRequest {
    name: string;
    w: number;
    h: number;
    paint(ctx: Ctx): void;
}

export interface PackedRegion extends RegionRequest {
    x: number;
    y: number;
}

export interface PackedPage {
    name: string;
    width: number;
    height: number;
    regions: PackedRegion[];
}

export const MAX_PAGE = 1024;
export const PADDING = 2;

const pow2 = (v: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, v)));

/** Shelves left to right, top to bottom, in the given order; stops at the first region that does not fit. */
function shelve(regions: RegionRequest[], width: number, maxHeight: number): { placed: PackedRegion[]; height: number } {
    const placed: PackedRegion[] = [];
    let x = PADDING;
    let y = PADDING;
    let shelf = 0;
    for (const r of regions) {
        if (r.w + 2 * PADDING > width) break;
        if (x + r.w + PADDING > width) {
            x = PADDING;
            y += shelf + PADDING;
            shelf = 0;
        }
        if (y + r.h + PADDING > maxHeight) break;
        placed.push({ ...r, x, y });
        x += r.w + PADDING;
        shelf = Math.max(shelf, r.h);
    }
    return { placed, height: y + shelf + PADDING };
}

/**
 * Packs tallest-first (stable by name, so output is deterministic), choosing for each page the
 * smallest power-of-two size that holds the remaining regions, or a full page when none does.
 */
export function packRegions(baseName: string, requests: RegionRequest[]): PackedPage[] {
    for (const r of requests) {
        if (r.w + 2 * PADDING > MAX_PAGE || r.h + 2 * PADDING > MAX_PAGE) throw new Error(`region ${r.name} is larger than a page`);
    }
    let remaining = [...requests].sort((a, b) => b.h - a.h || b.w - a.w || (a.name < b.name ? -1 : 1));
    const pages: PackedPage[] = [];
    while (remaining.length) {
        let best: { width: number; height: number; placed: PackedRegion[] } | undefined;
        for (let width = 64; width <= MAX_PAGE; width *= 2) {
            const { placed, height } = shelve(remaining, width, MAX_PAGE);
            if (placed.length < remaining.length) continue;
            const size = { width, height: pow2(height), placed };
            const area = (s: typeof size): number => s.width * s.height;
            const squareness = (s: typeof size): number => Math.max(s.width, s.height);
            if (!best || area(size) < area(best) || (area(size) === area(best) && squareness(size) < squareness(best))) best = size;
        }
        if (!best) best = { width: MAX_PAGE, height: MAX_PAGE, placed: shelve(remaining, MAX_PAGE, MAX_PAGE).placed };
        const name = pages.length === 0 ? `${baseName}.png` : `${baseName}_${pages.length + 1}.png`;
        pages.push({ name, width: best.width, height: best.height, regions: best.placed });
        const done = new Set(best.placed.map((r) => r.name));
        remaining = remaining.filter((r) => !done.has(r.name));
    }
    return pages;
}

/** Spine 4 atlas text: page header lines, then one `bounds` entry per region; blank line between pages. */
export function atlasText(pages: PackedPage[]): string {
    return pages
        .map((page) =>
            [
                page.name,
                `size:${page.width},${page.height}`,
                'filter:Linear,Linear',
                'pma:false',
                ...page.regions.flatMap((r) => [r.name, `bounds:${r.x},${r.y},${r.w},${r.h}`]),
            ].join('\n'),
        )
        .join('\n\n')
        .concat('\n');
}

/** Paints every region of a page, each clipped to its own rectangle so nothing bleeds into a neighbour. */
export function paintPage(page: PackedPage, ctx: Ctx): void {
    for (const r of page.regions) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(r.x, r.y, r.w, r.h);
        ctx.clip();
        ctx.translate(r.x, r.y);
        r.paint(ctx);
        ctx.restore();
    }
}
