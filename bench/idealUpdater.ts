/**
 * The ideal the plugin is measured against: each frame, pose exactly the instances whose
 * setup-pose bounds touch the camera view, and nothing else (no time kept off screen, no events,
 * no margin). A lower bound on posing work, not a usable policy.
 */
import * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { TestGame } from '../test/harness/game';

export class IdealUpdater {
    private readonly instances: SpineGameObject[] = [];

    constructor(private readonly t: TestGame) {
        t.scene.sys.events.on(Phaser.Scenes.Events.UPDATE, this.update, this);
    }

    add(go: SpineGameObject): void {
        this.t.scene.sys.updateList.remove(go as never);
        this.instances.push(go);
    }

    private update(_time: number, delta: number): void {
        const cam = this.t.scene.cameras.main;
        const minX = cam.scrollX;
        const minY = cam.scrollY;
        const maxX = minX + cam.width / cam.zoom;
        const maxY = minY + cam.height / cam.zoom;
        for (const go of this.instances) {
            const left = go.x - go.displayOriginX;
            const top = go.y - go.displayOriginY;
            if (left + go.width >= minX && left <= maxX && top + go.height >= minY && top <= maxY) go.updatePose(delta);
        }
    }
}
