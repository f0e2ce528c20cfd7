import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { PlayMode, QueueMode } from '../../plugin';
import { bootGame, FRAME_MS, type TestGame } from '../harness/game';
import { boneWorld, poseDistance } from '../harness/probe';
import { applyFromSetup, setupPose } from '../harness/spineApi';

let t: TestGame;
let warn: jest.SpyInstance;

beforeEach(async () => {
    t = await bootGame();
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
    warn.mockRestore();
    t.destroy();
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

/** Steps one frame at a time until `done()` or `limit` frames. */
function stepUntil(done: () => boolean, limit = 600): void {
    for (let i = 0; i < limit && !done(); i++) t.step(1);
    expect(done()).toBe(true);
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

    test('a crowd updated every 4 frames stays in sync with one updated every frame', () => {
        const pool = t.scene.spinePool;
        const far = pool.getOptions().midDetailDistance * 3;
        pool.configure({ lowFrequency: 4 });
        const near = spawn(400);
        const away = spawn(400 + far);
        t.step(2);
        const handles = [near, away].map((go) => {
            const legacy = pool.legacy(go);
            legacy.state('walk').wrapMode = 'Loop';
            legacy.play('walk');
            return legacy.crossFadeQueued('attack', 0.25);
        });
        t.step(45); // the queued attack started at 0.55 s
        expect(handles.map((h) => h.isPlaying)).toEqual([true, true]);
        // The far one is updated every 4 frames: on its update frames both clocks agree exactly.
        const compare = () => Math.abs(handles[0].time - handles[1].time);
        for (let i = 0; i < 4 && compare() > 1e-9; i++) t.step(1);
        expect(compare()).toBeLessThan(1e-9);
        expect(handles[0].time).toBeGreaterThan(0.1);
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

    test('behind a looping animation, a CompleteOthers queue starts at the end of the current loop (Spine\'s rule)', () => {
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

    test('StopSameLayer only fades out the animation\'s own layer', () => {
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
        const legacy = twoLayers(go);
        legacy.crossFade('run', 0.2, PlayMode.StopAll);
        expect(legacy.isPlaying('idle')).toBe(false);
        const frames = Math.ceil(0.2 / FRAME);
        t.step(frames);
        expect(go.animationState.tracks[0]!.animation!.name).toBe('run');
        const emptying = go.animationState.tracks[1]!;
        expect(emptying.animation!.name).toBe('<empty>'); // layer 1 mixes out to nothing...
        expect(emptying.mixTime).toBeGreaterThanOrEqual(0.2 - 1e-9); // ...and the fade is over
        stepUntil(() => !go.animationState.tracks[1], 3); // then Spine clears the layer
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

    test('blend moves a layer\'s weight to the target over fadeLength and leaves other layers alone', () => {
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
        const reference = new t.spine.Skeleton(go.skeleton.data);
        setupPose(reference);
        applyFromSetup(t.spine, go.skeleton.data.findAnimation('die')!, reference, 0, duration(go, 'die'));
        reference.updateWorldTransform(t.spine.Physics.update);
        expect(poseDistance(boneWorld(go), boneWorld({ skeleton: reference } as SpineGameObject))).toBeLessThan(1e-4);
        const setup = new t.spine.Skeleton(go.skeleton.data);
        setupPose(setup);
        setup.updateWorldTransform(t.spine.Physics.update);
        expect(poseDistance(boneWorld(go), boneWorld({ skeleton: setup } as SpineGameObject))).toBeGreaterThan(1);
        expect(legacy.state('die').time).toBeGreaterThan(duration(go, 'die'));
    });

    test('ClampForever holds the last frame and keeps playing; stop() mixes the layer out', () => {
        const go = spawn();
        const legacy = t.scene.spinePool.legacy(go);
        legacy.state('attack').wrapMode = 'ClampForever';
        legacy.play('attack');
        t.step(Math.ceil(duration(go, 'attack') / FRAME) + 10);
        expect(legacy.isPlaying('attack')).toBe(true);
        legacy.stop('attack');
        expect(legacy.isPlaying()).toBe(false);
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
        expect(() => pool.legacy(go)).toThrow(/this instance is despawned/);
        const again = spawn();
        expect(again).toBe(go);
        expect(pool.legacy(again)).not.toBe(legacy);
    });

    test('the helper\'s own listeners are not reported as leaks and are removed on despawn', () => {
        const pool = t.scene.spinePool;
        const go = spawn();
        const legacy = pool.legacy(go);
        legacy.play('attack');
        legacy.crossFadeQueued('idle', 0.2);
        t.step(60);
        pool.despawn(go);
        expect(warn).not.toHaveBeenCalled();
        expect(pool.stats().leaksCleared).toBe(0);
        const again = spawn();
        let disposals = 0;
        again.animationState.addListener({ dispose: () => disposals++ });
        pool.legacy(again).play('walk');
        pool.legacy(again).play('run');
        t.step(2);
        expect(disposals).toBe(1);
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
