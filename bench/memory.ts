/**
 * What the shared pose cache holds per rig once every animation has been played through, read
 * through the public API (`stats().poseCache`), beside what the uniform 60 Hz cache of the previous
 * version held for the same animations, computed from the skeleton data.
 *
 * Played through: each animation in turn on a few instances in the middle of the view (spawned
 * with `poseCache: 'shared'`, looping, at staggered times), stepped at irregular deltas until its
 * whole duration was covered several times over and the sample count has stopped growing. Samples
 * are built lazily where instances are, a few a frame, so this visits every part of every
 * animation however the cache places its samples.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame } from '../fixtures/headless/game';
import { preset, type PresetName } from '../fixtures/skeletons/presets';
import { random } from './placements';
import { VIEW_HEIGHT, VIEW_WIDTH } from './crowd';

/** The uniform cache's samples per second of animation, the last one at the animation's end. */
const UNIFORM_RATE = 60;
/** Instances per animation, at staggered times. */
const INSTANCES = 4;
/** The duration is covered at least this many times by each instance. */
const COVERAGE = 6;
/** And the sample count has not grown for this many frames. */
const STABLE_FRAMES = 60;
/** Frame deltas, ms: irregular, between these. */
const MIN_DELTA = 3;
const MAX_DELTA = 31;

export interface RigMemory {
    rig: PresetName;
    bones: number;
    slots: number;
    animations: number;
    /** Seconds of animation, all animations. */
    seconds: number;
    /** What `stats().poseCache` reports after every animation was played through. */
    measured: { clips: number; samples: number; bytes: number };
    /** The uniform 60 Hz cache of the previous version, computed (see `uniformSamples`, `uniformBytesPerSample`). */
    uniform: { samples: number; bytes: number };
    /** Per animation: name, seconds, samples measured, samples at 60 Hz. */
    perAnimation: { name: string; seconds: number; samples: number; uniformSamples: number }[];
    /** Frames stepped in all. */
    frames: number;
}

/** The parts of spine-core's data read here (4.2 and 4.3 alike). */
interface Timeline {
    slotIndex?: number;
    attachmentNames?: unknown[];
    vertices?: ArrayLike<number>[];
    attachment?: unknown;
    drawOrders?: unknown[];
    getFrameEntries?(): number;
}
interface AnimationData {
    name: string;
    duration: number;
    timelines: Timeline[];
}
interface SkeletonData {
    bones: unknown[];
    slots: unknown[];
    animations: AnimationData[];
}

/** Samples the uniform 60 Hz cache took for an animation: one every 1/60 s and one at its end. */
export function uniformSamples(duration: number): number {
    return Math.ceil(duration * UNIFORM_RATE) + 1;
}

/**
 * Bytes per sample of the uniform cache (spine/SampleLayout.ts and spine/slotKeys.ts as of the
 * 60 Hz version, restated here so this figure stays the previous version's when those change):
 * 4 bytes per float for 6 per bone (world a, b, c, d, x, y), 7 per colour-keyed slot (rgba, dark
 * rgb), 2 + the longest keyed deform per slot whose attachment, deform or sequence is keyed, one
 * per slot when the draw order is keyed; plus 8 bytes per attachment-keyed slot (a reference).
 * Null when the animation keys a slot timeline of an unknown shape (that cache did not sample it).
 */
export function uniformBytesPerSample(data: SkeletonData, animation: AnimationData): number | null {
    const slotCount = data.slots.length;
    const color = new Uint8Array(slotCount);
    const look = new Uint8Array(slotCount);
    const attachment = new Uint8Array(slotCount);
    const deform = new Uint32Array(slotCount);
    let drawOrder = false;
    for (const t of animation.timelines) {
        if (Array.isArray(t.drawOrders)) {
            drawOrder = true;
            continue;
        }
        const slot = t.slotIndex;
        if (typeof slot !== 'number') continue; // bones, constraints, events
        if (Array.isArray(t.attachmentNames)) {
            look[slot] = 1;
            attachment[slot] = 1;
        } else if (Array.isArray(t.vertices)) {
            look[slot] = 1;
            for (const v of t.vertices) if (v && v.length > deform[slot]) deform[slot] = v.length;
        } else if (t.attachment !== undefined)
            look[slot] = 1; // sequence
        else if (typeof t.getFrameEntries === 'function' && [2, 4, 5, 7, 8].includes(t.getFrameEntries())) color[slot] = 1;
        else return null;
    }
    let floats = data.bones.length * 6;
    let refs = 0;
    for (let slot = 0; slot < slotCount; slot++) {
        if (color[slot]) floats += 7;
        if (look[slot]) floats += 2 + deform[slot];
        if (attachment[slot]) refs++;
    }
    if (drawOrder) floats += slotCount;
    return floats * 4 + refs * 8;
}

/** The cache's memory for `rig` (a bench preset), every animation played through: see the file's comment. */
export async function rigMemory(rig: PresetName): Promise<RigMemory> {
    const t = await bootGame({ width: VIEW_WIDTH, height: VIEW_HEIGHT, pool: true, skeletons: { [rig]: preset(rig) } });
    const pool = t.scene.spinePool;
    // Large enough that nothing is dropped; LOD by screen size off, so a small rig is updated every frame.
    pool.configure({ poseCache: 'shared', dev: false, poseCacheMemory: 1024, midDetailScreenSize: 0, lowDetailScreenSize: 0 });
    const atlas = `${rig}-atlas`;
    const probe = pool.spawn(0, 0, rig, atlas);
    const data = probe.skeleton.data as unknown as SkeletonData;
    pool.despawn(probe);
    const next = random(11);
    const delta = () => MIN_DELTA + next() * (MAX_DELTA - MIN_DELTA);
    const perAnimation: RigMemory['perAnimation'] = [];
    let frames = 0;
    let uniformSampleCount = 0;
    let uniformBytes = 0;
    for (const animation of data.animations) {
        const before = pool.stats().poseCache.samples;
        const gos: SpineGameObject[] = [];
        for (let i = 0; i < INSTANCES; i++) {
            const go = pool.spawn(VIEW_WIDTH / 2 + (i - INSTANCES / 2) * 40, VIEW_HEIGHT * 0.75, rig, atlas, {
                animation: animation.name,
                loop: true,
                poseCache: 'shared',
            });
            go.animationState.tracks[0]!.trackTime = (i * animation.duration) / INSTANCES;
            gos.push(go);
        }
        let elapsed = 0;
        let stable = 0;
        let last = -1;
        while ((elapsed < COVERAGE * animation.duration * 1000 || stable < STABLE_FRAMES) && frames < 100000) {
            const ms = delta();
            t.step(1, ms);
            frames++;
            elapsed += ms;
            const samples = pool.stats().poseCache.samples;
            stable = samples === last ? stable + 1 : 0;
            last = samples;
        }
        for (const go of gos) pool.despawn(go);
        t.step(4);
        const uniform = uniformSamples(animation.duration);
        const bytes = uniformBytesPerSample(data, animation);
        if (bytes !== null) {
            uniformSampleCount += uniform;
            uniformBytes += uniform * bytes;
        }
        perAnimation.push({
            name: animation.name,
            seconds: animation.duration,
            samples: pool.stats().poseCache.samples - before,
            uniformSamples: bytes === null ? 0 : uniform,
        });
    }
    const cache = pool.stats().poseCache;
    const result: RigMemory = {
        rig,
        bones: data.bones.length,
        slots: data.slots.length,
        animations: data.animations.length,
        seconds: data.animations.reduce((sum, a) => sum + a.duration, 0),
        measured: { clips: cache.clips, samples: cache.samples, bytes: cache.bytes },
        uniform: { samples: uniformSampleCount, bytes: uniformBytes },
        perAnimation,
        frames,
    };
    t.destroy();
    return result;
}
