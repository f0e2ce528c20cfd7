/**
 * *Does the Spine runtime fit this Phaser?* Each official spine-phaser package is built for one
 * Phaser major: `@esotericsoftware/spine-phaser` (Spine 4.2) and `spine-phaser-v3` (Spine 4.3) for
 * Phaser 3, `spine-phaser-v4` (Spine 4.3) for Phaser 4. `npm install phaser @esotericsoftware/spine-phaser`
 * gives Phaser 4 with the Phaser 3 runtime, which fails deep inside spine-phaser ("Cannot read
 * properties of undefined (reading 'clear')", its Phaser 3 pipelines). The plugin checks the pair at
 * boot and says which package to install. Nothing here imports Phaser or Spine: the runtime is told
 * by what its SpinePlugin has.
 */

/** Which official runtime a SpinePlugin instance comes from, or null when it is none of them. */
export type SpineRuntime = 'spine-phaser' | 'spine-phaser-v3' | 'spine-phaser-v4';

/** The Phaser major each runtime is built for, and its Spine version. */
const RUNTIMES: Record<SpineRuntime, { phaser: number; spine: string }> = {
    'spine-phaser': { phaser: 3, spine: '4.2' },
    'spine-phaser-v3': { phaser: 3, spine: '4.3' },
    'spine-phaser-v4': { phaser: 4, spine: '4.3' },
};

/** The packages to install for each Phaser major. */
const FOR_PHASER: Record<number, string> = {
    3: '@esotericsoftware/spine-phaser-v3 (Spine 4.3) or @esotericsoftware/spine-phaser (Spine 4.2)',
    4: '@esotericsoftware/spine-phaser-v4',
};

/**
 * The runtime `plugin` (a scene's SpinePlugin instance) comes from: spine-phaser-v4's has fields of
 * its own (`spineAdditiveBlendMode`); the Phaser 3 runtimes' class keeps a shared
 * `gameWebGLRenderer`, and spine-phaser-v3 (4.3) adds the `spineSkeleton` file type to the loader.
 * Null when it looks like none of them.
 * @param loader the scene's LoaderPlugin (where the runtime's file types are)
 */
export function spineRuntimeOf(plugin: object, loader: object | null): SpineRuntime | null {
    if ('spineAdditiveBlendMode' in plugin || 'currentWebGLDrawingContext' in plugin) return 'spine-phaser-v4';
    if ('gameWebGLRenderer' in (plugin.constructor as object)) {
        return loader !== null && typeof (loader as { spineSkeleton?: unknown }).spineSkeleton === 'function' ? 'spine-phaser-v3' : 'spine-phaser';
    }
    return null;
}

/** A scene's SpinePlugin instance among its systems (the object holding spine-phaser's caches), or null. */
export function findSpinePlugin(systems: object): object | null {
    for (const value of Object.values(systems)) {
        if (typeof value === 'object' && value !== null && 'skeletonDataCache' in value && 'atlasCache' in value) return value;
    }
    return null;
}

/**
 * Null when `runtime` is built for Phaser `phaserVersion` (or either is unknown); else what to say:
 * both versions and the package to install.
 */
export function runtimeMismatch(phaserVersion: string, runtime: SpineRuntime | null): string | null {
    const major = Number.parseInt(phaserVersion, 10);
    if (runtime === null || !(major in FOR_PHASER)) return null;
    const built = RUNTIMES[runtime];
    if (built.phaser === major) return null;
    return (
        `Phaser ${phaserVersion} is running with @esotericsoftware/${runtime} (the Spine ${built.spine} runtime for Phaser ${built.phaser}), ` +
        `which fails inside spine-phaser on Phaser ${major}. For Phaser ${major} install ${FOR_PHASER[major]} ` +
        `and register that package's SpinePlugin; or keep @esotericsoftware/${runtime} with Phaser ${built.phaser} (npm install phaser@${built.phaser}).`
    );
}
