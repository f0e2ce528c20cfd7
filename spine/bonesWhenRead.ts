/**
 * Bones only when read. An instance served from the pose cache is drawn from its samples
 * (plugin/draw), so nothing needs its bones' world transforms unless something reads them: until
 * then a served pose writes only its slots (which the draw checks read) and remembers which
 * samples its bones would show (`shown`, `bonesBehind`); the first read writes them.
 *
 * The bones' local pose, constraints and deform-keyed slots' attachments are checked against the
 * setup pose where the animation does not key them (unkeyedPose.ts) once, not at every served pose: nothing but an apply (the pool's, through its
 * AnimationState, or a first frame posed over the setup pose) writes it while nobody reads the
 * skeleton, and each one forgets the check (`checkedBase`).
 *
 * Who reads is told apart by where the skeleton is found. The pool's own code holds the instance's
 * skeleton (`instance.skeleton`). The game finds it through `go.skeleton`, which, while nobody has
 * read it since the spawn (`bonesLazy`), holds a stand-in: a Proxy of the skeleton whose every
 * operation first writes the bones it is behind on and puts the skeleton itself in `go.skeleton`
 * for good (until the next spawn); from then on its served poses write the bones each frame, as
 * before, because the game may keep a bone and read it later. So whatever the game reaches from
 * `go.skeleton` (bones in a field, `findBone`, attachments, `getBounds`, hit tests, listeners and
 * callbacks given the object) sees exactly the pose a stock object would show.
 *
 * A despawned instance's reset to the setup pose (`resetBones`) owes its bones the same way
 * (`setupOwed`: slots and constraints are written, the bones' local pose, applied values and world
 * transforms are not): they are written before anything applies a pose over them (the pooled
 * AnimationState's `apply`, a first frame posed over the setup pose), poses them
 * (`updateWorldTransform`) or reads them (`bonesNow`). Until then every clip's unkeyed pose is its
 * pose (`AT_SETUP`), so its first served pose checks nothing either.
 *
 * The pool's own readers of world transforms write them first (`bonesNow`): the slot-by-slot draw,
 * the runtime's renderer (which is given the skeleton itself for its draw: `lendSkeleton`). Anything that poses the skeleton (`updateWorldTransform`) ends the debt. Physics rigs
 * are never served, so never lazy.
 *
 * What differs from stock: the stand-in is not `===` the skeleton a later `go.skeleton` returns
 * (nor `bone.skeleton`); it behaves as that skeleton in every other way.
 */
import type { CacheLookup } from './PoseCache';
import { toSetupPoseOwingBones } from './SetupPose';
import { AT_SETUP } from './unkeyedPose';
import type { Skeleton } from './core/shapes';
import type { SpineInstance } from './SpineInstance';

/** An instance as bones-when-read reads and writes it. */
export interface LazyBones extends Pick<SpineInstance, 'go' | 'skeleton' | 'version' | 'shown' | 'checkedBase' | 'checks' | 'setupOwed'> {
    /** `go.skeleton` holds the stand-in: nobody has read it since the spawn. */
    bonesLazy: boolean;
    /** Its bones' world transforms are not written: they are `shown`'s. */
    bonesBehind: boolean;
    /** Its stand-in, made on its first lazy spawn. */
    standIn: Skeleton | null;
}

/** Writes what `instance`'s bones are behind on: the setup pose its reset owes them, the samples of its last served pose. */
export function bonesNow(instance: LazyBones): void {
    if (instance.setupOwed !== null) setupNow(instance);
    if (!instance.bonesBehind) return;
    instance.bonesBehind = false;
    const shown = instance.shown;
    const clip = shown.clip;
    if (clip === null || shown.a === null || shown.b === null) return;
    clip.layout.readBones(instance.skeleton, shown.a.floats, shown.b.floats, shown.weight, null);
}

/**
 * Writes the setup pose's bones `instance`'s reset left owed: before anything applies a pose over
 * them (an apply, a first frame posed over the setup pose), poses them (`updateWorldTransform`) or
 * reads them (`bonesNow`).
 */
export function setupNow(instance: Pick<LazyBones, 'skeleton' | 'setupOwed'>): void {
    const owed = instance.setupOwed;
    if (owed === null) return;
    instance.setupOwed = null;
    owed.copyBonesTo(instance.skeleton);
}

/**
 * Puts a retired instance in the setup pose of its skin, as a new object's (Recycler's reset, a
 * spawn with a skin): its bones owed (`setupOwed`: an instance served from its first frame to its
 * despawn, nobody reading it, never writes them), its slots and constraints written, and what its
 * bones were behind on forgotten. Every clip's unkeyed pose is then its pose (`AT_SETUP`).
 */
export function resetBones(instance: LazyBones): void {
    instance.bonesBehind = false;
    instance.setupOwed = null; // a setup pose computed in full poses them (the hook would pay an older debt)
    instance.setupOwed = toSetupPoseOwingBones(instance.skeleton, instance.version);
    instance.checkedBase = AT_SETUP;
}

/** The game read `instance`'s skeleton: its bones are written, and written every frame from now on. */
export function bonesRead(instance: LazyBones): void {
    bonesNow(instance);
    if (!instance.bonesLazy) return;
    instance.checkedBase = null;
    instance.bonesLazy = false;
    (instance.go as { skeleton: Skeleton }).skeleton = instance.skeleton;
}

/**
 * At a spawn: `go.skeleton` holds the stand-in when `lazy` (an instance that may be served: it
 * shares poses and has no physics), the skeleton itself otherwise.
 */
export function spawnBones(instance: LazyBones, lazy: boolean): void {
    if (!lazy) {
        bonesNow(instance);
        instance.checkedBase = null;
    } else if (instance.checkedBase !== AT_SETUP) instance.checkedBase = null; // its reset's stands (a fresh object's is not assumed)
    instance.bonesLazy = lazy;
    (instance.go as { skeleton: Skeleton }).skeleton = lazy ? standInOf(instance) : instance.skeleton;
}

/** A served pose was copied into `instance` from `found`, its bones left behind (`behind`) or written. */
export function servedBones(instance: LazyBones, found: CacheLookup, behind: boolean): void {
    instance.bonesBehind = behind;
    const base = behind && found.clip !== null ? found.clip.base : null;
    if (base !== instance.checkedBase) instance.checks++;
    instance.checkedBase = base;
    if (!behind) return;
    const shown = instance.shown;
    shown.clip = found.clip;
    shown.entry = found.entry;
    shown.a = found.a;
    shown.b = found.b;
    shown.weight = found.weight;
}

/**
 * Before the runtime's own renderer draws `instance` (it reads `go.skeleton`): its bones written,
 * the skeleton itself in `go.skeleton`. Returns whether the stand-in is to be put back after the
 * draw (`drawnByRuntime`). Nothing the game wrote runs in a draw.
 */
export function lendSkeleton(instance: LazyBones): boolean {
    bonesNow(instance);
    if (!instance.bonesLazy) return false;
    (instance.go as { skeleton: Skeleton }).skeleton = instance.skeleton;
    return true;
}

/** After the runtime's draw of `instance`, when `lendSkeleton` lent it the skeleton: the stand-in back in `go.skeleton`. */
export function drawnByRuntime(instance: LazyBones): void {
    if (instance.bonesLazy) (instance.go as { skeleton: Skeleton }).skeleton = instance.standIn as Skeleton;
}

/** `instance`'s stand-in (made once per pooled object). */
function standInOf(instance: LazyBones): Skeleton {
    if (instance.standIn !== null) return instance.standIn;
    const read = (): void => bonesRead(instance);
    const handler: ProxyHandler<Skeleton> = {
        // Every operation but asking for the prototype (`instanceof`) is a read.
        get(target, key) {
            read();
            return Reflect.get(target, key) as unknown;
        },
        set(target, key, value) {
            read();
            return Reflect.set(target, key, value);
        },
        has(target, key) {
            read();
            return Reflect.has(target, key);
        },
        ownKeys(target) {
            read();
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(target, key) {
            read();
            return Reflect.getOwnPropertyDescriptor(target, key);
        },
        defineProperty(target, key, descriptor) {
            read();
            return Reflect.defineProperty(target, key, descriptor);
        },
        deleteProperty(target, key) {
            read();
            return Reflect.deleteProperty(target, key);
        },
        setPrototypeOf(target, proto) {
            read();
            return Reflect.setPrototypeOf(target, proto);
        },
    };
    return (instance.standIn = new Proxy(instance.skeleton, handler));
}
