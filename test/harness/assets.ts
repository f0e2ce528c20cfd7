import type * as Phaser from 'phaser';
import type { GeneratedSkeleton } from '../skeletons/generate';
import { toSpine43 } from '../skeletons/spine43';
import { stack } from './stack';

/** Keys under which a generated skeleton sits in a game's caches. */
export interface SkeletonKeys {
    dataKey: string;
    atlasKey: string;
}

/** The keys `addSkeleton` uses for `key`: the skeleton under `key`, its atlas under `key-atlas`. */
export function keysOf(key: string): SkeletonKeys {
    return { dataKey: key, atlasKey: `${key}-atlas` };
}

const converted = new WeakMap<object, Record<string, unknown>>();

/**
 * The skeleton JSON in the format of the stack's runtime: generated (4.2) JSON is converted for a
 * Spine 4.3 runtime (once per object), so tests can pass `preset(name)` or edited copies of it.
 */
export function jsonForStack(json: Record<string, unknown>): Record<string, unknown> {
    const version = String((json.skeleton as { spine?: unknown } | undefined)?.spine ?? '');
    if (stack().spineFormat !== '4.3' || !version.startsWith('4.2')) return json;
    let out = converted.get(json);
    if (!out) converted.set(json, (out = toSpine43(json)));
    return out;
}

/**
 * Puts a generated skeleton straight into a game's caches, where the runtime's loader would: the
 * JSON (in the runtime's format, see `jsonForStack`) in `cache.json`, the atlas text in
 * `cache.text` (spine-phaser 4.2 stores `{ data, premultipliedAlpha }`, spine-phaser-v4 the text)
 * and each page texture under `<atlasKey>!<page name>`. Pages are painted only when asked: a
 * HEADLESS game never draws them, so tests skip the cost.
 */
export function addSkeleton(game: Phaser.Game, key: string, skeleton: GeneratedSkeleton, paint = false): SkeletonKeys {
    const keys = keysOf(key);
    if (!game.cache.json.exists(keys.dataKey)) game.cache.json.add(keys.dataKey, jsonForStack(skeleton.json));
    if (!game.cache.text.exists(keys.atlasKey)) {
        const v4 = stack().spineFormat === '4.3';
        game.cache.text.add(keys.atlasKey, v4 ? skeleton.atlas : { data: skeleton.atlas, premultipliedAlpha: false });
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
