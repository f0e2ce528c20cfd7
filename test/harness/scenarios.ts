/**
 * The scenarios and placements of the differential suite (test/integration/differential.test.ts,
 * callSites.test.ts): what a game does to a pair, frame by frame, and where the pair is and what the
 * cameras do. Scenario calls are made at the run's call site; camera changes always in the scene's
 * UPDATE (`atScene`).
 */
import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import type { DifferentialRun, Reading, TwinPair } from './differential';
import type { TestGame } from '../../fixtures/headless/game';

/** What a scenario does to a pair, frame by frame (calls are made on both, in the game's update). */
export interface Scenario {
    name: string;
    frames: number;
    script(run: DifferentialRun, pair: TwinPair): void;
}

export const set = (track: number, name: string, loop: boolean, mix?: number) => (go: SpineGameObject) => {
    const entry = go.animationState.setAnimation(track, name, loop);
    if (mix !== undefined) entry.mixDuration = mix;
};

/** What a game keeps of an object to read every frame: a bone, the bone list, a slot, the skeleton in a wrapper of its own. */
interface Kept {
    bone: Any;
    bones: Any[];
    slot: Any;
    wrapper: { skeleton: Any };
}

type Any = any;

/** The world positions of `bones`, and what `slot` shows (4.3 keeps world transforms and slot looks on `appliedPose`). */
function reading(bones: Any[], slot: Any = null): Reading {
    const points: number[] = [];
    for (const bone of bones) {
        const w = bone.appliedPose ?? bone;
        points.push(w.worldX, w.worldY);
    }
    if (slot === null) return { points };
    const pose = slot.appliedPose ?? slot;
    const c = pose.color;
    const attachment = pose.attachment ?? slot.getAttachment?.() ?? null;
    return { points, colours: [c.r, c.g, c.b, c.a], names: [attachment ? attachment.name : '-'] };
}

/** spine-core's `Physics.update` (4.2 and 4.3). */
const PHYSICS_UPDATE = 2;

/** A bone's local pose (4.3 keeps it on `bone.pose`). */
const localOf = (bone: Any): { rotation: number } => bone.pose ?? bone;

export const SCENARIOS: Scenario[] = [
    {
        name: 'loops and crossfades, one interrupting another',
        frames: 150,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(25, () => p.both(set(0, 'run', true, 0.25)));
            run.at(55, () => p.both(set(0, 'idle', true, 0)));
            run.at(80, () => p.both(set(0, 'walk', true, 0.4)));
            run.at(86, () => p.both(set(0, 'run', true, 0.3)));
            run.at(120, () => p.both(set(0, 'jump', false, 0.1)));
        },
    },
    {
        name: 'overlay tracks mixed in and out',
        frames: 170,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(10, () => p.both(set(1, 'aim', true)));
            run.at(15, () =>
                p.both((go) => {
                    go.animationState.setAnimation(2, 'wave', true).alpha = 0.6;
                }),
            );
            run.at(60, () => p.both((go) => go.animationState.setEmptyAnimation(1, 0.5)));
            run.at(95, () =>
                p.both((go) => {
                    go.animationState.setEmptyAnimation(1, 0);
                    go.animationState.addAnimation(1, 'aim', true, 0).mixDuration = 0.3;
                }),
            );
            run.at(110, () => p.both((go) => go.animationState.setEmptyAnimation(2, 0)));
            run.at(140, () => p.both((go) => go.animationState.setEmptyAnimations(0.3)));
        },
    },
    {
        name: 'queued animations with delays, mixes and a track end',
        frames: 220,
        script(run, p) {
            run.at(0, () =>
                p.both((go) => {
                    const state = go.animationState;
                    state.setAnimation(0, 'jump', false);
                    state.addAnimation(0, 'walk', true, 0).mixDuration = 0.2;
                    state.addAnimation(0, 'die', false, 1.3).mixDuration = 0.15;
                    state.addEmptyAnimation(0, 0.4, 0.5);
                    state.setAnimation(1, 'aim', true).trackEnd = 1.1;
                }),
            );
            run.at(140, () =>
                p.both((go) => {
                    const state = go.animationState;
                    state.setAnimation(0, 'run', true);
                    state.addAnimation(0, 'jump', false, 0).mixDuration = 0.1;
                    state.addAnimation(0, 'idle', true, -0.2).mixDuration = 0.2;
                }),
            );
        },
    },
    {
        name: 'tracks cleared and set without a mix',
        frames: 130,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(5, () => p.both(set(1, 'aim', true)));
            run.at(40, () => p.both((go) => go.animationState.clearTrack(1)));
            run.at(60, () => p.both(set(0, 'jump', false, 0)));
            run.at(90, () => p.both((go) => go.animationState.clearTracks()));
            run.at(100, () => p.both(set(0, 'idle', true)));
        },
    },
    {
        name: 'time scales, a paused state and a slow entry',
        frames: 150,
        script(run, p) {
            run.at(0, () =>
                p.both((go) => {
                    go.animationState.timeScale = 1.5;
                    go.animationState.setAnimation(0, 'walk', true);
                }),
            );
            run.at(30, () =>
                p.both((go) => {
                    go.animationState.setAnimation(0, 'run', true).timeScale = 0.5;
                }),
            );
            run.at(60, () => p.both((go) => void (go.animationState.timeScale = 0)));
            run.at(80, () => p.both((go) => void (go.animationState.timeScale = 1)));
            run.at(100, () => p.both(set(1, 'wave', false, 0.2)));
        },
    },
    {
        name: 'non-looping animations played one after another without a mix',
        frames: 200,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'jump', false)));
            run.at(45, () => p.both(set(0, 'die', false)));
            run.at(120, () => p.both(set(0, 'wave', true)));
            run.at(160, () => p.both(set(0, 'jump', false)));
        },
    },
    {
        // Turned around by its skeleton (as games turn a character), the stunt rig's walk dashes in
        // from 900 units ahead instead of behind at each loop's wrap: just inside the left edge, the
        // dash reaches into the view where an unmirrored extent says it leaves it; just left of the
        // view, the dash brings it in. Set as the pair is made, before the first frame: a skeleton's
        // x and scale are baked into its world transforms when it is posed, so a change made after an
        // update shows from the next, on both (but on a pooled instance that comes into view in that
        // frame, posed at its end, a frame early: see the culling notes in docs/guarantees.md).
        name: "a loop drawn mirrored and moved by its skeleton's own scale and x",
        frames: 130,
        script(run, p) {
            p.both((go) => {
                go.skeleton.scaleX = -1;
                go.skeleton.x = 60;
            });
            run.at(0, () => p.both((go) => void go.animationState.setAnimation(0, 'walk', true)));
        },
    },
    {
        // As games turn characters: the skeleton's own scaleX (the demo flips it when the direction
        // changes), scaleY and both, each served from samples made at that scale; then the game
        // object's scale (its matrix: the default scale's samples).
        name: "turned around by its skeleton's own scaleX, scaleY and both, flipped as it turns, then by its game object's scale",
        frames: 160,
        script(run, p) {
            const scale = (x: number, y: number) => (go: SpineGameObject) => {
                go.skeleton.scaleX = x;
                go.skeleton.scaleY = y;
            };
            p.both(scale(-1, 1));
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(30, () => p.both(scale(1, 1)));
            run.at(45, () => p.both(scale(-1, 1)));
            run.at(50, () => p.both(set(0, 'run', true)));
            run.at(75, () => p.both(scale(1, -1)));
            run.at(100, () => p.both(scale(-1, -1)));
            run.at(125, () =>
                p.both((go) => {
                    scale(1, 1)(go);
                    go.setScale(-1, 1);
                }),
            );
        },
    },
    {
        name: 'what games do: animations, time scale, the Legacy helper, visibility, activity, moves, despawn and respawn',
        frames: 240,
        script(run, p) {
            run.at(0, () => p.both(set(0, 'walk', true)));
            run.at(12, () =>
                p.both((go) => {
                    go.animationState.addAnimation(0, 'jump', false, 0.3).mixDuration = 0.1;
                }),
            );
            run.at(20, () => p.both((go) => void (go.animationState.timeScale = 1.4)));
            // The pooled side through the helper, the twin through its oracle (legacyOracle.ts).
            run.at(30, () =>
                p.legacy(
                    (anim) => {
                        anim.state('run').wrapMode = 'Loop';
                        anim.crossFade('run', 0.2);
                    },
                    (oracle) => {
                        oracle.state('run').wrapMode = 'Loop';
                        oracle.crossFade('run', 0.2);
                    },
                ),
            );
            run.at(44, () =>
                p.legacy(
                    (anim) => anim.crossFadeQueued('idle', 0.15),
                    (oracle) => oracle.crossFadeQueued('idle', 0.15),
                ),
            );
            // With no fade: idle completes (its events up to its end fire) before jump starts.
            run.at(46, () =>
                p.legacy(
                    (anim) => anim.playQueued('jump'),
                    (oracle) => oracle.playQueued('jump'),
                ),
            );
            run.at(60, () => p.both((go) => go.setVisible(false)));
            run.at(68, () => p.both((go) => go.setVisible(true)));
            run.at(78, () => p.both((go) => go.setActive(false)));
            run.atReachable(92, () => p.both((go) => go.setActive(true)));
            run.at(100, () => p.moveTo(400 + 3 * VIEW.width, 450));
            run.at(112, () => p.both(set(1, 'aim', true)));
            run.at(131, () => p.moveTo(400, 450));
            run.at(140, () => p.both((go) => void go.animationState.setEmptyAnimation(1, 0.2)));
            run.at(152, () => p.both((go) => void (go.animationState.timeScale = 0.8)));
            run.at(160, () => p.both((go) => void go.animationState.clearTrack(0)));
            run.at(170, () => {
                p.respawn(400, 450);
                p.both(set(0, 'idle', true));
            });
            run.at(190, () => p.both(set(0, 'run', true, 0.2)));
            run.at(205, () => p.both((go) => void go.animationState.setEmptyAnimations(0.25)));
            run.at(215, () => p.both(set(0, 'die', false)));
        },
    },
    {
        // Found once per object (an onSpawn that caches the muzzle) and read every frame: the same
        // object is handed out again by the pool (in the frame it was freed, and later), so what was
        // found in one life is read in the next, through no stand-in.
        name: 'what games do with bones: found once per object (a bone, skeleton.bones, a slot, the skeleton in a wrapper), read every frame, kept across a respawn in the frame freed and one later',
        frames: 180,
        script(run, p) {
            const kept = new Map<SpineGameObject, Kept>();
            const keep = (go: SpineGameObject): Kept => {
                let k = kept.get(go);
                if (!k) {
                    const skeleton = go.skeleton as Any;
                    k = {
                        bone: skeleton.bones[skeleton.bones.length - 1],
                        bones: skeleton.bones,
                        slot: skeleton.slots[skeleton.slots.length - 1],
                        wrapper: { skeleton },
                    };
                    kept.set(go, k);
                }
                return k;
            };
            const read = (go: SpineGameObject): Reading => {
                const k = keep(go);
                const r = reading([k.bone, ...k.bones], k.slot);
                const wrapped = k.wrapper.skeleton.bones as Any[];
                r.points.push(...reading([wrapped[wrapped.length >> 1]]).points);
                return r;
            };
            run.at(0, () => p.both(set(0, 'walk', true)));
            for (let f = 0; f < 180; f++) if (f < 100 || f > 106) run.at(f, () => p.read('kept references', read));
            run.at(30, () => p.both(set(0, 'run', true, 0.2)));
            run.at(60, () => {
                p.respawn();
                p.both(set(0, 'walk', true));
            });
            run.at(100, () => p.leave());
            run.atReachable(106, () => {
                p.comeBack();
                p.both(set(0, 'idle', true));
            });
            run.at(140, () => p.both(set(0, 'jump', false, 0.1)));
        },
    },
    {
        // Aim by hand: a bone turned after the animation, then the skeleton posed again (every bone
        // is posed from the local pose, so the whole body shows whether that is this frame's); and
        // a listener that poses the skeleton at each event to read where its bones are then.
        name: 'what games do with bones: a bone turned by code and posed again every frame, and a listener that poses and reads at each event',
        frames: 150,
        script(run, p) {
            const listeners = new Map<SpineGameObject, object>();
            const hear = (go: SpineGameObject) => {
                const listener = {
                    event: () => {
                        go.skeleton.updateWorldTransform(PHYSICS_UPDATE as never);
                        p.readInUpdate(go, 'at an event', reading(go.skeleton.bones as Any[]));
                    },
                };
                listeners.set(go, listener);
                go.animationState.addListener(listener as never);
            };
            run.at(0, () => {
                p.both(set(0, 'walk', true));
                p.both(hear);
            });
            for (let f = 1; f < 149; f++) {
                run.at(f, () =>
                    p.both((go) => {
                        const skeleton = go.skeleton as Any;
                        localOf(skeleton.bones[skeleton.bones.length - 1]).rotation += 7;
                        skeleton.updateWorldTransform(PHYSICS_UPDATE);
                    }),
                );
            }
            run.at(50, () => p.both(set(0, 'run', true, 0.2)));
            run.at(95, () => p.both(set(0, 'jump', false, 0.1)));
            run.at(149, () => p.both((go) => go.animationState.removeListener(listeners.get(go) as never)));
        },
    },
];

/** Where the pair is, what the cameras do, and the lag that allows. */
export interface Placement {
    name: string;
    /** Frames between poses an instance there may have (1: every frame it is visible); a callback may come `lag - 1` frames late. */
    lag: number;
    /** Where it depends on where the twin is this frame: the lag its pose is held to then (at most `lag`). */
    poseLag?(t: TestGame, run: DifferentialRun): number;
    setup(t: TestGame, run: DifferentialRun, frames: number): { x: number; y: number };
}

export const VIEW = { width: 800, height: 600 };

export const PLACEMENTS: Placement[] = [
    {
        name: 'near the view centre (high tier, every frame)',
        lag: 1,
        setup: () => ({ x: 400, y: 450 }),
    },
    {
        name: 'every tier at interval 3',
        lag: 3,
        setup: (t) => {
            t.scene.spinePool.configure({ highFrequency: 3, midFrequency: 3, lowFrequency: 3 });
            return { x: 400, y: 450 };
        },
    },
    {
        name: 'zoomed out to 0.2, in the low tier on screen',
        lag: 4,
        setup: (t) => {
            t.scene.cameras.main.setZoom(0.2);
            return { x: 400 + 1850, y: 300 + 1300 };
        },
    },
    {
        name: 'off screen, back in view for the last frames',
        lag: 1,
        setup: (t, run, frames) => {
            run.at(frames - 12, () => run.pairs[0].moveTo(400, 450));
            return { x: 400 + 3 * VIEW.width, y: 450 };
        },
    },
    {
        name: 'just inside the left edge (what jumps at its loop wrap leaves the view)',
        lag: 1,
        setup: () => ({ x: 150, y: 450 }),
    },
    {
        name: 'just right of the view (what jumps at its loop wrap comes into view)',
        lag: 1,
        setup: () => ({ x: VIEW.width + 150, y: 450 }),
    },
    {
        name: 'just left of the view (what a mirrored loop brings into view at its wrap)',
        lag: 1,
        setup: () => ({ x: -150, y: 450 }),
    },
    {
        name: 'walking in and out of view',
        lag: 1,
        setup: (_t, run, frames) => {
            for (let f = 17; f < frames; f += 17) {
                const out = Math.floor(f / 17) % 2 === 1;
                run.atReachable(f, () => run.pairs[0].moveTo(out ? 400 + 2 * VIEW.width : 400, 450));
            }
            return { x: 400, y: 450 };
        },
    },
    {
        name: 'seen by a second camera only',
        lag: 1,
        setup: (t) => {
            t.scene.cameras.main.setScroll(5000, 0);
            const second = t.scene.cameras.add(400, 0, 400, 300);
            second.setScroll(200, 300);
            return { x: 400, y: 500 };
        },
    },
    {
        // A camera turned a quarter turn: its tall, narrow viewport sees a wide, flat strip of the
        // world, where the pair stands well outside the unturned viewport.
        name: 'seen by a rotated camera only (a quarter turn: outside its unturned view)',
        lag: 1,
        setup: (t) => {
            t.scene.cameras.main.setScroll(5000, 0);
            const turned = t.scene.cameras.add(350, 0, 100, 600);
            turned.setScroll(350, 0);
            turned.setRotation(Math.PI / 2);
            return { x: 600, y: 400 };
        },
    },
    {
        // Where the main camera sees the twin, posed every frame; where only the minimap does (a
        // dash out of the main view), small there: the low tier (every 4 frames). Back in the
        // main view, posed that frame.
        name: 'seen by the main camera and a minimap camera at zoom 0.1',
        lag: 4,
        poseLag: (t, run) => (run.pairs.every((p) => run.seenBy(p.stock, t.scene.cameras.main)) ? 1 : 4),
        setup: (t) => {
            const minimap = t.scene.cameras.add(600, 0, 200, 150).setZoom(0.1);
            minimap.centerOn(400, 300);
            return { x: 400, y: 450 };
        },
    },
    {
        name: 'seen by a minimap camera at zoom 0.1 only (small there: the low tier)',
        lag: 4,
        setup: (t) => {
            t.scene.cameras.main.setScroll(5000, 0);
            const minimap = t.scene.cameras.add(600, 0, 200, 150).setZoom(0.1);
            minimap.centerOn(400, 300);
            return { x: 400, y: 450 };
        },
    },
    {
        name: 'zooming from 0.2 to 2 and back',
        lag: 4,
        setup: (t, run, frames) => {
            for (let f = 0; f < frames; f++) {
                const zoom = 0.2 * Math.pow(10, Math.sin((f / frames) * Math.PI * 2) * 0.5 + 0.5);
                run.atScene(f, () => t.scene.cameras.main.setZoom(zoom));
            }
            return { x: 400 + 700, y: 300 + 200 };
        },
    },
];

/** A stable seed from a test's name. */
export function hash(text: string): number {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return h >>> 0;
}
