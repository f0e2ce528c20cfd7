/**
 * The slots path: Spine 4.2 drawn slot by slot, as spine-webgl's SkeletonRenderer draws: a slot
 * that shows what the samples show from their vertices, any other computed from the instance's own
 * skeleton as spine-core computes it (so an instance posed in full is stock's to the float). The
 * 4.3 runtimes draw what the picture does not cover themselves.
 */
import { bonesNow } from '../../spine/bonesWhenRead';
import { LIVE, QUAD_TRIANGLES, STILL, vertexColors, writeVertices, type DrawLayout } from '../../spine/SampleVertices';
import type { DrawnAttachment, Slot } from '../../spine/core/shapes';
import type { PooledInstance } from '../PooledInstance';
import type { DrawPath } from './DrawPath';
import type { Element } from './Element';
import { MISSES, TAKEN, UNAVAILABLE, type Miss } from './paths';
import { transform } from './picture';
import type { SceneRenderer } from './shapes';

export class SlotsPath implements DrawPath {
    readonly name = 'slots';
    readonly batched = true;
    /** Scratch of the slot's vertex colours being drawn (vertexColors). */
    private readonly slotColors = new Float64Array(8);
    /** Scratch of the slot being computed from its own skeleton (drawing does not nest). */
    private live = new Float32Array(2048);

    whyNot(e: Element): Miss {
        const pictured = e.pictured;
        if (pictured === UNAVAILABLE || pictured === MISSES.renderer || pictured === MISSES.clipping) return pictured;
        return (e.instance as PooledInstance).version.v43 ? UNAVAILABLE : TAKEN;
    }

    /**
     * Draws the instance slot by slot, as spine-webgl's SkeletonRenderer: each slot's vertices from
     * the samples (`va`, `vb`) when the slot shows what they show, else computed from its skeleton.
     */
    draw(e: Element): void {
        const instance = e.instance as PooledInstance;
        bonesNow(instance); // a slot the samples do not draw is drawn from its bones
        const skeleton = instance.skeleton;
        const version = instance.version;
        const layout = e.layout as DrawLayout;
        const va = e.va;
        const vb = e.vb;
        const weight = instance.served.weight;
        const { a, b, c, d, tx, ty } = e;
        const slotColors = this.slotColors;
        const batcher = (e.sceneRenderer as SceneRenderer).batcher;
        const size = layout.size;
        const pma = layout.pma;
        const skeletonColor = skeleton.color;
        const order = skeleton.drawOrder as Slot[];
        let blendMode = -1;
        for (let i = 0, n = order.length; i < n; i++) {
            const slot = order[i];
            if (!slot.bone.active) continue;
            const attachment = slot.attachment as DrawnAttachment | null;
            const floats = version.drawnFloats(attachment);
            if (floats === 0) continue;
            const drawn = attachment as DrawnAttachment;
            const index = slot.data.index;
            // Its vertices: the samples', interpolated as the bones were, or its own skeleton's.
            let xy: Float32Array;
            let xyb: Float32Array;
            let xa = 0;
            let xb = 0;
            if (
                va !== null &&
                vb !== null &&
                va.at[index] !== LIVE &&
                va.frames[index] === STILL && // a sequence's region and UVs are set where its vertices are computed
                va.attachments[index] === attachment &&
                vb.attachments[index] === attachment &&
                va.deform[index] === slot.deform.length &&
                vb.deform[index] === slot.deform.length
            ) {
                xy = va.xy;
                xyb = vb.xy;
                xa = va.at[index];
                xb = vb.at[index];
            } else {
                if (this.live.length < floats) this.live = new Float32Array(floats * 2);
                version.worldVertices(skeleton, slot, drawn, floats, this.live, 0); // a sequence sets its region here, as stock's
                xy = xyb = this.live;
            }
            const texture = drawn.region === null ? null : drawn.region.texture;
            if (!texture) continue;
            const slotBlend = slot.data.blendMode;
            vertexColors(skeletonColor, slot.color, slot.darkColor, drawn.color, slotBlend, layout, slotColors);
            if (slotBlend !== blendMode) {
                blendMode = slotBlend;
                batcher.setBlendMode(blendMode, pma);
            }
            const triangles = drawn.triangles ?? QUAD_TRIANGLES;
            const count = floats >> 1;
            const mesh = batcher.mesh;
            const verts = mesh.getVertices();
            const indices = mesh.getIndices();
            if (texture !== batcher.lastTexture) {
                batcher.flush();
                batcher.lastTexture = texture;
            } else if (batcher.verticesLength + count * size > verts.length || batcher.indicesLength + triangles.length > indices.length) {
                batcher.flush();
            }
            const first = mesh.numVertices();
            const start = batcher.verticesLength;
            const o = start + count * size;
            writeVertices(verts, start, size, count, xy, xa, xyb, xb, weight, slotColors, drawn.uvs);
            transform(verts, start, o, size, a, b, c, d, tx, ty);
            batcher.verticesLength = o;
            mesh.setVerticesLength(o);
            let at = batcher.indicesLength;
            for (let k = 0; k < triangles.length; k++) indices[at++] = triangles[k] + first;
            batcher.indicesLength = at;
            mesh.setIndicesLength(at);
        }
    }

    flush(): void {}

    dispose(): void {}
}
