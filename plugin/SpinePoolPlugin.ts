import * as Phaser from 'phaser';
import { PoolError } from '../src/errors';
import type { Settings } from '../src/options';
import { DebugView } from './DebugView';
import { defaultOptions, resolveOptions, type SpinePoolOptions } from './options';
import { gameDefaults } from './gameDefaults';
import type { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
import type { Detail, PoolHooks, PrewarmOptions, PrewarmResult, SpawnOptions, SpineGameObject, SpinePoolStats, TierName } from './api';
import { InstanceLifecycle } from './InstanceLifecycle';
import { PoolRegistry } from './PoolRegistry';
import { Prewarms } from './Prewarms';
import { findSpinePlugin, loaderOf, runtimeMismatch, spineRuntimeOf } from './runtimeCheck';
import { emptyStats, readGpu, readStats } from './stats';
import { drawingOf, type Drawing } from './draw/Drawing';
import type { SceneRenderer } from './draw/shapes';
import type { SpinePoolApi } from './SpinePoolApi';
import { UpdatePass } from './UpdatePass';

const SceneEvents = Phaser.Scenes.Events;

/**
 * Pooled Spine game objects with grouped, level-of-detail updates. Register it next to
 * spine-phaser's plugin (`{ key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' }`
 * in `plugins.scene`), then call `this.spinePool.spawn(...)` where you called `this.add.spine(...)`
 * and `this.spinePool.despawn(go)` where you called `go.destroy()`. Units: Phaser's times are ms,
 * Spine's (and the {@link LegacyAnimation} helper's) seconds; distances world px; the
 * `*Frequency` options frame intervals.
 *
 * @example
 * ```ts
 * // in a scene's create(), once 'hero' and 'hero-atlas' are loaded:
 * const go = this.spinePool.spawn(400, 300, 'hero', 'hero-atlas', { animation: 'walk' });
 * this.time.delayedCall(4000, () => this.spinePool.despawn(go)); // Phaser time: ms
 * ```
 */
export class SpinePoolPlugin extends Phaser.Plugins.ScenePlugin implements SpinePoolApi {
    /** The options in force, read by every part. */
    private readonly settings: Settings<SpinePoolOptions> = { options: defaultOptions() };
    /** The scene's pass over its instances: scheduler, cameras, replay, posing. */
    private readonly pass: UpdatePass;
    /** The pools, their hooks, how an instance is built. */
    private readonly registry: PoolRegistry;
    /** spawn, despawn, destroy. */
    private readonly lifecycle: InstanceLifecycle;
    private readonly prewarms: Prewarms;
    /** The debug view while the `debug` option is on and the scene runs, else null. */
    private debugView: DebugView | null = null;
    /** The scene's spine-phaser plugin (found at boot). */
    private spine: object | null = null;
    /** The owner of drawing of the game's WebGL renderer (made at boot; null with Canvas or HEADLESS). */
    private drawing: Drawing | null = null;
    /** The scene runs: between `start` and `shutdown`. */
    private running = false;

    /**
     * Made by Phaser's plugin manager for each scene (register the class in `plugins.scene`).
     * @param scene the scene the plugin belongs to
     * @param pluginManager the game's plugin manager
     * @param pluginKey the key the plugin was registered under
     */
    constructor(scene: Phaser.Scene, pluginManager: Phaser.Plugins.PluginManager, pluginKey: string) {
        super(scene, pluginManager, pluginKey);
        this.settings.options = gameDefaults(pluginManager.game, new.target);
        this.pass = new UpdatePass(this.settings, scene.sys.cameras);
        this.registry = new PoolRegistry(scene.sys, this.settings, this.pass, (instance) => this.lifecycle.destroyed(instance));
        this.lifecycle = new InstanceLifecycle(scene.sys, this.settings, this.registry, this.pass);
        this.prewarms = new Prewarms(this.settings, this.registry, this.pass.poseCache);
        // eslint-disable-next-line @typescript-eslint/unbound-method -- Phaser calls a listener with the context given after it
        scene.sys.events.on(SceneEvents.START, this.start, this);
    }

    /**
     * Called once by Phaser when the scene boots; not for games to call. Throws a {@link PoolError}
     * when the scene's Spine runtime is not built for this Phaser (see plugin/runtimeCheck.ts).
     */
    override boot(): void {
        const systems = this.systems!;
        // eslint-disable-next-line @typescript-eslint/unbound-method -- Phaser calls a listener with the context given after it
        systems.events.once(SceneEvents.DESTROY, this.destroy, this);
        const spine = findSpinePlugin(systems);
        this.spine = spine;
        const mismatch = spine && runtimeMismatch(Phaser.VERSION, spineRuntimeOf(spine, loaderOf(systems)));
        if (mismatch) throw new PoolError(mismatch);
        const renderer = this.game?.renderer;
        if (renderer && this.game?.config.renderType === Phaser.WEBGL) this.drawing = drawingOf(renderer);
    }

    /** Called by Phaser each time the scene starts: hooks the scheduler into the scene's update; not for games to call. */
    override start(): void {
        const events = this.systems!.events;
        this.pass.attach(this.systems!.updateList);
        /* eslint-disable @typescript-eslint/unbound-method -- Phaser calls a listener with the context given after it */
        events.on(SceneEvents.PRE_UPDATE, this.preUpdate, this);
        events.on(SceneEvents.UPDATE, this.pass.afterTurns, this.pass);
        this.game.events.on(Phaser.Core.Events.PRE_RENDER, this.preRender, this);
        events.once(SceneEvents.SHUTDOWN, this.shutdown, this);
        /* eslint-enable @typescript-eslint/unbound-method */
        this.running = true;
        // spine-phaser 4.2 and -v3 keep their spine-webgl renderer in a static (read without making it);
        // -v4 makes its own lazily, and restores it itself.
        const spineRenderer = (this.spine?.constructor as { gameWebGLRenderer?: SceneRenderer | null } | undefined)?.gameWebGLRenderer ?? null;
        this.drawing?.attach(spineRenderer);
        this.showDebug();
    }

    configure(options: Partial<SpinePoolOptions>): this {
        const maxFree = this.settings.options.maxFree;
        this.settings.options = resolveOptions(this.settings.options, options, 'configure()');
        this.pass.applySettings();
        if (this.settings.options.maxFree < maxFree) this.trim(undefined, undefined, this.settings.options.maxFree);
        this.showDebug();
        return this;
    }

    /** The debug view exists while the `debug` option is on and the scene runs (see DebugView). */
    private showDebug(): void {
        const on = this.settings.options.debug && this.running;
        if (on && this.debugView === null) this.debugView = new DebugView(this.scene!, this.pass, this.settings, (out) => this.stats(out));
        else if (!on && this.debugView !== null) {
            this.debugView.destroy();
            this.debugView = null;
        }
    }

    getOptions(): SpinePoolOptions {
        return { ...this.settings.options };
    }

    spawn(x: number, y: number, dataKey: string, atlasKey: string, options?: SpawnOptions): SpineGameObject {
        return this.lifecycle.spawn(x, y, dataKey, atlasKey, options);
    }

    despawn(go: SpineGameObject): boolean {
        return this.lifecycle.despawn(go);
    }

    setHooks(dataKey: string, atlasKey: string, hooks: PoolHooks): this {
        this.registry.setHooks(dataKey, atlasKey, hooks);
        return this;
    }

    prewarm(dataKey: string, atlasKey: string, count: number): void;
    prewarm(dataKey: string, atlasKey: string, count: number, options: PrewarmOptions): Promise<PrewarmResult>;
    prewarm(dataKey: string, atlasKey: string, count: number, options?: PrewarmOptions): void | Promise<PrewarmResult> {
        return this.prewarms.prewarm(dataKey, atlasKey, count, options, this.lifecycle);
    }

    legacy(go: SpineGameObject): LegacyAnimation {
        return this.lifecycle.legacyOf(go);
    }

    setDetail(go: SpineGameObject, detail: Detail): this {
        this.lifecycle.setDetail(go, detail);
        return this;
    }

    getTier(go: SpineGameObject): TierName | null {
        return this.lifecycle.tierOf(go);
    }

    isActive(go: SpineGameObject): boolean {
        const instance = this.registry.instanceOf(go);
        return instance !== undefined && instance.spawned;
    }

    getActive(dataKey?: string, atlasKey?: string, out: SpineGameObject[] = []): SpineGameObject[] {
        return this.lifecycle.getActive(dataKey, atlasKey, out);
    }

    despawnAll(dataKey?: string, atlasKey?: string): number {
        return this.lifecycle.despawnAll(dataKey, atlasKey);
    }

    trim(dataKey?: string, atlasKey?: string, keep = 0): number {
        return this.lifecycle.trimPools(dataKey, atlasKey, keep);
    }

    stats(out?: SpinePoolStats): SpinePoolStats {
        const stats = readStats(out ?? emptyStats(), this.registry, this.pass, this.lifecycle.leaks.cleared);
        readGpu(stats.gpu, this.settings.options.gpuDraw, this.drawing);
        return stats;
    }

    /**
     * The scene's PRE_UPDATE: a frame begins (prewarm batches, the cameras read, one group's tiers);
     * then each spawned instance is updated in its turn in the scene's UpdateList, as stock objects
     * are (see UpdatePass.visit).
     */
    private preUpdate(_time: number, delta: number): void {
        this.prewarms.advance();
        // The pose cache's build budget follows the frame's real length: Phaser's delta is capped
        // and, past 200 ms (its minimum 5 fps), replaced by the last short one, so a 1 fps frame
        // would still say 16 ms; the loop's raw delta says how long it took (0 when a test steps it).
        this.pass.beginFrame(delta, Math.max(delta, this.game.loop.rawDelta));
        this.lifecycle.frame(delta);
    }

    /** The game's PRE_RENDER, after every update of the frame: those come into view are posed now, none drawn stale. */
    private preRender(): void {
        this.pass.endFrame();
        this.lifecycle.afterUpdate();
    }

    /**
     * Called by Phaser when the scene shuts down (stop, restart): every pooled instance destroyed,
     * every listener removed; options and hooks are kept. Not for games to call.
     */
    shutdown(): void {
        const events = this.systems!.events;
        /* eslint-disable @typescript-eslint/unbound-method -- the listeners `start` added, removed by function and context */
        events.off(SceneEvents.PRE_UPDATE, this.preUpdate, this);
        events.off(SceneEvents.UPDATE, this.pass.afterTurns, this.pass);
        this.game?.events.off(Phaser.Core.Events.PRE_RENDER, this.preRender, this);
        events.off(SceneEvents.SHUTDOWN, this.shutdown, this);
        /* eslint-enable @typescript-eslint/unbound-method */
        const drew = this.running;
        this.running = false;
        this.showDebug();
        this.pass.clear();
        this.prewarms.cancelAll();
        this.lifecycle.shutdown();
        // Its pictures leave the GPU; the last scene drawing with the renderer deletes what was made there.
        if (drew) this.drawing?.detach(() => this.pass.poseCache.letGoGpu());
    }

    /** Called by Phaser when the scene is destroyed: shuts down, then lets go of the scene. Not for games to call. */
    override destroy(): void {
        this.lifecycle.gone = true;
        this.shutdown();
        this.pass.poseCache.clear();
        /* eslint-disable @typescript-eslint/unbound-method -- the listeners the constructor and `boot` added, removed by function and context */
        this.systems!.events.off(SceneEvents.START, this.start, this);
        this.systems!.events.off(SceneEvents.DESTROY, this.destroy, this);
        /* eslint-enable @typescript-eslint/unbound-method */
        this.drawing = null;
        this.spine = null;
        super.destroy();
    }
}
