/** A static file server for the consumer project's pages, on 127.0.0.1 and a free port. */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.map': 'application/json; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.atlas': 'text/plain; charset=utf-8',
    '.png': 'image/png',
};

export interface StaticServer {
    url: string;
    close(): Promise<void>;
}

/** Serves the files under `root` (GET only, nothing outside it). */
export function serveStatic(root: string): Promise<StaticServer> {
    const server = createServer((request, response) => {
        const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^[/\\]+/, '');
        const file = join(root, path);
        const info = request.method === 'GET' && !path.split(sep).includes('..') ? statSync(file, { throwIfNoEntry: false }) : undefined;
        if (!info?.isFile()) {
            response.writeHead(404).end();
            return;
        }
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': info.size });
        createReadStream(file).pipe(response);
    });
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address() as AddressInfo;
            // Chromium keeps sockets open (keep-alive, preconnects) after its page closes: close() alone waits minutes for them.
            const close = (): Promise<void> =>
                new Promise((done) => {
                    server.close(() => done());
                    server.closeAllConnections();
                });
            resolve({ url: `http://127.0.0.1:${port}`, close });
        });
    });
}
