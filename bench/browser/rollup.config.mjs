// Bundles the browser benchmark page like the demo: the plugin through its published entry point
// (dist/index.mjs, built by `npm run build`), spine-phaser from node_modules, Phaser external
// (loaded from its own prebuilt bundle by a script tag). With SPINE_STACK=phaser4 the page's
// spine-phaser is spine-phaser-v4 (fixtures/stacks/stacks.cjs).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const published = here('../../dist/index.mjs');
const stack = createRequire(import.meta.url)('../../fixtures/stacks/stacks.cjs').stack();
const spineEntry = join(stack.spineDir, 'dist', 'index.js');

/** A page bundle: the benchmark page, and the e2e tests' draw-parity and debug-view pages (test/e2e/drawParity, test/e2e/debugView). */
const page = (input, file) => ({
    input,
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
        {
            name: 'stack-spine-phaser',
            resolveId(id) {
                return id === '@esotericsoftware/spine-phaser' && stack.spinePackage !== id ? spineEntry : null;
            },
        },
        nodeResolve({ browser: true }),
        typescript({ tsconfig: here('tsconfig.json'), noEmitOnError: true }),
    ],
    onwarn(warning, warn) {
        if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
        warn(warning);
    },
    output: { file, format: 'iife', globals: { phaser: 'Phaser' } },
});

/** bench/browser.ts's pageDir: the default stack's page in out/browser, another's in out/browser-<stack>. */
const out = here(stack.name === 'phaser3' ? '../out/browser' : `../out/browser-${stack.name}`);
export default [
    page(here('page.ts'), join(out, 'bench.js')),
    page(here('../../fixtures/pages/parity.ts'), join(out, 'parity.js')),
    page(here('../../fixtures/pages/debugView.ts'), join(out, 'debugView.js')),
];
