/**
 * Jest: unit tests of src/ with plain objects, integration tests on real Phaser + spine-phaser,
 * e2e: the demo in real Chromium (skipped, saying so, where there is no Chromium); package: the
 * packed tarball installed, compiled and bundled in a consumer project, then run in Chromium;
 * readme: the code blocks of README.md and docs/*.md type-checked on each stack and their programs run in Chromium;
 * examples: the games in examples/ installed as a user would, built with Vite, run in Chromium.
 *
 * The integration suite runs once per stack (fixtures/stacks/stacks.cjs): `integration` on Phaser 3 +
 * spine-phaser (Spine 4.2), `integration-phaser4` on Phaser 4 + spine-phaser-v4 (Spine 4.3),
 * `integration-phaser3-spine43` on Phaser 3 + spine-phaser-v3 (Spine 4.3). `SPINE_STACK=phaser4`
 * keeps only that stack's integration project.
 */
const { STACK_NAMES, stack } = require('./fixtures/stacks/stacks.cjs');

const tsJest = ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', verbatimModuleSyntax: false } }];
// In Node, `phaser` resolves to Phaser's src/ tree (webpack-only modules): use the stack's built bundle.
const phaserOf = (name) => ({ '^phaser$': stack(name).phaserFile });
const common = {
    transform: { '^.+\\.ts$': tsJest },
    moduleNameMapper: phaserOf(STACK_NAMES[0]),
    testEnvironment: 'node',
};
const integration = (name) => ({
    ...common,
    displayName: name === STACK_NAMES[0] ? 'integration' : `integration-${name}`,
    testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
    moduleNameMapper: phaserOf(name),
    // Read by fixtures/stacks/stacks.cjs inside the tests: the harness loads this stack's spine-phaser.
    globals: { __SPINE_STACK__: name },
    setupFiles: ['<rootDir>/fixtures/headless/setup.ts'],
    // The jsdom globals are ours, installed per test file; jest need not police them.
    testEnvironmentOptions: { globalsCleanup: 'off' },
});
const stacks = process.env.SPINE_STACK ? [stack(process.env.SPINE_STACK).name] : STACK_NAMES;

module.exports = {
    // Every core: the suite is CPU-bound, file by file (jest's default leaves one core idle).
    maxWorkers: '100%',
    // A fresh clone has no timings: the files known to be long first (test/sequencer.cjs).
    testSequencer: '<rootDir>/test/sequencer.cjs',
    projects: [
        { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
        ...stacks.map(integration),
        { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
        // The packed tarball in a consumer project (its own install, tsc, bundles, Chromium).
        { ...common, displayName: 'package', testMatch: ['<rootDir>/test/package/**/*.test.ts'] },
        // The code blocks of README.md and the guides (docs/*.md): type-checked against the packed
        // package on each stack, their complete programs built with Vite and run in Chromium (test/readme/docBlocks.ts).
        { ...common, displayName: 'readme', testMatch: ['<rootDir>/test/readme/**/*.test.ts'] },
        // examples/: each copied out, installed with the packed package, built (tsc + Vite), run in Chromium.
        { ...common, displayName: 'examples', testMatch: ['<rootDir>/test/examples/**/*.test.ts'] },
    ],
};
