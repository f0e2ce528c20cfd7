/**
 * The picture path: an instance whose samples' picture is what the runtime would draw (Element's
 * `pictured`), copied into spine-webgl's batch on the CPU (picture.ts), positions interpolated as its
 * bones were and moved by its matrix, colours tinted by its skeleton's colour (tint.ts).
 */
import type { DrawLayout, Picture, SampleVertices } from '../../spine/SampleVertices';
import type { PooledInstance } from '../PooledInstance';
import type { DrawPath } from './DrawPath';
import type { Element } from './Element';
import { MISSES, TAKEN, type Miss } from './paths';
import { copyPicture, fitsBatch } from './picture';
import type { SceneRenderer } from './shapes';

export class PicturePath implements DrawPath {
    readonly name = 'picture';
    readonly batched = true;

    /**
     * Pictured, and every run fits in the batch (a larger one is drawn another way, never dropped; the
     * GPU path has no such bound). Not for spine-phaser-v4's default renderer: spine-webgl's batch
     * does not colour as Phaser's meshes do (only the GPU path draws that look).
     */
    whyNot(element: Element): Miss {
        const pictured = element.pictured;
        if (pictured !== TAKEN) return pictured;
        if ((element.layout as DrawLayout).mesh2d) return MISSES.renderer;
        return fitsBatch((element.sceneRenderer as SceneRenderer).batcher, (element.va as SampleVertices).picture as Picture) ? TAKEN : MISSES.picture;
    }

    draw(e: Element): void {
        const weight = (e.instance as PooledInstance).served.weight;
        copyPicture((e.sceneRenderer as SceneRenderer).batcher, e, e.va as SampleVertices, e.vb as SampleVertices, weight);
    }

    flush(): void {}

    dispose(): void {}
}
