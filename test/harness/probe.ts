import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { worldOf } from './spineApi';
import { onPosedUpdate } from '../../fixtures/internals';

/** One posed update seen by a probe (a stock object's `updatePose`, a pooled one's pose step). */
export interface PoseCall {
    /** Value of the probe's frame counter when the call happened. */
    frame: number;
    /** The delta posed (the frame's; earlier owed frames are replayed before the call). */
    ms: number;
    /** Track 0's track time right after the call (seconds), -1 without a track 0. */
    trackTime: number;
}

/** Records every posed update of some objects, by frame: a stock object's `updatePose(ms)` (the real method still runs), a pooled one's pose step. */
export class UpdateProbe {
    frame = 0;
    private readonly calls = new Map<SpineGameObject, PoseCall[]>();

    watch(go: SpineGameObject): PoseCall[] {
        let list = this.calls.get(go);
        if (list) return list;
        list = [];
        this.calls.set(go, list);
        const frame = (): number => this.frame;
        const calls = list;
        const note = (ms: number): void => void calls.push({ frame: frame(), ms, trackTime: go.animationState.tracks[0]?.trackTime ?? -1 });
        // A pooled instance is posed by the pool's posing policy (on its own skeleton, not through updatePose).
        if (onPosedUpdate(go, note)) return list;
        const original = go.updatePose;
        go.updatePose = function (this: SpineGameObject, ms: number) {
            original.call(this, ms);
            note(ms);
        };
        return list;
    }

    callsOf(go: SpineGameObject): PoseCall[] {
        return this.calls.get(go) ?? [];
    }

    /** How many times `go` was updated during `frame`. */
    countIn(go: SpineGameObject, frame: number): number {
        return this.callsOf(go).filter((c) => c.frame === frame).length;
    }
}

/** World transform of every bone, to compare poses. */
export function boneWorld(go: SpineGameObject): number[][] {
    return go.skeleton.bones.map((bone) => {
        const b = worldOf(bone);
        return [b.a, b.b, b.c, b.d, b.worldX, b.worldY];
    });
}

/** Largest difference between two `boneWorld` snapshots. */
export function poseDistance(a: number[][], b: number[][]): number {
    let max = 0;
    for (let i = 0; i < a.length; i++) for (let j = 0; j < a[i].length; j++) max = Math.max(max, Math.abs(a[i][j] - b[i][j]));
    return max;
}
