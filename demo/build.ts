/**
 * `npm run build:demo`'s bundles: the sample game bundled the way a user's build would, the plugin
 * through its published entry point (dist/index.mjs, what `import 'phaser-spine-pool'` resolves to
 * once installed; built by `npm run build`), spine-phaser from node_modules, Phaser left to its
 * prebuilt dist/phaser.min.js, loaded by a script tag (fixtures/browser/bundle.ts).
 * Two bundles of the same source: build/demo.js with spine-phaser (Phaser 3, Spine 4.2) and
 * build/demo-phaser4.js with spine-phaser-v4 (Phaser 4, Spine 4.3), which `?phaser=4` loads.
 */
import { join } from 'node:path';
import { bundleForBrowser } from '../fixtures/browser/bundle';

const input = join(__dirname, 'src', 'main.ts');
const build = (file: string): string => join(__dirname, 'public', 'build', file);
bundleForBrowser([{ input, output: build('demo.js') }], 'phaser3', true);
bundleForBrowser([{ input, output: build('demo-phaser4.js') }], 'phaser4', true);
