/**
 * The README's code blocks, as the README test checks them (test/readme/readme.test.ts).
 *
 * Every TypeScript block (```ts) must be preceded by a marker, an HTML comment the registry and
 * GitHub do not show, saying what the block is:
 *
 *   <!-- readme-check: program phaser3 -->    a complete program for that stack (phaser3: Phaser 3 +
 *                                             spine-phaser; phaser4: Phaser 4 + spine-phaser-v4):
 *                                             type-checked and run in Chromium on it
 *   <!-- readme-check: fragment; assumes x: number, y: number -->
 *                                             a piece of a scene: wrapped in a scene's create(), with
 *                                             the names it assumes declared, and type-checked on
 *                                             every stack
 *   <!-- readme-check: tsconfig phaser4 -->    (on a ```json block) compiler options the README tells
 *                                             users of that stack to set: the check uses them
 *
 * A TypeScript block without a marker is an error, so no new block escapes the check.
 *
 * `npx tsx test/readme/readmeBlocks.ts <outDir>` writes what would be compiled, per stack, into
 * outDir/<stack>/ (one file per block, named after its README line), for a look or a manual tsc.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stacks blocks can name (fixtures/stacks/stacks.cjs has their packages). */
export const README_STACKS = ['phaser3', 'phaser4'] as const;
export type ReadmeStack = (typeof README_STACKS)[number];

export interface ReadmeBlock {
    /** 1-based line of the block's opening fence. */
    line: number;
    lang: string;
    code: string;
    kind: 'program' | 'fragment' | 'tsconfig';
    /** Stacks it is checked on. */
    stacks: ReadmeStack[];
    /** For a fragment: the declarations of the names it assumes (`x: number`). */
    assumes: string[];
}

const MARKER = /^<!--\s*readme-check:\s*(.*?)\s*-->$/;
const TS_LANGS = new Set(['ts', 'typescript']);

function parseMarker(text: string, line: number): Pick<ReadmeBlock, 'kind' | 'stacks' | 'assumes'> {
    const [head = '', ...clauses] = text.split(';').map((part) => part.trim());
    const [kind = '', ...names] = head.split(/\s+/);
    const fail = (why: string): never => {
        throw new Error(`README.md:${line}: readme-check marker "${text}": ${why}`);
    };
    if (kind !== 'program' && kind !== 'fragment' && kind !== 'tsconfig') fail('the kind is program, fragment or tsconfig');
    for (const name of names) if (!(README_STACKS as readonly string[]).includes(name)) fail(`unknown stack ${name} (stacks: ${README_STACKS.join(', ')})`);
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
    return { kind: kind as ReadmeBlock['kind'], stacks: names.length ? (names as ReadmeStack[]) : [...README_STACKS], assumes };
}

/** The README's marked blocks; throws on a TypeScript block without a marker, or a marker without a block. */
export function readmeBlocks(markdown: string): ReadmeBlock[] {
    const lines = markdown.split('\n');
    const blocks: ReadmeBlock[] = [];
    let pending: { text: string; line: number } | null = null;
    for (let i = 0; i < lines.length; i++) {
        const text = lines[i]!.trim();
        const marker = MARKER.exec(text);
        if (marker) {
            if (pending) throw new Error(`README.md:${pending.line}: readme-check marker with no code block after it`);
            pending = { text: marker[1]!, line: i + 1 };
            continue;
        }
        const fence = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(text);
        if (!fence) {
            if (pending && text !== '') throw new Error(`README.md:${pending.line}: readme-check marker with no code block right after it`);
            continue;
        }
        const close = lines.findIndex((candidate, j) => j > i && candidate.trim().startsWith(fence[1]!) && candidate.trim().replace(/[`~]/g, '') === '');
        if (close < 0) throw new Error(`README.md:${i + 1}: code block never closed`);
        const lang = fence[2]!.toLowerCase();
        const code = lines.slice(i + 1, close).join('\n') + '\n';
        if (pending) {
            const parsed = parseMarker(pending.text, pending.line);
            const wanted = parsed.kind === 'tsconfig' ? 'json' : 'ts';
            if ((wanted === 'ts') !== TS_LANGS.has(lang) || (wanted === 'json' && lang !== 'json')) {
                throw new Error(`README.md:${pending.line}: a ${parsed.kind} marker goes before a \`\`\`${wanted} block, not \`\`\`${lang}`);
            }
            blocks.push({ line: i + 1, lang, code, ...parsed });
            pending = null;
        } else if (TS_LANGS.has(lang)) {
            throw new Error(`README.md:${i + 1}: a TypeScript block without a readme-check marker (program, fragment; see test/readme/readmeBlocks.ts)`);
        }
        i = close;
    }
    if (pending) throw new Error(`README.md:${pending.line}: readme-check marker with no code block after it`);
    return blocks;
}

/** A source file of the check: a block as compiled. */
export interface CompileUnit {
    /** `readme-L<line>.ts`: errors name the README line. */
    file: string;
    block: ReadmeBlock;
    text: string;
}

/** An import statement at the top of a fragment (single or multi-line). */
const IMPORT = /^import\s[\s\S]*?from\s+['"][^'"]+['"];?\s*$|^import\s+['"][^'"]+['"];?\s*$/gm;

/**
 * A fragment as a module: its imports on top, the rest in the `create()` of a scene, after the
 * names it assumes (declared, not defined: it is type-checked, never run).
 */
export function wrapFragment(block: ReadmeBlock): string {
    const imports = block.code.match(IMPORT) ?? [];
    const body = block.code.replace(IMPORT, '').trim();
    const indent = (text: string): string =>
        text
            .split('\n')
            .map((line) => (line ? `        ${line}` : line))
            .join('\n');
    return [
        `// README.md line ${block.line}: a fragment, in a scene's create().`,
        ...imports.map((line) => line.trim()),
        // Its own name for Phaser, so that the fragment's imports (or their absence) are its own.
        "import * as ReadmeCheckPhaser from 'phaser';",
        '',
        `export class ReadmeFragment${block.line} extends ReadmeCheckPhaser.Scene {`,
        '    create(): void {',
        ...block.assumes.map((declaration) => `        let ${declaration.replace(/^([A-Za-z_$][\w$]*)\s*:/, '$1!:')};`),
        indent(body),
        '    }',
        '}',
        '',
    ].join('\n');
}

/** What the check compiles on `stack`: its programs as they are, and every fragment wrapped. */
export function compileUnits(blocks: ReadmeBlock[], stack: ReadmeStack): CompileUnit[] {
    return blocks
        .filter((block) => block.kind !== 'tsconfig' && block.stacks.includes(stack))
        .map((block) => ({
            file: `readme-L${block.line}.ts`,
            block,
            text: block.kind === 'program' ? `// README.md line ${block.line}: a program.\n${block.code}` : wrapFragment(block),
        }));
}

/** The compiler options the README gives users of `stack` (its tsconfig blocks' compilerOptions), merged. */
export function readmeCompilerOptions(blocks: ReadmeBlock[], stack: ReadmeStack): Record<string, unknown> {
    const options: Record<string, unknown> = {};
    for (const block of blocks.filter((b) => b.kind === 'tsconfig' && b.stacks.includes(stack))) {
        let json: { compilerOptions?: Record<string, unknown> };
        try {
            json = JSON.parse(block.code) as typeof json;
        } catch (error) {
            throw new Error(`README.md:${block.line}: the tsconfig block is not JSON: ${(error as Error).message}`, { cause: error });
        }
        Object.assign(options, json.compilerOptions);
    }
    return options;
}

if (require.main === module) {
    const outDir = process.argv[2];
    if (!outDir) {
        console.error('usage: npx tsx test/readme/readmeBlocks.ts <outDir>');
        process.exit(1);
    }
    const blocks = readmeBlocks(readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8'));
    for (const stack of README_STACKS) {
        const dir = join(outDir, stack);
        mkdirSync(dir, { recursive: true });
        for (const unit of compileUnits(blocks, stack)) writeFileSync(join(dir, unit.file), unit.text);
        writeFileSync(join(dir, 'readme-compilerOptions.json'), JSON.stringify(readmeCompilerOptions(blocks, stack), null, 2) + '\n');
    }
    for (const block of blocks)
        console.log(
            `README.md:${block.line}: ${block.kind} (${block.stacks.join(', ')})${block.assumes.length ? `, assumes ${block.assumes.join(', ')}` : ''}`,
        );
}
