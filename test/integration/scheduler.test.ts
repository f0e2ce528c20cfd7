import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, FRAME_MS, type TestGame } from '../../fixtures/headless/game';
import { UpdateProbe } from '../harness/probe';
import { BURST_QUIET_MS } from '../../plugin/LeakReport';
import * as reach from '../../spine/animationReach';

let t: TestGame;
let probe: UpdateProbe;

beforeEach(async () => {
    t = await bootGame();
    // These tests pin the distance tiers; the off-screen policies have their own tests. They see each
    // posed update (UpdateProbe), every pose computed (the shared cache's own tests: poseCache.test.ts).
    t.scene.spinePool.configure({ offscreen: 'lod', poseCache: 'off' });
    probe = new UpdateProbe();
});

afterEach(() => t.destroy());

/** Steps one frame per delta, keeping the probe's frame counter in step. */
function run(deltas: number[]): void {
    for (const d of deltas) {
        t.step(1, d);
        probe.frame++;
    }
}

function frames(n: number, delta = FRAME_MS): number[] {
    return new Array(n).fill(delta);
}

/** A point at `distance` world px right of the main camera's view centre. */
function atDistance(distance: number): [number, number] {
    const cam = t.scene.cameras.main;
    return [cam.scrollX + cam.width / 2 + distance, cam.scrollY + cam.height / 2];
}

function spawnAt(distance: number, animation = 'idle'): SpineGameObject {
    const [x, y] = atDistance(distance);
    const go = t.scene.spinePool.spawn(x, y, 'tiny', 'tiny-atlas', { animation, loop: true });
    probe.watch(go);
    return go;
}

/** Distances that fall in the middle of each tier under the plugin's current options. */
function tierDistances() {
    const o = t.scene.spinePool.getOptions();
    return { high: o.highDetailDistance / 2, mid: (o.highDetailDistance + o.midDetailDistance) / 2, low: o.midDetailDistance * 2 };
}

describe('scheduler on the real stack', () => {
    test("an interval-1 instance advances on every frame by that frame's delta", () => {
        const go = spawnAt(0);
        const deltas = [16.7, 12, 33.3, 16.6, 8, 20];
        run(deltas);
        expect(probe.callsOf(go).map(({ frame, ms }) => ({ frame, ms }))).toEqual(deltas.map((ms, frame) => ({ frame, ms })));
        const total = deltas.reduce((s, d) => s + d, 0);
        expect(go.animationState.tracks[0]!.trackTime).toBeCloseTo(total / 1000, 9);
    });

    test('an instance in an interval-k tier is updated exactly once in every k frames, with those k frames of time', () => {
        t.scene.spinePool.configure({ midFrequency: 3, lowFrequency: 5, groupCount: 2 });
        const d = tierDistances();
        const mid = [spawnAt(d.mid), spawnAt(d.mid), spawnAt(d.mid)];
        const low = [spawnAt(d.low), spawnAt(d.low)];
        const deltas = Array.from({ length: 40 }, (_, i) => 14 + (i % 4));
        run(deltas);
        for (const [gos, k] of [
            [mid, 3],
            [low, 5],
        ] as const) {
            for (const go of gos) {
                const calls = probe.callsOf(go);
                expect(calls.length).toBeGreaterThanOrEqual(Math.floor(40 / k) - 1);
                for (let i = 1; i < calls.length; i++) {
                    expect(calls[i].frame - calls[i - 1].frame).toBe(k);
                    // The pose carries the k frames of time since the previous one.
                    const expected = deltas.slice(calls[i].frame - k + 1, calls[i].frame + 1).reduce((s, x) => s + x, 0);
                    expect((calls[i].trackTime - calls[i - 1].trackTime) * 1000).toBeCloseTo(expected, 9);
                    expect(calls[i].ms).toBe(deltas[calls[i].frame]); // the earlier frames are replayed first
                }
            }
        }
    });

    test('animation time is conserved while an instance moves between tiers', () => {
        const d = tierDistances();
        const go = spawnAt(d.high);
        const path = [d.high, d.low, d.mid, d.low, d.high, d.mid, d.low];
        const deltas: number[] = [];
        for (const distance of path) {
            go.x = atDistance(distance)[0];
            const chunk = Array.from({ length: 11 }, (_, i) => 10 + ((deltas.length + i) % 7));
            deltas.push(...chunk);
            run(chunk);
        }
        const calls = probe.callsOf(go);
        const last = calls[calls.length - 1].frame;
        const elapsed = deltas.slice(0, last + 1).reduce((s, x) => s + x, 0);
        expect(calls[calls.length - 1].trackTime).toBeCloseTo(elapsed / 1000, 9);
        // Exactly: the track time is what adding each frame's delta gives, as stock does.
        let sum = 0;
        for (let f = 0; f <= last; f++) sum += deltas[f] / 1000;
        expect(go.animationState.tracks[0]!.trackTime).toBe(sum);
        // It really went through slower tiers: some gaps were longer than one frame.
        expect(calls.some((c, i) => i > 0 && c.frame - calls[i - 1].frame > 1)).toBe(true);
    });

    test('per-frame work stays flat: updates per frame differ by at most one per interval in use', () => {
        const d = tierDistances();
        for (let i = 0; i < 37; i++) spawnAt(d.high);
        for (let i = 0; i < 53; i++) spawnAt(d.mid);
        for (let i = 0; i < 91; i++) spawnAt(d.low);
        const perFrame: number[] = [];
        for (let f = 0; f < 16; f++) {
            run([FRAME_MS]);
            perFrame.push(t.scene.spinePool.stats().updatedLastFrame);
        }
        const average = 37 + 53 / 2 + 91 / 4;
        expect(Math.max(...perFrame) - Math.min(...perFrame)).toBeLessThanOrEqual(2);
        expect(perFrame.reduce((s, n) => s + n, 0) / perFrame.length).toBeCloseTo(average, 5);
    });

    test('Infinity distances switch distance tiers off: an instance however far is updated every frame', () => {
        const far = spawnAt(tierDistances().low * 10);
        run(frames(4));
        expect(probe.callsOf(far).length).toBe(1); // the low tier: every 4th frame
        t.scene.spinePool.configure({ highDetailDistance: Infinity, midDetailDistance: Infinity });
        run(frames(4 + t.scene.spinePool.getOptions().groupCount)); // re-evaluated within groupCount frames
        const last = probe.frame;
        run(frames(6));
        expect(
            probe
                .callsOf(far)
                .filter((c) => c.frame >= last)
                .map((c) => c.frame),
        ).toEqual([0, 1, 2, 3, 4, 5].map((i) => last + i));
        expect(t.scene.spinePool.stats().tiers.high).toBe(1);
    });

    test('a pooled instance is updated in its turn in the UpdateList, once a frame, even when put on it again', () => {
        const go = spawnAt(0);
        const updateList = t.scene.sys.updateList;
        run(frames(3));
        // On the list, after the objects made before it, as a stock object made then would be.
        expect(updateList.getActive().filter((item) => item === go)).toHaveLength(1);
        t.scene.add.existing(go as never); // a user re-adding it to the scene
        run(frames(3));
        for (let frame = 0; frame < 6; frame++) expect(probe.countIn(go, frame)).toBe(1);
        t.scene.spinePool.despawn(go);
        run(frames(1));
        expect(updateList.getActive()).not.toContain(go); // a free instance is off the list
    });

    test('spawn evaluates the tier at once and a tier is re-evaluated within groupCount frames', () => {
        const groupCount = 4;
        t.scene.spinePool.configure({ groupCount });
        const d = tierDistances();
        const go = spawnAt(d.low);
        expect(t.scene.spinePool.stats().tiers).toEqual({ high: 0, mid: 0, low: 1, offscreen: 0 });
        run(frames(5));
        go.x = atDistance(d.high)[0];
        const moved = probe.frame;
        run(frames(groupCount + 4));
        const after = probe
            .callsOf(go)
            .filter((c) => c.frame >= moved + groupCount)
            .map((c) => c.frame);
        expect(after).toEqual([0, 1, 2, 3].map((i) => moved + groupCount + i));
        expect(t.scene.spinePool.stats().tiers.high).toBe(1);
    });

    test("the tier follows the camera's scroll even though HEADLESS never refreshes worldView", () => {
        t.scene.spinePool.configure({ midDetailScreenSize: 0, lowDetailScreenSize: 0 }); // distance alone
        const d = tierDistances();
        const go = spawnAt(d.low);
        const cam = t.scene.cameras.main;
        cam.setScroll(go.x - cam.width / 2, go.y - cam.height / 2);
        expect(cam.worldView.x).toBe(0); // stale: preRender never ran
        run(frames(t.scene.spinePool.getOptions().groupCount));
        expect(t.scene.spinePool.stats().tiers.high).toBe(1);
        cam.setZoom(0.25); // zoom scales the view around its centre; the centre does not move
        run(frames(4));
        expect(t.scene.spinePool.stats().tiers.high).toBe(1);
    });

    test("an instance small wherever its rig reaches is low detail without its extent measured; one whose reach crosses the view's edge has it measured (watching for off screen), and the tier is the same", () => {
        const pool = t.scene.spinePool;
        pool.configure({ midDetailScreenSize: 64, lowDetailScreenSize: 48 });
        const go = spawnAt(0, 'walk');
        const cam = t.scene.cameras.main;
        cam.centerOn(go.x, go.y);
        cam.setZoom(20 / go.skeleton.getBoundsRect().height);
        const turns = (n: number) => run(frames(pool.getOptions().groupCount * n));
        // Every animation of the rig measured (one a frame).
        turns(go.skeleton.data.animations.length + 2);
        const extents = jest.spyOn(reach, 'extentOf');
        try {
            turns(2);
            expect(pool.getTier(go)).toBe('low');
            expect(extents).not.toHaveBeenCalled();
            pool.configure({ offscreen: 'events' });
            turns(2);
            expect(pool.getTier(go)).toBe('low');
            expect(extents).not.toHaveBeenCalled();
            // Its origin on the view's left edge: the view holds part of its reach.
            cam.centerOn(go.x + cam.width / cam.zoom / 2, go.y);
            turns(2);
            expect(extents).toHaveBeenCalled();
            expect(pool.getTier(go)).toBe('low');
        } finally {
            extents.mockRestore();
        }
    });

    test("zooming out makes a near instance mid, then low detail by its height on screen; its own scale and a container's count", () => {
        const pool = t.scene.spinePool;
        pool.configure({ midDetailScreenSize: 64, lowDetailScreenSize: 48 });
        const go = spawnAt(0);
        const cam = t.scene.cameras.main;
        cam.centerOn(go.x, go.y);
        const groups = frames(pool.getOptions().groupCount);
        run(groups);
        // Its extent (what is measured) is at least its bounds and, for an idle, under twice them.
        const height = go.skeleton.getBoundsRect().height;
        expect(height).toBeGreaterThan(64);
        const tierAt = (zoom: number) => {
            cam.setZoom(zoom);
            run(groups);
            const tiers = pool.stats().tiers;
            return tiers.high ? 'high' : tiers.mid ? 'mid' : tiers.low ? 'low' : 'offscreen';
        };
        expect(tierAt(1)).toBe('high');
        expect(tierAt(20 / height)).toBe('low'); // 20..40 px high
        expect(tierAt(200 / height)).toBe('high'); // 200..400 px high
        pool.configure({ midDetailScreenSize: 2000 });
        expect(tierAt(200 / height)).toBe('mid');
        pool.configure({ midDetailScreenSize: 64 });
        go.setScale(0.1); // its own scale shrinks it on screen too
        expect(tierAt(200 / height)).toBe('low');
        go.setScale(1);
        const container = t.scene.add.container(go.x, go.y); // where it was: still near the centre
        go.setPosition(0, 0);
        container.add(go as unknown as Phaser.GameObjects.GameObject);
        container.setScale(0.1);
        expect(tierAt(200 / height)).toBe('low');
        container.setScale(1);
        expect(tierAt(200 / height)).toBe('high');
        container.remove(go as unknown as Phaser.GameObjects.GameObject);
        go.setPosition(container.x, container.y);
        pool.configure({ midDetailScreenSize: 0, lowDetailScreenSize: 0 });
        expect(tierAt(20 / height)).toBe('high'); // off: distance alone
    });

    test('an instance with scrollFactor 0 is measured where it is drawn, not where its x/y would be in the world', () => {
        const go = spawnAt(0);
        go.setScrollFactor(0); // pinned to the screen, e.g. a portrait in the HUD
        const cam = t.scene.cameras.main;
        cam.setScroll(tierDistances().low * 2, 0);
        run(frames(t.scene.spinePool.getOptions().groupCount));
        expect(t.scene.spinePool.stats().tiers.high).toBe(1);
        go.setScrollFactor(1);
        run(frames(t.scene.spinePool.getOptions().groupCount));
        expect(t.scene.spinePool.stats().tiers.low).toBe(1);
    });

    test('despawning, spawning and destroying from a Spine complete callback during the pass skips nothing and updates nothing twice', () => {
        const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
        const pool = t.scene.spinePool;
        const gos: SpineGameObject[] = [];
        for (let i = 0; i < 12; i++) gos.push(pool.spawn(400 + i, 300, 'tiny', 'tiny-atlas', { animation: 'attack', loop: false }));
        gos.forEach((go) => probe.watch(go));
        const [a, b, , d] = gos;
        let spawned: SpineGameObject | null = null;
        let completeFrame = -1;
        a.animationState.addListener({
            complete: () => {
                completeFrame = probe.frame;
                pool.despawn(a); // itself
                pool.despawn(b); // another, updated before or after it in this pass
                spawned = pool.spawn(400, 300, 'tiny', 'tiny-atlas', { animation: 'idle' }); // reuses b or a
                probe.watch(spawned);
                d.destroy(); // destroyed mid-pass
            },
        });
        const duration = a.skeleton.data.findAnimation('attack')!.duration;
        expect(() => run(frames(Math.ceil((duration * 1000) / FRAME_MS) + 3))).not.toThrow();
        expect(completeFrame).toBeGreaterThan(0);
        for (const go of gos) {
            const inFrame = probe.countIn(go, completeFrame);
            expect(inFrame).toBeLessThanOrEqual(1);
            if (go !== a && go !== b && go !== d) expect(inFrame).toBe(1);
        }
        expect(spawned).not.toBeNull();
        expect(pool.isActive(spawned!)).toBe(true);
        // The new owner starts being updated on the next frame, once per frame.
        const after = probe
            .callsOf(spawned!)
            .filter((c) => c.frame > completeFrame)
            .map((c) => c.frame);
        expect(after[0]).toBe(completeFrame + 1);
        expect(new Set(after).size).toBe(after.length);
        expect(probe.callsOf(d).filter((c) => c.frame > completeFrame)).toEqual([]);
        expect(pool.stats().active).toBe(12 - 2 - 1 + 1);
        // The leak report of a's own listener (left on it by design here) comes once the burst is over.
        t.step(Math.ceil(BURST_QUIET_MS / FRAME_MS) + 1);
        expect(warn.mock.calls.some(([message]) => String(message).includes('removed 1 leftover'))).toBe(true);
        warn.mockRestore();
    });

    test('no Spine event is lost in any tier: near, mid and far instances hear the same events at the same animation times', () => {
        t.scene.spinePool.configure({ midFrequency: 3, lowFrequency: 7 });
        const d = tierDistances();
        const gos = [spawnAt(d.high, 'walk'), spawnAt(d.mid, 'walk'), spawnAt(d.low, 'walk')];
        const logs = gos.map((go) => {
            const log: string[] = [];
            go.animationState.addListener({
                event: (entry, event) => log.push(`${entry.animation!.name} ${event.data.name}@${event.time.toFixed(4)}`),
                complete: (entry) => log.push(`${entry.animation!.name} complete`),
            });
            return log;
        });
        run(frames(210)); // 3.5 s, then on until the mid and far ones were both updated in the last frame
        const upToDate = (go: SpineGameObject) => probe.callsOf(go).at(-1)!.frame === probe.frame - 1;
        while (!upToDate(gos[1]) || !upToDate(gos[2])) run(frames(1));
        expect(logs[0].filter((l) => l.includes('footstep')).length).toBeGreaterThanOrEqual(4);
        expect(logs[1]).toEqual(logs[0]);
        expect(logs[2]).toEqual(logs[0]);
    });

    test("a new animation set between an interval-k instance's updates starts when it is set: its time and events match an every-frame twin", () => {
        t.scene.spinePool.configure({ midFrequency: 4 });
        const d = tierDistances();
        const near = spawnAt(d.high, 'walk');
        const mid = spawnAt(d.mid, 'walk');
        const logs = [near, mid].map((go) => {
            const log: string[] = [];
            go.animationState.addListener({
                event: (entry, event) => log.push(`${entry.animation!.name} ${event.data.name}@${event.time.toFixed(4)}`),
                start: (entry) => log.push(`${entry.animation!.name} start`),
                complete: (entry) => log.push(`${entry.animation!.name} complete`),
            });
            return log;
        });
        // Step until the mid instance was updated 2 frames ago: it owes 2 frames when the game acts.
        do run(frames(1));
        while (probe.callsOf(mid).at(-1)!.frame !== probe.frame - 3);
        for (const go of [near, mid]) go.animationState.setAnimation(0, 'attack', false);
        // Then until the mid instance is updated again: both are up to date.
        const last = probe.callsOf(mid).length;
        do run(frames(1));
        while (probe.callsOf(mid).length === last);
        expect(mid.animationState.tracks[0]!.animation!.name).toBe('attack');
        expect(mid.animationState.tracks[0]!.trackTime).toBeCloseTo(near.animationState.tracks[0]!.trackTime, 9);
        run(frames(60));
        expect(logs[0].some((l) => l.includes('attack hit'))).toBe(true);
        expect(logs[1]).toEqual(logs[0]);
    });

    test('an update longer than a whole loop (interval 16, a fast loop) still delivers the events of every loop it spans', () => {
        t.scene.spinePool.configure({ lowFrequency: 16 });
        const d = tierDistances();
        const gos = [spawnAt(d.high, 'run'), spawnAt(d.low, 'run')];
        const logs = gos.map((go) => {
            go.animationState.tracks[0]!.timeScale = 2; // a 0.25 s loop: shorter than 16 frames
            const log: string[] = [];
            go.animationState.addListener({
                event: (entry, event) => log.push(`${entry.animation!.name} ${event.data.name}@${event.time.toFixed(4)}`),
                complete: (entry) => log.push(`${entry.animation!.name} complete`),
            });
            return log;
        });
        run(frames(16 * 8)); // whole intervals: the far one is up to date at the end
        while (probe.callsOf(gos[1]).at(-1)!.frame !== probe.frame - 1) run(frames(1));
        expect(probe.callsOf(gos[1]).length).toBeLessThanOrEqual(10); // it really was updated every 16 frames
        expect(logs[0].filter((l) => l.includes('complete')).length).toBeGreaterThanOrEqual(8);
        expect(logs[1]).toEqual(logs[0]);
    });
});
