/**
 * The links of the documentation (README.md and docs/*.md) checked without a network, as GitHub
 * shows them: a relative link or image must name a file or folder of the repository, and an
 * absolute link into this repository's own files on GitHub (`github.com/<repo>/blob/main/...`,
 * `tree/main/...`, `raw.githubusercontent.com/<repo>/main/...`, the form the README uses for files
 * the package does not ship) is checked as the same relative path; an `#anchor` into a markdown
 * file must be one of its headings' anchors as GitHub makes them (`githubSlug`). Other URLs are not
 * fetched. Used by test/unit/docLinks.test.ts.
 */
import { posix } from 'node:path';
import { linkTargets } from '../package/readmeLinks.cjs';

/** The repository on GitHub, as package.json's `repository` names it. */
export const REPOSITORY = 'phaser-spine-pool/phaser-spine-pool';

const OWN_FILE = new RegExp(
    `^https://(?:github\\.com/${REPOSITORY}/(?:blob|tree)/main|raw\\.githubusercontent\\.com/${REPOSITORY}/main)(?:/([^#?]*))?(?:\\?[^#]*)?(?:#(.*))?$`,
);

/**
 * The anchor GitHub gives a heading (github-slugger): its text as rendered, lower-cased, without
 * anything but letters, marks, digits, connector punctuation (`_`), spaces and hyphens; spaces
 * become hyphens. A repeated heading gets `-1`, `-2`, ... (see `anchorsOf`).
 */
export function githubSlug(heading: string): string {
    const rendered = heading
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url), ![alt](src)
        .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1') // [text][label]
        .replace(/<[^>]+>/g, '') // HTML tags
        .replace(/`([^`]*)`/g, '$1') // code spans keep their text
        .replace(/(\*\*|__|\*)(.+?)\1/g, '$2'); // emphasis
    return rendered
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
}

/** Fenced code blocks blanked out, line numbers kept. */
function withoutFences(markdown: string): string {
    return markdown.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/** The anchors of a markdown file: each ATX heading's (numbered as GitHub numbers repeats), and the `id` / `name` of HTML tags. */
export function anchorsOf(markdown: string): Set<string> {
    const text = withoutFences(markdown.replace(/<!--[\s\S]*?-->/g, ''));
    const anchors = new Set<string>();
    const seen = new Map<string, number>();
    for (const [, heading] of text.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
        const slug = githubSlug(heading!);
        const count = seen.get(slug) ?? 0;
        seen.set(slug, count + 1);
        anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const [, id] of text.matchAll(/<[a-z][^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(id!);
    return anchors;
}

/** Reference-style uses (`[text][label]`, `[label][]`) whose label no `[label]: target` defines: GitHub would show them as text. */
export function undefinedReferences(markdown: string): string[] {
    const text = withoutFences(markdown.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '))).replace(/(`+)[^`\n][\s\S]*?\1/g, (span) =>
        span.replace(/[^\n]/g, ' '),
    );
    const defined = new Set([...text.matchAll(/^ {0,3}\[([^\]]+)\]:/gm)].map((match) => match[1]!.toLowerCase()));
    const problems: string[] = [];
    for (const match of text.matchAll(/\[((?:[^[\]]|\[[^\]]*\])*)\]\[([^\]]*)\]/g)) {
        const label = (match[2] || match[1]!).toLowerCase();
        if (!defined.has(label))
            problems.push(`line ${text.slice(0, match.index).split('\n').length}: [${match[1]}][${match[2]}] has no definition [${label}]: ...`);
    }
    return problems;
}

/** A link's target inside the repository: its path from the root and its anchor; null when it leaves the repository. */
export function resolveTarget(from: string, target: string): { path: string; anchor: string | null } | null {
    if (target.startsWith('#')) return { path: from, anchor: decodeURIComponent(target.slice(1)) };
    const own = OWN_FILE.exec(target);
    if (own)
        return { path: posix.normalize(decodeURI(own[1] ?? '') || '.').replace(/\/$/, ''), anchor: own[2] === undefined ? null : decodeURIComponent(own[2]) };
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
    const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
    const path = posix.normalize(posix.join(posix.dirname(from), decodeURI(pathPart.replace(/\?.*$/, '')))).replace(/\/$/, '');
    return { path, anchor: anchor === undefined ? null : decodeURIComponent(anchor) };
}

/** What the check needs of the repository: whether a path (from the root) is a file or folder, and a markdown file's text. */
export interface Repository {
    exists(path: string): boolean;
    read(path: string): string;
}

/** Every broken link, image and anchor of `file` (a path from the root), one message each, naming its line. */
export function brokenLinks(file: string, markdown: string, repository: Repository): string[] {
    const problems = undefinedReferences(markdown).map((problem) => `${file}: ${problem}`);
    const anchors = new Map<string, Set<string>>();
    for (const { target, line, image } of linkTargets(markdown)) {
        const at = `${file}:${line}: ${image ? 'image' : 'link'} "${target}"`;
        const resolved = resolveTarget(file, target);
        if (!resolved) continue;
        const { path, anchor } = resolved;
        if (path.startsWith('..') || !repository.exists(path)) {
            problems.push(`${at}: ${path} is not in the repository`);
            continue;
        }
        if (anchor === null || anchor === '') continue;
        if (!path.endsWith('.md')) continue; // an anchor into source (#L10) or a page: not a heading
        let known = anchors.get(path);
        if (!known) anchors.set(path, (known = anchorsOf(path === file ? markdown : repository.read(path))));
        if (!known.has(anchor)) {
            const near = [...known].filter((candidate) => candidate.includes(anchor.split('-')[0]!) || anchor.includes(candidate)).slice(0, 3);
            problems.push(`${at}: ${path} has no heading with the anchor #${anchor}${near.length ? ` (it has #${near.join(', #')})` : ''}`);
        }
    }
    return problems;
}

/** The repository files (paths from the root) that `markdown`, read as `file`, links to, anchors dropped. */
export function linkedFiles(file: string, markdown: string): string[] {
    return linkTargets(markdown)
        .map(({ target }) => resolveTarget(file, target)?.path)
        .filter((path): path is string => path !== undefined);
}
