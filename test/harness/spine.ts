import { readFileSync } from 'fs';
import * as Phaser from 'phaser';
import type * as SpinePhaser from '@esotericsoftware/spine-phaser';

export type SpineModule = typeof SpinePhaser;

let loaded: SpineModule | null = null;

/**
 * The real spine-phaser runtime, from the IIFE build it ships for script tags (which bundles
 * spine-core and reads the global `Phaser`): the same code users get, without an ESM transform.
 * It is given the very Phaser instance the tests and the plugin use.
 */
export function spinePhaser(): SpineModule {
    if (loaded && (window as any).spine) return loaded;
    (window as any).Phaser = Phaser;
    const file = require.resolve('@esotericsoftware/spine-phaser/dist/iife/spine-phaser.js');
    const source = readFileSync(file, 'utf8');
    // The bundle asks `require('Phaser')` for its Phaser: hand it ours.
    const requirePhaser = (name: string) => {
        if (name === 'Phaser') return Phaser;
        throw new Error(`spine-phaser's bundle asked for '${name}'`);
    };
    loaded = new Function('require', `${source}\n//# sourceURL=${file}\nreturn spine;`)(requirePhaser) as SpineModule;
    return loaded;
}
