/**
 * Weighted meshes: a quad "ladder" (columns of points, straight for grids, bent along bone chains for
 * strips), its triangulation with the hull first as Spine expects, and smooth bone weights.
 */
import { add, dir, rotate, toBoneSpace, type BoneDef, type Vec } from './rig';

export interface MeshGeometry {
    /** World positions at the setup pose, hull vertices first. */
    points: Vec[];
    triangles: number[];
    /** Number of leading points that form the outline, in order around it. */
    hull: number;
}

/** `columns[c][k]`: every column has the same number of points; neighbouring cells form quads. */
export function ladderMesh(columns: Vec[][]): MeshGeometry {
    const cols = columns.length;
    const rows = columns[0]!.length;
    const order: Array<[number, number]> = [];
    for (let k = 0; k < rows; k++) order.push([0, k]);
    for (let c = 1; c < cols; c++) order.push([c, rows - 1]);
    for (let k = rows - 2; k >= 0; k--) order.push([cols - 1, k]);
    for (let c = cols - 2; c >= 1; c--) order.push([c, 0]);
    const hull = order.length;
    for (let c = 1; c < cols - 1; c++) for (let k = 1; k < rows - 1; k++) order.push([c, k]);

    const slot = new Map(order.map(([c, k], i) => [c * rows + k, i]));
    const at = (c: number, k: number): number => slot.get(c * rows + k)!;
    const triangles: number[] = [];
    for (let c = 0; c < cols - 1; c++) {
        for (let k = 0; k < rows - 1; k++) {
            triangles.push(at(c, k), at(c + 1, k), at(c + 1, k + 1), at(c, k), at(c + 1, k + 1), at(c, k + 1));
        }
    }
    return { points: order.map(([c, k]) => columns[c]![k]!), triangles, hull };
}

/** A regular grid over a rectangle (left, bottom, width, height in world units). */
export function gridColumns(left: number, bottom: number, width: number, height: number, cols: number, rows: number): Vec[][] {
    return Array.from({ length: cols + 1 }, (_, c) =>
        Array.from({ length: rows + 1 }, (_, k) => ({ x: left + (width * c) / cols, y: bottom + height - (height * k) / rows })),
    );
}

/**
 * Columns running along a polyline, offset sideways by per-point widths. `offsets` are fractions of
 * the width: [-1, 0, 1] gives left edge, centre line and right edge.
 */
export function stripColumns(line: Vec[], halfWidths: number[], offsets: number[]): Vec[][] {
    const normals = line.map((_, i) => {
        const a = line[Math.max(0, i - 1)]!;
        const b = line[Math.min(line.length - 1, i + 1)]!;
        const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
        return { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    });
    return offsets.map((o) => line.map((pt, i) => add(pt, normals[i]!, o * halfWidths[i]!)));
}

/** Joint positions of a bone chain: every bone's start, then the last bone's end. */
export function chainLine(chain: BoneDef[]): Vec[] {
    const last = chain[chain.length - 1]!;
    return [...chain.map((b) => ({ x: b.x, y: b.y })), add(last, dir(last.rotation), last.length)];
}

function segmentDistance(point: Vec, bone: BoneDef): number {
    const d = dir(bone.rotation);
    const t = Math.max(0, Math.min(bone.length, (point.x - bone.x) * d.x + (point.y - bone.y) * d.y));
    return Math.hypot(point.x - (bone.x + d.x * t), point.y - (bone.y + d.y * t));
}

export interface Weight {
    bone: BoneDef;
    index: number;
    weight: number;
}

/**
 * Inverse-square distance weights to the nearest bones (as segments), at most `max` per vertex,
 * rounded to 3 decimals and renormalised so each vertex sums to exactly 1.
 */
export function weigh(point: Vec, bones: Array<{ bone: BoneDef; index: number }>, softness: number, max = 3): Weight[] {
    const scored = bones
        .map((b) => ({ ...b, weight: 1 / (segmentDistance(point, b.bone) ** 2 + softness * softness) }))
        .sort((a, b) => b.weight - a.weight || a.index - b.index)
        .slice(0, max);
    let total = scored.reduce((s, w) => s + w.weight, 0);
    const kept = scored.filter((w) => w.weight / total >= 0.04);
    total = kept.reduce((s, w) => s + w.weight, 0);
    const rounded = kept.map((w) => ({ ...w, weight: Math.round((w.weight / total) * 1000) / 1000 }));
    rounded[0]!.weight = Math.round((1 - rounded.slice(1).reduce((s, w) => s + w.weight, 0)) * 1000) / 1000;
    return rounded;
}

const round = (v: number, digits: number): number => {
    const k = 10 ** digits;
    return Math.round(v * k) / k || 0;
};

/** Spine's weighted vertex array: per vertex `count, (boneIndex, x, y, weight) * count` in bone space. */
export function weightedVertices(points: Vec[], weights: Weight[][]): number[] {
    const out: number[] = [];
    points.forEach((pt, i) => {
        const ws = weights[i]!;
        out.push(ws.length);
        for (const w of ws) {
            const local = toBoneSpace(w.bone, pt);
            out.push(w.index, round(local.x, 2), round(local.y, 2), w.weight);
        }
    });
    return out;
}

/**
 * Deform offsets for a weighted mesh: one (x, y) per weight entry, in that bone's space. Moving every
 * influence of a vertex by the same world offset moves the vertex by exactly that offset.
 */
export function deformOffsets(points: Vec[], weights: Weight[][], offset: (pt: Vec) => Vec): number[] {
    const out: number[] = [];
    points.forEach((pt, i) => {
        const world = offset(pt);
        for (const w of weights[i]!) {
            const local = rotate(world, -w.bone.rotation);
            out.push(round(local.x, 2), round(local.y, 2));
        }
    });
    return out;
}

/** Region-normalised UVs: u right, v down from the region's top-left corner. */
export function regionUvs(points: Vec[], left: number, top: number, width: number, height: number): number[] {
    return points.flatMap((pt) => [round((pt.x - left) / width, 5), round((top - pt.y) / height, 5)]);
}
