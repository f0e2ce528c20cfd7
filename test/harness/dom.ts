/**
 * A browser-like global environment for running real Phaser in Node: a jsdom document whose
 * canvases are backed by real 2D canvases (@napi-rs/canvas) and whose images decode for real.
 *
 * Phaser reads `window`, `document` and `navigator` while its module loads and draws on canvases
 * while it boots (feature checks, default textures), so this must run before Phaser is required.
 * It is idempotent: jest runs it as a setup file, scripts call `installDom()` themselves.
 */
import { JSDOM } from 'jsdom';
import { createCanvas, Image as NapiImage, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';

const backing = new WeakMap<object, Canvas>();

/** The real canvas behind a jsdom canvas element, created on first use and kept at its size. */
export function realCanvasOf(element: { width: number; height: number }): Canvas {
    let canvas = backing.get(element);
    const width = Math.max(1, element.width | 0);
    const height = Math.max(1, element.height | 0);
    if (!canvas) {
        canvas = createCanvas(width, height);
        backing.set(element, canvas);
    } else if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
    }
    return canvas;
}

/** Whatever a jsdom caller passes to drawImage/createPattern, as something the real canvas can draw. */
function drawable(source: unknown): unknown {
    return source && backing.has(source as object) ? realCanvasOf(source as HTMLCanvasElement) : source;
}

function patchContext(ctx: SKRSContext2D, element: HTMLCanvasElement): SKRSContext2D {
    if ((ctx as unknown as { __patched?: boolean }).__patched) return ctx;
    const drawImage = ctx.drawImage;
    const createPattern = ctx.createPattern;
    Object.defineProperty(ctx, '__patched', { value: true });
    // Point ctx.canvas at the element when the binding allows it (some versions freeze it).
    if (Object.getOwnPropertyDescriptor(ctx, 'canvas')?.configurable !== false) {
        Object.defineProperty(ctx, 'canvas', { value: element, configurable: true });
    }
    (ctx as any).drawImage = function (source: unknown, ...rest: number[]) {
        return (drawImage as any).call(this, drawable(source), ...rest);
    };
    (ctx as any).createPattern = function (source: unknown, repetition: string) {
        return (createPattern as any).call(this, drawable(source), repetition);
    };
    return ctx;
}

/** An HTMLImageElement stand-in that decodes data: URLs and local buffers with a real decoder. */
class DecodingImage extends NapiImage {
    crossOrigin: string | null = null;
    constructor(width?: number, height?: number) {
        super();
        if (width !== undefined) this.width = width;
        if (height !== undefined) this.height = height;
    }
    addEventListener(type: string, fn: () => void): void {
        if (type === 'load') this.onload = fn;
        else if (type === 'error') this.onerror = fn as any;
    }
    removeEventListener(type: string): void {
        if (type === 'load') this.onload = undefined;
        else if (type === 'error') this.onerror = undefined;
    }
    override decode(): Promise<void> {
        return Promise.resolve();
    }
}

let installed: JSDOM | null = null;

/** Installs the globals once per realm and returns the jsdom instance behind them. */
export function installDom(): JSDOM {
    const g = globalThis as any;
    if (installed && g.window === installed.window) return installed;
    const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
        pretendToBeVisual: true,
        url: 'http://localhost/',
    });
    const win = dom.window as any;

    const canvasProto = win.HTMLCanvasElement.prototype;
    canvasProto.getContext = function (this: HTMLCanvasElement, type: string) {
        if (type !== '2d') return null;
        return patchContext(realCanvasOf(this).getContext('2d'), this);
    };
    canvasProto.toDataURL = function (this: HTMLCanvasElement, type?: string) {
        return realCanvasOf(this).toDataURL((type as any) ?? 'image/png');
    };
    win.Image = DecodingImage;
    win.HTMLImageElement = DecodingImage;
    win.focus = () => {};
    win.scrollTo = () => {};

    const names = [
        'window', 'document', 'navigator', 'Image', 'HTMLImageElement', 'HTMLCanvasElement', 'HTMLElement',
        'HTMLVideoElement', 'Element', 'Node', 'Event', 'KeyboardEvent', 'MouseEvent', 'XMLHttpRequest',
        'screen', 'location', 'DOMParser', 'getComputedStyle',
        'requestAnimationFrame', 'cancelAnimationFrame',
    ];
    for (const name of names) {
        const value = name === 'window' ? win : win[name];
        Object.defineProperty(g, name, { value, configurable: true, writable: true });
    }
    installed = dom;
    return dom;
}
