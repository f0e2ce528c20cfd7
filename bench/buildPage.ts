/**
 * `npm run bench:page`: builds the standalone browser benchmark (bench/out/browser/index.html)
 * and says how to run it in any Chromium, e.g. one with a real GPU (see bench/browser/page.ts).
 */
import { pathToFileURL } from 'url';
import { buildPage } from './browser';

const page = buildPage();
process.stdout.write(
    `Built ${page}\n` +
        'Open it in a browser (the results appear in the page), or print them:\n' +
        `  chromium --headless --dump-dom '${pathToFileURL(page).href}?count=1000&frames=120&rounds=2' > results.html\n` +
        'Parameters: count, frames, warmup, rounds, view (800x600), modes (stock,plugin,shared).\n',
);
