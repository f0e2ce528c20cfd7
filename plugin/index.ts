/**
 * phaser-spine-pool: pooled Spine game objects with grouped level-of-detail updates for Phaser,
 * on top of the official `@esotericsoftware/spine-phaser` runtime. The public surface is this
 * module's export list.
 *
 * Register {@link SpinePoolPlugin} next to spine-phaser's plugin, with `mapping: 'spinePool'`.
 * Importing the package anywhere in a TypeScript program types `this.spinePool` inside every
 * `Phaser.Scene` (a global augmentation of `Phaser.Scene`, like spine-phaser's `this.spine`).
 *
 * Units: Phaser's times are milliseconds; Spine's, and the {@link LegacyAnimation} helper's, are
 * seconds; distances are world pixels; the `*Frequency` options are frame intervals.
 *
 * Builds: `import` gets the ES module, `require` the CommonJS one; a script tag loads
 * `dist/iife/phaser-spine-pool.js` after Phaser and spine-phaser's `dist/iife/spine-phaser.js`,
 * which defines the global `SpinePool` holding these exports.
 *
 * @example
 * ```ts
 * import * as spine from '@esotericsoftware/spine-phaser';
 * import { SpinePoolPlugin } from 'phaser-spine-pool';
 *
 * new Phaser.Game({
 *     scene: [Battle],
 *     plugins: { scene: [
 *         { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
 *         { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
 *     ] },
 * });
 * // in Battle: const go = this.spinePool.spawn(x, y, 'hero', 'hero-atlas'); ... this.spinePool.despawn(go);
 * ```
 *
 * @packageDocumentation
 */
export { SpinePoolPlugin } from './SpinePoolPlugin';
export type { SpinePoolApi } from './SpinePoolApi';
export type { Detail, TierName, SpawnOptions, SpineGameObject, SpineSkin, SpinePoolStats, PoolStats, PoolHooks, PrewarmOptions, PrewarmResult } from './api';
export type { SpinePoolOptions, SpineRendererName } from './options';
export type { NotServedCounts } from '../spine/core/notServed';
export type { DrawnCounts, MissedCounts } from './draw/paths';
export type { OffscreenMode, PoseCacheMode, CameraView } from '../src/options';
export { DEBUG_TIER_COLORS } from './DebugView';
export { PoolError } from '../src/errors';
export { PlayMode, QueueMode, WrapMode } from '../spine/legacy/modes';
export type { LegacyAnimation } from '../spine/legacy/LegacyAnimation';
export type { LegacyState } from '../spine/legacy/LegacyState';
import '../types/scene';
