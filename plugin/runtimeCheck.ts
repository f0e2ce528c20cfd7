/**
 * *Does the Spine runtime fit this Phaser, and this data?* Each official spine-phaser package is built for one
 * Phaser major: `@esotericsoftware/spine-phaser` (Spine 4.2) and `spine-phaser-v3` (Spine 4.3) for
 * Phaser 3, `spine-phaser-v4` (Spine 4.3) for Phaser 4. `npm install phaser @esotericsoftware/spine-phaser`
 * gives Phaser 4 with the Phaser 3 runtime, which fails deep inside spine-phaser ("Cannot read
 * properties of undefined (reading 'clear')", its Phaser 3 pipelines). The plugin checks the pair at
 * boot and says which package to install. Likewise each runtime reads the data of one Spine
 * version (4.2 JSON on spine-phaser-v4 fails with "IK Constraint not found"): checked at the first
 * spawn of a key, naming both versions and what to use. Nothing here imports Phaser or Spine: the runtime is told
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

/** A scene's LoaderPlugin (`systems.load`), or null when the scene has none. */
export function loaderOf(systems: object): object | null {
    return (systems as { load?: object }).load ?? null;
}

/** A scene's SpinePlugin instance among its systems (the object holding spine-phaser's caches), or null. */
export function findSpinePlugin(systems: object): object | null {
    const values: unknown[] = Object.values(systems);
    for (const value of values) {
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

/** Where to get a runtime for each Spine data version (major.minor). */
const RUNTIMES_FOR_DATA: Record<string, string> = {
    '4.2': '@esotericsoftware/spine-phaser (Phaser 3)',
    '4.3': '@esotericsoftware/spine-phaser-v4 (Phaser 4) or @esotericsoftware/spine-phaser-v3 (Phaser 3)',
};

/**
 * The Spine editor version skeleton data was exported from: a JSON's `skeleton.spine`, or the
 * version string a binary export carries after its 8-byte hash. Null when it names none (data
 * made by hand), so nothing is checked.
 */
export function dataVersionOf(data: unknown): string | null {
    if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
        const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        // spine-core's readString: a varint of the byte count + 1 (0: none), then UTF-8.
        let at = 8;
        let count = 0;
        for (let shift = 0; shift < 35 && at < bytes.length; shift += 7) {
            const b = bytes[at++];
            count |= (b & 0x7f) << shift;
            if ((b & 0x80) === 0) break;
        }
        if (count < 2 || count > 33 || at + count - 1 > bytes.length) return null;
        const text = String.fromCharCode(...bytes.subarray(at, at + count - 1));
        return /^\d+\.\d+/.test(text) ? text : null;
    }
    const version = (data as { skeleton?: { spine?: unknown } } | null)?.skeleton?.spine;
    return typeof version === 'string' && /^\d+\.\d+/.test(version) ? version : null;
}

/**
 * Null when data exported from Spine `version` can be read by `runtime` (the same major.minor, or
 * either unknown); else what to say: both versions, and the export or the runtime to use.
 */
export function dataMismatch(caller: string, dataKey: string, version: string | null, runtime: SpineRuntime | null): string | null {
    if (version === null || runtime === null) return null;
    const data = /^(\d+\.\d+)/.exec(version)![1];
    const reads = RUNTIMES[runtime].spine;
    if (data === reads) return null;
    const other = RUNTIMES_FOR_DATA[data];
    return (
        `${caller}(): skeleton data ${JSON.stringify(dataKey)} was exported from Spine ${version}, but this game's Spine runtime is ` +
        `@esotericsoftware/${runtime}, which reads Spine ${reads} data only (spine-core fails on other versions with errors such as ` +
        `"IK Constraint not found"). Export the skeleton again from Spine ${reads}` +
        (other ? `, or run Spine ${data} data with ${other}.` : '.')
    );
}
