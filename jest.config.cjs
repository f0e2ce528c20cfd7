/**
 * Jest: unit tests of src/ with plain objects, integration tests on real Phaser + spine-phaser,
 * e2e: the demo in real Chromium (skipped, saying so, where there is no Chromium); package: the
 * packed tarball installed, compiled and bundled in a consumer project, then run in Chromium.
 */
const tsJest = ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', verbatimModuleSyntax: false } }];
const common = {
    transform: { '^.+\\.ts$': tsJest },
    // In Node, `phaser` resolves to Phaser's src/ tree (webpack-only modules): use the built bundle.
    moduleNameMapper: { '^phaser$': '<rootDir>/node_modules/phaser/dist/phaser.js' },
    testEnvironment: 'node',
};
module.exports = {
    projects: [
        { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
        {
            ...common,
            displayName: 'integration',
            testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
            setupFiles: ['<rootDir>/test/harness/setup.ts'],
            // The jsdom globals are ours, installed per test file; jest need not police them.
            testEnvironmentOptions: { globalsCleanup: 'off' },
        },
        { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
        // The packed tarball in a consumer project (its own install, tsc, bundles, Chromium).
        { ...common, displayName: 'package', testMatch: ['<rootDir>/test/package/**/*.test.ts'] },
    ],
};
