/** Finding and launching the system's Chromium for the browser tests; playwright never downloads one. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** CHROMIUM_PATH when set (set it to a missing path to see the skip), else where Debian puts it. */
const CANDIDATES = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium executable to use, or null when the machine has none. */
export function findChromium(): string | null {
    return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Where to look, for the SKIPPED message. */
export const chromiumHint = `no Chromium at ${CANDIDATES.join(' or ')}; install it (apt-get install chromium) or set CHROMIUM_PATH`;

export interface Browser {
    context: BrowserContext;
    close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile, quiet (no background networking, no updates) and
 * without a GPU: WebGL runs on SwiftShader, or Phaser falls back to its Canvas renderer.
 */
export async function launchChromium(executablePath: string): Promise<Browser> {
    const profile = mkdtempSync(join(tmpdir(), 'spine-pool-e2e-'));
    const context = await chromium.launchPersistentContext(profile, {
        executablePath,
        headless: true,
        viewport: { width: 1280, height: 720 },
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    return {
        context,
        close: async () => {
            await context.close().catch(() => undefined);
            rmSync(profile, { recursive: true, force: true });
        },
    };
}
