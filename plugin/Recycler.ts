/**
 * Everything a spawn sets on an instance and a despawn resets, in one place: what a new owner gets
 * is a clean object, never its previous owner's pose, tracks, skin, transform, display state,
 * input, data or queued notifications. (What the previous owner attached, listeners and tweens, is
 * found and removed by InstanceHygiene first.)
 */
import type * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { PoolError, warn } from '../src/errors';
import { POSE_CACHE_MODES } from '../src/options';
import { nextOwner, restoreQueue } from '../spine/PooledAnimationState';
import { posedAgain, skinSetupBox, type Box } from '../spine/animationReach';
import { lendSkeleton, resetBones, returnSkeleton, slotsWritten } from '../spine/bonesWhenRead';
import { skinFor } from '../spine/skins';
import { placementOf } from '../spine/placement';
import { NO_CALLBACK, type Skeleton, type Skin } from '../spine/core/shapes';
import { parkBody, restoreBody } from './bodies';
import { DETAILS, type SpawnOptions } from './api';
import type { EmitterListener } from './InstanceHygiene';
import { badDetail } from './messages';
import { Life, type PooledInstance } from './PooledInstance';

const SPAWN_OPTION_NAMES = ['parent', 'animation', 'loop', 'track', 'skin', 'depth', 'scale', 'poseCache', 'detail'];

/**
 * Takes a freshly built instance out of the scene: off the UpdateList and the display list (it joins
 * them when spawned), hidden and inactive. (On the UpdateList, its pooled class's `preUpdate` asks
 * the scheduler, which updates it at most once a frame, so one added twice is never updated twice.)
 */
export function prepareInstance(go: SpineGameObject, updateList: Phaser.GameObjects.UpdateList): void {
    updateList.remove(go);
    go.removeFromDisplayList();
    go.setVisible(false);
    go.setActive(false);
    // One shared function: an instance whose callbacks are another has some (see PoseCache).
    go.beforeUpdateWorldTransforms = NO_CALLBACK;
    go.afterUpdateWorldTransforms = NO_CALLBACK;
    // The fields a despawn writes are written now, in the same order: a recycled instance keeps
    // the shape (V8 hidden class) of a fresh one, so code that reads pooled objects stays monomorphic.
    resetDisplay(go, true, null);
}

/**
 * Transform and display properties back to their defaults (tint too on spine-phaser-v4; `instance`:
 * the retired one, null for a fresh object). The scale
 * is set on a `fresh` object (before onCreate: its fields in the order a despawn writes them) and
 * after that only when it changed: Phaser's Matter components rescale the body on every `setScale`,
 * recomputing its mass.
 */
function resetDisplay(go: SpineGameObject, fresh: boolean, instance: PooledInstance | null): void {
    const g = go as Placed;
    if (fresh || g.scaleX !== 1 || g.scaleY !== 1) g.setScale(1, 1);
    g.setRotation(0);
    g.setAlpha(1);
    g.setScrollFactor(1, 1);
    g.flipX = false;
    g.flipY = false;
    g.setDepth(0);
    g.name = '';
    const v4 = go as V4GameObject;
    if (typeof v4.clearTint === 'function') {
        // It sets the skeleton's colour through `go.skeleton`: the pool's own call, no read.
        const lent = instance !== null && lendSkeleton(instance, false);
        v4.clearTint();
        if (lent) returnSkeleton(instance);
    }
}

/**
 * Whether a retired (despawned) instance's display differs from what `resetDisplay` left: a
 * reference kept past despawn changed it. A few reads, in every mode (the calls are only
 * reported in development mode).
 */
export function displayTouched(go: SpineGameObject): boolean {
    const g = go as Placed;
    return (
        g.scaleX !== 1 ||
        g.scaleY !== 1 ||
        g.rotation !== 0 ||
        g.alpha !== 1 ||
        g.depth !== 0 ||
        g.scrollFactorX !== 1 ||
        g.scrollFactorY !== 1 ||
        g.flipX ||
        g.flipY
    );
}

/** What spine-phaser-v4's (Spine 4.3) game object adds that a respawn must reset. */
interface V4GameObject {
    /** Phaser's Tint component (setTint also tints the skeleton's colour). */
    clearTint?(): unknown;
    /** Carries the object's movement to the skeleton's physics constraints, when its inheritance is enabled. */
    skeletonPhysics?: { resetTransform(): void };
}

type Placed = Phaser.GameObjects.Components.Transform &
    Phaser.GameObjects.Components.Alpha &
    Phaser.GameObjects.Components.Depth &
    Phaser.GameObjects.Components.ScrollFactor & { flipX: boolean; flipY: boolean; name: string };

/**
 * Retires a despawned instance whose leftovers were already removed (see InstanceHygiene), so a
 * free instance is always clean and `spawn` has little to do: clears its tracks (what the previous
 * owner's entries still have queued then reaches no listener, see spine/PooledAnimationState.ts),
 * leaves its container and the display list, loses its input and data, and goes back to its
 * defaults: transform and display properties (and tint, on spine-phaser-v4), default skin. A queue
 * a listener's exception left disabled works again. Its pose goes back to the setup pose later
 * (`resetPose`, see PendingResets): a despawn does no posing work.
 */
export function retireInstance(instance: PooledInstance): void {
    const go = instance.go;
    const state = go.animationState;
    restoreQueue(state);
    state.clearTracks();
    nextOwner(instance);
    state.timeScale = 1;
    // The pool's own (set by onCreate) stay; an owner's go.
    go.beforeUpdateWorldTransforms = instance.poolCallbacks[0];
    go.afterUpdateWorldTransforms = instance.poolCallbacks[1];
    go.setVisible(false);
    go.setActive(false);
    parkBody(go); // a free instance's physics body takes no part in its world
    const parent = go.parentContainer;
    if (parent) {
        parent.remove(go);
        // Phaser 3's Container.removeHandler unsubscribes `remove` instead of the
        // `onChildDestroyed` it subscribed, so each container visit would leave a listener behind.
        // eslint-disable-next-line @typescript-eslint/unbound-method -- handed to `off` with its context, to remove it
        const onChildDestroyed = parent['onChildDestroyed'] as EmitterListener | undefined;
        if (onChildDestroyed) go.off('destroy', onChildDestroyed, parent);
    }
    go.removeFromDisplayList();
    if (go.input) takeInput(instance);
    const data = (go as { data?: { reset(): void } | null }).data;
    if (data) data.reset();
    resetDisplay(go, false, instance);
    if (instance.sizedBySkin) {
        sizeTo(go, instance.setupBox); // the size a new object has: its default skin's
        instance.sizedBySkin = false;
    }

    const skeleton: Skeleton = instance.skeleton;
    skeleton.scaleX = 1;
    skeleton.scaleY = 1;
    skeleton.x = 0;
    skeleton.y = 0;
    skeleton.color.set(1, 1, 1, 1);
    if (skeleton.skin !== null) {
        skeleton.setSkin(null);
        slotsWritten(instance); // its attachments: all written back at its reset
    }
    // Where the owner's physics or code took it, and the pose it showed, are not where the next one's will be.
    instance.reach.posed = instance.reach.previous = instance.reach.gamePosed = null;
    posedAgain(instance.reach, skeleton);
    // Handed out placed as a new object is, which stock poses on at its creation (its setup pose's world transforms too).
    placementOf(skeleton, instance.placements.turn);
    instance.turnOwed = false;
    placementOf(skeleton, instance.placements.posed);
    instance.drawnFrom = null; // the next owner's draws are counted afresh
    instance.drawnFrame = -1;
    instance.textureFrame = -Infinity; // drawn into a texture by the last owner, not by the next
}

/**
 * Takes a pool's first instance, before the game or its `onCreate` sees it, once through what its
 * lives will do to it: an animation set, its listener list released, retired, its setup pose made.
 * Why: V8 compiles hot code on the assumption that a field never rewritten since its object was
 * built stays as it is, and throws that code away when one is rewritten; fields only a despawn
 * rewrites would make a game's first despawn do so to the whole per-frame path, and the next wave's
 * first frames run unoptimised while it is compiled again (measured: 5-12 ms frames instead of
 * 0.7 for ~15 frames after a second wave of 1000). Nothing of it is observable: no listener is
 * attached yet, and the instance ends as a new one (its generation, the count of its owners, back at 0).
 */
export function rehearse(instance: PooledInstance): void {
    const animations = instance.skeleton.data.animations;
    if (animations.length > 0) instance.version.setAnimation(instance.go.animationState, 0, animations[0], true);
    // What a despawn's cleaning writes of the listener list (the rest of its cleaning finds nothing on a new object).
    instance.listeners.release();
    retireInstance(instance);
    resetPose(instance);
    instance.generation = 0;
}

/** The InputPlugin of `go`'s scene (none once its scene is gone). */
function inputPluginOf(go: SpineGameObject): Phaser.Input.InputPlugin | null | undefined {
    return (go as { scene?: { sys: { input?: Phaser.Input.InputPlugin | null } } }).scene?.sys.input;
}

/**
 * Takes a despawned instance's input away at once, without queueing its removal from the scene's
 * InputPlugin: `InputPlugin.clear(go, true)`, what `removeInteractive()` does minus the queue
 * (the Interactive Object dropped, `go.input` null as on a new object; out of the pointers' over
 * and drag lists and the draggable list).
 *
 * Why not `removeInteractive()`: it queues a removal that Phaser processes at the next
 * PRE_UPDATE (`InputPlugin.preUpdate` splices the object from its list and calls
 * `clear(go, true)` again). An instance despawned and spawned again in the same frame (a wave)
 * gets its new owner's `setInteractive()` (in `onSpawn`) before that: the queued removal would
 * then null the new owner's `go.input` and take the object out of the list, and its clicks would
 * be silently lost. Phaser keeps no public way to cancel a queued removal, so none is queued.
 *
 * The object stays in the InputPlugin's list while it is free, which is harmless: the
 * InputManager's hit test skips an object whose `input` is null (`inputCandidate`, one field read
 * per listed object and input event), and a new owner's `setInteractive()` finds it listed
 * (`queueForInsertion` adds no second entry), so its input works from that call on. (A stock
 * object made interactive is hit-tested from the next PRE_UPDATE, when its insertion is processed:
 * input events that arrive in between, DOM events before the next frame, can reach a reused
 * instance where they would miss a new stock object; never the other way round.)
 * `instance.inputListed` remembers it, so that the object's removal is queued when it is destroyed
 * (`forgetInput`).
 */
function takeInput(instance: PooledInstance): void {
    const go = instance.go;
    const plugin = inputPluginOf(go);
    if (plugin) {
        plugin.clear(go, true);
        instance.inputListed = true;
    } else {
        go.input = null;
    }
}

/**
 * A pooled instance is being destroyed (`go.destroy()`, over `maxFree`, trimmed): if a despawn
 * left it in its scene's InputPlugin list without input (see `takeInput`), its removal is queued
 * now, as `go.destroy()` itself queues it only for an object that still has input: no destroyed
 * object stays in the list. Not while its scene shuts down or is destroyed (`closing`): the
 * InputPlugin empties its list itself then (and a destroyed one has no InputManager left).
 */
export function forgetInput(instance: PooledInstance, closing: boolean): void {
    if (!instance.inputListed) return;
    instance.inputListed = false;
    const go = instance.go;
    if (closing || go.input) return; // with input, go.destroy() queues the removal itself
    const plugin = inputPluginOf(go);
    if (plugin) plugin.clear(go);
}

/**
 * The setup pose with world transforms, the skeleton's clock (physics time) at 0 and physics
 * restarted, as a new object has: what a retired instance gets before it is handed out again.
 * Copied from the setup pose its data shares (spine/SetupPose.ts), not computed again.
 */
export function resetPose(instance: PooledInstance): void {
    resetBones(instance);
}

/** Despawned instances put back in their setup pose per frame, at least (each less than a pose's work: its bones' setup pose is owed). */
const RESETS_PER_FRAME = 8;
/**
 * A burst of despawns (a wave cleared) is reset within this many frames: a later wave's spawns
 * find their instances reset instead of resetting each in the spawn's frame.
 */
const RESET_FRAMES = 30;

/**
 * Retired instances waiting for their setup pose (`resetPose`): some each frame, after the
 * game's update, so a despawn costs no posing and a burst of them costs no spike; `spawn` resets
 * one itself when it is handed out before its turn.
 */
export class PendingResets {
    private readonly queue: PooledInstance[] = [];
    private head = 0;
    /** Resets per frame until the queue is empty: set by the largest burst waiting since it last was. */
    private rate = RESETS_PER_FRAME;

    /** Queues a retired instance. */
    add(instance: PooledInstance): void {
        this.queue.push(instance);
    }

    /**
     * Resets this frame's share of the queued instances still retired (spawned, destroyed or
     * soiled ones are skipped: a spawn resets those itself), which are then despawned in their
     * setup pose. Returns how many were reset.
     */
    run(): number {
        const queue = this.queue;
        this.rate = Math.max(this.rate, Math.ceil((queue.length - this.head) / RESET_FRAMES));
        const rate = this.rate;
        let count = rate;
        while (count > 0 && this.head < queue.length) {
            const instance = queue[this.head++];
            if (instance.life === Life.Retired) {
                resetPose(instance);
                instance.life = Life.Despawned;
                count--;
            }
        }
        if (this.head === queue.length) {
            queue.length = 0;
            this.head = 0;
            this.rate = RESETS_PER_FRAME;
        }
        return rate - count;
    }

    /** Forgets every queued instance (scene shutdown). */
    clear(): void {
        this.queue.length = 0;
        this.head = 0;
    }
}

/**
 * Refuses `this.add.spine`'s fifth argument, a bounds provider, given to `spawn` as its options,
 * with the fix (checked before an instance is obtained, so a refused spawn builds nothing).
 */
export function refuseBoundsProvider(options: unknown): void {
    if (typeof options !== 'object' || options === null || typeof (options as { calculateBounds?: unknown }).calculateBounds !== 'function') return;
    const name = options.constructor?.name;
    throw new PoolError(
        `spawn(x, y, dataKey, atlasKey, options): the 5th argument is a bounds provider${name && name !== 'Object' ? ` (${name})` : ''}, ` +
            "as this.add.spine takes; spawn's 5th argument is SpawnOptions. Pooled instances are built once and reused: " +
            'give them a provider when they are built, in an onCreate hook: this.spinePool.setHooks(dataKey, atlasKey, ' +
            '{ onCreate: (go) => { go.boundsProvider = provider; go.updateSize(); } }).',
    );
}

/**
 * Hands a free (clean, see `retireInstance`) instance to its new owner: position, depth, skin and
 * the optional animation (posed by `poseFirstFrame`). Validates the options before changing anything.
 */
export function dressForSpawn(instance: PooledInstance, dataKey: string, x: number, y: number, options: SpawnOptions | undefined, dev: boolean): void {
    const go = instance.go;
    const skeleton: Skeleton = instance.skeleton;
    const data = skeleton.data;
    let skin: Skin | null = null;
    let animation = null;
    let track = 0;
    let loop = true;
    let scaleX = 1;
    let scaleY = 1;
    if (options) {
        if (dev) warnUnknownOptions(options);
        if (options.skin !== undefined) skin = skinFor(data, options.skin, dataKey);
        if (options.animation !== undefined) {
            animation = data.findAnimation(options.animation);
            if (!animation) {
                throw new PoolError(
                    `spawn(): animation ${JSON.stringify(options.animation)} is not in skeleton ${JSON.stringify(dataKey)}. ` +
                        `Animations: ${data.animations.map((a) => a.name).join(', ')}.`,
                );
            }
        }
        if (options.track !== undefined) {
            if (!Number.isInteger(options.track) || options.track < 0) {
                throw new PoolError(`spawn(): track must be an integer >= 0 (a Spine track index); got ${options.track}.`);
            }
            track = options.track;
        }
        if (options.loop !== undefined) loop = !!options.loop;
        const parent = options.parent;
        if (parent !== undefined && (parent === null || typeof parent.remove !== 'function' || !('list' in parent))) {
            throw new PoolError('spawn(): parent must be a Phaser.GameObjects.Container.');
        }
        if (options.depth !== undefined && (typeof options.depth !== 'number' || Number.isNaN(options.depth))) {
            throw new PoolError(`spawn(): depth must be a number; got ${options.depth}.`);
        }
        const scale = options.scale;
        if (scale !== undefined) {
            if (typeof scale === 'number') {
                scaleX = scaleY = scale;
            } else if (typeof scale === 'object' && scale !== null) {
                scaleX = scale.x;
                scaleY = scale.y;
            } else {
                scaleX = NaN;
            }
            if (!Number.isFinite(scaleX) || !Number.isFinite(scaleY)) {
                throw new PoolError(
                    `spawn(): scale must be a finite number or { x, y } of finite numbers; got ${typeof scale === 'object' && scale !== null ? JSON.stringify(scale) : scale}.`,
                );
            }
        }
        if (options.detail !== undefined && !DETAILS.includes(options.detail)) throw badDetail('spawn()', options.detail);
        if (options.poseCache !== undefined && !POSE_CACHE_MODES.includes(options.poseCache)) {
            throw new PoolError(
                `spawn(): poseCache must be one of ${POSE_CACHE_MODES.map((m) => `'${m}'`).join(', ')} (or left out for the poseCache option's); got ${JSON.stringify(options.poseCache)}.`,
            );
        }
    }

    const g = go as Placed;
    g.setPosition(x, y);
    if (options?.depth !== undefined) g.setDepth(options.depth);
    if (scaleX !== 1 || scaleY !== 1) g.setScale(scaleX, scaleY); // a free instance is at 1 (resetDisplay)
    go.setVisible(true);
    go.setActive(true);
    if (skin) {
        // The setup pose of that skin (its slots, and bones and constraints only it has, posed).
        skeleton.setSkin(skin);
        slotsWritten(instance);
        resetBones(instance);
    }
    if (animation) instance.version.setAnimation(go.animationState, track, animation, loop);
    restoreBody(go, instance.bodyInWorld); // at the spawn point, at rest; in its world if onCreate put it there
}

/**
 * An instance spawned with a skin takes the size and origin of that skin's setup pose, where
 * spine-phaser measures a new object with its default skin: on a rig whose default skin is empty
 * (mix-and-match) that is 0×0, and `setInteractive()` would get no hit area. Not when the pool's
 * `onCreate` gave the instances a bounds provider of its own: that one decides.
 */
export function fitSkinSize(instance: PooledInstance): void {
    const go = instance.go;
    const skin = instance.skeleton.skin;
    if (skin === null || go.boundsProvider !== instance.builtProvider) return;
    sizeTo(go, skinSetupBox(instance.skeleton, skin));
    instance.sizedBySkin = true;
}

/** Sets `go`'s size and display origin to `box` (skeleton px around its origin), as spine-phaser's `updateSize`. */
function sizeTo(go: SpineGameObject, box: Box): void {
    go.width = box.right - box.left;
    go.height = box.bottom - box.top;
    go.displayOriginX = -box.left;
    go.displayOriginY = -box.top;
}

/**
 * Once a spawned instance is in place: on spine-phaser-v4, the object's movement since its last
 * update reaches its physics constraints (when the game enabled that, `skeletonPhysics`); the jump
 * from where the previous owner left it to the spawn point is no movement, as it is none for a
 * new `this.add.spine` object.
 */
export function settleAtSpawn(go: SpineGameObject): void {
    const physics = (go as V4GameObject).skeletonPhysics;
    if (physics) physics.resetTransform();
}

function warnUnknownOptions(options: SpawnOptions): void {
    for (const key of Object.keys(options)) {
        if (!SPAWN_OPTION_NAMES.includes(key)) {
            warn(`spawn(): unknown option '${key}' was ignored. Spawn options: ${SPAWN_OPTION_NAMES.join(', ')}.`);
        }
    }
}
