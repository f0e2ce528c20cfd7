/**
 * The GPU path: an instance whose picture is made (its pages among the first the context binds in
 * one draw: 8 where it can) drawn by the GPU crowd (gpuCrowd.ts) from its samples' copies in the atlas (sampleAtlas.ts), when the
 * `gpuDraw` option and the context allow. The crowd is made at the path's first use on a context
 * (and again after a restore), built and probed before it is trusted; why the context cannot draw
 * it is kept (`unavailable`) until the context changes.
 */
import type { DrawLayout, Picture, SampleVertices } from '../../spine/SampleVertices';
import type { PooledInstance } from '../PooledInstance';
import type { DrawPath, PathHost } from './DrawPath';
import type { Element } from './Element';
import { makeCrowd, type CrowdHost, type GpuCrowd, type GpuUnavailable } from './gpuCrowd';
import { MISSES, TAKEN, UNAVAILABLE, type Miss } from './paths';
import { AtlasCopy, texelsOf, type SampleAtlas } from './sampleAtlas';
import type { SceneRenderer } from './shapes';

/** What is read of spine-webgl's SceneRenderer to draw beside it: its GL context. */
interface SpineGl {
    context?: { gl?: WebGLRenderingContext };
}

export class GpuPath implements DrawPath {
    readonly name = 'gpu';
    readonly batched = true;
    /** The crowd on the context, once made. */
    private crowd: GpuCrowd | null = null;
    /** Why the context cannot draw the crowd, once known (null: it can, or it was not asked yet). */
    unavailable: GpuUnavailable | null = null;
    /** The copies `whyNot` found for the instance it took. */
    private copyA: AtlasCopy | null = null;
    private copyB: AtlasCopy | null = null;

    constructor(
        private readonly host: PathHost & CrowdHost,
        private readonly atlas: SampleAtlas,
    ) {}

    whyNot(e: Element): Miss {
        if (e.pictured !== TAKEN) return e.pictured;
        const instance = e.instance as PooledInstance;
        if (!instance.host.gpuDraw) return UNAVAILABLE;
        const a = e.va as SampleVertices;
        const b = e.vb as SampleVertices;
        const picture = a.picture as Picture;
        const crowd = this.crowdFor(e);
        if (crowd === null) return UNAVAILABLE;
        if (picture.lastPage >= crowd.maxPages) return MISSES.picture;
        this.host.hookBatch(e.sceneRenderer as SceneRenderer);
        const copyA = this.copyOf(crowd, instance, picture);
        const copyB = b === a ? copyA : this.copyOf(crowd, instance, b.picture as Picture);
        if (copyA === null || copyB === null) return MISSES.memory;
        this.copyA = copyA;
        this.copyB = copyB;
        return TAKEN;
    }

    draw(e: Element): void {
        const picture = (e.va as SampleVertices).picture as Picture;
        const weight = (e.instance as PooledInstance).served.weight;
        (this.crowd as GpuCrowd).add(picture, this.copyA as AtlasCopy, this.copyB as AtlasCopy, e, weight);
    }

    flush(): void {
        if (this.crowd !== null && this.crowd.waiting > 0) this.crowd.flush();
    }

    /** Between frames: the atlas makes room for what it refused (no record waits now). */
    tidy(): void {
        this.flush();
        this.atlas.tidy();
    }

    dispose(lost: boolean): void {
        this.crowd?.dispose(lost);
        this.crowd = null;
        this.unavailable = null; // asked again of the next context
        this.copyA = this.copyB = null;
        this.atlas.detach(lost);
    }

    /** The crowd drawing beside `e`'s batch: made at the first call on a context; null when the context cannot (or is lost). */
    crowdFor(e: Element): GpuCrowd | null {
        if (this.crowd !== null) return this.crowd;
        if (this.unavailable !== null || this.host.lost) return null;
        const gl = (e.sceneRenderer as SceneRenderer & SpineGl).context?.gl;
        if (gl === undefined) {
            this.unavailable = 'no-webgl';
            return null;
        }
        this.host.hookBatch(e.sceneRenderer as SceneRenderer);
        const made = makeCrowd(gl, this.atlas, this.host, (e.instance as PooledInstance).settings.options.dev, (e.layout as DrawLayout).flipV);
        if (made === 'context-lost') return null; // its event is on its way: asked again once restored
        if (typeof made === 'string') {
            this.unavailable = made;
            return null;
        }
        this.crowd = made;
        return made;
    }

    /** `picture`'s copy in the atlas, uploaded now within the pose cache's memory bound; null when it does not fit. */
    copyOf(crowd: GpuCrowd, instance: PooledInstance, picture: Picture): AtlasCopy | null {
        const held = picture.gpu;
        if (held instanceof AtlasCopy && held.in(this.atlas)) return held;
        // Making room may drop clips whose pictures records waiting were drawn from: those are drawn first.
        if (crowd.waiting > 0) crowd.flush();
        if (held !== null) {
            // A copy in an atlas given up (another owner's): its bytes are counted again below.
            const bytes = held.bytes;
            held.free();
            picture.gpu = null;
            instance.host.poseCache.unholdGpu(instance.served, bytes);
        }
        const bytes = texelsOf(picture) * 16;
        const cache = instance.host.poseCache;
        if (!cache.holdGpu(instance.served, bytes)) return null;
        const copy = this.atlas.add(picture);
        if (copy === null) cache.unholdGpu(instance.served, bytes);
        picture.gpu = copy;
        return copy;
    }
}
