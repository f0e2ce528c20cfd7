import * as Phaser from 'phaser';

/**
 * Calls `start` when the scene's update pass begins (PRE_UPDATE) and `end` when it ends, at an
 * UPDATE listener added after the plugin's (so after the pool has posed its instances), until
 * the scene shuts down.
 */
export function watchUpdatePass(scene: Phaser.Scene, start: () => void, end: () => void, context: object): void {
    const events = scene.sys.events;
    events.on(Phaser.Scenes.Events.PRE_UPDATE, start, context);
    events.on(Phaser.Scenes.Events.UPDATE, end, context);
    events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
        events.off(Phaser.Scenes.Events.PRE_UPDATE, start, context);
        events.off(Phaser.Scenes.Events.UPDATE, end, context);
    });
}
