/**
 * Where a skeleton can be drawn while its animations play, without posing it. Each animation's
 * bounds are sampled once (per skin) on a scratch skeleton, 30 times a second: an instance playing
 * one animation is where that animation's samples around its current time say (`extentOf`); one
 * mixing, queuing or layering animations is anywhere any of them reaches, joined with its setup
 * pose (`reachOf`).
 */
import { boundsRect } from './core/bounds';
import { plainEntry } from './core/plainEntry';
import { sampleOn, scratchOf, setupOn } from './core/scratch';
import { PHYSICS_RESET, type Animation, type Skeleton, type Skin, type TrackEntry } from './core/shapes';
import type { SpineVersion } from './core/SpineVersion';
import type { SkeletonPlacement } from './placement';

/** What is read of an AnimationState to know where its skeleton reaches. */
export interface ReachedState {
    timeScale: number;
    tracks: ArrayLike<TrackEntry | null>;
}

/** A box around a skeleton's origin, unscaled px, y down (as spine-phaser draws it). */
export interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
}

/** Samples per second of animation when measuring how far it reaches. */
const SAMPLES_PER_SECOND = 30;

/** An animation's sampled bounds: one box per sample (left, top, right, bottom) and their union. */
export interface Reach {
    /** Samples per second of animation time. */
    rate: number;
    /** Box of sample i at [4i, 4i + 4), unscaled px; sample i is at time i / rate (the last at the duration). */
    boxes: Float64Array;
    count: number;
    union: Box;
}

const reaches = new WeakMap<object, Map<Skin | null, Reach>>();

/**
 * The sampled bounds of `animation` around the origin of `skeleton` with `skin` (null: the default
 * skin), measured once per (animation, skin) on a scratch skeleton of the same data.
 */
function reachOfAnimation(skeleton: Skeleton, animation: Animation, skin: Skin | null): Reach {
    let bySkin = reaches.get(animation);
    if (!bySkin) reaches.set(animation, (bySkin = new Map<Skin | null, Reach>()));
    let reach = bySkin.get(skin);
    if (!reach) {
        reach = measure(skeleton, animation, skin);
        bySkin.set(skin, reach);
    }
    return reach;
}

/**
 * How far `animation` reaches around the origin of `skeleton` with `skin` over its whole duration
 * (the union of its samples).
 */
export function animationBox(skeleton: Skeleton, animation: Animation, skin: Skin | null): Box {
    return reachOfAnimation(skeleton, animation, skin).union;
}

/**
 * The entry whose animation alone says where a state's skeleton can be drawn from now on: one
 * playing plainly (see core/plainEntry.ts; `version`: the state's Spine version) with nothing
 * queued after it, of an animation with a duration (sampled). Otherwise null.
 */
export function reachingEntry(state: { tracks: ArrayLike<TrackEntry | null> }, version: SpineVersion): TrackEntry | null {
    const entry = plainEntry(state, version);
    return entry !== null && entry.next === null && (entry.animation as Animation).duration > 0 ? entry : null;
}

/**
 * Where a skeleton can be drawn around its origin (unscaled) at its state's current time plus
 * `memo.ahead` game seconds (a state behind by the time it is owed), into `out`. One entry alone
 * (`reachingEntry`): the samples of its animation on both sides of that time. Anything else:
 * `reachOf`, every animation's whole reach joined with `setup`. Either is then put where the
 * skeleton's own `x`, `y` and scale draw it (`onSkeleton`: a skeleton flipped with `scaleX = -1` is
 * drawn mirrored). `version`: the skeleton's Spine version.
 */
export function extentOf(skeleton: Skeleton, state: ReachedState, version: SpineVersion, setup: Box, out: Box, memo: ReachMemo): void {
    const entry = reachingEntry(state, version);
    if (entry === null) {
        reachOf(skeleton, state.tracks, setup, out);
        onSkeleton(out, skeleton, memo);
        joinPosed(memo, out);
        return;
    }
    const animation = entry.animation as Animation;
    const skin = skeleton.skin;
    // The last answer of the map lookups, kept by the caller: the same animation most calls.
    if (memo.animation !== animation || memo.skin !== skin || memo.reach === null) {
        memo.reach = reachOfAnimation(skeleton, animation, skin);
        memo.animation = animation;
        memo.skin = skin;
    }
    const reach = memo.reach;
    const duration = animation.duration;
    const start = entry.animationStart;
    const end = entry.animationEnd;
    let time = entry.trackTime + memo.ahead * state.timeScale * entry.timeScale;
    // As TrackEntry.getAnimationTime: within the loop, or clamped to the end.
    if (entry.loop && end - start > 0) time = (time % (end - start)) + start;
    else time = Math.min(time + start, end);
    const at = Math.max(0, Math.min(reach.count - 1, time * reach.rate));
    const i = Math.floor(at) * 4;
    const j = Math.min(reach.count - 1, Math.floor(at) + 1) * 4;
    const b = reach.boxes;
    out.left = Math.min(b[i], b[j]);
    out.top = Math.min(b[i + 1], b[j + 1]);
    out.right = Math.max(b[i + 2], b[j + 2]);
    out.bottom = Math.max(b[i + 3], b[j + 3]);
    if (time > duration) join(out, reach.union); // animationEnd past the animation: not sampled
    onSkeleton(out, skeleton, memo);
    joinPosed(memo, out);
}

/** Every animation's reach of a skeleton data with a skin, joined as they are measured (`wholeExtentOf`). */
interface WholeReach {
    /** The union of the data's animations' reaches measured so far, and its skin's setup pose. */
    readonly box: Box;
    /** How many of the data's animations are joined (in its order); all of them: the box is whole. */
    joined: number;
    /** The frame the last one was measured in (one a frame). */
    frame: number;
}

const wholes = new WeakMap<object, Map<Skin | null, WholeReach>>();

/**
 * A box holding every `extentOf` a skeleton can have (any animation of its data, at any time, in
 * any mix, its setup pose `setup`, where it was posed: `joinPosed`), placed on it as `onSkeleton`
 * places one, into `out`: what says a skeleton well inside a view is seen without a look at its
 * state. False (and `out` not set) while not every animation of its data was measured: at most one
 * more is measured per `frame` a call is made in (each is measured once per skin, as `extentOf`
 * would once it plays). An animation made by the game, not of the data, is not in it: a caller
 * takes only a box inside a view from it (drawing one more off screen shows nothing).
 */
export function wholeExtentOf(skeleton: Skeleton, setup: Box, out: Box, memo: ReachMemo, frame: number): boolean {
    const data = skeleton.data;
    const skin = skeleton.skin;
    let whole = memo.whole;
    if (whole === null || memo.wholeData !== data || memo.wholeSkin !== skin) {
        let bySkin = wholes.get(data);
        if (bySkin === undefined) wholes.set(data, (bySkin = new Map<Skin | null, WholeReach>()));
        whole = bySkin.get(skin) ?? null;
        if (whole === null) {
            const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
            if (skin !== null) join(box, skinSetupBox(skeleton, skin));
            bySkin.set(skin, (whole = { box, joined: 0, frame: -1 }));
        }
        memo.whole = whole;
        memo.wholeData = data;
        memo.wholeSkin = skin;
    }
    const animations = data.animations;
    if (whole.joined < animations.length) {
        if (whole.frame === frame) return false;
        whole.frame = frame;
        const animation = animations[whole.joined++];
        if (animation.duration > 0) join(whole.box, animationBox(skeleton, animation, skin));
        if (whole.joined < animations.length) return false;
    }
    const box = whole.box;
    out.left = box.left < setup.left ? box.left : setup.left;
    out.top = box.top < setup.top ? box.top : setup.top;
    out.right = box.right > setup.right ? box.right : setup.right;
    out.bottom = box.bottom > setup.bottom ? box.bottom : setup.bottom;
    onSkeleton(out, skeleton, memo);
    joinPosed(memo, out);
    return true;
}

/**
 * Puts `box` (measured around the origin of a skeleton of its data as a new one stands: at 0, 0 at
 * its default scale, as the scratch skeleton is sampled) where `skeleton` stands: scaled by its
 * scale over the default one (mirrored by a negative ratio) and moved by its `x`, `y`. Its world
 * transforms are those of the default scale times that ratio, plus that offset, so the box is
 * exact. The skeleton's fields are baked into world transforms when it is posed: until its next
 * pose it shows the ones of its last (`posedAgain` notes them in `memo`), so where those differ
 * from the fields now (a game turned it around after its update), the box covers both. The
 * default scale is read once into `memo` (`unitX`; 4.2's y-down skeletons read -1).
 */
export function onSkeleton(box: Box, skeleton: Skeleton, memo: ReachMemo): void {
    if (memo.rendererPlaced) return;
    readUnit(memo, skeleton);
    const left = box.left;
    const top = box.top;
    const right = box.right;
    const bottom = box.bottom;
    const scaleX = skeleton.scaleX;
    const scaleY = skeleton.scaleY;
    const x = skeleton.x;
    const y = skeleton.y;
    if (scaleX !== memo.unitX || scaleY !== memo.unitY || x !== 0 || y !== 0) {
        placeOn(box, left, top, right, bottom, scaleX / memo.unitX, scaleY / memo.unitY, x, y);
    }
    if (scaleX === memo.shownScaleX && scaleY === memo.shownScaleY && x === memo.shownX && y === memo.shownY) return;
    const shown = memo.scratch;
    placeOn(shown, left, top, right, bottom, memo.shownScaleX / memo.unitX, memo.shownScaleY / memo.unitY, memo.shownX, memo.shownY);
    join(box, shown);
}

/** Reads the scale of a new skeleton of `skeleton`'s data into `memo`, once (see `ReachMemo.unitX`). */
function readUnit(memo: ReachMemo, skeleton: Skeleton): void {
    if (memo.unitX === memo.unitX) return;
    const unit = scratchOf(skeleton).skeleton;
    memo.unitX = unit.scaleX;
    memo.unitY = unit.scaleY;
    if (memo.shownScaleX !== memo.shownScaleX) {
        memo.shownScaleX = unit.scaleX;
        memo.shownScaleY = unit.scaleY;
    }
}

/** The box (`left`..`bottom`) scaled by `fx`, `fy` (flipped where negative) and moved by `x`, `y`, into `out`. */
function placeOn(out: Box, left: number, top: number, right: number, bottom: number, fx: number, fy: number, x: number, y: number): void {
    const l = left * fx;
    const r = right * fx;
    const t = top * fy;
    const b = bottom * fy;
    out.left = (l < r ? l : r) + x;
    out.right = (l < r ? r : l) + x;
    out.top = (t < b ? t : b) + y;
    out.bottom = (t < b ? b : t) + y;
}

/**
 * One instance's `extentOf` input and memory: `ahead`, the game seconds its state is behind (a
 * field, not an argument: V8 boxes a number passed to a call it does not inline), and the reach
 * it found last.
 */
export interface ReachMemo {
    ahead: number;
    animation: Animation | null;
    skin: Skin | null;
    reach: Reach | null;
    /**
     * A rig with physics constraints (`notePose`): its bounds at its last pose, and at the one
     * before, unscaled px; null before a pose is noted. Physics moves it where no animation goes.
     */
    posed: Box | null;
    previous: Box | null;
    /** Where the game posed it last (`noteGamePose`), unscaled px; null while it has not. */
    gamePosed: Box | null;
    /**
     * Where the pose it shows is, while its animation state was changed since that pose was made
     * (`showing`; see `noteShown`): the pose drawn until its next one is the old state's, not
     * where the new state's time puts it.
     */
    readonly shown: Box;
    showing: boolean;
    /** The scale of a new skeleton of its data (NaN until `onSkeleton` reads it): what its boxes are measured at. */
    unitX: number;
    unitY: number;
    /** The skeleton's `x`, `y` and scale when its shown pose was made (`posedAgain`; at first a new skeleton's). */
    shownX: number;
    shownY: number;
    shownScaleX: number;
    shownScaleY: number;
    /** Scratch of `onSkeleton`. */
    readonly scratch: Box;
    /** The last `wholeExtentOf` answer's reach of every animation, and the data and skin it is of (no map lookup per call). */
    whole: WholeReach | null;
    wholeData: object | null;
    wholeSkin: Skin | null;
    /**
     * The renderer writes the skeleton's `x`, `y` and scale at each draw (spine-phaser's Canvas
     * renderer: the camera's transform of the object), so they say nothing of where the game put it:
     * `onSkeleton` leaves boxes around the object's origin, and `notePose` measures them there.
     */
    rendererPlaced: boolean;
}

/** An empty `ReachMemo`. */
export function reachMemo(): ReachMemo {
    return {
        ahead: 0,
        animation: null,
        skin: null,
        reach: null,
        posed: null,
        previous: null,
        gamePosed: null,
        shown: { left: 0, top: 0, right: 0, bottom: 0 },
        showing: false,
        unitX: NaN,
        unitY: NaN,
        shownX: 0,
        shownY: 0,
        shownScaleX: NaN,
        shownScaleY: NaN,
        scratch: { left: 0, top: 0, right: 0, bottom: 0 },
        whole: null,
        wholeData: null,
        wholeSkin: null,
        rendererPlaced: false,
    };
}

/**
 * A physics rig was just posed: notes its bounds (what physics moved included) into `memo`, so
 * `extentOf` covers where physics takes it. The two last poses are kept (reused boxes).
 */
export function notePose(memo: ReachMemo, skeleton: Skeleton): void {
    const box = memo.previous ?? { left: 0, top: 0, right: 0, bottom: 0 };
    if (!measurePose(memo, skeleton, box)) return;
    memo.previous = memo.posed;
    memo.posed = box;
}

/**
 * The game posed the skeleton itself (a bone turned by code, then `updateWorldTransform`): notes
 * where that pose is into `memo.gamePosed`, joined to every extent from now on (until the next
 * spawn), as it is: the game's code, not a spring, moves it from there.
 */
export function noteGamePose(memo: ReachMemo, skeleton: Skeleton): void {
    const box = memo.gamePosed ?? { left: 0, top: 0, right: 0, bottom: 0 };
    if (measurePose(memo, skeleton, box)) memo.gamePosed = box;
}

/** The bounds of `skeleton`'s pose around its origin (unscaled px) into `box`; false when it shows nothing. */
function measurePose(memo: ReachMemo, skeleton: Skeleton, box: Box): boolean {
    const r = boundsRect(skeleton);
    if (!(r.width >= 0)) return false;
    if (memo.rendererPlaced) {
        // Posed on the renderer's x, y and scale (the camera's transform at its last draw): back around the origin at the default scale.
        readUnit(memo, skeleton);
        const fx = memo.unitX / skeleton.scaleX;
        const fy = memo.unitY / skeleton.scaleY;
        if (!(Number.isFinite(fx) && Number.isFinite(fy))) return false; // drawn at scale 0: shows nothing
        placeOn(box, r.x - skeleton.x, r.y - skeleton.y, r.x + r.width - skeleton.x, r.y + r.height - skeleton.y, fx, fy, 0, 0);
    } else {
        box.left = r.x;
        box.top = r.y;
        box.right = r.x + r.width;
        box.bottom = r.y + r.height;
    }
    return true;
}

/**
 * The game is about to change the animation state of an instance whose pose was made at the state
 * as it stands (`memo.ahead` 0: nothing owed since): keeps where that pose is, so `extentOf`
 * covers it until the next pose (`posedAgain`). Stock draws a state changed after its update with
 * the pose of that update, however far the new animation goes.
 */
export function noteShown(skeleton: Skeleton, state: ReachedState, version: SpineVersion, setup: Box, memo: ReachMemo): void {
    if (memo.showing) return;
    extentOf(skeleton, state, version, setup, memo.shown, memo);
    memo.showing = true;
}

/**
 * It was posed with world transforms from the local pose made before its state was changed
 * (`noteShown`: nothing applied since), on `placed` (as `posedAgain`): the pose it shows is still
 * the old state's, not where the new state's time puts it, so `showing` stays (until a pose of its
 * state, `posedAgain`) and `shown` becomes that pose's own bounds (the box noted before the change
 * was placed on the skeleton's fields then).
 */
export function posedShown(memo: ReachMemo, skeleton: Skeleton, placed: SkeletonPlacement): void {
    measurePose(memo, skeleton, memo.shown); // nothing shown: the box noted before the change stays
    memo.showing = true;
    shownOn(memo, placed);
}

/**
 * It was posed on `placed` (the skeleton's own `x`, `y` and scale its world transforms were made
 * on: as they are now, or at its last turn, see SpineInstance's `Placements`): the pose it shows is
 * its state's, on those.
 */
export function posedAgain(memo: ReachMemo, placed: SkeletonPlacement): void {
    memo.showing = false;
    shownOn(memo, placed);
}

function shownOn(memo: ReachMemo, placed: SkeletonPlacement): void {
    memo.shownX = placed.x;
    memo.shownY = placed.y;
    memo.shownScaleX = placed.scaleX;
    memo.shownScaleY = placed.scaleY;
}

/**
 * Joins into `out` where the pose it shows is while its state has moved on (`noteShown`), where
 * the game posed it (`noteGamePose`), and where a physics rig's last poses were (`memo.posed`, `memo.previous`), grown by how far they
 * moved from one to the other: where it can be until its next pose, a few frames on.
 */
function joinPosed(memo: ReachMemo, out: Box): void {
    if (memo.showing) join(out, memo.shown);
    if (memo.gamePosed !== null) join(out, memo.gamePosed);
    const posed = memo.posed;
    if (posed === null) return;
    join(out, posed);
    const previous = memo.previous;
    if (previous === null) return;
    join(out, previous);
    const grow = Math.max(
        Math.abs(posed.left - previous.left),
        Math.abs(posed.top - previous.top),
        Math.abs(posed.right - previous.right),
        Math.abs(posed.bottom - previous.bottom),
    );
    out.left -= grow;
    out.top -= grow;
    out.right += grow;
    out.bottom += grow;
}

/**
 * Where a skeleton can be drawn around its origin (unscaled), into `out`: `setup` (its setup-pose
 * bounds) joined with the sampled reach of every animation on its tracks, the ones mixing out and the
 * ones queued included, so a limb swung or a body fallen outside the setup pose still counts.
 */
export function reachOf(skeleton: Skeleton, tracks: ArrayLike<TrackEntry | null>, setup: Box, out: Box): void {
    const skin = skeleton.skin;
    out.left = setup.left;
    out.top = setup.top;
    out.right = setup.right;
    out.bottom = setup.bottom;
    // `setup` is the object's own bounds, measured with its default skin (which may be empty).
    if (skin !== null) join(out, skinSetupBox(skeleton, skin));
    for (let i = 0; i < tracks.length; i++) {
        for (let current: TrackEntry | null = tracks[i]; current; current = current.mixingFrom) {
            for (let entry: TrackEntry | null = current; entry; entry = entry.next) {
                if (entry.animation && entry.animation.duration > 0) join(out, animationBox(skeleton, entry.animation, skin));
            }
        }
    }
}

const skinSetups = new WeakMap<object, WeakMap<Skin, Box>>();

/** The setup-pose bounds of `skeleton`'s data with `skin`, measured once on the scratch skeleton (empty: a zero box at the origin). */
export function skinSetupBox(skeleton: Skeleton, skin: Skin): Box {
    let bySkin = skinSetups.get(skeleton.data);
    if (!bySkin) skinSetups.set(skeleton.data, (bySkin = new WeakMap()));
    let box = bySkin.get(skin);
    if (!box) {
        const scratch = scratchOf(skeleton);
        setupOn(scratch, skin);
        scratch.skeleton.updateWorldTransform(PHYSICS_RESET);
        const r = boundsRect(scratch.skeleton);
        box = r.width >= 0 ? { left: r.x, top: r.y, right: r.x + r.width, bottom: r.y + r.height } : { left: 0, top: 0, right: 0, bottom: 0 };
        bySkin.set(skin, box);
    }
    return box;
}

function join(box: Box, other: Box): void {
    if (other.left < box.left) box.left = other.left;
    if (other.top < box.top) box.top = other.top;
    if (other.right > box.right) box.right = other.right;
    if (other.bottom > box.bottom) box.bottom = other.bottom;
}

function measure(source: Skeleton, animation: Animation, skin: Skin | null): Reach {
    const scratch = scratchOf(source);
    const skeleton = scratch.skeleton;
    const union: Box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    const steps = Math.max(1, Math.ceil(animation.duration * SAMPLES_PER_SECOND));
    const boxes = new Float64Array((steps + 1) * 4);
    let last = -1; // the last sample with something visible, filled into the ones with nothing
    for (let i = 0; i <= steps; i++) {
        const time = (animation.duration * i) / steps;
        sampleOn(scratch, skin, animation, time);
        const r = boundsRect(skeleton);
        if (!(r.width >= 0)) continue; // nothing visible in that frame
        boxes[i * 4] = r.x;
        boxes[i * 4 + 1] = r.y;
        boxes[i * 4 + 2] = r.x + r.width;
        boxes[i * 4 + 3] = r.y + r.height;
        for (let k = last + 1; k < i; k++) boxes.copyWithin(k * 4, i * 4, i * 4 + 4);
        last = i;
        union.left = Math.min(union.left, r.x);
        union.top = Math.min(union.top, r.y);
        union.right = Math.max(union.right, r.x + r.width);
        union.bottom = Math.max(union.bottom, r.y + r.height);
    }
    if (last === -1)
        return {
            rate: steps / Math.max(animation.duration, 1e-9),
            boxes: new Float64Array((steps + 1) * 4),
            count: steps + 1,
            union: { left: 0, top: 0, right: 0, bottom: 0 },
        };
    for (let k = last + 1; k <= steps; k++) boxes.copyWithin(k * 4, last * 4, last * 4 + 4);
    return { rate: steps / animation.duration, boxes, count: steps + 1, union };
}
