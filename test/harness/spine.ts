import { readFileSync } from 'fs';
import * as Phaser from 'phaser';
import type * as SpinePhaser from '@esotericsoftware/spine-phaser';
import { stack } from './stack';

/**
 * The runtime's exports. Typed as spine-phaser 4.2's; on the Phaser 4 stack it is spine-phaser-v4
 * (Spine 4.3), whose spine-core API differs in places: go through `./spineApi` for those.
 */
export type SpineModule = typeof SpinePhaser;

let loaded: SpineModule | null = null;

/**
 * The real spine-phaser runtime of the stack (spine-phaser, or spine-phaser-v4 on Phaser 4), from
 * the IIFE build it ships for script tags (which bundles spine-core and reads the global `Phaser`):
 * the same code users get, without an ESM transform. It is given the very Phaser instance the
 * tests and the plugin use.
 */
export function spinePhaser(): SpineModule {
    if (loaded && (window as any).spine) return loaded;
    return (loaded = spineRuntimeFrom(stack().spineFile));
}

/**
 * A spine-phaser runtime's IIFE build (`file`), given this Phaser: the stack's own (see
 * `spinePhaser`), or another one, e.g. to assemble a mismatched pair.
 */
export function spineRuntimeFrom(file: string): SpineModule {
    (window as any).Phaser = Phaser;
    const source = readFileSync(file, 'utf8');
    // The bundle asks `require('Phaser')` for its Phaser: hand it ours (spine-phaser-v4 declares
    // its own `require` reading window.Phaser, which is ours too).
    const requirePhaser = (name: string) => {
        if (name === 'Phaser') return Phaser;
        throw new Error(`the spine-phaser bundle asked for '${name}'`);
    };
    return new Function('require', `${source}\n//# sourceURL=${file}\nreturn spine;`)(requirePhaser) as SpineModule;
}
