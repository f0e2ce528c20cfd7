// The README's links and images as the npm registry's page shows them: the registry renders the
// README of the tarball, where a relative link or image only works if the tarball has that file.
// Used by lint-package.mjs (`npm run lint:package`) and by test/package/readmeLinks.test.ts.
'use strict';
const { posix } = require('node:path');

/** Fenced code blocks and inline code spans are not links: blanked out, line numbers kept. */
function withoutCode(markdown) {
    return markdown
        .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
        .replace(/(`+)[^`\n][\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

/**
 * Every link and image target of a markdown text, with its line: inline links and images
 * `[text](target "title")`, reference definitions `[id]: target`, autolinks `<https://…>`, and
 * the `src` / `href` of HTML tags. Comments, code blocks and code spans are skipped.
 * @param {string} markdown
 * @returns {{ target: string, line: number, image: boolean }[]}
 */
function linkTargets(markdown) {
    const text = withoutCode(markdown.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' ')));
    const lineAt = (index) => text.slice(0, index).split('\n').length;
    const found = [];
    const patterns = [
        // ![alt](target "title") and [text](target): the target may be wrapped in <>.
        { re: /(!?)\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g, target: 2, image: (m) => m[1] === '!' },
        { re: /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm, target: 1, image: () => false },
        { re: /<((?:https?|mailto):[^>\s]+)>/g, target: 1, image: () => false },
        { re: /<(img|a|source|script|link)\b[^>]*?\b(?:src|href|srcset)\s*=\s*["']([^"']+)["']/gi, target: 2, image: (m) => /^(img|source)$/i.test(m[1]) },
    ];
    for (const { re, target, image } of patterns) {
        for (const match of text.matchAll(re)) found.push({ target: match[target], line: lineAt(match.index), image: image(match) });
    }
    return found.sort((a, b) => a.line - b.line);
}

/** A target that leaves the page: a URL with a scheme, protocol-relative, or an anchor of the page itself. */
function isExternal(target) {
    return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#');
}

/**
 * The README's relative links and images whose file the package does not ship.
 * @param {string} markdown the README's text
 * @param {string[]} files the package's files, as npm lists them (paths from the package root)
 * @returns {string[]} one message per broken link, naming its line
 */
function missingRelativeTargets(markdown, files) {
    const shipped = new Set(files.map((file) => posix.normalize(file)));
    const problems = [];
    for (const { target, line, image } of linkTargets(markdown)) {
        if (isExternal(target)) continue;
        const path = posix.normalize(decodeURI(target.replace(/[?#].*$/, '')).replace(/^\/+/, ''));
        const isDir = [...shipped].some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`));
        if (path.startsWith('..') || (!shipped.has(path) && !isDir)) {
            problems.push(
                `README.md:${line}: ${image ? 'image' : 'link'} "${target}" points to a file the package does not ship (make it an absolute URL, or ship it)`,
            );
        }
    }
    return problems;
}

module.exports = { linkTargets, missingRelativeTargets };
