/**
 * Spine 4.3 JSON from the generator's Spine 4.2 JSON. 4.3 changed the format of what the generator
 * writes in three places; everything else (bones, slots, region and mesh attachments, events and
 * every animation timeline) is read the same way by both runtimes:
 *
 * - constraints: 4.2's `ik` and `transform` lists, each entry with an `order`, become one
 *   `constraints` list of typed entries in update order (4.3 updates them in list order and ignores
 *   the old keys, so a 4.2 file loses its IK there without a word);
 * - transform constraints: `target` is now `source`, and what they copy is spelled out as
 *   `properties` (from property → to property) instead of being implied by the non-zero mixes;
 * - linked meshes: `parent` is now `source`.
 *
 * Only the features the generator uses are converted; anything else throws, so the converter never
 * silently changes a character.
 */

import { hashString } from './random';

type Json = Record<string, unknown>;

/** 4.2's transform constraint mixes, their defaults and the 4.3 property each one drives. */
const TRANSFORM_MIXES: [mix: string, property: string][] = [
    ['mixRotate', 'rotate'],
    ['mixX', 'x'],
    ['mixY', 'y'],
    ['mixScaleX', 'scaleX'],
    ['mixScaleY', 'scaleY'],
    ['mixShearY', 'shearY'],
];
const TRANSFORM_KEYS = new Set(['name', 'order', 'bones', 'target', ...TRANSFORM_MIXES.map(([mix]) => mix)]);
const IK_KEYS = new Set(['name', 'order', 'bones', 'target', 'bendPositive', 'mix', 'softness', 'compress', 'stretch']);

function unsupported(what: string): never {
    throw new Error(`toSpine43: ${what} is not converted (the generator does not use it)`);
}

function ikConstraint(ik: Json): Json {
    for (const key of Object.keys(ik)) if (!IK_KEYS.has(key)) unsupported(`IK constraint key '${key}'`);
    const { order: _order, ...rest } = ik;
    return { type: 'ik', ...rest };
}

function transformConstraint(c: Json): Json {
    for (const key of Object.keys(c)) if (!TRANSFORM_KEYS.has(key)) unsupported(`transform constraint key '${key}'`);
    // 4.2 defaults: every mix 1, mixY = mixX, mixScaleY = mixScaleX.
    const mixes: Record<string, number> = {};
    const value = (key: string, fallback: number): number => (typeof c[key] === 'number' ? (c[key] as number) : fallback);
    mixes.mixRotate = value('mixRotate', 1);
    mixes.mixX = value('mixX', 1);
    mixes.mixY = value('mixY', mixes.mixX);
    mixes.mixScaleX = value('mixScaleX', 1);
    mixes.mixScaleY = value('mixScaleY', mixes.mixScaleX);
    mixes.mixShearY = value('mixShearY', 1);
    const properties: Json = {};
    const out: Json = { type: 'transform', name: c.name, bones: c.bones, source: c.target };
    for (const [mix, property] of TRANSFORM_MIXES) {
        if (mixes[mix] === 0) continue; // nothing of it is copied: no property
        properties[property] = { to: { [property]: {} } };
    }
    out.properties = properties;
    for (const [mix, property] of TRANSFORM_MIXES) if (property in properties) out[mix] = mixes[mix];
    return out;
}

function convertAttachment(attachment: Json): Json {
    if (attachment.type !== 'linkedmesh') return attachment;
    if (attachment.deform !== undefined) unsupported("linked mesh 'deform'");
    const out: Json = {};
    for (const [key, value] of Object.entries(attachment)) out[key === 'parent' ? 'source' : key] = value;
    return out;
}

function convertSkin(skin: Json): Json {
    for (const key of ['bones', 'ik', 'transform', 'path', 'physics']) if (skin[key] !== undefined) unsupported(`skin '${key}'`);
    const attachments = skin.attachments as Record<string, Record<string, Json>>;
    const converted: Record<string, Record<string, Json>> = {};
    for (const [slot, entries] of Object.entries(attachments)) {
        converted[slot] = Object.fromEntries(Object.entries(entries).map(([name, a]) => [name, convertAttachment(a)]));
    }
    return { ...skin, attachments: converted };
}

/** The 4.3 body (everything but the `skeleton` header) of a 4.2 body, key order kept where it can be. */
export function toSpine43Body(body: Json): Json {
    for (const key of ['path', 'physics']) if (body[key] !== undefined) unsupported(`top-level '${key}'`);
    const ik = ((body.ik as Json[] | undefined) ?? []).map((c) => ({ order: (c.order as number) ?? 0, json: ikConstraint(c) }));
    const transform = ((body.transform as Json[] | undefined) ?? []).map((c) => ({ order: (c.order as number) ?? 0, json: transformConstraint(c) }));
    // 4.2 sorts constraints by `order` (ties: IK, then transform, in list order); 4.3 follows the list.
    const constraints = [...ik, ...transform].sort((a, b) => a.order - b.order).map((c) => c.json);
    const out: Json = {};
    for (const [key, value] of Object.entries(body)) {
        if (key === 'ik') out.constraints = constraints;
        else if (key === 'transform') {
            if (!('ik' in body)) out.constraints = constraints;
        } else if (key === 'skins') out.skins = (value as Json[]).map(convertSkin);
        else out[key] = value;
    }
    return out;
}

/**
 * A whole 4.2 skeleton JSON (header and body) as 4.3 JSON: the header says `spine: '4.3.0'` and
 * hashes the converted body. `generateCharacter(spec, '4.3')` is exactly this of its 4.2 output.
 */
export function toSpine43(json: Json): Json {
    const { skeleton, ...body } = json as { skeleton: Json } & Json;
    const version = String(skeleton?.spine ?? '');
    if (!version.startsWith('4.2')) throw new Error(`toSpine43: expected Spine 4.2 JSON, got spine: ${JSON.stringify(skeleton?.spine)}`);
    const data = toSpine43Body(body);
    return { skeleton: { ...skeleton, hash: hashString(JSON.stringify(data)).toString(36), spine: '4.3.0' }, ...data };
}
