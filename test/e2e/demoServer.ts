/** Builds the demo and runs its server as `npm start` does, as a child process on a free port. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** `npm run build:demo`: the bundle (from dist/, which `npm test` has just built) and the skeleton files. */
export function buildDemo(): void {
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build:demo'], { cwd: ROOT, stdio: 'pipe' });
}

export interface DemoServer {
    url: string;
    stop(): Promise<void>;
}

/** Starts demo/server.mjs on port 0 and resolves with the URL it prints. */
export function startDemoServer(timeoutMs = 20_000): Promise<DemoServer> {
    const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'demo', 'server.mjs'), '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = (): Promise<void> =>
        new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill();
        });
    return new Promise((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => {
            void stop();
            reject(new Error(`demo server printed no URL within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const onData = (chunk: Buffer): void => {
            output += chunk.toString();
            const url = /https?:\/\/\S+/.exec(output)?.[0];
            if (url) {
                clearTimeout(timer);
                resolve({ url, stop });
            }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`demo server exited with ${code}:\n${output}`));
        });
    });
}
