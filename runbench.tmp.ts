// Ad-hoc: runs the browser bench page with URL params, prints medians per mode.
import { pathToFileURL } from 'node:url';
import { buildPage } from './bench/browser';
import { findChromium, launchChromium } from './fixtures/browser/chromium';
(async () => {
    const query = process.argv[2];
    const page = buildPage();
    const browser = await launchChromium(findChromium() as string);
    try {
        const tab = await browser.context.newPage();
        tab.on('pageerror', (e) => console.log('pageerror', String(e)));
        await tab.goto(pathToFileURL(page).href + '?' + query, { waitUntil: 'load', timeout: 900000 });
        await tab.waitForFunction(() => document.body.dataset.done === 'true', undefined, { timeout: 900000 });
        const r: any = await tab.evaluate(() => (window as any).benchResult);
        const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
        const stock = r.samples.stock ? med(r.samples.stock) : NaN;
        const stockRender = r.render.stock ? med(r.render.stock) : NaN;
        console.log(JSON.stringify(r.drawn));
        for (const mode of Object.keys(r.samples)) {
            const f = med(r.samples[mode]), u = med(r.update[mode]), re = med(r.render[mode]), d = med(r.drain[mode]);
            console.log(`${mode.padEnd(12)} frame ${f.toFixed(2)}  update ${u.toFixed(2)}  render ${re.toFixed(2)}  drain ${d.toFixed(2)}  x${(stock / f).toFixed(1)}  render/stock ${(re / stockRender).toFixed(3)}`);
        }
    } finally {
        await browser.close();
    }
})();
