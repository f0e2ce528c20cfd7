/**
 * The layout holds (ARCHITECTURE.md): src/ is free of any engine and of Spine, spine/ uses
 * spine-core only (any spine-ts runtime, no Phaser), plugin/ is the Phaser side; and no module
 * imports itself back through others.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const LAYERS = ['src', 'spine', 'plugin'] as const;

function sources(dir: string): string[] {
    const out: string[] = [];
    for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) out.push(...sources(path));
        else if (name.endsWith('.ts')) out.push(path);
    }
    return out;
}

/** Every `import ... from '...'` / `export ... from '...'` of a file: [specifier, type-only]. */
function imports(file: string): [string, boolean][] {
    const text = readFileSync(file, 'utf8');
    const found: [string, boolean][] = [];
    const re = /^(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms;
    for (let m = re.exec(text); m; m = re.exec(text)) found.push([m[3], Boolean(m[2])]);
    for (const m of text.matchAll(/^import\s+'([^']+)'/gm)) found.push([m[1], false]);
    return found;
}

const files = LAYERS.flatMap((layer) => sources(join(ROOT, layer)));
const layerOf = (file: string) => relative(ROOT, file).split('/')[0];

function resolveLocal(from: string, specifier: string): string | null {
    if (!specifier.startsWith('.')) return null;
    const base = resolve(dirname(from), specifier);
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (files.includes(candidate)) return candidate;
    return null;
}

describe('layout', () => {
    test.each(files.filter((f) => layerOf(f) === 'src').map((f) => [relative(ROOT, f), f]))(
        '%s imports nothing outside src/ (no engine, no Spine)',
        (_name, file) => {
            for (const [specifier] of imports(file)) {
                expect(specifier.startsWith('.')).toBe(true);
                expect(layerOf(resolveLocal(file, specifier) ?? '')).toBe('src');
            }
        },
    );

    test.each(files.filter((f) => layerOf(f) === 'spine').map((f) => [relative(ROOT, f), f]))(
        '%s imports only src/, spine/ and spine-core types (no Phaser)',
        (_name, file) => {
            for (const [specifier, typeOnly] of imports(file)) {
                if (!specifier.startsWith('.')) {
                    expect([specifier, typeOnly]).toEqual(['@esotericsoftware/spine-core', true]);
                    continue;
                }
                expect(['src', 'spine']).toContain(layerOf(resolveLocal(file, specifier) ?? ''));
            }
        },
    );

    test('no module imports itself back through others, not even for types', () => {
        const graph = new Map<string, string[]>();
        for (const file of files) {
            graph.set(
                file,
                imports(file)
                    .map(([s]) => resolveLocal(file, s))
                    .filter((f): f is string => f !== null),
            );
        }
        const cycles: string[] = [];
        const state = new Map<string, 'open' | 'done'>();
        const path: string[] = [];
        const visit = (file: string) => {
            state.set(file, 'open');
            path.push(file);
            for (const next of graph.get(file) ?? []) {
                if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(ROOT, f)).join(' -> '));
                else if (!state.has(next)) visit(next);
            }
            path.pop();
            state.set(file, 'done');
        };
        for (const file of files) if (!state.has(file)) visit(file);
        expect(cycles).toEqual([]);
    });
});
