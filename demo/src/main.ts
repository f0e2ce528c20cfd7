/**
 * The phaser-spine-pool crowd demo: Phaser (global, from its own bundle), the official
 * spine-phaser runtime and the plugin through its published entry point, registered side by side.
 */
import * as Phaser from 'phaser';
import { SpinePlugin } from '@esotericsoftware/spine-phaser';
import { SpinePoolPlugin, type SpinePoolStats } from 'phaser-spine-pool';
import { CrowdScene } from './CrowdScene';
import { poolOf } from './poolOf';
import { readSettings } from './settings';

/** For tests and tinkering in the console. */
export interface DemoHandle {
    game: Phaser.Game;
    /** The pool's stats(), fresh each call. */
    stats(): SpinePoolStats;
    /** The tier of the character the camera follows (`F`), null when none. */
    heroTier(): string | null;
}

declare global {
    interface Window {
        demo: DemoHandle;
    }
}

const settings = readSettings(window.location.search);
const scene = new CrowdScene(settings);

const game = new Phaser.Game({
    type: settings.renderer === 'canvas' ? Phaser.CANVAS : Phaser.AUTO,
    parent: 'game',
    backgroundColor: '#1d2b1f',
    scale: { mode: Phaser.Scale.RESIZE, width: window.innerWidth, height: window.innerHeight },
    scene: [scene],
    plugins: {
        scene: [
            { key: 'spine.SpinePlugin', plugin: SpinePlugin, mapping: 'spine' },
            { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
        ],
    },
});

window.demo = {
    game,
    stats: () => poolOf(scene).stats(),
    heroTier: () => scene.follow.heroTier(),
};
