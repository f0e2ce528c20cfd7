/**
 * The plugin's boot check that the Spine runtime is built for this Phaser (plugin/runtimeCheck.ts):
 * the stack's own pair is recognised and stays silent. (A mismatched pair: runtimeMismatch.test.ts,
 * in a file of its own because Phaser keeps a scene plugin's class per key for the whole module.)
 */
import * as Phaser from 'phaser';
import { findSpinePlugin, runtimeMismatch, spineRuntimeOf } from '../../plugin/runtimeCheck';
import { eachTest, type TestGame } from '../harness/game';
import { stack } from '../harness/stack';

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
        expect(runtimeMismatch('4.0.0', 'spine-phaser-v3')).toMatch(/^Phaser 4\.0\.0 is running with @esotericsoftware\/spine-phaser-v3 \(the Spine 4\.3 runtime for Phaser 3\).*install @esotericsoftware\/spine-phaser-v4 /);
        expect(runtimeMismatch('3.60.0', 'spine-phaser-v4')).toMatch(/^Phaser 3\.60\.0 is running with @esotericsoftware\/spine-phaser-v4 .*install @esotericsoftware\/spine-phaser-v3 \(Spine 4\.3\) or @esotericsoftware\/spine-phaser \(Spine 4\.2\)/);
    });
});
