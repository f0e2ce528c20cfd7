/**
 * The README's links on the npm registry's page: the registry renders the tarball's README, so a
 * relative link or image works only when the tarball ships its file. `npm run lint:package` (and
 * the packed-package test, through it) fails on one that does not; this pins what counts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkTargets, missingRelativeTargets } from './readmeLinks.cjs';

const ROOT = join(__dirname, '..', '..');
const SHIPPED = ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json', 'dist/index.mjs', 'dist/iife/phaser-spine-pool.js'];

describe('relative README links and images against the files a package ships', () => {
    test('a relative image or link to a file the tarball lacks is reported with its line; shipped files, URLs and anchors pass', () => {
        const readme = [
            '# title',
            '![shot](demo/screenshot.png)',
            'See [the changelog](CHANGELOG.md), [the licence](./LICENSE "MIT"), [the build](dist/iife/) and [usage](#usage).',
            'A [bench](bench/RESULTS.md#results) and [the site](https://example.com/x.png).',
            '<img src="docs/chart.svg" alt="chart"> <a href="https://github.com/x/y">repo</a>',
            '[ref]: docs/api/index.html',
        ].join('\n');
        expect(missingRelativeTargets(readme, SHIPPED)).toEqual([
            expect.stringMatching(/^README\.md:2: image "demo\/screenshot\.png"/),
            expect.stringMatching(/^README\.md:4: link "bench\/RESULTS\.md#results"/),
            expect.stringMatching(/^README\.md:5: image "docs\/chart\.svg"/),
            expect.stringMatching(/^README\.md:6: link "docs\/api\/index\.html"/),
        ]);
    });

    test('code blocks, code spans and HTML comments are not links', () => {
        const readme = [
            '```html',
            '<script src="node_modules/phaser/dist/phaser.min.js"></script>',
            '![not an image](in/a/fence.png)',
            '```',
            'Inline `[x](not/a/link.md)` code. <!-- [hidden](not/a/link.md) -->',
        ].join('\n');
        expect(linkTargets(readme)).toEqual([]);
        expect(missingRelativeTargets(readme, SHIPPED)).toEqual([]);
    });

    test('the repository README: every relative link or image is a file the package ships (the rest are absolute URLs)', () => {
        const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
        const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
        // What `files` ships at the top level (dist/ is checked by lint:package on the real tarball).
        const files = [...pkg.files.filter((file) => !file.includes('dist')), 'package.json'];
        const targets = linkTargets(readme).map((link) => link.target);
        expect(targets.length).toBeGreaterThan(5);
        expect(missingRelativeTargets(readme, files)).toEqual([]);
        // The pictures come from the repository's raw files, which the registry can show.
        const images = linkTargets(readme)
            .filter((link) => link.image)
            .map((link) => link.target);
        expect(images.length).toBeGreaterThan(0);
        for (const image of images) expect(image).toMatch(/^https:\/\/raw\.githubusercontent\.com\/phaser-spine-pool\/phaser-spine-pool\/main\//);
    });
});
