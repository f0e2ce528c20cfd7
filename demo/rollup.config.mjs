// Bundles the sample game the way a user's build would: the plugin through its published entry
// point (dist/index.mjs, what `import 'phaser-spine-pool'` resolves to once installed; built by
// `npm run build`) and spine-phaser from node_modules. Phaser stays external: the page loads its
// prebuilt dist/phaser.min.js with a script tag, which keeps this build to a few seconds.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const published = here('../dist/index.mjs');

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

export default {
    input: here('src/main.ts'),
    external: ['phaser'],
    plugins: [publishedPlugin(), nodeResolve({ browser: true }), typescript({ tsconfig: here('tsconfig.json'), noEmitOnError: true })],
    onwarn(warning, warn) {
        // spine-core and spine-webgl have import cycles of their own that work as shipped.
        if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
        warn(warning);
    },
    output: {
        file: here('public/build/demo.js'),
        format: 'iife',
        globals: { phaser: 'Phaser' },
        sourcemap: true,
    },
};
