import type { SpineGameObject, TrackEntry } from '@esotericsoftware/spine-phaser';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { endBurst as endBurstOf, lineOf as lineIn } from '../harness/warnings';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

const spawn = (options?: Parameters<TestGame['scene']['spinePool']['spawn']>[4]) => t.scene.spinePool.spawn(400, 300, 'tiny', 'tiny-atlas', options);

const endBurst = () => endBurstOf(t);
const lineOf = (marker: string) => lineIn(__filename, marker);

/**
 * How many stacks were captured while `fn` ran: Errors constructed (src/callSite.ts captures a site
 * with `new Error()`) and `Error.captureStackTrace` calls. `globalThis.Error` is replaced by a
 * counting subclass for the duration, then restored.
 */
function stacksCapturedDuring(fn: () => unknown): number {
    const RealError = globalThis.Error;
    let count = 0;
    class CountingError extends RealError {
        constructor(...args: ConstructorParameters<ErrorConstructor>) {
            super(...args);
            count++;
        }
        static override captureStackTrace(...args: Parameters<ErrorConstructor['captureStackTrace']>): void {
            count++;
            RealError.captureStackTrace(...args);
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

/** Frames for `go`'s current track 0 to play through once, plus a margin. */
function framesToComplete(go: SpineGameObject): number {
    return Math.ceil(go.animationState.tracks[0]!.animation!.duration * 60) + 3;
}

/**
 * Despawns `go` and spawns the same skeleton with 'walk' (the pool hands back `go`), whose new
 * owner logs every notification it hears into `log`: called from inside one of `go`'s callbacks.
 */
function respawnLogging(go: SpineGameObject, log: string[]): void {
    const pool = t.scene.spinePool;
    pool.despawn(go);
    const next = pool.spawn(0, 0, 'tiny', 'tiny-atlas', { animation: 'walk' });
    expect(next).toBe(go);
    const name = (e: TrackEntry) => e.animation!.name;
    next.animationState.addListener({
        start: (e) => log.push(`start ${name(e)}`),
        end: (e) => log.push(`end ${name(e)}`),
        complete: (e) => log.push(`complete ${name(e)}`),
        dispose: (e) => log.push(`dispose ${name(e)}`),
        event: (e, ev) => log.push(`event ${name(e)} ${ev.data.name}`),
    });
}

describe('listener hygiene on despawn', () => {
    test('no callback of the previous owner (Spine or emitter) runs during or after despawn, on the next owner', () => {
        const heard: string[] = [];
        const old = spawn({ animation: 'attack', loop: false });
        old.animationState.addListener({
            start: () => heard.push('old start'),
            end: () => heard.push('old end'),
            dispose: () => heard.push('old dispose'),
            complete: () => heard.push('old complete'),
            event: () => heard.push('old event'),
        });
        old.animationState.tracks[0]!.listener = { end: () => heard.push('old entry end'), complete: () => heard.push('old entry complete') };
        old.animationState.addAnimation(0, 'idle', true, 0).listener = { start: () => heard.push('old queued start') };
        old.on('custom', () => heard.push('old custom'));
        old.once('pointerdown', () => heard.push('old pointerdown'));
        t.step(2);
        heard.length = 0;
        t.scene.spinePool.despawn(old);
        expect(heard).toEqual([]); // clearing the tracks told nobody

        const next = spawn({ animation: 'attack', loop: false });
        expect(next).toBe(old); // the same object, a new owner
        const mine: string[] = [];
        next.animationState.addListener({ complete: () => mine.push('complete'), event: (_e, ev) => mine.push(ev.data.name) });
        t.step(framesToComplete(next));
        next.emit('custom');
        next.emit('pointerdown');
        expect(heard).toEqual([]);
        expect(mine).toContain('complete');
        expect(mine).toContain('hit');
    });

    test('the dev warning names the pool, each leftover and the line of this file that added it', () => {
        const go = spawn({ animation: 'walk' });
        function onDeath(): void {}
        function onClick(): void {}
        go.animationState.addListener({ complete: onDeath }); // LEAK-SITE-STATE
        go.animationState.setAnimation(1, 'walk', true).listener = { event: onDeath }; // LEAK-SITE-ENTRY
        go.on('pointerdown', onClick); // LEAK-SITE-EMITTER
        t.scene.spinePool.despawn(go);
        endBurst();
        expect(warn).toHaveBeenCalledTimes(1);
        const message: string = warn.mock.calls[0][0];
        expect(message).toMatch(/despawn\(\) of a 'tiny' instance \(atlas 'tiny-atlas'\) removed 3 leftovers/);
        const file = 'hygiene.test.ts';
        expect(message).toContain(`animationState listener { complete: onDeath } added at `);
        expect(message).toMatch(new RegExp(`complete: onDeath \\} added at \\S*${file}:${lineOf('LEAK-SITE-STATE')}:\\d+`));
        expect(message).toMatch(
            new RegExp(`TrackEntry 'walk' \\(track 1\\) listener \\{ event: onDeath \\} on the entry created at \\S*${file}:${lineOf('LEAK-SITE-ENTRY')}:\\d+`),
        );
        expect(message).toMatch(new RegExp(`go.on\\("pointerdown", onClick\\) added at \\S*${file}:${lineOf('LEAK-SITE-EMITTER')}:\\d+`));
        expect(t.scene.spinePool.stats().leaksCleared).toBe(3);
    });

    test('an owner that cleaned up after itself gets no warning and counts no leak', () => {
        const go = spawn({ animation: 'walk' });
        const listener = { complete: () => {} };
        const onHit = () => {};
        go.animationState.addListener(listener);
        go.on('hit', onHit);
        go.setInteractive();
        go.setData('hp', 3);
        t.step(3);
        go.animationState.removeListener(listener);
        go.off('hit', onHit);
        t.scene.spinePool.despawn(go);
        expect(warn).not.toHaveBeenCalled();
        expect(t.scene.spinePool.stats().leaksCleared).toBe(0);
    });

    test('with dev: false, leftovers are removed and counted silently, and a later dev warning has no call site for them', () => {
        t.scene.spinePool.configure({ dev: false });
        const go = spawn({ animation: 'walk' });
        let calls = 0;
        go.animationState.addListener({ complete: () => calls++ });
        go.on('custom', () => calls++);
        t.scene.spinePool.despawn(go);
        endBurst();
        expect(warn).not.toHaveBeenCalled();
        expect(t.scene.spinePool.stats().leaksCleared).toBe(2);
        // Added while dev was off: a later warning has no site to show.
        const again = spawn({ animation: 'walk' });
        again.animationState.addListener({ complete: () => calls++ });
        t.scene.spinePool.configure({ dev: true });
        t.scene.spinePool.despawn(again);
        endBurst();
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn.mock.calls[0][0]).toMatch(/animationState listener \{ complete \}\n/);
        expect(warn.mock.calls[0][0]).not.toMatch(/added at/);
        again.emit('custom');
        expect(calls).toBe(0);
    });

    test('with dev: false, no stack is captured when the game spawns with an animation or adds Spine, TrackEntry or emitter listeners; with dev: true each of those calls captures one', () => {
        const pool = t.scene.spinePool;
        /** Each call the game makes, with the number of stacks captured during it. */
        function gameCalls(): Record<string, number> {
            const captured: Record<string, number> = {};
            let go!: SpineGameObject;
            captured['spawn({ animation })'] = stacksCapturedDuring(() => (go = spawn({ animation: 'walk' })));
            captured['animationState.addListener'] = stacksCapturedDuring(() => go.animationState.addListener({ complete: () => {} }));
            captured['animationState.setAnimation + TrackEntry.listener'] = stacksCapturedDuring(() => {
                go.animationState.setAnimation(1, 'walk', true).listener = { event: () => {} };
            });
            captured['animationState.addAnimation'] = stacksCapturedDuring(() => go.animationState.addAnimation(0, 'attack', false, 0));
            captured['go.on'] = stacksCapturedDuring(() => go.on('custom', () => {}));
            captured['go.once'] = stacksCapturedDuring(() => go.once('pointerdown', () => {}));
            pool.despawn(go);
            captured['spawn({ animation }) again, after a despawn'] = stacksCapturedDuring(() => (go = spawn({ animation: 'walk' })));
            pool.despawn(go);
            return captured;
        }

        pool.configure({ dev: false });
        const production = gameCalls(); // its first spawn also builds the instance
        expect(production).toEqual(Object.fromEntries(Object.keys(production).map((call) => [call, 0])));
        expect(warn).not.toHaveBeenCalled();

        // The same calls in dev mode capture a site each (so the count above could see one).
        pool.configure({ dev: true });
        const development = gameCalls();
        expect(development).toEqual(Object.fromEntries(Object.keys(production).map((call) => [call, 1])));
    });

    test('a listener removing itself during an event makes no other listener miss it (spine-core would skip the next one)', () => {
        const go = spawn({ animation: 'attack', loop: false });
        const heard: string[] = [];
        const selfRemoving = {
            complete: () => {
                heard.push('first');
                go.animationState.removeListener(selfRemoving);
            },
        };
        go.animationState.addListener(selfRemoving);
        go.animationState.addListener({ complete: () => heard.push('second') });
        go.animationState.addListener({ complete: () => heard.push('third') });
        t.step(framesToComplete(go));
        expect(heard).toEqual(['first', 'second', 'third']);
    });

    test('the listener of the death entry whose complete despawns the instance (an entry that played to its end) is no leftover: spine-core drops it with its entry; one on a looping or unfinished entry still is', () => {
        const pool = t.scene.spinePool;
        const go = spawn({ animation: 'walk' });
        let completes = 0;
        go.animationState.setAnimation(0, 'die', false).listener = {
            complete: () => {
                completes++;
                pool.despawn(go);
            },
        };
        t.step(Math.ceil(go.animationState.tracks[0]!.animation!.duration * 60) + 3);
        expect(completes).toBe(1);
        expect(pool.isActive(go)).toBe(false);
        endBurst();
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);

        // Still playing: a looping entry, and a once-only one not at its end yet.
        const next = spawn();
        expect(next).toBe(go);
        next.animationState.setAnimation(0, 'walk', true).listener = { complete: () => completes++ };
        t.step(Math.ceil(next.animationState.tracks[0]!.animation!.duration * 60) + 3); // walk looped once
        next.animationState.setAnimation(1, 'attack', false).listener = { event: () => completes++ };
        t.step(2);
        pool.despawn(next);
        endBurst();
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn.mock.calls[0][0]).toMatch(
            /removed 2 leftovers[^]*TrackEntry 'walk' \(track 0\) listener \{ complete \}[^]*TrackEntry 'attack' \(track 1\) listener \{ event \}/,
        );
    });

    test('stale tweens on a despawned instance are stopped, and named in the warning', () => {
        // Phaser's TweenManager reads Date.now(): tie it to the stepped game time.
        const base = Date.now();
        const now = jest.spyOn(Date, 'now').mockImplementation(() => base + t.time);
        const go = spawn();
        t.scene.tweens.add({ targets: go, x: 2000, alpha: 0, duration: 1000 });
        t.step(5);
        expect(go.x).toBeGreaterThan(400); // the tween really runs
        t.scene.spinePool.despawn(go);
        endBurst();
        expect(warn.mock.calls[0][0]).toMatch(/a running tween \(x, alpha\)/);
        const again = t.scene.spinePool.spawn(5, 6, 'tiny', 'tiny-atlas');
        expect(again).toBe(go);
        t.step(30);
        expect([again.x, again.y, again.alpha]).toEqual([5, 6, 1]);
        now.mockRestore();
    });

    test('input and data of the previous owner are reset', () => {
        const go = spawn();
        go.setInteractive();
        go.setData('hp', 3);
        t.scene.spinePool.despawn(go);
        const again = spawn();
        expect(again).toBe(go);
        expect(again.input).toBeFalsy();
        expect(again.getData('hp')).toBeUndefined();
    });

    test('adding the same listener object twice warns and it is still called once per event', () => {
        const go = spawn({ animation: 'attack', loop: false });
        let completes = 0;
        const listener = { complete: () => completes++ };
        go.animationState.addListener(listener);
        go.animationState.addListener(listener);
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/already added; the duplicate was ignored/), expect.any(Error));
        t.step(framesToComplete(go));
        expect(completes).toBe(1);
    });

    test('despawning and respawning from inside a complete callback hands the new owner no old event', () => {
        const go = spawn({ animation: 'attack', loop: false });
        const newOwner: string[] = [];
        let oldAfter = 0;
        go.animationState.addListener({ complete: () => respawnLogging(go, newOwner) });
        go.animationState.addListener({ complete: () => oldAfter++ }); // would run after the despawn
        t.step(framesToComplete(go));
        expect(oldAfter).toBe(0);
        expect(newOwner.filter((line) => line.includes('attack'))).toEqual([]);
        t.step(60);
        expect(newOwner[0]).toBe('start walk'); // its own start is not dropped with the old owner's events
        expect(newOwner).toContain('complete walk');
    });

    test("despawning and respawning from inside a Spine event callback drops the rest of the old owner's notifications, not the new owner's", () => {
        const go = spawn({ animation: 'attack', loop: false });
        const duration = go.animationState.tracks[0]!.animation!.duration;
        const newOwner: string[] = [];
        go.animationState.addListener({ event: () => respawnLogging(go, newOwner) });
        // One long frame: the attack's event and its completion are queued in the same drain,
        // the event first; the despawn happens while the completion is still queued behind it.
        t.step(1, (duration + 0.01) * 1000);
        expect(newOwner).toEqual(['start walk']);
        t.step(60);
        expect(newOwner.filter((line) => line.includes('attack'))).toEqual([]);
        expect(newOwner).toContain('complete walk');
    });

    test('lifecycle hooks fire exactly once per transition, in order', () => {
        const pool = t.scene.spinePool;
        const log: string[] = [];
        const ids = new Map<SpineGameObject, number>();
        const id = (go: SpineGameObject) => ids.get(go) ?? (ids.set(go, ids.size), ids.size - 1);
        pool.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => log.push(`create ${id(go)} ${go.active}`),
            onSpawn: (go) => log.push(`spawn ${id(go)} ${go.active}`),
            onDespawn: (go) => log.push(`despawn ${id(go)} ${go.active}`),
            onDestroy: (go) => log.push(`destroy ${id(go)}`),
        });
        pool.prewarm('tiny', 'tiny-atlas', 1);
        const a = spawn();
        const b = spawn();
        pool.despawn(a);
        pool.despawn(a); // refused: no second onDespawn
        const a2 = spawn();
        expect(a2).toBe(a);
        b.destroy();
        t.scene.scene.restart();
        t.step(2);
        expect(log).toEqual(['create 0 false', 'spawn 0 true', 'create 1 false', 'spawn 1 true', 'despawn 0 true', 'spawn 0 true', 'destroy 1', 'destroy 0']);
    });

    test('listeners added in onCreate belong to the pool: kept for every owner and never reported', () => {
        const pool = t.scene.spinePool;
        let completes = 0;
        let customs = 0;
        pool.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => {
                go.animationState.addListener({ complete: () => completes++ });
                go.on('custom', () => customs++);
            },
        });
        for (let owner = 0; owner < 2; owner++) {
            const go = spawn({ animation: 'attack', loop: false });
            t.step(framesToComplete(go));
            go.emit('custom');
            pool.despawn(go);
        }
        expect([completes, customs]).toEqual([2, 2]);
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
    });

    test('a throwing onDespawn still returns the instance to the pool, then reports the error', () => {
        const pool = t.scene.spinePool;
        pool.setHooks('tiny', 'tiny-atlas', {
            onDespawn: () => {
                throw new Error('game bug');
            },
        });
        const go = spawn();
        expect(() => pool.despawn(go)).toThrow('game bug');
        expect(pool.isActive(go)).toBe(false);
        expect(pool.stats()).toMatchObject({ active: 0, free: 1 });
        expect(() => pool.setHooks('tiny', 'tiny-atlas', { onSpwan: () => {} } as never)).toThrow(
            /unknown hook 'onSpwan'. Hooks: onCreate, onSpawn, onDespawn, onDestroy/,
        );
    });
});

describe('cameras following a despawned instance', () => {
    /** What the renderer does before drawing (a HEADLESS game never renders): a following camera moves to its target. */
    const render = () => {
        for (const camera of t.scene.cameras.cameras) camera.preRender();
    };

    test('a camera following an instance stays where it is at despawn, as one following a destroyed stock object does, instead of jumping to the next owner; the warning names the camera', () => {
        const pool = t.scene.spinePool;
        const main = t.scene.cameras.main;
        const twinCamera = t.scene.cameras.add(0, 0, 800, 600, false, 'twin');
        const go = spawn({ animation: 'walk' });
        const stock = (t.scene.add as any).spine(400, 300, 'tiny', 'tiny-atlas') as SpineGameObject;
        main.startFollow(go);
        twinCamera.startFollow(stock);
        go.x = stock.x = 600; // the hero walks; both cameras follow
        t.step(1);
        render();
        expect([main.scrollX, main.scrollY]).toEqual([200, 0]);
        expect([twinCamera.scrollX, twinCamera.scrollY]).toEqual([200, 0]);

        pool.despawn(go);
        stock.destroy();
        const next = t.scene.spinePool.spawn(5000, 300, 'tiny', 'tiny-atlas', { animation: 'walk' }); // elsewhere
        expect(next).toBe(go);
        (t.scene.add as any).spine(5000, 300, 'tiny', 'tiny-atlas');
        t.step(3);
        render();
        expect([main.scrollX, main.scrollY]).toEqual([twinCamera.scrollX, twinCamera.scrollY]);
        expect([main.scrollX, main.scrollY]).toEqual([200, 0]);

        endBurst();
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn.mock.calls[0][0]).toMatch(/removed 1 leftover of its previous owner:\n {2}- the main camera following it \(startFollow\)\n/);
        expect(pool.stats().leaksCleared).toBe(1);
    });

    test('every camera following it is stopped and named (by its name when it has one); a camera following something else is left alone', () => {
        const pool = t.scene.spinePool;
        const minimap = t.scene.cameras.add(0, 0, 200, 150, false, 'minimap');
        const unnamed = t.scene.cameras.add(0, 0, 200, 150);
        const other = t.scene.cameras.add(0, 0, 200, 150, false, 'other');
        const go = spawn();
        const bystander = spawn();
        t.scene.cameras.main.startFollow(go);
        minimap.startFollow(go);
        unnamed.startFollow(go);
        other.startFollow(bystander);
        pool.despawn(go);
        endBurst();
        const message: string = warn.mock.calls[0][0];
        expect(message).toContain('removed 3 leftovers');
        expect(message).toContain('- the main camera following it (startFollow)\n');
        expect(message).toContain("- camera 'minimap' following it (startFollow)\n");
        expect(message).toContain(`- camera ${t.scene.cameras.cameras.indexOf(unnamed)} (unnamed) following it (startFollow)\n`);
        expect(message).not.toContain('other');
        bystander.x = 1000;
        render();
        expect(other.scrollX).toBe(1000 - 100); // still following its own target
        expect([t.scene.cameras.main.scrollX, minimap.scrollX, unnamed.scrollX]).toEqual([0, 400 - 100, 400 - 100]);
    });

    test('with dev: false the camera is stopped and counted, and nothing is printed', () => {
        const pool = t.scene.spinePool;
        pool.configure({ dev: false });
        const main = t.scene.cameras.main;
        const go = spawn();
        main.startFollow(go);
        pool.despawn(go);
        expect(spawn()).toBe(go);
        go.setPosition(5000, 300);
        t.step(1);
        render();
        expect(main.scrollX).toBe(0);
        endBurst();
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(1);
    });

    test('a camera made to follow an instance after its despawn (a kept reference) is stopped by the next spawn, which hands out an instance no camera follows', () => {
        const pool = t.scene.spinePool;
        const main = t.scene.cameras.main;
        const go = spawn();
        pool.despawn(go);
        main.startFollow(go); // an old reference: the camera call is the camera's, not reported when made
        const next = spawn();
        expect(next).toBe(go);
        next.setPosition(5000, 300);
        t.step(1);
        render();
        expect(main.scrollX).toBe(0);
        expect(pool.stats().leaksCleared).toBe(1);
    });
});

describe('tweens at despawn', () => {
    let clock: jest.SpyInstance;
    beforeEach(() => {
        // Phaser's TweenManager reads Date.now(), not the game's time: tie it to the stepped clock,
        // before any tween is made, so tweens run as frames are stepped.
        const base = Date.now();
        clock = jest.spyOn(Date, 'now').mockImplementation(() => base + t.time);
    });
    afterEach(() => clock.mockRestore());

    test('the tween whose onComplete despawns the instance (fade out, then back to the pool) is no leftover: no warning, nothing counted, Phaser removes and destroys it once, and the next owner is untouched', () => {
        const pool = t.scene.spinePool;
        const go = spawn({ animation: 'walk' });
        const tween = t.scene.tweens.add({ targets: go, alpha: 0, duration: 200, onComplete: () => pool.despawn(go) });
        const destroy = jest.spyOn(tween, 'destroy');
        t.step(20);
        expect(pool.isActive(go)).toBe(false);
        t.step(2);
        expect(t.scene.tweens.getTweens()).toEqual([]);
        expect(destroy).toHaveBeenCalledTimes(1);
        expect(tween.isDestroyed()).toBe(true);

        const next = spawn();
        expect(next).toBe(go);
        t.step(20);
        expect(next.alpha).toBe(1);
        endBurst();
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
    });

    test('a tween stopped before despawn, or finished and kept (persist), is no leftover and is left to Phaser; a running loop or yoyo tween is one: named and stopped', () => {
        const pool = t.scene.spinePool;
        const stopped = spawn();
        const stoppedTween = t.scene.tweens.add({ targets: stopped, x: 900, duration: 1000 });
        const persisted = spawn();
        const persistTween = t.scene.tweens.add({ targets: persisted, angle: 90, duration: 100, persist: true });
        const looping = spawn();
        t.scene.tweens.add({ targets: looping, y: 200, duration: 300, repeat: -1 });
        const yoyo = spawn();
        t.scene.tweens.add({ targets: yoyo, scale: 2, duration: 300, yoyo: true });
        t.step(10);
        expect(persistTween.isFinished()).toBe(true);
        stoppedTween.stop();
        for (const go of [stopped, persisted, looping, yoyo]) pool.despawn(go);
        endBurst();
        expect(warn).toHaveBeenCalledTimes(1);
        const message: string = warn.mock.calls[0][0];
        expect(message).toMatch(/^phaser-spine-pool: 2 despawns of 'tiny' instances .* removed 2 leftovers/);
        expect(message).toContain('- 1× a running tween (y)\n');
        expect(message).toContain('- 1× a running tween (scaleX, scaleY)\n');
        expect(message).not.toMatch(/tween \((x|angle)\)/);
        expect(pool.stats().leaksCleared).toBe(2);
        // The persistent tween is still the game's to replay or destroy: the pool left it alone.
        expect(persistTween.isDestroyed()).toBe(false);

        // The next owners: nothing moves them.
        const next = [spawn(), spawn(), spawn(), spawn()];
        t.step(60);
        for (const go of next) expect([go.x, go.y, go.angle, go.scaleX, go.scaleY]).toEqual([400, 300, 0, 1, 1]);
        expect(t.scene.tweens.getTweens()).toEqual([persistTween]);
    });

    test.each(['onStart', 'onUpdate', 'onYoyo', 'onRepeat', 'onLoop'])(
        "despawning (and spawning the next owner) from a running tween's own %s ends that tween without Phaser throwing: reported, no later callback of it runs, nothing more is written to the object",
        (callback) => {
            const pool = t.scene.spinePool;
            const go = spawn();
            const later: string[] = [];
            let next: SpineGameObject | null = null;
            const tween = t.scene.tweens.add({
                targets: go,
                x: 900,
                y: 100,
                alpha: 0.5,
                duration: 100,
                yoyo: true,
                repeat: 1,
                loop: -1,
                [callback]: () => {
                    if (next) return void later.push(callback);
                    pool.despawn(go);
                    next = pool.spawn(10, 20, 'tiny', 'tiny-atlas');
                },
                onComplete: () => later.push('onComplete'),
            });
            tween.on('update', () => next && later.push('update event'));
            t.step(60); // throws if Phaser reads a destroyed tween
            expect(next).toBe(go);
            expect([next!.x, next!.y, next!.alpha]).toEqual([10, 20, 1]);
            expect(later).toEqual([]);
            expect(t.scene.tweens.getTweens()).toEqual([]);
            expect(tween.isDestroyed()).toBe(true);
            endBurst();
            expect(warn).toHaveBeenCalledTimes(1);
            expect(warn.mock.calls[0][0]).toContain('- a running tween (x, y, alpha)\n');
        },
    );
});
