// `npm test`'s first step: the package's build (dist/, which the tests import and pack) and the type
// check of the whole tree, side by side (each is a TypeScript program on one core). Fails, after
// both have finished, if either did.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script) =>
    new Promise((resolve) => {
        const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit', shell: process.platform === 'win32' });
        child.on('exit', (code, signal) => resolve({ script, ok: code === 0, how: signal ?? `exit code ${code}` }));
    });

const results = await Promise.all([run('build'), run('typecheck')]);
const failed = results.filter((r) => !r.ok);
for (const { script, how } of failed) console.error(`npm run ${script} failed (${how})`);
process.exit(failed.length > 0 ? 1 : 0);
