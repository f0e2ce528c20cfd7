// Lint: typescript-eslint with type-aware rules (they see what a cast hides: an `any` leaking into
// product code, a Promise nobody awaits, an assertion the types already make), Prettier for layout.
// Product code (src/, spine/, plugin/, types/) gets the type-checked recommended set; tests, the
// bench, the demo, fixtures and examples, which read engine internals through `any` on purpose, the
// plain recommended set plus the Promise rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PRODUCT = ['src/**/*.ts', 'spine/**/*.ts', 'plugin/**/*.ts', 'types/**/*.ts'];

export default tseslint.config(
    {
        ignores: [
            'dist/',
            'docs/api/',
            'coverage/',
            'bench/out/',
            'test/out/',
            'demo/public/build/',
            '**/node_modules/',
            'examples/*/dist/',
            'examples/*/public/',
            'test/package/consumer/',
            '.tmp/',
        ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        languageOptions: {
            parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
        },
        linterOptions: { reportUnusedDisableDirectives: 'error' },
        rules: {
            '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
            '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
            '@typescript-eslint/no-floating-promises': 'error',
            '@typescript-eslint/await-thenable': 'error',
            '@typescript-eslint/no-misused-promises': 'error',
        },
    },
    { files: PRODUCT, extends: [...tseslint.configs.recommendedTypeChecked] },
    {
        files: ['test/**/*.ts', 'fixtures/**/*.ts'],
        // Tests and their fixtures read engine internals (spine-core's, Phaser's, the pool's) through `any` on purpose.
        rules: { '@typescript-eslint/no-explicit-any': 'off' },
    },
    {
        files: ['examples/*/vite.config.ts'],
        // Vite's config of an example is in none of its tsconfigs (a copied example type-checks its src/): linted without types.
        extends: [tseslint.configs.disableTypeChecked],
    },
    {
        files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
        extends: [tseslint.configs.disableTypeChecked],
        languageOptions: {
            globals: {
                console: 'readonly',
                process: 'readonly',
                require: 'readonly',
                module: 'writable',
                __dirname: 'readonly',
                URL: 'readonly',
                globalThis: 'readonly',
                Buffer: 'readonly',
                setTimeout: 'readonly',
            },
        },
        rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/consistent-type-imports': 'off' },
    },
);
