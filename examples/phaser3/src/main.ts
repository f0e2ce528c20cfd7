/**
 * phaser-spine-pool on Phaser 3 with the official spine-phaser runtime (Spine 4.2 data): both
 * plugins registered side by side, the pool's as `this.spinePool`.
 */
import * as Phaser from 'phaser';
import * as spine from '@esotericsoftware/spine-phaser';
import { SpinePoolPlugin, type SpinePoolStats } from 'phaser-spine-pool';
import { Skirmish } from './Skirmish';

const skirmish = new Skirmish();

const game = new Phaser.Game({
    type: Phaser.AUTO,
    parent: 'game',
    width: 800,
    height: 600,
    backgroundColor: '#2b3a4a',
    scene: [skirmish],
    plugins: {
        scene: [
            { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
            { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
        ],
    },
});

/** In the browser console: `example.stats()`; the example's smoke test reads it too. */
declare global {
    interface Window {
        example: { game: Phaser.Game; stats(): SpinePoolStats; spawned(): number; despawned(): number };
    }
}
window.example = {
    game,
    stats: () => skirmish.spinePool.stats(),
    spawned: () => skirmish.spawned,
    despawned: () => skirmish.despawned,
};
