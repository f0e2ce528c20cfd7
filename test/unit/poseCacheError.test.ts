/**
 * The shared pose cache's error bound (spine/PoseCache.ts, its public methods only), on real
 * spine-core 4.2 and 4.3: for every rig of the corpus and the stunt rigs (with the skin the
 * differential suite spawns it with) and every animation, a skeleton playing the animation plainly
 * is served by a `PoseCache` at many irregular times: 0, the loop's end and just before it, every
 * key time and sequence frame switch of the animation exactly, 1e-6 s, 1e-4 s and 1/120 s either side, the midpoints between 60 Hz
 * frames, seeded random times, and (looping) the same times in the second loop, (not looping) past
 * its end. Each served pose is compared with the exact one: a second skeleton at the setup pose with
 * the same track entry applied by its own AnimationState (what stock's `updatePose` shows for a
 * skeleton playing it plainly), world transforms computed. Measures and tolerances are those of
 * test/harness/poseError.ts: every active bone and every drawn vertex (regions, meshes with their
 * deform, clipping polygons) within the documented 0.5 px, attachments, sequence indices and draw order exactly the
 * exact pose's, colours within half a level of 255.
 *
 * The cache's per-frame build budget is kept out of the way: each lookup starts a new frame
 * (`beginFrame`), and a lookup whose samples wait is retried in the next frames. Rigs with physics
 * constraints are never served (their physics is each instance's own): that is asserted instead.
 *
 * The worst error of each rig and animation is printed as one table per run (and is in each failing
 * assertion's message).
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { CORE_OPTIONS, defaultsOf } from '../../src/options';
import { cacheLookup, PoseCache } from '../../spine/PoseCache';
import { NO_CALLBACK } from '../../spine/core/shapes';
import { CORE_RUNTIMES, CORPUS_RIGS, STUNT_RIGS, type CoreRuntime, type RigName } from '../harness/coreRig';
import { cacheBound, describeMeasure, drawnPose, poseErrors, POSE_ERROR_KINDS, type PoseErrorKind, type PoseErrors } from '../harness/poseError';
import { CORPUS_ANIMATION_SPECS, CORPUS_ANIMATIONS, SPAWN_SKIN, type CorpusAnimationName } from '../../fixtures/skeletons/corpus';

type Any = any;

const RIGS: readonly RigName[] = [...CORPUS_RIGS, ...STUNT_RIGS];
const ANIMATIONS = Object.keys(CORPUS_ANIMATIONS) as CorpusAnimationName[];
/** Rigs with physics constraints: the cache never serves them. */
const PHYSICS_RIGS: readonly RigName[] = ['physics', 'swing'];
/** spine-core's `Physics.pose`. */
const PHYSICS_POSE = 3;
/** Frames a lookup is retried in before it counts as not served. */
const RETRIES = 8;
/** Seconds either side of a key time (1e-6: well inside any gap the cache would interpolate across a key). */
const NEAR = [1e-6, 1e-4, 1 / 120];
const RANDOM_TIMES = 120;
/** Midpoints of the frames of a 60 Hz game. */
const FRAME_RATE = 60;

/** A skeleton of `rig` with the skin the differential suite spawns it with, at the setup pose, world transforms computed. */
function skeletonOf(rt: CoreRuntime, rig: RigName): SpineCore.Skeleton {
    const skeleton = rt.skeleton(rig);
    const skin = SPAWN_SKIN[rig];
    if (skin) {
        skeleton.setSkinByName(skin);
        rt.setupPose(skeleton);
        skeleton.updateWorldTransform(PHYSICS_POSE as Any);
    }
    return skeleton;
}

/**
 * Every key time of `animation` (any timeline) and every frame switch of a playing sequence key
 * (about where spine-core's SequenceTimeline counts the next frame: `(time - key) / delay + 1e-5`,
 * worked out here apart from spine/breakTimes.ts), sorted, without repeats.
 */
function keyTimes(animation: SpineCore.Animation): number[] {
    const times = new Set<number>();
    for (const timeline of animation.timelines as Any[]) {
        const entries: number = timeline.getFrameEntries();
        const frames: ArrayLike<number> = timeline.frames;
        for (let i = 0; i < frames.length; i += entries) {
            times.add(frames[i]);
            const regions: number = timeline.attachment?.sequence?.regions?.length ?? 0;
            // A sequence key: [time, mode | index << 4, delay]; mode 0 holds its frame.
            if (entries !== 3 || regions < 2 || (frames[i + 1] & 0xf) === 0 || !(frames[i + 2] > 0)) continue;
            const end = Math.min(i + entries < frames.length ? frames[i + entries] : animation.duration, animation.duration);
            for (let k = 1; frames[i] + (k - 0.00001) * frames[i + 2] < end && k < 1000; k++) times.add(frames[i] + (k - 0.00001) * frames[i + 2]);
        }
    }
    return [...times].sort((a, b) => a - b);
}

/** Seeded uniform numbers in [0, 1). */
function random(seed: number): () => number {
    let s = seed >>> 0 || 1;
    return () => {
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        return (s >>> 0) / 4294967296;
    };
}

/** Seconds either side of a jump no key marks (found by `jumpTimes`): down to a few doubles from it, and beyond the cache's MIN_GAP. */
const NEAR_JUMP = [1e-12, 1e-9, 1e-7, 1e-6, 5e-6, 2e-5];
/** Scan step (s) and the movement (skeleton units) within one step taken for a jump. */
const JUMP_SCAN = 1e-3;
const JUMP_MOVE = 10;

/** Each bone's world position and tip, flat, for the exact pose of `animation` at `time` on `skeleton`. */
function bonePoints(rt: CoreRuntime, skeleton: SpineCore.Skeleton, animation: SpineCore.Animation, time: number): number[] {
    rt.poseAt(skeleton, animation, time);
    return skeleton.bones.flatMap((bone) => {
        const w = rt.world(bone);
        const length = bone.data.length;
        return [w.worldX, w.worldY, w.worldX + w.a * length, w.worldY + w.c * length];
    });
}

/** The largest distance between the points of `a` and `b` (NaN where one is NaN; a square root once, not Math.hypot per point). */
function farthest(a: number[], b: number[]): number {
    let most2 = 0;
    for (let i = 0; i < a.length; i += 2) {
        const dx = a[i]! - b[i]!;
        const dy = a[i + 1]! - b[i + 1]!;
        const d2 = dx * dx + dy * dy;
        if (d2 !== d2) return NaN;
        if (d2 > most2) most2 = d2;
    }
    return Math.sqrt(most2);
}

/**
 * The times within `animation` where its exact pose jumps (a bone or its tip moving more than
 * JUMP_MOVE units within JUMP_SCAN s), each narrowed to the first double on the jump's far side:
 * key times, and the jumps no key marks (an IK flipping through its target, a transform
 * constraint's angle wrapping), found here apart from the cache's own search.
 */
function jumpTimes(rt: CoreRuntime, rig: RigName, animation: SpineCore.Animation): number[] {
    const skeleton = skeletonOf(rt, rig);
    const out: number[] = [];
    let before = bonePoints(rt, skeleton, animation, 0);
    for (let t = JUMP_SCAN; t <= animation.duration; t += JUMP_SCAN) {
        const after = bonePoints(rt, skeleton, animation, t);
        if (farthest(before, after) > JUMP_MOVE) {
            let lo = t - JUMP_SCAN;
            let hi = t;
            const left = before;
            for (let i = 0; i < 80 && lo < hi; i++) {
                const mid = lo + (hi - lo) / 2;
                if (mid <= lo || mid >= hi) break;
                if (farthest(left, bonePoints(rt, skeleton, animation, mid)) > JUMP_MOVE / 2) hi = mid;
                else lo = mid;
            }
            out.push(hi);
        }
        before = after;
    }
    return out;
}

const jumps = new Map<string, number[]>();

/**
 * Track times to serve `animation` at: animation times in [0, duration] (0, the end and just before
 * it, each key time and either side of it, each jump of its pose and either side of it down to a
 * few doubles, the midpoints of 60 Hz frames, random ones), then for a looping entry the same in
 * its second loop (and the loop's wrap), for one that does not loop some past its end.
 */
function trackTimes(animation: SpineCore.Animation, loop: boolean, seed: number, jumpsAt: number[]): number[] {
    const d = animation.duration;
    const times = [0, d, d - 1e-4, 1e-4];
    for (const key of keyTimes(animation)) {
        times.push(key);
        for (const near of NEAR) times.push(key - near, key + near);
    }
    for (const jump of jumpsAt) {
        times.push(jump);
        for (const near of NEAR_JUMP) times.push(jump - near, jump + near);
    }
    for (let i = 0; i < d * FRAME_RATE; i++) times.push((i + 0.5) / FRAME_RATE);
    const next = random(seed);
    for (let i = 0; i < RANDOM_TIMES; i++) times.push(next() * d);
    const within = times.filter((t) => t >= 0 && t <= d);
    const after = loop ? within.map((t) => t + d) : [d + 1e-4, d + 1 / 60, d + 0.37, 2 * d + 1];
    return [...within, ...after, ...(loop ? [d - 1e-4 + d, 2 * d, 2 * d + 1e-4] : [])];
}

/** The worst of each kind over one rig and animation, where (time) and how many served poses were beyond tolerance. */
interface Worst {
    served: number;
    /** Samples the cache kept for the animation. */
    samples: number;
    notServed: number;
    copyRefused: number;
    kinds: Record<PoseErrorKind, { amount: number; text: string; poses: number }>;
}

function newWorst(): Worst {
    return {
        served: 0,
        samples: 0,
        notServed: 0,
        copyRefused: 0,
        kinds: Object.fromEntries(POSE_ERROR_KINDS.map((k) => [k, { amount: 0, text: '', poses: 0 }])) as Worst['kinds'],
    };
}

function record(worst: Worst, errors: PoseErrors, animationTime: number): void {
    for (const kind of POSE_ERROR_KINDS) {
        const m = errors[kind];
        const w = worst.kinds[kind];
        if (m.count > 0) w.poses++;
        if (m.amount > w.amount) {
            w.amount = m.amount;
            w.text = `${describeMeasure(kind, m)} at ${animationTime.toFixed(5)} s`;
        }
    }
}

/** Rows of the table printed after the run: one per runtime, rig and animation. */
const table: string[] = [];

afterAll(() => {
    if (table.length > 0)
        console.log(
            `pose cache against the exact pose (served poses beyond tolerance / served; worst bone, vertex px; discrete kinds: poses differing)\n${table.join('\n')}`,
        );
});

/** Serves `animation` of `rig` at every time of `trackTimes` with `poseCacheTolerance: px` and measures each pose against the exact one. */
function serve(rt: CoreRuntime, rig: RigName, name: CorpusAnimationName, px: number): Worst {
    const data = rt.data(rig);
    const animation = data.findAnimation(name)!;
    const loop = CORPUS_ANIMATION_SPECS[name].loop;
    const cache = new PoseCache({ options: { ...defaultsOf(CORE_OPTIONS), poseCacheTolerance: px } });
    const bound = cacheBound(px);
    const found = cacheLookup();
    const served = skeletonOf(rt, rig);
    const exact = skeletonOf(rt, rig);
    const state = rt.state(data);
    const exactState = rt.state(data);
    const entry = rt.setAnimation(state, 0, animation, loop);
    const exactEntry = rt.setAnimation(exactState, 0, animation, loop);
    const go = { skeleton: served, animationState: state, beforeUpdateWorldTransforms: NO_CALLBACK, afterUpdateWorldTransforms: NO_CALLBACK };
    const worst = newWorst();
    let frame = 0;
    const id = `${rt.format} ${rig} ${name}`;
    if (!jumps.has(id)) jumps.set(id, jumpTimes(rt, rig, animation));
    for (const time of trackTimes(animation, loop, rig.length * 97 + name.length, jumps.get(id)!)) {
        entry.trackTime = exactEntry.trackTime = time;
        let ok = false;
        for (let attempt = 0; attempt < RETRIES && !ok; attempt++) {
            cache.beginFrame(++frame, 1000 / 60);
            ok = cache.find(go, go.skeleton, rt.version, found);
        }
        if (!ok) {
            worst.notServed++;
            continue;
        }
        if (!cache.copy(served, found, false)) {
            worst.copyRefused++;
            continue;
        }
        worst.served++;
        rt.setupPose(exact);
        exactState.apply(exact);
        exact.updateWorldTransform(PHYSICS_POSE as Any);
        record(worst, poseErrors(drawnPose(rt.spine, served as Any), drawnPose(rt.spine, exact as Any), bound), entry.getAnimationTime());
    }
    worst.samples = cache.samples;
    return worst;
}

/**
 * The documented default (0.5 px) on every rig and animation, and a tighter tolerance (0.1 px):
 * the bound is the option's, whatever it is set to.
 */
const TOLERANCES = [0.5, 0.1] as const;

describe.each(CORE_RUNTIMES.flatMap((rt) => TOLERANCES.map((px) => [rt.format, px, rt] as const)))('Spine %s, poseCacheTolerance %s px', (format, px, rt) => {
    describe.each(RIGS.map((rig) => [rig]))('%s rig', (rig) => {
        test.each(ANIMATIONS.map((a) => [a]))(
            PHYSICS_RIGS.includes(rig)
                ? '%s: never served (its physics is its own)'
                : `%s: every pose served is the exact pose within ${px} px (bones, drawn vertices), colours within half a level, attachments, sequence frames and draw order exact`,
            (name) => {
                const worst = serve(rt, rig, name, px);
                if (PHYSICS_RIGS.includes(rig)) {
                    expect(worst.served + worst.copyRefused).toBe(0);
                    return;
                }
                const failing = POSE_ERROR_KINDS.filter((kind) => worst.kinds[kind].poses > 0);
                const b = worst.kinds.bone;
                const v = worst.kinds.vertex;
                const discrete = failing.filter((kind) => kind !== 'bone' && kind !== 'vertex').map((kind) => `${kind} ${worst.kinds[kind].poses}`);
                table.push(
                    `${format} ${px.toFixed(1)} px ${rig.padEnd(6)} ${name.padEnd(5)} ${String(Math.max(...POSE_ERROR_KINDS.map((k) => worst.kinds[k].poses))).padStart(3)}/${worst.served}  samples ${String(worst.samples).padStart(4)}  bone ${b.amount.toFixed(3).padStart(7)}  vertex ${v.amount.toFixed(3).padStart(7)}  colour ${(worst.kinds.colour.amount * 255).toFixed(2)}/255${discrete.length ? `  ${discrete.join(', ')}` : ''}`,
                );
                // Every time was served: a plain state of a rig without physics, the build budget out of the way.
                expect({ notServed: worst.notServed, copyRefused: worst.copyRefused }).toEqual({ notServed: 0, copyRefused: 0 });
                expect(failing.map((kind) => `${worst.kinds[kind].poses} of ${worst.served} served poses beyond tolerance: ${worst.kinds[kind].text}`)).toEqual(
                    [],
                );
            },
        );
    });
});
