/**
 * The plugin's boot check that the Spine runtime is built for this Phaser (plugin/runtimeCheck.ts):
 * the stack's own pair is recognised and stays silent. (A mismatched pair: runtimeMismatch.test.ts,
 * in a file of its own because Phaser keeps a scene plugin's class per key for the whole module.)
 * And the data check at the first spawn of a key: skeleton data exported from another Spine version
 * than the runtime reads is refused, naming both and what to use.
 */
import * as Phaser from 'phaser';
import { dataVersionOf, findSpinePlugin, runtimeMismatch, spineRuntimeOf } from '../../plugin/runtimeCheck';
import { preset } from '../../fixtures/skeletons/presets';
import { toSpine43 } from '../../fixtures/skeletons/spine43';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { stack } from '../../fixtures/headless/stack';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

/** The stack's own runtime package. */
const own = stack().spinePackage.replace('@esotericsoftware/', '');

describe(`the Spine runtime fits Phaser ${Phaser.VERSION}`, () => {
    test(`the stack's own pair (${stack().label}) is recognised and boots silently`, () => {
        const sys = t.scene.sys as unknown as { load: object };
        expect(spineRuntimeOf(findSpinePlugin(t.scene.sys)!, sys.load)).toBe(own);
        expect(warn).not.toHaveBeenCalled();
        expect(t.scene.spinePool.spawn(0, 0, 'tiny', 'tiny-atlas')).toBeTruthy();
    });
});

describe('runtimeMismatch', () => {
    test('is silent for every matched pair and for what it cannot tell, and names the package for each mismatched one', () => {
        expect(runtimeMismatch('3.90.0', 'spine-phaser')).toBeNull();
        expect(runtimeMismatch('3.90.0', 'spine-phaser-v3')).toBeNull();
        expect(runtimeMismatch('4.0.0', 'spine-phaser-v4')).toBeNull();
        expect(runtimeMismatch('4.0.0', null)).toBeNull();
        expect(runtimeMismatch('5.0.0', 'spine-phaser')).toBeNull();
        expect(runtimeMismatch('4.0.0', 'spine-phaser-v3')).toMatch(
            /^Phaser 4\.0\.0 is running with @esotericsoftware\/spine-phaser-v3 \(the Spine 4\.3 runtime for Phaser 3\).*install @esotericsoftware\/spine-phaser-v4 /,
        );
        expect(runtimeMismatch('3.60.0', 'spine-phaser-v4')).toMatch(
            /^Phaser 3\.60\.0 is running with @esotericsoftware\/spine-phaser-v4 .*install @esotericsoftware\/spine-phaser-v3 \(Spine 4\.3\) or @esotericsoftware\/spine-phaser \(Spine 4\.2\)/,
        );
    });
});

/** A Spine binary export's head: its 8-byte hash, then the version as spine-core's readString has it. */
function binaryHead(version: string): ArrayBuffer {
    const bytes = new Uint8Array(8 + 1 + version.length + 16);
    bytes[8] = version.length + 1;
    for (let i = 0; i < version.length; i++) bytes[9 + i] = version.charCodeAt(i);
    return bytes.buffer;
}

describe('the data fits the runtime', () => {
    const reads = stack().spineFormat; // '4.2' or '4.3'
    const other = reads === '4.3' ? '4.2' : '4.3';
    const runFor42 = '@esotericsoftware/spine-phaser (Phaser 3)';
    const runFor43 = '@esotericsoftware/spine-phaser-v4 (Phaser 4) or @esotericsoftware/spine-phaser-v3 (Phaser 3)';

    /** Puts skeleton data under `key` in the cache the loader would (its atlas: tiny's). */
    function load(key: string, data: unknown, binary = false): void {
        if (binary) t.game.cache.binary.add(key, data);
        else t.game.cache.json.add(key, data);
    }

    test(`JSON exported from Spine ${other} is refused at its first spawn, before spine-core reads it, naming both versions and the runtime or export to use`, () => {
        const raw = preset('tiny').json; // generated as 4.2 JSON
        load('old-or-new', other === '4.2' ? raw : toSpine43(raw));
        const version = other === '4.2' ? '4.2.0' : '4.3.0';
        expect(() => t.scene.spinePool.spawn(0, 0, 'old-or-new', 'tiny-atlas')).toThrow(
            `spawn(): skeleton data "old-or-new" was exported from Spine ${version}, but this game's Spine runtime is @esotericsoftware/${own}, which reads Spine ${reads} data only ` +
                `(spine-core fails on other versions with errors such as "IK Constraint not found"). Export the skeleton again from Spine ${reads}, or run Spine ${other} data with ${other === '4.2' ? runFor42 : runFor43}.`,
        );
        expect(() => t.scene.spinePool.prewarm('old-or-new', 'tiny-atlas', 2)).toThrow(
            /^phaser-spine-pool: prewarm\(\): skeleton data "old-or-new" was exported from Spine/,
        );
        expect(t.scene.spinePool.stats().pools).toEqual([]);
    });

    test('a version no runtime here reads names the export; a binary export is read for its version too; data naming no version is not checked', () => {
        const json = JSON.parse(JSON.stringify(t.game.cache.json.get('tiny'))) as { skeleton: { spine?: string } };
        json.skeleton.spine = '3.8.99';
        load('ancient', json);
        expect(() => t.scene.spinePool.spawn(0, 0, 'ancient', 'tiny-atlas')).toThrow(
            `was exported from Spine 3.8.99, but this game's Spine runtime is @esotericsoftware/${own}, which reads Spine ${reads} data only (spine-core fails on other versions with errors such as "IK Constraint not found"). Export the skeleton again from Spine ${reads}.`,
        );
        load('binary', binaryHead(`${other}.17`), true);
        expect(() => t.scene.spinePool.spawn(0, 0, 'binary', 'tiny-atlas')).toThrow(`skeleton data "binary" was exported from Spine ${other}.17`);
        expect(dataVersionOf(binaryHead(`${reads}.5`))).toBe(`${reads}.5`);
        expect(dataVersionOf(new Uint8Array(4))).toBeNull();
        const unnamed = JSON.parse(JSON.stringify(t.game.cache.json.get('tiny'))) as { skeleton: { spine?: string } };
        delete unnamed.skeleton.spine;
        load('unnamed', unnamed);
        expect(t.scene.spinePool.spawn(0, 0, 'unnamed', 'tiny-atlas')).toBeTruthy();
    });
});
