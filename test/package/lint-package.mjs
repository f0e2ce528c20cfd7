// `npm run lint:package`: publint and arethetypeswrong on the tarball npm would publish, and the
// README's links as the registry's page shows them (a relative link or image must be in the
// tarball). `node test/package/lint-package.mjs [tarball]` lints that tarball; without one it runs
// `npm pack` (dist/ must be built: `npm run build`) into a temporary folder first.
// Exits non-zero on any error or warning of either tool, or on a README link the tarball lacks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import readmeLinks from './readmeLinks.cjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

let tarball = process.argv[2];
let scratch = null;
if (!tarball) {
    scratch = mkdtempSync(join(tmpdir(), 'spine-pool-pack-'));
    const output = execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
    });
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
// The registry shows the tarball's README: its relative links and images must be in the tarball.
const tar = (...args) => execFileSync('tar', [...args, tarball], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const files = tar('-tzf')
    .split('\n')
    .filter((line) => line && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
const readme = execFileSync('tar', ['-xzOf', tarball, 'package/README.md'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const links = readmeLinks.linkTargets(readme);
const broken = readmeLinks.missingRelativeTargets(readme, files);
if (broken.length) {
    failed = true;
    console.error(`lint:package: the README in ${tarball} has relative links or images the tarball lacks:\n${broken.map((line) => `  ${line}`).join('\n')}`);
} else {
    console.log(`README links: ${links.length} links and images, every relative one in the tarball`);
}

if (scratch) rmSync(scratch, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
