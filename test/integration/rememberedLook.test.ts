/**
 * The look check remembered (plugin/draw/picture.ts: `looksPictured`): whether a served instance
 * shows exactly its samples' picture is asked slot by slot once per apply, not every frame, for an
 * instance nobody reads. A wrong "yes" draws a picture the instance does not show: every yes is
 * held to a stock `this.add.spine` twin given the same calls (its attachments, slot colours and
 * draw order, read through the harness, sharing no code with the check), in every frame.
 *
 * On the real stack (HEADLESS draws nothing, so each frame asks the check the way a draw asks, for
 * every pooled instance served from the cache), with what breaks a remembered answer: an overlay
 * on another track that leaves a slot off its setup pose where the animation below does not key
 * it (a colour, an attachment), an attachment key that shows a slot first drawn after the answer
 * was remembered, keyed colours changing between two samples, a draw-order key, a respawn with
 * another animation, a skin combination, a game's write through `go.skeleton`.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { partsOf } from '../../fixtures/internals';
import { stack } from '../../fixtures/headless/stack';
import { corpusRig, SPAWN_SKIN_COMBINED, type CorpusSkeleton } from '../../fixtures/skeletons/corpus';
import { looksPictured, remembersLook } from '../../plugin/draw/picture';
import { drawOrderOf, slotLooks } from '../harness/spineApi';
import { drawLayout, type SampleVertices } from '../../spine/SampleVertices';
import type { PooledInstance } from '../../plugin/PooledInstance';
import type { Sample } from '../../spine/ClipSamples';

/** A slot's colour as a game sets it (4.3 keeps it on `slot.pose`). */
function colorOf(slot: unknown): { set(r: number, g: number, b: number, a: number): void } {
    const s = slot as { pose?: { color: never }; color: never };
    return (s.pose ?? s).color;
}

let t: TestGame;
afterEach(() => t.destroy());

/**
 * The limbs rig with two overlays that key slots only, on slots no track-0 animation keys that
 * way: `hitFlash` tints the `fx` slot (whose attachment `jump` shows and hides) and ends tinted;
 * `blink` closes the eyes (only `die` keys them).
 */
function limbsWithOverlays(): CorpusSkeleton {
    const rig = corpusRig('limbs');
    const json = JSON.parse(JSON.stringify(rig.json));
    json.animations.hitFlash = {
        slots: {
            fx: {
                rgba: [
                    { time: 0, color: 'ff2020ff' },
                    { time: 0.2, color: 'ff8060ff' },
                ],
            },
        },
    };
    json.animations.blink = { slots: { eyes: { attachment: [{ time: 0, name: 'eyes_closed' }] } } };
    return { ...rig, json };
}

/** A colour channel of a served pose may be this far from stock's (half a level of 255, and float noise). */
const COLOUR = 0.5 / 255 + 1e-6;

/**
 * How the picture of sample `va` differs from what `twin` shows now (each slot's attachment, the
 * colour of each drawn slot, the draw order, the skeleton's tint), in words: a picture drawn for
 * the pooled instance must show its twin.
 */
function pictureOffTwin(va: SampleVertices, twin: SpineGameObject): string[] {
    const picture = va.picture!;
    const out: string[] = [];
    if (drawOrderOf(twin.skeleton).join() !== Array.from(picture.order).join()) out.push('draw order');
    const tint = twin.skeleton.color;
    if (tint.r !== 1 || tint.g !== 1 || tint.b !== 1 || tint.a !== 1) out.push('tinted');
    slotLooks(twin.skeleton).forEach((look, i) => {
        const name = (twin.skeleton.slots[i] as unknown as { data: { name: string } }).data.name;
        const shown = (va.attachments[i] as { name: string } | null)?.name ?? null;
        if (shown !== look.attachment) out.push(`slot '${name}' shows ${shown} vs stock ${look.attachment}`);
        const at = picture.colorAt[i];
        if (at < 0) return;
        for (let c = 0; c < 4; c++) if (Math.abs(picture.colors[at + c] - look.color[c]) > COLOUR) out.push(`slot '${name}' colour`);
    });
    return out;
}

/** What a draw asks of every pooled instance served from the cache this frame; counts the answers, holds every yes to the instance's stock twin. */
class Asker {
    readonly counts = { asked: 0, remembered: 0, pictured: 0, refused: 0, drawnSlots: 0 };
    readonly wrong: string[] = [];
    /** Each pooled object's stock twin (given the same calls by the test). */
    readonly twins = new Map<SpineGameObject, SpineGameObject>();
    private readonly layout = drawLayout(false, true, stack().spineFormat === '4.3', false, false);

    constructor(private readonly test: TestGame) {}

    askAll(frame: number): void {
        const { registry, poseCache } = partsOf(this.test.scene.spinePool);
        for (const [go, twin] of this.twins) {
            const instance = registry.instanceOf(go) as PooledInstance | undefined;
            if (!instance || !instance.spawned || !instance.poseCached || !poseCache.sameSkin(instance.skeleton, instance.served)) continue;
            const served = instance.served;
            const va = poseCache.drawnOf(served, served.a as Sample, this.layout);
            const vb = served.b === served.a ? va : poseCache.drawnOf(served, served.b as Sample, this.layout);
            if (va === null || vb === null) continue;
            this.ask(frame, go, twin, instance, va, vb);
        }
    }

    private ask(frame: number, go: SpineGameObject, twin: SpineGameObject, instance: PooledInstance, va: SampleVertices, vb: SampleVertices): void {
        if (remembersLook(instance, instance.served.clip, va, vb)) this.counts.remembered++;
        const answer = looksPictured(instance.skeleton, instance, instance.served.clip, va, vb, this.layout, instance.version);
        this.counts.asked++;
        this.counts[answer ? 'pictured' : 'refused']++;
        if (va.picture !== null) this.counts.drawnSlots = Math.max(this.counts.drawnSlots, va.picture.drawn.length);
        if (!answer) return;
        const off = pictureOffTwin(va, twin);
        if (off.length > 0)
            this.wrong.push(`frame ${frame}: ${go.animationState.tracks[0]?.animation?.name}: pictured, but stock shows otherwise: ${off.join('; ')}`);
    }
}

async function boot(key: string, rig: CorpusSkeleton): Promise<Asker> {
    t = await bootGame({ skeletons: { [key]: rig }, width: 1600, height: 900 });
    t.scene.spinePool.configure({ poseCache: 'shared' });
    return new Asker(t);
}

/** Steps `frames` frames, the draws' questions asked after each; `at[frame]` runs before that frame. */
function run(asker: Asker, frames: number, at: Record<number, () => void> = {}): void {
    for (let frame = 0; frame < frames; frame++) {
        at[frame]?.();
        t.step(1);
        asker.askAll(frame);
    }
}

/** A skin of `names` combined as the Spine docs combine mix-and-match skins (made here, apart from the plugin's). */
function combined(go: SpineGameObject, names: string[]): unknown {
    const data = go.skeleton.data;
    const skin = new (data.skins[0]!.constructor as new (name: string) => { addSkin(s: unknown): void })(names.join('+'));
    for (const name of names) skin.addSkin(data.findSkin(name));
    return skin;
}

/**
 * A pooled instance spawned at (x, y) playing `animation` (pinned: posed every frame) and its stock
 * twin (`this.add.spine`, the same animation, skin and track time), known to `asker`.
 */
function pair(asker: Asker, key: string, x: number, y: number, animation: string, skin: string[] | null = null, scale = 1): SpineGameObject {
    const pooled = t.scene.spinePool.spawn(x, y, key, `${key}-atlas`, { animation, detail: 'full', scale, ...(skin ? { skin } : {}) });
    const twin = t.scene.add.spine(x, y + 2000, key, `${key}-atlas`);
    if (skin) {
        twin.skeleton.setSkin(combined(twin, skin) as never);
        const sk = twin.skeleton as unknown as { setSlotsToSetupPose?(): void; setupPoseSlots?(): void };
        sk.setSlotsToSetupPose?.();
        sk.setupPoseSlots?.();
    }
    twin.animationState.setAnimation(0, animation, true);
    asker.twins.set(pooled, twin);
    return pooled;
}

/** Makes the same call on the pooled object and its twin. */
function both(asker: Asker, go: SpineGameObject, call: (o: SpineGameObject) => void): void {
    call(go);
    call(asker.twins.get(go)!);
}

const TRACK0 = ['idle', 'walk', 'run', 'jump', 'die'];

describe('the look check remembered: every picture it lets through shows what a stock twin shows, in every frame', () => {
    test("track-0 animations (colour, attachment and draw-order keys between samples), respawned with another animation: every yes the twin's look, and remembered in most frames", async () => {
        const asker = await boot('limbs', corpusRig('limbs'));
        const pool = t.scene.spinePool;
        const spawn = (i: number, animation: string): SpineGameObject =>
            pair(asker, 'limbs', 150 + (i % 8) * 180, 250 + Math.floor(i / 8) * 400, animation, null, 0.6);
        const crowd = TRACK0.flatMap((animation, i) => [spawn(i * 2, animation), spawn(i * 2 + 1, animation)]);
        crowd.forEach((go, i) => both(asker, go, (o) => void (o.animationState.tracks[0]!.trackTime = i * 0.137)));
        run(asker, 240, {
            120: () => {
                // Freed and reused in one frame, as a wave does: each takes the next one's animation.
                crowd.forEach((go) => {
                    pool.despawn(go);
                    asker.twins.get(go)!.destroy();
                    asker.twins.delete(go);
                });
                crowd.forEach((_, i) => spawn(i, TRACK0[(Math.floor(i / 2) + 1) % TRACK0.length]));
            },
        });
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.drawnSlots).toBeGreaterThan(5); // pictures that draw: the colours were compared
        expect(asker.counts.refused).toBeGreaterThan(0); // keyed colours between samples: not the picture's
        expect(asker.counts.remembered).toBeGreaterThan(asker.counts.asked / 2);
    });

    test.each([
        ['hitFlash', 'jump', 'a tint left on a slot the animation below shows and hides by attachment keys, so first drawn after the answer was remembered'],
        ['blink', 'walk', 'an attachment left on a slot the animation below does not key'],
    ])('an overlay (%s over %s) cleared off a served instance: %s', async (overlay, below) => {
        const asker = await boot('limbs', limbsWithOverlays());
        const go = pair(asker, 'limbs', 800, 600, below);
        pair(asker, 'limbs', 400, 600, below); // never overlaid
        run(asker, 200, {
            60: () => both(asker, go, (o) => void o.animationState.setAnimation(1, overlay, false)),
            80: () => both(asker, go, (o) => void o.animationState.clearTrack(1)),
        });
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.refused).toBeGreaterThan(0); // the overlay's leftovers are not the picture's
        expect(asker.counts.remembered).toBeGreaterThan(asker.counts.asked / 3);
    });

    test("a game's write through go.skeleton (a slot's colour, then its attachment) after the answer was remembered: seen in the next frame's answer", async () => {
        const asker = await boot('limbs', corpusRig('limbs'));
        const go = pair(asker, 'limbs', 800, 600, 'walk');
        run(asker, 60);
        const remembered = asker.counts.remembered;
        expect(remembered).toBeGreaterThan(20);
        run(asker, 20, {
            0: () => both(asker, go, (o) => colorOf(o.skeleton.findSlot('head')).set(1, 0.5, 0.5, 1)),
            10: () =>
                both(asker, go, (o) => {
                    colorOf(o.skeleton.findSlot('head')).set(1, 1, 1, 1);
                    o.skeleton.setAttachment('eyes', 'eyes_closed');
                }),
        });
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.refused).toBe(20);
    });

    test("a skin combination (mix-and-match, empty default skin): every yes the twin's look", async () => {
        const asker = await boot('skins', corpusRig('skins'));
        const skin = SPAWN_SKIN_COMBINED.skins as string[];
        for (let i = 0; i < 6; i++) pair(asker, 'skins', 200 + i * 220, 600, TRACK0[i % TRACK0.length], skin, 0.6);
        run(asker, 150);
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.remembered).toBeGreaterThan(asker.counts.asked / 2);
    });

    test("a stunt rig (attachment and draw-order keys between 60 fps frames, a bone scaled to 0): every yes the twin's look", async () => {
        const asker = await boot('stunts', corpusRig('stunts'));
        for (let i = 0; i < 6; i++) pair(asker, 'stunts', 200 + i * 220, 600, TRACK0[i % TRACK0.length], null, 0.3);
        run(asker, 150);
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.asked).toBeGreaterThan(300);
    });
});
