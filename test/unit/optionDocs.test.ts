/**
 * The options' docs say what the record says (plugin/options.ts, src/options.ts): every option the
 * record has, with its default, in the TSDoc an IDE shows on `SpinePoolOptions` (its `@default`)
 * and in the README's options table; nothing else.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { defaultOptions, OPTIONS } from '../../plugin/options';

const ROOT = resolve(__dirname, '../..');
const NAMES = Object.keys(OPTIONS);
const DEFAULTS: Record<string, unknown> = defaultOptions();

/** A default as the docs write it: `'events'`, `1000`, `Infinity`, `null`, `true`. */
function written(value: unknown): string {
    return typeof value === 'string' ? `'${value}'` : String(value);
}

/** What the TypeScript checker (so an IDE's hover) shows on each member of `SpinePoolOptions`: its doc and its `@default`. */
function typeDocs(): { name: string; doc: string; defaultTag: string | undefined }[] {
    const file = resolve(ROOT, 'plugin/options.ts');
    const program = ts.createProgram([file], {
        strict: true,
        target: ts.ScriptTarget.ES2020,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        module: ts.ModuleKind.ESNext,
        noEmit: true,
        types: [],
    });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(file)!;
    const alias = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'SpinePoolOptions')!;
    return checker.getPropertiesOfType(checker.getTypeAtLocation(alias.name)).map((member) => ({
        name: member.name,
        doc: ts.displayPartsToString(member.getDocumentationComment(checker)),
        defaultTag: member
            .getJsDocTags(checker)
            .find((tag) => tag.name === 'default')
            ?.text?.map((part) => part.text)
            .join(''),
    }));
}

/** The README's options table: [the names of a row, the defaults it gives them]. */
function readmeRows(): [string[], string[]][] {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n### Options\n'));
    const table = section.slice(section.indexOf('| option | default | meaning |'), section.indexOf('\n\n', section.indexOf('| option |')));
    return table
        .split('\n')
        .slice(2)
        .map((row) => {
            const [names, defaults] = row.split(' | ');
            const codes = (cell: string) => cell.split(' / ').map((part) => /`([^`]+)`/.exec(part)?.[1] ?? part);
            return [codes(names.replace(/^\| /, '')), codes(defaults)];
        });
}

describe("the options' docs and the record", () => {
    const docs = typeDocs();

    test('SpinePoolOptions has exactly the options of the record, in its order', () => {
        expect(docs.map((d) => d.name)).toEqual(NAMES);
    });

    test.each(NAMES)('%s: its TSDoc (an IDE hover) has a doc and the default the record gives', (name) => {
        const doc = docs.find((d) => d.name === name)!;
        expect(doc.doc.length).toBeGreaterThan(20);
        // `dev`'s default follows the build ("true, unless ..."): its first word is the default here.
        expect(doc.defaultTag?.split(/,\s/)[0]).toBe(written(DEFAULTS[name]));
    });

    test("the README's options table has every option once, with the record's default", () => {
        const rows = readmeRows();
        for (const [names, defaults] of rows) expect(defaults.length).toBe(names.length);
        const table = rows.flatMap(([names, defaults]) => names.map((name, i) => [name, defaults[i]]));
        expect(table.map(([name]) => name).sort()).toEqual([...NAMES].sort());
        for (const [name, given] of table) expect([name, given]).toEqual([name, written(DEFAULTS[name])]);
    });
});
