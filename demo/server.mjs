// A dependency-free static server for the demo: `node demo/server.mjs [--port N]` (or PORT=N).
// It serves demo/public/ (the page, the bundles and the generated skeleton files in build/) and
// Phaser's own prebuilt bundles (Phaser 3, and Phaser 4 for `?phaser=4`), and nothing else.
// `--phaser4` prints the Phaser 4 page's URL. The e2e test imports `startServer` with port 0.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('./public/', import.meta.url));
const { stack } = createRequire(import.meta.url)('../fixtures/stacks/stacks.cjs');
const phaserFile = join(stack('phaser3').phaserDir, 'dist', 'phaser.min.js');
const phaser4File = join(stack('phaser4').phaserDir, 'dist', 'phaser.min.js');

const TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.map': 'application/json; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.atlas': 'text/plain; charset=utf-8',
    '.png': 'image/png',
};

/** The file a URL path maps to, or null when it is outside what the demo serves. */
function fileFor(urlPath) {
    if (urlPath === '/vendor/phaser.min.js') return phaserFile;
    if (urlPath === '/vendor/phaser4.min.js') return phaser4File;
    const relative = normalize(decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath)).replace(/^[/\\]+/, '');
    const file = join(publicDir, relative);
    return file.startsWith(publicDir) && !relative.split(sep).includes('..') ? file : null;
}

async function handle(request, response) {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = request.method === 'GET' || request.method === 'HEAD' ? fileFor(urlPath) : null;
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(urlPath.startsWith('/build/') ? `${urlPath} not found: run \`npm start\` (it builds the demo first).\n` : 'not found\n');
        return;
    }
    // A development server: never let the browser keep a stale bundle.
    response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
}

/**
 * Starts the server on `host:port` (port 0 picks a free one).
 * @returns the page URL and a `close()` that resolves once the server has stopped
 */
export function startServer({ port = 8080, host = '127.0.0.1' } = {}) {
    const server = createServer((request, response) => {
        handle(request, response).catch((error) => {
            response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
            response.end(`${error}\n`);
        });
    });
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
            const address = server.address();
            resolve({
                url: `http://${host}:${address.port}/`,
                close: () =>
                    new Promise((done) => {
                        server.closeAllConnections();
                        server.close(() => done());
                    }),
            });
        });
    });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
    const flag = process.argv.indexOf('--port');
    const port = Number(flag > 0 ? process.argv[flag + 1] : (process.env.PORT ?? 8080));
    const phaser4 = process.argv.includes('--phaser4');
    startServer({ port }).then(
        ({ url }) =>
            console.log(`phaser-spine-pool demo: ${url}${phaser4 ? '?phaser=4' : ''}  (${phaser4 ? 'Phaser 4' : `Phaser 4: ${url}?phaser=4`}; Ctrl+C to stop)`),
        (error) => {
            console.error(error.code === 'EADDRINUSE' ? `port ${port} is in use: try \`npm start -- --port 8081\`` : error);
            process.exit(1);
        },
    );
}
