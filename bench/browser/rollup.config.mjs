// Bundles the browser benchmark page like the demo: the plugin through its published entry point
// (dist/index.mjs, built by `npm run build`), spine-phaser from node_modules, Phaser external
// (loaded from its own prebuilt bundle by a script tag).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const published = here('../../dist/index.mjs');

export default {
    input: here('page.ts'),
    external: ['phaser'],
    plugins: [
        {
            name: 'phaser-spine-pool-published',
            resolveId(id) {
                if (id !== 'phaser-spine-pool') return null;
                if (!existsSync(published)) this.error(`${published} is missing: run \`npm run build\` first.`);
                return published;
            },
        },
        nodeResolve({ browser: true }),
        typescript({ tsconfig: here('tsconfig.json'), noEmitOnError: true }),
    ],
    onwarn(warning, warn) {
        if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
        warn(warning);
    },
    output: { file: here('../out/browser/bench.js'), format: 'iife', globals: { phaser: 'Phaser' } },
};
