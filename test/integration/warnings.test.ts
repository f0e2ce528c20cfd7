import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { preset } from '../../fixtures/skeletons/presets';
import { addSkeleton } from '../../fixtures/headless/assets';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { endBurst as endBurstOf, lineOf as lineIn } from '../harness/warnings';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

const spawn = (options?: Parameters<TestGame['scene']['spinePool']['spawn']>[4]) => t.scene.spinePool.spawn(400, 300, 'tiny', 'tiny-atlas', options);

const endBurst = () => endBurstOf(t);
const lineOf = (marker: string) => lineIn(__filename, marker);

const site = (marker: string) => new RegExp(`warnings\\.test\\.ts:${lineOf(marker)}:\\d+`);

/** How many Errors were constructed (stacks captured) while `fn` ran (see hygiene.test.ts). */
function stacksCapturedDuring(fn: () => unknown): number {
    const RealError = globalThis.Error;
    let count = 0;
    class CountingError extends RealError {
        constructor(...args: ConstructorParameters<ErrorConstructor>) {
            super(...args);
            count++;
        }
    }
    globalThis.Error = CountingError as ErrorConstructor;
    try {
        fn();
    } finally {
        globalThis.Error = RealError;
    }
    return count;
}

/** A leaky listener, named as the demo's is. */
const scoreboard = { event: function scoreboardListener(): void {} };
const onDeath = { complete: function onDeath(): void {} };

describe('leak warnings are grouped per burst', () => {
    test('a burst of leaky despawns over many frames prints one warning with counts per call site, once the burst is over', () => {
        const pool = t.scene.spinePool;
        const crowd: SpineGameObject[] = [];
        for (let i = 0; i < 24; i++) {
            const go = spawn({ animation: 'walk' });
            go.animationState.addListener(scoreboard); // BURST-SITE-A
            if (i < 4) go.animationState.addListener(onDeath); // BURST-SITE-B
            crowd.push(go);
        }
        // One every few frames, as the demo's leaky wave dies: 24 despawns over about 1.2 s.
        for (const go of crowd) {
            pool.despawn(go);
            t.step(3);
        }
        expect(warn).not.toHaveBeenCalled(); // still gathering
        endBurst();
        expect(warn).toHaveBeenCalledTimes(1);
        const message: string = warn.mock.calls[0][0];
        expect(message).toMatch(
            /^phaser-spine-pool: 24 despawns of 'tiny' instances \(atlas 'tiny-atlas'\) within 1\.\d s removed 28 leftovers of their previous owners:\n/,
        );
        const lines = message.split('\n');
        expect(lines[1]).toMatch(new RegExp(`^  - 24× animationState listener \\{ event: scoreboardListener \\} added at \\S*${site('BURST-SITE-A').source}$`));
        expect(lines[2]).toMatch(new RegExp(`^  - 4× animationState listener \\{ complete: onDeath \\} added at \\S*${site('BURST-SITE-B').source}$`));
        expect(lines).toHaveLength(4);
        expect(pool.stats().leaksCleared).toBe(28);
        // The next burst gets a warning of its own.
        const again = spawn();
        again.animationState.addListener(scoreboard);
        pool.despawn(again);
        endBurst();
        expect(warn).toHaveBeenCalledTimes(2);
        expect(warn.mock.calls[1][0]).toMatch(
            /despawn\(\) of a 'tiny' instance \(atlas 'tiny-atlas'\) removed 1 leftover of its previous owner:\n {2}- animationState listener \{ event: scoreboardListener \} added at /,
        );
    });

    test('a burst over several pools names each pool with its counts; a scene shutdown prints what is gathered', () => {
        const pool = t.scene.spinePool;
        addSkeleton(t.game, 'hero', preset('hero'));
        const a = pool.spawn(0, 0, 'tiny', 'tiny-atlas');
        const b = pool.spawn(0, 0, 'hero', 'hero-atlas');
        a.on('pointerup', function onClick() {}); // BURST-SITE-EMITTER
        b.animationState.addListener(scoreboard);
        pool.despawn(a);
        pool.despawn(b);
        t.scene.scene.restart();
        t.step(2);
        expect(warn).toHaveBeenCalledTimes(1);
        const message: string = warn.mock.calls[0][0];
        expect(message).toMatch(
            /^phaser-spine-pool: 2 despawns within 0\.0 s removed 2 leftovers of their previous owners:\n {2}1 of 'tiny' \(atlas 'tiny-atlas'\):\n {4}- 1× go.on\("pointerup", onClick\) added at /,
        );
        expect(message).toMatch(/\n {2}1 of 'hero' \(atlas 'hero-atlas'\):\n {4}- 1× animationState listener \{ event: scoreboardListener \} added at /);
    });
});

describe('call sites reach the console as Errors (devtools source-map them)', () => {
    test('each call site of a leak warning is passed to console.warn as an Error whose stack starts at the line of this file that added it', () => {
        const go = spawn({ animation: 'walk' });
        go.animationState.addListener(onDeath); // ERROR-SITE-STATE
        go.animationState.setAnimation(1, 'walk', true).listener = scoreboard; // ERROR-SITE-ENTRY
        t.scene.spinePool.despawn(go);
        endBurst();
        const [message, ...details] = warn.mock.calls[0];
        expect(message).toMatch(/Call sites \(source-mapped by devtools\): the Errors below\.$/);
        expect(details).toHaveLength(2);
        for (const detail of details) expect(detail).toBeInstanceOf(Error);
        const [state, entry] = details as Error[];
        expect(state.message).toBe('animationState listener { complete: onDeath } added here');
        expect(state.stack!.split('\n')[1]).toMatch(site('ERROR-SITE-STATE'));
        expect(entry.message).toBe("TrackEntry 'walk' (track 1) listener { event: scoreboardListener } (entry created here)");
        expect(entry.stack!.split('\n')[1]).toMatch(site('ERROR-SITE-ENTRY'));
    });
});

describe('use after despawn', () => {
    test('setAnimation on a despawned instance warns at once, naming the call, its line and the despawn line; the next spawn hands out a clean instance', () => {
        const pool = t.scene.spinePool;
        const go = spawn({ animation: 'walk' });
        pool.despawn(go); // STALE-DESPAWN
        let heard = 0;
        go.animationState.setAnimation(0, 'attack', false); // STALE-SET-ANIMATION
        go.animationState.addListener({ start: () => heard++, complete: () => heard++ }); // STALE-LISTENER
        expect(warn).toHaveBeenCalledTimes(1); // once per despawned period
        const [message, use, despawned] = warn.mock.calls[0];
        expect(message).toMatch(
            new RegExp(
                `^phaser-spine-pool: animationState\\.setAnimation\\(\\) on a despawned 'tiny' instance \\(atlas 'tiny-atlas'\\) at \\S*${site('STALE-SET-ANIMATION').source} — ` +
                    `it was despawned at \\S*${site('STALE-DESPAWN').source}; keep no reference after despawn, or spawn a new one\\.`,
            ),
        );
        expect((use as Error).stack!.split('\n')[1]).toMatch(site('STALE-SET-ANIMATION'));
        expect((despawned as Error).stack!.split('\n')[1]).toMatch(site('STALE-DESPAWN'));

        const next = spawn();
        expect(next).toBe(go);
        expect(next.animationState.tracks.filter(Boolean)).toHaveLength(0);
        next.animationState.setAnimation(0, 'attack', false);
        t.step(90);
        expect(heard).toBe(0); // the stale listener was removed at spawn
        pool.despawn(next);
        endBurst();
        expect(warn).toHaveBeenCalledTimes(1); // the new owner is not blamed for it
    });

    test('emitter listeners, input and game object calls on a despawned instance are reported where they are made, and undone at the next spawn', () => {
        const pool = t.scene.spinePool;
        const go = spawn();
        pool.despawn(go);
        let clicks = 0;
        go.on('pointerup', () => clicks++); // STALE-ON
        // Reported once: the calls after the first capture no stack.
        const later = stacksCapturedDuring(() => {
            go.setPosition(10, 20);
            go.setInteractive();
            go.setScale(3);
            go.setAlpha(0.2);
            go.setAngle(45);
            go.setDepth(7);
            go.animationState.clearTracks();
        });
        expect(later).toBe(0);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn.mock.calls[0][0]).toMatch(
            new RegExp(
                `^phaser-spine-pool: go\\.on\\("pointerup"\\) on a despawned 'tiny' instance \\(atlas 'tiny-atlas'\\) at \\S*${site('STALE-ON').source} — it was despawned at `,
            ),
        );
        const next = spawn();
        expect(next).toBe(go);
        next.emit('pointerup');
        expect(clicks).toBe(0);
        expect(next.input).toBeFalsy();
        expect([next.x, next.y]).toEqual([400, 300]);
        expect([next.scaleX, next.scaleY, next.alpha, next.angle, next.depth]).toEqual([1, 1, 1, 0, 0]);

        // Despawned again: the next stale call is reported again, a setter this time.
        pool.despawn(next);
        next.setPosition(1, 2); // STALE-SET-POSITION
        expect(warn).toHaveBeenCalledTimes(2);
        expect(warn.mock.calls[1][0]).toMatch(
            new RegExp(
                `^phaser-spine-pool: go\\.setPosition\\(\\) on a despawned 'tiny' instance \\(atlas 'tiny-atlas'\\) at \\S*${site('STALE-SET-POSITION').source} — `,
            ),
        );
    });

    test('a spawn that fails (a bad animation name) leaves a despawned instance despawned: a call through an old reference is still reported and undone', () => {
        const pool = t.scene.spinePool;
        const go = spawn();
        pool.despawn(go);
        expect(() => spawn({ animation: 'no-such-animation' })).toThrow(/no-such-animation/);
        go.setAlpha(0.3); // STALE-AFTER-FAILED-SPAWN
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn.mock.calls[0][0]).toMatch(
            new RegExp(
                `go\\.setAlpha\\(\\) on a despawned 'tiny' instance \\(atlas 'tiny-atlas'\\) at \\S*${site('STALE-AFTER-FAILED-SPAWN').source} — it was despawned at \\S*warnings\\.test\\.ts`,
            ),
        );
        const next = spawn();
        expect(next).toBe(go);
        expect(next.alpha).toBe(1);
    });

    test('with dev: false, display changes made through an old reference (scale, alpha, angle, depth) do not reach the next owner', () => {
        const pool = t.scene.spinePool;
        pool.configure({ dev: false });
        const go = spawn();
        pool.despawn(go);
        go.setScale(3).setAlpha(0.2).setAngle(45).setDepth(7);
        const next = spawn();
        expect(next).toBe(go);
        expect([next.scaleX, next.scaleY, next.alpha, next.angle, next.depth]).toEqual([1, 1, 1, 0, 0]);
    });

    test('with dev: false nothing is reported and no stack captured, and the next spawn is still clean', () => {
        const pool = t.scene.spinePool;
        pool.configure({ dev: false });
        const go = spawn({ animation: 'walk' });
        let heard = 0;
        const stacks = stacksCapturedDuring(() => {
            pool.despawn(go);
            go.animationState.setAnimation(1, 'attack', false);
            go.animationState.addListener({ start: () => heard++ });
            go.on('custom', () => heard++);
            go.setPosition(1, 2);
            go.setScale(3);
            go.setAlpha(0.2);
            go.setAngle(45);
            go.setDepth(7);
        });
        expect(stacks).toBe(0);
        expect(warn).not.toHaveBeenCalled();
        const next = spawn();
        expect(next).toBe(go);
        expect(next.animationState.tracks.filter(Boolean)).toHaveLength(0);
        expect([next.scaleX, next.scaleY, next.alpha, next.angle, next.depth]).toEqual([1, 1, 1, 0, 0]);
        next.emit('custom');
        next.animationState.setAnimation(0, 'walk', true);
        t.step(10);
        expect(heard).toBe(0);
        expect(warn).not.toHaveBeenCalled();
    });
});
