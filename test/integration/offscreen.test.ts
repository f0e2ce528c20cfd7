import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { MAX_SLEEP } from '../../spine/offscreen';
import { bootGame, FRAME_MS, type TestGame } from '../../fixtures/headless/game';
import { boneWorld, poseDistance, UpdateProbe } from '../harness/probe';
import { applyFromSetup, setupPose } from '../harness/spineApi';

let t: TestGame;

beforeEach(async () => {
    t = await bootGame();
    // Full poses (exact world transforms, UpdateProbe's posed updates) are what these tests watch; a
    // pose copied from the shared cache is within its tolerance (poseCache.test.ts).
    t.scene.spinePool.configure({ poseCache: 'off' });
});

afterEach(() => t.destroy());

/** A point this many viewports right of the main camera's view (so surely off screen). */
function offscreenX(viewports = 3): number {
    const cam = t.scene.cameras.main;
    return cam.scrollX + cam.width * viewports;
}

function spawnPair(animation: string, loop = true): [SpineGameObject, SpineGameObject] {
    const pool = t.scene.spinePool;
    const seen = pool.spawn(400, 300, 'tiny', 'tiny-atlas', { animation, loop });
    const hidden = pool.spawn(offscreenX(), 300, 'tiny', 'tiny-atlas', { animation, loop });
    return [seen, hidden];
}

/** Records each Spine event and completion with the frame it was heard in. */
function listen(go: SpineGameObject, frameOf: () => number): string[] {
    const log: string[] = [];
    go.animationState.addListener({
        event: (entry, event) => log.push(`${frameOf()} ${entry.animation!.name} ${event.data.name}@${event.time.toFixed(4)}`),
        complete: (entry) => log.push(`${frameOf()} ${entry.animation!.name} complete`),
        start: (entry) => log.push(`${frameOf()} ${entry.animation!.name} start`),
    });
    return log;
}

/** Runs one frame with `inUpdate` called from the game's update(), after the plugin's pass. */
function frameWithUpdate(inUpdate: () => void): void {
    t.scene.sys.events.once(Phaser.Scenes.Events.UPDATE, inUpdate);
    t.step(1);
}

describe("offscreen: 'events' (the default)", () => {
    test('an off-screen instance hears the same events, at the same times and frames, as an on-screen one, without being posed', () => {
        expect(t.scene.spinePool.getOptions().offscreen).toBe('events');
        let frame = 0;
        const [seen, hidden] = spawnPair('walk');
        const pose = boneWorld(hidden);
        const seenLog = listen(seen, () => frame);
        const hiddenLog = listen(hidden, () => frame);
        for (; frame < 120; frame++) t.step(1);
        expect(t.scene.spinePool.stats().tiers.offscreen).toBe(1);
        expect(seenLog.filter((l) => l.includes('footstep')).length).toBeGreaterThanOrEqual(4);
        expect(hiddenLog).toEqual(seenLog);
        // Its clock sleeps between events (it is brought up to date when needed), never ahead.
        const behind = seen.animationState.tracks[0]!.trackTime - hidden.animationState.tracks[0]!.trackTime;
        expect(behind).toBeGreaterThanOrEqual(-1e-9);
        expect(behind).toBeLessThanOrEqual(MAX_SLEEP / 1000 + 1e-9);
        expect(poseDistance(boneWorld(hidden), pose)).toBe(0); // no posing work was done
        expect(poseDistance(boneWorld(seen), pose)).toBeGreaterThan(1);
    });

    test('queued animations and completions stay exact off screen', () => {
        let frame = 0;
        const [seen, hidden] = spawnPair('attack', false);
        for (const go of [seen, hidden]) go.animationState.addAnimation(0, 'idle', true, 0);
        const logs = [listen(seen, () => frame), listen(hidden, () => frame)];
        for (; frame < 80; frame++) t.step(1);
        expect(logs[0].some((l) => l.includes('idle start'))).toBe(true);
        expect(logs[1]).toEqual(logs[0]);
        expect(hidden.animationState.tracks[0]!.animation!.name).toBe('idle');
    });

    test('an off-screen instance is only updated when an event, a completion or a change is due', () => {
        const pool = t.scene.spinePool;
        const hidden = pool.spawn(offscreenX(), 300, 'tiny', 'tiny-atlas', { animation: 'walk' });
        const heard: number[] = [];
        hidden.animationState.addListener({ event: (_e, ev) => heard.push(ev.time) });
        let updates = 0;
        const frames = 240; // 4 s: five walk loops, ten footsteps
        for (let i = 0; i < frames; i++) {
            t.step(1);
            updates += pool.stats().updatedLastFrame;
        }
        expect(heard.length).toBe(10);
        expect(updates).toBeLessThan(frames / 4); // a per-frame update would be 240
        // A change made by the game is seen at once, even in the middle of a quiet stretch: the new
        // animation's event, one frame ahead, is heard in that very frame.
        t.step(2); // 4.0 s + 2 frames: the next footstep is 10 frames away
        const hit = hidden.skeleton.data.findAnimation('attack')!.timelines.find((tl) => 'events' in tl) as unknown as { frames: number[] };
        hidden.animationState.setAnimation(0, 'attack', false).trackTime = hit.frames[0] - 0.5 / 60;
        heard.length = 0;
        t.step(1);
        expect(heard).toEqual([hit.frames[0]]);
    });

    test('an off-screen instance nobody listens to sleeps longer, and wakes for a new listener', () => {
        const pool = t.scene.spinePool;
        const [seen, hidden] = spawnPair('walk');
        let updates = 0;
        for (let i = 0; i < 240; i++) {
            t.step(1);
            updates += pool.stats().updatedLastFrame - 1; // minus the on-screen twin
        }
        expect(updates).toBeLessThanOrEqual((240 * FRAME_MS) / MAX_SLEEP + 2); // about every MAX_SLEEP (1 s)
        let frame = 0;
        const logs = [listen(seen, () => frame), listen(hidden, () => frame)];
        for (; frame < 60; frame++) t.step(1);
        expect(logs[0].length).toBeGreaterThan(0);
        expect(logs[1]).toEqual(logs[0]);
    });

    test('a wave spawned off screen in one frame does not wake in one frame: the work stays flat', () => {
        const pool = t.scene.spinePool;
        for (let i = 0; i < 300; i++) pool.spawn(offscreenX() + i, 300, 'tiny', 'tiny-atlas', { animation: 'idle' });
        const perFrame: number[] = [];
        const period = Math.round(MAX_SLEEP / FRAME_MS); // frames between two wakes of one sleeper
        for (let f = 0; f < 3 * period; f++) {
            t.step(1);
            perFrame.push(pool.stats().updatedLastFrame);
        }
        // 300 sleepers each waking once a period (1 s, 60 frames): about 5 a frame, never all at
        // once, the first frames after the wave included.
        const even = 300 / period;
        expect(Math.max(...perFrame)).toBeLessThanOrEqual(3 * even);
        const settled = perFrame.slice(period);
        expect(settled.reduce((a, b) => a + b, 0) / settled.length).toBeGreaterThan(even / 2);
    });

    test('one of a wave spawned off screen that a listener hears is updated at once', () => {
        const pool = t.scene.spinePool;
        const heard: SpineGameObject[] = [];
        for (let i = 0; i < 100; i++) {
            const go = pool.spawn(offscreenX() + i, 300, 'tiny', 'tiny-atlas', { animation: 'idle' });
            if (i % 10 === 0) {
                go.animationState.addListener({ complete: () => {} });
                heard.push(go);
            }
        }
        t.step(1);
        // An update moves the track's time; the game changes nothing in between.
        for (const go of heard) expect(go.animationState.tracks[0]!.trackTime).toBeGreaterThan(0);
        expect(pool.stats().updatedLastFrame).toBeLessThan(100 / 2);
    });

    test('an instance coming back into view (camera moved in update) is posed in that same frame', () => {
        const [seen, hidden] = spawnPair('walk');
        hidden.x = seen.x + offscreenX();
        t.step(37);
        expect(t.scene.spinePool.stats().tiers.offscreen).toBe(1);
        expect(poseDistance(boneWorld(hidden), boneWorld(seen))).toBeGreaterThan(1);
        const cam = t.scene.cameras.main;
        frameWithUpdate(() => cam.setScroll(cam.scrollX + offscreenX(), cam.scrollY));
        // Drawn this frame: posed for its current time, exactly as a fresh skeleton would be.
        expect(hidden.animationState.tracks[0]!.trackTime).toBeCloseTo(seen.animationState.tracks[0]!.trackTime, 9);
        const twin = new t.spine.Skeleton(seen.skeleton.data);
        const state = new t.spine.AnimationState(new t.spine.AnimationStateData(seen.skeleton.data));
        state.setAnimation(0, 'walk', true).trackTime = seen.animationState.tracks[0]!.trackTime;
        state.apply(twin);
        twin.updateWorldTransform(t.spine.Physics.update);
        expect(poseDistance(boneWorld(hidden), boneWorld({ skeleton: twin } as SpineGameObject))).toBeLessThan(1e-6);
    });

    test('an instance walking into view by itself is posed in that same frame', () => {
        const pool = t.scene.spinePool;
        const walker = pool.spawn(offscreenX(), 300, 'tiny', 'tiny-atlas', { animation: 'walk' });
        // Spawned off screen: not even its first frame is posed (no one can see it yet).
        const setup = new t.spine.Skeleton(walker.skeleton.data);
        setupPose(setup);
        setup.updateWorldTransform(t.spine.Physics.update);
        expect(poseDistance(boneWorld(walker), boneWorld({ skeleton: setup } as SpineGameObject))).toBeLessThan(1e-9);
        const probe = new UpdateProbe();
        probe.watch(walker);
        t.step(10);
        expect(probe.callsOf(walker)).toEqual([]); // events only: no posing
        frameWithUpdate(() => (walker.x = 400));
        // Posed once, right after the game's update(); its time was kept current by the
        // events-only updates, so the pose is for 11 frames in.
        expect(probe.callsOf(walker).length).toBe(1);
        expect(walker.animationState.tracks[0]!.trackTime).toBeCloseTo(11 / 60, 9);
        expect(pool.stats().tiers.offscreen).toBe(0);
        t.step(1);
        expect(probe.callsOf(walker).length).toBe(2); // and from now on every frame
    });

    test('a new animation set on an instance asleep off screen starts when it is set, exactly as on screen', () => {
        const [seen, hidden] = spawnPair('walk');
        t.step(9); // nobody listens: the hidden one sleeps (up to MAX_SLEEP) and owes these frames
        let frame = 0;
        const logs = [listen(seen, () => frame), listen(hidden, () => frame)];
        for (const go of [seen, hidden]) go.animationState.setAnimation(0, 'attack', false);
        for (; frame < 60; frame++) t.step(1);
        // Its hit is heard in the same frame at the same animation time: it started on time.
        expect(logs[0].some((l) => l.includes('attack hit'))).toBe(true);
        expect(logs[1]).toEqual(logs[0]);
    });

    test('a listener added to an instance asleep off screen hears what happens from then on, and nothing from before', () => {
        const [seen, hidden] = spawnPair('walk');
        const footstep = (hidden.skeleton.data.findAnimation('walk')!.timelines.find((tl) => 'events' in tl) as unknown as { frames: number[] }).frames[0];
        // Step to just past the first footstep: the hidden one, which nobody listens to, slept through it.
        const past = Math.ceil(footstep * 60) + 1;
        t.step(past);
        expect(hidden.animationState.tracks[0]!.trackTime).toBeLessThan(footstep);
        let frame = past;
        const logs = [listen(seen, () => frame), listen(hidden, () => frame)];
        for (; frame < past + 90; frame++) t.step(1);
        expect(logs[1]).toEqual(logs[0]); // not the footstep it slept through
        expect(logs[0].filter((l) => l.includes('footstep')).length).toBeGreaterThan(0);
    });

    test("the view follows the camera's zoom and bounds (HEADLESS never refreshes worldView)", () => {
        const pool = t.scene.spinePool;
        const cam = t.scene.cameras.main;
        const far = pool.spawn(cam.scrollX + cam.width * 1.5 + 100, cam.scrollY + cam.height / 2, 'tiny', 'tiny-atlas', { animation: 'walk' });
        t.step(2);
        expect(pool.stats().tiers.offscreen).toBe(1);
        cam.setZoom(0.25); // the view is 4x wider around the same centre: it now holds `far`
        t.step(1);
        expect(pool.stats().tiers.offscreen).toBe(0);
        cam.setZoom(1);
        t.step(pool.getOptions().groupCount); // leaving the view is noticed within groupCount frames
        expect(pool.stats().tiers.offscreen).toBe(1);
        // Bounds clamp the scroll: asked to look far left, the camera stops at the bounds' edge,
        // where `far` is in view.
        cam.setBounds(far.x - cam.width / 2, 0, cam.width, cam.height);
        cam.setScroll(-10000, 0);
        t.step(1);
        expect(pool.stats().tiers.offscreen).toBe(0);
        cam.removeBounds();
        t.step(pool.getOptions().groupCount);
        expect(pool.stats().tiers.offscreen).toBe(1);
    });

    test('an instance whose bounds only touch the view counts as on screen', () => {
        const cam = t.scene.cameras.main;
        const go = t.scene.spinePool.spawn(cam.width + 20, 300, 'tiny', 'tiny-atlas', { animation: 'walk' });
        t.step(2);
        expect(go.x).toBeGreaterThan(cam.scrollX + cam.width); // its origin is outside...
        expect(t.scene.spinePool.stats().tiers.offscreen).toBe(0); // ...but its bounds reach in
    });
});

describe("offscreen: 'pause' and 'low'", () => {
    test("'pause' does nothing off screen; back in view the animation resumes where it stopped", () => {
        const pool = t.scene.spinePool.configure({ offscreen: 'pause' });
        const go = pool.spawn(400, 300, 'tiny', 'tiny-atlas', { animation: 'walk' });
        t.step(6);
        frameWithUpdate(() => (go.x = offscreenX()));
        t.step(pool.getOptions().groupCount); // leaving the view is noticed at its next evaluation
        expect(pool.stats().tiers.offscreen).toBe(1);
        const before = go.animationState.tracks[0]!.trackTime;
        t.step(30);
        expect(go.animationState.tracks[0]!.trackTime).toBe(before);
        // Back in view in the game's update (after its turn in the frame): drawn where it stopped, and
        // it goes on from the next frame (no frame of the paused time is paid back).
        frameWithUpdate(() => (go.x = 400));
        expect(go.animationState.tracks[0]!.trackTime).toBe(before);
        t.step(1);
        expect(go.animationState.tracks[0]!.trackTime).toBeCloseTo(before + 1 / 60, 9);
    });

    test("'low' updates off-screen instances fully at the low tier's interval", () => {
        t.scene.spinePool.configure({ offscreen: 'low', lowFrequency: 3 });
        const go = t.scene.spinePool.spawn(offscreenX(), 300, 'tiny', 'tiny-atlas', { animation: 'walk' });
        const probe = new UpdateProbe();
        probe.watch(go);
        for (let i = 0; i < 12; i++) {
            t.step(1);
            probe.frame++;
        }
        const frames = probe.callsOf(go).map((c) => c.frame);
        expect(frames.length).toBe(4);
        for (let i = 1; i < frames.length; i++) expect(frames[i] - frames[i - 1]).toBe(3);
    });
});

describe('render culling', () => {
    function cameraLooking(x: number, y: number): Phaser.Cameras.Scene2D.Camera {
        const cam = t.scene.cameras.add(0, 0, 800, 600);
        cam.centerOn(x, y);
        cam.preRender(); // what the renderer does before drawing: refreshes worldView
        return cam;
    }

    test('a camera that cannot see an instance does not draw it; one that can, does', () => {
        // Rendering comes after the frame's updates (its cameras and positions as the frame left them).
        const go = t.scene.spinePool.spawn(3000, 300, 'tiny', 'tiny-atlas');
        const main = t.scene.cameras.main;
        const other = cameraLooking(3000, 300);
        t.step(1);
        main.preRender();
        expect(go.willRender(main)).toBe(false);
        expect(go.willRender(other)).toBe(true);
        go.x = 400;
        t.step(1);
        expect(go.willRender(main)).toBe(true);
        expect(go.willRender(other)).toBe(false);
    });

    test("an instance whose rig's whole reach is inside the view is drawn without its state read; near an edge its extent is asked", () => {
        const pool = t.scene.spinePool;
        const main = t.scene.cameras.main;
        main.preRender();
        const go = pool.spawn(400, 300, 'tiny', 'tiny-atlas', { animation: 'walk' });
        const state = go.animationState;
        const tracks = state.tracks;
        let reads = 0;
        Object.defineProperty(state, 'tracks', { get: () => (reads++, tracks), configurable: true });
        // Until every animation of the rig is measured (one a frame), the extent is asked.
        const animations = go.skeleton.data.animations.length;
        expect(animations).toBeGreaterThan(1);
        for (let i = 0; i < animations; i++) {
            t.step(1);
            reads = 0;
            expect(go.willRender(main)).toBe(true);
            if (i < animations - 1) expect(reads).toBeGreaterThan(0);
        }
        expect(reads).toBe(0);
        // At the view's edge (its whole reach crossing it) the extent decides, as it does off screen.
        go.x = 0;
        expect(go.willRender(main)).toBe(true);
        expect(reads).toBeGreaterThan(0);
        go.x = -go.width * 4;
        expect(go.willRender(main)).toBe(false);
        Object.defineProperty(state, 'tracks', { value: tracks, writable: true, configurable: true, enumerable: true });
    });

    test('culling keeps a margin for animated limbs, can be switched off, and never applies inside containers', () => {
        const pool = t.scene.spinePool;
        const main = t.scene.cameras.main;
        main.preRender();
        const margin = pool.getOptions().offscreenMargin;
        const go = pool.spawn(0, 300, 'tiny', 'tiny-atlas');
        const right = go.width - go.displayOriginX; // setup bounds right of the origin
        go.x = -right - margin / 2; // bounds outside the view, but within the margin
        expect(go.willRender(main)).toBe(true);
        go.x = -right - margin * 2;
        expect(go.willRender(main)).toBe(false);
        pool.configure({ cull: false });
        expect(go.willRender(main)).toBe(true);
        pool.configure({ cull: true });
        const inBox = pool.spawn(-5000, 0, 'tiny', 'tiny-atlas', { parent: t.scene.add.container(0, 0) });
        expect(inBox.willRender(main)).toBe(true);
        go.setVisible(false);
        expect(go.willRender(main)).toBe(false); // spine-phaser's own rules still apply
    });

    test('an animation that reaches outside the setup pose (a body falling over) keeps the instance drawn and posed while it reaches into the view', () => {
        const pool = t.scene.spinePool;
        const main = t.scene.cameras.main;
        main.preRender();
        const margin = pool.getOptions().offscreenMargin;
        // Find when and where the die animation reaches furthest beyond the setup pose, on either side.
        const probe = pool.spawn(0, 0, 'tiny', 'tiny-atlas');
        const setupLeft = -probe.displayOriginX;
        const setupRight = probe.width - probe.displayOriginX;
        pool.despawn(probe);
        const dying = pool.spawn(0, 300, 'tiny', 'tiny-atlas', { animation: 'die', loop: false });
        const still = pool.spawn(0, 300, 'tiny', 'tiny-atlas', { animation: 'idle' });
        const skeleton = new t.spine.Skeleton(dying.skeleton.data);
        const die = dying.skeleton.data.findAnimation('die')!;
        let left = setupLeft;
        let right = setupRight;
        let furthest = 0;
        for (let time = 0; time <= die.duration; time += 0.05) {
            setupPose(skeleton);
            applyFromSetup(t.spine, die, skeleton, time, time);
            skeleton.updateWorldTransform(t.spine.Physics.update);
            const r = skeleton.getBoundsRect();
            if (r.x < left || r.x + r.width > right) furthest = time;
            left = Math.min(left, r.x);
            right = Math.max(right, r.x + r.width);
        }
        expect(Math.max(setupLeft - left, right - setupRight)).toBeGreaterThan(margin + 10); // it does reach out
        // Stand both just off the view's side the fall reaches towards.
        const x = setupLeft - left > right - setupRight ? main.worldView.right - setupLeft + margin + 5 : main.worldView.x - setupRight - margin - 5;
        dying.x = x;
        still.x = x;
        // Before the fall neither touches the view; once fallen, the dying one reaches into it.
        expect(still.willRender(main)).toBe(false);
        t.step(Math.ceil(furthest / (FRAME_MS / 1000)));
        main.preRender();
        expect(still.willRender(main)).toBe(false);
        expect(dying.willRender(main)).toBe(true);
        expect(pool.stats().tiers.offscreen).toBe(1); // the still one only
        // The still one, idling off screen for frames and not measured again meanwhile (its whole
        // idle is away from the view), is told to fall too: its new animation reaches into the
        // view, so it is measured again and seen.
        still.animationState.setAnimation(0, 'die', false);
        t.step(Math.ceil(furthest / (FRAME_MS / 1000)));
        main.preRender();
        expect(still.willRender(main)).toBe(true);
        expect(pool.stats().tiers.offscreen).toBe(0);
    });
});

// Last in the file: instances take their sleep phase from a module-wide serial number, so a test
// spawning earlier shifts when the instances of the tests after it wake.
describe("offscreen: 'events' with mixes and reversed entries", () => {
    test('events of entries being mixed out, and of reversed entries, stay exact off screen', () => {
        // spine-core 4.3 gates a mixing-out entry's events with TrackEntry.mix() and fires the
        // events of reversed entries (in reverse); 4.2 fires none for those. Either way, the same as on screen.
        let frame = 0;
        const [seen, hidden] = spawnPair('run');
        const logs = [listen(seen, () => frame), listen(hidden, () => frame)];
        for (const go of [seen, hidden]) {
            go.animationState.setAnimation(0, 'walk', true).mixDuration = 0.4; // run's footsteps during the mix
            go.animationState.addAnimation(0, 'attack', false, 0.5).mixDuration = 0.2;
            go.animationState.addAnimation(0, 'walk', true, 0).reverse = true;
        }
        for (; frame < 180; frame++) t.step(1);
        expect(logs[0].some((l) => l.includes('attack hit'))).toBe(true);
        expect(logs[1]).toEqual(logs[0]);
    });
});
