/**
 * The options' docs say what the record says (plugin/options.ts, src/options.ts): every option the
 * record has, with its default, in the TSDoc an IDE shows on `SpinePoolOptions` (its `@default`)
 * and in the options guide's table (docs/options.md; the README's "at a glance" table names only
 * options that exist); nothing else.
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

/** The options guide's table: [the names of a row, the defaults it gives them]. */
function guideRows(): [string[], string[]][] {
    const guide = readFileSync(resolve(ROOT, 'docs/options.md'), 'utf8');
    const start = guide.indexOf('| option | default | meaning |');
    if (start < 0) throw new Error('docs/options.md: no "| option | default | meaning |" table');
    const table = guide.slice(start, guide.indexOf('\n\n', start));
    return table
        .split('\n')
        .slice(2)
        .map((row) => {
            const [names, defaults] = row.split(' | ');
            const codes = (cell: string) => cell.split(' / ').map((part) => /`([^`]+)`/.exec(part)?.[1] ?? part);
            return [codes(names.replace(/^\| /, '')), codes(defaults)];
        });
}

/** The options the README's "Options at a glance" table sets: the names of its code spans written as an option (`maxFree`, `offscreen: 'pause'`), not as a call. */
function glanceNames(): string[] {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('| to | set |');
    if (start < 0) throw new Error('README.md: no "| to | set |" table under "Options at a glance"');
    const table = readme.slice(start, readme.indexOf('\n\n', start));
    const names: string[] = [];
    for (const row of table.split('\n').slice(2)) {
        const set = row.split(' | ')[1] ?? '';
        for (const [, code] of set.matchAll(/`([^`]+)`/g)) {
            const option = /^([A-Za-z]\w*)(?::|$)/.exec(code!);
            if (option) names.push(option[1]!);
        }
    }
    return names;
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

    test("the options guide's table (docs/options.md) has every option once, with the record's default", () => {
        const rows = guideRows();
        for (const [names, defaults] of rows) expect(defaults.length).toBe(names.length);
        const table = rows.flatMap(([names, defaults]) => names.map((name, i) => [name, defaults[i]]));
        expect(table.map(([name]) => name).sort()).toEqual([...NAMES].sort());
        for (const [name, given] of table) expect([name, given]).toEqual([name, written(DEFAULTS[name])]);
    });

    test('the README\'s "Options at a glance" names options that exist', () => {
        const names = glanceNames();
        expect(names.length).toBeGreaterThan(5);
        expect(names.filter((name) => !NAMES.includes(name))).toEqual([]);
    });
});
