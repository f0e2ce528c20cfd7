/**
 * A mismatched pair assembled from the installed packages: this Phaser with a spine-phaser runtime
 * built for the other major (Phaser 4 + spine-phaser, as `npm install phaser
 * @esotericsoftware/spine-phaser` gives; Phaser 3 + spine-phaser-v4). The plugin's boot throws a
 * PoolError naming both and the package to install. Its own file: Phaser keeps a scene plugin's
 * class per key for the whole module, so no game with the stack's own runtime may boot first.
 */
import * as Phaser from 'phaser';
import { SpinePoolPlugin } from '../../plugin';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { spineRuntimeFrom } from '../../fixtures/headless/spine';
import { stack } from '../../fixtures/headless/stack';

const phaser4 = Phaser.VERSION.startsWith('4.');
/** A runtime built for the other Phaser major. */
const other = phaser4 ? stack('phaser3') : stack('phaser4');

describe(`Phaser ${Phaser.VERSION} with the wrong Spine runtime`, () => {
    test(`Phaser ${Phaser.VERSION} with ${other.spinePackage} (built for Phaser ${phaser4 ? 3 : 4}) fails at boot with a PoolError naming both and the package to install`, async () => {
        // HEADLESS, this pair boots (it fails once spine-phaser renders or builds with WebGL), so the
        // game boots with it first; then the plugin is installed into the running scene, which boots
        // it at once (Phaser's installScenePlugin), as at game start, where what boot throws is
        // thrown from an image's load callback instead.
        const game: TestGame = await bootGame({ spine: spineRuntimeFrom(other.spineFile), pool: false });
        let error: Error | undefined;
        try {
            game.game.plugins.installScenePlugin('SpinePoolPlugin', SpinePoolPlugin, 'spinePool', game.scene);
        } catch (thrown) {
            error = thrown as Error;
        } finally {
            game.destroy();
        }
        expect(error?.name).toBe('PoolError');
        expect(error?.message).toBe(
            phaser4
                ? `phaser-spine-pool: Phaser ${Phaser.VERSION} is running with @esotericsoftware/spine-phaser (the Spine 4.2 runtime for Phaser 3), ` +
                      "which fails inside spine-phaser on Phaser 4. For Phaser 4 install @esotericsoftware/spine-phaser-v4 and register that package's SpinePlugin; " +
                      'or keep @esotericsoftware/spine-phaser with Phaser 3 (npm install phaser@3).'
                : `phaser-spine-pool: Phaser ${Phaser.VERSION} is running with @esotericsoftware/spine-phaser-v4 (the Spine 4.3 runtime for Phaser 4), ` +
                      'which fails inside spine-phaser on Phaser 3. For Phaser 3 install @esotericsoftware/spine-phaser-v3 (Spine 4.3) or @esotericsoftware/spine-phaser (Spine 4.2) ' +
                      "and register that package's SpinePlugin; or keep @esotericsoftware/spine-phaser-v4 with Phaser 4 (npm install phaser@4).",
        );
    });
});
