/**
 * How far from each bone what it carries reaches: for a bone, the distance (in its own unscaled
 * space) of the farthest point it moves, whether drawn (a region's corner, a mesh vertex it weights,
 * deform offsets included), the tip of the bone itself, or a clipping polygon's vertex. Animation
 * compression measures error on such "virtual vertices" (ACL): a bone's world transform served off
 * by a translation `dt` and a linear part `dA` moves a point at distance r by at most
 * `|dt| + r·‖dA‖`, so bounding that bounds every vertex the bone draws.
 */
import type { Animation, Skeleton, Skin } from './core/shapes';

interface AttachmentShape {
    /** Region: its placement on the bone. */
    x?: number;
    y?: number;
    width?: number;
    height?: number;
    scaleX?: number;
    scaleY?: number;
    /** Vertex attachments (mesh, clipping, path, bounding box): bone indices (weighted) and vertices. */
    bones?: ArrayLike<number> | null;
    vertices?: ArrayLike<number>;
}

/**
 * Each bone's reach, by bone index: the farthest point it carries with `skin` (and the default
 * skin) or its own length, growing by the largest deform offset `animation` keys on a vertex
 * attachment it moves.
 */
export function virtualVertexRadii(scratch: Skeleton, skin: Skin | null, animation: Animation): Float32Array {
    const bones = scratch.bones;
    const slots = scratch.slots;
    const radii = new Float32Array(bones.length);
    for (let i = 0; i < bones.length; i++) radii[i] = Math.abs(bones[i].data.length);
    const deformBySlot = deformReach(animation, slots.length);
    const reach = (bone: number, r: number) => {
        if (r > radii[bone]) radii[bone] = r;
    };
    const skins = [scratch.data.defaultSkin, skin];
    for (const s of skins) {
        if (s === null || typeof s.getAttachments !== 'function') continue;
        for (const { slotIndex, attachment } of s.getAttachments()) {
            const a = attachment as AttachmentShape;
            const bone = slots[slotIndex].data.boneData.index;
            const grow = deformBySlot[slotIndex];
            const vertices = a.vertices;
            if (vertices !== undefined && vertices.length > 0) {
                const weighted = a.bones !== null && a.bones !== undefined && a.bones.length > 0;
                if (!weighted) {
                    for (let v = 0; v + 1 < vertices.length; v += 2) reach(bone, Math.hypot(vertices[v], vertices[v + 1]) + grow);
                } else {
                    // count, then (bone index, x, y, weight) per bone, for each vertex.
                    for (let v = 0; v < vertices.length;) {
                        const count = vertices[v++];
                        for (let end = v + count * 4; v < end; v += 4) reach(vertices[v], Math.hypot(vertices[v + 1], vertices[v + 2]) + grow);
                    }
                }
            } else if (a.width !== undefined && a.height !== undefined) {
                const x = a.x ?? 0;
                const y = a.y ?? 0;
                const half = Math.hypot(a.width * (a.scaleX ?? 1), a.height * (a.scaleY ?? 1)) / 2;
                reach(bone, Math.hypot(x, y) + half);
            } else if (a.x !== undefined && a.y !== undefined) {
                reach(bone, Math.hypot(a.x, a.y)); // a point
            }
        }
    }
    return radii;
}

/** The largest vertex offset each slot's deform keys set in `animation` (0: none). */
function deformReach(animation: Animation, slotCount: number): Float32Array {
    const out = new Float32Array(slotCount);
    for (const timeline of animation.timelines) {
        const slot = timeline.slotIndex;
        const frames = timeline.vertices;
        if (typeof slot !== 'number' || !Array.isArray(frames)) continue;
        for (const v of frames) {
            if (!v) continue;
            for (let i = 0; i + 1 < v.length; i += 2) out[slot] = Math.max(out[slot], Math.hypot(v[i], v[i + 1]));
        }
    }
    return out;
}
