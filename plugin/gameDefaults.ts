import type * as Phaser from 'phaser';
import { PoolError } from '../src/errors';
import { defaultOptions, OPTIONS, resolveOptions, type SpinePoolOptions } from './options';

/** The fields of a `plugins.scene` entry of the game config read here (Phaser's PluginObjectItem). */
interface ScenePluginEntry {
    key?: unknown;
    plugin?: unknown;
    data?: unknown;
}

/**
 * The options every scene's pool starts from: the defaults, overridden by the `data` of the plugin's
 * entry in the game config's `plugins.scene` (given once for a game of many scenes, where Phaser
 * users give a plugin its settings); a scene's `configure()` overrides both. A bad value throws a
 * PoolError naming the entry, the option and the allowed range, when the first scene is made.
 */
export function gameDefaults(game: Phaser.Game | null | undefined, pluginClass: abstract new (...args: never[]) => unknown): SpinePoolOptions {
    const defaults = defaultOptions();
    const entries = (game?.config as { installScenePlugins?: unknown } | undefined)?.installScenePlugins;
    if (!Array.isArray(entries)) return defaults;
    // Phaser hands a scene plugin its mapping, not its key: the entry is the one registering this class.
    const entry = (entries as ScenePluginEntry[]).find((e) => e !== null && typeof e === 'object' && e.plugin === pluginClass);
    if (entry === undefined || entry.data === undefined || entry.data === null) return defaults;
    const where = `the game config's plugins.scene entry '${String(entry.key)}' (its data)`;
    for (const [name, { perScene }] of Object.entries(OPTIONS)) {
        if (perScene !== undefined && typeof entry.data === 'object' && name in entry.data) {
            throw new PoolError(
                `${where}: ${name} is ${perScene}, not a game-wide default; call this.spinePool.configure({ ${name} }) in that scene's create().`,
            );
        }
    }
    return resolveOptions(defaults, entry.data, where);
}
