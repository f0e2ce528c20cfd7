/** Opening an e2e test page (fixtures/pages/<name>.ts, built beside the bench page) in Chromium and reading its result. */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPage } from '../../bench/browser';
import { launchChromium } from '../../fixtures/browser/chromium';
import type { StackName } from '../../fixtures/headless/stack';

/**
 * Opens `page`.html of stack `name` with `query` in a fresh Chromium (`chromiumPath`), waits until
 * the page says it is done and returns its `window[key]`, the page's own errors added to its `errors`.
 */
export async function testPageResult<T extends { errors: string[] }>(
    chromiumPath: string,
    name: StackName,
    page: string,
    query: string,
    key: string,
): Promise<T> {
    const file = join(buildPage(name), '..', `${page}.html`);
    const browser = await launchChromium(chromiumPath);
    try {
        const tab = await browser.context.newPage();
        const errors: string[] = [];
        tab.on('pageerror', (error) => errors.push(String(error)));
        await tab.goto(pathToFileURL(file).href + query, { waitUntil: 'load', timeout: 240000 });
        await tab.waitForFunction(() => document.body.dataset.done === 'true', undefined, { timeout: 240000 });
        const result = (await tab.evaluate((k) => (window as unknown as Record<string, unknown>)[k], key)) as T;
        result.errors.push(...errors);
        return result;
    } finally {
        await browser.close();
    }
}
