// Builds the published files: ESM, CJS, bundled type declarations, and an IIFE for script tags
// that reads the global `Phaser` and defines the global `SpinePool` (readable, and minified next
// to it, each with its source map). Phaser and spine-phaser are peers: never bundled.
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const input = 'plugin/index.ts';
const external = ['phaser', /^@esotericsoftware\//];
const ts = () => typescript({ tsconfig: './tsconfig.build.json' });
const iife = { format: 'iife', name: 'SpinePool', globals: { phaser: 'Phaser' }, sourcemap: true };

export default [
    {
        input,
        external,
        // One TypeScript build for the four files (a second one cost 8 s).
        plugins: [ts()],
        output: [
            { file: 'dist/index.mjs', format: 'es', sourcemap: true },
            { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
            { file: 'dist/iife/phaser-spine-pool.js', ...iife },
            // For production pages, next to Phaser's phaser.min.js and spine-phaser.min.js.
            { file: 'dist/iife/phaser-spine-pool.min.js', ...iife, plugins: [terser({ format: { comments: false } })] },
        ],
    },
    {
        input,
        external,
        // Members marked @internal are the plugin's, not the public surface: left out of the types.
        plugins: [dts({ tsconfig: './tsconfig.build.json', compilerOptions: { stripInternal: true } }), typeEntryPoints()],
        output: { file: 'dist/index.d.ts', format: 'es' },
    },
];

/**
 * dist/index.d.mts, the ESM entry's types, beside dist/index.d.ts, which holds every declaration
 * once (so a program that reaches the package through both entries sees one `SpinePoolPlugin` and
 * one `spinePool`). A .d.ts in a package without `"type": "module"` reads as CommonJS, which
 * "import" resolution must not see: the .d.mts re-exports it as ESM.
 */
function typeEntryPoints() {
    return {
        name: 'type-entry-points',
        generateBundle() {
            this.emitFile({ type: 'asset', fileName: 'index.d.mts', source: "export * from './index.js';\n" });
        },
    };
}
