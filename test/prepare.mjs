// `npm test`'s first step: the package's build (dist/, which the tests import and pack), then the
// sample game type-checked against its declarations (what a game sees), beside the type check of the
// whole tree (against the source: tsconfig.json's paths), each a TypeScript program on one core.
// Fails, after all have finished, if any did.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script) =>
    new Promise((resolve) => {
        const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit', shell: process.platform === 'win32' });
        child.on('exit', (code, signal) => resolve({ script, ok: code === 0, how: signal ?? `exit code ${code}` }));
    });

const built = run('build').then(async (build) => (build.ok ? [build, await run('typecheck:demo')] : [build]));
const results = (await Promise.all([built, run('typecheck')])).flat();
const failed = results.filter((r) => !r.ok);
for (const { script, how } of failed) console.error(`npm run ${script} failed (${how})`);
process.exit(failed.length > 0 ? 1 : 0);
