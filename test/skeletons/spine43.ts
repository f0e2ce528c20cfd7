/**
 * Spine 4.3 JSON from our Spine 4.2 JSON (the generator's characters and the fidelity corpus). 4.3
 * changed the format of what we write in these places; everything else (bones, slots, skins, region
 * attachments with or without a `sequence` of frames, mesh, path and clipping attachments, events, and
 * the other animation timelines, sequence keys included) is read the same way by both runtimes
 * (spine-core 4.2.76 and 4.3.13; 4.3 adds a clipping attachment's `convex` and `inverse`, both false
 * when absent, which is what 4.2 does):
 *
 * - constraints: 4.2's `ik`, `transform`, `path` and `physics` lists, each entry with an `order`,
 *   become one `constraints` list of typed entries in update order (4.3 updates them in list order
 *   and ignores the old keys, so a 4.2 file loses its constraints there without a word);
 * - transform constraints: `target` is now `source`, and what they copy is spelled out as
 *   `properties` (from property → to property) instead of being implied by the non-zero mixes (of
 *   the setup pose or of any animation key: a property 4.3 does not list is never copied);
 * - path constraints: `target` (the slot holding the path) is now `slot`;
 * - physics constraints: the defaults of `inertia` (4.2: 1, 4.3: 0.5) and `damping` (4.2: 1,
 *   4.3: 0.85) changed, so they are written out;
 * - linked meshes: `parent` is now `source`;
 * - animation keys whose default changed: a transform constraint key's `mixScaleY` (4.2: its
 *   `mixScaleX`, 4.3: 1) and a physics `mix` key's `value` (4.2: 0, 4.3: 1) are written out.
 *
 * Only the features we use are converted; anything else throws, so the converter never silently
 * changes a character. That includes what 4.2.76 itself reads in a way the data does not say
 * (constraint orders other than 0..n-1, transform keys that change `mixShearY`) and what 4.3
 * rejects where 4.2 ignores it (unknown slot or bone timeline names).
 */

import { hashString } from './random';

type Json = Record<string, unknown>;

/** 4.2's transform constraint mixes and the 4.3 property each one drives. */
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
const PATH_KEYS = new Set(['name', 'order', 'bones', 'target', 'positionMode', 'spacingMode', 'rotateMode', 'rotation', 'position', 'spacing', 'mixRotate', 'mixX', 'mixY']);
const PHYSICS_PROPERTIES = ['inertia', 'strength', 'damping', 'mass', 'wind', 'gravity', 'mix'];
const PHYSICS_KEYS = new Set([
    'name', 'order', 'bone', 'x', 'y', 'rotate', 'scaleX', 'shearX', 'limit', 'fps',
    ...PHYSICS_PROPERTIES, ...PHYSICS_PROPERTIES.map((p) => `${p}Global`),
]);
/** 4.2 defaults of physics settings whose 4.3 default differs. */
const PHYSICS_42_DEFAULTS: Record<string, number> = { inertia: 1, damping: 1 };
const CONSTRAINT_LISTS = ['ik', 'transform', 'path', 'physics'] as const;
const BODY_KEYS = new Set(['bones', 'slots', ...CONSTRAINT_LISTS, 'skins', 'events', 'animations']);
const ATTACHMENT_TYPES = new Set(['region', 'mesh', 'linkedmesh', 'path', 'clipping']);
/** Attachment types that may show a sequence of regions. */
const SEQUENCE_TYPES = new Set(['region', 'mesh']);
const SEQUENCE_KEYS = new Set(['count', 'start', 'digits', 'setup']);
const ATTACHMENT_TIMELINES = new Set(['deform', 'sequence']);

const ANIMATION_KEYS = new Set(['slots', 'bones', 'ik', 'transform', 'path', 'physics', 'attachments', 'drawOrder', 'events']);
const SLOT_TIMELINES = new Set(['attachment', 'rgba', 'rgb', 'alpha', 'rgba2', 'rgb2']);
const BONE_TIMELINES = new Set(['rotate', 'translate', 'translatex', 'translatey', 'scale', 'scalex', 'scaley', 'shear', 'shearx', 'sheary', 'inherit']);
const PATH_TIMELINES = new Set(['position', 'spacing', 'mix']);
const PHYSICS_TIMELINES = new Set(['reset', ...PHYSICS_PROPERTIES]);

function unsupported(what: string): never {
    throw new Error(`toSpine43: ${what} is not converted`);
}

function checkKeys(what: string, entry: Json, allowed: Set<string>): void {
    for (const key of Object.keys(entry)) if (!allowed.has(key)) unsupported(`${what} key '${key}'`);
}

function ikConstraint(ik: Json): Json {
    checkKeys('IK constraint', ik, IK_KEYS);
    const { order: _order, ...rest } = ik;
    return { type: 'ik', ...rest };
}

/** A 4.2 transform constraint's (or key's) six mixes, with 4.2's defaults filled in. */
function transformMixes(c: Json): Record<string, number> {
    const value = (key: string, fallback: number): number => (typeof c[key] === 'number' ? (c[key] as number) : fallback);
    const mixes: Record<string, number> = {};
    mixes.mixRotate = value('mixRotate', 1);
    mixes.mixX = value('mixX', 1);
    mixes.mixY = value('mixY', mixes.mixX);
    mixes.mixScaleX = value('mixScaleX', 1);
    mixes.mixScaleY = value('mixScaleY', mixes.mixScaleX);
    mixes.mixShearY = value('mixShearY', 1);
    return mixes;
}

/** `keyed`: the mixes that some animation key of this constraint sets to non-zero. */
function transformConstraint(c: Json, keyed: Set<string>): Json {
    checkKeys('transform constraint', c, TRANSFORM_KEYS);
    const mixes = transformMixes(c);
    const properties: Json = {};
    const out: Json = { type: 'transform', name: c.name, bones: c.bones, source: c.target };
    for (const [mix, property] of TRANSFORM_MIXES) {
        if (mixes[mix] === 0 && !keyed.has(mix)) continue; // nothing of it is ever copied: no property
        properties[property] = { to: { [property]: {} } };
    }
    out.properties = properties;
    for (const [mix, property] of TRANSFORM_MIXES) if (property in properties) out[mix] = mixes[mix];
    return out;
}

function pathConstraint(c: Json): Json {
    checkKeys('path constraint', c, PATH_KEYS);
    const out: Json = { type: 'path' };
    for (const [key, value] of Object.entries(c)) {
        if (key === 'order') continue;
        out[key === 'target' ? 'slot' : key] = value;
    }
    return out;
}

function physicsConstraint(c: Json): Json {
    checkKeys('physics constraint', c, PHYSICS_KEYS);
    const { order: _order, ...rest } = c;
    const out: Json = { type: 'physics', ...rest };
    for (const [key, value] of Object.entries(PHYSICS_42_DEFAULTS)) if (out[key] === undefined) out[key] = value;
    return out;
}

function convertAttachment(attachment: Json): Json {
    const type = (attachment.type as string | undefined) ?? 'region';
    if (!ATTACHMENT_TYPES.has(type)) unsupported(`attachment type '${type}'`);
    if (attachment.sequence !== undefined) {
        if (!SEQUENCE_TYPES.has(type)) unsupported(`a sequence on a ${type} attachment`);
        checkKeys('attachment sequence', attachment.sequence as Json, SEQUENCE_KEYS);
    }
    if (type !== 'linkedmesh') return attachment;
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

/** Transform constraint keys: 4.3 reads a missing `mixScaleY` as 1, 4.2 as the key's `mixScaleX`. */
function transformKeys(constraint: string, keys: Json[]): Json[] {
    const shearY = keys.map((k) => transformMixes(k).mixShearY);
    // 4.2.76 keeps the first key's mixShearY for every key (its parser never advances it).
    if (shearY.some((v) => v !== shearY[0])) unsupported(`transform constraint '${constraint}' keys that change mixShearY`);
    return keys.map((k) => (k.mixScaleY === undefined && k.mixScaleX !== undefined ? { ...k, mixScaleY: k.mixScaleX } : k));
}

function checkTimelines(what: string, map: Record<string, Json> | undefined, allowed: Set<string>): void {
    for (const [target, timelines] of Object.entries(map ?? {})) {
        for (const name of Object.keys(timelines)) if (!allowed.has(name)) unsupported(`${what} timeline '${name}' (of '${target}')`);
    }
}

function convertAnimation(name: string, animation: Json): Json {
    checkKeys(`animation '${name}'`, animation, ANIMATION_KEYS);
    checkTimelines('slot', animation.slots as Record<string, Json> | undefined, SLOT_TIMELINES);
    checkTimelines('bone', animation.bones as Record<string, Json> | undefined, BONE_TIMELINES);
    checkTimelines('path constraint', animation.path as Record<string, Json> | undefined, PATH_TIMELINES);
    checkTimelines('physics constraint', animation.physics as Record<string, Json> | undefined, PHYSICS_TIMELINES);
    for (const skin of Object.values((animation.attachments ?? {}) as Record<string, Record<string, Record<string, Json>>>)) {
        for (const slot of Object.values(skin)) checkTimelines('attachment', slot, ATTACHMENT_TIMELINES);
    }
    const out: Json = {};
    for (const [key, value] of Object.entries(animation)) {
        if (key === 'transform') {
            out.transform = Object.fromEntries(Object.entries(value as Record<string, Json[]>).map(([c, keys]) => [c, transformKeys(c, keys)]));
        } else if (key === 'physics') {
            out.physics = Object.fromEntries(
                Object.entries(value as Record<string, Record<string, Json[]>>).map(([c, timelines]) => [
                    c,
                    Object.fromEntries(
                        Object.entries(timelines).map(([timeline, keys]) => [
                            timeline,
                            // A physics mix key without a value is 0 in 4.2 and 1 in 4.3.
                            timeline === 'mix' ? keys.map((k) => (k.value === undefined ? { ...k, value: 0 } : k)) : keys,
                        ]),
                    ),
                ]),
            );
        } else out[key] = value;
    }
    return out;
}

/** Per transform constraint, the mixes some animation key sets to non-zero. */
function keyedTransformMixes(animations: Record<string, Json>): Map<string, Set<string>> {
    const keyed = new Map<string, Set<string>>();
    for (const animation of Object.values(animations)) {
        for (const [constraint, keys] of Object.entries((animation.transform ?? {}) as Record<string, Json[]>)) {
            const set = keyed.get(constraint) ?? new Set<string>();
            keyed.set(constraint, set);
            for (const key of keys) for (const [mix, value] of Object.entries(transformMixes(key))) if (value !== 0) set.add(mix);
        }
    }
    return keyed;
}

/** The 4.3 body (everything but the `skeleton` header) of a 4.2 body, key order kept where it can be. */
export function toSpine43Body(body: Json): Json {
    for (const key of Object.keys(body)) if (!BODY_KEYS.has(key)) unsupported(`top-level '${key}'`);
    const animations = (body.animations ?? {}) as Record<string, Json>;
    const keyed = keyedTransformMixes(animations);
    const convert: Record<(typeof CONSTRAINT_LISTS)[number], (c: Json) => Json> = {
        ik: ikConstraint,
        transform: (c) => transformConstraint(c, keyed.get(c.name as string) ?? new Set()),
        path: pathConstraint,
        physics: physicsConstraint,
    };
    const all = CONSTRAINT_LISTS.flatMap((list) =>
        ((body[list] as Json[] | undefined) ?? []).map((c) => ({ order: (c.order as number | undefined) ?? 0, json: convert[list](c) })),
    );
    // 4.2 updates, for each i in 0..n-1, the first constraint whose order is i (IK, transform, path,
    // physics): others are never updated. 4.3 follows the list.
    const orders = all.map((c) => c.order).sort((a, b) => a - b);
    if (orders.some((order, i) => order !== i)) unsupported(`constraint orders ${JSON.stringify(orders)} (4.2 updates only orders 0..n-1, once each)`);
    const constraints = all.sort((a, b) => a.order - b.order).map((c) => c.json);

    const out: Json = {};
    for (const [key, value] of Object.entries(body)) {
        if ((CONSTRAINT_LISTS as readonly string[]).includes(key)) {
            if (!('constraints' in out)) out.constraints = constraints;
        } else if (key === 'skins') out.skins = (value as Json[]).map(convertSkin);
        else if (key === 'animations') {
            out.animations = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([name, a]) => [name, convertAnimation(name, a)]));
        } else out[key] = value;
    }
    return out;
}

/**
 * A whole 4.2 skeleton JSON (header and body) as 4.3 JSON: the header says `spine: '4.3.0'` and
 * hashes the converted body. `generateCharacter(spec, '4.3')` and `corpusRig(name, '4.3')` are
 * exactly this of their 4.2 output.
 */
export function toSpine43(json: Json): Json {
    const { skeleton, ...body } = json as { skeleton: Json } & Json;
    const version = String(skeleton?.spine ?? '');
    if (!version.startsWith('4.2')) throw new Error(`toSpine43: expected Spine 4.2 JSON, got spine: ${JSON.stringify(skeleton?.spine)}`);
    const data = toSpine43Body(body);
    return { skeleton: { ...skeleton, hash: hashString(JSON.stringify(data)).toString(36), spine: '4.3.0' }, ...data };
}
