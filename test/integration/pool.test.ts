import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { addSkeleton, jsonForStack } from '../../fixtures/headless/assets';
import { eachTest, type TestGame } from '../../fixtures/headless/game';
import { boneWorld, poseDistance, UpdateProbe } from '../harness/probe';
import { skeletonState } from '../harness/skeletonState';
import { setupPose as toSetupPose } from '../harness/spineApi';
import { corpusRig, DIFFERENTIAL_RIGS, SPAWN_SKIN } from '../../fixtures/skeletons/corpus';
import { preset } from '../../fixtures/skeletons/presets';
import { partsOf } from '../../fixtures/internals';
import { SLOTS_AT_SETUP, SLOTS_KEYED, slotsNow } from '../../spine/bonesWhenRead';
import { Life } from '../../plugin/PooledInstance';
import * as Recycler from '../../plugin/Recycler';

/** The corpus rigs the pose cache serves (physics rigs are posed every frame). */
const SERVED_RIGS = ['limbs', 'path', 'skins', 'giant'] as const;

let t: TestGame;
let warn: jest.SpyInstance;
eachTest((game, spy) => ([t, warn] = [game, spy]));

const spawn = (x = 100, y = 100, options?: Parameters<TestGame['scene']['spinePool']['spawn']>[4]) =>
    t.scene.spinePool.spawn(x, y, 'tiny', 'tiny-atlas', options);

/** The world transforms of a brand-new skeleton of the same data in its setup pose. */
function setupPose(go: SpineGameObject): number[][] {
    const skeleton = new t.spine.Skeleton(go.skeleton.data);
    toSetupPose(skeleton);
    skeleton.updateWorldTransform(t.spine.Physics.update);
    return boneWorld({ skeleton } as SpineGameObject);
}

/** The world transforms an untouched AnimationState gives `animation` at time 0. */
function firstFrame(go: SpineGameObject, animation: string, track = 0): number[][] {
    const skeleton = new t.spine.Skeleton(go.skeleton.data);
    const state = new t.spine.AnimationState(new t.spine.AnimationStateData(go.skeleton.data));
    toSetupPose(skeleton);
    state.setAnimation(track, animation, true);
    state.update(0);
    state.apply(skeleton);
    skeleton.updateWorldTransform(t.spine.Physics.update);
    return boneWorld({ skeleton } as SpineGameObject);
}

describe('pool on the real stack', () => {
    test('instances are pooled per (dataKey, atlasKey): one pool per pair, reused after despawn', () => {
        addSkeleton(t.game, 'crowd', preset('crowd'));
        t.game.cache.text.add('tiny-atlas-2', t.game.cache.text.get('tiny-atlas'));
        for (const page of preset('tiny').pages) t.game.textures.addCanvas(`tiny-atlas-2!${page.name}`, document.createElement('canvas'));
        const pool = t.scene.spinePool;
        const a = spawn();
        const b = pool.spawn(0, 0, 'crowd', 'crowd-atlas');
        const c = pool.spawn(0, 0, 'tiny', 'tiny-atlas-2');
        expect(pool.stats().pools.map((p) => [p.dataKey, p.atlasKey, p.active])).toEqual([
            ['tiny', 'tiny-atlas', 1],
            ['crowd', 'crowd-atlas', 1],
            ['tiny', 'tiny-atlas-2', 1],
        ]);
        pool.despawn(a);
        pool.despawn(c);
        expect(pool.spawn(0, 0, 'tiny', 'tiny-atlas-2')).toBe(c);
        expect(spawn()).toBe(a);
        expect(pool.stats()).toMatchObject({ active: 4 - 1, free: 0, created: 3 });
        expect(b.skeleton.data).not.toBe(a.skeleton.data);
    });

    test('free instances are inactive, invisible, and on neither the display list nor the update list', () => {
        const pool = t.scene.spinePool;
        pool.prewarm('tiny', 'tiny-atlas', 2);
        const go = spawn();
        t.step(2);
        pool.despawn(go);
        t.step(1);
        const free = [spawn(), spawn(), spawn()];
        expect(free).toContain(go);
        free.forEach((g) => pool.despawn(g));
        for (const g of free) {
            expect(g.active).toBe(false);
            expect(g.visible).toBe(false);
            expect(t.scene.sys.displayList.exists(g as never)).toBe(false);
            expect(t.scene.sys.updateList.isActive(g as never)).toBe(false);
            expect(t.scene.sys.updateList.isPending(g as never)).toBe(false);
        }
        expect(pool.stats()).toMatchObject({ active: 0, free: 3, created: 3 });
    });

    test("spawn hands out the setup pose with current world transforms, never the last owner's pose or tracks", () => {
        const pool = t.scene.spinePool;
        const go = spawn(100, 100, { animation: 'die', loop: false, skin: preset('tiny').stats.skins[1] });
        go.animationState.setAnimation(1, 'walk', true);
        go.setScale(3).setAngle(45).setAlpha(0.2);
        go.animationState.timeScale = 2;
        t.step(30);
        expect(poseDistance(boneWorld(go), setupPose(go))).toBeGreaterThan(1);
        pool.despawn(go);
        const again = spawn(250, 260);
        expect(again).toBe(go);
        expect(poseDistance(boneWorld(again), setupPose(again))).toBeLessThan(1e-6);
        expect(again.animationState.tracks.filter((e) => e)).toEqual([]);
        expect(again.skeleton.skin).toBeNull();
        expect([again.x, again.y, again.scaleX, again.angle, again.alpha, again.animationState.timeScale]).toEqual([250, 260, 1, 0, 1, 1]);
        expect([again.visible, again.active]).toEqual([true, true]);
    });

    test('spawn with an animation poses its first frame before the instance is ever drawn', () => {
        const go0 = spawn();
        const setup = setupPose(go0);
        // Any animation whose first frame differs from the setup pose shows the difference.
        const name = go0.skeleton.data.animations.map((a) => a.name).find((n) => poseDistance(firstFrame(go0, n), setup) > 1e-3);
        expect(name).toBeDefined();
        t.scene.spinePool.despawn(go0);
        const go = spawn(10, 10, { animation: name!, track: 2 });
        expect(poseDistance(boneWorld(go), firstFrame(go, name!, 2))).toBeLessThan(1e-6);
        expect(go.animationState.tracks[2]!.animation!.name).toBe(name);
        expect(go.animationState.tracks[2]!.trackTime).toBe(0);
    });

    test('events keyed at time 0 of the spawn animation fire on the first update, after the caller could listen', () => {
        const json = structuredClone(preset('tiny').json) as { animations: Record<string, unknown>; bones: { name: string }[] };
        json.animations.ping = {
            bones: {
                [json.bones[0].name]: {
                    rotate: [
                        { time: 0, value: 0 },
                        { time: 0.5, value: 10 },
                    ],
                },
            },
            events: [
                { time: 0, name: 'hit' },
                { time: 0.25, name: 'hit' },
            ],
        };
        t.game.cache.json.add('tiny-ping', jsonForStack(json));
        const go = t.scene.spinePool.spawn(0, 0, 'tiny-ping', 'tiny-atlas', { animation: 'ping', loop: false });
        const heard: number[] = [];
        go.animationState.addListener({ event: (_entry, event) => heard.push(event.time) });
        t.step(1);
        expect(heard).toEqual([0]);
        t.step(15);
        expect(heard).toEqual([0, 0.25]);
    });

    test('with dev: false, misuse is still refused but nothing is printed', () => {
        const pool = t.scene.spinePool.configure({ dev: false });
        const go = spawn();
        pool.despawn(go);
        expect(pool.despawn(go)).toBe(false);
        expect(pool.despawn({} as never)).toBe(false);
        spawn().destroy();
        expect(pool.stats()).toMatchObject({ active: 0, free: 0 });
        expect(warn).not.toHaveBeenCalled();
    });

    test('a double despawn returns false, warns, and never puts one instance twice in the free list', () => {
        const pool = t.scene.spinePool;
        const go = spawn();
        expect(pool.despawn(go)).toBe(true);
        expect(pool.despawn(go)).toBe(false);
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/already despawned/));
        expect(pool.stats()).toMatchObject({ active: 0, free: 1 });
        const a = spawn();
        const b = spawn();
        expect(a).not.toBe(b);
        expect(pool.despawn(t.scene.add.spine(0, 0, 'tiny', 'tiny-atlas'))).toBe(false);
        expect(pool.despawn(null as never)).toBe(false);
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/was not spawned by this scene's spinePool/));
        expect(pool.stats()).toMatchObject({ active: 2, free: 0, created: 2 });
    });

    test('unknown keys throw an Error naming the missing key and what is loaded', () => {
        const pool = t.scene.spinePool;
        expect(() => pool.spawn(0, 0, 'hero', 'tiny-atlas')).toThrow(/dataKey "hero".*Loaded JSON\/binary keys: tiny\b/);
        expect(() => pool.spawn(0, 0, 'tiny', 'tiny.atlas')).toThrow(/atlasKey "tiny.atlas".*Loaded text\/atlas keys: tiny-atlas/);
        expect(() => pool.prewarm('nope', 'tiny-atlas', 1)).toThrow(/^phaser-spine-pool: prewarm\(\): no skeleton data .*"nope"/);
        expect(() => spawn(0, 0, { animation: 'fly' })).toThrow(/animation "fly" is not in skeleton.*Animations: .*idle/);
        expect(() => spawn(0, 0, { skin: 'ghost' })).toThrow(/skin "ghost" is not in skeleton.*Skins: default/);
        expect(() => pool.spawn(NaN, 0, 'tiny', 'tiny-atlas')).toThrow(/x and y must be finite numbers; got x = NaN/);
        expect(() => pool.prewarm('tiny', 'tiny-atlas', -1)).toThrow(/count must be an integer >= 0; got -1/);
        // A refused spawn hands nothing out.
        expect(pool.stats()).toMatchObject({ active: 0 });
    });

    test('configure rejects bad options with an Error naming them, and applies nothing', () => {
        const pool = t.scene.spinePool;
        expect(() => pool.configure({ lowFrequency: 0 })).toThrow(/'lowFrequency' must be an integer from 1 to 16.*got 0/);
        expect(() => pool.configure({ groupCount: 8, offscreen: 'never' as never })).toThrow(/'offscreen' must be one of/);
        expect(pool.getOptions().groupCount).toBe(4);
        expect(pool.configure({ groupCount: 8 })).toBe(pool);
    });

    test('go.destroy() on a pooled instance removes it from the pool and the scheduler, with a dev warning', () => {
        const pool = t.scene.spinePool;
        const a = spawn();
        const b = spawn();
        pool.despawn(b);
        a.destroy();
        b.destroy();
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/pooled instance of 'tiny' was destroyed; it has left the pool.*despawn/));
        expect(pool.stats()).toMatchObject({ active: 0, free: 0, created: 2, updatedLastFrame: 0 });
        expect(pool.isActive(a)).toBe(false);
        t.step(2);
        expect(pool.stats().updatedLastFrame).toBe(0);
        const c = spawn();
        expect(c).not.toBe(a);
        expect(c).not.toBe(b);
        expect(pool.despawn(a)).toBe(false);
    });

    test('parent containers: spawned at local (x, y), measured at its world position, taken out on despawn', () => {
        const pool = t.scene.spinePool.configure({ offscreen: 'lod' }); // distance tiers only
        const far = pool.getOptions().midDetailDistance * 3;
        const container = t.scene.add.container(far, 0);
        const go = spawn(10, 20, { parent: container });
        expect(go.parentContainer).toBe(container);
        expect(container.list).toContain(go);
        expect([go.x, go.y]).toEqual([10, 20]);
        expect(pool.stats().tiers.low).toBe(1); // its world position is far from the camera
        const destroyListeners = go.listenerCount(Phaser.GameObjects.Events.DESTROY);
        pool.despawn(go);
        expect(container.list).not.toContain(go);
        expect(go.parentContainer).toBeNull();
        expect(t.scene.sys.displayList.exists(go as never)).toBe(false);
        // Phaser's Container leaves an onChildDestroyed listener behind on removal; despawn clears it.
        expect(go.listenerCount(Phaser.GameObjects.Events.DESTROY)).toBe(destroyListeners - 1);
        const again = spawn(5, 5);
        expect(again).toBe(go);
        expect(t.scene.sys.displayList.exists(go as never)).toBe(true);
        expect(go.parentContainer).toBeNull();
    });

    test('a recycled instance has the own properties of a fresh one, in the same order (one V8 shape for all pooled objects)', () => {
        const fresh = spawn();
        const recycled = spawn();
        recycled.setScale(2).setAlpha(0.5).setDepth(3).setScrollFactor(0.5);
        t.scene.spinePool.despawn(recycled);
        expect(spawn()).toBe(recycled);
        t.step(2);
        expect(Object.keys(recycled)).toEqual(Object.keys(fresh));
    });

    test("world-transform callbacks set in onCreate belong to the pool: every owner gets them; an owner's own go on despawn", () => {
        const pool = t.scene.spinePool;
        const poolCallback = (): void => {};
        pool.setHooks('tiny', 'tiny-atlas', { onCreate: (go) => void (go.afterUpdateWorldTransforms = poolCallback) });
        const go = spawn();
        expect(go.afterUpdateWorldTransforms).toBe(poolCallback);
        const before = go.beforeUpdateWorldTransforms;
        go.beforeUpdateWorldTransforms = () => {};
        pool.despawn(go);
        const again = spawn();
        expect(again).toBe(go);
        expect(again.afterUpdateWorldTransforms).toBe(poolCallback);
        expect(again.beforeUpdateWorldTransforms).toBe(before);
    });

    test('prewarm builds free instances so later spawns build none', () => {
        const pool = t.scene.spinePool;
        pool.prewarm('tiny', 'tiny-atlas', 5);
        expect(pool.stats()).toMatchObject({ active: 0, free: 5, created: 5 });
        for (let i = 0; i < 5; i++) spawn();
        expect(pool.stats()).toMatchObject({ active: 5, free: 0, created: 5 });
    });

    test('skin and depth options apply to the spawned instance only', () => {
        const skin = preset('tiny').stats.skins.find((s) => s !== 'default')!;
        const a = spawn(0, 0, { skin, depth: 7 });
        expect(a.skeleton.skin!.name).toBe(skin);
        expect(a.depth).toBe(7);
        t.scene.spinePool.despawn(a);
        const b = spawn();
        expect(b).toBe(a);
        expect(b.skeleton.skin).toBeNull();
        expect(b.depth).toBe(0);
    });

    test('scene restart destroys every instance, active and free, fires onDestroy once for each, and leaves listener counts on scene and game emitters flat', () => {
        const plugin = t.scene.spinePool;
        const events = t.scene.sys.events;
        const hooksAfterStart = hooksOf(events, plugin);
        // Instances are updated in their turns in the scene's UpdateList; a frame begins at PRE_UPDATE.
        expect(hooksAfterStart).toEqual(['destroy', 'preupdate', 'shutdown', 'start']);
        // ...and ends at the game's PRE_RENDER, after every update of the frame.
        expect(hooksOf(t.game.events, plugin)).toEqual(['prerender']);
        // Hooks are kept over restarts: every instance ever created must be destroyed exactly once.
        const created: SpineGameObject[] = [];
        const destroyed = new Map<SpineGameObject, number>();
        plugin.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => created.push(go),
            onDestroy: (go) => destroyed.set(go, (destroyed.get(go) ?? 0) + 1),
        });
        const rounds = 4;
        let afterFirst: { scene: Record<string, number>; game: Record<string, number> } | undefined;
        for (let round = 0; round < rounds; round++) {
            const active: SpineGameObject[] = [];
            for (let i = 0; i < 5; i++) active.push(spawn());
            const despawned = spawn();
            plugin.despawn(despawned);
            plugin.prewarm('tiny', 'tiny-atlas', 2); // two more free ones, never spawned
            const roundCreated = created.slice(-8);
            expect(roundCreated).toEqual(expect.arrayContaining([...active, despawned]));
            expect(plugin.stats()).toMatchObject({ active: 5, free: 3, created: 8 });
            t.step(2);
            expect(destroyed.size).toBe(round * 8); // nothing of this round destroyed yet
            expect(roundCreated.filter((go) => go.scene !== t.scene)).toHaveLength(0); // all alive so far
            t.scene.scene.restart();
            t.step(2); // the scene manager restarts it during the next step
            expect(plugin.stats()).toMatchObject({ active: 0, free: 0, pools: [] });
            // What Phaser's destroy leaves: no scene, inactive, on no list of the new scene; and
            // onDestroy told once, free instances included.
            const fate = (go: SpineGameObject) => ({
                scene: go.scene === undefined ? 'none' : 'still set',
                active: go.active,
                displayed: t.scene.children.exists(go),
                pooled: plugin.isActive(go),
                onDestroy: destroyed.get(go) ?? 0,
            });
            const gone = { scene: 'none', active: false, displayed: false, pooled: false, onDestroy: 1 };
            expect(roundCreated.map(fate)).toEqual(roundCreated.map(() => gone));
            const counts = { scene: listenerCounts(events), game: listenerCounts(t.game.events) };
            if (round === 0) afterFirst = counts;
            else expect(counts).toEqual(afterFirst);
        }
        expect(new Set(created).size).toBe(rounds * 8); // a restart never reuses a destroyed instance
        expect(destroyed.size).toBe(rounds * 8); // ...and onDestroy fired for no other object
        for (const go of created) expect(destroyed.get(go)).toBe(1);
        const old = new Set(created);
        expect(hooksOf(events, plugin)).toEqual(hooksAfterStart);
        expect(hooksOf(t.game.events, plugin)).toEqual(['prerender']);
        // Still works after the restarts, updated once per frame.
        const go = spawn();
        expect(old.has(go)).toBe(false); // a new instance, in the new scene
        expect(go.scene).toBe(t.scene);
        const probe = new UpdateProbe();
        const updates = probe.watch(go);
        t.step(3);
        expect(updates.length).toBe(3);
        expect(warn).not.toHaveBeenCalled();
    });

    test('stopping the scene removes the hook the plugin added to the game (its frames end at PRE_RENDER)', () => {
        const plugin = t.scene.spinePool;
        spawn();
        t.step(1);
        expect(hooksOf(t.game.events, plugin)).toEqual(['prerender']);
        t.scene.scene.stop();
        t.step(1);
        expect(hooksOf(t.game.events, plugin)).toEqual([]);
        expect(hooksOf(t.scene.sys.events, plugin)).toEqual(['destroy', 'start']);
    });

    test('destroying the game removes every hook the plugin added', () => {
        const plugin = t.scene.spinePool;
        const events = t.scene.sys.events;
        spawn();
        t.destroy();
        expect(hooksOf(events, plugin)).toEqual([]);
        t = { destroy() {} } as TestGame; // already destroyed
    });
});

/** How many listeners (any context) `emitter` has, per event name. */
function listenerCounts(emitter: Phaser.Events.EventEmitter): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const name of emitter.eventNames()) counts[String(name)] = emitter.listenerCount(name);
    return counts;
}

/** Names of the events `emitter` has a listener for whose context is `context` (one entry per listener). */
function hooksOf(emitter: Phaser.Events.EventEmitter, context: object): string[] {
    const table = (emitter as unknown as { _events: Record<string, { context: unknown } | { context: unknown }[]> })._events;
    const names: string[] = [];
    for (const name of Object.keys(table)) {
        const listeners = Array.isArray(table[name]) ? table[name] : [table[name]];
        for (const l of listeners as { context: unknown }[]) if (l.context === context) names.push(name);
    }
    return names.sort();
}

/**
 * The setup pose a respawned instance is handed out in is the one a new stock object shows once
 * posed (`this.add.spine`, its skin set, `setToSetupPose()`, `updateWorldTransform(Physics.reset)`),
 * bit for bit: every bone's local pose, applied pose and world transform, every slot, the draw
 * order, every constraint's values and physics state, the clock. Whether its setup pose was made
 * by the spawn (same frame), by the frame's end (next frame) or long before, on every corpus and
 * stunt rig, spawned with the rig's skin (the skins rig's default skin is empty).
 */
/** When a despawned instance is spawned again: frames after its despawn. */
const RESPAWN_GAPS: [string, number][] = [
    ['in the same frame', 0],
    ['the next frame', 1],
    ['long after', 30],
];

describe('a respawned instance is in the setup pose a new stock object shows', () => {
    /** A new stock object of `rig` with `skin` (a name or a Skin object), put in its setup pose by stock's own calls. */
    function stockSetup(rig: string, skin?: string | object): SpineGameObject {
        const stock = t.scene.add.spine(100, 100, rig, `${rig}-atlas`);
        const skeleton = stock.skeleton;
        if (typeof skin === 'string') skeleton.setSkinByName(skin);
        else if (skin) skeleton.setSkin(skin as never);
        toSetupPose(skeleton);
        skeleton.time = 0;
        skeleton.updateWorldTransform(t.spine.Physics.reset);
        return stock;
    }

    /** An instance of `rig` spawned with `skin`, then played (two tracks, physics swinging) for 20 frames and despawned. */
    function playedAndDespawned(rig: string, skin: string | undefined, during?: (go: SpineGameObject) => void): SpineGameObject {
        const pool = t.scene.spinePool;
        const go = pool.spawn(300, 200, rig, `${rig}-atlas`, { animation: 'run', skin });
        go.animationState.setAnimation(1, 'wave', true);
        during?.(go);
        t.step(20);
        pool.despawn(go);
        return go;
    }

    /**
     * A pool's first instance is taken once through a life before `onCreate` sees it (Recycler's
     * `rehearse`: an animation set, retired, reset), so that a game's first despawn rewrites no field
     * for the first time: it must still reach `onCreate`, and its first owner, as a new object.
     */
    test.each(DIFFERENTIAL_RIGS.map((rig) => [rig]))(
        "%s rig: a pool's first instance reaches onCreate in the setup pose with no track, and a listener onCreate adds hears its first owner's animation as a stock object's hears it",
        (rig) => {
            addSkeleton(t.game, rig, corpusRig(rig));
            const pool = t.scene.spinePool;
            const heard = (into: string[]) => {
                const say = (type: string) => (entry: { animation: { name: string } | null }, event?: { data: { name: string } }) =>
                    void into.push(`${type} ${entry.animation?.name ?? '-'}${event ? ` ${event.data.name}` : ''}`);
                return {
                    start: say('start'),
                    interrupt: say('interrupt'),
                    end: say('end'),
                    dispose: say('dispose'),
                    complete: say('complete'),
                    event: say('event'),
                };
            };
            const pooled: string[] = [];
            let created: { tracks: number; state: ReturnType<typeof skeletonState> } | null = null;
            pool.setHooks(rig, `${rig}-atlas`, {
                onCreate: (go) => {
                    created ??= { tracks: go.animationState.tracks.length, state: skeletonState(go.skeleton) };
                    go.animationState.addListener(heard(pooled));
                },
            });
            const setup = skeletonState(stockSetup(rig).skeleton);
            const stock = t.scene.add.spine(100, 100, rig, `${rig}-atlas`);
            const stockHeard: string[] = [];
            stock.animationState.addListener(heard(stockHeard));
            // Full detail: updated every frame, as stock (a lower tier may owe time, see DESIGN's interval k).
            const rehearsed = jest.spyOn(Recycler, 'rehearse');
            const go = pool.spawn(100, 100, rig, `${rig}-atlas`, { animation: 'run', detail: 'full' });
            pool.prewarm(rig, `${rig}-atlas`, 2);
            // The first instance only, rehearsed before onCreate saw it.
            expect(rehearsed.mock.calls.map(([instance]) => instance.go)).toEqual([go]);
            rehearsed.mockRestore();
            stock.animationState.setAnimation(0, 'run', true);
            expect(created).toEqual({ tracks: 0, state: setup });
            t.step(40);
            expect(stockHeard).toContain('start run');
            expect(pooled).toEqual(stockHeard);
            expect(go.animationState.tracks.map((entry) => entry?.trackTime)).toEqual(stock.animationState.tracks.map((entry) => entry?.trackTime));
        },
    );

    describe.each(DIFFERENTIAL_RIGS.map((rig) => [rig]))('%s rig', (rig) => {
        test.each(RESPAWN_GAPS)('handed out %s after its despawn', (_when, gap) => {
            addSkeleton(t.game, rig, corpusRig(rig));
            const skin = SPAWN_SKIN[rig];
            const go = playedAndDespawned(rig, skin);
            const setup = skeletonState(stockSetup(rig, skin).skeleton);
            expect(skeletonState(go.skeleton)).not.toEqual(setup);
            t.step(gap);
            const again = t.scene.spinePool.spawn(100, 100, rig, `${rig}-atlas`, { skin });
            expect(again).toBe(go);
            expect(skeletonState(again.skeleton)).toEqual(setup);
        });
    });

    /**
     * An instance only ever served from the pose cache, nobody reading its skeleton, is reset
     * writing back only the slots its animations key (bonesWhenRead.ts `resetBones`): the rest
     * never left their setup values. `jump` served, then `die` mixed in (both applied) and served
     * to its end: attachments, colours, dark colours, deforms and the draw order keyed; read only
     * after the respawn.
     */
    describe.each(SERVED_RIGS.map((rig) => [rig]))('%s rig, only ever served (nobody reading it): only the slots its clips key written back', (rig) => {
        test.each(RESPAWN_GAPS)('handed out %s after its despawn', (_when, gap) => {
            addSkeleton(t.game, rig, corpusRig(rig));
            const pool = t.scene.spinePool;
            pool.configure({ poseCache: 'shared' });
            // The clips built first, so the measured one is served from its spawn.
            const builders = [
                pool.spawn(500, 400, rig, `${rig}-atlas`, { animation: 'jump' }),
                pool.spawn(600, 400, rig, `${rig}-atlas`, { animation: 'die', loop: false }),
            ];
            t.step(40);
            const go = pool.spawn(300, 400, rig, `${rig}-atlas`, { animation: 'jump' });
            const instance = partsOf(pool).registry.instanceOf(go)!;
            t.step(17);
            go.animationState.setAnimation(0, 'die', false); // mixed from jump (both applied), then die served
            t.step(40);
            expect(instance).toMatchObject({ bonesLazy: true, poseCached: true, slotsWritten: SLOTS_KEYED });
            expect(instance.keyedCount).toBe(2);
            const setup = skeletonState(stockSetup(rig).skeleton);
            // Not vacuous: its slots (read from the pool's side, not through go.skeleton) left their setup values.
            expect(skeletonState(instance.skeleton).slots).not.toEqual(setup.slots);
            for (const builder of builders) pool.despawn(builder);
            pool.despawn(go);
            t.step(gap);
            const again = pool.spawn(100, 100, rig, `${rig}-atlas`);
            expect(again).toBe(go);
            expect(skeletonState(again.skeleton)).toEqual(setup);
        });
    });

    test.each(SERVED_RIGS.map((rig) => [rig]))(
        '%s rig: an instance only ever served one animation (never applied), nobody reading it: its slots written back',
        (rig) => {
            addSkeleton(t.game, rig, corpusRig(rig));
            const pool = t.scene.spinePool;
            pool.configure({ poseCache: 'shared' });
            const builder = pool.spawn(500, 400, rig, `${rig}-atlas`, { animation: 'jump' });
            t.step(40);
            const go = pool.spawn(300, 400, rig, `${rig}-atlas`, { animation: 'jump' });
            const instance = partsOf(pool).registry.instanceOf(go)!;
            const setup = skeletonState(stockSetup(rig).skeleton);
            // Played until its keys show (read from the pool's side, not through go.skeleton): not vacuous.
            // A served pose nobody reads owes its keyed slots (spine/bonesWhenRead.ts): paid here as a
            // read would pay them, so they are written and must be written back.
            const showsKeys = () => {
                slotsNow(instance);
                const state = skeletonState(instance.skeleton);
                return JSON.stringify([state.slots, state.drawOrder]) !== JSON.stringify([setup.slots, setup.drawOrder]);
            };
            for (let frame = 0; frame < 60 && !showsKeys(); frame++) t.step(1);
            expect(showsKeys()).toBe(true);
            expect(instance).toMatchObject({ bonesLazy: true, poseCached: true, slotsWritten: SLOTS_KEYED });
            pool.despawn(builder);
            pool.despawn(go);
            t.step(1);
            expect(skeletonState(pool.spawn(100, 100, rig, `${rig}-atlas`).skeleton)).toEqual(setup);
        },
    );

    /** A `limbs` instance playing `jump` served from a cache another instance (`builder`) filled over 40 frames. */
    function servedJump() {
        addSkeleton(t.game, 'limbs', corpusRig('limbs'));
        const pool = t.scene.spinePool;
        pool.configure({ poseCache: 'shared' });
        const builder = pool.spawn(500, 400, 'limbs', 'limbs-atlas', { animation: 'jump' });
        t.step(40);
        const go = pool.spawn(300, 400, 'limbs', 'limbs-atlas', { animation: 'jump' });
        return { pool, builder, go, instance: partsOf(pool).registry.instanceOf(go)! };
    }

    test('an instance despawned while its served keyed slots are still owed (nobody read it): the reset writes them back, the next life owes nothing and shows the setup pose', () => {
        const { pool, builder, go, instance } = servedJump();
        for (let frame = 0; frame < 60 && !instance.slotsBehind; frame++) t.step(1);
        expect(instance).toMatchObject({ bonesLazy: true, poseCached: true, slotsBehind: true }); // not vacuous
        const setup = skeletonState(stockSetup('limbs').skeleton);
        pool.despawn(builder);
        pool.despawn(go);
        t.step(1);
        const again = pool.spawn(100, 100, 'limbs', 'limbs-atlas');
        expect(partsOf(pool).registry.instanceOf(again)).toMatchObject({ slotsBehind: false });
        expect(skeletonState(again.skeleton)).toEqual(setup);
    });

    test("an instance applied over (an overlay on track 1, cleared), nobody reading it: the overlay's slots written back too", () => {
        const { pool, builder, go, instance } = servedJump();
        t.step(10);
        go.animationState.setAnimation(1, 'wave', true);
        t.step(12);
        go.animationState.clearTrack(1); // its tint on hand_L stays, as on stock (then posed in full: hand_L is off its setup pose)
        t.step(10);
        expect(instance).toMatchObject({ bonesLazy: true, slotsWritten: SLOTS_KEYED });
        const setup = skeletonState(stockSetup('limbs').skeleton);
        const hand = (state: typeof setup) => state.slots.find((slot) => slot.name === 'hand_L');
        expect(hand(skeletonState(instance.skeleton))).not.toEqual(hand(setup));
        pool.despawn(builder);
        pool.despawn(go);
        t.step(1);
        expect(skeletonState(pool.spawn(100, 100, 'limbs', 'limbs-atlas').skeleton)).toEqual(setup);
    });

    test('an instance never posed (spawned and despawned without an animation) writes back no slot, and is in the setup pose', () => {
        addSkeleton(t.game, 'limbs', corpusRig('limbs'));
        const pool = t.scene.spinePool;
        const go = pool.spawn(300, 400, 'limbs', 'limbs-atlas');
        const instance = partsOf(pool).registry.instanceOf(go)!;
        t.step(5);
        expect(instance.slotsWritten).toBe(SLOTS_AT_SETUP);
        pool.despawn(go);
        t.step(1);
        expect(skeletonState(pool.spawn(100, 100, 'limbs', 'limbs-atlas').skeleton)).toEqual(skeletonState(stockSetup('limbs').skeleton));
    });

    test('after an owner that was given a skin combined at run time (skins rig)', () => {
        addSkeleton(t.game, 'skins', corpusRig('skins'));
        const data = (t.scene.add.spine(0, 0, 'skins', 'skins-atlas').skeleton as SpineGameObject['skeleton']).data;
        const combine = (...names: string[]) => {
            const skin = new t.spine.Skin(names.join('+'));
            for (const name of names) skin.addSkin(data.findSkin(name)!);
            return skin;
        };
        const combo = combine('base', 'blue', 'hat', 'cape');
        for (const gap of [0, 1, 30]) {
            const go = playedAndDespawned('skins', undefined, (g) => {
                g.skeleton.setSkin(combo);
                (g.skeleton as never as { setSlotsToSetupPose?(): void }).setSlotsToSetupPose?.();
                (g.skeleton as never as { setupPoseSlots?(): void }).setupPoseSlots?.();
            });
            t.step(gap);
            const again = t.scene.spinePool.spawn(100, 100, 'skins', 'skins-atlas', { skin: 'base' });
            expect(again).toBe(go);
            expect(skeletonState(again.skeleton)).toEqual(skeletonState(stockSetup('skins', 'base').skeleton));
            t.scene.spinePool.despawn(again);
        }
    });
});

/**
 * A wave cleared at once is put back in its setup pose over the next frames, an equal share in
 * each (no frame resets the whole wave), all within 30 frames: a later wave spawned after that
 * resets none of its instances in the spawn's frame. A few despawns are reset 8 a frame, as before.
 */
describe('despawned instances are reset over the frames after their despawn', () => {
    const lifeOf = (go: SpineGameObject) => partsOf(t.scene.spinePool).registry.instanceOf(go)!.life;
    const retired = (gos: SpineGameObject[]) => gos.filter((go) => lifeOf(go) === Life.Retired).length;

    /** `count` walkers played and despawned at once: how many wait for their reset then, and after each step of `steps` frames. */
    function waitingAfter(count: number, steps: number[]): { gos: SpineGameObject[]; waiting: number[] } {
        const pool = t.scene.spinePool;
        const gos = Array.from({ length: count }, (_, i) => spawn(10 * (i % 30), 10 * Math.floor(i / 30), { animation: 'walk' }));
        t.step(5);
        for (const go of gos) pool.despawn(go);
        const waiting = [retired(gos)];
        for (const frames of steps) {
            t.step(frames);
            waiting.push(retired(gos));
        }
        return { gos, waiting };
    }

    test('a wave of 300: 10 a frame, all within 30 frames, then none left to its spawns', () => {
        const { gos, waiting } = waitingAfter(300, [1, 14, 15]);
        expect(waiting).toEqual([300, 290, 150, 0]);
        expect(gos.every((go) => lifeOf(go) === Life.Despawned)).toBe(true);
    });

    test('a few despawns: 8 a frame', () => {
        expect(waitingAfter(20, [1, 1, 1]).waiting).toEqual([20, 12, 4, 0]);
    });
});
