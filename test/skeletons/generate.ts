/**
 * Procedural Spine 4.2 characters (or 4.3, see `SpineFormat`) for tests, benchmarks and the demo:
 * skeleton JSON, atlas text and atlas pages painted with plain Canvas 2D. Pure TypeScript with no
 * runtime imports outside this folder, so it runs in Node (tests, asset CLI) and bundles into the
 * browser demo unchanged.
 *
 * Same spec in, byte-identical output out: all variation comes from `seed`.
 */
import { animationJson } from './animate';
import { atlasText, packRegions, paintPage, type RegionRequest } from './atlas';
import { spineColor } from './color';
import { DEFAULT_SKINS, lookFor } from './looks';
import { deformOffsets, regionUvs, weigh, weightedVertices } from './mesh';
import { EVENTS, motions } from './motion';
import { layoutParts, type AttachmentDef } from './parts';
import { createRng, hashString } from './random';
import { buildRig, localTransform, rotate, toBoneSpace, type Detail, type Features } from './rig';
import { toSpine43 } from './spine43';

/**
 * The JSON format to write: '4.2' for spine-phaser (Phaser 3), '4.3' for spine-phaser-v4 and
 * spine-phaser-v3. The same character either way; 4.2 output does not depend on this option.
 */
export type SpineFormat = '4.2' | '4.3';

export interface CharacterSpec {
    /** Skeleton name; also names the atlas pages (`${name}.png`, `${name}_2.png`, ...). */
    name: string;
    /** Size class: `tiny` (~10 bones), `crowd` (~25 bones), `hero` (60+ bones, meshes, more constraints). */
    detail: Detail;
    /** Skins to generate; defaults to knight, goblin and mage. Unknown names get a derived palette. */
    skins?: string[];
    /** Deterministic variation of proportions and palettes; defaults to a hash of the name. */
    seed?: number;
    /**
     * Overrides of the size class's features, to scale a rig up or down: e.g.
     * `{ hairSegments: 20, capeSegments: 12 }` adds bones to the hair and cape chains (and their
     * meshes and animations follow).
     */
    features?: Partial<Features>;
}

export interface AtlasPage {
    name: string;
    width: number;
    height: number;
    /** Draws the whole page (all regions) onto a transparent canvas of `width`×`height`. */
    paint(ctx: CanvasRenderingContext2D): void;
}

export interface GeneratedSkeleton {
    name: string;
    json: Record<string, unknown>;
    atlas: string;
    pages: AtlasPage[];
    stats: {
        bones: number;
        slots: number;
        ik: number;
        transforms: number;
        /** Mesh attachments with their own geometry (skins reuse them as linked meshes). */
        meshes: number;
        animations: string[];
        events: string[];
        /** All skins in the data, `default` first. */
        skins: string[];
    };
}

const round = (v: number, digits = 2): number => {
    const k = 10 ** digits;
    return Math.round(v * k) / k || 0;
};

/** Drops zero/default-valued fields the way the Spine editor does, keeping the JSON compact. */
function compact(map: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(map).filter(([k, v]) => v !== undefined && defaults[k] !== v));
}

export function generateCharacter(spec: CharacterSpec, format: SpineFormat = '4.2'): GeneratedSkeleton {
    const seed = spec.seed ?? hashString(spec.name);
    const rng = createRng(seed);
    const rig = buildRig(spec.detail, rng, spec.features);
    const skinNames = spec.skins?.length ? [...spec.skins] : [...DEFAULT_SKINS];
    if (new Set(skinNames).size !== skinNames.length || skinNames.includes('default')) {
        throw new Error(`skin names must be unique and not "default": ${skinNames.join(', ')}`);
    }
    const looks = skinNames.map((name) => lookFor(name, rng));
    const slots = layoutParts(rig);
    const p = rig.body.p;

    // Regions: shared ones once, the rest once per look, all named `${skin}/${part}`.
    const requests: RegionRequest[] = [];
    const requested = new Set<string>();
    const pathOf = (att: AttachmentDef, look: string): string => (att.region.shared ? att.region.id : `${look}/${att.region.id}`);
    for (const slot of slots) {
        for (const att of slot.attachments) {
            for (const look of att.region.shared ? looks.slice(0, 1) : looks) {
                const name = pathOf(att, look.name);
                if (requested.has(name)) continue;
                requested.add(name);
                requests.push({ name, w: att.region.w, h: att.region.h, paint: (ctx) => att.region.paint(ctx, { look, p }) });
            }
        }
    }
    const packed = packRegions(spec.name, requests);

    // Mesh geometry and weights, computed once and shared by every skin through linked meshes.
    let breath: { slot: string; attachment: string; offsets: number[] } | undefined;
    const meshData = new Map<AttachmentDef, Record<string, unknown>>();
    for (const slot of slots) {
        for (const att of slot.attachments) {
            if (!att.mesh) continue;
            const { geometry, influences } = att.mesh;
            const bones = influences.map((name) => ({ bone: rig.bone(name), index: rig.index(name) }));
            const weights = geometry.points.map((pt) => weigh(pt, bones, 1.5 * p));
            const { cx, cy, w, h } = att.place;
            meshData.set(att, {
                uvs: regionUvs(geometry.points, cx - w / 2, cy + h / 2, w, h),
                triangles: geometry.triangles,
                vertices: weightedVertices(geometry.points, weights),
                hull: geometry.hull,
            });
            if (att.mesh.breathe) breath = { slot: slot.name, attachment: att.name, offsets: deformOffsets(geometry.points, weights, att.mesh.breathe) };
        }
    }

    const attachmentJson = (slotBone: string, att: AttachmentDef, path: string, isDefault: boolean): Record<string, unknown> => {
        const { cx, cy, w, h, rot } = att.place;
        const mesh = meshData.get(att);
        if (mesh) {
            return isDefault
                ? { type: 'mesh', path, ...mesh, width: w, height: h }
                : { type: 'linkedmesh', path, parent: att.name, width: w, height: h };
        }
        const local = toBoneSpace(rig.bone(slotBone), { x: cx, y: cy }, rot);
        return compact({ path, x: round(local.x), y: round(local.y), rotation: round(local.rotation), width: w, height: h }, { x: 0, y: 0, rotation: 0 });
    };
    const skinJson = (name: string, look: string | null): Record<string, unknown> => {
        const attachments: Record<string, Record<string, unknown>> = {};
        for (const slot of slots) {
            for (const att of slot.attachments) {
                // The default skin holds the shared parts plus the first look, so a skeleton renders
                // even before a skin is chosen; named skins hold complete looks, so nothing of the
                // default look leaks through when one is set.
                if (att.region.shared && look !== null) continue;
                const path = pathOf(att, look ?? looks[0]!.name);
                (attachments[slot.name] ??= {})[att.name] = attachmentJson(slot.bone, att, path, look === null);
            }
        }
        return { name, attachments };
    };

    const body = {
        bones: rig.bones.map((bone) => {
            const local = localTransform(rig, bone);
            return compact(
                { name: bone.name, parent: bone.parent ?? undefined, length: round(bone.length), x: round(local.x), y: round(local.y), rotation: round(local.rotation), inherit: bone.inherit },
                { length: 0, x: 0, y: 0, rotation: 0 },
            );
        }),
        slots: slots.map((slot) => compact({ name: slot.name, bone: slot.bone, color: slot.tint ? spineColor(slot.tint) : undefined, attachment: slot.attachment }, {})),
        ik: rig.ik.map((c) => compact({ name: c.name, order: c.order, bones: c.bones, target: c.target, bendPositive: c.bendPositive }, { bendPositive: true })),
        transform: rig.transforms.map((c) => ({
            name: c.name, order: c.order, bones: [c.bone], target: c.target, mixRotate: c.mixRotate, mixX: 0, mixScaleX: 0, mixShearY: 0,
        })),
        skins: [skinJson('default', null), ...looks.map((look) => skinJson(look.name, look.name))],
        events: EVENTS,
        animations: Object.fromEntries(motions(rig.body).map((m) => [m.name, animationJson(rig, m, breath ? { breath } : {})])),
    };

    // Setup-pose bounds from the attachment rectangles.
    const corners = slots.flatMap((slot) =>
        slot.attachments.slice(0, 1).flatMap(({ place }) =>
            [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sx, sy]) => {
                const c = rotate({ x: (sx! * place.w) / 2, y: (sy! * place.h) / 2 }, place.rot);
                return { x: place.cx + c.x, y: place.cy + c.y };
            }),
        ),
    );
    const minX = Math.min(...corners.map((c) => c.x));
    const minY = Math.min(...corners.map((c) => c.y));
    const json42 = {
        skeleton: {
            hash: hashString(JSON.stringify(body)).toString(36),
            spine: '4.2.0',
            x: round(minX),
            y: round(minY),
            width: round(Math.max(...corners.map((c) => c.x)) - minX),
            height: round(Math.max(...corners.map((c) => c.y)) - minY),
            fps: 30,
        },
        ...body,
    };
    const json = format === '4.3' ? toSpine43(json42) : json42;

    return {
        name: spec.name,
        json,
        atlas: atlasText(packed),
        pages: packed.map((page) => ({ name: page.name, width: page.width, height: page.height, paint: (ctx) => paintPage(page, ctx) })),
        stats: {
            bones: rig.bones.length,
            slots: slots.length,
            ik: rig.ik.length,
            transforms: rig.transforms.length,
            meshes: meshData.size,
            animations: Object.keys(body.animations),
            events: Object.keys(EVENTS),
            skins: ['default', ...skinNames],
        },
    };
}
