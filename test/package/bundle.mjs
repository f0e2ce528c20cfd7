// Bundles the consumer project's compiled game for the browser, as a user's build would:
// `node test/package/bundle.mjs <consumerDir>` writes <consumerDir>/public/bundles/{esm,cjs,iife}.js.
//   esm:  esm/build (ES modules) + phaser-spine-pool through its "import" entry (dist/index.mjs);
//   cjs:  cjs/build (CommonJS)   + phaser-spine-pool through its "require" entry (dist/index.cjs);
//   iife: esm/build with phaser-spine-pool left to the page's script tag (dist/iife, global SpinePool).
// Phaser and spine-phaser stay external in all three: the page loads their own script builds,
// which define the globals `Phaser` and `spine`. Prints what each bundle took from the package.
import { join } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';

const dir = process.argv[2];
if (!dir) {
    console.error('usage: node test/package/bundle.mjs <consumerDir>');
    process.exit(1);
}

const globals = { phaser: 'Phaser', '@esotericsoftware/spine-phaser': 'spine', 'phaser-spine-pool': 'SpinePool' };

const variants = {
    esm: { input: join(dir, 'esm/build/main.js'), external: ['phaser', '@esotericsoftware/spine-phaser'], cjs: false },
    cjs: { input: join(dir, 'cjs/build/main.js'), external: ['phaser', '@esotericsoftware/spine-phaser'], cjs: true },
    iife: { input: join(dir, 'esm/build/main.js'), external: Object.keys(globals), cjs: false },
};

const report = {};
for (const [name, variant] of Object.entries(variants)) {
    const warnings = [];
    const bundle = await rollup({
        input: variant.input,
        external: variant.external,
        plugins: [nodeResolve({ browser: true }), ...(variant.cjs ? [commonjs()] : [])],
        onwarn: (warning) => warnings.push(warning.message),
    });
    const from = bundle.watchFiles
        .filter((file) => file.includes('/node_modules/phaser-spine-pool/'))
        .map((file) => file.slice(file.indexOf('phaser-spine-pool/')));
    await bundle.write({ file: join(dir, 'public/bundles', `${name}.js`), format: 'iife', name: 'consumerGame', globals, sourcemap: true });
    await bundle.close();
    report[name] = { from, warnings };
}
console.log(JSON.stringify(report));
