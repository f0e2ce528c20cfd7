/**
 * Bones only when read (spine/bonesWhenRead.ts), on the real stack: a served instance nobody reads
 * writes no bone world transforms; whatever reads it, from wherever a game reads (its update, a
 * Spine listener, a Clock timer, a tween, a hit test), sees exactly the pose of a twin whose
 * skeleton is read every frame (so written every frame, as before), and it writes them every frame
 * from then on. What the pool does itself (culling, tiers, stats, the Legacy helper, the debug
 * view, despawn and spawn) is no read.
 *
 * Exactness against stock twins is the differential harness's, which compares every frame without
 * counting as a read (fixtures/internals.ts' `peekSkeleton`): every differential and call-site
 * scenario runs with bones written only when read.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { instanceRecord, partsOf } from '../../fixtures/internals';
import { preset } from '../../fixtures/skeletons/presets';
import { worldOf } from '../harness/spineApi';
import { DifferentialRun, irregularDeltas } from '../harness/differential';
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

/** Bone world transforms of `skeleton`: [a, b, c, d, worldX, worldY] per bone. */
function bones(skeleton: SpineGameObject['skeleton']): number[][] {
    return skeleton.bones.map((bone) => {
        const w = worldOf(bone);
        return [w.a, w.b, w.c, w.d, w.worldX, w.worldY];
    });
}

/** A bone's local pose (4.3 keeps it on `bone.pose`). */
function localOf(bone: Any): { scaleX: number } {
    return bone.pose ?? bone;
}

/** The bone world transforms the pool holds for `go`, as they are (not written first: what a lazy instance leaves). */
function heldBones(go: SpineGameObject): number[][] {
    const instance = partsOf(pool()).registry.instanceOf(go)!;
    return bones(instance.skeleton as SpineGameObject['skeleton']);
}

/**
 * Two instances given the same calls, side by side, pinned to full detail (both updated and posed
 * every frame): `lazy`, not read, and `eager`, whose skeleton is read at its spawn (so written
 * every frame, as before this change).
 */
function pair(animation = 'walk'): { lazy: SpineGameObject; eager: SpineGameObject } {
    const lazy = pool().spawn(300, 400, 'hero', 'hero-atlas', { animation, detail: 'full' });
    const eager = pool().spawn(500, 400, 'hero', 'hero-atlas', { animation, detail: 'full' });
    void eager.skeleton.bones.length;
    return { lazy, eager };
}

describe('bones only when read', () => {
    test('a served instance nobody reads writes no bones; the first read of go.skeleton shows exactly what a twin read every frame shows, and bones kept from it follow every frame after', () => {
        const { lazy, eager } = pair();
        t.step(40);
        expect(record(lazy)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });
        expect(record(eager)).toMatchObject({ poseCached: true, bonesLazy: false, bonesBehind: false });
        expect(pool().stats().bonesUnwritten).toBe(1);
        // Not written: what the pool holds is not the pose it shows.
        expect(heldBones(lazy)).not.toEqual(bones(eager.skeleton));

        expect(bones(lazy.skeleton)).toEqual(bones(eager.skeleton));
        expect(record(lazy)).toMatchObject({ bonesLazy: false, bonesBehind: false });
        expect(pool().stats().bonesUnwritten).toBe(0);
        const kept = lazy.skeleton.bones;
        for (let frame = 0; frame < 20; frame++) {
            t.step(1);
            expect(record(lazy).poseCached).toBe(true);
            expect(bones({ bones: kept } as Any)).toEqual(bones(eager.skeleton));
        }
    });

    test("read from where games read: the scene update, a Spine listener during its own update, a Clock timer, a tween callback, an input handler: exactly the twin's pose there", () => {
        const seen: Record<string, { lazy: number[][]; eager: number[][] }[]> = {};
        const note = (site: string, lazy: SpineGameObject, eager: SpineGameObject) =>
            (seen[site] ??= []).push({ lazy: bones(lazy.skeleton), eager: bones(eager.skeleton) });
        const sites = ['update', 'listener', 'timer', 'tween', 'input'];
        const pairs = sites.map(() => pair());
        t.step(30); // every one served, none read
        for (const { lazy } of pairs) expect(record(lazy)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });

        const [update, listener, timer, tween, input] = pairs;
        t.sceneUpdates.push(() => {
            if (!seen.update) note('update', update.lazy, update.eager);
        });
        // In its own update (the pose it shows is the last frame's, as stock's in its apply): the
        // twin's listener reads at the same point of its own update.
        const heard: { lazy: number[][][]; eager: number[][][] } = { lazy: [], eager: [] };
        listener.eager.animationState.addListener({ event: () => void heard.eager.push(bones(listener.eager.skeleton)) });
        listener.lazy.animationState.addListener({ event: () => void heard.lazy.push(bones(listener.lazy.skeleton)) });
        t.scene.time.delayedCall(50, () => note('timer', timer.lazy, timer.eager));
        t.scene.tweens.add({ targets: { v: 0 }, v: 1, duration: 100, onComplete: () => note('tween', tween.lazy, tween.eager) });
        t.step(50);
        seen.listener = heard.lazy.slice(0, 1).map((lazy, i) => ({ lazy, eager: heard.eager[i] }));
        // A pointer handler on the object (the event as Phaser's InputPlugin emits it).
        input.lazy.setInteractive().on('pointerdown', () => note('input', input.lazy, input.eager));
        input.lazy.emit('pointerdown', t.scene.input.activePointer, 0, 0, { stopPropagation() {} });

        for (const site of sites) {
            expect(seen[site]?.length ?? 0).toBeGreaterThan(0);
            for (const { lazy, eager } of seen[site]) expect(lazy).toEqual(eager);
        }
        for (const { lazy } of pairs) expect(record(lazy).bonesLazy).toBe(false);
    });

    test("what the pool does itself is no read: culling, tiers, stats, the debug view, the Legacy helper's cross-fades, moving, scaling, animation calls", () => {
        pool().configure({ debug: true });
        const crowd = Array.from({ length: 12 }, (_, i) =>
            pool().spawn(100 + i * 60, 300 + (i % 3) * 150, 'hero', 'hero-atlas', { animation: 'walk', scale: 0.3 }),
        );
        const camera = t.scene.cameras.main;
        for (let frame = 0; frame < 120; frame++) {
            if (frame === 30) camera.scrollX = 2000; // every one off screen
            if (frame === 60) camera.scrollX = 0;
            if (frame === 70) for (const go of crowd.slice(0, 4)) go.animationState.setAnimation(0, 'run', true);
            if (frame === 75) for (const go of crowd.slice(4, 8)) pool().legacy(go).crossFade('run', 0.2);
            if (frame === 80) for (const go of crowd) go.setPosition(go.x + 5, go.y).setScale(0.35);
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

    test('the stand-in go.skeleton holds until the first read behaves as the skeleton (instanceof, methods, the bones they find); a spawn after a despawn is lazy again', () => {
        const { lazy, eager } = pair();
        const standIn = lazy.skeleton; // held, not used yet: no read
        t.step(30);
        expect(record(lazy).bonesBehind).toBe(true);
        expect(standIn).toBeInstanceOf((eager.skeleton as Any).constructor);
        const head = standIn.findBone('head')!;
        expect(record(lazy).bonesLazy).toBe(false);
        expect(worldOf(head).worldX).toBe(worldOf(eager.skeleton.findBone('head')!).worldX);
        // The skeleton itself from now on: the same bones, not the same object (documented).
        expect(lazy.skeleton).not.toBe(standIn);
        expect(lazy.skeleton.bones).toBe(standIn.bones);
        t.step(1);
        expect(worldOf(head).worldY).toBe(worldOf(eager.skeleton.findBone('head')!).worldY);

        pool().despawn(lazy);
        const again = pool().spawn(300, 400, 'hero', 'hero-atlas', { animation: 'walk', detail: 'full' });
        expect(again).toBe(lazy);
        t.step(30);
        expect(record(again)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });
    });

    test("a bone the pool's onCreate keeps (for every owner) is read by every spawn: written every frame, as the twin's", () => {
        const kept = new Map<SpineGameObject, unknown>();
        pool().setHooks('hero', 'hero-atlas', { onCreate: (go) => void kept.set(go, go.skeleton.findBone('head')) });
        const { lazy, eager } = pair();
        t.step(30);
        expect(record(lazy)).toMatchObject({ poseCached: true, bonesLazy: false, bonesBehind: false });
        expect(worldOf(kept.get(lazy) as Any)).toEqual(worldOf(eager.skeleton.findBone('head')!));
        pool().despawn(lazy);
        pool().despawn(eager);
        const again = pair(); // the same two objects, spawned again
        t.step(30);
        expect(record(again.lazy)).toMatchObject({ poseCached: true, bonesLazy: false, bonesBehind: false });
        expect(worldOf(kept.get(again.lazy) as Any)).toEqual(worldOf(again.eager.skeleton.findBone('head')!));
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

    test("a game write through go.skeleton (a bone moved) is a read: the next pose is made in full from it, as a stock object's", () => {
        const { lazy, eager } = pair();
        t.step(30);
        for (const go of [lazy, eager]) localOf(go.skeleton.findBone('head')!).scaleX = 0;
        t.step(1);
        expect(bones(lazy.skeleton)).toEqual(bones(eager.skeleton));
        expect(record(lazy).bonesLazy).toBe(false);
    });

    test.each([0, 1, 10])(
        'despawned while its bones were not written, spawned again %i frames later without an animation: read before any pose, it shows the setup pose, as a new object',
        (gap) => {
            const { lazy } = pair();
            t.step(30);
            expect(record(lazy)).toMatchObject({ poseCached: true, bonesLazy: true, bonesBehind: true });
            pool().despawn(lazy);
            t.step(gap);
            const again = pool().spawn(300, 400, 'hero', 'hero-atlas');
            expect(again).toBe(lazy);
            const fresh = t.scene.add.spine(300, 400, 'hero', 'hero-atlas');
            expect(bones(again.skeleton)).toEqual(bones(fresh.skeleton));
        },
    );

    test.each([
        ['served to the end, read after', 'served'],
        ['served, then applied over (an overlay on track 1: not served), read in the frame of that apply', 'overlay'],
    ])(
        "respawned in the frame it was freed, with an animation keying other bones than its last owner's: its reset's bones owed until something poses or reads them; %s: it shows its twin's pose",
        async (_how, how) => {
            const served = how === 'served';
            t.destroy();
            t = await bootGame({ skeletons: { limbs: corpusRig('limbs') } });
            t.scene.spinePool.configure({ poseCache: 'shared' });
            const spawn = (x: number, animation: string) => pool().spawn(x, 450, 'limbs', 'limbs-atlas', { animation, detail: 'full' });
            // 'walk' built first (by a crowd of its own), so a spawn of it is served from its first frame.
            const walkers = [spawn(100, 'walk'), spawn(200, 'walk')];
            const first = [spawn(400, 'run'), spawn(600, 'run')];
            void first[1].skeleton.bones.length;
            t.step(40);
            expect(record(first[0])).toMatchObject({ poseCached: true, bonesLazy: true });
            // Freed and spawned again in one frame (a wave): 'run' keys the feet, the forearm and the
            // neck, 'walk' the chest, head and upper gun arm.
            const next = 'walk';
            for (const go of first) pool().despawn(go);
            const lazy = spawn(400, next);
            const eager = spawn(600, next);
            expect(first).toContain(lazy);
            expect(first).toContain(eager);
            void eager.skeleton.bones.length;
            const owed = () => partsOf(pool()).registry.instanceOf(lazy)!.setupOwed;
            expect(record(lazy).bonesLazy).toBe(true);
            expect(record(lazy).poseCached).toBe(true); // its first frame, served
            for (let frame = 0; frame < (served ? 20 : 6); frame++) {
                if (frame === 5 && !served) for (const go of [lazy, eager]) go.animationState.setAnimation(1, 'aim', true);
                t.step(1);
                // Served, nobody reading: never written; applied over: written first.
                expect(owed() !== null).toBe(served || frame < 5);
            }
            expect(record(lazy).poseCached).toBe(served);
            expect(bones(lazy.skeleton)).toEqual(bones(eager.skeleton));
            expect(owed()).toBeNull();
            void walkers;
        },
    );

    test("respawned with an animation whose first frame is applied over the setup pose (the cache out of memory): its reset's bones written before the apply; read at once, it shows its twin's pose", () => {
        const { lazy, eager } = pair('run');
        t.step(30);
        pool().configure({ poseCacheMemory: 1e-6 }); // nothing more is built
        pool().despawn(lazy);
        pool().despawn(eager);
        const a = pool().spawn(300, 400, 'hero', 'hero-atlas', { animation: 'idle', detail: 'full' });
        const b = pool().spawn(500, 400, 'hero', 'hero-atlas', { animation: 'idle', detail: 'full' });
        void b.skeleton.bones.length;
        expect(record(a)).toMatchObject({ poseCached: false, bonesLazy: true });
        expect(partsOf(pool()).registry.instanceOf(a)!.setupOwed).toBeNull();
        expect(bones(a.skeleton)).toEqual(bones(b.skeleton));
        // Not the setup pose (a pose left at it would pass too).
        expect(bones(b.skeleton)).not.toEqual(bones(t.scene.add.spine(500, 400, 'hero', 'hero-atlas').skeleton));
    });
});
