/**
 * phaser-spine-pool: pooled Spine game objects with grouped level-of-detail updates for Phaser.
 * The public surface is this list.
 */
export { SpinePoolPlugin } from './SpinePoolPlugin';
export type { SpawnOptions, SpinePoolStats, PoolStats, PoolHooks } from './SpinePoolPlugin';
export type { SpinePoolOptions, OffscreenMode, CameraView } from '../src/options';
export { PoolError } from '../src/errors';
export { PlayMode, QueueMode, WrapMode } from '../src/legacy/modes';
export type { LegacyAnimation } from '../src/legacy/LegacyAnimation';
export type { LegacyState } from '../src/legacy/LegacyState';
import '../types/scene';
