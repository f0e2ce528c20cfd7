// `npm run lint:package`: publint and arethetypeswrong on the tarball npm would publish.
// `node test/package/lint-package.mjs [tarball]` lints that tarball; without one it runs
// `npm pack` (dist/ must be built: `npm run build`) into a temporary folder first.
// Exits non-zero on any error or warning of either tool.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

let tarball = process.argv[2];
let scratch = null;
if (!tarball) {
    scratch = mkdtempSync(join(tmpdir(), 'spine-pool-pack-'));
    const output = execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    tarball = join(scratch, JSON.parse(output)[0].filename);
}

let failed = false;
for (const [tool, args] of [
    // --strict: warnings count as errors.
    ['publint', ['run', tarball, '--strict']],
    // The default profile: node10, node16 (CJS and ESM) and bundler resolution.
    ['attw', [tarball, '--format', 'ascii']],
]) {
    try {
        execFileSync(bin(tool), args, { cwd: root, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
    } catch {
        failed = true;
        console.error(`lint:package: ${tool} reported problems with ${tarball}`);
    }
}
if (scratch) rmSync(scratch, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
