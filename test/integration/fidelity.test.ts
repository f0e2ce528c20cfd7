/**
 * The eight ways a pooled instance once differed from a stock one (issue 12), each pinned by a
 * differential run against a stock twin given the same calls (test/harness/differential.ts).
 * The scenario matrix (differential.test.ts) covers them too; these name them.
 */
import type * as Phaser from 'phaser';
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { bootGame, type TestGame } from '../../fixtures/headless/game';
import { DifferentialRun, irregularDeltas, type TwinPair } from '../harness/differential';
import { instanceRecord, schedulerFrame } from '../../fixtures/internals';
import { slotLooks } from '../harness/spineApi';
import { corpusRig } from '../../fixtures/skeletons/corpus';
import { Tier } from '../../src/Tier';

let t: TestGame;
let run: DifferentialRun;

beforeEach(async () => {
    t = await bootGame({
        skeletons: {
            limbs: corpusRig('limbs'),
            physics: corpusRig('physics'),
            swing: corpusRig('swing'),
            stunts: corpusRig('stunts'),
            giant: corpusRig('giant'),
        },
    });
});

afterEach(() => {
    run?.end();
    t.destroy();
});

const OFF = 400 + 3 * 800; // three views to the right of the main camera's

function differences(): string[] {
    return run.differences();
}

describe('fidelity: what LOD may not change', () => {
    test.each([
        ['every frame', 1, false],
        ['at interval 4', 4, false],
        ['off screen, back in view', 1, true],
    ] as const)('Legacy-helper starts, fades and blends %s land where its docs put them on a stock twin (the Legacy oracle)', (_name, k, away) => {
        t.scene.spinePool.configure({ highFrequency: k, midFrequency: k, lowFrequency: k });
        run = new DifferentialRun(t, irregularDeltas(90 + k), () => k);
        const pair = run.pair(400, 450, 'limbs');
        // The twin is driven by the oracle (test/harness/legacyOracle.ts), not by a second helper.
        run.at(0, () =>
            pair.legacy(
                (anim) => {
                    anim.state('walk').wrapMode = 'Loop';
                    anim.state('idle').wrapMode = 'Loop';
                    anim.state('aim').layer = 1;
                    anim.play('walk');
                    anim.crossFadeQueued('jump', 0.2);
                    anim.playQueued('idle');
                },
                (oracle) => {
                    oracle.state('walk').wrapMode = 'Loop';
                    oracle.state('idle').wrapMode = 'Loop';
                    oracle.state('aim').layer = 1;
                    oracle.play('walk');
                    oracle.crossFadeQueued('jump', 0.2);
                    oracle.playQueued('idle');
                },
            ),
        );
        run.at(40, () =>
            pair.legacy(
                (anim) => anim.blend('aim', 0.7, 0.4),
                (oracle) => oracle.blend('aim', 0.7, 0.4),
            ),
        );
        run.at(70, () =>
            pair.legacy(
                (anim) => anim.crossFade('run', 0.3),
                (oracle) => oracle.crossFade('run', 0.3),
            ),
        );
        run.at(75, () =>
            pair.legacy(
                (anim) => anim.crossFadeQueued('die', 0.25, 'CompleteOthers', 'StopAll'),
                (oracle) => oracle.crossFadeQueued('die', 0.25, 'CompleteOthers', 'StopAll'),
            ),
        );
        if (away) {
            run.at(30, () => pair.moveTo(OFF, 450));
            run.at(120, () => pair.moveTo(400, 450));
        }
        run.step(160);
        expect(differences()).toEqual([]);
        const starts = pair.stockHeard.filter((h) => h.type === 'start').map((h) => h.animation);
        expect(starts).toEqual(expect.arrayContaining(['walk', 'jump', 'idle', 'aim', 'run', 'die']));
    });

    test('1. a mix-out, crossfade or track end that completes off screen leaves none of the old pose once back in view', () => {
        run = new DifferentialRun(t, irregularDeltas(11));
        const overlay = run.pair(400, 450, 'limbs', 'overlay mixed out');
        const crossfade = run.pair(400, 450, 'limbs', 'crossfade');
        const ending = run.pair(400, 450, 'limbs', 'overlay ending');
        const pairs = [overlay, crossfade, ending];
        run.at(0, () => {
            overlay.both((go) => go.animationState.setAnimation(0, 'idle', true));
            overlay.both((go) => go.animationState.setAnimation(1, 'aim', true));
            crossfade.both((go) => go.animationState.setAnimation(0, 'run', true));
            ending.both((go) => go.animationState.setAnimation(0, 'idle', true));
            ending.both((go) => (go.animationState.setAnimation(1, 'aim', true).trackEnd = 0.8));
        });
        run.at(20, () => pairs.forEach((p) => p.moveTo(OFF, 450)));
        run.at(30, () => {
            overlay.both((go) => go.animationState.setEmptyAnimation(1, 0.5));
            crossfade.both((go) => (go.animationState.setAnimation(0, 'idle', true).mixDuration = 0.4));
        });
        run.at(90, () => pairs.forEach((p) => p.moveTo(400, 450)));
        run.step(120);
        expect(differences()).toEqual([]);
        // The crosshair only the aim overlay showed is gone once it mixed out, as stock's; the ended
        // track is cleared.
        const crosshair = (go: SpineGameObject) => slotLooks(go.skeleton)[go.skeleton.findSlot('crosshair')!.data.index].attachment;
        expect(crosshair(overlay.pooled)).toBeNull();
        expect(ending.pooled.animationState.tracks[1] ?? null).toBeNull();
    });

    test.each([2, 4])("2. Spine's own queue (delays, a finished entry's successor, mix ends) lands in stock's frame at interval %i", (k) => {
        t.scene.spinePool.configure({ highFrequency: k, midFrequency: k, lowFrequency: k });
        run = new DifferentialRun(t, irregularDeltas(20 + k), () => k);
        const pair = run.pair(400, 450, 'limbs');
        run.at(0, () =>
            pair.both((go) => {
                const state = go.animationState;
                state.setAnimation(0, 'jump', false);
                state.addAnimation(0, 'idle', true, 0).mixDuration = 0.2;
                state.addAnimation(0, 'walk', true, 0.7).mixDuration = 0.25;
                state.addAnimation(0, 'die', false, 1.1);
                state.addAnimation(0, 'run', true, 1.4).mixDuration = 0;
            }),
        );
        run.step(240);
        expect(differences()).toEqual([]);
        const starts = pair.stockHeard.filter((h) => h.type === 'start').map((h) => h.animation);
        expect(starts).toEqual(['jump', 'idle', 'walk', 'die', 'run']);
    });

    test.each([['physics'], ['swing']] as const)(
        "3. a %s rig back in view after 2 s off screen, or spawned off screen walking in, shows its twin's pose (its physics ran on off screen): no bone is off or moves more in a frame",
        (rig) => {
            run = new DifferentialRun(t, irregularDeltas(31));
            const back = run.pair(400, 450, rig, 'back in view');
            const walker = run.pair(OFF, 450, rig, 'walking in');
            run.at(0, () => {
                back.both((go) => go.animationState.setAnimation(0, 'idle', true));
                walker.both((go) => go.animationState.setAnimation(0, 'walk', true));
            });
            // It leaves in the air, mid-jump, and comes back standing 2 s later: its physics bones were
            // last seen 150 px above where they are now (the swing: swinging hundreds of px meanwhile).
            run.at(10, () => back.both((go) => go.animationState.setAnimation(0, 'jump', false)));
            run.at(10, () => back.both((go) => go.animationState.addAnimation(0, 'idle', true, 0)));
            run.at(22, () => back.moveTo(OFF, 450));
            run.at(22 + 120, () => back.moveTo(400, 450));
            for (let f = 60; f < 200; f++) run.at(f, () => walker.moveTo(OFF - (f - 60) * 20, 450));
            const seen = [back, walker].map(() => [] as boolean[]);
            for (let f = 0; f < 200; f++) {
                run.step(1);
                [back, walker].forEach((pair, i) => seen[i].push(run.visible(pair.stock)));
            }
            // Every bone, physics-moved ones included, within 1e-3 of the twin's on every visible frame
            // (the bound was 25 px at the first one): its physics ran as the twin's throughout.
            expect(differences()).toEqual([]);
            for (const pair of [back, walker]) expect(pair.physicsSynced).toBe(true);
            // Both really were out of view and came back into it.
            for (const s of seen) expect(s.some((v, f) => !v && s[f + 1])).toBe(true);
            expect(seen[0].slice(30, 140).some((v) => v)).toBe(false);
        },
    );

    test('4. spawn() then setAnimation() shows the animation from the next frame in the mid and far tiers too', () => {
        // Everything on screen in the mid tier (interval 2), then in the low tier (interval 4).
        for (const [distance, k] of [
            [{ highDetailDistance: 0, midDetailDistance: 1e9 }, 2],
            [{ highDetailDistance: 0, midDetailDistance: 0 }, 4],
        ] as const) {
            t.scene.spinePool.configure(distance);
            const local = new DifferentialRun(t, irregularDeltas(40 + k), () => k);
            const pairs: TwinPair[] = [];
            // Spawned on k consecutive frames, so every phase of the interval is met.
            for (let f = 0; f < k; f++) {
                local.at(f, () => {
                    const pair = local.pair(300 + 60 * f, 450, 'limbs', `spawned at frame ${f}`);
                    pair.both((go) => go.animationState.setAnimation(0, 'walk', true));
                    pairs.push(pair);
                });
            }
            const firstPoses: boolean[] = [];
            for (let f = 0; f < k + 2; f++) {
                local.step(1);
                // The pair spawned in the previous frame was updated and posed in this one.
                if (f >= 1 && f <= k) firstPoses.push(instanceRecord(t.scene.spinePool, pairs[f - 1].pooled).posedFrame === schedulerFrame(t.scene.spinePool));
            }
            local.step(30);
            expect(local.differences()).toEqual([]);
            expect(firstPoses).toEqual(new Array(k).fill(true));
            local.end();
        }
        run = new DifferentialRun(t, () => 16);
    });

    test('5. a rig larger than the view whose body fills it is near, wherever its origin is', () => {
        run = new DifferentialRun(t, irregularDeltas(51));
        // Origin 1500 px below the view centre: beyond highDetailDistance (1000), its body in view.
        const pair = run.pair(400, 300 + 1500, 'giant');
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        run.step(60);
        expect(t.scene.spinePool.stats().tiers).toEqual({ high: 1, mid: 0, low: 0, offscreen: 0 });
        expect(differences()).toEqual([]);
        expect(pair.comparedFrames).toBe(60);
    });

    test('6. a listener that throws does not silence the instance for its next owner', () => {
        run = new DifferentialRun(t, irregularDeltas(61));
        const pool = t.scene.spinePool;
        const go = pool.spawn(400, 450, 'limbs', 'limbs-atlas', { animation: 'walk' });
        const listener = {
            event: () => {
                throw new Error('a bug in the previous owner');
            },
        };
        go.animationState.addListener(listener);
        let thrown: unknown = null;
        for (let i = 0; i < 60 && !thrown; i++) {
            try {
                t.step(1, 16);
            } catch (error) {
                thrown = error;
            }
        }
        expect(String(thrown)).toContain('a bug in the previous owner');
        go.animationState.removeListener(listener);
        pool.despawn(go);
        // The next owner gets the same object: it hears what a new stock object hears.
        const pair = run.pair(400, 450, 'limbs');
        expect(pair.pooled).toBe(go);
        run.at(0, () => pair.both((g) => g.animationState.setAnimation(0, 'walk', true)));
        run.step(90);
        expect(differences()).toEqual([]);
        expect(pair.pooledHeard.filter((h) => h.type === 'event').length).toBeGreaterThanOrEqual(5);
    });

    test('7. an instance only a second camera sees is posed every frame (split screen)', () => {
        t.scene.cameras.main.setScroll(5000, 0);
        const second = t.scene.cameras.add(400, 0, 400, 300).setScroll(200, 300);
        run = new DifferentialRun(t, irregularDeltas(71));
        const pair = run.pair(400, 450, 'limbs');
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'run', true)));
        run.at(40, () => pair.both((go) => (go.animationState.setAnimation(0, 'walk', true).mixDuration = 0.3)));
        run.step(90);
        expect(differences()).toEqual([]);
        expect(pair.comparedFrames).toBe(90);
        expect(t.scene.spinePool.stats().tiers.offscreen).toBe(0);
        // Ignored by that camera (Phaser's camera filter), it is off screen: nothing else sees it.
        second.ignore(pair.pooled as unknown as Phaser.GameObjects.GameObject);
        run.step(5);
        expect(t.scene.spinePool.stats().tiers.offscreen).toBe(1);
    });

    test("8. setActive(false) stops a pooled instance as Phaser's UpdateList stops a stock one", () => {
        t.scene.spinePool.configure({ highFrequency: 3, midFrequency: 3, lowFrequency: 3 });
        run = new DifferentialRun(t, irregularDeltas(81), () => 3);
        const pair = run.pair(400, 450, 'limbs');
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        run.at(31, () => pair.both((go) => go.setActive(false)));
        run.at(70, () => pair.both((go) => go.setActive(true)));
        run.step(40);
        // Inactive: in no level-of-detail tier, not updated, its time stopped as the twin's.
        const frozen = instanceRecord(t.scene.spinePool, pair.pooled);
        expect(frozen.tier).toBe(Tier.Inactive);
        expect(frozen.updatedFrame).toBeLessThanOrEqual(schedulerFrame(t.scene.spinePool) - 8);
        expect(pair.pooled.animationState.tracks[0]!.trackTime).toBe(pair.stock.animationState.tracks[0]!.trackTime);
        run.step(60);
        expect(differences()).toEqual([]);
        expect(instanceRecord(t.scene.spinePool, pair.pooled).tier).toBe(Tier.High);
        expect(pair.pooled.animationState.tracks[0]!.trackTime).toBeCloseTo(pair.stock.animationState.tracks[0]!.trackTime, 9);
    });

    test('9. an instance asleep off screen is not drawn where its stale state would put it (a camera looking where its animation was, not where it is)', () => {
        // The stunts rig's walk dashes in from 900 units behind at every loop wrap (spineboy's
        // portal): the body crosses 900 units in 0.3 s, then stays where it is for the loop's rest.
        run = new DifferentialRun(t, irregularDeltas(9));
        const pair = run.pair(3000, 450, 'stunts');
        run.at(0, () => pair.both((go) => go.animationState.setAnimation(0, 'walk', true)));
        // The camera sees the dash's start; the body leaves its view mid-dash (frame 7) and the
        // instance falls asleep off screen, its state left at that moment (it moves on without it).
        run.atScene(0, () => t.scene.cameras.main.setScroll(1700, 0));
        // The camera moves on to where the body was when it fell asleep, not where it is now.
        run.atScene(9, () => t.scene.cameras.main.setScroll(2000, 0));
        run.step(120);
        // The suite's check: no pose drawn by a camera is older than this frame (lag 1). Without the
        // cull, frames 9 to 15 drew the pose of frame 7 where the twin draws nothing.
        expect(differences()).toEqual([]);
        // It was asleep in those frames, and seen at each loop's start as the twin was.
        const record = instanceRecord(t.scene.spinePool, pair.pooled);
        expect(record.tier).toBe(Tier.Offscreen);
        expect(pair.comparedFrames).toBeGreaterThan(5);
    });
});
