import type * as Phaser from 'phaser';
import type { SpinePoolPlugin } from 'phaser-spine-pool';

/**
 * The scene's pool (`scene.spinePool`). In a game that installs the package this is a plain
 * property read. Inside this repository the root type-check compiles the plugin's sources too,
 * whose augmentation types `spinePool` with the source class: the same class as the one in
 * dist/index.d.ts the demo imports, declared twice. The cast joins the two views.
 */
export function poolOf(scene: Phaser.Scene): SpinePoolPlugin {
    return scene.spinePool as unknown as SpinePoolPlugin;
}
