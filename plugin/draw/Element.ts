/**
 * What is drawn, handed to the draw paths as one object: the instance, the runtime's renderer it is
 * drawn with, what its samples show (read once per draw, whatever path asks) and where it goes (its
 * matrix, render offset and alpha, set once the batch is begun). One per owner of drawing, filled
 * for each instance drawn (drawing does not nest).
 */
import { slotsNow } from '../../spine/bonesWhenRead';
import type { Sample } from '../../spine/ClipSamples';
import { drawLayout, isClipping, MESH2D_LAYOUT, type DrawLayout, type SampleVertices } from '../../spine/SampleVertices';
import type { Skeleton } from '../../spine/core/shapes';
import type { SpineVersion } from '../../spine/core/SpineVersion';
import type { PooledInstance } from '../PooledInstance';
import { MISSES, TAKEN, UNAVAILABLE, type Miss } from './paths';
import { looksPictured, remembersLook } from './picture';
import type { DrawnObject, Matrix, SceneRenderer } from './shapes';
import { mesh2dTintOf, tintOf, type Tint } from './tint';

/** A skeleton data's skins, as the clipping check reads them. */
interface SkinsData {
    skins: { attachments: Map<string, unknown>[] | Record<string, unknown>[] }[];
}

export class Element {
    go: DrawnObject | null = null;
    instance: PooledInstance | null = null;
    /** The runtime's spine-webgl renderer (null: none, the runtime draws it). */
    sceneRenderer: SceneRenderer | null = null;
    /** The layout the runtime draws it in. */
    layout: DrawLayout | null = null;
    /** The samples around its pose, laid out for `layout`, when its pose is theirs. */
    va: SampleVertices | null = null;
    vb: SampleVertices | null = null;
    /** Whether its samples' picture is what the runtime would draw: `TAKEN`, or why not. */
    pictured: Miss = UNAVAILABLE;
    /** The first reason a path gave (what `stats().gpu.missed` counts). */
    missed: Miss = TAKEN;
    /** Its world-to-camera matrix, render offset and tint (set before any path is asked: `Drawing.choose`). */
    a = 1;
    b = 0;
    c = 0;
    d = 1;
    tx = 0;
    ty = 0;
    ox = 0;
    oy = 0;
    /** What its picture's colours are multiplied by: its skeleton's colour and the object's alpha (tint.ts). */
    readonly tint: Tint = { r: 1, g: 1, b: 1, a: 1, dark: 1 };
    /** Per SkeletonData: whether any of its skins has a clipping attachment (a skeleton showing one is drawn by the runtime). */
    private readonly clipsByData = new WeakMap<object, boolean>();
    /** The last data `dataClips` answered for (a crowd is mostly one skeleton: no map lookup per instance). */
    private lastData: object | null = null;
    private lastClips = false;

    /**
     * Reads what is known of `instance` before any path is asked: its samples and whether their
     * picture shows what the runtime would draw (`pictured`). `spineWebgl`: drawn with a spine-webgl
     * batch (Phaser 3; Phaser 4's `'spine-webgl'` renderer); else `mesh2d`: by spine-phaser-v4's
     * default renderer, as its Mesh2D slot meshes draw it (false: by what only that renderer does,
     * left to it); `flipV`: its UVs flipped (Phaser 4's textures).
     */
    read(go: DrawnObject, instance: PooledInstance, sceneRenderer: SceneRenderer | null, spineWebgl: boolean, flipV: boolean, mesh2d = false): void {
        this.go = go;
        this.instance = instance;
        this.sceneRenderer = sceneRenderer;
        this.missed = TAKEN;
        this.va = this.vb = null;
        this.layout = null;
        if (sceneRenderer === null) {
            this.pictured = UNAVAILABLE;
            return;
        }
        const version = instance.version;
        if (spineWebgl ? flipV && !version.v43 : !(mesh2d && flipV && version.v43)) {
            this.pictured = MISSES.renderer;
            return;
        }
        const skeleton = instance.skeleton;
        const skeletonRenderer = sceneRenderer.skeletonRenderer as { twoColorTint: boolean; pmaAdditiveBatching?: boolean };
        const layout = spineWebgl
            ? drawLayout(go.premultipliedAlpha, skeletonRenderer.twoColorTint, version.v43, skeletonRenderer.pmaAdditiveBatching === true, flipV)
            : MESH2D_LAYOUT;
        this.layout = layout;
        this.samplesOf(skeleton, instance, layout);
        if (this.clipsNow(skeleton, instance, version)) this.pictured = MISSES.clipping;
        else this.pictured = this.pictureMiss(skeleton, instance, layout, version);
    }

    /**
     * Where it goes and how it is tinted: `m` (its calc matrix), its render offset, its skeleton's
     * colour read now (a tint set between two frames is drawn in the next) and its colours times
     * `alpha`. Mesh2D: its flips too (that renderer scales its slot meshes by them; spine-webgl's
     * does not flip).
     */
    place(m: Matrix, alpha: number): void {
        const go = this.go as DrawnObject;
        const layout = this.layout;
        const color = (this.instance as PooledInstance).skeleton.color;
        let fx = 1;
        let fy = 1;
        if (layout !== null && layout.mesh2d) {
            if (go.flipX === true) fx = -1;
            if (go.flipY === true) fy = -1;
            mesh2dTintOf(this.tint, color, alpha);
        } else tintOf(this.tint, color, layout !== null && layout.pma, alpha);
        this.a = m.a * fx;
        this.b = m.b * fx;
        this.c = m.c * fy;
        this.d = m.d * fy;
        this.tx = m.tx;
        this.ty = m.ty;
        this.ox = go.renderOffsetX ?? 0;
        this.oy = go.renderOffsetY ?? 0;
    }

    /** Lets go of the last instance drawn (its owner is disposed). */
    clear(): void {
        this.go = this.instance = this.sceneRenderer = null;
        this.va = this.vb = null;
        this.layout = null;
        this.lastData = null;
    }

    /**
     * Sets `va`/`vb` to the samples around `instance`'s pose, laid out for `layout`, when its pose is
     * theirs: a pose cache copy not posed again since (an `updateWorldTransform` of its skeleton, by
     * the pool or the game, ends it: see PooledGameObject); else to null.
     */
    private samplesOf(skeleton: Skeleton, instance: PooledInstance, layout: DrawLayout): void {
        const served = instance.served;
        const cache = instance.host.poseCache;
        if (!instance.poseCached || !cache.sameSkin(skeleton, served)) return;
        const va = cache.drawnOf(served, served.a as Sample, layout);
        const vb = served.b === served.a ? va : cache.drawnOf(served, served.b as Sample, layout);
        if (va === null || vb === null) return;
        this.va = va;
        this.vb = vb;
    }

    /** Whether `instance` shows a clipping attachment now (not asked again while its look is remembered). */
    private clipsNow(skeleton: Skeleton, instance: PooledInstance, version: SpineVersion): boolean {
        if (!this.dataClips(skeleton.data) || remembersLook(instance, instance.served.clip, this.va, this.vb)) return false;
        slotsNow(instance); // the look its last served pose left owed (spine/bonesWhenRead.ts)
        return showsClipping(skeleton, version);
    }

    private dataClips(data: SkinsData): boolean {
        if (data === this.lastData) return this.lastClips;
        let clips = this.clipsByData.get(data);
        if (clips === undefined) {
            clips = false;
            for (const skin of data.skins) {
                for (const slotAttachments of skin.attachments) {
                    if (!slotAttachments) continue;
                    const values = slotAttachments instanceof Map ? slotAttachments.values() : Object.values(slotAttachments);
                    for (const attachment of values) if (isClipping(attachment)) clips = true;
                }
            }
            this.clipsByData.set(data, clips);
        }
        this.lastData = data;
        this.lastClips = clips;
        return clips;
    }

    /** Whether it is drawn from its samples' picture (`va`, `vb`): `TAKEN`, or why not. */
    private pictureMiss(skeleton: Skeleton, instance: PooledInstance, layout: DrawLayout, version: SpineVersion): Miss {
        const va = this.va;
        const vb = this.vb;
        if (va === null || vb === null) return MISSES.pose;
        // No picture of its samples to draw from is not a look the game changed.
        const p = va.picture;
        const q = vb.picture;
        if (p === null || q === null || p.layout !== layout || q.layout !== layout || q.vertices.length !== p.vertices.length) return MISSES.picture;
        return looksPictured(skeleton, instance, instance.served.clip, va, vb, layout, version) ? TAKEN : MISSES.look;
    }
}

/** Whether a slot of `skeleton` shows a clipping attachment now. */
function showsClipping(skeleton: Skeleton, version: SpineVersion): boolean {
    const slots = skeleton.slots;
    for (let i = 0; i < slots.length; i++) if (isClipping(version.slotShown(slots[i]).attachment)) return true;
    return false;
}
