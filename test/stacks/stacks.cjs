// The Phaser + Spine stacks the integration tests, the bench and the demo run on, in one place
// (read by jest.config.cjs, the test harness, the bench and the demo's build and server).
//
//   phaser3: Phaser 3 + @esotericsoftware/spine-phaser (Spine 4.2), the root devDependencies;
//   phaser4: Phaser 4 + @esotericsoftware/spine-phaser-v4 (Spine 4.3), installed by the npm
//            workspace test/stacks/phaser4, which npm nests apart from the root's Phaser 3;
//   phaser3-spine43: Phaser 3 + @esotericsoftware/spine-phaser-v3 (Spine 4.3), a root devDependency.
//
// `SPINE_STACK=phaser4` picks a stack for the bench, the harness outside jest and `npm start`;
// inside jest each integration project sets the global `__SPINE_STACK__` instead.
'use strict';
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const ROOT = join(__dirname, '..', '..');

const STACKS = {
    phaser3: { from: ROOT, spine: '@esotericsoftware/spine-phaser', bundle: 'dist/iife/spine-phaser.js', format: '4.2' },
    phaser4: { from: join(__dirname, 'phaser4'), spine: '@esotericsoftware/spine-phaser-v4', bundle: 'dist/iife/spine-phaser-v4.js', format: '4.3' },
    'phaser3-spine43': { from: ROOT, spine: '@esotericsoftware/spine-phaser-v3', bundle: 'dist/iife/spine-phaser-v3.js', format: '4.3' },
};

/** The stack names, the default first. */
const STACK_NAMES = Object.keys(STACKS);

/** The stack asked for: jest's `__SPINE_STACK__` global, else `SPINE_STACK`, else phaser3. */
function stackName() {
    const name = globalThis.__SPINE_STACK__ ?? process.env.SPINE_STACK ?? STACK_NAMES[0];
    if (!STACKS[name]) throw new Error(`SPINE_STACK=${name} is not a stack; stacks: ${STACK_NAMES.join(', ')}`);
    return name;
}

/** A package's directory as resolved from `from` (through package.json: Phaser 4's `exports` hide its dist/). */
function packageDir(name, from) {
    return dirname(require.resolve(`${name}/package.json`, { paths: [from] }));
}

/**
 * Where the stack's files are.
 * @returns {{ name: string, label: string, phaserDir: string, phaserFile: string, phaserVersion: string,
 *   spinePackage: string, spineDir: string, spineFile: string, spineVersion: string, spineFormat: '4.2' | '4.3' }}
 */
function stack(name = stackName()) {
    const spec = STACKS[name];
    if (!spec) throw new Error(`unknown stack ${name}; stacks: ${STACK_NAMES.join(', ')}`);
    const phaserDir = packageDir('phaser', spec.from);
    const spineDir = packageDir(spec.spine, spec.from);
    const version = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    const phaserVersion = version(phaserDir);
    const spineVersion = version(spineDir);
    return {
        name,
        label: `Phaser ${phaserVersion} + ${spec.spine.replace('@esotericsoftware/', '')} ${spineVersion}`,
        phaserDir,
        phaserFile: join(phaserDir, 'dist', 'phaser.js'),
        phaserVersion,
        spinePackage: spec.spine,
        spineDir,
        spineFile: join(spineDir, spec.bundle),
        spineVersion,
        spineFormat: spec.format,
    };
}

/** spine-core's IIFE build of a Spine version (4.2: the root's; 4.3: spine-phaser-v4's). */
function spineCoreFile(format) {
    const from = format === '4.3' ? stack('phaser4').spineDir : ROOT;
    return join(packageDir('@esotericsoftware/spine-core', from), 'dist', 'iife', 'spine-core.js');
}

module.exports = { STACK_NAMES, stackName, stack, spineCoreFile };
