/**
 * The game's entry, as a user of the package writes it: Phaser and spine-phaser come from the
 * page's script tags (the bundle maps them to the globals `Phaser` and `spine`), the plugin from
 * the installed package (or, in the script-tag variant, from the global `SpinePool`).
 */
import * as Phaser from 'phaser';
import * as spine from '@esotericsoftware/spine-phaser';
import { PlayMode, SpinePoolPlugin, type SpinePoolOptions } from 'phaser-spine-pool';
import { BattleScene, type SmokeReport } from './BattleScene.js';

declare global {
    interface Window {
        smoke: SmokeReport;
    }
}

const report: SmokeReport = { done: false, error: null, renderer: '', checks: {} };
window.smoke = report;

// The package's values and types, through its entry point.
const offscreen: SpinePoolOptions['offscreen'] = 'events';
report.checks.playModeConstant = PlayMode.StopAll;
report.checks.offscreenType = offscreen;

new Phaser.Game({
    type: Phaser.AUTO,
    parent: 'game',
    width: 320,
    height: 240,
    backgroundColor: '#203040',
    banner: false,
    scene: [new BattleScene(report)],
    plugins: {
        scene: [
            { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
            { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
        ],
    },
});
