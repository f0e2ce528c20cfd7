/**
 * The bound the plugin is measured against: each frame, every instance's time moves (its
 * AnimationState's update), and exactly the instances whose current bounds touch the camera's view
 * are posed (apply and world transforms), nothing else: no events, queues or physics kept for the
 * rest, no margin, no cost to know who is visible. What a perfect culler with stock fidelity on
 * screen would pose; no scheduler that poses every visible instance every frame can do less.
 *
 * Knowing who is visible is free here: each animation's bounds are sampled beforehand (untimed),
 * 240 times a second of animation, and an instance's are looked up at its current time.
 */
import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { TestGame } from '../fixtures/headless/game';
import type { Animation } from '../spine/core/shapes';
import { versionOf } from '../spine/core/versions';

const SAMPLES_PER_SECOND = 240;
const PHYSICS_UPDATE = 2;

interface Bounds {
    /** left, top, right, bottom of sample i at [4i, 4i + 4), around the origin, unscaled. */
    boxes: Float64Array;
    count: number;
}

export class ExactBound {
    private readonly instances: SpineGameObject[] = [];
    private readonly bounds = new Map<object, Bounds>();
    /** Instances posed in the last frame. */
    posedLastFrame = 0;

    constructor(private readonly t: TestGame) {
        t.scene.sys.events.on(Phaser.Scenes.Events.UPDATE, this.update, this);
    }

    add(go: SpineGameObject): void {
        this.t.scene.sys.updateList.remove(go as never);
        for (const entry of go.animationState.tracks) if (entry?.animation) this.boundsOf(go, entry.animation);
        this.instances.push(go);
    }

    /** Forgets every instance (they are the caller's to destroy). */
    clear(): void {
        this.instances.length = 0;
    }

    private boundsOf(go: SpineGameObject, animation: object): Bounds {
        let bounds = this.bounds.get(animation);
        if (bounds) return bounds;
        const Skeleton = go.skeleton.constructor as new (data: object) => SpineGameObject['skeleton'];
        const scratch = new Skeleton(go.skeleton.data);
        const version = versionOf(scratch);
        const a = animation as Animation;
        const count = Math.ceil(a.duration * SAMPLES_PER_SECOND) + 1;
        const boxes = new Float64Array(count * 4);
        for (let i = 0; i < count; i++) {
            const time = Math.min(i / SAMPLES_PER_SECOND, a.duration);
            version.setupPose(scratch);
            version.applyFromSetup(a, scratch, time, time, false, null);
            scratch.updateWorldTransform(PHYSICS_UPDATE as never);
            const r = scratch.getBoundsRect();
            boxes.set([r.x, r.y, r.x + r.width, r.y + r.height], i * 4);
        }
        this.bounds.set(animation, (bounds = { boxes, count }));
        return bounds;
    }

    private update(_time: number, delta: number): void {
        const cam = this.t.scene.cameras.main;
        const halfWidth = cam.width / (2 * cam.zoomX);
        const halfHeight = cam.height / (2 * cam.zoomY);
        const cx = cam.scrollX + cam.width / 2;
        const cy = cam.scrollY + cam.height / 2;
        const seconds = delta / 1000;
        let posed = 0;
        for (const go of this.instances) {
            const state = go.animationState;
            state.update(seconds);
            const entry = state.tracks[0];
            if (!entry?.animation) continue;
            const { boxes, count } = this.boundsOf(go, entry.animation);
            const i = Math.min(count - 1, Math.round(entry.getAnimationTime() * SAMPLES_PER_SECOND)) * 4;
            const scale = go.scaleX;
            if (go.x + boxes[i + 2] * scale < cx - halfWidth || go.x + boxes[i] * scale > cx + halfWidth) continue;
            if (go.y + boxes[i + 3] * scale < cy - halfHeight || go.y + boxes[i + 1] * scale > cy + halfHeight) continue;
            state.apply(go.skeleton);
            go.skeleton.update(seconds);
            go.skeleton.updateWorldTransform(PHYSICS_UPDATE as never);
            posed++;
        }
        this.posedLastFrame = posed;
    }
}
