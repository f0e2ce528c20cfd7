/**
 * The code blocks of the documentation (README.md and every guide in docs/), as the documentation
 * test checks them (test/readme/readme.test.ts).
 *
 * Every TypeScript block (```ts) must be preceded by a marker, an HTML comment the registry,
 * GitHub and the API site do not show, saying what the block is:
 *
 *   <!-- doc-check: program phaser3 -->       a complete program for that stack (phaser3: Phaser 3 +
 *                                             spine-phaser; phaser4: Phaser 4 + spine-phaser-v4):
 *                                             type-checked and run in Chromium on it
 *   <!-- doc-check: fragment; assumes x: number, y: number -->
 *                                             a piece of a scene: wrapped in a scene's create(), with
 *                                             the names it assumes declared, and type-checked on
 *                                             every stack
 *   <!-- doc-check: tsconfig phaser4 -->       (on a ```json block) compiler options the docs tell
 *                                             users of that stack to set: the check uses them
 *
 * (`readme-check:`, the marker's earlier name, is read the same.) A TypeScript block without a
 * marker is an error, so no new block escapes the check.
 *
 * `npx tsx test/readme/docBlocks.ts <outDir>` writes what would be compiled, per stack, into
 * outDir/<stack>/ (one file per block, named after its file and line), for a look or a manual tsc.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The stacks blocks can name (fixtures/stacks/stacks.cjs has their packages). */
export const DOC_STACKS = ['phaser3', 'phaser4'] as const;
export type DocStack = (typeof DOC_STACKS)[number];

/** The documentation's markdown files, from the repository root: README.md, then docs/*.md by name. */
export function docFiles(root = ROOT): string[] {
    const guides = readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs/${name}`);
    return ['README.md', ...guides];
}

export interface DocBlock {
    /** The markdown file it is in, from the repository root (`README.md`, `docs/legacy.md`). */
    file: string;
    /** 1-based line of the block's opening fence. */
    line: number;
    lang: string;
    code: string;
    kind: 'program' | 'fragment' | 'tsconfig';
    /** Stacks it is checked on. */
    stacks: DocStack[];
    /** For a fragment: the declarations of the names it assumes (`x: number`). */
    assumes: string[];
}

const MARKER = /^<!--\s*(?:doc|readme)-check:\s*(.*?)\s*-->$/;
const TS_LANGS = new Set(['ts', 'typescript']);

function parseMarker(text: string, where: string): Pick<DocBlock, 'kind' | 'stacks' | 'assumes'> {
    const [head = '', ...clauses] = text.split(';').map((part) => part.trim());
    const [kind = '', ...names] = head.split(/\s+/);
    const fail = (why: string): never => {
        throw new Error(`${where}: doc-check marker "${text}": ${why}`);
    };
    if (kind !== 'program' && kind !== 'fragment' && kind !== 'tsconfig') fail('the kind is program, fragment or tsconfig');
    for (const name of names) if (!(DOC_STACKS as readonly string[]).includes(name)) fail(`unknown stack ${name} (stacks: ${DOC_STACKS.join(', ')})`);
    if (kind !== 'fragment' && names.length !== 1) fail(`a ${kind} names exactly one stack`);
    const assumes: string[] = [];
    for (const clause of clauses) {
        const match = /^assumes\s+(.+)$/.exec(clause);
        if (!match) fail(`unknown clause "${clause}"`);
        if (kind !== 'fragment') fail('only a fragment assumes names');
        // Split on the commas between declarations, not those inside a type (`Map<string, number>`).
        let depth = 0;
        let current = '';
        for (const char of match![1]!) {
            if ('<([{'.includes(char)) depth++;
            if ('>)]}'.includes(char)) depth--;
            if (char === ',' && depth === 0) {
                assumes.push(current.trim());
                current = '';
            } else current += char;
        }
        if (current.trim()) assumes.push(current.trim());
    }
    for (const declaration of assumes) if (!/^[A-Za-z_$][\w$]*\s*:\s*\S/.test(declaration)) fail(`"${declaration}" is not \`name: Type\``);
    return { kind: kind as DocBlock['kind'], stacks: names.length ? (names as DocStack[]) : [...DOC_STACKS], assumes };
}

/**
 * The marked blocks of one markdown file (`file` names it in errors and in the blocks); throws on
 * a TypeScript block without a marker, or a marker without a block.
 */
export function docBlocks(markdown: string, file = 'README.md'): DocBlock[] {
    const lines = markdown.split('\n');
    const blocks: DocBlock[] = [];
    let pending: { text: string; line: number } | null = null;
    for (let i = 0; i < lines.length; i++) {
        const text = lines[i]!.trim();
        const marker = MARKER.exec(text);
        if (marker) {
            if (pending) throw new Error(`${file}:${pending.line}: doc-check marker with no code block after it`);
            pending = { text: marker[1]!, line: i + 1 };
            continue;
        }
        const fence = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(text);
        if (!fence) {
            if (pending && text !== '') throw new Error(`${file}:${pending.line}: doc-check marker with no code block right after it`);
            continue;
        }
        const close = lines.findIndex((candidate, j) => j > i && candidate.trim().startsWith(fence[1]!) && candidate.trim().replace(/[`~]/g, '') === '');
        if (close < 0) throw new Error(`${file}:${i + 1}: code block never closed`);
        const lang = fence[2]!.toLowerCase();
        const code = lines.slice(i + 1, close).join('\n') + '\n';
        if (pending) {
            const parsed = parseMarker(pending.text, `${file}:${pending.line}`);
            const wanted = parsed.kind === 'tsconfig' ? 'json' : 'ts';
            if ((wanted === 'ts') !== TS_LANGS.has(lang) || (wanted === 'json' && lang !== 'json')) {
                throw new Error(`${file}:${pending.line}: a ${parsed.kind} marker goes before a \`\`\`${wanted} block, not \`\`\`${lang}`);
            }
            blocks.push({ file, line: i + 1, lang, code, ...parsed });
            pending = null;
        } else if (TS_LANGS.has(lang)) {
            throw new Error(`${file}:${i + 1}: a TypeScript block without a doc-check marker (program, fragment; see test/readme/docBlocks.ts)`);
        }
        i = close;
    }
    if (pending) throw new Error(`${file}:${pending.line}: doc-check marker with no code block after it`);
    return blocks;
}

/** The marked blocks of every documentation file (`docFiles()`), in file order. */
export function allDocBlocks(root = ROOT): DocBlock[] {
    return docFiles(root).flatMap((file) => docBlocks(readFileSync(join(root, file), 'utf8'), file));
}

/** A source file of the check: a block as compiled. */
export interface CompileUnit {
    /** `README-L<line>.ts`, `docs-legacy-L<line>.ts`: errors name the file and line. */
    file: string;
    block: DocBlock;
    text: string;
}

/** An import statement at the top of a fragment (single or multi-line). */
const IMPORT = /^import\s[\s\S]*?from\s+['"][^'"]+['"];?\s*$|^import\s+['"][^'"]+['"];?\s*$/gm;

/** Where a block is, as a name for its compiled file: `README-L57`, `docs-legacy-L9`. */
export function unitName(block: Pick<DocBlock, 'file' | 'line'>): string {
    return `${block.file.replace(/\.md$/, '').replace(/[^\w-]+/g, '-')}-L${block.line}`;
}

/**
 * A fragment as a module: its imports on top, the rest in the `create()` of a scene, after the
 * names it assumes (declared, not defined: it is type-checked, never run).
 */
export function wrapFragment(block: DocBlock): string {
    const imports = block.code.match(IMPORT) ?? [];
    const body = block.code.replace(IMPORT, '').trim();
    const indent = (text: string): string =>
        text
            .split('\n')
            .map((line) => (line ? `        ${line}` : line))
            .join('\n');
    return [
        `// ${block.file} line ${block.line}: a fragment, in a scene's create().`,
        ...imports.map((line) => line.trim()),
        // Its own name for Phaser, so that the fragment's imports (or their absence) are its own.
        "import * as DocCheckPhaser from 'phaser';",
        '',
        `export class DocFragment${block.line} extends DocCheckPhaser.Scene {`,
        '    create(): void {',
        ...block.assumes.map((declaration) => `        let ${declaration.replace(/^([A-Za-z_$][\w$]*)\s*:/, '$1!:')};`),
        indent(body),
        '    }',
        '}',
        '',
    ].join('\n');
}

/** What the check compiles on `stack`: its programs as they are, and every fragment wrapped. */
export function compileUnits(blocks: DocBlock[], stack: DocStack): CompileUnit[] {
    return blocks
        .filter((block) => block.kind !== 'tsconfig' && block.stacks.includes(stack))
        .map((block) => ({
            file: `${unitName(block)}.ts`,
            block,
            text: block.kind === 'program' ? `// ${block.file} line ${block.line}: a program.\n${block.code}` : wrapFragment(block),
        }));
}

/** The compiler options the docs give users of `stack` (their tsconfig blocks' compilerOptions), merged. */
export function docCompilerOptions(blocks: DocBlock[], stack: DocStack): Record<string, unknown> {
    const options: Record<string, unknown> = {};
    for (const block of blocks.filter((b) => b.kind === 'tsconfig' && b.stacks.includes(stack))) {
        let json: { compilerOptions?: Record<string, unknown> };
        try {
            json = JSON.parse(block.code) as typeof json;
        } catch (error) {
            throw new Error(`${block.file}:${block.line}: the tsconfig block is not JSON: ${(error as Error).message}`, { cause: error });
        }
        Object.assign(options, json.compilerOptions);
    }
    return options;
}

if (require.main === module) {
    const outDir = process.argv[2];
    if (!outDir) {
        console.error('usage: npx tsx test/readme/docBlocks.ts <outDir>');
        process.exit(1);
    }
    const blocks = allDocBlocks();
    for (const stack of DOC_STACKS) {
        const dir = join(outDir, stack);
        mkdirSync(dir, { recursive: true });
        for (const unit of compileUnits(blocks, stack)) writeFileSync(join(dir, unit.file), unit.text);
        writeFileSync(join(dir, 'doc-compilerOptions.json'), JSON.stringify(docCompilerOptions(blocks, stack), null, 2) + '\n');
    }
    for (const block of blocks)
        console.log(
            `${block.file}:${block.line}: ${block.kind} (${block.stacks.join(', ')})${block.assumes.length ? `, assumes ${block.assumes.join(', ')}` : ''}`,
        );
}
