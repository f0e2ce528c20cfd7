/**
 * How far a pose is from the exact one, in the measures the shared pose cache is held to (its
 * contract: a served pose is stock's within a tolerance, on every frame): used by the differential
 * harness (a pose served to a pooled instance against its stock twin's) and by
 * test/unit/poseCacheError.test.ts (a pose served by `PoseCache` against the animation applied).
 *
 * | measure | tolerance |
 * |---|---|
 * | every active bone's world position (worldX, worldY) | `bound.px` (0.5 px by default) |
 * | every vertex of every drawn region and mesh (deform included) and clipping polygon, from spine-core's `computeWorldVertices` | `bound.px` |
 * | each slot's attachment | the same (by name) |
 * | each slot's sequence index, where its attachment has a sequence | the same |
 * | the draw order | the same |
 * | each slot's colour and dark colour | `bound.colour` per channel (half a level of 255) |
 *
 * Distances are in skeleton px: skeleton world units divided by the skeleton's own scale (1 in
 * spine-phaser, where the game object's scale and the cameras' zoom are applied after, by Phaser's
 * transform: a scaled or zoomed object is judged in the units its skeleton is authored in, so 1 px
 * at scale 1). An inactive bone (not in the skin) is neither updated nor drawn: not measured.
 */
import type { Skeleton } from '@esotericsoftware/spine-phaser';
import { drawOrderOf, slotsDrawn, worldOf, type SlotDrawn } from './spineApi';

type Any = any;

/** How far a served pose may be from the exact one: `px` for bones and drawn vertices (skeleton px), `colour` per colour channel (0..1). */
export interface PoseBound {
    px: number;
    colour: number;
}

/**
 * Float slack on top of a documented bound: samples are float32, so a world position of a rig a
 * few thousand px tall is stored to about 1e-4 px, and the vertices computed from it carry that.
 */
const FLOAT_PX = 1e-3;
const FLOAT_COLOUR = 1e-6;

/**
 * The bound of a pose cache run with `poseCacheTolerance: px` (docs/level-of-detail.md, "Shared pose cache"): every bone
 * and drawn vertex within `px`, every colour channel within half a level of 255, plus float slack.
 */
export function cacheBound(px: number): PoseBound {
    return { px: px + FLOAT_PX, colour: 0.5 / 255 + FLOAT_COLOUR };
}

/** The documented default: `poseCacheTolerance` 0.5 px. */
export const DOCUMENTED_BOUND: PoseBound = cacheBound(0.5);

/** A posed skeleton as it is drawn. */
export interface DrawnPose {
    /** Each bone's name, world position and whether it is active. */
    bones: { name: string; x: number; y: number; active: boolean }[];
    /** Each slot's name, what it shows and its drawn vertices, by slot index. */
    slots: (SlotDrawn & { slot: string })[];
    /** Slot indices in draw order. */
    drawOrder: number[];
    /** Skeleton world units per skeleton px (the skeleton's own scale; the smaller axis, so no distance is judged smaller than it is). */
    unit: number;
}

/** What `skeleton` (posed: world transforms computed) draws. `spine`: the runtime that made it (spine-phaser's module or spine-core). */
export function drawnPose(spine: object, skeleton: Skeleton): DrawnPose {
    const sk = skeleton as Any;
    const drawn = slotsDrawn(spine, skeleton);
    return {
        bones: (skeleton.bones as Any[]).map((bone) => {
            const w = worldOf(bone);
            return { name: bone.data.name, x: w.worldX, y: w.worldY, active: bone.active !== false };
        }),
        slots: named(drawn, skeleton),
        drawOrder: drawOrderOf(skeleton),
        unit: Math.min(Math.abs(sk.scaleX), Math.abs(sk.scaleY)) || 1,
    };
}

/** `drawn` (fresh objects, one per slot) with each slot's name added in place (a copy per slot cost a tenth of a comparison). */
function named(drawn: SlotDrawn[], skeleton: Skeleton): (SlotDrawn & { slot: string })[] {
    const slots = drawn as (SlotDrawn & { slot: string })[];
    for (let i = 0; i < slots.length; i++) slots[i].slot = (skeleton.slots[i] as Any).data.name;
    return slots;
}

/** The kinds of difference a served pose can show. */
export type PoseErrorKind = 'bone' | 'vertex' | 'attachment' | 'sequence' | 'draw order' | 'colour';
export const POSE_ERROR_KINDS: readonly PoseErrorKind[] = ['bone', 'vertex', 'attachment', 'sequence', 'draw order', 'colour'];

/** One measure of a pose against the exact one: its worst amount and where, and how many parts differ. */
export interface PoseMeasure {
    /** px for bones and vertices, a colour channel's difference for colours, 1 for a discrete difference (0: none). */
    amount: number;
    /** Where the worst one is (a bone, a slot and vertex), in words; '' when none. */
    at: string;
    /** Parts beyond tolerance (bones, slots, 1 for the draw order). */
    count: number;
}

export type PoseErrors = Record<PoseErrorKind, PoseMeasure>;

const measure = (): PoseMeasure => ({ amount: 0, at: '', count: 0 });

/** The tolerance of each kind under `bound` (discrete kinds: none, any difference counts). */
export function toleranceOf(kind: PoseErrorKind, bound: PoseBound): number {
    return kind === 'bone' || kind === 'vertex' ? bound.px : kind === 'colour' ? bound.colour : 0;
}

/** How far `pose` is from `exact`, by kind (distances in `exact`'s skeleton px), counting the parts beyond `bound`. */
export function poseErrors(pose: DrawnPose, exact: DrawnPose, bound: PoseBound = DOCUMENTED_BOUND): PoseErrors {
    const errors = Object.fromEntries(POSE_ERROR_KINDS.map((kind) => [kind, measure()])) as PoseErrors;
    // `at` is put in words only for a new worst (this runs for every part of every compared pose).
    const note = (kind: PoseErrorKind, amount: number, at: () => string): void => {
        const m = errors[kind];
        if (amount !== amount) amount = Infinity; // a NaN anywhere is no pose (a plain comparison would pass it)
        if (amount > toleranceOf(kind, bound)) m.count++;
        if (amount > m.amount) {
            m.amount = amount;
            m.at = at();
        }
    };
    const unit = exact.unit;
    exact.bones.forEach((bone, i) => {
        if (!bone.active) return;
        const p = pose.bones[i];
        note('bone', Math.hypot(p.x - bone.x, p.y - bone.y) / unit, () => `bone '${bone.name}'`);
    });
    exact.slots.forEach((e, i) => {
        const p = pose.slots[i];
        if (p.name !== e.name) {
            note('attachment', 1, () => `slot '${e.slot}' shows ${p.name} vs ${e.name}`);
            return; // its vertices are another attachment's
        }
        if (e.hasSequence && p.sequenceIndex !== e.sequenceIndex)
            note('sequence', 1, () => `slot '${e.slot}' (${e.name}) sequence index ${p.sequenceIndex} vs ${e.sequenceIndex}`);
        let colour = 0;
        for (let c = 0; c < 4; c++) colour = Math.max(colour, Math.abs(p.color[c] - e.color[c]));
        if ((p.dark === null) !== (e.dark === null)) colour = 1;
        else if (p.dark && e.dark) for (let c = 0; c < 3; c++) colour = Math.max(colour, Math.abs(p.dark[c] - e.dark[c]));
        note(
            'colour',
            colour,
            () => `slot '${e.slot}' colour ${fmt(p.color)}${p.dark ? ` dark ${fmt(p.dark)}` : ''} vs ${fmt(e.color)}${e.dark ? ` dark ${fmt(e.dark)}` : ''}`,
        );
        if (!(p.drawn || e.drawn)) return;
        const pv = p.vertices;
        const ev = e.vertices;
        if (!pv || !ev || pv.length !== ev.length) {
            note('vertex', Infinity, () => `slot '${e.slot}' (${e.name}): ${(pv?.length ?? 0) / 2} vs ${(ev?.length ?? 0) / 2} vertices`);
            return;
        }
        // The farthest vertex by its squared distance (a square root once, not Math.hypot per vertex).
        let worst2 = 0;
        let at = 0;
        for (let v = 0; v < ev.length; v += 2) {
            const dx = pv[v] - ev[v];
            const dy = pv[v + 1] - ev[v + 1];
            const d2 = dx * dx + dy * dy;
            if (d2 > worst2 || d2 !== d2) {
                worst2 = d2;
                at = v / 2;
                if (d2 !== d2) break; // NaN: as far as can be
            }
        }
        const worst = Math.sqrt(worst2);
        note('vertex', worst / unit, () => `slot '${e.slot}' (${e.kind} ${e.name}) vertex ${at}`);
    });
    if (pose.drawOrder.join() !== exact.drawOrder.join()) {
        const first = exact.drawOrder.findIndex((slot, i) => pose.drawOrder[i] !== slot);
        const name = (order: number[]) => exact.slots[order[first]]?.slot ?? '?';
        note('draw order', 1, () => `draw order differs from position ${first} ('${name(pose.drawOrder)}' vs '${name(exact.drawOrder)}')`);
    }
    return errors;
}

/** The kinds of `errors` beyond their tolerance. */
export function beyondTolerance(errors: PoseErrors): PoseErrorKind[] {
    return POSE_ERROR_KINDS.filter((kind) => errors[kind].count > 0);
}

/** A measure in words: `12.3 px at bone 'x'`. */
export function describeMeasure(kind: PoseErrorKind, m: PoseMeasure): string {
    const amount = kind === 'bone' || kind === 'vertex' ? `${m.amount.toFixed(2)} px` : kind === 'colour' ? `${(m.amount * 255).toFixed(1)}/255` : '';
    const many = m.count > 1 ? ` (${m.count} ${kind === 'draw order' ? '' : 'parts '}beyond tolerance)` : '';
    return `${kind}${amount ? ` ${amount}` : ''}: ${m.at}${many}`;
}

const fmt = (values: number[]): string => `(${values.map((v) => v.toFixed(3)).join(', ')})`;
