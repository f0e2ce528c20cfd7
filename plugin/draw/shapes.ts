/** What drawing reads of the runtime's renderers, of Phaser's and of the game object: shapes, not classes. */
import type * as Phaser from 'phaser';
import type { Skeleton } from '../../spine/core/shapes';
import type { Tint } from './tint';

/** What is read of spine-webgl's PolygonBatcher and its Mesh (public fields of the class). */
export interface Batcher {
    lastTexture: unknown;
    verticesLength: number;
    indicesLength: number;
    mesh: {
        getVertices(): Float32Array;
        getIndices(): Uint16Array;
        numVertices(): number;
        setVerticesLength(n: number): void;
        setIndicesLength(n: number): void;
    };
    flush(): void;
    setBlendMode(blendMode: number, premultipliedAlpha: boolean): void;
}

/** What is read of spine-webgl's SceneRenderer. */
export interface SceneRenderer {
    batcher: Batcher;
    skeletonRenderer: { twoColorTint: boolean };
    begin(): void;
    end(): void;
    enableRenderer(renderer: unknown): void;
}

/** What is read of Phaser's WebGLRenderer (whether the previous and next objects are spine's too). */
export interface PhaserRenderer {
    newType: boolean;
    nextTypeMatch: boolean;
    pipelines: { clear(): void; rebind(): void };
}

/** The game object, as drawing reads it. */
export interface DrawnObject {
    skeleton: Skeleton;
    /** spine-phaser 4.2 (4.3 always premultiplies). */
    premultipliedAlpha: boolean;
    /** spine-phaser-v3/v4: where the skeleton's origin is from the object's. */
    renderOffsetX?: number;
    renderOffsetY?: number;
    alpha: number;
    /** spine-phaser-v4: the renderer it was made with (`'phaser'`, `'spine-webgl'`, `'spine-canvas'`). */
    rendererType?: string;
    /** Phaser 4: its flips (spine-phaser-v4's default renderer draws them). */
    flipX?: boolean;
    flipY?: boolean;
}

/** What is read of Phaser 4's WebGLRenderer and the drawing context it renders an object into. */
export interface Phaser4Renderer {
    renderNodes: { finishBatch(): void; getNode(name: string): { run(context: unknown): void } | undefined };
}
export interface DrawingContext {
    camera: { addToRenderList(o: unknown): void } | null;
    width: number;
    height: number;
    useCanvas: boolean;
    beginDraw(): void;
}
/** spine-phaser-v4's plugin: the context its spine-webgl batch was begun for. */
export interface SpinePlugin4 {
    currentWebGLDrawingContext: unknown;
}

/** Phaser's GetCalcMatrix as drawing calls it: with the pool's object and camera shapes, and Phaser 4's `ignoreCameraPosition`. */
export type CalcMatrix = (
    src: unknown,
    camera: unknown,
    parentMatrix?: unknown,
    ignoreCameraPosition?: boolean,
) => Phaser.Types.GameObjects.GetCalcMatrixResults;

/** A game object's world-to-camera matrix (GetCalcMatrix's `calc`). */
export interface Matrix {
    a: number;
    b: number;
    c: number;
    d: number;
    tx: number;
    ty: number;
}

/** Where and how an instance is drawn (the owner's Element): its matrix, render offset and tint. */
export interface Placed extends Readonly<Matrix> {
    readonly ox: number;
    readonly oy: number;
    readonly tint: Tint;
}

/** spine-webgl's SceneRenderer camera, as spine-phaser-v4 places it on the drawing context. */
export interface SpineCamera {
    camera: { position: { x: number; y: number }; up: { y: number }; direction: { z: number }; setViewport(w: number, h: number): void; update(): void };
}
