import { readFileSync } from 'node:fs';
import type * as SpineCore from '@esotericsoftware/spine-core';
import type { SpineFormat } from '../../fixtures/skeletons/generate';
import { spineCoreFile } from '../../fixtures/headless/stack';

/**
 * spine-core of a Spine version (4.2: the root's; 4.3: spine-phaser-v4's), for checks that need no
 * Phaser. spine-core is ESM-only, which CommonJS jest cannot import; its self-contained IIFE build
 * declares a `spine` global namespace, so evaluating it in a function scope hands us the same classes.
 */
export function loadSpineCore(format: SpineFormat): typeof SpineCore {
    const source = readFileSync(spineCoreFile(format), 'utf8');
    return new Function(`${source}\nreturn spine;`)() as typeof SpineCore;
}
