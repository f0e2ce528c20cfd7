/**
 * The owner of drawing for one of Phaser's renderers: one object per renderer the pool draws with
 * (made at a scene's boot, or at the first draw), holding the draw paths in their order (paths.ts;
 * the GPU path holds the crowd), the sample atlas, the element being drawn (with the draws'
 * scratch) and the hooks on spine-webgl's batch. Nothing of drawing lives in a module: the owner is
 * kept on the renderer itself (a symbol-keyed property), so it goes with its game.
 *
 * Its life follows the renderer's (as PixiJS's renderer systems follow theirs):
 * - context lost (Phaser's LOSE_WEBGL): nothing is drawn on the GPU, what was made on the context
 *   is let go of (not deleted: it went with the context); `stats().gpu.unavailable` says
 *   `'context-lost'`. The atlas keeps its CPU copy.
 * - context restored (RESTORE_WEBGL): on spine-phaser 4.2, spine-webgl's own objects are restored
 *   (spineRestore.ts); the crowd is made again at its next use, built and probed again, its
 *   extensions asked again, its atlas uploaded from the CPU copy.
 * - each frame (PRE_RENDER, before any draw): the atlas makes room for what it refused.
 * - the last scene drawing with it shuts down: every GL object it made is deleted and the batch
 *   unhooked (made again if a scene draws again); the game destroyed: that, and every reference to
 *   the renderer dropped.
 */
import * as Phaser from 'phaser';
import type { SpinePoolStats } from '../api';
import type { PooledInstance } from '../PooledInstance';
import { BatchHooks } from './batchHooks';
import { RuntimePath, type DrawPath, type PathHost } from './DrawPath';
import { Element } from './Element';
import type { Bindable, CrowdHost, PhaserBlend } from './gpuCrowd';
import { GpuPath } from './GpuPath';
import { ImpostorPath } from './ImpostorPath';
import { DRAWN_NAMES, PASSED, TAKEN, type DrawnFrom } from './paths';
import { PicturePath } from './PicturePath';
import { SampleAtlas } from './sampleAtlas';
import type { Batcher, DrawnObject, Matrix, SceneRenderer } from './shapes';
import { SlotsPath } from './slots';
import { restoreSpine42, SPINE_ATLAS_CACHE, type RestoreScene } from './spineRestore';

/** The property of a renderer its owner of drawing is kept under. */
const DRAWING = Symbol('phaser-spine-pool.drawing');

/** Phaser's event emitters, as the owner subscribes. */
interface Emitter {
    on(event: string, fn: () => void, context: unknown): unknown;
    once(event: string, fn: () => void, context: unknown): unknown;
    off(event: string, fn: () => void, context: unknown): unknown;
}

/** What the owner reads of Phaser's renderer (3 or 4; a stand-in without events or game is drawn with too). */
interface EngineRenderer extends Partial<Emitter> {
    game?: { events: Emitter; cache?: { custom: Record<string, { entries: { values(): unknown[] } } | undefined> } } | null;
    pipelines?: { clear(): void; rebind(): void };
    /** Phaser 4's blend modes, by index. */
    blendModes?: PhaserBlend[];
    [DRAWING]?: Drawing;
}

/** How each path is made, by name: a new path is a name in DRAW_PATHS (paths.ts), its file, and a line here. */
const MAKE: { readonly [K in DrawnFrom]: (drawing: Drawing) => DrawPath } = Object.freeze({
    impostor: (drawing: Drawing) => drawing.impostor,
    gpu: (drawing: Drawing) => drawing.gpu,
    picture: () => new PicturePath(),
    slots: () => new SlotsPath(),
    runtime: () => new RuntimePath(),
});

/** The owner of drawing for `renderer` (Phaser's), made at the first call. */
export function drawingOf(renderer: object): Drawing {
    return (renderer as EngineRenderer)[DRAWING] ?? new Drawing(renderer);
}

/** `renderer`'s owner of drawing if one was made (asking makes nothing). */
export function drawingIfAny(renderer: object | null): Drawing | null {
    return renderer === null ? null : ((renderer as EngineRenderer)[DRAWING] ?? null);
}

export class Drawing implements PathHost, CrowdHost {
    /** What is drawn, handed to the paths. */
    readonly element = new Element();
    /** The samples' pictures in GPU memory (its CPU copy outlives a lost context). */
    readonly atlas = new SampleAtlas();
    /** The GPU path (it holds the crowd): also in `paths`. */
    readonly gpu: GpuPath;
    /** The impostor path (it draws images with the crowd): also in `paths`. */
    readonly impostor: ImpostorPath;
    /** The draw paths, in DRAW_PATHS order. */
    readonly paths: readonly DrawPath[];
    /** spine-webgl's batch, hooked so that what waits on a path is drawn before it is used. */
    private readonly hooks = new BatchHooks(() => this.flushWaiting());
    /** The context is lost (between Phaser's LOSE_WEBGL and RESTORE_WEBGL). */
    lost = false;
    /** spine-webgl's renderer the paths last drew with (its batch is the one hooked). */
    private sceneRenderer: SceneRenderer | null = null;
    /** spine-webgl's renderer to restore on spine-phaser 4.2 (given by the scenes, which know it without making it). */
    private spineRenderer: SceneRenderer | null = null;
    private renderer: EngineRenderer | null;
    /** Scenes drawing with it (started and not shut down). */
    private users = 0;
    /** The Phaser 4 blend mode spine-phaser-v4 draws an additive slot in (it adds its own, ONE, ONE). */
    private additive: number = Phaser.BlendModes.ADD;

    constructor(renderer: object) {
        const engine = renderer as EngineRenderer;
        this.renderer = engine;
        Object.defineProperty(renderer, DRAWING, { value: this, configurable: true, writable: true, enumerable: false });
        this.gpu = new GpuPath(this, this.atlas);
        this.impostor = new ImpostorPath(this, this.gpu);
        this.paths = DRAWN_NAMES.map((name) => MAKE[name](this));
        /* eslint-disable @typescript-eslint/unbound-method -- Phaser calls a listener with the context given after it */
        if (typeof engine.on === 'function') {
            engine.on(Phaser.Renderer.Events.LOSE_WEBGL, this.lose, this);
            engine.on(Phaser.Renderer.Events.RESTORE_WEBGL, this.restore, this);
            engine.on(Phaser.Renderer.Events.PRE_RENDER, this.beginFrame, this);
        }
        engine.game?.events.once(Phaser.Core.Events.DESTROY, this.dispose, this);
        /* eslint-enable @typescript-eslint/unbound-method */
    }

    /**
     * The path that draws `go` (the object of `instance`) with `sceneRenderer` (null: none, the
     * runtime draws it): the first whose "why not" has no reason. The first reason found is kept in
     * `element.missed`. `spineWebgl`: drawn with a spine-webgl batch, else `mesh2d`: as spine-phaser-v4's
     * default renderer draws it (Element.read); `flipV`: Phaser 4's textures; `calc`: its matrix for
     * the camera (null: none), and `alpha` its colours are multiplied by, placed before any path is
     * asked (a path's choice may depend on its size on screen).
     */
    choose(
        go: DrawnObject,
        instance: PooledInstance,
        sceneRenderer: SceneRenderer | null,
        spineWebgl: boolean,
        flipV: boolean,
        mesh2d: boolean,
        calc: Matrix | null,
        alpha: number,
    ): DrawPath {
        const e = this.element;
        e.read(go, instance, sceneRenderer, spineWebgl, flipV, mesh2d);
        if (calc !== null && sceneRenderer !== null) e.place(calc, alpha);
        if (mesh2d) this.additive = (go as { plugin?: { spineAdditiveBlendMode?: number } }).plugin?.spineAdditiveBlendMode ?? Phaser.BlendModes.ADD;
        const paths = this.paths;
        const last = paths.length - 1;
        for (let i = 0; i < last; i++) {
            const why = paths[i].whyNot(e);
            if (why === TAKEN) return paths[i];
            if (e.missed === TAKEN && why !== PASSED) e.missed = why;
        }
        return paths[last]; // the runtime's: it takes every instance
    }

    /** Draws the element by `path` (chosen, the batch begun, the element placed): what waits on the other paths is drawn first. */
    draw(path: DrawPath): void {
        const paths = this.paths;
        for (let i = 0; i < paths.length; i++) if (paths[i] !== path) paths[i].flush();
        path.draw(this.element);
    }

    /** Draws what waits on every path (spine-webgl's batch is about to be used). */
    flushWaiting(): void {
        const paths = this.paths;
        for (let i = 0; i < paths.length; i++) paths[i].flush();
    }

    hookBatch(sceneRenderer: SceneRenderer): void {
        this.sceneRenderer = sceneRenderer;
        this.hooks.hook(sceneRenderer.batcher);
    }

    get batcher(): (Batcher & { shader?: Bindable | null }) | null {
        return this.sceneRenderer === null ? null : this.sceneRenderer.batcher;
    }

    get projection(): Float32Array | null {
        const camera = (this.sceneRenderer as { camera?: { projectionView: { values: Float32Array } } } | null)?.camera;
        return camera === undefined ? null : camera.projectionView.values;
    }

    flushBatch(): void {
        this.hooks.flushBatch();
    }

    /** As spine-phaser-v4's default renderer maps Spine's blend modes (normal, additive, multiply, screen) to Phaser's. */
    phaserBlend(blendMode: number): PhaserBlend | null {
        const modes = this.renderer?.blendModes;
        if (modes === undefined) return null;
        return (
            modes[
                blendMode === 1
                    ? this.additive
                    : blendMode === 2
                      ? Phaser.BlendModes.MULTIPLY
                      : blendMode === 3
                        ? Phaser.BlendModes.SCREEN
                        : Phaser.BlendModes.NORMAL
            ] ?? null
        );
    }

    /**
     * A scene draws with it from now (its start). `spineRenderer`: spine-webgl's renderer of its
     * runtime when it can be read without making it (restored here on spine-phaser 4.2).
     */
    attach(spineRenderer: SceneRenderer | null): void {
        this.users++;
        if (spineRenderer !== null) this.spineRenderer = spineRenderer;
    }

    /**
     * A scene that drew with it shut down: its pose cache's pictures are out of the atlas (`letGo`);
     * when it was the last, every GL object made is deleted and the batch unhooked.
     */
    detach(letGo: () => void): void {
        letGo();
        if (this.users > 0) this.users--;
        if (this.users === 0) this.release();
    }

    /** Fills `out` with the GPU path's state (`on`: the `gpuDraw` option). */
    readGpu(out: SpinePoolStats['gpu'], on: boolean): void {
        out.bytes = this.atlas.bytes + this.impostor.atlas.bytes;
        out.unavailable = !on ? 'off' : this.lost ? 'context-lost' : this.gpu.unavailable;
    }

    /** The game is destroyed: what was made is deleted, and every reference to the renderer dropped. */
    dispose(): void {
        this.release();
        const renderer = this.renderer;
        if (renderer === null) return;
        this.renderer = null;
        this.spineRenderer = null;
        /* eslint-disable @typescript-eslint/unbound-method -- the listeners the constructor added, removed by function and context */
        if (typeof renderer.off === 'function') {
            renderer.off(Phaser.Renderer.Events.LOSE_WEBGL, this.lose, this);
            renderer.off(Phaser.Renderer.Events.RESTORE_WEBGL, this.restore, this);
            renderer.off(Phaser.Renderer.Events.PRE_RENDER, this.beginFrame, this);
        }
        renderer.game?.events.off(Phaser.Core.Events.DESTROY, this.dispose, this);
        /* eslint-enable @typescript-eslint/unbound-method */
        delete renderer[DRAWING];
    }

    /** Every path's GL objects given back (deleted unless lost), the batch unhooked. */
    private release(): void {
        const paths = this.paths;
        for (let i = 0; i < paths.length; i++) paths[i].dispose(this.lost);
        this.hooks.unhook();
        this.sceneRenderer = null;
        this.element.clear();
    }

    private lose(): void {
        this.lost = true;
        const paths = this.paths;
        for (let i = 0; i < paths.length; i++) paths[i].dispose(true);
    }

    private restore(): void {
        this.lost = false;
        restoreSpine42(this.restoreScene());
    }

    /** What spine-phaser 4.2's restore reads of the game. */
    private restoreScene(): RestoreScene {
        const renderer = this.renderer as EngineRenderer;
        const cache = renderer.game?.cache?.custom[SPINE_ATLAS_CACHE];
        return {
            sceneRenderer: (this.spineRenderer ?? this.sceneRenderer) as RestoreScene['sceneRenderer'],
            atlases: (cache?.entries.values() ?? []) as RestoreScene['atlases'],
            pipelines: renderer.pipelines,
        };
    }

    private beginFrame(): void {
        if (this.lost) return;
        this.gpu.tidy();
        this.impostor.tidy();
    }
}
