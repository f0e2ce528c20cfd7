import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { applyFromSetup, setupPose } from './spineCompat';
import { PHYSICS_UPDATE } from './spineConstants';

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
 * How far `animation` reaches around the skeleton's origin with `skin` (null: the default skin):
 * the union of its bounds sampled 30 times a second. Measured once per (animation, skin) on a
 * scratch skeleton, so the level-of-detail and culling tests know where a playing character can
 * be drawn without posing it.
 */
export function animationBox(go: SpineGameObject, animation: object, skin: object | null): Box {
    let bySkin = boxes.get(animation);
    if (!bySkin) boxes.set(animation, (bySkin = new Map()));
    let box = bySkin.get(skin);
    if (!box) {
        box = measure(go, animation as Animation, skin);
        bySkin.set(skin, box);
    }
    return box;
}

function measure(go: SpineGameObject, animation: Animation, skin: object | null): Box {
    const data = go.skeleton.data;
    let skeleton = scratch.get(data);
    if (!skeleton) {
        const SkeletonClass = (go.skeleton as object).constructor as new (data: object) => Skeleton;
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
