/**
 * Drawing keeps no state in its modules (ARCHITECTURE.md, plugin/draw/): what drawing holds (GL
 * objects, the atlas, scratch, the batch hooks) lives on the owner of drawing of a renderer
 * (plugin/draw/Drawing.ts), so nothing outlives a game or is shared by two games in one page. A
 * module of plugin/draw/ declares at its top level only constants that cannot change: literals,
 * functions, `as const` tables, frozen values, symbols; no `let`/`var`, no object made with `new`,
 * no array or object that can be written, no writable static field.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as ts from 'typescript';

const DRAW = resolve(__dirname, '../../plugin/draw');

/** Whether `node`, a top-level initializer, is a value that cannot change. */
function constant(node: ts.Expression): boolean {
    if (ts.isParenthesizedExpression(node)) return constant(node.expression);
    if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
        const type = node.type;
        if (ts.isTypeReferenceNode(type) && type.typeName.getText() === 'const') return true;
        return constant(node.expression);
    }
    if (ts.isNumericLiteral(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return true;
    if (ts.isPrefixUnaryExpression(node)) return constant(node.operand);
    if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isIdentifier(node)) return true;
    if (ts.isBinaryExpression(node)) return constant(node.left) && constant(node.right);
    if (ts.isCallExpression(node)) {
        const callee = node.expression.getText();
        return callee === 'Object.freeze' || callee === 'Symbol';
    }
    return false;
}

/** The top-level declarations of `file` that hold state, as `line: text`. */
function stateOf(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const at = (node: ts.Node): string => `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().split('\n')[0]}`;
    for (const statement of source.statements) {
        if (ts.isVariableStatement(statement)) {
            if ((statement.declarationList.flags & ts.NodeFlags.Const) === 0) found.push(at(statement));
            else
                for (const declaration of statement.declarationList.declarations)
                    if (declaration.initializer && !constant(declaration.initializer)) found.push(at(declaration));
        }
        if (ts.isClassDeclaration(statement)) {
            for (const member of statement.members) {
                const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
                const isStatic = modifiers.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
                const readonly = modifiers.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword);
                if (isStatic && ts.isPropertyDeclaration(member) && !(readonly && member.initializer && constant(member.initializer))) found.push(at(member));
            }
        }
    }
    return found;
}

describe('plugin/draw/ keeps no state in its modules', () => {
    const files = readdirSync(DRAW).filter((name) => name.endsWith('.ts'));

    test('there are modules to read', () => {
        expect(files).toEqual(expect.arrayContaining(['Drawing.ts', 'PooledDraw.ts', 'gpuCrowd.ts', 'sampleAtlas.ts', 'slots.ts']));
    });

    test.each(files)('%s declares only constants that cannot change at its top level', (name) => {
        expect(stateOf(join(DRAW, name))).toEqual([]);
    });

    test('the check finds state: a let, a typed array, a map, an array, a writable static', () => {
        const probe = join(__dirname, 'drawState.sample.txt');
        const sample = [
            'let last: object | null = null;',
            'const scratch = new Float32Array(8);',
            'const crowds = new WeakMap<object, object>();',
            'const list = [1, 2];',
            'const table = { a: 1 };',
            'const names = (() => [1])();',
            'class A { static last = null; }',
            'const fine = [1, 2] as const;',
            "const tag = Symbol('x');",
            'const frozen = Object.freeze([1]);',
            'const f = (x: number) => x;',
        ].join('\n');
        const source = ts.createSourceFile(probe, sample, ts.ScriptTarget.Latest, true);
        const flagged: string[] = [];
        for (const statement of source.statements) {
            if (ts.isVariableStatement(statement)) {
                const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
                for (const d of statement.declarationList.declarations)
                    if (!isConst || (d.initializer && !constant(d.initializer))) flagged.push(d.name.getText());
            } else if (ts.isClassDeclaration(statement)) flagged.push(statement.name?.getText() ?? '');
        }
        expect(flagged).toEqual(['last', 'scratch', 'crowds', 'list', 'table', 'names', 'A']);
    });
});
