import { PoolError } from '../src/errors';
import type { Settings } from '../src/options';
import type { Pool } from '../src/Pool';
import type { PrewarmOptions, PrewarmResult } from './api';
import type { InstanceLifecycle } from './InstanceLifecycle';
import type { PooledInstance, PoolKey } from './PooledInstance';
import type { PoolRegistry } from './PoolRegistry';

/** Most instances one `prewarm` call builds: each is a whole skeleton and game object kept in memory. */
const PREWARM_LIMIT = 10_000;
/** Instances a spread `prewarm` builds per frame unless told (`PrewarmOptions.perFrame`). */
const PREWARM_PER_FRAME = 8;
const PREWARM_PER_FRAME_MAX = 1000;

/** A `prewarm` spread over frames. */
interface PrewarmTask {
    pool: Pool<PooledInstance, PoolKey>;
    count: number;
    built: number;
    perFrame: number;
    onProgress: PrewarmOptions['onProgress'];
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
                    `prewarm(dataKey, atlasKey, count, options): options must be an object ({ perFrame, onProgress }); got ${String(options)}.`,
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
        if (count === 0) return Promise.resolve({ built: 0, count: 0, cancelled: false });
        // eslint-disable-next-line @typescript-eslint/unbound-method -- a callback `(built, count) => void`, stored for later frames
        const onProgress = options.onProgress;
        return new Promise<PrewarmResult>((resolve, reject) => {
            this.tasks.push({ pool, count, built: 0, perFrame, onProgress, resolve, reject });
        });
    }

    /** Builds this frame's batch of every spread prewarm (in the scene's update); finished ones resolve. */
    advance(): void {
        const tasks = this.tasks;
        if (tasks.length === 0) return;
        const maxFree = this.settings.options.maxFree;
        for (let i = 0; i < tasks.length;) {
            const task = tasks[i];
            const room = maxFree - task.pool.free.length;
            const batch = Math.min(task.perFrame, task.count - task.built, room);
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
            // Done, or the pool holds maxFree free instances: more would be destroyed by the next despawn.
            if (task.built >= task.count || batch >= room) {
                tasks.splice(i, 1);
                task.resolve({ built: task.built, count: task.count, cancelled: false });
            } else {
                i++;
            }
        }
    }

    /** The scene shuts down: every unfinished prewarm resolves as cancelled. */
    cancelAll(): void {
        const tasks = this.tasks;
        for (let i = 0; i < tasks.length; i++) tasks[i].resolve({ built: tasks[i].built, count: tasks[i].count, cancelled: true });
        tasks.length = 0;
    }
}
