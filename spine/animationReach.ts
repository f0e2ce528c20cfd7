/**
 * Where a skeleton can be drawn while its animations play, without posing it: each animation's reach
 * is sampled once (per skin) on a scratch skeleton, and an instance's reach is its setup-pose bounds
 * joined with the reach of every animation on its tracks.
 */
import type { Skeleton as SpineSkeleton, TrackEntry } from '@esotericsoftware/spine-core';
import { applyFromSetup, setupPose } from './compat';
import { PHYSICS_UPDATE } from './constants';

/** A box around a skeleton's origin, unscaled px, y down (as spine-phaser draws it). */
export interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
}

/** Samples per second of animation when measuring how far it reaches. */
const SAMPLES_PER_SECOND = 30;

interface Animation {
    duration: number;
}
interface Skeleton {
    data: object;
    skin: object | null;
    setSkin(skin: object | null): void;
    updateWorldTransform(physics: number): void;
    getBoundsRect(): { x: number; y: number; width: number; height: number };
}

const boxes = new WeakMap<object, Map<object | null, Box>>();
const scratch = new WeakMap<object, Skeleton>();

/**
 * How far `animation` reaches around the origin of `skeleton` with `skin` (null: the default
 * skin): the union of its bounds sampled 30 times a second. Measured once per (animation, skin) on
 * a scratch skeleton of the same data.
 */
export function animationBox(skeleton: SpineSkeleton, animation: object, skin: object | null): Box {
    let bySkin = boxes.get(animation);
    if (!bySkin) boxes.set(animation, (bySkin = new Map()));
    let box = bySkin.get(skin);
    if (!box) {
        box = measure(skeleton as unknown as Skeleton, animation as Animation, skin);
        bySkin.set(skin, box);
    }
    return box;
}

/**
 * Where a skeleton can be drawn around its origin (unscaled), into `out`: `setup` (its setup-pose
 * bounds) joined with the sampled reach of every animation on its tracks, the ones mixing out and the
 * ones queued included, so a limb swung or a body fallen outside the setup pose still counts.
 */
export function reachOf(skeleton: SpineSkeleton, tracks: ArrayLike<TrackEntry | null>, setup: Box, out: Box): void {
    const skin = skeleton.skin;
    out.left = setup.left;
    out.top = setup.top;
    out.right = setup.right;
    out.bottom = setup.bottom;
    for (let i = 0; i < tracks.length; i++) {
        for (let current: TrackEntry | null = tracks[i]; current; current = current.mixingFrom) {
            for (let entry: TrackEntry | null = current; entry; entry = entry.next) {
                if (entry.animation && entry.animation.duration > 0) join(out, animationBox(skeleton, entry.animation, skin));
            }
        }
    }
}

function join(box: Box, other: Box): void {
    if (other.left < box.left) box.left = other.left;
    if (other.top < box.top) box.top = other.top;
    if (other.right > box.right) box.right = other.right;
    if (other.bottom > box.bottom) box.bottom = other.bottom;
}

function measure(source: Skeleton, animation: Animation, skin: object | null): Box {
    const data = source.data;
    let skeleton = scratch.get(data);
    if (!skeleton) {
        const SkeletonClass = (source as object).constructor as new (data: object) => Skeleton;
        skeleton = new SkeletonClass(data);
        scratch.set(data, skeleton);
    }
    if (skeleton.skin !== skin) skeleton.setSkin(skin);
    const box: Box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    const steps = Math.max(1, Math.ceil(animation.duration * SAMPLES_PER_SECOND));
    for (let i = 0; i <= steps; i++) {
        const time = (animation.duration * i) / steps;
        setupPose(skeleton);
        applyFromSetup(animation, skeleton, time, time, false, null);
        skeleton.updateWorldTransform(PHYSICS_UPDATE);
        const r = skeleton.getBoundsRect();
        if (!(r.width >= 0)) continue; // nothing visible in that frame
        box.left = Math.min(box.left, r.x);
        box.top = Math.min(box.top, r.y);
        box.right = Math.max(box.right, r.x + r.width);
        box.bottom = Math.max(box.bottom, r.y + r.height);
    }
    if (box.left > box.right) return { left: 0, top: 0, right: 0, bottom: 0 };
    return box;
}
