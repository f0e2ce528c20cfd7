/**
 * The documentation's links (README.md and docs/*.md), checked offline: every relative link and
 * image, every link into this repository's own files on GitHub, and every `#anchor` resolves
 * (test/readme/docLinks.ts); every guide is linked from the README and is a page of the API site
 * (typedoc.json's `projectDocuments`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docFiles } from '../readme/docBlocks';
import { anchorsOf, brokenLinks, githubSlug, linkedFiles, resolveTarget, type Repository } from '../readme/docLinks';

const ROOT = join(__dirname, '..', '..');
const FILES = docFiles(ROOT);
const GUIDES = FILES.filter((file) => file.startsWith('docs/'));
const REPOSITORY: Repository = {
    exists: (path) => existsSync(join(ROOT, path)),
    read: (path) => readFileSync(join(ROOT, path), 'utf8'),
};

/** A made-up repository for the checker's own tests. */
function repositoryOf(files: Record<string, string>): Repository {
    return {
        exists: (path) => path in files || Object.keys(files).some((file) => file.startsWith(`${path}/`)),
        read: (path) => files[path] ?? '',
    };
}

describe('the link checker', () => {
    test('anchors are the ones GitHub makes: rendered text, lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
        expect(githubSlug('Migrating from `this.add.spine`')).toBe('migrating-from-thisaddspine');
        expect(githubSlug("The plugin's methods")).toBe('the-plugins-methods');
        expect(githubSlug('Phaser 4 and the supported versions')).toBe('phaser-4-and-the-supported-versions');
        expect(githubSlug('From Unity to phaser-spine-pool')).toBe('from-unity-to-phaser-spine-pool');
        expect(githubSlug('[Drawing](drawing.md) on **Phaser 4**')).toBe('drawing-on-phaser-4');
        expect(githubSlug('Errors: what to do?')).toBe('errors-what-to-do');
        expect([...anchorsOf('# A\n\n## Notes\n\n```md\n## Not a heading\n```\n\n## Notes\n<a id="here"></a>\n')]).toEqual(['a', 'notes', 'notes-1', 'here']);
    });

    test('relative paths resolve from the linking file; links into the repository on GitHub resolve as files of it; other URLs are left alone', () => {
        expect(resolveTarget('docs/a.md', 'b.md#part')).toEqual({ path: 'docs/b.md', anchor: 'part' });
        expect(resolveTarget('docs/a.md', '../README.md')).toEqual({ path: 'README.md', anchor: null });
        expect(resolveTarget('README.md', '#install')).toEqual({ path: 'README.md', anchor: 'install' });
        expect(resolveTarget('README.md', 'https://github.com/phaser-spine-pool/phaser-spine-pool/blob/main/docs/a.md#x')).toEqual({
            path: 'docs/a.md',
            anchor: 'x',
        });
        expect(resolveTarget('README.md', 'https://github.com/phaser-spine-pool/phaser-spine-pool/tree/main/examples')).toEqual({
            path: 'examples',
            anchor: null,
        });
        expect(resolveTarget('README.md', 'https://raw.githubusercontent.com/phaser-spine-pool/phaser-spine-pool/main/demo/shot.png')).toEqual({
            path: 'demo/shot.png',
            anchor: null,
        });
        expect(resolveTarget('README.md', 'https://github.com/someone/else/blob/main/x.md')).toBeNull();
        expect(resolveTarget('README.md', 'https://www.npmjs.com/package/phaser')).toBeNull();
    });

    test('reports a missing file, a missing anchor (in the file itself or another), a path out of the repository and an undefined reference, each with its line', () => {
        const repository = repositoryOf({
            'README.md': '',
            'docs/a.md': '',
            'docs/b.md': '# B\n\n## The part\n',
            'examples/x/main.ts': '',
        });
        const markdown = [
            '# A',
            'Fine: [b](b.md#the-part), [top](#a), [readme](../README.md), [examples](https://github.com/phaser-spine-pool/phaser-spine-pool/tree/main/examples).',
            'Missing: [c](c.md) and ![shot](https://raw.githubusercontent.com/phaser-spine-pool/phaser-spine-pool/main/demo/shot.png).',
            'No anchor: [b](b.md#the-parts), [self](#nope); outside: [up](../../x.md).',
            'A [reference][defined] and an [undefined one][nowhere]. `[code](not/a/link.md)`',
            '',
            '[defined]: https://github.com/phaser-spine-pool/phaser-spine-pool/blob/main/docs/b.md#b',
        ].join('\n');
        expect(brokenLinks('docs/a.md', markdown, repository)).toEqual([
            'docs/a.md: line 5: [undefined one][nowhere] has no definition [nowhere]: ...',
            'docs/a.md:3: link "c.md": docs/c.md is not in the repository',
            'docs/a.md:3: image "https://raw.githubusercontent.com/phaser-spine-pool/phaser-spine-pool/main/demo/shot.png": demo/shot.png is not in the repository',
            'docs/a.md:4: link "b.md#the-parts": docs/b.md has no heading with the anchor #the-parts (it has #the-part)',
            'docs/a.md:4: link "#nope": docs/a.md has no heading with the anchor #nope',
            'docs/a.md:4: link "../../x.md": ../x.md is not in the repository',
        ]);
    });
});

describe('the documentation links', () => {
    test.each(FILES)('%s: every relative link and image, every link into the repository and every #anchor resolves', (file) => {
        expect(brokenLinks(file, REPOSITORY.read(file), REPOSITORY)).toEqual([]);
    });

    test('the README links to every guide in docs/', () => {
        const linked = new Set(linkedFiles('README.md', REPOSITORY.read('README.md')));
        expect(GUIDES.length).toBeGreaterThan(5);
        expect(GUIDES.filter((guide) => !linked.has(guide))).toEqual([]);
    });

    test("every guide is a page of the API site (typedoc.json's projectDocuments), and the README is its front page", () => {
        const typedoc = JSON.parse(REPOSITORY.read('typedoc.json')) as { projectDocuments?: string[]; readme?: string };
        expect([...(typedoc.projectDocuments ?? [])].sort()).toEqual(GUIDES);
        expect(typedoc.readme).toBe('README.md');
    });
});
