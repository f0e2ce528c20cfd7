/**
 * Bones only when read. An instance served from the pose cache is drawn from its samples
 * (plugin/draw), so nothing needs its bones' world transforms unless something reads them: until
 * then a served pose writes only its keyed deforms' lengths, not the rest of its slots' look (keyed
 * colours, attachments, sequence indices, deform values, draw order: `slotsBehind`, written by
 * `slotsNow` before anything reads them, the draw's look checks included, applies a pose over them
 * or poses the skeleton), and remembers which samples its bones would show (`shown`, `bonesBehind`);
 * the first read writes them.
 *
 * The bones' local pose, constraints and deform-keyed slots' attachments are checked against the
 * setup pose where the animation does not key them (unkeyedPose.ts) once, not at every served pose: nothing but an apply (the pool's, through its
 * AnimationState, or a first frame posed over the setup pose) writes it while nobody reads the
 * skeleton, and each one forgets the check (`checkedBase`).
 *
 * Who reads is told apart by where the skeleton is found. The pool's own code holds the instance's
 * skeleton (`instance.skeleton`). The game finds it through `go.skeleton`, which, while nobody has
 * ever read it (`bonesLazy`), holds a stand-in: a Proxy of the skeleton whose every operation first
 * writes the bones it is behind on, brings the local pose up to date and puts the skeleton itself
 * in `go.skeleton` for good. From then on, in this life and every later one of the object
 * (`everRead`), its served poses write the bones' world transforms and local pose every frame,
 * because the game may keep a bone, a slot, `skeleton.bones` or the skeleton itself and read it in
 * any later frame, after any despawn and respawn, through no trap at all. So whatever the game
 * reaches from `go.skeleton` (bones in a field, `findBone`, attachments, `getBounds`, hit tests,
 * listeners and callbacks given the object) sees exactly the pose a stock object would show, and
 * a bone turned by code then posed (`updateWorldTransform`) moves from this frame's local pose.
 * An instance that is not served (`poseCache: 'off'`, physics) keeps the stand-in too, so a later
 * life of its object may be lazy: the runtime's own update is lent the skeleton (`lendSkeleton`).
 *
 * A despawned instance's reset to the setup pose (`resetBones`) owes its bones the same way
 * (`setupOwed`: slots and constraints are written, the bones' local pose, applied values and world
 * transforms are not): they are written before anything applies a pose over them (the pooled
 * AnimationState's `apply`, a first frame posed over the setup pose), poses them
 * (`updateWorldTransform`) or reads them (`bonesNow`). Until then every clip's unkeyed pose is its
 * pose (`AT_SETUP`), so its first served pose checks nothing either.
 *
 * The reset writes back only the slots that may have changed since the last one (`slotsWritten`):
 * while nobody reads the skeleton, only an apply or a served pose writes slots, each only those
 * its animations key (`keyedBy` lists them), and a skin set writes attachments. An instance never
 * posed has all of them at their setup values; one read or given a skin, none known.
 *
 * The pool's own readers of world transforms write them first (`bonesNow`): the slot-by-slot draw,
 * the runtime's renderer (which is given the skeleton itself for its draw: `lendSkeleton`). Anything that poses the skeleton (`updateWorldTransform`) ends the debt. Physics rigs
 * are never served, so never lazy.
 *
 * Getting the skeleton's colour (`go.skeleton.color.set(...)`: a hit flash, a team colour; Phaser 4's
 * `setTint`) is no read: the colour is no part of the pose, and a draw reads it every frame
 * (plugin/draw/tint.ts), so a tinted crowd stays lazy.
 *
 * What differs from stock: the stand-in is not `===` the skeleton a later `go.skeleton` returns
 * (nor `bone.skeleton`); it behaves as that skeleton in every other way.
 */
import type { CacheLookup } from './PoseCache';
import { toSetupPoseOwingBones, type WrittenSlots } from './SetupPose';
import { keyedSlotsOf } from './slotKeys';
import { AT_SETUP } from './unkeyedPose';
import { applySilently } from './stateReplay';
import { turnNow } from './placement';
import type { Animation, Skeleton } from './core/shapes';
import type { SpineInstance } from './SpineInstance';

/** An instance as bones-when-read reads and writes it. */
/** `slotsWritten`: none of its slots differs from the setup pose... */
export const SLOTS_AT_SETUP = 0;
/** ...only slots the animations of `keyedBy` (its first `keyedCount`) key... */
export const SLOTS_KEYED = 1;
/** ...any of them. */
export const SLOTS_ANY = 2;
/** Animations listed at most: an instance that played more than this is reset in full. */
const KEYED_BY = 4;

export interface LazyBones extends Pick<
    SpineInstance,
    | 'go'
    | 'skeleton'
    | 'version'
    | 'shown'
    | 'checkedBase'
    | 'checks'
    | 'setupOwed'
    | 'slotsWritten'
    | 'keyedBy'
    | 'keyedCount'
    | 'poseBehind'
    | 'placements'
    | 'turnOwed'
> {
    /** `go.skeleton` holds the stand-in: nobody has ever read it. */
    bonesLazy: boolean;
    /** The game may hold a reference to its skeleton, from this life or an earlier one: never lazy again. */
    everRead: boolean;
    /** Its bones' world transforms are not written: they are `shown`'s. */
    bonesBehind: boolean;
    /** Its keyed slots' look (but the deforms' lengths) is not written: it is `shown`'s (`slotsNow`). */
    slotsBehind: boolean;
    /** Its stand-in, made on its first lazy spawn. */
    standIn: Skeleton | null;
}

/** Writes what `instance`'s bones are behind on: the setup pose its reset owes them, the samples of its last served pose. */
export function bonesNow(instance: LazyBones): void {
    if (instance.setupOwed !== null) setupNow(instance);
    slotsNow(instance);
    if (!instance.bonesBehind) return;
    instance.bonesBehind = false;
    const shown = instance.shown;
    const clip = shown.clip;
    if (clip === null || shown.a === null || shown.b === null) return;
    clip.layout.readBones(instance.skeleton, shown.a.floats, shown.b.floats, shown.weight, null);
}

/**
 * Writes what a served pose left owed of its keyed slots (`slotsBehind`: `readBehind` writes the
 * deforms' lengths only, not the colours, attachments, sequence indices, deform values and draw
 * order, which only a read, an apply or a look check needs): before anything reads them (`bonesNow`,
 * the pool's readers: the draw's look checks, a served pose of another clip checking its unkeyed
 * pose), applies a pose over them (an apply may blend from them) or poses the skeleton
 * (`updateWorldTransform`), so each sees what the served pose that owes them would have written.
 * Every served pose writes all of its keyed slots from its samples alone, so only the last one's
 * are owed.
 */
export function slotsNow(instance: Pick<LazyBones, 'skeleton' | 'shown' | 'slotsBehind'>): void {
    if (!instance.slotsBehind) return;
    instance.slotsBehind = false;
    const shown = instance.shown;
    const clip = shown.clip;
    if (clip === null || shown.a === null || shown.b === null) return;
    clip.layout.readOwed(instance.skeleton, shown.a.floats, shown.b.floats, shown.weight, shown.a.refs, 0);
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
 * despawn, nobody reading it, never writes them), its constraints and the slots that may have
 * changed since the last reset (`slotsWritten`) written, and what its bones were behind on
 * forgotten. Every clip's unkeyed pose is then its pose (`AT_SETUP`).
 */
export function resetBones(instance: LazyBones): void {
    instance.bonesBehind = false;
    instance.slotsBehind = false; // the reset writes the keyed slots
    instance.setupOwed = null; // a setup pose computed in full poses them (the hook would pay an older debt)
    // Read since its spawn: the game may have written any slot through the skeleton it holds.
    const written = instance.bonesLazy && instance.slotsWritten !== SLOTS_ANY ? instance.keyedBy : null;
    instance.setupOwed = toSetupPoseOwingBones(instance.skeleton, instance.version, written, instance.keyedCount);
    instance.slotsWritten = SLOTS_AT_SETUP;
    instance.keyedCount = 0;
    instance.checkedBase = AT_SETUP;
    instance.poseBehind = false; // its local pose is the setup pose, as a new object's: no apply owed to it
}

/** Something wrote or may write any of `instance`'s slots (a skin set): its next reset writes them all. */
export function slotsWritten(instance: Pick<LazyBones, 'slotsWritten'>): void {
    instance.slotsWritten = SLOTS_ANY;
}

/**
 * `animation` was applied to `instance`'s skeleton, or a pose of it copied from samples: the slots
 * it keys may differ from the setup pose until the next reset (an apply, a copied pose write no
 * other slot; a mix applies both animations, each noted).
 */
export function slotsKeyedBy(instance: Pick<LazyBones, 'slotsWritten' | 'keyedBy' | 'keyedCount' | 'skeleton'>, animation: Animation): void {
    if (instance.slotsWritten !== SLOTS_ANY) noteKeyed(instance, keyedSlotsOf(animation, instance.skeleton.slots.length));
}

/** `slotsKeyedBy` with the animation's keyed slots at hand (null: not all known). */
function noteKeyed(instance: Pick<LazyBones, 'slotsWritten' | 'keyedBy' | 'keyedCount'>, keyed: WrittenSlots | null): void {
    if (instance.slotsWritten === SLOTS_ANY) return;
    const list = instance.keyedBy;
    const count = instance.keyedCount;
    for (let i = 0; i < count; i++) if (list[i] === keyed) return;
    if (keyed === null || count === list.length) {
        instance.slotsWritten = SLOTS_ANY;
        return;
    }
    list[count] = keyed;
    instance.keyedCount = count + 1;
    instance.slotsWritten = SLOTS_KEYED;
}

/** A new `keyedBy` list (its length is the most it notes; `keyedCount` how many it holds). */
export function keyedByList(): WrittenSlots[] {
    return new Array<WrittenSlots>(KEYED_BY).fill(NO_SLOTS);
}

const NO_SLOTS: WrittenSlots = { writtenSlots: new Int32Array(0), writesDrawOrder: false };

/** An apply of `instance`'s animation state is about to write its skeleton: the slots each of its entries' animations keys (mixes included). */
export function slotsApplied(instance: Pick<LazyBones, 'slotsWritten' | 'keyedBy' | 'keyedCount' | 'skeleton' | 'go'>): void {
    if (instance.slotsWritten === SLOTS_ANY) return;
    const tracks = instance.go.animationState.tracks;
    for (let i = 0; i < tracks.length; i++) {
        for (let entry = tracks[i]; entry; entry = entry.mixingFrom) if (entry.animation) slotsKeyedBy(instance, entry.animation);
    }
}

/**
 * The game read `instance`'s skeleton: its bones are written, its local pose brought to this
 * frame's (a bone turned by code, then posed, moves from it, as on stock), and both are written
 * every frame from now on, in this life and every later one (`everRead`).
 */
export function bonesRead(instance: LazyBones): void {
    turnNow(instance); // the game may write its fields from now on, unseen
    bonesNow(instance);
    instance.everRead = true;
    if (!instance.bonesLazy) return;
    instance.checkedBase = null;
    instance.bonesLazy = false;
    (instance.go as { skeleton: Skeleton }).skeleton = instance.skeleton;
    localNow(instance);
}

/**
 * Brings `instance`'s local pose (bones, constraints, slots) to what stock's last apply left, when
 * its last update left it behind (a served pose, an update that did not pose it): nothing fires.
 */
export function localNow(instance: Pick<LazyBones, 'go' | 'skeleton' | 'poseBehind'>): void {
    if (!instance.poseBehind) return;
    instance.poseBehind = false;
    applySilently(instance.go.animationState, instance.skeleton);
}

/**
 * At a spawn: `go.skeleton` holds the stand-in while nobody ever read its skeleton (in any life,
 * whether or not this one may be served: a later one may), the skeleton itself otherwise.
 */
export function spawnBones(instance: LazyBones): void {
    const lazy = !instance.everRead;
    if (!lazy) {
        bonesNow(instance);
        instance.checkedBase = null;
    } else if (instance.checkedBase !== AT_SETUP) instance.checkedBase = null; // its reset's stands (a fresh object's is not assumed)
    instance.bonesLazy = lazy;
    (instance.go as { skeleton: Skeleton }).skeleton = lazy ? standInOf(instance) : instance.skeleton;
}

/**
 * A free instance holds its skeleton itself (after `onCreate` was given the stand-in: what it read
 * made the instance `everRead`).
 */
export function freeBones(instance: LazyBones): void {
    bonesNow(instance);
    instance.checkedBase = null;
    instance.bonesLazy = false;
    (instance.go as { skeleton: Skeleton }).skeleton = instance.skeleton;
}

/** A served pose was copied into `instance` from `found`, its bones left behind (`behind`) or written. */
export function servedBones(instance: LazyBones, found: CacheLookup, behind: boolean): void {
    instance.bonesBehind = behind;
    instance.slotsBehind = behind;
    if (found.clip !== null) noteKeyed(instance, found.clip.keyed);
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
 * Before a runtime method the pool calls reads `go.skeleton` (its renderer's draw, spine-phaser-v4's
 * `clearTint` at a despawn): the skeleton itself in `go.skeleton`, its bones written first when
 * the method reads them (`bones`). Returns whether the stand-in is to be put back after the call
 * (`returnSkeleton`). Nothing the game wrote runs in such a call: it is no read.
 */
export function lendSkeleton(instance: LazyBones, bones = true): boolean {
    turnNow(instance); // a runtime's draw may place the skeleton (spine-phaser's renderCanvas)
    if (bones) bonesNow(instance);
    if (!instance.bonesLazy) return false;
    (instance.go as { skeleton: Skeleton }).skeleton = instance.skeleton;
    return true;
}

/** After the runtime's call on `instance`, when `lendSkeleton` lent it the skeleton: the stand-in back in `go.skeleton`. */
export function returnSkeleton(instance: LazyBones): void {
    if (instance.bonesLazy) (instance.go as { skeleton: Skeleton }).skeleton = instance.standIn as Skeleton;
}

/** `instance`'s stand-in (made once per pooled object). */
function standInOf(instance: LazyBones): Skeleton {
    if (instance.standIn !== null) return instance.standIn;
    const read = (): void => bonesRead(instance);
    const handler: ProxyHandler<Skeleton> = {
        // Every operation but asking for the prototype (`instanceof`) is a read, but for getting its
        // colour (a tint: drawn with the samples, plugin/draw/tint.ts) and the skeleton's own scale read
        // or set (a game turns a character around every time it changes direction): no bone's; the
        // next pose is made at that scale (served from its samples).
        get(target, key) {
            if (key === 'color') return target.color;
            if (key !== 'scaleX' && key !== 'scaleY') read();
            return Reflect.get(target, key) as unknown;
        },
        set(target, key, value) {
            if (key !== 'scaleX' && key !== 'scaleY') read();
            else turnNow(instance); // its last turn's scale, before it changes
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
