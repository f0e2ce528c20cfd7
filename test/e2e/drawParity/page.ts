/**
 * Pixel parity of the pool's WebGL draw path (plugin/PooledDraw.ts), in a real browser: the same
 * crowd is drawn by stock spine-phaser (`this.add.spine`), then by the pool with `poseCache:
 * 'off'`, then with `poseCache: 'shared'`, each given the same calls on the same clock, and each
 * frame read back (readPixels) for test/e2e/drawParity.test.ts to compare.
 *
 * The crowd: a mesh hero (weighted meshes, deform keys), the corpus rigs (attachment, colour and
 * draw-order keys, paths, physics) with slots set to additive, multiply and screen blending and a
 * dark colour; tinted and translucent skeletons, flipped and rotated ones, some in a rotated,
 * scaled Container; seen by the main camera and by a second, zoomed and scrolled, camera (a minimap).
 * Pooled instances are pinned to full detail, so every frame poses them as stock's (the tiers'
 * lag is the scheduler's business, not drawing's).
 */
import * as spine from '@esotericsoftware/spine-phaser';
import { SpinePoolPlugin } from 'phaser-spine-pool';
import { corpusRig } from '../../skeletons/corpus';
import { preset } from '../../skeletons/presets';

declare const Phaser: typeof import('phaser');

/** `?renderer=spine-webgl` (Phaser 4): stock objects and the pool's are made with that renderer. */
const RENDERER = new URLSearchParams(location.search).get('renderer') as 'spine-webgl' | null;
const WIDTH = 480;
const HEIGHT = 360;
const FRAMES = 40;
const FRAME_MS = 1000 / 60;

type Mode = 'stock' | 'off' | 'shared';

interface Spec {
    key: string;
    animation: string;
    x: number;
    y: number;
    scaleX: number;
    scaleY: number;
    angle: number;
    offset: number;
    tint?: [number, number, number, number];
    inContainer?: boolean;
}

interface Generated {
    json: any;
    atlas: string;
    pages: { name: string; width: number; height: number; paint(ctx: CanvasRenderingContext2D): void }[];
}

const v43 = typeof (spine.Skeleton.prototype as unknown as { setupPose?: unknown }).setupPose === 'function';
const format = v43 ? '4.3' : '4.2';

/** The rig with three slots blended (additive, multiply, screen) and one with a dark colour. */
function blended(rig: Generated): Generated {
    const json = JSON.parse(JSON.stringify(rig.json));
    const slots = json.slots as { blend?: string; dark?: string }[];
    const modes = ['additive', 'multiply', 'screen'];
    for (let i = 0; i < modes.length && 2 + i * 3 < slots.length; i++) slots[2 + i * 3].blend = modes[i];
    if (slots.length > 1) slots[1].dark = '402060';
    return { ...rig, json };
}

const RIGS: Record<string, { rig: Generated; animations: string[] }> = {
    hero: { rig: blended(preset('hero', format) as unknown as Generated), animations: [] },
    limbs: { rig: blended(corpusRig('limbs', format) as unknown as Generated), animations: [] },
    stunts: { rig: corpusRig('stunts', format) as unknown as Generated, animations: [] },
    path: { rig: corpusRig('path', format) as unknown as Generated, animations: [] },
    physics: { rig: corpusRig('physics', format) as unknown as Generated, animations: [] },
};
for (const entry of Object.values(RIGS)) entry.animations = Object.keys(entry.rig.json.animations ?? {});

function specs(): Spec[] {
    const out: Spec[] = [];
    const keys = Object.keys(RIGS);
    let n = 0;
    for (let row = 0; row < 4; row++) {
        for (let col = 0; col < 6; col++, n++) {
            const key = keys[n % keys.length];
            const animations = RIGS[key].animations;
            out.push({
                key,
                animation: animations[n % animations.length],
                x: 40 + col * 80,
                y: 80 + row * 90,
                scaleX: (n % 5 === 1 ? -1 : 1) * (0.25 + (n % 3) * 0.1),
                scaleY: 0.25 + (n % 3) * 0.1,
                angle: n % 4 === 2 ? 20 : 0,
                offset: (n * 0.137) % 1,
                tint: n % 3 === 0 ? [1, 0.6, 0.8, n % 2 === 0 ? 0.7 : 1] : undefined,
                inContainer: n % 7 === 3,
            });
        }
    }
    return out;
}

function addRigs(scene: Phaser.Scene): void {
    for (const [key, { rig }] of Object.entries(RIGS)) {
        scene.cache.json.add(key, rig.json);
        scene.cache.text.add(`${key}-atlas`, v43 ? rig.atlas : { data: rig.atlas, premultipliedAlpha: false });
        for (const page of rig.pages) {
            const canvas = document.createElement('canvas');
            canvas.width = page.width;
            canvas.height = page.height;
            page.paint(canvas.getContext('2d') as CanvasRenderingContext2D);
            scene.textures.addCanvas(`${key}-atlas!${page.name}`, canvas);
        }
    }
}

export interface ParityResult {
    renderer: string;
    width: number;
    height: number;
    /** RGBA of the last frame per mode, base64. */
    frames: Record<Mode, string>;
    /** Poses copied from the cache in the last shared frame (instances drawn from its samples). */
    sharedHits: number;
    errors: string[];
}

class ParityScene extends Phaser.Scene {
    private clock = 0;

    create(): void {
        addRigs(this);
        if (RENDERER !== null) this.pool.configure({ renderer: RENDERER });
        const minimap = this.cameras.add(WIDTH - 160, 0, 160, 120).setZoom(0.4).setScroll(120, 80);
        minimap.setBackgroundColor(0x203040);
        this.game.loop.stop();
        const result: ParityResult = { renderer: this.game.renderer.type === Phaser.WEBGL ? 'WebGL' : 'Canvas', width: WIDTH, height: HEIGHT, frames: {} as Record<Mode, string>, sharedHits: 0, errors: [] };
        for (const mode of ['stock', 'off', 'shared'] as Mode[]) {
            try {
                result.frames[mode] = this.run(mode, result);
            } catch (error) {
                result.errors.push(`${mode}: ${String((error as Error).stack ?? error)}`);
            }
        }
        (window as unknown as { parityResult: ParityResult }).parityResult = result;
        document.body.dataset.done = 'true';
    }

    private get pool(): SpinePoolPlugin {
        return (this as unknown as { spinePool: SpinePoolPlugin }).spinePool;
    }

    /** Draws the crowd in `mode` for FRAMES frames; returns the last frame's pixels. */
    private run(mode: Mode, result: ParityResult): string {
        const container = this.add.container(240, 180).setAngle(-15).setScale(1.2);
        const made: { destroy(): void }[] = [container];
        for (const s of specs()) {
            const go =
                mode === 'stock'
                    ? RENDERER === null
                        ? this.add.spine(s.x, s.y, s.key, `${s.key}-atlas`)
                        : (this.add.spine as (...args: unknown[]) => ReturnType<typeof this.add.spine>)(s.x, s.y, s.key, `${s.key}-atlas`, { renderer: RENDERER })
                    : this.pool.spawn(s.x, s.y, s.key, `${s.key}-atlas`, { detail: 'full', poseCache: mode });
            if (s.inContainer) {
                go.setPosition(s.x - 240, s.y - 180);
                container.add(go);
            }
            go.setScale(s.scaleX, s.scaleY).setAngle(s.angle);
            if (s.tint) go.skeleton.color.set(...s.tint);
            go.animationState.setAnimation(0, s.animation, true).trackTime = s.offset;
            made.push(mode === 'stock' ? go : { destroy: () => this.pool.despawn(go) });
        }
        // The same clock for every mode: poses depend on time only.
        this.clock = 0;
        let hits = 0;
        for (let frame = 0; frame < FRAMES; frame++) {
            hits = this.pool.stats().poseCache.hits;
            this.clock += FRAME_MS;
            this.game.step(this.clock, FRAME_MS);
        }
        if (mode === 'shared') result.sharedHits = this.pool.stats().poseCache.hits - hits;
        const gl = (this.game.renderer as unknown as { gl: WebGLRenderingContext }).gl;
        const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
        gl.readPixels(0, 0, WIDTH, HEIGHT, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
        for (const m of made.reverse()) m.destroy();
        let binary = '';
        for (let i = 0; i < pixels.length; i += 0x8000) binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
        return btoa(binary);
    }
}

new Phaser.Game({
    type: Phaser.WEBGL,
    width: WIDTH,
    height: HEIGHT,
    backgroundColor: '#101010',
    parent: 'game',
    render: { preserveDrawingBuffer: true, antialias: false },
    scene: ParityScene,
    plugins: {
        scene: [
            { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
            { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
        ],
    },
});
