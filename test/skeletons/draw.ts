/**
 * Canvas 2D primitives shared by the part painters. Only calls that browsers and @napi-rs/canvas
 * both implement (no roundRect, no filters), so pages paint the same everywhere.
 */
import { css, shade, type Rgb } from './color';
import type { Look } from './looks';
import type { Vec } from './rig';

export type Ctx = CanvasRenderingContext2D;

/** What every painter needs besides its own geometry. */
export interface Pen {
    look: Look;
    /** Pixels per 1% of character height: scales outlines and details. */
    p: number;
}

export const lineWidth = (pen: Pen): number => Math.max(1, Math.min(2.4, pen.p * 0.8));

export function outline(ctx: Ctx, pen: Pen, width = lineWidth(pen), color: Rgb = pen.look.outline): void {
    ctx.lineWidth = width;
    ctx.strokeStyle = css(color);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.stroke();
}

/** Side-lit shading across x (light from the upper left); plate armour gets a hard specular band. */
export function acrossGradient(ctx: Ctx, x0: number, x1: number, base: Rgb, metal: boolean): CanvasGradient {
    const g = ctx.createLinearGradient(x0, 0, x1, 0);
    if (metal) {
        g.addColorStop(0, css(shade(base, -0.2)));
        g.addColorStop(0.28, css(shade(base, 0.55)));
        g.addColorStop(0.42, css(base));
        g.addColorStop(0.8, css(shade(base, -0.28)));
        g.addColorStop(1, css(shade(base, -0.45)));
    } else {
        g.addColorStop(0, css(shade(base, 0.05)));
        g.addColorStop(0.3, css(shade(base, 0.18)));
        g.addColorStop(1, css(shade(base, -0.32)));
    }
    return g;
}

export function downGradient(ctx: Ctx, y0: number, y1: number, top: Rgb, bottom: Rgb): CanvasGradient {
    const g = ctx.createLinearGradient(0, y0, 0, y1);
    g.addColorStop(0, css(top));
    g.addColorStop(1, css(bottom));
    return g;
}

export function radialShade(ctx: Ctx, cx: number, cy: number, r: number, base: Rgb, metal = false): CanvasGradient {
    const g = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.05, cx, cy, r * 1.05);
    g.addColorStop(0, css(shade(base, metal ? 0.7 : 0.28)));
    g.addColorStop(0.45, css(base));
    g.addColorStop(1, css(shade(base, metal ? -0.45 : -0.3)));
    return g;
}

/** A vertical capsule whose width changes from top to bottom (limbs, fingers). */
export function capsulePath(ctx: Ctx, cx: number, top: number, bottom: number, topW: number, bottomW: number): void {
    const a = topW / 2;
    const b = bottomW / 2;
    ctx.beginPath();
    ctx.moveTo(cx - a, top + a);
    ctx.quadraticCurveTo(cx - a, top, cx, top);
    ctx.quadraticCurveTo(cx + a, top, cx + a, top + a);
    ctx.lineTo(cx + b, bottom - b);
    ctx.quadraticCurveTo(cx + b, bottom, cx, bottom);
    ctx.quadraticCurveTo(cx - b, bottom, cx - b, bottom - b);
    ctx.closePath();
}

export function roundRectPath(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
    const rr = Math.min(r, w / 2, h / 2);
    ctx.beginPath();
    ctx.moveTo(x + rr, y);
    ctx.arcTo(x + w, y, x + w, y + h, rr);
    ctx.arcTo(x + w, y + h, x, y + h, rr);
    ctx.arcTo(x, y + h, x, y, rr);
    ctx.arcTo(x, y, x + w, y, rr);
    ctx.closePath();
}

export function ellipsePath(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, rotation = 0): void {
    ctx.beginPath();
    ctx.ellipse(cx, cy, Math.max(0.1, rx), Math.max(0.1, ry), rotation, 0, Math.PI * 2);
}

/** Closed path through the midpoints of a polygon's edges, rounding every corner. */
export function smoothPath(ctx: Ctx, points: Vec[]): void {
    const n = points.length;
    const mid = (a: Vec, b: Vec): Vec => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    const start = mid(points[n - 1]!, points[0]!);
    ctx.beginPath();
    ctx.moveTo(start.x, start.y);
    for (let i = 0; i < n; i++) {
        const pt = points[i]!;
        const next = mid(pt, points[(i + 1) % n]!);
        ctx.quadraticCurveTo(pt.x, pt.y, next.x, next.y);
    }
    ctx.closePath();
}

export function polygonPath(ctx: Ctx, points: Vec[]): void {
    ctx.beginPath();
    points.forEach((pt, i) => (i === 0 ? ctx.moveTo(pt.x, pt.y) : ctx.lineTo(pt.x, pt.y)));
    ctx.closePath();
}

export function line(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, width: number, color: string): void {
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.lineCap = 'round';
    ctx.stroke();
}

/** Runs `body` clipped to the current path, restoring the clip afterwards. */
export function clipped(ctx: Ctx, body: () => void): void {
    ctx.save();
    ctx.clip();
    body();
    ctx.restore();
}

export function star(ctx: Ctx, cx: number, cy: number, r: number, color: Rgb): void {
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 === 0 ? r : r * 0.45;
        const x = cx + Math.cos(a) * rr;
        const y = cy + Math.sin(a) * rr;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
    }
    ctx.closePath();
    ctx.fillStyle = css(color);
    ctx.fill();
}
