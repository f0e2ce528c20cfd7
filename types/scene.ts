import type { SpinePoolPlugin } from '../plugin/SpinePoolPlugin';

declare global {
    namespace Phaser {
        interface Scene {
            /** phaser-spine-pool's plugin, when registered with `mapping: 'spinePool'`. */
            spinePool: SpinePoolPlugin;
        }
    }
}

export {};
