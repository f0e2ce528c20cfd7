/**
 * spine-webgl's batch, hooked: what waits beside it (the GPU crowd's records) is drawn before
 * anything drawn into it, and before its flush and end, so every draw keeps its display order. Its
 * `draw`, `flush` and `end` are replaced on the one batcher object (not on its class: another
 * game's batcher is not touched) and given back on `unhook`; the batch's own flush stays reachable
 * (`flushBatch`) for what draws after its vertices.
 */
import type { Batcher } from './shapes';

/** The batcher's methods that are hooked. */
type Hooked = Batcher & {
    draw(texture: unknown, vertices: unknown, indices: unknown): void;
    end(): void;
};

const HOOKED = ['flush', 'draw', 'end'] as const;

export class BatchHooks {
    /** The batcher hooked, null when none is. */
    private batcher: Hooked | null = null;
    /** Its methods as found, bound to it. */
    private ownFlush: (() => void) | null = null;
    private ownDraw: ((texture: unknown, vertices: unknown, indices: unknown) => void) | null = null;
    private ownEnd: (() => void) | null = null;
    /** Which of them were its own properties (else its class's): those are put back, the others' hooks removed. */
    private readonly wereOwn = { flush: false, draw: false, end: false };
    /** Its own properties as found (unbound). */
    private readonly found: Record<'flush' | 'draw' | 'end', unknown> = { flush: null, draw: null, end: null };
    /** The hooks put on it (an unhook gives its methods back only where they are still these). */
    private readonly flush = (): void => {
        this.before();
        (this.ownFlush as () => void)();
    };
    private readonly draw = (texture: unknown, vertices: unknown, indices: unknown): void => {
        this.before();
        (this.ownDraw as (texture: unknown, vertices: unknown, indices: unknown) => void)(texture, vertices, indices);
    };
    private readonly end = (): void => {
        this.before();
        (this.ownEnd as () => void)();
    };

    constructor(
        /** Draws what waits beside the batch (it may call `flushBatch`). */
        private readonly before: () => void,
    ) {}

    /** The batcher hooked now. */
    get hooked(): Batcher | null {
        return this.batcher;
    }

    /** Hooks `batcher` (and unhooks the one before, if another). */
    hook(batcher: Batcher): void {
        if (batcher === this.batcher) return;
        this.unhook();
        const hooked = batcher as Hooked;
        for (const name of HOOKED) {
            this.wereOwn[name] = Object.prototype.hasOwnProperty.call(hooked, name);
            this.found[name] = Reflect.get(hooked, name);
        }
        this.ownFlush = hooked.flush.bind(hooked);
        this.ownDraw = hooked.draw.bind(hooked);
        this.ownEnd = hooked.end.bind(hooked);
        hooked.flush = this.flush;
        hooked.draw = this.draw;
        hooked.end = this.end;
        this.batcher = hooked;
    }

    /** The batch's own flush: its vertices drawn, nothing else. */
    flushBatch(): void {
        this.ownFlush?.();
    }

    /** Gives the batcher its methods back as they were found, where nothing replaced the hooks since. */
    unhook(): void {
        const batcher = this.batcher;
        if (batcher === null) return;
        const own = batcher as unknown as Record<string, unknown>;
        const hooks: Record<string, unknown> = { flush: this.flush, draw: this.draw, end: this.end };
        for (const name of HOOKED) {
            if (own[name] !== hooks[name]) continue;
            if (this.wereOwn[name]) own[name] = this.found[name];
            else delete own[name];
            this.found[name] = null;
        }
        this.batcher = null;
        this.ownFlush = this.ownDraw = this.ownEnd = null;
    }
}
