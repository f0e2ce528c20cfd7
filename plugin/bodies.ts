/**
 * A pooled instance's physics body, Arcade or Matter (whichever the game gave its object, in
 * `onCreate` or `onSpawn`): out of its world while the instance is free, so a free instance never
 * collides, overlaps or moves, and handed out by `spawn` at the spawn point, at rest, as a new
 * object's new body is. What the game set on the body (size, offset, bounce, collide-world-bounds,
 * gravity; Matter's mass, friction, restitution, collision filter, sensor) is the game's and stays.
 *
 * Whether a spawn puts the body back in its world is decided once, by `onCreate`: a body it left in
 * its world (`this.physics.add.existing(go)`, `this.matter.add.gameObject(go)`) is in it after each
 * spawn, even one the previous owner disabled; a body it left out (or made by `onSpawn`) is the
 * game's to put in, as its `onSpawn` does. Engines are recognised by their bodies' own fields, so
 * nothing here needs a physics plugin to be installed.
 */
import { warn } from '../src/errors';

/** What the pool uses of an Arcade Physics Body or StaticBody (public API of Phaser 3 and 4). */
interface ArcadeBody {
    /** 0: a dynamic Body, 1: a StaticBody (Phaser.Physics.Arcade.DYNAMIC_BODY / STATIC_BODY). */
    physicsType: number;
    enable: boolean;
    /** Its world; undefined once the world has destroyed it. */
    world?: ArcadeWorld;
    position: Vector;
    prev: Vector;
    prevFrame: Vector;
    /** Phaser 3.60+. */
    autoFrame?: Vector;
    rotation: number;
    preRotation: number;
    stop(): unknown;
    updateFromGameObject(): unknown;
    resetFlags(clear?: boolean): unknown;
}

interface Vector {
    x: number;
    y: number;
}

interface ArcadeWorld {
    add(body: ArcadeBody): unknown;
    disableBody(body: ArcadeBody): void;
    /** Bodies `destroy()`ed, removed at the world's next postUpdate (Phaser 3: Structs.Set, `contains`; Phaser 4: a Set, `has`). */
    pendingDestroy: { has?(body: unknown): boolean; contains?(body: unknown): boolean };
}

/** What the pool uses of a Matter body. */
interface MatterBody {
    type: string;
    force: Vector;
    torque: number;
    /** Null once `body.destroy()` (Phaser's, set by `setExistingBody`) took it out of the world. */
    gameObject?: unknown;
}

/** What the pool uses of a game object Phaser's Matter gave a body (`this.matter.add.gameObject`): its Matter components. */
interface MatterObject {
    body: MatterBody;
    world: { localWorld: { bodies: MatterBody[] }; add(body: MatterBody): unknown; remove(body: MatterBody): unknown };
    angle: number;
    setVelocity(x: number, y: number): unknown;
    setAngularVelocity(velocity: number): unknown;
    setAwake(): unknown;
}

/** A game object as this file reads it: `body` is Phaser's own field (null on a new object). */
interface Bodied {
    body?: unknown;
    angle: number;
}

const DYNAMIC_BODY = 0;

/** `go`'s Arcade body, if it has one its world has not destroyed. */
function arcadeBodyOf(go: Bodied): ArcadeBody | null {
    const body = go.body as ArcadeBody | null | undefined;
    if (!body || typeof body.physicsType !== 'number' || typeof body.updateFromGameObject !== 'function') return null;
    return destroyed(body) ? null : body;
}

/** Whether an Arcade body was destroyed (`body.destroy()`): pending in its world, or already removed by it. */
function destroyed(body: ArcadeBody): boolean {
    const world = body.world;
    if (!world) return true;
    const pending = world.pendingDestroy;
    return pending.has ? pending.has(body) : !!pending.contains?.(body);
}

/** `go` as a Matter game object, if it has a Matter body not destroyed. */
function matterObjectOf(go: Bodied): MatterObject | null {
    const body = go.body as MatterBody | null | undefined;
    const object = go as unknown as Partial<MatterObject>;
    if (!body || body.type !== 'body' || !object.world?.localWorld || typeof object.setAngularVelocity !== 'function') return null;
    return body.gameObject === null ? null : (object as MatterObject);
}

/**
 * Takes the body of an instance that is becoming free (built, or despawned after its `onDespawn`)
 * out of its world: an Arcade body stopped and disabled (`world.disableBody`: no step, collider,
 * overlap or tree search finds it), a Matter body removed from its world. An Arcade body the game
 * destroyed is dropped from the object (`go.body` null, as on a new object; Phaser's `go.destroy()`
 * drops it the same way), so an `onSpawn` that adds a body makes a new one.
 * @returns whether the body was in its world (what `onCreate` left: see the file's doc).
 */
export function parkBody(go: Bodied): boolean {
    const body = go.body;
    if (!body) return false;
    const arcade = arcadeBodyOf(go);
    if (arcade) {
        const was = arcade.enable;
        arcade.stop();
        (arcade.world as ArcadeWorld).disableBody(arcade);
        return was;
    }
    if (typeof (body as ArcadeBody).physicsType === 'number') {
        go.body = null; // an Arcade body destroyed: not the next owner's
        return false;
    }
    const matter = matterObjectOf(go);
    if (!matter) return false;
    const bodies = matter.world.localWorld.bodies;
    const was = bodies.indexOf(matter.body) !== -1;
    if (was) matter.world.remove(matter.body);
    return was;
}

/**
 * Hands out the body of an instance being spawned, already placed (position, scale, rotation 0):
 * at its object's place, at rest (no velocity, acceleration, force or spin; awake), as a new body
 * made there is; back in its world when `inWorld` (see `parkBody`'s return). A static Arcade body
 * is put back where it was: moving one is the game's (`body.updateFromGameObject()`), as always.
 */
export function restoreBody(go: Bodied, inWorld: boolean): void {
    if (!go.body) return;
    const arcade = arcadeBodyOf(go);
    if (arcade) {
        if (arcade.physicsType === DYNAMIC_BODY) {
            // Arcade's `body.reset(x, y)`, with the position a new Body takes from its object (its top left).
            arcade.stop();
            arcade.updateFromGameObject();
            const p = arcade.position;
            arcade.prev.x = arcade.prevFrame.x = p.x;
            arcade.prev.y = arcade.prevFrame.y = p.y;
            if (arcade.autoFrame) {
                arcade.autoFrame.x = p.x;
                arcade.autoFrame.y = p.y;
            }
            arcade.rotation = arcade.preRotation = go.angle;
            arcade.resetFlags(true);
        }
        if (inWorld) (arcade.world as ArcadeWorld).add(arcade);
        return;
    }
    const matter = matterObjectOf(go);
    if (!matter) return;
    const body = matter.body;
    matter.setVelocity(0, 0);
    matter.setAngularVelocity(0);
    body.force.x = body.force.y = 0;
    body.torque = 0;
    matter.setAwake();
    if (inWorld && matter.world.localWorld.bodies.indexOf(body) === -1) matter.world.add(body);
}

/**
 * Development mode, after `onSpawn`: a Matter body in its world twice (Matter's `world.add` does
 * not check) is stepped twice a frame. Said once per spawn, with the fix.
 */
export function checkBodyOnce(go: Bodied, dataKey: string): void {
    const matter = matterObjectOf(go);
    if (!matter) return;
    const bodies = matter.world.localWorld.bodies;
    const first = bodies.indexOf(matter.body);
    if (first === -1 || bodies.indexOf(matter.body, first + 1) === -1) return;
    warn(
        `spawn('${dataKey}'): the instance's Matter body is in its world twice after onSpawn, so Matter steps it twice a frame. ` +
            'A spawn puts a body back in its world when onCreate left it there: add it in onSpawn only when onCreate leaves it out ' +
            '(this.matter.world.remove(go.body) at the end of onCreate), or use go.setExistingBody(body), which checks.',
    );
}
