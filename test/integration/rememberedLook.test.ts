/**
 * The look check remembered (plugin/draw/picture.ts: `looksPictured`): whether a served instance
 * shows exactly its samples' picture is asked slot by slot once per apply, not every frame, for an
 * instance nobody reads. It must answer as the full check (`showsPicture`) would, in every frame:
 * a wrong "yes" draws a picture the instance does not show.
 *
 * On the real stack (HEADLESS draws nothing, so each frame asks both checks the way a draw asks, for
 * every pooled instance served from the cache), with what breaks a remembered answer: an overlay
 * on another track that leaves a slot off its setup pose where the animation below does not key
 * it (a colour, an attachment), an attachment key that shows a slot first drawn after the answer
 * was remembered, keyed colours changing between two samples, a draw-order key, a respawn with
 * another animation, a skin combination.
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { partsOf } from '../../fixtures/internals';
import { stack } from '../../fixtures/headless/stack';
import { corpusRig, SPAWN_SKIN_COMBINED, type CorpusSkeleton } from '../../fixtures/skeletons/corpus';
import { looksPictured, remembersLook, showsPicture } from '../../plugin/draw/picture';
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

/** What a draw asks of every pooled instance served from the cache this frame; counts the answers. */
class Asker {
    readonly counts = { asked: 0, remembered: 0, pictured: 0, refused: 0, drawnSlots: 0 };
    readonly wrong: string[] = [];
    private readonly layout = drawLayout(false, true, stack().spineFormat === '4.3', false, false);

    constructor(private readonly test: TestGame) {}

    askAll(frame: number): void {
        const { registry, poseCache } = partsOf(this.test.scene.spinePool);
        for (const go of this.test.scene.children.list as SpineGameObject[]) {
            const instance = registry.instanceOf(go) as PooledInstance | undefined;
            if (!instance || !instance.poseCached || !poseCache.sameSkin(instance.skeleton, instance.served)) continue;
            const served = instance.served;
            const va = poseCache.drawnOf(served, served.a as Sample, this.layout);
            const vb = served.b === served.a ? va : poseCache.drawnOf(served, served.b as Sample, this.layout);
            if (va === null || vb === null) continue;
            this.ask(frame, go, instance, va, vb);
        }
    }

    private ask(frame: number, go: SpineGameObject, instance: PooledInstance, va: SampleVertices, vb: SampleVertices): void {
        const skeleton = instance.skeleton;
        const version = instance.version;
        const full = showsPicture(skeleton, va, vb, this.layout, version);
        if (remembersLook(instance, instance.served.clip, va, vb)) this.counts.remembered++;
        const answer = looksPictured(skeleton, instance, instance.served.clip, va, vb, this.layout, version);
        this.counts.asked++;
        this.counts[full ? 'pictured' : 'refused']++;
        if (va.picture !== null) this.counts.drawnSlots = Math.max(this.counts.drawnSlots, va.picture.drawn.length);
        if (answer !== full) this.wrong.push(`frame ${frame}: ${go.animationState.tracks[0]?.animation?.name}: remembered ${answer}, full check ${full}`);
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

const TRACK0 = ['idle', 'walk', 'run', 'jump', 'die'];

describe('the look check remembered answers as the full check, in every frame', () => {
    test('track-0 animations (colour, attachment and draw-order keys between samples), respawned with another animation: the same answers, and remembered in most frames', async () => {
        const asker = await boot('limbs', corpusRig('limbs'));
        const pool = t.scene.spinePool;
        const spawn = (i: number, animation: string): SpineGameObject =>
            pool.spawn(150 + (i % 8) * 180, 250 + Math.floor(i / 8) * 400, 'limbs', 'limbs-atlas', { animation, detail: 'full', scale: 0.6 });
        const crowd = TRACK0.flatMap((animation, i) => [spawn(i * 2, animation), spawn(i * 2 + 1, animation)]);
        crowd.forEach((go, i) => (go.animationState.tracks[0]!.trackTime = i * 0.137));
        run(asker, 240, {
            120: () => {
                // Freed and reused in one frame, as a wave does: each takes the next one's animation.
                crowd.forEach((go) => pool.despawn(go));
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
        const pool = t.scene.spinePool;
        const go = pool.spawn(800, 600, 'limbs', 'limbs-atlas', { animation: below, detail: 'full' });
        const twin = pool.spawn(400, 600, 'limbs', 'limbs-atlas', { animation: below, detail: 'full' }); // never overlaid
        run(asker, 200, {
            60: () => void go.animationState.setAnimation(1, overlay, false),
            80: () => void go.animationState.clearTrack(1),
        });
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.refused).toBeGreaterThan(0); // the overlay's leftovers are not the picture's
        expect(asker.counts.remembered).toBeGreaterThan(asker.counts.asked / 3);
        void twin;
    });

    test("a game's write through go.skeleton (a slot's colour, then its attachment) after the answer was remembered: seen in the next frame's answer", async () => {
        const asker = await boot('limbs', corpusRig('limbs'));
        const pool = t.scene.spinePool;
        const go = pool.spawn(800, 600, 'limbs', 'limbs-atlas', { animation: 'walk', detail: 'full' });
        run(asker, 60);
        const remembered = asker.counts.remembered;
        expect(remembered).toBeGreaterThan(20);
        run(asker, 20, {
            0: () => colorOf(go.skeleton.findSlot('head')).set(1, 0.5, 0.5, 1),
            10: () => {
                colorOf(go.skeleton.findSlot('head')).set(1, 1, 1, 1);
                go.skeleton.setAttachment('eyes', 'eyes_closed');
            },
        });
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.refused).toBe(20);
    });

    test('a skin combination (mix-and-match, empty default skin): the same answers', async () => {
        const asker = await boot('skins', corpusRig('skins'));
        const pool = t.scene.spinePool;
        const skin = SPAWN_SKIN_COMBINED.skins as string[];
        for (let i = 0; i < 6; i++)
            pool.spawn(200 + i * 220, 600, 'skins', 'skins-atlas', { animation: TRACK0[i % TRACK0.length], skin, detail: 'full', scale: 0.6 });
        run(asker, 150);
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.remembered).toBeGreaterThan(asker.counts.asked / 2);
    });

    test('a stunt rig (attachment and draw-order keys between 60 fps frames, a bone scaled to 0): the same answers', async () => {
        const asker = await boot('stunts', corpusRig('stunts'));
        const pool = t.scene.spinePool;
        for (let i = 0; i < 6; i++)
            pool.spawn(200 + i * 220, 600, 'stunts', 'stunts-atlas', { animation: TRACK0[i % TRACK0.length], detail: 'full', scale: 0.3 });
        run(asker, 150);
        expect(asker.wrong).toEqual([]);
        expect(asker.counts.asked).toBeGreaterThan(300);
    });
});
