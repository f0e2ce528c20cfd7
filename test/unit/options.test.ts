import { defaultOptions, resolveOptions, type SpinePoolOptions } from '../../plugin/options';

describe('options', () => {
    test("the defaults are the seed's intervals plus events-only updates and culling off screen, valid as a whole", () => {
        const d = defaultOptions();
        expect([d.highFrequency, d.midFrequency, d.lowFrequency, d.groupCount]).toEqual([1, 2, 4, 4]);
        expect([d.offscreen, d.cull]).toEqual(['events', true]);
        expect(resolveOptions(d, {}, 'configure()')).toEqual(d);
    });

    test('dev is on outside production (NODE_ENV is "test" under jest)', () => {
        expect(defaultOptions().dev).toBe(true);
        const saved = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
        try {
            expect(defaultOptions().dev).toBe(false);
        } finally {
            process.env.NODE_ENV = saved;
        }
    });

    test.each<[Partial<SpinePoolOptions>, RegExp]>([
        [{ highFrequency: 0 }, /'highFrequency' must be an integer from 1 to 16 .*got 0/],
        [{ midFrequency: 2.5 }, /'midFrequency' must be an integer from 1 to 16 .*got 2\.5/],
        [{ lowFrequency: 17 }, /'lowFrequency' must be an integer from 1 to 16 .*got 17/],
        [{ groupCount: 0 }, /'groupCount' must be an integer from 1 to 16 .*got 0/],
        [{ highFrequency: 3 }, /'midFrequency' must be >= highFrequency \(3\).*got 2/],
        [{ lowFrequency: 1 }, /'lowFrequency' must be >= midFrequency \(2\).*got 1/],
        [{ highDetailDistance: -1 }, /'highDetailDistance' must be a number of world px >= 0.*got -1/],
        [{ midDetailDistance: NaN }, /'midDetailDistance' must be .*got NaN/],
        [{ highDetailDistance: 3000 }, /'midDetailDistance' must be >= highDetailDistance \(3000\).*got 2000/],
        [{ midDetailScreenSize: -5 }, /'midDetailScreenSize' must be a number of px of screen height >= 0.*got -5/],
        [{ lowDetailScreenSize: 100 }, /'lowDetailScreenSize' must be <= midDetailScreenSize \(64\).*got 100/],
        [{ offscreen: 'hide' as never }, /'offscreen' must be one of 'events', 'lod', 'low', 'pause'; got "hide"/],
        [{ cull: 1 as never }, /'cull' must be true or false; got 1/],
        [{ offscreenMargin: Infinity }, /'offscreenMargin' must be a finite number.*got Infinity/],
        [{ dev: 'yes' as never }, /'dev' must be true or false; got "yes"/],
        [{ camera: { scrollX: 0 } as never }, /'camera' must be null .*or a camera with scrollX/],
        [
            { renderer: 'webgl' as never },
            /'renderer' must be null \(the runtime's default\) or one of spine-phaser-v4's renderers: 'phaser', 'spine-webgl', 'spine-canvas'; got "webgl"/,
        ],
        [{ highFrequncy: 2 } as never, /unknown option 'highFrequncy'. Known options: highDetailDistance, /],
    ])('configure(%j) throws an Error naming the call, the option, the value and the range', (patch, message) => {
        expect(() => resolveOptions(defaultOptions(), patch, 'configure()')).toThrow(message);
        expect(() => resolveOptions(defaultOptions(), patch, 'configure()')).toThrow(/^phaser-spine-pool: configure\(\)/);
    });

    test('a valid patch is merged over the current options, the rest kept', () => {
        const current = { ...defaultOptions(), midFrequency: 3 };
        const next = resolveOptions(current, { highDetailDistance: Infinity, midDetailDistance: Infinity, lowFrequency: 8 }, 'configure()');
        expect(next).toEqual({ ...current, highDetailDistance: Infinity, midDetailDistance: Infinity, lowFrequency: 8 });
        expect(next).not.toBe(current);
        expect(current.lowFrequency).toBe(4);
    });

    test("renderer: null by default, a spine-phaser-v4 renderer's name, and back to null", () => {
        expect(defaultOptions().renderer).toBe(null);
        const webgl = resolveOptions(defaultOptions(), { renderer: 'spine-webgl' }, 'configure()');
        expect(webgl.renderer).toBe('spine-webgl');
        expect(resolveOptions(webgl, { renderer: null }, 'configure()').renderer).toBe(null);
        expect(resolveOptions(webgl, {}, 'configure()').renderer).toBe('spine-webgl');
    });

    test('every option of a patch is validated against the merged result, whatever its order', () => {
        // highFrequency 8 is valid alone, but not under the current midFrequency 2: the pair is checked.
        expect(() => resolveOptions(defaultOptions(), { highFrequency: 8 }, 'configure()')).toThrow(/'midFrequency' must be >= highFrequency \(8\)/);
        expect(resolveOptions(defaultOptions(), { lowFrequency: 8, midFrequency: 8, highFrequency: 8 }, 'configure()').highFrequency).toBe(8);
    });
});
