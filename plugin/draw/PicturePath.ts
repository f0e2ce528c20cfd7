/**
 * The picture path: an instance whose samples' picture is what the runtime would draw (Element's
 * `pictured`), copied into spine-webgl's batch on the CPU (picture.ts), positions interpolated as its
 * bones were and moved by its matrix, colours tinted by its skeleton's colour (tint.ts).
 */
import type { SampleVertices } from '../../spine/SampleVertices';
import type { PooledInstance } from '../PooledInstance';
import type { DrawPath } from './DrawPath';
import type { Element } from './Element';
import type { Miss } from './paths';
import { copyPicture } from './picture';
import type { SceneRenderer } from './shapes';

export class PicturePath implements DrawPath {
    readonly name = 'picture';
    readonly batched = true;

    whyNot(element: Element): Miss {
        return element.pictured;
    }

    draw(e: Element): void {
        const weight = (e.instance as PooledInstance).served.weight;
        copyPicture((e.sceneRenderer as SceneRenderer).batcher, e, e.va as SampleVertices, e.vb as SampleVertices, weight);
    }

    flush(): void {}

    dispose(): void {}
}
