/** Node-only helpers around the generator: rasterise atlas pages with @napi-rs/canvas and write asset files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { GeneratedSkeleton } from './generate';

/** Every atlas page as PNG bytes, by page file name. */
export function renderPagesToPng(gen: GeneratedSkeleton): Map<string, Buffer> {
    const pngs = new Map<string, Buffer>();
    for (const page of gen.pages) {
        const canvas = createCanvas(page.width, page.height);
        // napi's context implements the Canvas 2D API the painters use; its type is not the DOM one.
        page.paint(canvas.getContext('2d') as unknown as CanvasRenderingContext2D);
        pngs.set(page.name, canvas.toBuffer('image/png'));
    }
    return pngs;
}

/** Writes `<name>.json`, `<name>.atlas` and the page PNGs the atlas names into `dir`; returns the paths. */
export function writeSkeletonFiles(dir: string, gen: GeneratedSkeleton): { json: string; atlas: string; pngs: string[] } {
    mkdirSync(dir, { recursive: true });
    const json = join(dir, `${gen.name}.json`);
    const atlas = join(dir, `${gen.name}.atlas`);
    writeFileSync(json, JSON.stringify(gen.json));
    writeFileSync(atlas, gen.atlas);
    const pngs: string[] = [];
    for (const [name, bytes] of renderPagesToPng(gen)) {
        const file = join(dir, name);
        writeFileSync(file, bytes);
        pngs.push(file);
    }
    return { json, atlas, pngs };
}
