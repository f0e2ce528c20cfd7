import type * as Phaser from 'phaser';
import { WORLD_HEIGHT, WORLD_WIDTH } from './settings';

const TILE = 512; // a power of two: WebGL repeats it without a resample
const GRASS_KEY = 'demo-grass';

/** A small seeded generator, so the ground is the same on every run. */
function rng(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let t = s;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/**
 * A seamless grass tile: patches, tufts and flowers, each drawn at its wrapped positions too, so
 * that whatever crosses one edge of the tile comes back in through the opposite edge.
 */
function makeGrassTexture(scene: Phaser.Scene): void {
    if (scene.textures.exists(GRASS_KEY)) return;
    const g = scene.make.graphics({}, false);
    const random = rng(7);
    // A shape crossing the left or top edge reappears on the right or bottom (+TILE), one crossing
    // the right or bottom edge on the left or top (−TILE): cut at one edge only, it made a seam
    // at every tile boundary, plain to see when zoomed in.
    const wrapped = (draw: (x: number, y: number) => void, x: number, y: number): void => {
        for (const ox of [-TILE, 0, TILE]) for (const oy of [-TILE, 0, TILE]) draw(x + ox, y + oy);
    };
    g.fillStyle(0x4f7d3a).fillRect(0, 0, TILE, TILE);
    for (let i = 0; i < 26; i++) {
        const color = random() < 0.5 ? 0x5a8a41 : 0x466f33;
        const w = 60 + random() * 140;
        const h = w * (0.35 + random() * 0.3);
        g.fillStyle(color, 0.7);
        wrapped((x, y) => g.fillEllipse(x, y, w, h, 20), random() * TILE, random() * TILE);
    }
    for (let i = 0; i < 140; i++) {
        const light = random() < 0.5;
        g.lineStyle(2, light ? 0x6fa24f : 0x3b5f2a, 0.9);
        wrapped(
            (x, y) => {
                g.lineBetween(x, y, x - 3, y - 7);
                g.lineBetween(x + 3, y, x + 4, y - 8);
            },
            random() * TILE,
            random() * TILE,
        );
    }
    const petals = [0xfff3b0, 0xf4a6c6, 0xffffff, 0xb8c7ff];
    for (let i = 0; i < 22; i++) {
        g.fillStyle(petals[i % petals.length]!, 1);
        wrapped((x, y) => g.fillCircle(x, y, 2.5), random() * TILE, random() * TILE);
    }
    g.generateTexture(GRASS_KEY, TILE, TILE);
    g.destroy();
}

/** Two winding dirt roads across the world, and stones along the way. */
function drawRoadsAndStones(scene: Phaser.Scene): void {
    const g = scene.add.graphics().setDepth(-5);
    const random = rng(11);
    const road = (y0: number, amplitude: number, phase: number): Phaser.Types.Math.Vector2Like[] => {
        const points: Phaser.Types.Math.Vector2Like[] = [];
        for (let x = -200; x <= WORLD_WIDTH + 200; x += 100) points.push({ x, y: y0 + Math.sin(x / 900 + phase) * amplitude });
        return points;
    };
    for (const [y0, amplitude, phase] of [
        [WORLD_HEIGHT * 0.33, 260, 0],
        [WORLD_HEIGHT * 0.7, 200, 2.1],
    ] as const) {
        const points = road(y0, amplitude, phase);
        // Thick strokes leave notches at the joints; discs at every point round them off.
        for (const [width, color] of [
            [150, 0x8a6a43],
            [110, 0xa1804f],
        ] as const) {
            g.lineStyle(width, color, 1).strokePoints(points);
            g.fillStyle(color, 1);
            for (const p of points) g.fillCircle(p.x, p.y, width / 2);
        }
    }
    for (let i = 0; i < 160; i++) {
        const x = random() * WORLD_WIDTH;
        const y = random() * WORLD_HEIGHT;
        const w = 14 + random() * 26;
        g.fillStyle(0x3a4a30, 0.5).fillEllipse(x + 3, y + 4, w * 1.1, w * 0.5, 12);
        g.fillStyle(random() < 0.5 ? 0x8e9499 : 0x7b8287, 1).fillEllipse(x, y, w, w * 0.62, 12);
        g.fillStyle(0xc2c8cc, 0.8).fillEllipse(x - w * 0.15, y - w * 0.12, w * 0.4, w * 0.2, 8);
    }
    // The world's edge: a darker border, so panning shows where the field ends.
    g.lineStyle(24, 0x2d4a22, 1).strokeRect(12, 12, WORLD_WIDTH - 24, WORLD_HEIGHT - 24);
}

/**
 * The field: grass tiles over the whole world, roads and stones on top; all below the characters.
 * The tiles are one Blitter (one game object, one batch), not a world-sized TileSprite, whose
 * backing canvas Phaser 3 allocates at full size.
 */
export function createGround(scene: Phaser.Scene): void {
    makeGrassTexture(scene);
    const tiles = scene.add.blitter(0, 0, GRASS_KEY).setDepth(-10);
    for (let y = 0; y < WORLD_HEIGHT; y += TILE) {
        for (let x = 0; x < WORLD_WIDTH; x += TILE) tiles.create(x, y);
    }
    drawRoadsAndStones(scene);
}
