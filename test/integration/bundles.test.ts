import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { bootGame, type HarnessOptions } from '../../fixtures/headless/game';

const dist = join(__dirname, '../../dist');

/** `npm test` builds first; running jest alone needs `npm run build`. */
function built(file: string): string {
    const path = join(dist, file);
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` (npm test does it first).`);
    return path;
}

async function spawnAndStep(plugin: HarnessOptions['poolPlugin']): Promise<void> {
    const t = await bootGame({ poolPlugin: plugin });
    const pool = t.scene.spinePool;
    const go = pool.spawn(400, 300, 'tiny', 'tiny-atlas', { animation: 'walk' });
    t.step(6);
    expect(go.animationState.tracks[0]!.trackTime).toBeCloseTo(0.1, 6);
    expect(pool.despawn(go)).toBe(true);
    expect(pool.stats()).toMatchObject({ active: 0, free: 1, created: 1 });
    t.destroy();
}

describe('published bundles', () => {
    test("the IIFE reads the global Phaser, defines the global SpinePool and runs next to spine-phaser's IIFE", async () => {
        const source = readFileSync(built('iife/phaser-spine-pool.js'), 'utf8');
        expect(source).not.toMatch(/\brequire\(/); // a script tag has no require
        // Evaluated as a classic script would be: only globals in scope.
        const SpinePool = new Function(`${source}\nreturn SpinePool;`)();
        expect(Object.keys(SpinePool).sort()).toEqual(['DEBUG_TIER_COLORS', 'PlayMode', 'PoolError', 'QueueMode', 'SpinePoolPlugin', 'WrapMode']);
        await spawnAndStep(SpinePool.SpinePoolPlugin);
    });

    test('the CommonJS build works with the same Phaser', async () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- what is tested: the CommonJS build, loaded as CommonJS
        const cjs = require(built('index.cjs'));
        await spawnAndStep(cjs.SpinePoolPlugin);
    });
});
