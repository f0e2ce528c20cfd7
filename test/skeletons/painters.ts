/**
 * Part painters: each draws one region into a w×h box (canvas y down), upright as the part appears
 * at the setup pose. Limbs are painted vertically (joint at the top) because they hang down. The
 * look decides colours and a few style details; geometry comes from the caller.
 */
import { css, mix, shade, type Rgb } from './color';
import {
    acrossGradient, capsulePath, clipped, downGradient, ellipsePath, line, lineWidth, outline, polygonPath,
    radialShade, roundRectPath, smoothPath, star, type Ctx, type Pen,
} from './draw';
import type { Vec } from './rig';

const BLACK: Rgb = [18, 16, 24];
const WHITE: Rgb = [250, 248, 240];
const LEATHER: Rgb = [110, 72, 40];
const WOOD: Rgb = [128, 84, 46];
const STEEL: Rgb = [176, 186, 198];

export interface LimbStyle {
    color: Rgb;
    metal: boolean;
    topW: number;
    bottomW: number;
    /** A bracer or wrap around the lower part. */
    band?: Rgb;
    /** A trim at the bottom end (sleeve hem). */
    cuff?: Rgb;
    /** Plate knee or elbow cop at the top joint. */
    cop?: boolean;
}

export function paintLimb(ctx: Ctx, w: number, h: number, pen: Pen, s: LimbStyle, bottom = h - lineWidth(pen)): void {
    const lw = lineWidth(pen);
    const cx = w / 2;
    const top = lw;
    const span = bottom - top;
    const widest = Math.max(s.topW, s.bottomW);
    capsulePath(ctx, cx, top, bottom, s.topW, s.bottomW);
    ctx.fillStyle = acrossGradient(ctx, cx - widest / 2, cx + widest / 2, s.color, s.metal);
    ctx.fill();
    clipped(ctx, () => {
        if (s.metal) {
            for (const f of [0.36, 0.68]) {
                const y = top + span * f;
                line(ctx, 0, y, w, y + span * 0.04, lw, css(shade(s.color, -0.45)));
                line(ctx, 0, y + lw, w, y + lw + span * 0.04, lw * 0.6, css(shade(s.color, 0.5)));
            }
        } else {
            ctx.globalAlpha = 0.35;
            line(ctx, cx + widest * 0.18, top + span * 0.25, cx + widest * 0.05, top + span * 0.55, lw * 0.8, css(shade(s.color, -0.4)));
            ctx.globalAlpha = 1;
        }
        if (s.band) {
            const y = top + span * 0.6;
            ctx.fillStyle = acrossGradient(ctx, cx - widest / 2, cx + widest / 2, s.band, false);
            ctx.fillRect(0, y, w, span * 0.26);
            for (let i = 1; i < 4; i++) line(ctx, 0, y + (span * 0.26 * i) / 4, w, y + (span * 0.26 * i) / 4 - lw, lw * 0.5, css(shade(s.band, -0.4)));
        }
        if (s.cuff) {
            ctx.fillStyle = acrossGradient(ctx, cx - widest / 2, cx + widest / 2, s.cuff, true);
            ctx.fillRect(0, top + span * 0.84, w, span * 0.2);
        }
    });
    capsulePath(ctx, cx, top, bottom, s.topW, s.bottomW);
    outline(ctx, pen);
    if (s.cop) {
        ellipsePath(ctx, cx, top + s.topW * 0.5, s.topW * 0.42, s.topW * 0.36);
        ctx.fillStyle = radialShade(ctx, cx, top + s.topW * 0.5, s.topW * 0.42, s.color, s.metal);
        ctx.fill();
        outline(ctx, pen, lw * 0.8);
    }
}

/** Mitten or gauntlet seen from the side, wrist at the top, thumb toward the front (+x). */
export function paintHand(ctx: Ctx, w: number, h: number, pen: Pen, color: Rgb, metal: boolean): void {
    const lw = lineWidth(pen);
    const cx = w / 2;
    const cy = h * 0.52;
    ellipsePath(ctx, cx, cy, w / 2 - lw, h / 2 - lw);
    ctx.fillStyle = radialShade(ctx, cx, cy, Math.min(w, h) / 2, color, metal);
    ctx.fill();
    outline(ctx, pen);
    for (const f of [0.62, 0.78]) line(ctx, w * 0.3, h * f, w * 0.62, h * f + lw, lw * 0.6, css(shade(color, -0.4)));
}

/** One finger segment or thumb: a small vertical capsule. */
export function paintFinger(ctx: Ctx, w: number, h: number, pen: Pen, color: Rgb, metal: boolean): void {
    const lw = lineWidth(pen) * 0.8;
    capsulePath(ctx, w / 2, lw, h - lw, w - 2 * lw, (w - 2 * lw) * 0.85);
    ctx.fillStyle = acrossGradient(ctx, lw, w - lw, color, metal);
    ctx.fill();
    outline(ctx, pen, lw);
}

/** A boot from the side, toe to the right. Without `toe` it ends at the ball (the toe is its own part). */
export function paintBoot(ctx: Ctx, w: number, h: number, pen: Pen, color: Rgb, metal: boolean, toe: boolean): void {
    const lw = lineWidth(pen);
    const m = lw;
    const front = toe ? w - m : w - m * 0.5;
    ctx.beginPath();
    ctx.moveTo(w * 0.14, m);
    ctx.lineTo(w * (toe ? 0.5 : 0.62), m);
    if (toe) {
        ctx.quadraticCurveTo(w * 0.55, h * 0.42, w * 0.78, h * 0.46);
        ctx.quadraticCurveTo(front, h * 0.5, front, h * 0.78);
    } else {
        ctx.quadraticCurveTo(w * 0.7, h * 0.3, front, h * 0.38);
    }
    ctx.lineTo(front, h - m);
    ctx.lineTo(m, h - m);
    ctx.quadraticCurveTo(0, h * 0.5, w * 0.14, m);
    ctx.closePath();
    ctx.fillStyle = downGradient(ctx, 0, h, shade(color, metal ? 0.35 : 0.15), shade(color, -0.25));
    ctx.fill();
    clipped(ctx, () => {
        ctx.fillStyle = css(shade(color, -0.55));
        ctx.fillRect(0, h - m - h * 0.16, w, h * 0.2);
        line(ctx, w * 0.12, h * 0.28, w * 0.5, h * 0.28, lw * 0.7, css(shade(color, metal ? 0.6 : -0.35)));
    });
    outline(ctx, pen);
}

/** The toe cap that continues a toe-less boot. */
export function paintToe(ctx: Ctx, w: number, h: number, pen: Pen, color: Rgb, metal: boolean): void {
    const lw = lineWidth(pen);
    ctx.beginPath();
    ctx.moveTo(lw, h * 0.2);
    ctx.quadraticCurveTo(w * 0.7, h * 0.12, w - lw, h * 0.62);
    ctx.lineTo(w - lw, h - lw);
    ctx.lineTo(lw, h - lw);
    ctx.closePath();
    ctx.fillStyle = downGradient(ctx, 0, h, shade(color, metal ? 0.4 : 0.15), shade(color, -0.3));
    ctx.fill();
    clipped(ctx, () => {
        ctx.fillStyle = css(shade(color, -0.55));
        ctx.fillRect(0, h * 0.76, w, h);
    });
    outline(ctx, pen);
}

/** Hips and belt; the legs hang from here. */
export function paintPelvis(ctx: Ctx, w: number, h: number, pen: Pen): void {
    const { look } = pen;
    const lw = lineWidth(pen);
    roundRectPath(ctx, lw, lw, w - 2 * lw, h - 2 * lw, h * 0.4);
    ctx.fillStyle = acrossGradient(ctx, 0, w, look.leg, look.metal);
    ctx.fill();
    clipped(ctx, () => {
        ctx.fillStyle = acrossGradient(ctx, 0, w, look.metal ? LEATHER : look.trim, false);
        ctx.fillRect(0, 0, w, h * 0.38);
        ctx.fillStyle = css(look.metal ? look.trim : shade(look.trim, -0.3));
        ctx.fillRect(w * 0.72, h * 0.04, w * 0.14, h * 0.32);
    });
    roundRectPath(ctx, lw, lw, w - 2 * lw, h - 2 * lw, h * 0.4);
    outline(ctx, pen);
}

/** Torso silhouette and landmarks, in image coordinates. */
export interface TorsoGuide {
    outline: Vec[];
    neckY: number;
    chestY: number;
    waistY: number;
    hemY: number;
    backX: number;
    frontX: number;
}

export function paintTorso(ctx: Ctx, w: number, h: number, pen: Pen, g: TorsoGuide): void {
    const { look, p } = pen;
    const lw = lineWidth(pen);
    const depth = g.frontX - g.backX;
    smoothPath(ctx, g.outline);
    ctx.fillStyle = acrossGradient(ctx, g.backX, g.frontX, look.headgear === 'ears' ? look.skin : look.cloth, false);
    ctx.fill();
    clipped(ctx, () => {
        if (look.headgear === 'helmet') {
            // Breastplate over the chest, tabard below, gold hem and an emblem.
            ellipsePath(ctx, g.backX + depth * 0.55, g.neckY + (g.chestY - g.neckY) * 0.55, depth * 0.62, (g.chestY - g.neckY) * 0.75);
            ctx.fillStyle = acrossGradient(ctx, g.backX, g.frontX, STEEL, true);
            ctx.fill();
            outline(ctx, pen, lw * 0.8);
            ctx.fillStyle = css(look.trim);
            ctx.fillRect(0, g.hemY - 2.2 * p, w, 2.2 * p);
            const ex = g.backX + depth * 0.68;
            const ey = g.chestY + (g.waistY - g.chestY) * 0.45;
            polygonPath(ctx, [{ x: ex, y: ey - 3 * p }, { x: ex + 2.2 * p, y: ey }, { x: ex, y: ey + 3 * p }, { x: ex - 2.2 * p, y: ey }]);
            ctx.fillStyle = css(look.trim);
            ctx.fill();
            outline(ctx, pen, lw * 0.6);
        } else if (look.headgear === 'ears') {
            // Bare green belly, leather vest over the back, ragged loincloth.
            ctx.fillStyle = acrossGradient(ctx, g.backX, g.frontX, look.cloth, false);
            ctx.beginPath();
            ctx.moveTo(0, 0);
            ctx.lineTo(g.backX + depth * 0.62, 0);
            ctx.quadraticCurveTo(g.backX + depth * 0.45, g.chestY, g.backX + depth * 0.58, g.waistY);
            ctx.lineTo(0, g.waistY);
            ctx.closePath();
            ctx.fill();
            outline(ctx, pen, lw * 0.8);
            for (let i = 0; i < 3; i++) {
                const y = g.neckY + ((g.waistY - g.neckY) * (i + 1)) / 4;
                ellipsePath(ctx, g.backX + depth * 0.52, y, 0.5 * p, 0.5 * p);
                ctx.fillStyle = css(look.trim);
                ctx.fill();
            }
            ctx.fillStyle = acrossGradient(ctx, g.backX, g.frontX, shade(look.cloth, -0.15), false);
            ctx.beginPath();
            ctx.moveTo(0, g.waistY);
            ctx.lineTo(w, g.waistY);
            const teeth = 6;
            for (let i = teeth; i >= 0; i--) ctx.lineTo((w * i) / teeth, i % 2 ? h : g.hemY - 2.5 * p);
            ctx.closePath();
            ctx.fill();
            outline(ctx, pen, lw * 0.8);
        } else {
            // Robe: gold trim down the front edge and along the hem, high collar.
            ctx.fillStyle = css(look.trim);
            ctx.fillRect(g.frontX - depth * 0.2, 0, depth * 0.08, h);
            ctx.fillRect(0, g.hemY - 2 * p, w, 2 * p);
            ctx.fillStyle = css(shade(look.cloth, 0.25));
            ctx.fillRect(0, g.neckY - 1 * p, w, 3 * p);
            star(ctx, g.backX + depth * 0.42, g.chestY + (g.waistY - g.chestY) * 0.3, 2.4 * p, look.trim);
        }
        // Belt (or sash) at the waist.
        const beltH = 3 * p;
        ctx.fillStyle = acrossGradient(ctx, g.backX, g.frontX, look.headgear === 'hat' ? look.trim : LEATHER, false);
        ctx.fillRect(0, g.waistY - beltH / 2, w, beltH);
        roundRectPath(ctx, g.frontX - depth * 0.32, g.waistY - beltH * 0.7, beltH * 1.2, beltH * 1.4, p * 0.5);
        ctx.fillStyle = css(look.headgear === 'hat' ? shade(look.trim, -0.3) : look.trim);
        ctx.fill();
        outline(ctx, pen, lw * 0.6);
    });
    smoothPath(ctx, g.outline);
    outline(ctx, pen);
}

export type EyeState = 'open' | 'closed' | 'dead';

/** One eye centred at (x, y); `s` is its height. */
export function drawEye(ctx: Ctx, x: number, y: number, s: number, pen: Pen, state: EyeState): void {
    const { look } = pen;
    const lw = Math.max(1, lineWidth(pen) * 0.8);
    if (state === 'dead') {
        const k = s * 0.38;
        line(ctx, x - k, y - k, x + k, y + k, Math.max(1.2, s * 0.2), css(BLACK));
        line(ctx, x - k, y + k, x + k, y - k, Math.max(1.2, s * 0.2), css(BLACK));
        return;
    }
    if (state === 'closed') {
        ellipsePath(ctx, x, y, s * 0.4, s * 0.45);
        ctx.fillStyle = css(shade(look.skin, -0.12));
        ctx.fill();
        line(ctx, x - s * 0.4, y + s * 0.05, x + s * 0.4, y + s * 0.05, lw, css(BLACK));
        return;
    }
    const white = look.headgear === 'ears' ? mix(WHITE, look.eye, 0.35) : WHITE;
    ellipsePath(ctx, x, y, s * 0.34, s * 0.46);
    ctx.fillStyle = css(white);
    ctx.fill();
    ctx.lineWidth = lw * 0.7;
    ctx.strokeStyle = css(look.outline);
    ctx.stroke();
    ellipsePath(ctx, x + s * 0.1, y + s * 0.04, s * 0.24, s * 0.3);
    ctx.fillStyle = css(look.headgear === 'ears' ? [200, 40, 30] : look.eye);
    ctx.fill();
    ellipsePath(ctx, x + s * 0.13, y + s * 0.05, s * (look.headgear === 'ears' ? 0.06 : 0.13), s * 0.17);
    ctx.fillStyle = css(BLACK);
    ctx.fill();
    ellipsePath(ctx, x + s * 0.02, y - s * 0.1, s * 0.07, s * 0.07);
    ctx.fillStyle = css(WHITE);
    ctx.fill();
}

export function drawMouth(ctx: Ctx, x: number, y: number, s: number, pen: Pen, open: boolean): void {
    if (open) {
        ellipsePath(ctx, x, y, s * 0.3, s * 0.34);
        ctx.fillStyle = css([90, 20, 30]);
        ctx.fill();
        ellipsePath(ctx, x, y + s * 0.14, s * 0.18, s * 0.12);
        ctx.fillStyle = css([220, 90, 100]);
        ctx.fill();
        ellipsePath(ctx, x, y, s * 0.3, s * 0.34);
        outline(ctx, pen, Math.max(1, lineWidth(pen) * 0.7));
        return;
    }
    ctx.beginPath();
    ctx.moveTo(x - s * 0.42, y - s * 0.08);
    ctx.quadraticCurveTo(x, y + s * 0.3, x + s * 0.42, y - s * 0.12);
    ctx.quadraticCurveTo(x, y + s * 0.08, x - s * 0.42, y - s * 0.08);
    ctx.closePath();
    ctx.fillStyle = css([110, 30, 40]);
    ctx.fill();
    outline(ctx, pen, Math.max(1, lineWidth(pen) * 0.6));
    if (pen.look.headgear === 'ears') {
        polygonPath(ctx, [{ x: x + s * 0.12, y: y }, { x: x + s * 0.28, y: y - s * 0.02 }, { x: x + s * 0.22, y: y - s * 0.3 }]);
        ctx.fillStyle = css(WHITE);
        ctx.fill();
    }
}

export function paintEye(ctx: Ctx, w: number, h: number, pen: Pen, state: EyeState): void {
    drawEye(ctx, w / 2, h / 2, h * 0.92, pen, state);
}

export function paintMouth(ctx: Ctx, w: number, h: number, pen: Pen, open: boolean): void {
    drawMouth(ctx, w / 2, h / 2, Math.min(w, h * 1.5) * 0.9, pen, open);
}

/** Head centre and radius in image coordinates, plus what the head carries itself. */
export interface HeadGuide {
    cx: number;
    cy: number;
    r: number;
    /** Eyes and mouth painted on the head (rigs without face slots). */
    face: boolean;
    dead: boolean;
    /** Long hair painted behind the head (rigs without a hair mesh). */
    hairBack: boolean;
}

export function paintHead(ctx: Ctx, w: number, h: number, pen: Pen, g: HeadGuide): void {
    const { look } = pen;
    const { cx, cy, r } = g;
    const lw = lineWidth(pen);
    if (g.hairBack && look.hairStyle === 'long') {
        smoothPath(ctx, [{ x: cx - 0.2 * r, y: cy - r }, { x: cx - 1.15 * r, y: cy - 0.3 * r }, { x: cx - 1.1 * r, y: cy + 1.35 * r }, { x: cx - 0.2 * r, y: cy + 1.1 * r }]);
        ctx.fillStyle = acrossGradient(ctx, cx - 1.2 * r, cx, look.hair, false);
        ctx.fill();
        outline(ctx, pen);
    }
    // Compound silhouette (skull, jaw, nose): stroke all shapes wide first, then fill them, so only
    // the outer outline remains.
    const shapes: Array<() => void> = [
        () => ellipsePath(ctx, cx, cy, r * 0.96, r),
        () => ellipsePath(ctx, cx + 0.3 * r, cy + 0.42 * r, 0.62 * r, 0.52 * r),
    ];
    if (look.headgear === 'ears') {
        shapes.push(() => polygonPath(ctx, [{ x: cx + 0.75 * r, y: cy - 0.2 * r }, { x: cx + 1.42 * r, y: cy + 0.28 * r }, { x: cx + 0.78 * r, y: cy + 0.32 * r }]));
    } else {
        shapes.push(() => ellipsePath(ctx, cx + 0.93 * r, cy + 0.1 * r, 0.17 * r, look.beard ? 0.22 * r : 0.16 * r));
    }
    for (const shape of shapes) {
        shape();
        outline(ctx, pen, lw * 2);
    }
    for (const shape of shapes) {
        shape();
        ctx.fillStyle = radialShade(ctx, cx + 0.2 * r, cy, r * 1.1, look.skin);
        ctx.fill();
    }
    if (look.headgear !== 'ears') {
        ellipsePath(ctx, cx - 0.18 * r, cy + 0.05 * r, 0.18 * r, 0.26 * r);
        ctx.fillStyle = css(shade(look.skin, -0.12));
        ctx.fill();
        outline(ctx, pen, lw * 0.8);
    }
    ellipsePath(ctx, cx + 0.55 * r, cy + 0.28 * r, 0.2 * r, 0.13 * r);
    ctx.fillStyle = css([230, 110, 110], 0.35);
    ctx.fill();
    if (g.face) {
        drawEye(ctx, cx + 0.3 * r, cy - 0.1 * r, 0.42 * r, pen, g.dead ? 'dead' : 'open');
        drawEye(ctx, cx + 0.74 * r, cy - 0.07 * r, 0.46 * r, pen, g.dead ? 'dead' : 'open');
    }
    // Brows give the character its attitude.
    const brow = css(look.headgear === 'hat' ? look.hair : shade(look.skin, -0.6));
    const slant = look.headgear === 'ears' ? 0.16 : 0.06;
    line(ctx, cx + 0.14 * r, cy - (0.42 - slant) * r, cx + 0.44 * r, cy - 0.42 * r, Math.max(1, 0.1 * r), brow);
    line(ctx, cx + 0.58 * r, cy - 0.42 * r, cx + 0.92 * r, cy - (0.42 - slant) * r, Math.max(1, 0.1 * r), brow);
    if (look.beard) {
        smoothPath(ctx, [
            { x: cx - 0.05 * r, y: cy + 0.2 * r }, { x: cx + 0.6 * r, y: cy + 0.38 * r }, { x: cx + 1.02 * r, y: cy + 0.3 * r },
            { x: cx + 0.85 * r, y: cy + 1.0 * r }, { x: cx + 0.45 * r, y: cy + 1.5 * r }, { x: cx + 0.12 * r, y: cy + 0.95 * r },
        ]);
        ctx.fillStyle = acrossGradient(ctx, cx, cx + r, look.hair, false);
        ctx.fill();
        outline(ctx, pen);
        for (let i = 0; i < 3; i++) {
            line(ctx, cx + (0.3 + i * 0.2) * r, cy + 0.55 * r, cx + (0.35 + i * 0.1) * r, cy + 1.05 * r, lw * 0.6, css(shade(look.hair, -0.25)));
        }
    }
    if (g.face) drawMouth(ctx, cx + 0.62 * r, cy + 0.47 * r, 0.5 * r, pen, g.dead);
}

/** Helmet, wizard hat, or goblin ears with a leather cap; head centre given in image coordinates. */
export function paintHeadgear(ctx: Ctx, w: number, h: number, pen: Pen, g: { cx: number; cy: number; r: number }): void {
    const { look } = pen;
    const { cx, cy, r } = g;
    const lw = lineWidth(pen);
    if (look.headgear === 'helmet') {
        ctx.beginPath();
        ctx.moveTo(cx - 1.12 * r, cy + 0.55 * r);
        ctx.lineTo(cx - 1.12 * r, cy - 0.1 * r);
        ctx.bezierCurveTo(cx - 1.12 * r, cy - 1.5 * r, cx + 1.12 * r, cy - 1.5 * r, cx + 1.08 * r, cy - 0.2 * r);
        ctx.lineTo(cx + 0.2 * r, cy - 0.22 * r);
        ctx.lineTo(cx - 0.35 * r, cy + 0.55 * r);
        ctx.closePath();
        ctx.fillStyle = radialShade(ctx, cx, cy - 0.5 * r, 1.2 * r, STEEL, true);
        ctx.fill();
        clipped(ctx, () => {
            ctx.fillStyle = css(look.trim);
            ctx.fillRect(0, cy - 0.42 * r, w, 0.2 * r);
            line(ctx, cx - 0.05 * r, cy - 1.25 * r, cx - 0.05 * r, cy - 0.3 * r, lw * 1.5, css(shade(STEEL, 0.6)));
        });
        outline(ctx, pen);
        roundRectPath(ctx, cx + 0.72 * r, cy - 0.3 * r, 0.18 * r, 0.55 * r, 0.08 * r);
        ctx.fillStyle = css(shade(STEEL, -0.1));
        ctx.fill();
        outline(ctx, pen, lw * 0.8);
        for (const a of [0.2, 0.5, 0.8]) {
            ellipsePath(ctx, cx - 1.12 * r + a * 0.9 * r, cy - 0.32 * r, 0.06 * r, 0.06 * r);
            ctx.fillStyle = css(shade(look.trim, -0.3));
            ctx.fill();
        }
        return;
    }
    if (look.headgear === 'hat') {
        ctx.beginPath();
        ctx.moveTo(cx - 0.85 * r, cy - 0.5 * r);
        ctx.bezierCurveTo(cx - 0.5 * r, cy - 1.6 * r, cx - 0.6 * r, cy - 2.2 * r, cx - 1.35 * r, cy - 2.35 * r);
        ctx.bezierCurveTo(cx - 0.2 * r, cy - 2.0 * r, cx + 0.35 * r, cy - 1.4 * r, cx + 0.85 * r, cy - 0.5 * r);
        ctx.closePath();
        ctx.fillStyle = acrossGradient(ctx, cx - r, cx + r, look.cloth, false);
        ctx.fill();
        outline(ctx, pen);
        star(ctx, cx - 0.1 * r, cy - 1.15 * r, 0.26 * r, look.trim);
        ellipsePath(ctx, cx, cy - 0.5 * r, 1.45 * r, 0.3 * r, -0.06);
        ctx.fillStyle = acrossGradient(ctx, cx - 1.45 * r, cx + 1.45 * r, shade(look.cloth, -0.1), false);
        ctx.fill();
        outline(ctx, pen);
        ctx.beginPath();
        ctx.moveTo(cx - 0.8 * r, cy - 0.62 * r);
        ctx.lineTo(cx + 0.8 * r, cy - 0.62 * r);
        ctx.lineTo(cx + 0.72 * r, cy - 0.86 * r);
        ctx.lineTo(cx - 0.72 * r, cy - 0.86 * r);
        ctx.closePath();
        ctx.fillStyle = css(look.trim);
        ctx.fill();
        outline(ctx, pen, lw * 0.7);
        return;
    }
    // Goblin: a big pointed ear swept back and a stitched leather cap.
    polygonPath(ctx, [{ x: cx - 0.05 * r, y: cy - 0.15 * r }, { x: cx - 1.95 * r, y: cy - 1.05 * r }, { x: cx - 0.45 * r, y: cy + 0.4 * r }]);
    ctx.fillStyle = acrossGradient(ctx, cx - 1.9 * r, cx, look.skin, false);
    ctx.fill();
    outline(ctx, pen);
    polygonPath(ctx, [{ x: cx - 0.25 * r, y: cy - 0.05 * r }, { x: cx - 1.45 * r, y: cy - 0.72 * r }, { x: cx - 0.45 * r, y: cy + 0.18 * r }]);
    ctx.fillStyle = css(shade(mix(look.skin, [200, 90, 90], 0.3), -0.15));
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(cx - 1.0 * r, cy - 0.15 * r);
    ctx.bezierCurveTo(cx - 1.05 * r, cy - 1.35 * r, cx + 1.0 * r, cy - 1.4 * r, cx + 1.0 * r, cy - 0.3 * r);
    ctx.quadraticCurveTo(cx, cy - 0.55 * r, cx - 1.0 * r, cy - 0.15 * r);
    ctx.closePath();
    ctx.fillStyle = radialShade(ctx, cx, cy - 0.6 * r, 1.1 * r, LEATHER);
    ctx.fill();
    outline(ctx, pen);
    for (let i = 0; i < 5; i++) {
        const x = cx - 0.7 * r + i * 0.35 * r;
        line(ctx, x, cy - 0.5 * r - Math.sin((i / 4) * Math.PI) * 0.35 * r, x + 0.1 * r, cy - 0.62 * r - Math.sin((i / 4) * Math.PI) * 0.35 * r, lw * 0.6, css(shade(LEATHER, 0.4)));
    }
}

/** Hair, plume or braid as a ribbon along a line with per-point half widths (image coordinates). */
export function paintStrand(ctx: Ctx, w: number, h: number, pen: Pen, path: Vec[], halfWidths: number[]): void {
    const { look } = pen;
    const lw = lineWidth(pen);
    const normals = path.map((_, i) => {
        const a = path[Math.max(0, i - 1)]!;
        const b = path[Math.min(path.length - 1, i + 1)]!;
        const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
        return { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    });
    // Each style tapers within the mesh's strip: plumes to a point, braids thin, long hair barely.
    const last = path.length - 1;
    const taper = (i: number): number =>
        look.hairStyle === 'plume' ? 1 - (0.75 * i) / last : look.hairStyle === 'tuft' ? 0.62 - (0.2 * i) / last : 0.95 - (0.15 * i) / last;
    const side = (k: number): Vec[] =>
        path.map((pt, i) => ({ x: pt.x + normals[i]!.x * halfWidths[i]! * taper(i) * k, y: pt.y + normals[i]!.y * halfWidths[i]! * taper(i) * k }));
    const ribbon = [...side(1), ...side(-1).reverse()];
    const base = look.hair;
    if (look.hairStyle === 'plume') {
        // Feathery edge: every other outline point pushed out.
        const left = side(1.25);
        const right = side(-1.25);
        const frilly = [...side(1).flatMap((pt, i) => [pt, left[i]!]), ...side(-1).flatMap((pt, i) => [pt, right[i]!]).reverse()];
        smoothPath(ctx, frilly);
    } else {
        smoothPath(ctx, ribbon);
    }
    const g = ctx.createLinearGradient(path[0]!.x, path[0]!.y, path[path.length - 1]!.x, path[path.length - 1]!.y);
    g.addColorStop(0, css(shade(base, 0.15)));
    g.addColorStop(1, css(shade(base, -0.25)));
    ctx.fillStyle = g;
    ctx.fill();
    outline(ctx, pen);
    // Strands or braid ties follow the line.
    for (const k of look.hairStyle === 'tuft' ? [0] : [-0.45, 0.1, 0.55]) {
        const pts = side(k);
        ctx.beginPath();
        pts.forEach((pt, i) => (i === 0 ? ctx.moveTo(pt.x, pt.y) : ctx.lineTo(pt.x, pt.y)));
        ctx.lineWidth = lw * 0.6;
        ctx.strokeStyle = css(shade(base, look.hairStyle === 'long' ? -0.2 : 0.35));
        ctx.stroke();
    }
    if (look.hairStyle === 'tuft') {
        for (let i = 1; i < path.length - 1; i++) {
            const a = side(1)[i]!;
            const b = side(-1)[i]!;
            line(ctx, a.x, a.y, b.x, b.y, lw * 1.2, css(look.trim));
        }
    }
}

/** Cape from ladder columns (image coordinates): first column hugs the back, last is the free edge. */
export function paintCape(ctx: Ctx, w: number, h: number, pen: Pen, columns: Vec[][]): void {
    const { look, p } = pen;
    const lw = lineWidth(pen);
    const first = columns[0]!;
    const last = columns[columns.length - 1]!;
    const hemA = first[first.length - 1]!;
    const hemB = last[last.length - 1]!;
    const shape = [...first];
    if (look.headgear === 'ears') {
        // Torn hem.
        for (let i = 1; i < 6; i++) {
            const t = i / 6;
            shape.push({ x: hemA.x + (hemB.x - hemA.x) * t, y: hemA.y + (hemB.y - hemA.y) * t - (i % 2 ? 3 * p : 0) });
        }
    }
    shape.push(...[...last].reverse());
    polygonPath(ctx, shape);
    const g = ctx.createLinearGradient(hemB.x, 0, hemA.x, 0);
    g.addColorStop(0, css(shade(look.cape, -0.35)));
    g.addColorStop(0.5, css(shade(look.cape, 0.1)));
    g.addColorStop(1, css(shade(look.cape, -0.15)));
    ctx.fillStyle = g;
    ctx.fill();
    clipped(ctx, () => {
        for (const t of [0.33, 0.66]) {
            ctx.beginPath();
            first.forEach((pt, i) => {
                const q = last[i]!;
                const x = pt.x + (q.x - pt.x) * t;
                const y = pt.y + (q.y - pt.y) * t;
                if (i === 0) ctx.moveTo(x, y);
                else ctx.lineTo(x, y);
            });
            ctx.lineWidth = lw * 1.4;
            ctx.strokeStyle = css(shade(look.cape, -0.4), 0.6);
            ctx.stroke();
        }
        if (look.headgear !== 'ears') {
            ctx.beginPath();
            ctx.moveTo(hemA.x, hemA.y - 2.5 * p);
            ctx.lineTo(hemB.x, hemB.y - 2.5 * p);
            ctx.lineWidth = 2.2 * p;
            ctx.strokeStyle = css(look.trim);
            ctx.stroke();
        }
        if (look.headgear === 'hat') {
            for (let i = 0; i < 4; i++) {
                const a = first[Math.min(first.length - 1, 1 + i)]!;
                const b = last[Math.min(last.length - 1, 1 + i)]!;
                star(ctx, (a.x + b.x) / 2, (a.y + b.y) / 2 + (i % 2) * 2 * p, 1.6 * p, shade(look.trim, 0.2));
            }
        }
    });
    polygonPath(ctx, shape);
    outline(ctx, pen);
}

/** Weapon drawn pointing right with the grip centred at x = `grip`. */
export function paintWeapon(ctx: Ctx, w: number, h: number, pen: Pen, grip: number): void {
    const { look, p } = pen;
    const lw = lineWidth(pen);
    const cy = h / 2;
    if (look.weapon === 'sword') {
        const guard = grip + 3 * p;
        ctx.beginPath();
        ctx.moveTo(guard, cy - 1.7 * p);
        ctx.lineTo(w - 7 * p, cy - 1.5 * p);
        ctx.lineTo(w - lw, cy);
        ctx.lineTo(w - 7 * p, cy + 1.5 * p);
        ctx.lineTo(guard, cy + 1.7 * p);
        ctx.closePath();
        ctx.fillStyle = downGradient(ctx, cy - 1.7 * p, cy + 1.7 * p, shade(STEEL, 0.6), shade(STEEL, -0.35));
        ctx.fill();
        outline(ctx, pen);
        line(ctx, guard + 2 * p, cy, w - 9 * p, cy, lw * 0.7, css(shade(STEEL, -0.3)));
        roundRectPath(ctx, grip - 3.2 * p, cy - 1 * p, 6.4 * p, 2 * p, p);
        ctx.fillStyle = css(LEATHER);
        ctx.fill();
        outline(ctx, pen, lw * 0.8);
        roundRectPath(ctx, guard - 0.8 * p, cy - 4.2 * p, 1.8 * p, 8.4 * p, 0.8 * p);
        ctx.fillStyle = downGradient(ctx, cy - 4 * p, cy + 4 * p, shade(look.trim, 0.4), shade(look.trim, -0.3));
        ctx.fill();
        outline(ctx, pen, lw * 0.8);
        ellipsePath(ctx, grip - 3.8 * p, cy, 1.3 * p, 1.3 * p);
        ctx.fillStyle = css(look.trim);
        ctx.fill();
        outline(ctx, pen, lw * 0.8);
        return;
    }
    if (look.weapon === 'club') {
        ctx.beginPath();
        ctx.moveTo(grip - 4 * p, cy - 1 * p);
        ctx.quadraticCurveTo(w * 0.6, cy - 1.6 * p, w - 5 * p, cy - 3.8 * p);
        ctx.quadraticCurveTo(w - lw, cy - 3.6 * p, w - lw, cy);
        ctx.quadraticCurveTo(w - lw, cy + 3.6 * p, w - 5 * p, cy + 3.8 * p);
        ctx.quadraticCurveTo(w * 0.6, cy + 1.6 * p, grip - 4 * p, cy + 1 * p);
        ctx.closePath();
        ctx.fillStyle = downGradient(ctx, cy - 4 * p, cy + 4 * p, shade(WOOD, 0.3), shade(WOOD, -0.35));
        ctx.fill();
        outline(ctx, pen);
        for (const [x, y] of [[0.72, -0.22], [0.8, 0.18], [0.88, -0.1], [0.93, 0.22]] as const) {
            const nx = w * x;
            const ny = cy + h * y;
            ellipsePath(ctx, nx, ny, 0.7 * p, 0.7 * p);
            ctx.fillStyle = css(STEEL);
            ctx.fill();
            outline(ctx, pen, lw * 0.5);
        }
        for (const x of [grip - 1.5 * p, grip + 1.5 * p]) line(ctx, x, cy - 1.2 * p, x + 0.6 * p, cy + 1.2 * p, lw, css(look.trim));
        return;
    }
    // Staff with a glowing orb held in a golden claw.
    roundRectPath(ctx, lw, cy - 0.9 * p, w - 6 * p, 1.8 * p, 0.9 * p);
    ctx.fillStyle = downGradient(ctx, cy - p, cy + p, shade(WOOD, 0.3), shade(WOOD, -0.3));
    ctx.fill();
    outline(ctx, pen);
    const ox = w - 3.6 * p;
    const glow = ctx.createRadialGradient(ox, cy, 0, ox, cy, 3.6 * p);
    glow.addColorStop(0, 'rgba(230,255,255,1)');
    glow.addColorStop(0.45, 'rgba(90,225,255,0.95)');
    glow.addColorStop(1, 'rgba(90,160,255,0)');
    ctx.fillStyle = glow;
    ctx.fillRect(ox - 3.6 * p, 0, 7.2 * p, h);
    ellipsePath(ctx, ox, cy, 2.2 * p, 2.2 * p);
    ctx.fillStyle = radialShade(ctx, ox, cy, 2.2 * p, [120, 220, 255]);
    ctx.fill();
    outline(ctx, pen, lw * 0.8);
    for (const k of [-1, 1]) line(ctx, ox - 3 * p, cy + k * 0.6 * p, ox - 0.8 * p, cy + k * 2.4 * p, lw * 1.2, css(look.trim));
}

/** Shoulder armour hanging from the shoulder (top of the image). */
export function paintPauldron(ctx: Ctx, w: number, h: number, pen: Pen): void {
    const { look } = pen;
    const lw = lineWidth(pen);
    const material = look.metal ? STEEL : look.headgear === 'ears' ? LEATHER : look.cloth;
    ctx.beginPath();
    ctx.moveTo(lw, h * 0.75);
    ctx.bezierCurveTo(lw, -h * 0.15, w - lw, -h * 0.15, w - lw, h * 0.75);
    ctx.quadraticCurveTo(w / 2, h * 0.95, lw, h * 0.75);
    ctx.closePath();
    ctx.fillStyle = radialShade(ctx, w / 2, h * 0.45, w * 0.55, material, look.metal);
    ctx.fill();
    clipped(ctx, () => {
        ctx.beginPath();
        ctx.moveTo(0, h * 0.78);
        ctx.quadraticCurveTo(w / 2, h * 1.0, w, h * 0.78);
        ctx.lineWidth = h * 0.2;
        ctx.strokeStyle = css(look.headgear === 'ears' ? shade(LEATHER, -0.3) : look.trim);
        ctx.stroke();
    });
    outline(ctx, pen);
}

export function paintNeck(ctx: Ctx, w: number, h: number, pen: Pen): void {
    const { look } = pen;
    const lw = lineWidth(pen);
    roundRectPath(ctx, lw, lw, w - 2 * lw, h - 2 * lw, w * 0.3);
    ctx.fillStyle = acrossGradient(ctx, 0, w, look.metal ? shade(STEEL, -0.15) : look.skin, look.metal);
    ctx.fill();
    outline(ctx, pen);
}

export function paintShadow(ctx: Ctx, w: number, h: number): void {
    const g = ctx.createRadialGradient(w / 2, h / 2, 0, w / 2, h / 2, w / 2);
    g.addColorStop(0, 'rgba(0,0,0,0.38)');
    g.addColorStop(0.7, 'rgba(0,0,0,0.22)');
    g.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.save();
    ctx.translate(w / 2, h / 2);
    ctx.scale(1, h / w);
    ctx.translate(-w / 2, -h / 2);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, w);
    ctx.restore();
}

/** One-piece arm for the smallest rig: sleeve down to the wrist, then the hand. */
export function paintSimpleArm(ctx: Ctx, w: number, h: number, pen: Pen, handH: number): void {
    const { look } = pen;
    const handTop = h - handH - lineWidth(pen);
    paintLimb(ctx, w, h, pen, { color: look.sleeve, metal: look.metal, topW: w * 0.78, bottomW: w * 0.62, band: look.metal ? undefined : look.glove }, handTop + handH * 0.35);
    ctx.save();
    ctx.translate(0, handTop);
    paintHand(ctx, w, handH, pen, look.glove, look.metal);
    ctx.restore();
}

/** One-piece leg for the smallest rig: trouser leg centred in the image, boot at the bottom, toe forward. */
export function paintSimpleLeg(ctx: Ctx, w: number, h: number, pen: Pen, bootW: number, bootH: number, legW: number): void {
    const { look } = pen;
    ctx.save();
    ctx.translate((w - legW) / 2, 0);
    paintLimb(ctx, legW, h - bootH * 0.5, pen, { color: look.leg, metal: look.metal, topW: legW * 0.92, bottomW: legW * 0.7, cop: look.metal });
    ctx.restore();
    ctx.save();
    // The boot shaft (about a third in from the heel) sits under the leg.
    ctx.translate(w / 2 - 0.32 * bootW, h - bootH);
    paintBoot(ctx, bootW, bootH, pen, look.boot, look.metal, true);
    ctx.restore();
}
