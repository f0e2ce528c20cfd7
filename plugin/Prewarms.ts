import { PoolError, warn } from '../src/errors';
import type { Settings } from '../src/options';
import type { Pool } from '../src/Pool';
import { NOT_SERVED, SERVED } from '../spine/core/notServed';
import type { Animation, Skeleton, Skin } from '../spine/core/shapes';
import type { PoseCache } from '../spine/PoseCache';
import { skinFor } from '../spine/skins';
import type { PrewarmOptions, PrewarmResult } from './api';
import type { InstanceLifecycle } from './InstanceLifecycle';
import type { PooledInstance, PoolKey } from './PooledInstance';
import type { PoolRegistry } from './PoolRegistry';

/** Most instances one `prewarm` call builds: each is a whole skeleton and game object kept in memory. */
const PREWARM_LIMIT = 10_000;
/** Instances a spread `prewarm` builds per frame unless told (`PrewarmOptions.perFrame`). */
const PREWARM_PER_FRAME = 8;
const PREWARM_PER_FRAME_MAX = 1000;
/** Poses a spread `prewarm` samples per frame for each instance of its `perFrame` (an instance costs a few poses to build). */
const SAMPLES_PER_INSTANCE = 4;

/** A `prewarm` spread over frames. */
interface PrewarmTask {
    pool: Pool<PooledInstance, PoolKey>;
    count: number;
    built: number;
    perFrame: number;
    onProgress: PrewarmOptions['onProgress'];
    /** What `options.animations` asks to sample ahead: a skeleton of the data to sample on, the skin, the animations. */
    skeleton: Skeleton | null;
    skin: Skin | null;
    clips: Animation[];
    /** 2 when `options.mirrored` asks for each clip turned around too, else 1. */
    facings: number;
    /** The clip and facing being sampled (`next / facings`: clips before it are done or skipped), and those sampled in full (every facing). */
    next: number;
    sampled: number;
    /** Whether a facing of the clip being sampled was skipped. */
    skipped: boolean;
    resolve(result: PrewarmResult): void;
    reject(error: unknown): void;
}

/**
 * `prewarm`: its arguments checked, the instances built at once or spread over frames (a task the
 * scene's update advances a batch at a time, resolved when done, cancelled on shutdown).
 */
export class Prewarms {
    /** Spread prewarms, in the order they were asked for. */
    private readonly tasks: PrewarmTask[] = [];

    constructor(
        private readonly settings: Settings,
        private readonly registry: PoolRegistry,
        private readonly poseCache: PoseCache,
    ) {}

    /** See SpinePoolPlugin.prewarm. */
    prewarm(
        dataKey: string,
        atlasKey: string,
        count: number,
        options: PrewarmOptions | undefined,
        lifecycle: InstanceLifecycle,
    ): void | Promise<PrewarmResult> {
        if (!Number.isInteger(count) || count < 0) {
            throw new PoolError(`prewarm(dataKey, atlasKey, count): count must be an integer >= 0; got ${count}.`);
        }
        lifecycle.checkAlive('prewarm');
        if (count > PREWARM_LIMIT) {
            throw new PoolError(
                `prewarm(dataKey, atlasKey, count): count ${count} is over the limit of ${PREWARM_LIMIT} instances per call ` +
                    '(each is a whole skeleton and game object kept in memory). Prewarm about what the scene shows at once; for more, call prewarm again.',
            );
        }
        let perFrame = PREWARM_PER_FRAME;
        if (options !== undefined) {
            if (typeof options !== 'object' || options === null) {
                throw new PoolError(
                    `prewarm(dataKey, atlasKey, count, options): options must be an object ({ perFrame, onProgress, animations, skin, mirrored }); got ${String(options)}.`,
                );
            }
            if (options.perFrame !== undefined) {
                perFrame = options.perFrame;
                if (!Number.isInteger(perFrame) || perFrame < 1 || perFrame > PREWARM_PER_FRAME_MAX) {
                    throw new PoolError(
                        `prewarm(): perFrame must be an integer from 1 to ${PREWARM_PER_FRAME_MAX} (instances built per frame); got ${perFrame}.`,
                    );
                }
            }
            if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
                throw new PoolError(`prewarm(): onProgress must be a function (built, count) => void; got ${typeof options.onProgress}.`);
            }
            if (options.mirrored !== undefined && typeof options.mirrored !== 'boolean') {
                throw new PoolError(
                    `prewarm(): mirrored must be true or false (sample the animations turned around too); got ${JSON.stringify(options.mirrored)}.`,
                );
            }
        }
        const pool = this.registry.poolFor(dataKey, atlasKey, 'prewarm');
        const maxFree = this.settings.options.maxFree;
        if (pool.free.length + count > maxFree) {
            throw new PoolError(
                `prewarm(): ${count} more free instances of '${pool.key.dataKey}' would make ${pool.free.length + count}, over maxFree ${maxFree} ` +
                    `(free instances kept per pool). Prewarm at most ${Math.max(0, maxFree - pool.free.length)}, or raise the cap: configure({ maxFree: ${pool.free.length + count} }).`,
            );
        }
        if (options === undefined) {
            pool.prewarm(count);
            return;
        }
        const ahead = this.clipsOf(pool, options);
        if (count === 0 && ahead.clips.length === 0) return Promise.resolve({ built: 0, count: 0, sampled: 0, cancelled: false });
        // eslint-disable-next-line @typescript-eslint/unbound-method -- a callback `(built, count) => void`, stored for later frames
        const onProgress = options.onProgress;
        return new Promise<PrewarmResult>((resolve, reject) => {
            const facings = options.mirrored === true ? 2 : 1;
            this.tasks.push({ pool, count, perFrame, onProgress, ...ahead, facings, next: 0, sampled: 0, skipped: false, resolve, reject });
        });
    }

    /**
     * `options.animations` and `options.skin` checked against the skeleton data, read from an
     * instance of the pool (one is built now, the first of the count, when it has never built one).
     */
    private clipsOf(
        pool: Pool<PooledInstance, PoolKey>,
        options: PrewarmOptions,
    ): { skeleton: Skeleton | null; skin: Skin | null; clips: Animation[]; built: number } {
        const names = options.animations;
        if (names === undefined) return { skeleton: null, skin: null, clips: [], built: 0 };
        if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
            throw new PoolError(`prewarm(): animations must be a list of animation names (['walk', 'run']); got ${JSON.stringify(names) ?? String(names)}.`);
        }
        let built = 0;
        let skeleton = this.registry.skeletonOf(pool);
        if (skeleton === undefined) {
            this.registry.nameCaller('prewarm');
            pool.prewarm(1);
            built = 1;
            skeleton = this.registry.skeletonOf(pool)!;
        }
        const dataKey = pool.key.dataKey;
        const data = skeleton.data;
        const clips = (names as readonly string[]).map((name) => {
            const animation = data.findAnimation(name);
            if (animation) return animation;
            throw new PoolError(
                `prewarm(): animation ${JSON.stringify(name)} is not in skeleton ${JSON.stringify(dataKey)}. Animations: ${data.animations.map((a) => a.name).join(', ')}.`,
            );
        });
        const skin = options.skin === undefined ? null : skinFor(data, options.skin, dataKey, 'prewarm');
        return { skeleton, skin, clips, built };
    }

    /** Samples this frame's share of `task`'s animations ahead; an animation that cannot be sampled is skipped (said in dev mode). */
    private sample(task: PrewarmTask): void {
        if (task.next >= task.clips.length * task.facings) return;
        const animation = task.clips[Math.floor(task.next / task.facings)];
        const turned = task.next % task.facings === 1;
        const why = this.poseCache.sampleAhead(task.skeleton as Skeleton, task.skin, animation, SAMPLES_PER_INSTANCE * task.perFrame, turned);
        if (why === NOT_SERVED.budget) return;
        task.next++;
        if (why !== SERVED) {
            task.skipped = true;
            if (this.settings.options.dev) warn(notSampled(task.pool.key.dataKey, animation.name, why, this.settings.options.poseCacheMemory, turned));
        }
        if (task.next % task.facings !== 0) return;
        if (!task.skipped) task.sampled++;
        task.skipped = false;
    }

    /** Builds this frame's batch of every spread prewarm (in the scene's update); finished ones resolve. */
    advance(): void {
        const tasks = this.tasks;
        if (tasks.length === 0) return;
        const maxFree = this.settings.options.maxFree;
        for (let i = 0; i < tasks.length;) {
            const task = tasks[i];
            const room = maxFree - task.pool.free.length;
            const batch = Math.max(0, Math.min(task.perFrame, task.count - task.built, room));
            if (batch > 0) {
                try {
                    this.registry.nameCaller('prewarm');
                    task.pool.prewarm(batch);
                } catch (error) {
                    // A build failed (data and atlas that do not belong together, a throwing onCreate):
                    // the Promise says so, the frame goes on.
                    tasks.splice(i, 1);
                    task.reject(error);
                    continue;
                }
                task.built += batch;
                try {
                    task.onProgress?.(task.built, task.count);
                } catch (error) {
                    if (tasks[i] === task) tasks.splice(i, 1);
                    task.reject(error);
                    continue;
                }
                if (tasks[i] !== task) return; // onProgress shut the scene down: every task is settled
            }
            this.sample(task);
            // Built, or the pool holds maxFree free instances (more would be destroyed by the next
            // despawn); and sampled.
            if ((task.built >= task.count || batch >= room) && task.next >= task.clips.length * task.facings) {
                tasks.splice(i, 1);
                task.resolve({ built: task.built, count: task.count, sampled: task.sampled, cancelled: false });
            } else {
                i++;
            }
        }
    }

    /** The scene shuts down: every unfinished prewarm resolves as cancelled. */
    cancelAll(): void {
        const tasks = this.tasks;
        for (let i = 0; i < tasks.length; i++) tasks[i].resolve({ built: tasks[i].built, count: tasks[i].count, sampled: tasks[i].sampled, cancelled: true });
        tasks.length = 0;
    }
}

/** Why an animation a prewarm asked for was not sampled ahead (dev mode). */
function notSampled(dataKey: string, animation: string, why: number, memoryMb: number, turned: boolean): string {
    const reason =
        why === NOT_SERVED.physics
            ? 'the rig has physics constraints, whose poses depend on their history: its instances are posed every frame, never from the cache'
            : why === NOT_SERVED.memory
              ? `the pose cache's memory is spent (poseCacheMemory: ${memoryMb} MB): raise it, or prewarm fewer animations`
              : why === NOT_SERVED.scale
                ? 'the pose cache samples at most 8 skeleton scales besides the default per skeleton, and its instances use them all'
                : 'its poses cannot be copied from samples (constraints that move slots, or timelines the cache does not know): its instances are posed in full';
    return `prewarm(): animation ${JSON.stringify(animation)} of ${JSON.stringify(dataKey)}${turned ? ' turned around (mirrored)' : ''} was not sampled ahead: ${reason}.`;
}
