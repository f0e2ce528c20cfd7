import type { SpinePoolPlugin } from '../plugin/SpinePoolPlugin';

declare global {
    // eslint-disable-next-line @typescript-eslint/no-namespace -- Phaser's types are a global namespace: an augmentation of them is one too
    namespace Phaser {
        interface Scene {
            /** phaser-spine-pool's plugin, when registered with `mapping: 'spinePool'`. */
            spinePool: SpinePoolPlugin;
        }
    }
}

export {};
