/**
 * The code of the documentation's examples (the blocks of README.md and docs/*.md, the TSDoc's `@example`s), taken
 * from the files themselves and run on a real stack: what a user copies is what is tested.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { allDocBlocks, type DocBlock } from '../readme/docBlocks';

const ROOT = join(__dirname, '..', '..');

/** The fragments of the README and the guides (pieces of a scene's `create()`, see docBlocks.ts) whose code passes `select`. */
export function docFragments(select: (code: string) => boolean): DocBlock[] {
    return allDocBlocks(ROOT).filter((block) => block.kind === 'fragment' && select(block.code));
}

/**
 * The code blocks of the TSDoc comment right above the first line of `file` (from the repository
 * root) that starts with `declaration` (after indentation), e.g. `despawn(` or `export interface PoolHooks`.
 */
export function tsdocExamples(file: string, declaration: string): string[] {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    const at = lines.findIndex((line) => line.trimStart().startsWith(declaration));
    if (at === -1) throw new Error(`${file}: no line starts with ${declaration}`);
    if (!lines[at - 1]?.trim().endsWith('*/')) throw new Error(`${file}:${at + 1}: ${declaration} has no TSDoc comment right above it`);
    let start = at - 1;
    while (start > 0 && !lines[start]!.trim().startsWith('/**')) start--;
    const comment = lines.slice(start, at).map((line) => line.replace(/^\s*\/?\*+\/?\s?/, ''));
    const blocks: string[] = [];
    for (let i = 0; i < comment.length; i++) {
        if (comment[i]!.trim() !== '```ts') continue;
        const end = comment.findIndex((line, j) => j > i && line.trim() === '```');
        if (end === -1) throw new Error(`${file}: an example of ${declaration} is never closed`);
        blocks.push(comment.slice(i + 1, end).join('\n') + '\n');
        i = end;
    }
    return blocks;
}

/** An import statement (single or multi-line). */
const IMPORT = /^import\s[\s\S]*?from\s+['"][^'"]+['"];?\s*$|^import\s+['"][^'"]+['"];?\s*$/gm;

/**
 * Runs an example's code as the body of a scene method: `this` is `scene`, `names` are the names
 * it assumes or imports (its import statements are dropped: give what they import in `names`).
 * TypeScript is compiled to JavaScript first (types erased, nothing checked: the documentation
 * test, test/readme, type-checks the docs' blocks).
 */
export function runExample(code: string, scene: object, names: Record<string, unknown>): void {
    const body = code.replace(IMPORT, '');
    const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.None } }).outputText;
    new Function(...Object.keys(names), js).call(scene, ...Object.values(names));
}
