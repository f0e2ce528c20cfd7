import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { PlayMode, QueueMode } from '../../plugin';
import { eachTest, FRAME_MS, type TestGame } from '../../fixtures/headless/game';
import { boneWorld, poseDistance, UpdateProbe } from '../harness/probe';
import { applyFromSetup, setupPose } from '../harness/spineApi';

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => {
    [t, warn] = [game, spy];
    // The helper's timing is seen through full poses (UpdateProbe's posed updates, exact track
    // times): every pose computed here.
    t.scene.spinePool.configure({ poseCache: 'off' });
});

const FRAME = FRAME_MS / 1000;

function spawn(x = 400): SpineGameObject {
    return t.scene.spinePool.spawn(x, 300, 'tiny', 'tiny-atlas');
}

/** Every tier updated every `k` frames. */
function everyKFrames(k: number): void {
    t.scene.spinePool.configure({ highFrequency: k, midFrequency: k, lowFrequency: k });
}

/** Seconds of game time since `since` (a harness time in ms). */
const secondsSince = (since: number) => (t.time - since) / 1000;

function duration(go: SpineGameObject, name: string): number {
    return go.skeleton.data.findAnimation(name)!.duration;
}

/** Bone world transforms of `go`'s skeleton in its setup pose with `name` applied at `time` over it (null: the setup pose alone). */
function poseOf(go: SpineGameObject, name: string | null, time = 0): number[][] {
    const reference = new t.spine.Skeleton(go.skeleton.data);
    setupPose(reference);
    if (name !== null) applyFromSetup(t.spine, go.skeleton.data.findAnimation(name)!, reference, 0, time);
    reference.updateWorldTransform(t.spine.Physics.update);
    return boneWorld({ skeleton: reference } as SpineGameObject);
}

/** Steps one frame at a time until `done()` or `limit` frames. */
function stepUntil(done: () => boolean, limit = 600): void {
    for (let i = 0; i < limit && !done(); i++) t.step(1);
    expect(done()).toBe(true);
}

/**
 * For an instance updated every k > 1 frames: steps until a frame passes without updating it, so
 * it owes that time and a call made now lands between two of its updates.
 */
function stepBetweenUpdates(go: SpineGameObject): void {
    const calls = new UpdateProbe().watch(go);
    for (let i = 0; i < 16; i++) {
        const before = calls.length;
        t.step(1);
        if (calls.length === before) return;
    }
    throw new Error('the instance was updated on every frame');
}

describe('Legacy-style helper: queue timing', () => {
    test.each([1, 4])('a CompleteOthers queue starts when the playing animation has fadeLength left (updates every %i frames)', (k) => {
        everyKFrames(k);
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        t.step(3); // so the call lands between two of the instance's updates when k > 1
        const startedAt = t.time;
        legacy.play('attack'); // Once, so it ends
        const fade = 0.2;
        const queued = legacy.crossFadeQueued('idle', fade);
        expect(queued.isPlaying).toBe(false);
        let startEventFrame = -1;
        go.animationState.addListener({ start: (e) => e.animation!.name === 'idle' && (startEventFrame = t.time) });
        stepUntil(() => queued.isPlaying);
        // Where its own clock says it began, against where it should have: remaining - fadeLength.
        const expected = duration(go, 'attack') - fade;
        expect(Math.abs(secondsSince(startedAt) - queued.time - expected)).toBeLessThan(1e-6);
        // And it became current within one of the instance's updates of that moment.
        expect(secondsSince(startedAt) - expected).toBeLessThanOrEqual(k * FRAME + 1e-9);
        expect(startEventFrame).toBe(t.time);
        // The fade is as far along as the animation: it ends as attack ends.
        const entry = go.animationState.tracks[0]!;
        expect(entry.mixTime).toBeCloseTo(queued.time, 6);
        expect(entry.mixingFrom?.animation?.name).toBe('attack');
    });

    test.each([
        [2, 1],
        [0.5, 1],
        [2, 4],
    ])('at AnimationState.timeScale %f a CompleteOthers fade still ends as the playing animation ends (updates every %i frames)', (scale, k) => {
        everyKFrames(k);
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        go.animationState.timeScale = scale;
        t.step(3);
        legacy.play('attack');
        const fade = 0.2;
        const queued = legacy.crossFadeQueued('idle', fade);
        stepUntil(() => queued.isPlaying);
        // The fade is a Spine mix of `fade` in the state's (scaled) time, as both track times run:
        // it ends as attack ends only if idle began when attack had `fade` of that time left.
        const entry = go.animationState.tracks[0]!;
        expect(entry.mixingFrom?.animation?.name).toBe('attack');
        expect(entry.mixDuration).toBe(fade);
        expect(entry.mixingFrom!.trackTime - entry.trackTime).toBeCloseTo(duration(go, 'attack') - fade, 6);
    });

    test('an instance updated every 4th frame starts its queued cross-fade in sync with a twin updated every frame', () => {
        const pool = t.scene.spinePool;
        // Both on screen: the twin at the view centre (high detail, every frame), the other
        // beyond midDetailDistance (low detail, every 4th frame).
        pool.configure({ highDetailDistance: 100, midDetailDistance: 200, lowFrequency: 4 });
        const twin = spawn(400);
        const low = spawn(400 + 300);
        expect(pool.stats().tiers).toEqual({ high: 1, mid: 0, low: 1, offscreen: 0 });
        const probe = new UpdateProbe();
        probe.watch(twin);
        probe.watch(low);
        const frame = () => {
            t.step(1);
            probe.frame++;
        };
        const updatedLastFrame = (go: SpineGameObject) => probe.countIn(go, probe.frame - 1) === 1;
        // The calls land one frame after the low one's update, three before its next.
        for (let i = 0; i < 16; i++) {
            frame();
            if (updatedLastFrame(low)) break;
        }
        expect(updatedLastFrame(low)).toBe(true);
        frame();
        const startedAt = t.time;
        const handles = [twin, low].map((go) => {
            const legacy = pool.legacy(go);
            legacy.state('walk').wrapMode = 'Loop';
            legacy.play('walk');
            return legacy.crossFadeQueued('attack', 0.25);
        });
        // How far the fade is (Spine stops counting mixTime at the update that ends the fade).
        const mixOf = (go: SpineGameObject) => Math.min(go.animationState.tracks[0]!.mixTime, 0.25);
        for (let i = 0; i < 48 || !updatedLastFrame(low); i++) {
            frame();
            // Between its updates the low one lags; on each of them it is exactly where its twin is.
            if (!updatedLastFrame(low)) continue;
            expect(handles[1].isPlaying).toBe(handles[0].isPlaying);
            expect(handles[1].time).toBeCloseTo(handles[0].time, 9);
            expect(mixOf(low)).toBeCloseTo(mixOf(twin), 9);
        }
        // It really was updated only every 4th frame, the twin every frame.
        const lowFrames = probe.callsOf(low).map((c) => c.frame);
        expect(lowFrames.length).toBeGreaterThanOrEqual(12);
        lowFrames.forEach((f, i) => i > 0 && expect(f - lowFrames[i - 1]).toBe(4));
        expect(probe.callsOf(twin).length).toBe(probe.frame);
        // Both attacks started when walk had the fade left (0.8 - 0.25 s), and are well under way.
        for (const handle of handles) {
            expect(handle.time).toBeGreaterThan(0.1);
            expect(secondsSince(startedAt) - handle.time).toBeCloseTo(duration(twin, 'walk') - 0.25, 6);
        }
    });

    test('PlayNow starts the queued animation at once, on a duplicate state', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        legacy.play('attack');
        t.step(6);
        const duplicate = legacy.crossFadeQueued('attack', 0.1, QueueMode.PlayNow);
        expect(duplicate).not.toBe(legacy.state('attack'));
        expect(duplicate.queued).toBe(true);
        t.step(1);
        expect(duplicate.isPlaying).toBe(true);
        expect(duplicate.time).toBeCloseTo(FRAME, 6);
        expect(go.animationState.tracks[0]!.mixingFrom?.animation?.name).toBe('attack');
    });

    test('the same animation can be queued behind itself', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        const startedAt = t.time;
        legacy.play('attack');
        const again = legacy.crossFadeQueued('attack', 0.1);
        let completes = 0;
        go.animationState.addListener({ complete: () => completes++ });
        stepUntil(() => again.isPlaying);
        expect(secondsSince(startedAt) - again.time).toBeCloseTo(duration(go, 'attack') - 0.1, 6);
        stepUntil(() => !legacy.isPlaying('attack'));
        expect(completes).toBe(2);
    });

    test("behind a looping animation, a CompleteOthers queue starts at the end of the current loop (Spine's rule)", () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        legacy.state('walk').wrapMode = 'Loop';
        const startedAt = t.time;
        legacy.play('walk');
        const loop = duration(go, 'walk');
        t.step(Math.round((loop * 1.3) / FRAME)); // well into the second loop
        const queued = legacy.crossFadeQueued('attack', 0.2);
        stepUntil(() => queued.isPlaying);
        expect(secondsSince(startedAt) - queued.time).toBeCloseTo(2 * loop - 0.2, 6);
    });

    test('playQueued starts the queued animation without a fade once the playing one has completed', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        const startedAt = t.time;
        legacy.play('attack');
        const queued = legacy.playQueued('idle');
        expect(queued.queued).toBe(true);
        t.step(Math.floor(duration(go, 'attack') / FRAME) - 1);
        expect(queued.isPlaying).toBe(false); // attack is not over yet
        stepUntil(() => queued.isPlaying);
        // It began exactly as attack ended (no fadeLength ahead of the end), and cuts in.
        expect(secondsSince(startedAt) - queued.time).toBeCloseTo(duration(go, 'attack'), 6);
        expect(go.animationState.tracks[0]!.mixDuration).toBe(0);
    });

    test.each([
        [1, 'playQueued', 'StopSameLayer'],
        [4, 'playQueued', 'StopSameLayer'],
        [1, 'crossFadeQueued(name, 0)', 'StopAll'],
        [4, 'crossFadeQueued(name, 0)', 'StopAll'],
    ])(
        "a queued play with no fade keeps every event of what it follows, as Spine's own queue fires them on a stock twin (updates every %i frames, %s, %s)",
        (k, call, mode) => {
            everyKFrames(k);
            const go = spawn();
            // The twin: raw Spine calls, attack then die behind it on Spine's own queue.
            const twin = t.scene.add.spine(500, 300, 'tiny', 'tiny-atlas');
            const heard = (target: SpineGameObject) => {
                const log: { frame: number; what: string }[] = [];
                const note = (type: string) => (entry: { animation: { name: string } | null }, event?: { data: { name: string } }) =>
                    log.push({ frame: frames, what: `${type} ${entry.animation?.name}${event ? ` ${event.data.name}` : ''}` });
                target.animationState.addListener({
                    start: note('start'),
                    interrupt: note('interrupt'),
                    end: note('end'),
                    dispose: note('dispose'),
                    complete: note('complete'),
                    event: note('event'),
                } as never);
                return log;
            };
            let frames = 0;
            const pooled = heard(go);
            const stock = heard(twin);
            t.step(3);
            const legacy = t.scene.spinePool.legacy(go);
            legacy.play('attack');
            if (call === 'playQueued') legacy.playQueued('die', QueueMode.CompleteOthers, mode as PlayMode);
            else legacy.crossFadeQueued('die', 0, QueueMode.CompleteOthers, mode as PlayMode);
            twin.animationState.setAnimation(0, 'attack', false);
            twin.animationState.addAnimation(0, 'die', false, 0);
            const length = duration(go, 'attack') + duration(go, 'die');
            for (; frames < Math.ceil(length / FRAME) + 10; frames++) t.step(1);
            // The same callbacks in the same order: attack's hit, its complete, then die's start...
            expect(pooled.map((h) => h.what)).toEqual(stock.map((h) => h.what));
            expect(stock.map((h) => h.what)).toContain('complete attack');
            expect(stock.map((h) => h.what)).toContain('event attack hit');
            // ...attack's in the twin's frames (k - 1 late at most); die starts where attack ended,
            // a frame before Spine's own queue switches (its rule: the update after the apply that
            // passed the end), never later.
            const at = (log: typeof pooled, what: string) => log.find((h) => h.what === what)!.frame;
            const late = at(pooled, 'complete attack') - at(stock, 'complete attack');
            expect(late).toBeGreaterThanOrEqual(0);
            expect(late).toBeLessThan(k);
            expect(at(pooled, 'start die') - at(stock, 'start die')).toBeLessThanOrEqual(k - 1);
        },
    );

    test.each([1, 4])('two plays queued on one layer start in order, each when the one before it has its fadeLength left (updates every %i frames)', (k) => {
        everyKFrames(k);
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        t.step(3);
        const startedAt = t.time;
        legacy.play('attack');
        const first = legacy.crossFadeQueued('run', 0.1);
        const second = legacy.crossFadeQueued('idle', 0.2);
        const started: string[] = [];
        go.animationState.addListener({ start: (e) => started.push(e.animation!.name) });
        stepUntil(() => second.isPlaying);
        expect(started).toEqual(['run', 'idle']);
        // run when attack has 0.1 s left; idle when run (started then) has 0.2 s left.
        const runAt = duration(go, 'attack') - 0.1;
        const idleAt = runAt + duration(go, 'run') - 0.2;
        expect(secondsSince(startedAt) - second.time).toBeCloseTo(idleAt, 6);
        expect(secondsSince(startedAt) - first.time).toBeCloseTo(runAt, 6); // run is still fading out
    });

    test.each([1, 4])(
        'state(name).speed plays it faster from the moment it is set, and a CompleteOthers queue behind it still starts on time (updates every %i frames)',
        (k) => {
            everyKFrames(k);
            const go = spawn();
            const legacy = t.scene.spinePool.legacy(go);
            const attack = legacy.state('attack');
            t.step(3);
            const startedAt = t.time;
            legacy.play('attack');
            t.step(8);
            if (k > 1) stepBetweenUpdates(go);
            const changedAt = secondsSince(startedAt);
            if (k > 1) expect(attack.time).toBeLessThan(changedAt - 1e-9); // it owes time played at speed 1
            attack.speed = 2;
            // The time owed at speed 1 was paid first: the new speed counts from now.
            expect(attack.time).toBeCloseTo(changedAt, 9);
            expect(go.animationState.tracks[0]!.timeScale).toBe(2);
            const fade = 0.1;
            const queued = legacy.crossFadeQueued('idle', fade);
            stepUntil(() => queued.isPlaying);
            // attack ends after its remaining length at twice the speed; idle starts fadeLength before.
            const endsAt = changedAt + (duration(go, 'attack') - changedAt) / 2;
            expect(secondsSince(startedAt) - queued.time).toBeCloseTo(endsAt - fade, 6);
            expect(attack.time).toBeCloseTo(changedAt + 2 * (secondsSince(startedAt) - changedAt), 6);
            expect(go.animationState.tracks[0]!.mixingFrom?.animation?.name).toBe('attack');
        },
    );
});

describe('Legacy-style helper: layers and modes', () => {
    function twoLayers(go: SpineGameObject) {
        const legacy = t.scene.spinePool.legacy(go);
        legacy.state('walk').wrapMode = 'Loop';
        legacy.state('idle').layer = 1;
        legacy.state('idle').wrapMode = 'Loop';
        legacy.play('walk');
        legacy.play('idle');
        t.step(5);
        return legacy;
    }

    test("StopSameLayer only fades out the animation's own layer", () => {
        const go = spawn();
        const legacy = twoLayers(go);
        legacy.crossFade('run', 0.2, PlayMode.StopSameLayer);
        t.step(30);
        expect(go.animationState.tracks[0]!.animation!.name).toBe('run');
        expect(go.animationState.tracks[1]!.animation!.name).toBe('idle');
        expect(legacy.isPlaying('idle')).toBe(true);
    });

    test('StopAll fades every other layer out over the same fade', () => {
        const go = spawn();
        // A stock object given the documented Spine calls, posed every frame as the pooled one.
        const stock = t.scene.add.spine(400, 300, 'tiny', 'tiny-atlas');
        stock.animationState.setAnimation(0, 'walk', true);
        stock.animationState.setAnimation(1, 'idle', true);
        const legacy = twoLayers(go);
        const fade = 0.2;
        legacy.crossFade('run', fade, PlayMode.StopAll);
        stock.animationState.setAnimation(0, 'run', false).mixDuration = fade;
        stock.animationState.setEmptyAnimation(1, fade);
        expect(legacy.isPlaying('idle')).toBe(false);
        const tracks = go.animationState.tracks;
        const emptying = tracks[1]!;
        // Layer 1 mixes idle out to nothing (Spine's empty animation) over the cross-fade's own length...
        expect(emptying.animation!.name).toBe('<empty>');
        expect(emptying.mixingFrom?.animation?.name).toBe('idle');
        expect(emptying.mixDuration).toBe(fade);
        expect(tracks[0]!.mixDuration).toBe(fade);
        // ...frame by frame, in step with layer 0's fade: idle's weight (1 - mixTime / fade) falls over the whole fade.
        let elapsed = 0;
        for (; elapsed + FRAME < fade; elapsed += FRAME) {
            t.step(1);
            expect(tracks[1]).toBe(emptying);
            expect(emptying.mixingFrom?.animation?.name).toBe('idle');
            expect(emptying.mixTime).toBeCloseTo(elapsed + FRAME, 9);
            expect(emptying.mixTime).toBeCloseTo(tracks[0]!.mixTime, 9);
            expect(poseDistance(boneWorld(go), boneWorld(stock))).toBeLessThan(1e-4); // what the fade shows
        }
        // The fade ends with the frame that reaches it; Spine drops idle, then clears the layer.
        stepUntil(() => !go.animationState.tracks[1], 3);
        expect(poseDistance(boneWorld(go), boneWorld(stock))).toBeLessThan(1e-4);
        stock.destroy();
    });

    test('CompleteOthers with StopAll waits for the longest layer', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        legacy.state('die').layer = 1;
        const startedAt = t.time;
        legacy.play('attack'); // layer 0, shorter
        legacy.play('die'); // layer 1, longer
        const queued = legacy.crossFadeQueued('idle', 0.2, QueueMode.CompleteOthers, PlayMode.StopAll);
        stepUntil(() => queued.isPlaying);
        const longest = Math.max(duration(go, 'attack'), duration(go, 'die'));
        expect(secondsSince(startedAt) - queued.time).toBeCloseTo(longest - 0.2, 6);
        t.step(Math.ceil(0.2 / FRAME) + 2);
        expect(go.animationState.tracks[1] ?? null).toBeNull();
    });

    test("blend moves a layer's weight to the target over fadeLength and leaves other layers alone", () => {
        const go = spawn();
        const legacy = twoLayers(go);
        legacy.blend('idle', 0.5, 0.3);
        t.step(Math.round(0.15 / FRAME));
        expect(legacy.state('idle').weight).toBeGreaterThan(0.6);
        expect(legacy.state('idle').weight).toBeLessThan(0.9);
        t.step(Math.round(0.2 / FRAME));
        expect(legacy.state('idle').weight).toBeCloseTo(0.5, 9);
        expect(legacy.state('walk').weight).toBe(1);
        legacy.blend('run', 1, 0.3); // not playing: starts on its layer (0) at weight 0, then fades in
        expect(legacy.state('run').weight).toBe(0);
        t.step(Math.round(0.4 / FRAME));
        expect(legacy.state('run').weight).toBe(1);
        expect(go.animationState.tracks[1]!.alpha).toBeCloseTo(0.5, 9);
    });

    test('Once ends, stops playing and holds its last frame instead of snapping back to the setup pose', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        legacy.play('die');
        stepUntil(() => !legacy.isPlaying('die'));
        t.step(30);
        expect(poseDistance(boneWorld(go), poseOf(go, 'die', duration(go, 'die')))).toBeLessThan(1e-4);
        expect(poseDistance(boneWorld(go), poseOf(go, null))).toBeGreaterThan(1);
        expect(legacy.state('die').time).toBeGreaterThan(duration(go, 'die'));
    });

    test('ClampForever holds the last frame and keeps playing; stop() mixes the layer out', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        const attack = legacy.state('attack');
        attack.wrapMode = 'ClampForever';
        legacy.play('attack');
        const end = duration(go, 'attack');
        const last = poseOf(go, 'attack', end);
        const setup = poseOf(go, null);
        expect(poseDistance(last, setup)).toBeGreaterThan(1); // the last frame is a pose of its own
        t.step(Math.ceil(end / FRAME) + 10);
        // Past its end it shows its last frame (no loop, no snap back), frame after frame, and still plays.
        for (let i = 0; i < 3; i++) {
            expect(attack.time).toBeGreaterThan(end);
            expect(poseDistance(boneWorld(go), last)).toBeLessThan(1e-4);
            expect(legacy.isPlaying('attack')).toBe(true);
            t.step(10);
        }
        legacy.stop('attack');
        expect(legacy.isPlaying()).toBe(false);
        // The layer mixes out to what lies below it (nothing here: the setup pose), at once (stop's mix is 0)...
        const track = go.animationState.tracks[0]!;
        expect(track.animation!.name).toBe('<empty>');
        expect(track.mixingFrom?.animation?.name).toBe('attack');
        expect(track.mixDuration).toBe(0);
        t.step(1);
        expect(poseDistance(boneWorld(go), setup)).toBeLessThan(1e-4);
        // ...and Spine then clears it, the setup pose staying.
        stepUntil(() => !go.animationState.tracks[0], 3);
        t.step(1);
        expect(poseDistance(boneWorld(go), setup)).toBeLessThan(1e-4);
    });

    test('play does not rewind an animation that is already playing', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        legacy.state('walk').wrapMode = 'Loop';
        legacy.play('walk');
        t.step(20);
        const before = legacy.state('walk').time;
        legacy.play('walk');
        legacy.crossFade('walk');
        t.step(1);
        expect(legacy.state('walk').time).toBeCloseTo(before + FRAME, 9);
    });

    test('stop() with no name stops every layer and drops every queued play', () => {
        const go = spawn();
        const legacy = twoLayers(go); // walk looping on layer 0, idle looping on layer 1
        const queued = [legacy.crossFadeQueued('attack', 0.2), legacy.crossFadeQueued('idle', 0.1)]; // one per layer
        const started: string[] = [];
        go.animationState.addListener({ start: (e) => started.push(e.animation!.name) });
        legacy.stop();
        expect(legacy.isPlaying()).toBe(false);
        t.step(Math.ceil(2 / FRAME)); // both queued plays were due within one loop (< 1 s)
        expect(started.filter((name) => name !== '<empty>')).toEqual([]);
        expect(queued.map((q) => q.isPlaying)).toEqual([false, false]);
        expect(go.animationState.tracks.filter(Boolean)).toEqual([]); // every layer mixed out, then cleared
    });
});

describe("Legacy-style helper: states and Unity's defaults", () => {
    test.each([1, 4])('setting state(name).time seeks without firing the Spine events it skips; later ones still fire (updates every %i frames)', (k) => {
        everyKFrames(k);
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        const walk = legacy.state('walk');
        walk.wrapMode = 'Loop';
        const heard: number[] = []; // walk's footsteps, by their time in the animation (0.2 and 0.6 s)
        go.animationState.addListener({ event: (_e, event) => heard.push(Math.round(event.time * 1000) / 1000) }); // float32 keys
        t.step(3);
        const playedAt = t.time;
        legacy.play('walk');
        t.step(2);
        if (k > 1) stepBetweenUpdates(go);
        if (k > 1) expect(walk.time).toBeLessThan(secondsSince(playedAt) - 1e-9); // it owes time
        walk.time = 0.5; // past the footstep at 0.2
        const seekedAt = t.time;
        expect(walk.time).toBe(0.5);
        stepUntil(() => walk.time > 0.65);
        expect(heard).toEqual([0.6]);
        // The time owed from before the seek was paid first, not added after it.
        expect(walk.time).toBeCloseTo(0.5 + secondsSince(seekedAt), 9);
    });

    test("state(name).length is the animation's duration in seconds, playing or not", () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        expect(legacy.state('attack').length).toBeCloseTo(0.6, 6); // the tiny skeleton's attack: 0.6 s
        for (const name of ['idle', 'walk', 'run', 'attack', 'die']) expect(legacy.state(name).length).toBe(duration(go, name));
        legacy.play('die');
        t.step(10);
        expect(legacy.state('die').length).toBe(duration(go, 'die'));
    });

    test("crossFade and crossFadeQueued fade over 0.3 s by default (Unity's fadeLength), the entry's mixDuration", () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        legacy.play('attack');
        t.step(3);
        const startedAt = t.time;
        legacy.crossFade('run');
        expect(go.animationState.tracks[0]!.mixDuration).toBeCloseTo(0.3, 9);
        const queued = legacy.crossFadeQueued('idle');
        stepUntil(() => queued.isPlaying);
        expect(go.animationState.tracks[0]!.mixDuration).toBeCloseTo(0.3, 9);
        expect(secondsSince(startedAt) - queued.time).toBeCloseTo(duration(go, 'run') - 0.3, 6); // 0.3 s before run ends
    });

    test("the default wrapMode is 'Once': a play does not loop and stops playing at its end", () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        expect(legacy.wrapMode).toBe('Once');
        const walk = legacy.state('walk');
        expect(walk.wrapMode).toBe('Once');
        legacy.play('walk');
        expect(go.animationState.tracks[0]!.loop).toBe(false);
        t.step(Math.ceil(walk.length / FRAME) - 2);
        expect(walk.isPlaying).toBe(true);
        t.step(3);
        expect(walk.isPlaying).toBe(false);
        expect(legacy.isPlaying()).toBe(false);
        // legacy(go).wrapMode is the default of the states created after it is set.
        legacy.wrapMode = 'Loop';
        expect(legacy.state('run').wrapMode).toBe('Loop');
        expect(walk.wrapMode).toBe('Once');
    });

    test('a play queued to start a few frames after the one queued before it fades from it at every update rate (neither drops the first)', () => {
        const pool = t.scene.spinePool;
        pool.configure({ highDetailDistance: 100, midDetailDistance: 200, lowFrequency: 4 });
        const twin = spawn(400); // every frame
        const low = spawn(400 + 300); // every 4th frame
        const probe = new UpdateProbe();
        probe.watch(low);
        const ended: string[][] = [[], []];
        [twin, low].forEach((go, i) => {
            const legacy = pool.legacy(go);
            legacy.play('attack');
            legacy.crossFadeQueued('run', 0.45); // starts at 0.15 s
            legacy.crossFadeQueued('idle', 0.47); // starts 0.03 s (2 frames) after run
            go.animationState.addListener({ end: (e) => ended[i].push(e.animation!.name) });
        });
        let checked = 0;
        for (let f = 0; f < 30; f++) {
            t.step(1);
            probe.frame++;
            if (probe.countIn(low, probe.frame - 1) === 0) continue;
            // On each of its updates the low one fades from what its twin fades from...
            const from = (go: SpineGameObject) => go.animationState.tracks[0]!.mixingFrom?.animation?.name;
            expect(from(low)).toBe(from(twin));
            // ...and has ended what its twin has ended.
            expect(ended[1]).toEqual(ended[0]);
            checked++;
        }
        expect(checked).toBeGreaterThanOrEqual(7);
        expect(twin.animationState.tracks[0]!.animation!.name).toBe('idle');
        expect(twin.animationState.tracks[0]!.mixingFrom?.animation?.name).toBe('run');
    });

    test('two queued plays due within one frame both start, in order, each at its own moment', () => {
        const pool = t.scene.spinePool;
        const go = spawn();
        const legacy = pool.legacy(go);
        legacy.play('attack');
        const attack = legacy.state('attack').length;
        const run = legacy.state('run').length;
        // run starts 4 ms into the frame before attack's last, idle 8 ms later: one frame holds both.
        const frame = Math.floor(attack * 60) - 1;
        const runStart = frame / 60 + 0.004;
        legacy.crossFadeQueued('run', attack - runStart);
        legacy.crossFadeQueued('idle', run - 0.008);
        t.step(frame + 1);
        const idle = go.animationState.tracks[0]!;
        expect(idle.animation!.name).toBe('idle');
        // idle fades from run (not from attack, as if run had been dropped), which fades from attack...
        expect(idle.mixingFrom?.animation?.name).toBe('run');
        expect(idle.mixingFrom?.mixingFrom?.animation?.name).toBe('attack');
        // ...and each is as far in as if started at its own moment.
        const end = (frame + 1) / 60;
        expect(idle.mixingFrom!.trackTime).toBeCloseTo(end - runStart, 6);
        expect(idle.trackTime).toBeCloseTo(end - (runStart + 0.008), 6);
    });
});

describe('Legacy-style helper: ownership', () => {
    test('legacy(go) is the same object while spawned, a new one after respawn, and the old one refuses use', () => {
        const pool = t.scene.spinePool;
        const go = spawn();
        const legacy = pool.legacy(go);
        expect(pool.legacy(go)).toBe(legacy);
        legacy.play('walk');
        pool.despawn(go);
        expect(() => legacy.play('walk')).toThrow(/belongs to an instance that was despawned/);
        expect(() => pool.legacy(go)).toThrow("legacy(go): this instance of 'tiny' is despawned; spawn one with this.spinePool.spawn() first.");
        const again = spawn();
        expect(again).toBe(go);
        expect(pool.legacy(again)).not.toBe(legacy);
    });

    test("the helper's own Spine listener is not reported as a leak and is removed on despawn: it never hears the next owner", () => {
        const pool = t.scene.spinePool;
        const go = spawn();
        const legacy = pool.legacy(go);
        // The helper's one Spine listener forwards each disposed entry to its `unbind`.
        const heard = jest.spyOn(legacy as unknown as { unbind(entry: unknown): void }, 'unbind');
        legacy.play('attack');
        legacy.crossFadeQueued('idle', 0.2);
        t.step(60);
        expect(heard).toHaveBeenCalled(); // it was listening: attack was disposed once idle faded in
        heard.mockClear();
        pool.despawn(go);
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
        const again = spawn();
        expect(again).toBe(go);
        let disposals = 0;
        again.animationState.addListener({ dispose: () => disposals++ });
        pool.legacy(again).play('walk');
        pool.legacy(again).play('run');
        t.step(2);
        expect(disposals).toBe(1); // walk's entry was disposed on the new owner...
        expect(heard).not.toHaveBeenCalled(); // ...and the old helper's listener was not there to hear it
    });

    test('misuse throws errors that name the bad value and the allowed ones', () => {
        const legacy = t.scene.spinePool.legacy(spawn());
        expect(() => legacy.play('fly')).toThrow(/animation "fly" is not in skeleton .*Animations: .*walk/);
        expect(() => legacy.crossFade('walk', -1)).toThrow(/fadeLength must be a finite number of seconds >= 0; got -1/);
        expect(() => legacy.crossFade('walk', 0.3, 'StopOthers' as never)).toThrow(/mode must be one of 'StopSameLayer', 'StopAll'; got "StopOthers"/);
        expect(() => legacy.crossFadeQueued('walk', 0.3, 'Later' as never)).toThrow(/queue must be one of 'CompleteOthers', 'PlayNow'/);
        expect(() => (legacy.state('walk').wrapMode = 'PingPong' as never)).toThrow(/wrapMode must be one of 'Loop', 'Once', 'ClampForever'/);
        expect(() => (legacy.state('walk').layer = -1)).toThrow(/layer must be an integer >= 0/);
        expect(() => legacy.blend('walk', 2)).toThrow(/targetWeight must be from 0 to 1; got 2/);
        expect(() => t.scene.spinePool.legacy(t.scene.add.spine(0, 0, 'tiny', 'tiny-atlas'))).toThrow(/was not spawned by this scene's spinePool/);
    });
});
