/**
 * A small authoring kit for hand-made Spine 4.2 rigs: bones placed in world coordinates of the setup
 * pose (y up, origin at the feet) and stored parent-local, slots in draw order, region (optionally a
 * sequence of frames), weighted mesh, path and clipping attachments placed in world coordinates, in
 * the default skin or in named skins, constraints with unique update orders, events and animations,
 * then `build()`: the skeleton JSON, a packed atlas of solid-coloured rectangles (painted like the
 * generator's pages) and stats.
 */
import { atlasText, packRegions, paintPage, type RegionRequest } from '../atlas';
import { css, shade, type Rgb } from '../color';
import type { Ctx } from '../draw';
import type { GeneratedSkeleton } from '../generate';
import { deformOffsets, regionUvs, weigh, weightedVertices, type MeshGeometry, type Weight } from '../mesh';
import { hashString } from '../random';
import { add, dir, rotate, toBoneSpace, type BoneDef, type Vec } from '../rig';

export type Json = Record<string, unknown>;

/** A corpus rig: a GeneratedSkeleton (so the harness's addSkeleton takes it) with constraint counts of every kind. */
export interface CorpusSkeleton extends GeneratedSkeleton {
    stats: GeneratedSkeleton['stats'] & { paths: number; physics: number };
}

export const round = (v: number, digits = 2): number => {
    const k = 10 ** digits;
    return Math.round(v * k) / k || 0;
};

/** Drops undefined fields and those equal to Spine's defaults, as the editor's export does. */
export function compact(map: Json, defaults: Json = {}): Json {
    return Object.fromEntries(Object.entries(map).filter(([k, v]) => v !== undefined && defaults[k] !== v));
}

/** Largest texture side of a region: attachments larger than this stretch a smaller texture. */
const MAX_TEXTURE = 64;

/** How a region is painted: a solid rectangle with a darker rim and a light band (`plain`), or a cross (`cross`). */
export type Paint = 'plain' | 'cross';

/**
 * A region attachment's frames (Spine's `sequence`): one atlas region per fill, named the
 * attachment's path followed by its frame number (`start`, `start + 1`, ..., padded to `digits`).
 */
export interface SequenceDef {
    fills: Rgb[];
    /** The first frame's number: Spine's default is 1. */
    start?: number;
    digits?: number;
    /** The frame shown in the setup pose (and when no sequence key applies). */
    setup?: number;
}

/** Options of a region attachment. */
export interface RegionOptions {
    rotation?: number;
    paint?: Paint;
    /**
     * The attachment's own name, when it differs from the skin key it is stored under (as in
     * mix-and-match rigs: the key is what slots and animations name, the name is the image). It is
     * also the atlas region's name.
     */
    name?: string;
    sequence?: SequenceDef;
}

/** Spine's region path for frame `index` of a sequence (Sequence.getPath). */
export function sequencePath(path: string, sequence: SequenceDef, index: number): string {
    return path + String((sequence.start ?? 1) + index).padStart(sequence.digits ?? 0, '0');
}

interface SlotDef {
    name: string;
    bone: string;
    color?: string;
    dark?: string;
    attachment?: string;
}

interface MeshInfo {
    points: Vec[];
    weights: Weight[][];
}

/** A path point with its in and out handles, in world coordinates. */
export interface PathPoint {
    in: Vec;
    at: Vec;
    out: Vec;
}

function cubic(a: Vec, b: Vec, c: Vec, d: Vec, t: number): Vec {
    const u = 1 - t;
    const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
    return { x: w[0] * a.x + w[1] * b.x + w[2] * c.x + w[3] * d.x, y: w[0] * a.y + w[1] * b.y + w[2] * c.y + w[3] * d.y };
}

/** Dense samples of an open path, with the arc length at each sample. */
export function samplePath(points: PathPoint[], perCurve = 64): { at: Vec; length: number }[] {
    const out: { at: Vec; length: number }[] = [{ at: points[0]!.at, length: 0 }];
    for (let i = 0; i + 1 < points.length; i++) {
        const [p, q] = [points[i]!, points[i + 1]!];
        for (let k = 1; k <= perCurve; k++) {
            const at = cubic(p.at, p.out, q.in, q.at, k / perCurve);
            const last = out[out.length - 1]!;
            out.push({ at, length: last.length + Math.hypot(at.x - last.at.x, at.y - last.at.y) });
        }
    }
    return out;
}

export class RigBuilder {
    readonly bones: BoneDef[] = [];
    private readonly boneIndex = new Map<string, number>();
    private readonly slots: SlotDef[] = [];
    /** Per skin (the default skin first, then in the order they were started), attachments per slot, in insertion order. */
    private readonly skins = new Map<string, Map<string, Map<string, Json>>>([['default', new Map()]]);
    /** The skin that attachments go to. */
    private currentSkin = 'default';
    /** World points of every drawn attachment, for the setup bounds. */
    private readonly outlines: Vec[] = [];
    private readonly regions: RegionRequest[] = [];
    private readonly meshes = new Map<string, MeshInfo>();
    private readonly constraints: Record<'ik' | 'transform' | 'path' | 'physics', Json[]> = { ik: [], transform: [], path: [], physics: [] };
    private readonly events: Record<string, Json> = {};
    private readonly animations: Record<string, Json> = {};

    constructor(readonly name: string) {}

    /** A bone at a world position and angle of the setup pose; `inherit` bones keep their world rotation. */
    bone(name: string, parent: string | null, at: Vec, rotation = 0, length = 0, inherit?: 'noRotationOrReflection'): BoneDef {
        if (this.boneIndex.has(name)) throw new Error(`${this.name}: bone ${name} exists`);
        if (parent !== null) this.get(parent);
        const bone: BoneDef = { name, parent, x: at.x, y: at.y, rotation, length, ...(inherit ? { inherit } : {}) };
        this.boneIndex.set(name, this.bones.length);
        this.bones.push(bone);
        return bone;
    }

    get(name: string): BoneDef {
        const i = this.boneIndex.get(name);
        if (i === undefined) throw new Error(`${this.name}: no bone ${name}`);
        return this.bones[i]!;
    }

    has(name: string): boolean {
        return this.boneIndex.has(name);
    }

    index(name: string): number {
        this.get(name);
        return this.boneIndex.get(name)!;
    }

    /** The world position of a bone's far end. */
    tip(name: string): Vec {
        const b = this.get(name);
        return add(b, dir(b.rotation), b.length);
    }

    /** A slot drawn last, or just before `before`. */
    slot(name: string, bone: string, opts: { color?: string; dark?: string; attachment?: string; before?: string } = {}): void {
        this.get(bone);
        if (this.slots.some((s) => s.name === name)) throw new Error(`${this.name}: slot ${name} exists`);
        const def: SlotDef = { name, bone, color: opts.color, dark: opts.dark, attachment: opts.attachment };
        const at = opts.before === undefined ? this.slots.length : this.slotIndex(opts.before);
        this.slots.splice(at, 0, def);
    }

    slotIndex(name: string): number {
        const i = this.slots.findIndex((s) => s.name === name);
        if (i < 0) throw new Error(`${this.name}: no slot ${name}`);
        return i;
    }

    slotNames(): string[] {
        return this.slots.map((s) => s.name);
    }

    private slotBone(slot: string): BoneDef {
        return this.get(this.slots[this.slotIndex(slot)]!.bone);
    }

    /**
     * Attachments added from now on go to skin `name` (started empty if new; `default` is the
     * default skin, which holds everything until another skin is chosen). The skins are written in
     * the order they were first chosen, the default skin first even when it stays empty.
     */
    skin(name: string): void {
        if (!this.skins.has(name)) this.skins.set(name, new Map());
        this.currentSkin = name;
    }

    private attach(slot: string, name: string, json: Json): void {
        const attachments = this.skins.get(this.currentSkin)!;
        const entries = attachments.get(slot) ?? new Map<string, Json>();
        attachments.set(slot, entries);
        if (entries.has(name)) throw new Error(`${this.name}: attachment ${this.currentSkin}/${slot}/${name} exists`);
        entries.set(name, json);
    }

    private texture(name: string, w: number, h: number, fill: Rgb, paint: Paint): void {
        if (this.regions.some((r) => r.name === name)) throw new Error(`${this.name}: region ${name} exists`);
        const k = Math.min(1, MAX_TEXTURE / Math.max(w, h));
        const tw = Math.max(4, Math.round(w * k));
        const th = Math.max(4, Math.round(h * k));
        this.regions.push({
            name,
            w: tw,
            h: th,
            paint: (ctx: Ctx) => {
                ctx.fillStyle = css(shade(fill, -0.35));
                ctx.fillRect(0, 0, tw, th);
                ctx.fillStyle = css(fill);
                ctx.fillRect(1, 1, tw - 2, th - 2);
                if (paint === 'cross') {
                    ctx.fillStyle = css(shade(fill, -0.5));
                    ctx.fillRect(Math.floor(tw / 2) - 1, 0, 2, th);
                    ctx.fillRect(0, Math.floor(th / 2) - 1, tw, 2);
                } else {
                    ctx.fillStyle = css(shade(fill, 0.35));
                    ctx.fillRect(1, 1, tw - 2, Math.max(1, Math.floor(th / 4)));
                }
            },
        });
    }

    /**
     * A region attachment stored under `key`: a `w`×`h` rectangle centred at a world point, turned by
     * `rotation` degrees; with `sequence`, one atlas region per frame instead of one.
     */
    region(slot: string, key: string, center: Vec, w: number, h: number, fill: Rgb, opts: RegionOptions = {}): void {
        const rotation = opts.rotation ?? 0;
        const local = toBoneSpace(this.slotBone(slot), center, rotation);
        const path = opts.name ?? key;
        const paint = opts.paint ?? 'plain';
        const sequence = opts.sequence;
        if (sequence) sequence.fills.forEach((frame, i) => this.texture(sequencePath(path, sequence, i), w, h, frame, paint));
        else this.texture(path, w, h, fill, paint);
        this.attach(
            slot,
            key,
            compact(
                {
                    name: opts.name,
                    x: round(local.x),
                    y: round(local.y),
                    rotation: round(local.rotation),
                    width: round(w),
                    height: round(h),
                    sequence: sequence
                        ? compact({ count: sequence.fills.length, start: sequence.start, digits: sequence.digits, setup: sequence.setup }, { start: 1, digits: 0, setup: 0 })
                        : undefined,
                },
                { x: 0, y: 0, rotation: 0 },
            ),
        );
        for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const) this.outlines.push(add(center, rotate({ x: (sx * w) / 2, y: (sy * h) / 2 }, rotation)));
    }

    /**
     * A region along a bone: centred on it, turned with it, `extra` longer than the bone and
     * `thickness` wide, stored under the slot's name (`name`: the attachment's own name if it differs).
     */
    limb(slot: string, bone: string, thickness: number, fill: Rgb, extra = thickness * 0.6, opts: { name?: string } = {}): void {
        const b = this.get(bone);
        this.region(slot, slot, add(b, dir(b.rotation), b.length / 2), b.length + extra, thickness, fill, { rotation: b.rotation, name: opts.name });
    }

    /**
     * A clipping attachment: a polygon through world points (stored in the slot bone's space) that
     * clips what is drawn from its slot up to and including slot `end`.
     */
    clipping(slot: string, name: string, points: Vec[], end: string, color = 'ce3a3aff'): void {
        const bone = this.slotBone(slot);
        this.slotIndex(end);
        const vertices = points.flatMap((pt) => {
            const p = toBoneSpace(bone, pt);
            return [round(p.x), round(p.y)];
        });
        this.attach(slot, name, { type: 'clipping', end, vertexCount: points.length, vertices, color });
    }

    /** A weighted mesh (world-space geometry, hull first), each vertex weighed on the nearest of `influences`. */
    mesh(slot: string, name: string, geometry: MeshGeometry, influences: string[], fill: Rgb, softness: number): void {
        const bones = influences.map((bone) => ({ bone: this.get(bone), index: this.index(bone) }));
        const weights = geometry.points.map((pt) => weigh(pt, bones, softness));
        const xs = geometry.points.map((p) => p.x);
        const ys = geometry.points.map((p) => p.y);
        const [left, right, bottom, top] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        const [w, h] = [right - left, top - bottom];
        if (this.meshes.has(`${slot}/${name}`)) throw new Error(`${this.name}: mesh ${slot}/${name} exists`);
        this.texture(name, w, h, fill, 'plain');
        this.attach(slot, name, {
            type: 'mesh',
            uvs: regionUvs(geometry.points, left, top, w, h),
            triangles: geometry.triangles,
            vertices: weightedVertices(geometry.points, weights),
            hull: geometry.hull,
            width: round(w),
            height: round(h),
        });
        this.meshes.set(`${slot}/${name}`, { points: geometry.points, weights });
        this.outlines.push(...geometry.points);
    }

    /** Deform offsets (per weight entry) that move each setup vertex of a mesh by `offset(vertex)` in world space. */
    deform(slot: string, name: string, offset: (pt: Vec) => Vec): number[] {
        const mesh = this.meshes.get(`${slot}/${name}`);
        if (!mesh) throw new Error(`${this.name}: no mesh ${slot}/${name}`);
        return deformOffsets(mesh.points, mesh.weights, offset);
    }

    /** An open, constant-speed path attachment through world points (stored in the slot bone's space). */
    path(slot: string, name: string, points: PathPoint[], color: string): void {
        const bone = this.slotBone(slot);
        const local = (v: Vec): number[] => {
            const p = toBoneSpace(bone, v);
            return [round(p.x), round(p.y)];
        };
        const samples = samplePath(points);
        const per = (samples.length - 1) / (points.length - 1);
        const lengths = points.slice(1).map((_, i) => round(samples[(i + 1) * per]!.length));
        this.attach(slot, name, {
            type: 'path',
            lengths,
            vertexCount: points.length * 3,
            vertices: points.flatMap((p) => [...local(p.in), ...local(p.at), ...local(p.out)]),
            color,
        });
    }

    private order(): number {
        return Object.values(this.constraints).reduce((n, list) => n + list.length, 0);
    }

    /** Constraints update in the order they are added (each kind gets the next `order`). */
    ik(name: string, bones: string[], target: string, opts: { bendPositive?: boolean; mix?: number } = {}): void {
        for (const b of [...bones, target]) this.get(b);
        this.constraints.ik.push(compact({ name, order: this.order(), bones, target, bendPositive: opts.bendPositive, mix: opts.mix }, { bendPositive: true, mix: 1 }));
    }

    /** The bend direction of an IK constraint, which its animation keys must repeat. */
    ikBend(name: string): boolean {
        const c = this.constraints.ik.find((ik) => ik.name === name);
        if (!c) throw new Error(`${this.name}: no IK ${name}`);
        return c.bendPositive !== false;
    }

    transform(name: string, bones: string[], target: string, mixes: { mixRotate: number; mixX: number; mixScaleX: number; mixShearY: number }): void {
        for (const b of [...bones, target]) this.get(b);
        this.constraints.transform.push({ name, order: this.order(), bones, target, ...mixes });
    }

    pathConstraint(name: string, bones: string[], slot: string, opts: Json): void {
        for (const b of bones) this.get(b);
        this.slotIndex(slot);
        this.constraints.path.push({ name, order: this.order(), bones, target: slot, ...opts });
    }

    physics(name: string, bone: string, opts: Json): void {
        this.get(bone);
        this.constraints.physics.push({ name, order: this.order(), bone, ...opts });
    }

    event(name: string, defaults: { int?: number; float?: number; string?: string } = {}): void {
        this.events[name] = compact(defaults, { int: 0, float: 0, string: '' });
    }

    animation(name: string, json: Json): void {
        this.animations[name] = json;
    }

    build(): CorpusSkeleton {
        const local = (bone: BoneDef): { x: number; y: number; rotation: number } => {
            if (!bone.parent) return { x: bone.x, y: bone.y, rotation: bone.rotation };
            const l = toBoneSpace(this.get(bone.parent), bone, bone.rotation);
            return bone.inherit ? { ...l, rotation: bone.rotation } : l;
        };
        const body: Json = {
            bones: this.bones.map((bone) => {
                const l = local(bone);
                return compact(
                    { name: bone.name, parent: bone.parent ?? undefined, length: round(bone.length), x: round(l.x), y: round(l.y), rotation: round(l.rotation), inherit: bone.inherit },
                    { length: 0, x: 0, y: 0, rotation: 0 },
                );
            }),
            slots: this.slots.map((s) => compact({ name: s.name, bone: s.bone, color: s.color, dark: s.dark, attachment: s.attachment })),
        };
        for (const [kind, list] of Object.entries(this.constraints)) if (list.length) body[kind] = list;
        body.skins = [...this.skins].map(([name, attachments]) => ({
            name,
            attachments: Object.fromEntries(this.slots.filter((s) => attachments.has(s.name)).map((s) => [s.name, Object.fromEntries(attachments.get(s.name)!)])),
        }));
        body.events = this.events;
        body.animations = this.animations;

        const xs = this.outlines.map((p) => p.x);
        const ys = this.outlines.map((p) => p.y);
        const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
        const json = {
            skeleton: {
                hash: hashString(JSON.stringify(body)).toString(36),
                spine: '4.2.0',
                x: round(minX),
                y: round(minY),
                width: round(Math.max(...xs) - minX),
                height: round(Math.max(...ys) - minY),
                fps: 30,
            },
            ...body,
        };
        const packed = packRegions(this.name, this.regions);
        return {
            name: this.name,
            json,
            atlas: atlasText(packed),
            pages: packed.map((page) => ({ name: page.name, width: page.width, height: page.height, paint: (ctx: Ctx) => paintPage(page, ctx) })),
            stats: {
                bones: this.bones.length,
                slots: this.slots.length,
                ik: this.constraints.ik.length,
                transforms: this.constraints.transform.length,
                paths: this.constraints.path.length,
                physics: this.constraints.physics.length,
                meshes: this.meshes.size,
                animations: Object.keys(this.animations),
                events: Object.keys(this.events),
                skins: [...this.skins.keys()],
            },
        };
    }
}
