// Bundles the sample game the way a user's build would: the plugin through its published entry
// point (dist/index.mjs, what `import 'phaser-spine-pool'` resolves to once installed; built by
// `npm run build`) and spine-phaser from node_modules. Phaser stays external: the page loads its
// prebuilt dist/phaser.min.js with a script tag, which keeps this build to a few seconds.
//
// Two bundles of the same source: build/demo.js with spine-phaser (Phaser 3, Spine 4.2) and
// build/demo-phaser4.js with spine-phaser-v4 (Phaser 4, Spine 4.3), which `?phaser=4` loads.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const published = here('../dist/index.mjs');
const { stack } = createRequire(import.meta.url)('../fixtures/stacks/stacks.cjs');

/** Resolves `phaser-spine-pool` to the package's ESM build, as an installed copy would. */
function publishedPlugin() {
    return {
        name: 'phaser-spine-pool-published',
        resolveId(id) {
            if (id !== 'phaser-spine-pool') return null;
            if (!existsSync(published)) this.error(`${published} is missing: run \`npm run build\` first.`);
            return published;
        },
    };
}

/** The Phaser 4 build: the demo's `@esotericsoftware/spine-phaser` is spine-phaser-v4 (its ESM entry). */
function spinePhaserV4() {
    const entry = join(stack('phaser4').spineDir, 'dist', 'index.js');
    return {
        name: 'spine-phaser-v4',
        resolveId(id) {
            return id === '@esotericsoftware/spine-phaser' ? entry : null;
        },
    };
}

const bundle = (file, extra = []) => ({
    input: here('src/main.ts'),
    external: ['phaser'],
    plugins: [publishedPlugin(), ...extra, nodeResolve({ browser: true }), typescript({ tsconfig: here('tsconfig.json'), noEmitOnError: true })],
    onwarn(warning, warn) {
        // spine-core and spine-webgl have import cycles of their own that work as shipped.
        if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
        warn(warning);
    },
    output: {
        file: here(`public/build/${file}`),
        format: 'iife',
        globals: { phaser: 'Phaser' },
        sourcemap: true,
    },
});

export default [bundle('demo.js'), bundle('demo-phaser4.js', [spinePhaserV4()])];
