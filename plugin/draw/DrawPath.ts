/**
 * A draw path: one way a pooled instance can be drawn (paths.ts lists them, in order). The owner
 * of drawing (Drawing.ts) asks each path in turn why it would not draw the instance of the element
 * being drawn, and the first with no reason draws it. A path reads the element and the path host,
 * writes only into spine-webgl's batch or beside it (its own GL objects), and keeps its scratch as
 * its own fields.
 */
import type { DrawnFrom, Miss } from './paths';
import { TAKEN } from './paths';
import type { Element } from './Element';
import type { SceneRenderer } from './shapes';

export interface DrawPath {
    /** Its name in `stats().drawn` (its place in DRAW_PATHS). */
    readonly name: DrawnFrom;
    /**
     * It draws into spine-webgl's batch or beside it: the entry point begins the batch before its
     * draw (the element placed before any path is asked), and ends it after. Else its draw begins and ends its own (the
     * runtime's path: the caller's `renderWebGL`).
     */
    readonly batched: boolean;
    /**
     * Why it would not draw `element`'s instance: `TAKEN` when it would (it may reserve what its draw
     * needs; it draws nothing: the engine's own batch may still be open).
     */
    whyNot(element: Element): Miss;
    /** Draws `element`'s instance (just after its `whyNot` said `TAKEN`, the batch begun). */
    draw(element: Element): void;
    /** Draws what it keeps waiting, if anything (before anything else is drawn, so the display order holds). */
    flush(): void;
    /**
     * Gives back what it made on the context (deleted; only let go of when `lost`: a lost context's
     * objects went with it). It may be drawn with again afterwards: it makes them anew.
     */
    dispose(lost: boolean): void;
}

/** What a path may ask of the owner of drawing. */
export interface PathHost {
    /** The context is lost: nothing is made on it until it is restored. */
    readonly lost: boolean;
    /** Hooks the batch of `sceneRenderer` (spine-webgl's renderer the element is drawn with): what a path keeps waiting is drawn before the batch is used. */
    hookBatch(sceneRenderer: SceneRenderer): void;
}

/** The runtime's own renderer: takes every instance; its draw is the caller's (the runtime's `renderWebGL`). */
export class RuntimePath implements DrawPath {
    readonly name = 'runtime';
    readonly batched = false;

    whyNot(): Miss {
        return TAKEN;
    }

    draw(): void {}

    flush(): void {}

    dispose(): void {}
}
