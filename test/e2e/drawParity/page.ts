/**
 * Pixel parity of the pool's WebGL draw path (plugin/PooledDraw.ts), in a real browser: the same
 * crowd is drawn by stock spine-phaser (`this.add.spine`), then by the pool with `poseCache:
 * 'off'`, then with `poseCache: 'shared'`, each given the same calls on the same clock; the same
 * frames of each (READ_AT) are read back (readPixels) for test/e2e/drawParity.test.ts to compare,
 * with, for the pool's modes, how each instance was drawn in that frame (the plugin's record, read
 * through test/harness/internals.ts).
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
import { instanceRecord } from '../../harness/internals';
import { corpusRig } from '../../skeletons/corpus';
import { preset } from '../../skeletons/presets';

declare const Phaser: typeof import('phaser');

/** `?renderer=spine-webgl` (Phaser 4): stock objects and the pool's are made with that renderer. */
const RENDERER = new URLSearchParams(location.search).get('renderer') as 'spine-webgl' | null;
const WIDTH = 480;
const HEIGHT = 360;
const FRAMES = 40;
/** The frames read back (after that many steps): early, middle and last, so poses at different times are compared. */
const READ_AT = [14, 27, 40];
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

/** How the pool's instances were drawn in one frame read back (PooledInstance.drawnFrom). */
export interface DrawnCounts {
    /** Pooled instances in the crowd. */
    instances: number;
    /** Those neither tinted nor of the physics rig: the ones the picture can cover once their pose is served from the cache. */
    plain: number;
    /** Of those, drawn from their samples' picture. */
    plainPicture: number;
    /** From their samples' picture. */
    picture: number;
    /** Slot by slot by the pool. */
    slots: number;
    /** Left to the runtime's own renderer. */
    runtime: number;
    /** Showing a clipping attachment (always the runtime's to draw). */
    clipping: number;
}

export interface ParityResult {
    renderer: string;
    width: number;
    height: number;
    /** The frames read back (READ_AT), the same for every mode. */
    readAt: number[];
    /** RGBA of each frame read back, per mode, base64. */
    frames: Record<Mode, string[]>;
    /** How the pool drew its instances in each frame read back ('off', 'shared'). */
    drawn: Record<'off' | 'shared', DrawnCounts[]>;
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
        const result: ParityResult = { renderer: this.game.renderer.type === Phaser.WEBGL ? 'WebGL' : 'Canvas', width: WIDTH, height: HEIGHT, readAt: READ_AT, frames: {} as Record<Mode, string[]>, drawn: { off: [], shared: [] }, errors: [] };
        for (const mode of ['stock', 'off', 'shared'] as Mode[]) {
            try {
                // The cache builds a few samples a frame (BUILDS_PER_FRAME): two passes over the same
                // frames first build what the measured one draws from (else most of it would be posed
                // in full while its samples wait, and the picture path hardly tested).
                if (mode === 'shared') for (let pass = 0; pass < 2; pass++) this.run(mode, null);
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

    /** Draws the crowd in `mode` for FRAMES frames; returns the pixels of the frames READ_AT (and, pooled, how each was drawn). */
    private run(mode: Mode, result: ParityResult | null): string[] {
        const container = this.add.container(240, 180).setAngle(-15).setScale(1.2);
        const made: { destroy(): void }[] = [container];
        const pooled: { go: Phaser.GameObjects.GameObject; plain: boolean }[] = [];
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
            if (mode !== 'stock') pooled.push({ go, plain: !s.tint && s.key !== 'physics' });
        }
        // The same clock for every mode: poses depend on time only.
        this.clock = 0;
        const frames: string[] = [];
        for (let frame = 1; frame <= FRAMES; frame++) {
            this.clock += FRAME_MS;
            this.game.step(this.clock, FRAME_MS);
            if (result === null || !READ_AT.includes(frame)) continue;
            frames.push(readFrame(this.game));
            if (mode !== 'stock') result.drawn[mode].push(this.drawnCounts(pooled));
        }
        for (const m of made.reverse()) m.destroy();
        return frames;
    }

    /** How the pool drew `pooled` in the frame just rendered (each was drawn: the whole crowd is in the main camera's view). */
    private drawnCounts(pooled: { go: Phaser.GameObjects.GameObject; plain: boolean }[]): DrawnCounts {
        const counts: DrawnCounts = { instances: pooled.length, plain: 0, plainPicture: 0, picture: 0, slots: 0, runtime: 0, clipping: 0 };
        for (const { go, plain } of pooled) {
            const from = instanceRecord(this.pool as never, go as never).drawnFrom;
            if (from !== null) counts[from]++;
            if (plain) counts.plain++;
            if (plain && from === 'picture') counts.plainPicture++;
            const slots = (go as unknown as { skeleton: { slots: { attachment?: unknown; appliedPose?: { attachment: unknown } }[] } }).skeleton.slots;
            if (slots.some((slot) => ((v43 ? slot.appliedPose?.attachment : slot.attachment) as { endSlot?: unknown } | null)?.endSlot !== undefined)) counts.clipping++;
        }
        return counts;
    }
}

/** The pixels of the frame just rendered (the drawing buffer is preserved), RGBA, base64. */
function readFrame(game: Phaser.Game): string {
    const gl = (game.renderer as unknown as { gl: WebGLRenderingContext }).gl;
    const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
    gl.readPixels(0, 0, WIDTH, HEIGHT, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    let binary = '';
    for (let i = 0; i < pixels.length; i += 0x8000) binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
    return btoa(binary);
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
