/**
 * `prewarm(..., { animations })`: the shared pose cache samples the named animations ahead, over
 * the prewarm's frames, so the first instances that play them (a wave) are served from their first
 * frame instead of posed in full while their samples are built a few a frame.
 */
import type { PrewarmOptions, PrewarmResult } from '../../plugin';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { corpusRig } from '../../fixtures/skeletons/corpus';
import { DifferentialRun, irregularDeltas } from '../harness/differential';

let t: TestGame;
let warn: jest.SpyInstance;

beforeEach(async () => {
    t = await bootGame({ skeletons: { limbs: corpusRig('limbs'), path: corpusRig('path'), skins: corpusRig('skins'), physics: corpusRig('physics') } });
    t.scene.spinePool.configure({ poseCache: 'shared' });
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
    t.destroy();
    warn.mockRestore();
});

const pool = () => t.scene.spinePool;
const samples = () => pool().stats().poseCache.samples;

/** Steps frames until the prewarm resolves (at most `limit`), recording the samples held after each; its result and those counts. */
async function prewarmed(rig: string, count: number, options: PrewarmOptions, limit = 400): Promise<{ result: PrewarmResult; held: number[] }> {
    let result: PrewarmResult | null = null;
    void pool()
        .prewarm(rig, `${rig}-atlas`, count, options)
        .then((r) => (result = r));
    const held: number[] = [];
    for (let frame = 0; frame < limit && result === null; frame++) {
        t.step(1);
        held.push(samples());
        await Promise.resolve();
    }
    if (result === null) throw new Error(`prewarm not done after ${limit} frames`);
    return { result, held };
}

/** A wave of `count` spawned on screen, each at its own point of its animation. */
function wave(rig: string, animations: string[], count: number, skin?: string) {
    return Array.from({ length: count }, (_, i) => {
        const go = pool().spawn(60 + (i % 6) * 130, 200 + Math.floor(i / 6) * 250, rig, `${rig}-atlas`, { animation: animations[i % animations.length], skin });
        go.animationState.tracks[0]!.trackTime = i * 0.137;
        return go;
    });
}

describe("prewarm's animations", () => {
    test.each(['limbs', 'path'])(
        '%s rig: sampled in full over the frames (at most 4 poses a frame per instance of perFrame); a wave of them then served from its first frame, no sample built while it plays',
        async (rig) => {
            const { result, held } = await prewarmed(rig, 12, { perFrame: 2, animations: ['walk', 'run', 'die'] });
            expect(result).toEqual({ built: 12, count: 12, sampled: 3, cancelled: false });
            // Spread: no frame built more than its budget, and it took frames after the instances were built.
            const growth = held.map((n, i) => n - (i > 0 ? held[i - 1] : 0));
            expect(Math.max(...growth)).toBeLessThanOrEqual(4 * 2);
            expect(held.length).toBeGreaterThan(6);
            const sampled = samples();
            expect(sampled).toBeGreaterThan(3 * 2);

            const misses = pool().stats().poseCache.misses;
            wave(rig, ['walk', 'run', 'die'], 12);
            for (let frame = 0; frame < 150; frame++) {
                t.step(1, 1000 / 60 + ((frame * 7) % 11) - 5);
                expect(pool().stats().poseCache.hitRate).toBe(1);
            }
            // Every pose served, the spawns' first ones included; every time of them was covered:
            // nothing more was sampled while they played.
            expect(pool().stats().poseCache.misses).toBe(misses);
            expect(samples()).toBe(sampled);

            // An animation not prewarmed is sampled as it is played.
            wave(rig, ['jump'], 6);
            t.step(1);
            expect(samples()).toBeGreaterThan(sampled);
        },
    );

    test("the served poses are the twins' (within the tolerance), from their first frame: no frame waited for a sample", async () => {
        await prewarmed('limbs', 4, { perFrame: 4, animations: ['walk', 'run'] });
        const before = samples();
        const run = new DifferentialRun(t, irregularDeltas(7));
        const pairs = [run.pair(150, 450, 'limbs', 'walk'), run.pair(450, 450, 'limbs', 'run'), run.pair(700, 450, 'limbs', 'run, later')];
        run.at(0, () => {
            pairs[0].both((go) => void go.animationState.setAnimation(0, 'walk', true));
            pairs[1].both((go) => void go.animationState.setAnimation(0, 'run', true));
            pairs[2].both((go) => void (go.animationState.setAnimation(0, 'run', true).trackTime = 0.31));
        });
        run.step(90);
        expect(run.differences()).toEqual([]);
        for (const pair of pairs) {
            expect(pair.waitedFrames).toBe(0);
            expect(pair.cachedFrames).toBeGreaterThan(80);
        }
        expect(samples()).toBe(before);
        run.end();
    });

    test('with a skin: the samples of that skin (spawns with it are served at once; with another skin, another clip, sampled as played)', async () => {
        const { result } = await prewarmed('skins', 2, { animations: ['walk'], skin: 'base' });
        expect(result.sampled).toBe(1);
        const sampled = samples();
        const misses = pool().stats().poseCache.misses;
        wave('skins', ['walk'], 4, 'base');
        t.step(10);
        expect(pool().stats().poseCache).toMatchObject({ hitRate: 1, misses, samples: sampled });
        wave('skins', ['walk'], 4, 'red');
        t.step(1);
        expect(samples()).toBeGreaterThan(sampled);
    });

    test('mirrored: the animations sampled turned around too, so a wave facing both ways (skeleton.scaleX = -1 on half) is served from its first frame, no sample built while it plays', async () => {
        const { result } = await prewarmed('limbs', 4, { perFrame: 2, animations: ['walk', 'run'], mirrored: true });
        expect(result).toEqual({ built: 4, count: 4, sampled: 2, cancelled: false });
        const sampled = samples();
        const misses = pool().stats().poseCache.misses;
        const gos = wave('limbs', ['walk', 'run'], 8);
        gos.forEach((go, i) => {
            if (i % 2 === 1) go.skeleton.scaleX = -go.skeleton.scaleX;
        });
        for (let frame = 0; frame < 90; frame++) {
            t.step(1, 1000 / 60 + ((frame * 7) % 11) - 5);
            expect(pool().stats().poseCache.hitRate).toBe(1);
        }
        expect(pool().stats().poseCache.misses).toBe(misses);
        expect(samples()).toBe(sampled);
    });

    test('without mirrored, a wave turned around samples its own clips as it plays (the default scale only is prewarmed)', async () => {
        await prewarmed('limbs', 4, { perFrame: 2, animations: ['walk'] });
        const sampled = samples();
        for (const go of wave('limbs', ['walk'], 4)) go.skeleton.scaleX = -go.skeleton.scaleX;
        t.step(1);
        expect(samples()).toBeGreaterThan(sampled);
        expect(() => pool().prewarm('limbs', 'limbs-atlas', 1, { animations: ['walk'], mirrored: 'yes' as never })).toThrow(
            /prewarm\(\): mirrored must be true or false .*got "yes"/,
        );
    });

    test('bad animations and skins are refused at the call with a PoolError naming them and what there is', () => {
        expect(() => pool().prewarm('limbs', 'limbs-atlas', 2, { animations: ['walk', 'fly'] })).toThrow(
            /^phaser-spine-pool: prewarm\(\): animation "fly" is not in skeleton "limbs"\. Animations: idle, walk, run, jump, die, aim, wave\.$/,
        );
        expect(() => pool().prewarm('limbs', 'limbs-atlas', 2, { animations: 'walk' as never })).toThrow(
            /prewarm\(\): animations must be a list of animation names.*got "walk"/,
        );
        expect(() => pool().prewarm('skins', 'skins-atlas', 2, { animations: ['walk'], skin: 'green' })).toThrow(
            /^phaser-spine-pool: prewarm\(\): skin "green" is not in skeleton "skins"\. Skins: default, base, red, blue, hat, cape\.$/,
        );
        expect(samples()).toBe(0);
    });

    test('with no instance built yet and a count of 0, one is built to read the data from; the animations are sampled', async () => {
        const { result } = await prewarmed('limbs', 0, { animations: ['idle'] });
        expect(result).toEqual({ built: 1, count: 0, sampled: 1, cancelled: false });
        expect(pool().stats()).toMatchObject({ free: 1, created: 1 });
    });

    test('what cannot be sampled is skipped and said (dev mode): a rig with physics; animations beyond poseCacheMemory', async () => {
        pool().configure({ dev: true });
        const physics = await prewarmed('physics', 1, { animations: ['walk'] });
        expect(physics.result.sampled).toBe(0);
        expect(warn).toHaveBeenCalledWith(
            expect.stringMatching(/prewarm\(\): animation "walk" of "physics" was not sampled ahead: the rig has physics constraints/),
        );
        warn.mockClear();
        pool().configure({ poseCacheMemory: 0.02 });
        const tight = await prewarmed('limbs', 1, { animations: ['idle', 'walk', 'run', 'jump', 'die', 'aim', 'wave'] });
        expect(tight.result.sampled).toBeLessThan(7);
        expect(pool().stats().poseCache.bytes).toBeLessThanOrEqual(0.02 * 1024 * 1024);
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/was not sampled ahead: the pose cache's memory is spent \(poseCacheMemory: 0.02 MB\)/));
    });

    test('a scene shutdown while sampling resolves it as cancelled, with what was sampled so far', async () => {
        let result: PrewarmResult | null = null;
        void pool()
            .prewarm('limbs', 'limbs-atlas', 1, { perFrame: 1, animations: ['walk', 'run', 'jump'] })
            .then((r) => (result = r));
        t.step(2);
        t.scene.scene.restart();
        t.step(2);
        await Promise.resolve();
        expect(result).toMatchObject({ built: 1, count: 1, cancelled: true });
        expect(result!.sampled).toBeLessThan(3);
    });
});
