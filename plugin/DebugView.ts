import * as Phaser from 'phaser';
import type { Settings } from '../src/options';
import { Tier, TIER_NAMES } from '../src/Tier';
import { extentOf, type Box } from '../spine/animationReach';
import { NOT_SERVED_NAMES, REASON_CODES, SERVED } from '../spine/core/notServed';
import type { SpinePoolStats, TierName } from './api';
import { placementOf } from './CameraTiers';
import type { SpinePoolOptions } from './options';
import type { PooledInstance } from './PooledInstance';
import { DRAW_PATHS, DRAWN_NAMES, type DrawnFrom } from './draw/paths';
import { place, placement, rect, viewRect } from './tierGeometry';
import type { UpdatePass } from './UpdatePass';

/**
 * The colours of the debug view (the `debug` option), one per level-of-detail tier, as `0xRRGGBB`:
 * each instance's box and origin square, the `highDetailDistance` and `midDetailDistance` rings.
 *
 * @example
 * ```ts
 * import { DEBUG_TIER_COLORS, type TierName } from 'phaser-spine-pool';
 * // A legend next to the game, in the view's colours:
 * const css = (tier: TierName) => `#${DEBUG_TIER_COLORS[tier].toString(16).padStart(6, '0')}`;
 * ```
 */
export const DEBUG_TIER_COLORS: Readonly<Record<TierName, number>> = {
    high: 0x3ddc84,
    mid: 0xffc107,
    low: 0xff5252,
    offscreen: 0x9e9e9e,
    inactive: 0x7e57c2,
};

/** The colours by tier index (src/Tier.ts). */
const TIER_COLORS: readonly number[] = TIER_NAMES.map((name) => DEBUG_TIER_COLORS[name]);

/** Screen px: the side of the square drawn at each instance's origin. */
export const ORIGIN_SQUARE = 8;
/** Screen px: instances whose box is shorter than this on screen get no label. */
const LABEL_MIN_HEIGHT = 40;
/** Labels drawn at most (each is a Text, a texture of its own). */
const MAX_LABELS = 48;
/** The panel is written again every this many frames (a Text's texture is drawn and uploaded each time it changes). */
const PANEL_EVERY = 15;
/** A ring (a distance tier's edge) is not drawn when its radius is beyond this many view diagonals. */
const RING_LIMIT = 4;

const LABEL_STYLE: Phaser.Types.GameObjects.Text.TextStyle = {
    fontFamily: 'monospace',
    fontSize: '11px',
    color: '#ffffff',
    backgroundColor: 'rgba(0,0,0,0.6)',
    padding: { x: 3, y: 1 },
};
const PANEL_STYLE: Phaser.Types.GameObjects.Text.TextStyle = { ...LABEL_STYLE, fontSize: '12px', padding: { x: 6, y: 4 } };

/** How an instance was drawn this frame, as the labels say it: its draw path's name (draw/paths.ts), or not drawn by the view's camera. */
const DRAWS: readonly string[] = Object.freeze([...DRAWN_NAMES, 'not drawn']);
const NOT_DRAWN = DRAWN_NAMES.length;
/** A pose not made this frame (its tier's interval): the one before is shown. */
const HELD = REASON_CODES;

/** What the view's camera reads of a Phaser camera (a pinned `camera` option may be any `CameraView`). */
interface ViewCamera {
    x: number;
    y: number;
    width: number;
    height: number;
    scrollX: number;
    scrollY: number;
    zoomX: number;
    zoomY: number;
    rotation: number;
    originX: number;
    originY: number;
    /** The objects the camera drew this frame (Phaser fills it as it renders). */
    renderList: readonly unknown[];
}

/** A renderer as the scene's RENDER event hands it: each camera's render call (Phaser 3 and 4, WebGL and Canvas). */
interface SceneRenderer {
    render(scene: Phaser.Scene, children: Phaser.GameObjects.GameObject[], camera: Phaser.Cameras.Scene2D.Camera): void;
}

/**
 * The debug view of one scene's pool (the `debug` option): drawn over the scene, per spawned
 * instance, its tier (colour), its extent (the box culling and the distance tiers measure, placed as
 * the camera sees it) with a square at its origin, and where it is big enough on screen a label:
 * its tier, how this frame's pose was made (`cache`, `full: <reason>`, or `held`: not posed this
 * frame) and how it was drawn (`impostor`, `gpu`, `picture`, `slots`, `runtime`, or `not drawn`); the two distance
 * rings around the view's centre; a panel of `stats()`.
 *
 * Its own layer: a Graphics and Texts that are in no display list, drawn after the scene's cameras
 * (the scene's RENDER event) with a camera of its own that is in no camera manager, at the view
 * camera's viewport, unzoomed and unscrolled. So the game's display list, its depth sorting and its
 * cameras are untouched (no object added, no camera filter set, nothing a later camera would draw),
 * lines and text keep their screen size whatever the zoom, and the same calls draw it on Phaser 3 and
 * 4, WebGL and Canvas (the renderer's `render(scene, children, camera)`, as each camera of the scene
 * is drawn). What is drawn this frame is read then: every pose is made, every instance drawn. The
 * plugin makes it only while the option is on: off, nothing exists and nothing runs.
 */
export class DebugView {
    private readonly graphics: Phaser.GameObjects.Graphics;
    private readonly panel: Phaser.GameObjects.Text;
    /** Label Texts made so far, reused frame after frame. */
    private readonly labels: Phaser.GameObjects.Text[] = [];
    /** The view's own camera (in no camera manager). */
    private readonly camera: Phaser.Cameras.Scene2D.Camera;
    /** What is drawn this frame: the Graphics, the labels in use, the panel. */
    private readonly children: Phaser.GameObjects.GameObject[] = [];
    /** The objects the view camera drew this frame. */
    private readonly seen = new Set<unknown>();
    /** The label of each (tier, pose, draw), made on first use. */
    private readonly texts: (string | undefined)[] = [];
    private readonly stats: SpinePoolStats;
    /** Instances drawn this frame by the view camera, by `DRAWS` (the panel's line). */
    private readonly draws: number[] = DRAWS.map(() => 0);
    private frames = 0;
    /** Scratch of the extent's placement. */
    private readonly at = placement();
    private readonly box: Box = { left: 0, top: 0, right: 0, bottom: 0 };
    private readonly view = viewRect();
    private readonly placed = rect();
    private readonly matrix = new Phaser.GameObjects.Components.TransformMatrix();
    private readonly parentMatrix = new Phaser.GameObjects.Components.TransformMatrix();
    /** The screen transform of the frame: origin, zoom, rotation and scroll of the view camera. */
    private ox = 0;
    private oy = 0;
    private cos = 1;
    private sin = 0;
    private zx = 1;
    private zy = 1;
    private sx = 0;
    private sy = 0;
    /** The screen box of the last outline: left, top, height. */
    private left = 0;
    private top = 0;
    private screenHeight = 0;

    constructor(
        private readonly scene: Phaser.Scene,
        private readonly pass: UpdatePass,
        private readonly settings: Settings<SpinePoolOptions>,
        /** The pool's `stats(out?)`. */
        private readonly readStats: (out?: SpinePoolStats) => SpinePoolStats,
    ) {
        this.graphics = new Phaser.GameObjects.Graphics(scene);
        this.panel = new Phaser.GameObjects.Text(scene, 0, 0, '', PANEL_STYLE).setOrigin(1, 0);
        this.camera = new Phaser.Cameras.Scene2D.Camera(0, 0, 1, 1);
        this.camera.setScene(scene, false);
        this.stats = readStats();
        // eslint-disable-next-line @typescript-eslint/unbound-method -- Phaser calls a listener with the context given after it
        scene.sys.events.on(Phaser.Scenes.Events.RENDER, this.render, this);
    }

    /** Stops drawing and destroys what it made. */
    destroy(): void {
        // eslint-disable-next-line @typescript-eslint/unbound-method -- the listener the constructor added, removed by function and context
        this.scene.sys.events.off(Phaser.Scenes.Events.RENDER, this.render, this);
        this.graphics.destroy();
        this.panel.destroy();
        for (const label of this.labels) label.destroy();
        this.labels.length = 0;
        this.children.length = 0;
        this.seen.clear();
        this.camera.destroy();
    }

    /** The objects drawn this frame (what the renderer was handed last), for tests. */
    get drawn(): readonly Phaser.GameObjects.GameObject[] {
        return this.children;
    }

    /**
     * The scene's RENDER event, after its cameras drew it: the view is made from this frame's state
     * and drawn with the view's camera.
     */
    private render(renderer: SceneRenderer | null | undefined): void {
        const view = this.viewCamera();
        if (!renderer || view === null) return;
        this.fit(view);
        const seen = this.seen;
        seen.clear();
        const list = view.renderList;
        for (let i = 0; i < list.length; i++) seen.add(list[i]);
        const g = this.graphics.clear();
        this.rings(g, view);
        const children = this.children;
        children.length = 0;
        children.push(g);
        const draws = this.draws;
        draws.fill(0);
        const live = this.pass.spawned;
        const frame = this.pass.frame;
        let labels = 0;
        for (let i = 0; i < live.length; i++) {
            const instance = live[i];
            const tier = instance.entry !== null ? instance.entry.tier : Tier.Inactive;
            const draw = seen.has(instance.go) ? drawIndex(instance.drawnFrom) : NOT_DRAWN;
            draws[draw]++;
            if (!this.outline(g, instance, tier, view)) continue;
            if (labels >= MAX_LABELS || this.screenHeight < LABEL_MIN_HEIGHT) continue;
            const pose = instance.posedFrame === frame ? instance.posedBy : HELD;
            const label = this.label(labels++);
            label.setText(this.text(tier, pose, draw));
            label.setPosition(this.left, this.top - label.height);
            children.push(label);
        }
        if (this.frames++ % PANEL_EVERY === 0) this.writePanel();
        this.panel.setPosition(view.width - 8, 8);
        children.push(this.panel);
        this.camera.preRender();
        renderer.render(this.scene, children, this.camera);
    }

    /** The camera the view is drawn as: the pinned `camera` option when it is a camera of the scene, else the main camera. */
    private viewCamera(): ViewCamera | null {
        const pinned = this.settings.options.camera as Partial<ViewCamera> | null;
        if (pinned !== null && Array.isArray(pinned.renderList)) return pinned as ViewCamera;
        return (this.scene.sys.cameras?.main as unknown as ViewCamera | undefined) ?? null;
    }

    /** The view's camera covers `view`'s viewport; the screen transform of the frame is `view`'s. */
    private fit(view: ViewCamera): void {
        const camera = this.camera;
        if (camera.x !== view.x || camera.y !== view.y || camera.width !== view.width || camera.height !== view.height)
            camera.setViewport(view.x, view.y, view.width, view.height);
        this.ox = view.width * view.originX;
        this.oy = view.height * view.originY;
        this.cos = Math.cos(view.rotation);
        this.sin = Math.sin(view.rotation);
        this.zx = view.zoomX;
        this.zy = view.zoomY;
        this.sx = view.scrollX;
        this.sy = view.scrollY;
        this.view.scrollX = view.scrollX;
        this.view.scrollY = view.scrollY;
    }

    /** Screen x (in the view's viewport) of world point (x, y), as the view camera draws it. */
    private screenX(x: number, y: number): number {
        const dx = (x - this.sx - this.ox) * this.zx;
        const dy = (y - this.sy - this.oy) * this.zy;
        return this.ox + dx * this.cos - dy * this.sin;
    }

    /** Screen y of world point (x, y). */
    private screenY(x: number, y: number): number {
        const dx = (x - this.sx - this.ox) * this.zx;
        const dy = (y - this.sy - this.oy) * this.zy;
        return this.oy + dx * this.sin + dy * this.cos;
    }

    /**
     * Draws `instance`'s extent (as culling places it) and its origin square in its tier's colour.
     * False when nothing of it is on screen.
     */
    private outline(g: Phaser.GameObjects.Graphics, instance: PooledInstance, tier: number, view: ViewCamera): boolean {
        const go = instance.go as unknown as {
            parentContainer: unknown;
            getWorldTransformMatrix(m: unknown, p: unknown): Phaser.GameObjects.Components.TransformMatrix;
        };
        const at = this.at;
        placementOf(instance.go, at);
        if (go.parentContainer) {
            const m = go.getWorldTransformMatrix(this.matrix, this.parentMatrix);
            at.x = m.tx;
            at.y = m.ty;
            at.scaleX = m.scaleX;
            at.scaleY = m.scaleY;
        }
        // Where the pose it shows is, as culling measures it (PooledGameObject.willRender).
        instance.reach.ahead = 0;
        extentOf(instance.skeleton, instance.go.animationState, instance.version, instance.setupBox, this.box, instance.reach);
        const r = this.placed;
        place(this.box, at, this.view, r);
        const x0 = this.screenX(r.minX, r.minY);
        const y0 = this.screenY(r.minX, r.minY);
        const x1 = this.screenX(r.maxX, r.minY);
        const y1 = this.screenY(r.maxX, r.minY);
        const x2 = this.screenX(r.maxX, r.maxY);
        const y2 = this.screenY(r.maxX, r.maxY);
        const x3 = this.screenX(r.minX, r.maxY);
        const y3 = this.screenY(r.minX, r.maxY);
        const left = Math.min(x0, x1, x2, x3);
        const right = Math.max(x0, x1, x2, x3);
        const top = Math.min(y0, y1, y2, y3);
        const bottom = Math.max(y0, y1, y2, y3);
        if (right < 0 || bottom < 0 || left > view.width || top > view.height) return false;
        this.left = left;
        this.top = top;
        this.screenHeight = bottom - top;
        const color = TIER_COLORS[tier];
        g.lineStyle(2, color, 1);
        g.beginPath();
        g.moveTo(x0, y0);
        g.lineTo(x1, y1);
        g.lineTo(x2, y2);
        g.lineTo(x3, y3);
        g.closePath();
        g.strokePath();
        const half = ORIGIN_SQUARE / 2;
        const px = at.x + this.sx * (1 - at.factorX);
        const py = at.y + this.sy * (1 - at.factorY);
        g.fillStyle(color, 1);
        g.fillRect(Math.round(this.screenX(px, py) - half), Math.round(this.screenY(px, py) - half), ORIGIN_SQUARE, ORIGIN_SQUARE);
        return true;
    }

    /** The `highDetailDistance` and `midDetailDistance` rings around the view's centre (where the tiers measure from). */
    private rings(g: Phaser.GameObjects.Graphics, view: ViewCamera): void {
        const options = this.settings.options;
        const cx = this.screenX(view.scrollX + view.width * 0.5, view.scrollY + view.height * 0.5);
        const cy = this.screenY(view.scrollX + view.width * 0.5, view.scrollY + view.height * 0.5);
        const limit = RING_LIMIT * Math.hypot(view.width, view.height);
        this.ring(g, cx, cy, options.highDetailDistance, TIER_COLORS[Tier.High], limit);
        this.ring(g, cx, cy, options.midDetailDistance, TIER_COLORS[Tier.Mid], limit);
    }

    /** A ring of world radius `distance` around screen point (cx, cy), unless it is 0 or larger than `limit` on screen. */
    private ring(g: Phaser.GameObjects.Graphics, cx: number, cy: number, distance: number, color: number, limit: number): void {
        if (!(distance > 0 && distance * this.zx < limit && distance * this.zy < limit)) return;
        g.lineStyle(2, color, 0.6);
        g.strokeEllipse(cx, cy, 2 * distance * this.zx, 2 * distance * this.zy);
    }

    /** Label `index`, made on first use. */
    private label(index: number): Phaser.GameObjects.Text {
        let label = this.labels[index];
        if (label === undefined) this.labels.push((label = new Phaser.GameObjects.Text(this.scene, 0, 0, '', LABEL_STYLE)));
        return label;
    }

    /** The label of (tier, pose, draw): made once, then the same string. */
    private text(tier: number, pose: number, draw: number): string {
        const key = (tier * (REASON_CODES + 1) + pose) * DRAWS.length + draw;
        let text = this.texts[key];
        if (text === undefined) {
            const made = pose === HELD ? 'held' : pose === SERVED ? 'cache' : `full: ${NOT_SERVED_NAMES[pose] ?? '?'}`;
            this.texts[key] = text = `${TIER_NAMES[tier]} · ${made} · ${DRAWS[draw]}`;
        }
        return text;
    }

    /** The panel's text, from `stats()` and this frame's draws. */
    private writePanel(): void {
        const s = this.readStats(this.stats);
        const cache = s.poseCache;
        const reasons = (Object.keys(cache.notServed) as (keyof typeof cache.notServed)[])
            .filter((name) => cache.notServed[name] > 0)
            .map((name) => `${name} ${cache.notServed[name]}`);
        const d = this.draws;
        this.panel.setText(
            [
                `spine pool: ${s.active} spawned · ${s.free} free · ${s.created} built`,
                `updated last frame: ${s.updatedLastFrame}`,
                `tiers: high ${s.tiers.high} · mid ${s.tiers.mid} · low ${s.tiers.low} · off ${s.tiers.offscreen}`,
                `pose cache: ${Math.round(cache.hitRate * 100)}% served · ${cache.clips} clips · ${(cache.bytes / 1048576).toFixed(1)} MB`,
                `full poses: ${reasons.length > 0 ? reasons.join(' · ') : 'none'}`,
                `drawn: ${DRAWS.map((name, i) => `${name} ${d[i]}`).join(' · ')}`,
            ].join('\n'),
        );
    }
}

/** `drawnFrom` as an index of `DRAWS` (not recorded: the runtime's Canvas renderer). */
function drawIndex(from: DrawnFrom | null): number {
    return DRAW_PATHS[from ?? 'runtime'];
}
