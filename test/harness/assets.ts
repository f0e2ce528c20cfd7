import type * as Phaser from 'phaser';
import type { GeneratedSkeleton } from '../skeletons/generate';

/** Keys under which a generated skeleton sits in a game's caches. */
export interface SkeletonKeys {
    dataKey: string;
    atlasKey: string;
}

/** The keys `addSkeleton` uses for `key`: the skeleton under `key`, its atlas under `key-atlas`. */
export function keysOf(key: string): SkeletonKeys {
    return { dataKey: key, atlasKey: `${key}-atlas` };
}

/**
 * Puts a generated skeleton straight into a game's caches, where spine-phaser's loader would:
 * the JSON in `cache.json`, the atlas text in `cache.text` (as `{ data, premultipliedAlpha }`)
 * and each page texture under `<atlasKey>!<page name>`. Pages are painted only when asked: a
 * HEADLESS game never draws them, so tests skip the cost.
 */
export function addSkeleton(game: Phaser.Game, key: string, skeleton: GeneratedSkeleton, paint = false): SkeletonKeys {
    const keys = keysOf(key);
    if (!game.cache.json.exists(keys.dataKey)) game.cache.json.add(keys.dataKey, skeleton.json);
    if (!game.cache.text.exists(keys.atlasKey)) {
        game.cache.text.add(keys.atlasKey, { data: skeleton.atlas, premultipliedAlpha: false });
    }
    for (const page of skeleton.pages) {
        const textureKey = `${keys.atlasKey}!${page.name}`;
        if (game.textures.exists(textureKey)) continue;
        const canvas = document.createElement('canvas');
        canvas.width = page.width;
        canvas.height = page.height;
        if (paint) page.paint(canvas.getContext('2d') as CanvasRenderingContext2D);
        game.textures.addCanvas(textureKey, canvas);
    }
    return keys;
}
