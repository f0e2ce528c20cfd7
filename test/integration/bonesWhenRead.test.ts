/**
 * Bones only when read (spine/bonesWhenRead.ts), on the real stack, against stock twins: a served
 * instance nobody reads writes no bone world transforms; whatever reads it, from wherever a game
 * reads (its update, a Spine listener, a Clock timer, a tween, a hit test), sees the pose of a
 * stock `this.add.spine` twin given the same calls (within the pose cache's documented bound:
 * its pose is served), and writes them every frame from then on, in that life and every later one
 * of the object (what the game kept is read through no stand-in). What the pool does itself
 * (culling, tiers, stats, the Legacy helper, the debug view, despawn and spawn) is no read.
 *
 * The differential harness's scenarios read kept references across lives and turn bones by code
 * on every rig, from every call site (test/harness/scenarios.ts, 'what games do with bones').
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { instanceRecord, partsOf } from '../../fixtures/internals';
import { preset } from '../../fixtures/skeletons/presets';
import { worldOf } from '../harness/spineApi';
import { DifferentialRun, irregularDeltas } from '../harness/differential';
import { beyondTolerance, describeMeasure, DOCUMENTED_BOUND, drawnPose, poseErrors } from '../harness/poseError';
import { corpusRig } from '../../fixtures/skeletons/corpus';

type Any = any;

let t: TestGame;

beforeEach(async () => {
    t = await bootGame({ skeletons: { hero: preset('hero') } });
    t.scene.spinePool.configure({ poseCache: 'shared' });
});

afterEach(() => t.destroy());

const pool = () => t.scene.spinePool;
const record = (go: SpineGameObject) => instanceRecord(pool(), go);

/** Bone world positions of `bones`: [worldX, worldY] each. */
function positions(bones: ArrayLike<unknown>): number[][] {
    return Array.from(bones, (bone) => {
        const w = worldOf(bone as never);
        return [w.worldX, w.worldY];
    });
}

/** The largest distance (skeleton px) between the bones at `a` and `b`, index by index. */
function farthest(a: number[][], b: number[][]): number {
    expect(a.length).toBe(b.length);
    return Math.max(...a.map((p, i) => Math.hypot(p[0] - b[i][0], p[1] - b[i][1])));
}

/** A served pose's bound: the documented 0.5 px (and the float noise it allows). */
const PX = DOCUMENTED_BOUND.px;

/** What of `pooled`'s pose is off `stock`'s beyond the documented bound (bones, drawn vertices, attachments, colours, draw order), in words. */
function off(pooled: SpineGameObject['skeleton'], stock: SpineGameObject['skeleton']): string[] {
    const errors = poseErrors(drawnPose(t.spine, pooled), drawnPose(t.spine, stock), DOCUMENTED_BOUND);
    return beyondTolerance(errors).map((kind) => describeMeasure(kind, errors[kind]));
}

/** A bone's local pose (4.3 keeps it on `bone.pose`). */
function localOf(bone: Any): { scaleX: number } {
    return bone.pose ?? bone;
}

/** The bones the pool holds for `go`, as they are (not written first: what a lazy instance leaves). */
function held(go: SpineGameObject): SpineGameObject['skeleton'] {
    return partsOf(pool()).registry.instanceOf(go)!.skeleton as SpineGameObject['skeleton'];
}

/** A stock twin: `this.add.spine` at (x, y), playing `animation` on track 0 (the pooled spawn's call). */
function twin(x: number, y: number, animation: string, loop = true, key = 'hero'): SpineGameObject {
    const go = t.scene.add.spine(x, y, key, `${key}-atlas`);
    go.animationState.setAnimation(0, animation, loop);
    return go;
}

/**
 * A pooled instance pinned to full detail (posed every frame) and its stock twin, given the same
 * calls from here on (both updated from the next frame, with the same deltas).
 */
function pair(animation = 'walk'): { pooled: SpineGameObject; stock: SpineGameObject } {
    const pooled = pool().spawn(300, 400, 'hero', 'hero-atlas', { animation, detail: 'full' });
    return { pooled, stock: twin(500, 400, animation) };
}

describe('bones only when read', () => {
    test("a served instance nobody reads writes no bones; the first read of go.skeleton shows its stock twin's pose, and bones kept from it follow the twin's every frame after", () => {
        const { pooled, stock } = pair();
        t.step(40);
        expect(record(pooled)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });
        expect(pool().stats().bonesUnwritten).toBe(1);
        // Not written: what the pool holds is not the pose it shows.
        expect(farthest(positions(held(pooled).bones), positions(stock.skeleton.bones))).toBeGreaterThan(1);

        expect(off(pooled.skeleton, stock.skeleton)).toEqual([]);
        expect(record(pooled)).toMatchObject({ bonesLazy: false, bonesBehind: false });
        expect(pool().stats().bonesUnwritten).toBe(0);
        const kept = pooled.skeleton.bones;
        for (let frame = 0; frame < 20; frame++) {
            t.step(1);
            expect(record(pooled).poseCached).toBe(true);
            expect(farthest(positions(kept), positions(stock.skeleton.bones))).toBeLessThanOrEqual(PX);
        }
    });

    test("a served instance nobody reads writes its keyed deforms' lengths (the draw checks read them), not their values; the first read writes them, and they show its stock twin's", () => {
        const { pooled, stock } = pair();
        t.step(40);
        const deformOf = (slot: Any): number[] => (slot.pose ?? slot).deform;
        const deformed = stock.skeleton.slots.flatMap((slot, i) => (deformOf(slot).length > 0 ? [i] : []));
        expect(deformed.length).toBeGreaterThan(0);
        expect(record(pooled)).toMatchObject({ poseCached: true, bonesLazy: true, deformsBehind: true });
        for (const i of deformed) expect(deformOf(held(pooled).slots[i]).length).toBe(deformOf(stock.skeleton.slots[i]).length);

        expect(off(pooled.skeleton, stock.skeleton)).toEqual([]);
        expect(record(pooled)).toMatchObject({ deformsBehind: false });
    });

    test("an animation changed on a served instance nobody reads, with a mix (an apply may blend from its deforms): the pose during the mix is its stock twin's", () => {
        const { pooled, stock } = pair();
        t.step(40);
        expect(record(pooled)).toMatchObject({ poseCached: true, deformsBehind: true });
        for (const go of [pooled, stock]) {
            go.animationState.setAnimation(0, 'run', true).mixDuration = 0.25;
        }
        t.step(6);
        expect(off(pooled.skeleton, stock.skeleton)).toEqual([]);
    });

    test("turning it around through go.skeleton (scaleX, scaleY set and read) is no read: served mirrored from then on, bones unwritten; the first read shows its stock twin's mirrored pose", () => {
        const { pooled, stock } = pair();
        t.step(40);
        for (const go of [pooled, stock]) {
            go.skeleton.scaleX = -go.skeleton.scaleX;
            go.skeleton.scaleY = -go.skeleton.scaleY;
        }
        expect(pooled.skeleton.scaleX).toBe(stock.skeleton.scaleX);
        t.step(40);
        expect(record(pooled)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });
        expect(pool().stats().poseCache.notServed.scale).toBe(0);
        expect(off(pooled.skeleton, stock.skeleton)).toEqual([]);
        expect(record(pooled)).toMatchObject({ bonesLazy: false, bonesBehind: false });
    });

    test("a skeleton colour set through go.skeleton (a hit flash, every frame) is no read: no bones written, the colour the stock twin's, the pose still its", () => {
        const { pooled, stock } = pair();
        t.step(30);
        for (let frame = 0; frame < 10; frame++) {
            const flash = frame % 2 === 0 ? [1, 0.3, 0.3, 0.8] : [1, 1, 1, 1];
            for (const go of [pooled, stock]) go.skeleton.color.set(flash[0], flash[1], flash[2], flash[3]);
            t.step(1);
            expect(record(pooled)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });
            expect(held(pooled).color).toEqual(stock.skeleton.color);
        }
        expect(pool().stats().bonesUnwritten).toBe(1);
        expect(off(pooled.skeleton, stock.skeleton)).toEqual([]); // a read (bones), as before
        expect(record(pooled).bonesLazy).toBe(false);
    });

    test("read from where games read: the scene update, a Spine listener during its own update, a Clock timer, a tween callback, an input handler: the stock twin's pose there", () => {
        const seen: Record<string, { pooled: number[][]; stock: number[][] }[]> = {};
        const note = (site: string, pooled: SpineGameObject, stock: SpineGameObject) =>
            (seen[site] ??= []).push({ pooled: positions(pooled.skeleton.bones), stock: positions(stock.skeleton.bones) });
        const sites = ['update', 'listener', 'timer', 'tween', 'input'];
        const pairs = sites.map(() => pair());
        t.step(30); // every one served, none read
        for (const { pooled } of pairs) expect(record(pooled)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });

        const [update, listener, timer, tween, input] = pairs;
        t.sceneUpdates.push(() => {
            if (!seen.update) note('update', update.pooled, update.stock);
        });
        // In its own update (the pose it shows is the last frame's, as stock's in its apply): the
        // twin's listener reads at the same point of its own update.
        const heard: { pooled: number[][][]; stock: number[][][] } = { pooled: [], stock: [] };
        listener.stock.animationState.addListener({ event: () => void heard.stock.push(positions(listener.stock.skeleton.bones)) });
        listener.pooled.animationState.addListener({ event: () => void heard.pooled.push(positions(listener.pooled.skeleton.bones)) });
        t.scene.time.delayedCall(50, () => note('timer', timer.pooled, timer.stock));
        t.scene.tweens.add({ targets: { v: 0 }, v: 1, duration: 100, onComplete: () => note('tween', tween.pooled, tween.stock) });
        t.step(50);
        expect(heard.pooled.length).toBe(heard.stock.length);
        seen.listener = heard.pooled.map((pooled, i) => ({ pooled, stock: heard.stock[i] }));
        // A pointer handler on the object (the event as Phaser's InputPlugin emits it).
        input.pooled.setInteractive().on('pointerdown', () => note('input', input.pooled, input.stock));
        input.pooled.emit('pointerdown', t.scene.input.activePointer, 0, 0, { stopPropagation() {} });

        for (const site of sites) {
            expect(seen[site]?.length ?? 0).toBeGreaterThan(0);
            for (const { pooled, stock } of seen[site]) expect([site, farthest(pooled, stock) <= PX]).toEqual([site, true]);
        }
        for (const { pooled } of pairs) expect(record(pooled).bonesLazy).toBe(false);
        for (const { pooled } of [listener]) pooled.animationState.clearListeners();
    });

    test("what the pool does itself is no read: culling, tiers, stats, the debug view, the Legacy helper's cross-fades, moving, scaling, animation calls, despawn and spawn", () => {
        pool().configure({ debug: true });
        const spawnCrowd = () =>
            Array.from({ length: 12 }, (_, i) => pool().spawn(100 + i * 60, 300 + (i % 3) * 150, 'hero', 'hero-atlas', { animation: 'walk', scale: 0.3 }));
        let crowd = spawnCrowd();
        const camera = t.scene.cameras.main;
        for (let frame = 0; frame < 120; frame++) {
            if (frame === 30) camera.scrollX = 2000; // every one off screen
            if (frame === 60) camera.scrollX = 0;
            if (frame === 70) for (const go of crowd.slice(0, 4)) go.animationState.setAnimation(0, 'run', true);
            if (frame === 75) for (const go of crowd.slice(4, 8)) pool().legacy(go).crossFade('run', 0.2);
            if (frame === 80) for (const go of crowd) go.setPosition(go.x + 5, go.y).setScale(0.35);
            if (frame === 90) {
                // A wave given back and handed out again (the same objects).
                for (const go of crowd) pool().despawn(go);
                crowd = spawnCrowd();
            }
            t.step(1);
            pool().stats();
            // Render culling, as Phaser asks before drawing (HEADLESS draws nothing, so asked here).
            camera.preRender();
            for (const go of crowd) (go as Any).willRender(camera);
        }
        expect(crowd.filter((go) => record(go).poseCached).length).toBeGreaterThan(8);
        for (const go of crowd) expect(record(go).bonesLazy).toBe(true);
        expect(pool().stats().bonesUnwritten).toBe(crowd.filter((go) => record(go).bonesBehind).length);
    });

    test.each([0, 10])(
        "the stand-in behaves as the skeleton (instanceof, methods, the bones they find); read in one life, the object is never lazy again: a bone kept from it is the next life's twin's, respawned %i frames after its despawn",
        (gap) => {
            const { pooled, stock } = pair();
            const standIn = pooled.skeleton; // held, not used yet: no read
            t.step(30);
            expect(record(pooled).bonesBehind).toBe(true);
            expect(standIn).toBeInstanceOf((stock.skeleton as Any).constructor);
            const head = standIn.findBone('head')!;
            expect(record(pooled).bonesLazy).toBe(false);
            const near = (twinOf: SpineGameObject) => farthest(positions([head]), positions([twinOf.skeleton.findBone('head')])) <= PX;
            expect(near(stock)).toBe(true);
            // The skeleton itself from now on: the same bones, not the same object (documented).
            expect(pooled.skeleton).not.toBe(standIn);
            expect(pooled.skeleton.bones).toBe(standIn.bones);
            t.step(1);
            expect(near(stock)).toBe(true);

            // Given back and handed out again (a wave): what the game kept of its first life is read
            // with no trap at all, so the object writes its bones in every life from now on.
            pool().despawn(pooled);
            stock.destroy();
            t.step(gap);
            const again = pool().spawn(300, 400, 'hero', 'hero-atlas', { animation: 'run', detail: 'full' });
            const next = twin(500, 400, 'run');
            expect(again).toBe(pooled);
            for (let frame = 0; frame < 30; frame++) {
                t.step(1);
                expect(record(again)).toMatchObject({ poseCached: true, bonesLazy: false });
                expect([frame, near(next)]).toEqual([frame, true]);
            }
        },
    );

    test("a bone the pool's onCreate keeps (for every owner) is read in every life: its stock twin's, every frame", () => {
        const kept = new Map<SpineGameObject, unknown>();
        pool().setHooks('hero', 'hero-atlas', { onCreate: (go) => void kept.set(go, go.skeleton.findBone('head')) });
        for (const life of [0, 1]) {
            const { pooled, stock } = pair(life === 0 ? 'walk' : 'run');
            for (let frame = 0; frame < 30; frame++) {
                t.step(1);
                expect(record(pooled)).toMatchObject({ poseCached: true, bonesLazy: false, bonesBehind: false });
                expect(farthest(positions([kept.get(pooled)]), positions([stock.skeleton.findBone('head')]))).toBeLessThanOrEqual(PX);
            }
            pool().despawn(pooled); // the same object, spawned again in the next life
            stock.destroy();
        }
        expect(kept.size).toBe(1);
    });

    test.each([
        ['aim', 1],
        ['wave', 2],
    ])(
        "an overlay (%s on track %d) cleared off a served instance nobody reads leaves its pose on what the animation below does not key: the next poses are made in full, the twin's (the once-only check asked again after each apply)",
        async (overlay, track) => {
            t.destroy();
            t = await bootGame({ skeletons: { limbs: corpusRig('limbs') } });
            t.scene.spinePool.configure({ poseCache: 'shared' });
            const run = new DifferentialRun(t, irregularDeltas(31));
            const p = run.pair(400, 450, 'limbs', 'limbs');
            run.at(0, () => p.both((go) => void go.animationState.setAnimation(0, 'walk', true)));
            run.at(40, () => p.both((go) => void go.animationState.setAnimation(track as number, overlay as string, true)));
            run.at(70, () => p.both((go) => void go.animationState.clearTrack(track as number)));
            run.step(100);
            expect(run.differences()).toEqual([]);
            expect(p.behindFrames).toBeGreaterThan(20); // walk served, nobody reading, before the overlay
            run.end();
        },
    );

    test("a game write through go.skeleton (a bone moved) is a read: the next pose is made in full from it, as its stock twin's", () => {
        const { pooled, stock } = pair();
        t.step(30);
        for (const go of [pooled, stock]) localOf(go.skeleton.findBone('head')!).scaleX = 0;
        t.step(1);
        expect(record(pooled)).toMatchObject({ poseCached: false, bonesLazy: false });
        expect(farthest(positions(pooled.skeleton.bones), positions(stock.skeleton.bones))).toBeLessThan(1e-3);
    });

    test.each([0, 1, 10])(
        'despawned while its bones were not written, spawned again %i frames later without an animation: read before any pose, it shows the setup pose, as a new object',
        (gap) => {
            const { pooled } = pair();
            t.step(30);
            expect(record(pooled)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });
            pool().despawn(pooled);
            t.step(gap);
            const again = pool().spawn(300, 400, 'hero', 'hero-atlas');
            expect(again).toBe(pooled);
            const fresh = t.scene.add.spine(300, 400, 'hero', 'hero-atlas');
            expect(positions(again.skeleton.bones)).toEqual(positions(fresh.skeleton.bones));
        },
    );

    test.each([
        ['served to the end, read after', 'served'],
        ['served, then applied over (an overlay on track 1: not served), read in the frame of that apply', 'overlay'],
    ])(
        "respawned in the frame it was freed, with an animation keying other bones than its last owner's: its reset's bones owed until something poses or reads them; %s: it shows its stock twin's pose",
        async (_how, how) => {
            const served = how === 'served';
            t.destroy();
            t = await bootGame({ skeletons: { limbs: corpusRig('limbs') } });
            t.scene.spinePool.configure({ poseCache: 'shared' });
            const spawn = (x: number, animation: string) => pool().spawn(x, 450, 'limbs', 'limbs-atlas', { animation, detail: 'full' });
            // 'walk' built first (by a crowd of its own), so a spawn of it is served from its first frame.
            const walkers = [spawn(100, 'walk'), spawn(200, 'walk')];
            const first = spawn(400, 'run');
            t.step(40);
            expect(record(first)).toMatchObject({ poseCached: true, bonesLazy: true });
            // Freed and spawned again in one frame (a wave): 'run' keys the feet, the forearm and the
            // neck, 'walk' the chest, head and upper gun arm.
            const next = 'walk';
            pool().despawn(first);
            const pooled = spawn(400, next);
            const stock = twin(600, 450, next, true, 'limbs');
            expect(pooled).toBe(first);
            const owed = () => partsOf(pool()).registry.instanceOf(pooled)!.setupOwed;
            expect(record(pooled).bonesLazy).toBe(true);
            expect(record(pooled).poseCached).toBe(true); // its first frame, served
            for (let frame = 0; frame < (served ? 20 : 6); frame++) {
                if (frame === 5 && !served) for (const go of [pooled, stock]) go.animationState.setAnimation(1, 'aim', true);
                t.step(1);
                // Served, nobody reading: never written; applied over: written first.
                expect(owed() !== null).toBe(served || frame < 5);
            }
            expect(record(pooled).poseCached).toBe(served);
            expect(off(pooled.skeleton, stock.skeleton)).toEqual([]);
            expect(owed()).toBeNull();
            void walkers;
        },
    );

    test("respawned with an animation whose first frame is applied over the setup pose (the cache out of memory): its reset's bones written before the apply; read at once, it shows a stock object's first frame of it", () => {
        const { pooled } = pair('run');
        t.step(30);
        pool().configure({ poseCacheMemory: 1e-6 }); // nothing more is built
        pool().despawn(pooled);
        const a = pool().spawn(300, 400, 'hero', 'hero-atlas', { animation: 'idle', detail: 'full' });
        expect(a).toBe(pooled);
        expect(record(a)).toMatchObject({ poseCached: false, bonesLazy: true });
        expect(partsOf(pool()).registry.instanceOf(a)!.setupOwed).toBeNull();
        // A stock object's pose of idle's first frame: after an update of no time.
        const stock = twin(500, 400, 'idle');
        stock.updatePose(0);
        expect(farthest(positions(a.skeleton.bones), positions(stock.skeleton.bones))).toBeLessThan(1e-3);
        // Not the setup pose (a pose left at it would pass too).
        expect(farthest(positions(stock.skeleton.bones), positions(t.scene.add.spine(500, 400, 'hero', 'hero-atlas').skeleton.bones))).toBeGreaterThan(1);
    });
});
