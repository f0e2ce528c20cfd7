import type * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { eachTest, type TestGame } from '../../fixtures/headless/game';

/**
 * Physics bodies on pooled instances, in real Arcade and Matter worlds: a free instance's body
 * takes no part in its world (no overlap, collision or step), and a spawn hands it out at the spawn
 * point at rest, as a new object's new body is; the body's settings are the game's and stay.
 */

let t: TestGame;
let warn: jest.SpyInstance;

type ArcadeBody = Phaser.Physics.Arcade.Body;
type MatterObject = SpineGameObject & Phaser.Physics.Matter.Components.Velocity & Phaser.Physics.Matter.Components.Sleep & { body: MatterJS.BodyType };

const spawn = (x: number, y: number) => t.scene.spinePool.spawn(x, y, 'tiny', 'tiny-atlas');
const arcade = () => (t.scene as unknown as { physics: Phaser.Physics.Arcade.ArcadePhysics }).physics;
const matter = () => (t.scene as unknown as { matter: Phaser.Physics.Matter.MatterPhysics }).matter;
const arcadeBody = (go: SpineGameObject) => (go as unknown as { body: ArcadeBody }).body;

/** What of an Arcade body a new object's new body and a respawned one must agree on. */
function arcadeMotion(body: ArcadeBody): Record<string, number[] | boolean> {
    return {
        position: [body.position.x, body.position.y],
        prev: [body.prev.x, body.prev.y],
        center: [body.center.x, body.center.y],
        velocity: [body.velocity.x, body.velocity.y],
        acceleration: [body.acceleration.x, body.acceleration.y],
        angular: [body.angularVelocity, body.angularAcceleration],
        size: [body.width, body.height],
        enable: body.enable,
    };
}

/** Whether `body` is among the bodies its Arcade world steps (Phaser 3's Structs.Set or Phaser 4's Set). */
function inArcadeWorld(body: ArcadeBody): boolean {
    const bodies = arcade().world.bodies as unknown as { has?(b: unknown): boolean; contains?(b: unknown): boolean };
    return bodies.has ? bodies.has(body) : !!bodies.contains?.(body);
}

/** How many times `body` is in its Matter world (Matter's `Composite.add` does not check). */
function inMatterWorld(body: MatterJS.BodyType): number {
    return matter()
        .world.getAllBodies()
        .filter((b) => b === body).length;
}

describe('Arcade bodies on pooled instances', () => {
    eachTest((game, spy) => ([t, warn] = [game, spy]), { arcade: true });

    /** A pooled instance whose onCreate gives it a body (what `setup` adds too), moving at 300 px/s for 3 frames, despawned. */
    function movedThenDespawned(setup?: (body: ArcadeBody) => void): SpineGameObject {
        t.scene.spinePool.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => {
                arcade().add.existing(go);
                setup?.(arcadeBody(go));
            },
        });
        const go = spawn(200, 200);
        arcadeBody(go).setVelocity(300, 0);
        t.step(3);
        expect(go.x).toBeGreaterThan(210); // it moved: the body is in its world
        t.scene.spinePool.despawn(go);
        return go;
    }

    test("a free instance's body takes no part in its world: no overlap, no collider callback, no step", () => {
        const go = movedThenDespawned();
        const body = arcadeBody(go);
        const at = [body.position.x, body.position.y];
        // Where its last owner died: a body covering that place, and a collider between the two.
        const probe = t.scene.add.zone(go.x, go.y, 400, 400);
        arcade().add.existing(probe);
        let overlaps = 0;
        arcade().add.overlap(probe, go, () => overlaps++);
        t.step(5);
        expect(overlaps).toBe(0);
        expect(arcade().overlap(probe, go)).toBe(false);
        expect(arcade().overlapRect(go.x - 200, go.y - 200, 400, 400)).not.toContain(body);
        expect(body.enable).toBe(false);
        expect(inArcadeWorld(body)).toBe(false);
        expect([body.position.x, body.position.y]).toEqual(at); // no step moved it
    });

    test('a prewarmed instance (never spawned) has its body out of the world too', () => {
        t.scene.spinePool.setHooks('tiny', 'tiny-atlas', { onCreate: (go) => arcade().add.existing(go) });
        t.scene.spinePool.prewarm('tiny', 'tiny-atlas', 1);
        const probe = t.scene.add.zone(0, 0, 400, 400);
        arcade().add.existing(probe);
        const go = spawn(100, 100);
        t.scene.spinePool.despawn(go);
        let overlaps = 0;
        arcade().add.overlap(probe, go, () => overlaps++);
        t.step(3);
        expect(overlaps).toBe(0);
        expect(inArcadeWorld(arcadeBody(go))).toBe(false);
    });

    test("a respawned instance's body starts at its spawn point at rest, as a new object's new body does", () => {
        const go = movedThenDespawned();
        const again = spawn(500, 300);
        expect(again).toBe(go);
        const twin = t.scene.add.spine(500, 300, 'tiny', 'tiny-atlas');
        arcade().add.existing(twin);
        expect(arcadeMotion(arcadeBody(go))).toEqual(arcadeMotion(arcadeBody(twin)));
        expect(inArcadeWorld(arcadeBody(go))).toBe(true);
        t.step(3);
        expect([go.x, go.y]).toEqual([500, 300]); // not 15 px further, moving at 300 px/s
        expect(arcadeMotion(arcadeBody(go))).toEqual(arcadeMotion(arcadeBody(twin)));
        // It collides again.
        const probe = t.scene.add.zone(500, 300, 50, 50);
        arcade().add.existing(probe);
        expect(arcade().overlap(probe, go)).toBe(true);
    });

    test("the body keeps the game's settings: size, offset, bounce, collide-world-bounds, gravity", () => {
        const go = movedThenDespawned((body) => body.setSize(30, 40).setOffset(5, 6).setBounce(0.5, 0.25).setCollideWorldBounds(true).setAllowGravity(false));
        spawn(500, 300);
        const body = arcadeBody(go);
        expect([body.width, body.height, body.offset.x, body.offset.y, body.bounce.x, body.bounce.y]).toEqual([30, 40, 5, 6, 0.5, 0.25]);
        expect([body.collideWorldBounds, body.allowGravity]).toEqual([true, false]);
    });

    test('a body its previous owner disabled is enabled for the next one, as a new body is', () => {
        t.scene.spinePool.setHooks('tiny', 'tiny-atlas', { onCreate: (go) => arcade().add.existing(go) });
        const go = spawn(200, 200);
        arcade().world.disable(go); // a dead enemy stops colliding, then is despawned later
        t.step(2);
        t.scene.spinePool.despawn(go);
        spawn(300, 300);
        expect(arcadeBody(go).enable).toBe(true);
        expect(inArcadeWorld(arcadeBody(go))).toBe(true);
    });

    test('a body onCreate left out of its world stays out of it at spawn (placed and at rest)', () => {
        t.scene.spinePool.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => {
                arcade().add.existing(go);
                arcade().world.disable(go);
            },
        });
        const go = spawn(200, 200);
        expect(arcadeBody(go).enable).toBe(false);
        arcade().world.enable(go);
        arcadeBody(go).setVelocity(300, 0);
        t.step(3);
        t.scene.spinePool.despawn(go);
        spawn(500, 300);
        const body = arcadeBody(go);
        expect([body.enable, inArcadeWorld(body), body.velocity.x]).toEqual([false, false, 0]);
    });

    test.each(['world.disable(go)', 'go.body.destroy()'])(
        'a body added in onSpawn and removed in onDespawn (%s): none while free, a fresh one at rest at the next spawn',
        (removal) => {
            t.scene.spinePool.setHooks('tiny', 'tiny-atlas', {
                onSpawn: (go) => {
                    arcade().add.existing(go);
                    arcadeBody(go).setVelocity(300, 0);
                },
                onDespawn: (go) => {
                    if (removal === 'world.disable(go)') arcade().world.disable(go);
                    else arcadeBody(go).destroy();
                },
            });
            const go = spawn(200, 200);
            const first = arcadeBody(go);
            t.step(3);
            t.scene.spinePool.despawn(go);
            const probe = t.scene.add.zone(go.x, go.y, 400, 400);
            arcade().add.existing(probe);
            let overlaps = 0;
            arcade().add.overlap(probe, go, () => overlaps++);
            t.step(3);
            expect(overlaps).toBe(0);
            expect(inArcadeWorld(first)).toBe(false);
            spawn(500, 300);
            const body = arcadeBody(go);
            // The destroyed body is gone from the object, as go.destroy() leaves it; onSpawn made a new one.
            expect(body === first).toBe(removal === 'world.disable(go)');
            expect([body.enable, inArcadeWorld(body)]).toEqual([true, true]);
            body.setVelocity(0, 0); // what onSpawn set is its own: here, rest
            t.step(3);
            expect([go.x, go.y]).toEqual([500, 300]);
            expect(arcade().world.bodies.size).toBe(2); // the probe's and this one
        },
    );
});

describe('Matter bodies on pooled instances', () => {
    eachTest((game, spy) => ([t, warn] = [game, spy]), { matter: true });

    const SHAPE = { shape: { type: 'rectangle', width: 40, height: 60 } };

    /** A pooled instance whose onCreate gives it a Matter body (`options` added), moving and turning for 3 frames, despawned. */
    function movedThenDespawned(options: Phaser.Types.Physics.Matter.MatterBodyConfig = {}): MatterObject {
        t.scene.spinePool.setHooks('tiny', 'tiny-atlas', { onCreate: (go) => void matter().add.gameObject(go, { ...SHAPE, ...options }) });
        const go = spawn(200, 200) as MatterObject;
        go.setVelocity(5, 0);
        go.setAngularVelocity(0.05);
        t.step(3);
        expect(go.x).toBeGreaterThan(205); // it moved: the body is in its world
        t.scene.spinePool.despawn(go);
        return go;
    }

    /** What of a Matter body a new object's new body and a respawned one must agree on, positions from (x, y). */
    function matterMotion(body: MatterJS.BodyType, x: number, y: number): Record<string, number[] | boolean> {
        return {
            position: [body.position.x - x, body.position.y - y],
            positionPrev: [body.positionPrev.x - x, body.positionPrev.y - y],
            velocity: [body.velocity.x, body.velocity.y],
            angle: [body.angle, body.anglePrev, body.angularVelocity],
            force: [body.force.x, body.force.y, body.torque],
            sleeping: body.isSleeping,
        };
    }

    test("a free instance's body is out of its world: no collision, no step", () => {
        const go = movedThenDespawned();
        const body = go.body;
        const at = [body.position.x, body.position.y, body.angle];
        const probe = matter().add.rectangle(go.x, go.y, 400, 400, { isStatic: true, isSensor: true });
        let touches = 0;
        matter().world.on('collisionstart', (event: Phaser.Physics.Matter.Events.CollisionStartEvent) => {
            for (const pair of event.pairs)
                if (pair.bodyA === body || pair.bodyB === body || pair.bodyA.parent === body || pair.bodyB.parent === body) touches++;
        });
        t.step(5);
        expect(touches).toBe(0);
        expect(inMatterWorld(body)).toBe(0);
        expect(matter().intersectBody(probe)).not.toContain(body);
        expect([body.position.x, body.position.y, body.angle]).toEqual(at);
    });

    test("a respawned instance's body starts at its spawn point at rest, as a new object's new body does", () => {
        const go = movedThenDespawned();
        expect(spawn(500, 300)).toBe(go);
        // Away from it, so that the two do not push each other.
        const twin = t.scene.add.spine(100, 500, 'tiny', 'tiny-atlas') as MatterObject;
        matter().add.gameObject(twin, SHAPE);
        expect(matterMotion(go.body, 500, 300)).toEqual(matterMotion(twin.body, 100, 500));
        expect(inMatterWorld(go.body)).toBe(1);
        t.step(3);
        expect([go.x, go.y, go.rotation]).toEqual([500, 300, 0]);
        expect(matterMotion(go.body, 500, 300)).toEqual(matterMotion(twin.body, 100, 500));
    });

    test("the body keeps the game's settings: friction, bounce, mass, collision filter, sensor", () => {
        const go = movedThenDespawned({ friction: 0.3, restitution: 0.7, mass: 12, isSensor: true, collisionFilter: { group: 0, category: 4, mask: 6 } });
        spawn(500, 300);
        const body = go.body;
        expect([body.friction, body.restitution, body.isSensor]).toEqual([0.3, 0.7, true]);
        expect(body.mass).toBe(12);
        expect([body.collisionFilter.category, body.collisionFilter.mask]).toEqual([4, 6]);
    });

    test('a body added in onSpawn and removed in onDespawn: out of the world while free, in it once after each spawn', () => {
        t.scene.spinePool.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => {
                matter().add.gameObject(go, SHAPE);
                matter().world.remove((go as MatterObject).body);
            },
            onSpawn: (go) => void matter().world.add((go as MatterObject).body),
            onDespawn: (go) => void matter().world.remove((go as MatterObject).body),
        });
        const go = spawn(200, 200) as MatterObject;
        for (let i = 0; i < 3; i++) {
            expect(inMatterWorld(go.body)).toBe(1);
            go.setVelocity(5, 0);
            t.step(3);
            t.scene.spinePool.despawn(go);
            expect(inMatterWorld(go.body)).toBe(0);
            t.step(2);
            expect(spawn(500, 300)).toBe(go);
            expect([go.body.velocity.x, go.x, go.y]).toEqual([0, 500, 300]);
        }
        expect(warn).not.toHaveBeenCalled();
    });

    test('development mode: a body onSpawn adds to the world that the spawn put back already is reported, with the fix', () => {
        t.scene.spinePool.setHooks('tiny', 'tiny-atlas', {
            onCreate: (go) => void matter().add.gameObject(go, SHAPE), // in the world: put back at each spawn
            onSpawn: (go) => void matter().world.add((go as MatterObject).body), // a second time
        });
        const go = spawn(200, 200) as MatterObject;
        expect(inMatterWorld(go.body)).toBe(2);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0][0])).toMatch(
            /Matter body is in its world twice after onSpawn.*this\.matter\.world\.remove\(go\.body\) at the end of onCreate/,
        );
    });
});
