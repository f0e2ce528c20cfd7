/**
 * How a game on spine-phaser 4.2 survives a WebGL context restore. spine-phaser 4.2 gives
 * spine-webgl Phaser's context (not a canvas), and spine-webgl 4.2 then never restores what it
 * made on it: its shaders, its batch's and shape renderer's buffers, and every atlas page's texture
 * (each on a context wrapper of its own) belong to the lost context, and its next draw throws
 * ("Couldn't find location for uniform"). The pool restores them the way spine-webgl restores its
 * own when it holds the canvas: every restorable of the scene renderer's context (`restore()`:
 * shaders compiled again, buffers made again), then each loaded atlas page's texture uploaded again
 * from its image, with premultiplication off as spine-phaser 4.2 loads it; between Phaser's pipeline
 * `clear` and `rebind`, as spine-phaser draws. spine-webgl 4.3 (spine-phaser-v3, spine-phaser-v4)
 * restores its objects itself: nothing is done there.
 */

/** Where spine-phaser keeps the atlases it loaded: its custom cache of the game (its `SPINE_ATLAS_CACHE_KEY`). */
export const SPINE_ATLAS_CACHE = 'esotericsoftware.spine.atlas.cache';

interface Restorable {
    restore(): void;
}

/** spine-webgl's ManagedWebGLRenderingContext: 4.3's has `restore()`, 4.2's only its list. */
interface ManagedContext {
    gl: WebGLRenderingContext;
    restorables?: Restorable[];
    restore?: () => void;
}

/** What the restore reads: spine-webgl's SceneRenderer, the loaded atlases, Phaser 3's pipelines. */
export interface RestoreScene {
    sceneRenderer: { context?: ManagedContext } | null;
    /** The atlases spine-phaser loaded (its atlas cache's values). */
    atlases: readonly { pages: { texture: unknown }[] }[];
    pipelines?: { clear(): void; rebind(): void };
}

/** Whether the runtime of `sceneRenderer` restores its own objects after a context restore (spine-webgl 4.3). */
export function restoresItself(sceneRenderer: { context?: ManagedContext } | null): boolean {
    return typeof sceneRenderer?.context?.restore === 'function';
}

/** Restores spine-webgl 4.2's objects on the restored context (see above); returns whether there was anything to restore. */
export function restoreSpine42(scene: RestoreScene): boolean {
    const context = scene.sceneRenderer?.context;
    if (context === undefined || restoresItself(scene.sceneRenderer) || !Array.isArray(context.restorables)) return false;
    const gl = context.gl;
    if (gl.isContextLost()) return false;
    scene.pipelines?.clear();
    try {
        for (const restorable of context.restorables) restorable.restore();
        const premultiply = gl.getParameter(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL) as boolean;
        gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
        for (const atlas of scene.atlases) {
            for (const page of atlas.pages) {
                const texture = page.texture as Partial<Restorable> | null;
                // A page made on the scene renderer's own context was restored with it.
                if (texture !== null && typeof texture.restore === 'function' && !context.restorables.includes(texture as Restorable)) texture.restore();
            }
        }
        gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, premultiply);
    } finally {
        scene.pipelines?.rebind();
    }
    return true;
}
