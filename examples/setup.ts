/**
 * `npm run examples:setup`: gets the examples ready to run inside this repository, the way a game
 * gets phaser-spine-pool from npm. It packs the package (`npm run build` first: the script does),
 * installs the tarball with each example's dependencies into examples/<name>/node_modules without
 * touching its package.json, and writes the characters our generator makes into
 * examples/<name>/public/assets (Spine 4.2 JSON for phaser3, 4.3 for phaser4; gitignored). Then:
 * `cd examples/phaser3 && npm run dev`.
 *
 * A copied example needs none of this: `npm install` gets the package from the registry, and
 * public/assets/ holds your own Spine export (crowd.json, crowd.atlas and its page).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCharacters } from '../fixtures/browser/viteProject';

const ROOT = join(__dirname, '..');
const EXAMPLES = { phaser3: '4.2', phaser4: '4.3' } as const;
const npm = (args: string[], cwd: string): string =>
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

const scratch = mkdtempSync(join(tmpdir(), 'spine-pool-examples-'));
try {
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], ROOT)) as { filename: string }[];
    const tarball = join(scratch, packed!.filename);
    for (const [name, format] of Object.entries(EXAMPLES)) {
        const dir = join(ROOT, 'examples', name);
        npm(['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', tarball], dir);
        writeCharacters(join(dir, 'public', 'assets'), ['crowd'], format);
        console.log(`examples/${name}: dependencies installed, characters (Spine ${format}) in public/assets; \`cd examples/${name} && npm run dev\``);
    }
} finally {
    rmSync(scratch, { recursive: true, force: true });
}
