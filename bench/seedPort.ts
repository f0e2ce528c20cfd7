/**
 * A faithful port of the seed's SpineManager.Update (shared/seeds/000): round-robin groups, one
 * group visited per frame, a three-tier distance LOD whose frame counters count *visits*, and
 * time accounting by the manager's clock. Only the per-frame loop is ported (spawning is plain
 * `this.add.spine`), so the benchmark compares update strategies on equal terms.
 */
import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { TestGame } from '../fixtures/headless/game';

interface SpineAgent {
    frameCounter: number;
    updateInterval: number;
    skeleton: SpineGameObject;
    preUpdateTime: number;
}

export class SeedSpineManager {
    private readonly groups: SpineAgent[][] = [];
    private currentGroup = 0;
    /** The seed's TimeUtils.CurrentTime, in ms: the sum of frame deltas. */
    private now = 0;

    constructor(
        private readonly t: TestGame,
        readonly highDetailDistance = 1000,
        readonly midDetailDistance = 2000,
        readonly highFrequency = 1,
        readonly midFrequency = 2,
        readonly lowFrequency = 4,
        groupCount = 4,
    ) {
        for (let i = 0; i < groupCount; i++) this.groups.push([]);
        t.scene.sys.events.on(Phaser.Scenes.Events.UPDATE, this.update, this);
    }

    /** The seed's Register: the least-loaded group by a linear scan. */
    register(skeleton: SpineGameObject): void {
        this.t.scene.sys.updateList.remove(skeleton as never); // the seed's `skeleton.enabled = false`
        let group = 0;
        let minCount = Number.MAX_SAFE_INTEGER;
        for (let i = 0; i < this.groups.length; i++) {
            if (this.groups[i].length < minCount) {
                minCount = this.groups[i].length;
                group = i;
            }
        }
        this.groups[group].push({ frameCounter: group, updateInterval: this.highFrequency, skeleton, preUpdateTime: this.now });
    }

    /** The seed's Update: one group per frame. */
    private update(_time: number, delta: number): void {
        this.now += delta;
        const group = this.groups[this.currentGroup];
        const cam = this.t.scene.cameras.main;
        const camX = cam.scrollX + cam.width / 2;
        const camY = cam.scrollY + cam.height / 2;
        for (const agent of group) {
            const dist = Math.hypot(agent.skeleton.x - camX, agent.skeleton.y - camY);
            if (dist < this.highDetailDistance) agent.updateInterval = this.highFrequency;
            else if (dist < this.midDetailDistance) agent.updateInterval = this.midFrequency;
            else agent.updateInterval = this.lowFrequency;
            agent.frameCounter++;
            if (agent.frameCounter >= agent.updateInterval) {
                agent.frameCounter = 0;
                const deltaTime = this.now - agent.preUpdateTime;
                agent.preUpdateTime = this.now;
                agent.skeleton.updatePose(deltaTime);
            }
        }
        this.currentGroup = (this.currentGroup + 1) % this.groups.length;
    }
}
