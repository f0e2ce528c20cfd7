/**
 * The seven animations every corpus rig has, keyed on the shared body (biped.ts), plus whatever a
 * rig adds to each (its constraints' timelines, its mesh's deform). What each one keys is chosen so
 * mixing them exercises what real rigs do:
 *
 * - track 0 (`idle`, `walk`, `run`, `jump`, `die`) never keys the back arm, the gun or the aim
 *   target, so `aim` (track 1) and `wave` (track 2) only ever key what nothing below them keys;
 * - `walk` and `run` key different bones (walk: chest, head, upper gun arm; run: feet, forearm,
 *   neck shear), so a crossfade leaves properties only the old animation keyed;
 * - events sit at 0 and exactly at a loop's or an animation's end, where off-by-one-frame bugs hide.
 */
import type { Json, RigBuilder } from './builder';
import { CHEST_DARK } from './biped';
import * as key from './keys';
import type { EventKey } from './keys';

export const CORPUS_ANIMATIONS = { idle: 'idle', walk: 'walk', run: 'run', jump: 'jump', die: 'die', aim: 'aim', wave: 'wave' } as const;
export type CorpusAnimationName = keyof typeof CORPUS_ANIMATIONS;

/** Duration (s), whether it is meant to loop, and the track it is meant for. */
export const CORPUS_ANIMATION_SPECS: Record<CorpusAnimationName, { duration: number; loop: boolean; track: 0 | 1 | 2 }> = {
    idle: { duration: 1, loop: true, track: 0 },
    walk: { duration: 0.8, loop: true, track: 0 },
    run: { duration: 0.5, loop: true, track: 0 },
    jump: { duration: 0.6, loop: false, track: 0 },
    die: { duration: 1, loop: false, track: 0 },
    aim: { duration: 1, loop: true, track: 1 },
    wave: { duration: 0.6, loop: true, track: 2 },
};

/** Event definitions (name → default payload) shared by all rigs. */
export const CORPUS_EVENT_DEFAULTS: Record<string, { int?: number; float?: number; string?: string }> = {
    tick: {},
    step: { float: 0.25 },
    loopEnd: {},
    land: { int: 1 },
    fall: { int: 1, float: 0.25, string: 'body' },
    shot: { string: 'bang' },
};

/** The event keys of each animation (payload fields given where a key overrides the event's default). */
export const CORPUS_EVENTS: Record<CorpusAnimationName, EventKey[]> = {
    idle: [{ name: 'tick', time: 0 }],
    walk: [
        { name: 'step', time: 0, int: 1, float: 0.5, string: 'left' },
        { name: 'step', time: 0.4, int: 2, string: 'right' },
        { name: 'loopEnd', time: 0.8 },
    ],
    run: [{ name: 'step', time: 0.25 }],
    jump: [{ name: 'land', time: 0.6 }],
    die: [{ name: 'fall', time: 0.5, int: 3, float: 1.5, string: 'thud' }],
    aim: [{ name: 'shot', time: 0.5 }],
    wave: [],
};

/** What a rig adds to the shared animations. */
export interface AnimationOptions {
    /** Rig scale (1 = 200 units tall). */
    s: number;
    /**
     * The mesh whose deform `die` keys (and `idle`, if given): full offsets per weight entry, keyed
     * under the skin that holds it (default: the default skin). A rig without a mesh has no deform keys.
     */
    mesh?: { slot: string; name: string; die: number[]; idle?: number[]; skin?: string };
    /** Extra timelines per animation, merged in (a timeline may not be defined twice). */
    extras?: Partial<Record<CorpusAnimationName, Json>>;
}

/** Draw-order offsets that swap two slots (as the editor writes them: in slot order). */
export function swap(b: RigBuilder, first: string, second: string): Json[] {
    const [i, j] = [b.slotIndex(first), b.slotIndex(second)].sort((x, y) => x - y) as [number, number];
    const names = b.slotNames();
    return [
        { slot: names[i], offset: j - i },
        { slot: names[j], offset: i - j },
    ];
}

export function addAnimations(b: RigBuilder, opts: AnimationOptions): void {
    const { s, mesh } = opts;
    const u = (v: number): number => v * s;
    for (const [name, defaults] of Object.entries(CORPUS_EVENT_DEFAULTS)) b.event(name, defaults);
    const bend = { L: b.ikBend('leg_ik_L'), R: b.ikBend('leg_ik_R'), aim: b.ikBend('aim_ik') };
    const deform = (mesh: NonNullable<AnimationOptions['mesh']>, keys: Json[]): Json => ({ [mesh.skin ?? 'default']: { [mesh.slot]: { [mesh.name]: { deform: keys } } } });
    // At least 150 units up, whatever the rig's size.
    const jump = Math.max(160, u(170));

    const base: Record<CorpusAnimationName, Json> = {
        idle: {
            bones: {
                hip: { translate: key.value2([[0, 0, 0, 'inOut'], [0.5, 0, u(-1.5), 'inOut'], [1, 0, 0]]) },
                chest: {
                    rotate: key.value1([[0, 0, 'inOut'], [0.5, 2, 'inOut'], [1, 0]]),
                    scale: key.value2([[0, 1, 1, 'inOut'], [0.5, 1.03, 1, 'inOut'], [1, 1, 1]], 1),
                },
                head: { rotate: key.value1([[0, 0, 'inOut'], [0.5, -3, 'inOut'], [1, 0]]) },
            },
            ...(mesh?.idle ? { attachments: deform(mesh, key.deform(mesh.idle, [[0, 0, 'inOut'], [0.5, 1, 'inOut'], [1, 0]])) } : {}),
        },
        walk: {
            bones: {
                hip: { translate: key.value2([[0, 0, 0], [0.2, 0, u(-3)], [0.4, 0, 0], [0.6, 0, u(-3)], [0.8, 0, 0]]) },
                chest: { rotate: key.value1([[0, -3, 'inOut'], [0.4, 3, 'inOut'], [0.8, -3]]) },
                head: { rotate: key.value1([[0, 2], [0.4, -2], [0.8, 2]]) },
                upperarm_R: { rotate: key.value1([[0, 12, 'inOut'], [0.4, -12, 'inOut'], [0.8, 12]]) },
                leg_target_L: { translate: key.value2([[0, u(16), 0], [0.4, u(-16), 0, 'out'], [0.6, 0, u(9), 'in'], [0.8, u(16), 0]]) },
                leg_target_R: { translate: key.value2([[0, u(-16), 0, 'out'], [0.2, 0, u(9), 'in'], [0.4, u(16), 0], [0.8, u(-16), 0]]) },
            },
        },
        run: {
            bones: {
                hip: { translate: key.value2([[0, 0, u(-6)], [0.125, 0, 0], [0.25, 0, u(-6)], [0.375, 0, 0], [0.5, 0, u(-6)]]) },
                leg_target_L: { translate: key.value2([[0, u(24), u(4)], [0.25, u(-24), 0, 'out'], [0.375, 0, u(16), 'in'], [0.5, u(24), u(4)]]) },
                leg_target_R: { translate: key.value2([[0, u(-24), 0, 'out'], [0.125, 0, u(16), 'in'], [0.25, u(24), u(4)], [0.5, u(-24), 0]]) },
                foot_L: { rotate: key.value1([[0, 15], [0.25, -20], [0.5, 15]]) },
                foot_R: { rotate: key.value1([[0, -20], [0.25, 15], [0.5, -20]]) },
                forearm_R: { rotate: key.value1([[0, 25, 'inOut'], [0.25, -10, 'inOut'], [0.5, 25]]) },
                neck: { shear: key.value2([[0, 0, 0], [0.25, 0, 6], [0.5, 0, 0]]) },
            },
        },
        jump: {
            slots: {
                fx: { attachment: key.attachment([[0.1, 'flash'], [0.3, null]]) },
                pelvis: { rgba: key.rgba([[0, 'ffffffff', 'stepped'], [0.15, 'ffc080ff'], [0.45, 'ffffffff']]) },
            },
            bones: {
                root: { translate: key.value2([[0, 0, 0, 'out'], [0.3, 0, jump, 'in'], [0.6, 0, 0]]) },
                chest: { rotate: key.value1([[0, 0], [0.3, -10, 'inOut'], [0.6, 0]]) },
                leg_target_L: { translate: key.value2([[0, 0, 0], [0.3, u(6), u(22)], [0.6, 0, 0]]) },
                leg_target_R: { translate: key.value2([[0, 0, 0], [0.3, u(10), u(26)], [0.6, 0, 0]]) },
            },
            drawOrder: [{ time: 0.1, offsets: swap(b, 'thigh_L', 'thigh_R') }, { time: 0.6 }],
        },
        die: {
            slots: {
                eyes: { attachment: key.attachment([[0.5, 'eyes_closed']]) },
                chest: { rgba2: key.rgba2([[0, 'ffffffff', CHEST_DARK, 'inOut'], [1, 'a0a0a0c0', '501010']]) },
                head: { alpha: key.value1([[0, 1], [0.6, 1, 'out'], [1, 0.5]]) },
            },
            bones: {
                hip: {
                    // Falls backwards: lying face up, head towards -x, held from 0.6 s.
                    rotate: key.value1([[0, 0, 'in'], [0.6, 90], [1, 90]]),
                    translate: key.value2([[0, 0, 0, 'in'], [0.6, u(-20), u(-86)], [1, u(-20), u(-86)]]),
                },
                chest: { rotate: key.value1([[0, 0], [0.6, 8, 'out'], [1, 4]]) },
                head: { rotate: key.value1([[0, 0], [0.6, -10, 'stepped'], [1, -10]]) },
            },
            // The legs go limp (IK mixed out); the front knee flips first.
            ik: {
                leg_ik_L: key.ik([[0, 1, bend.L], [0.4, 0, bend.L]]),
                leg_ik_R: key.ik([[0, 1, bend.R, 'stepped'], [0.2, 1, !bend.R], [0.4, 0, !bend.R]]),
            },
            ...(mesh ? { attachments: deform(mesh, key.deform(mesh.die, [[0, 0], [0.5, 0.6, 'inOut'], [1, 1]])) } : {}),
        },
        aim: {
            slots: {
                crosshair: {
                    attachment: key.attachment([[0, 'crosshair']]),
                    rgba: key.rgba([[0, 'ff4040ff', 'stepped'], [0.5, 'ffffffff', 'out'], [0.6, 'ff4040ff'], [1, 'ff4040ff']]),
                },
            },
            bones: {
                aim_target: { translate: key.value2([[0, 0, 0, 'inOut'], [0.5, 0, u(40), 'inOut'], [1, 0, 0]]) },
                gun: { rotate: key.value1([[0, 0, 'stepped'], [0.5, 14, 'out'], [0.7, 0], [1, 0]]) },
            },
            ik: { aim_ik: key.ik([[0, 1, bend.aim], [1, 1, bend.aim]]) },
        },
        wave: {
            slots: { hand_L: { rgba: key.rgba([[0, 'ffffffff'], [0.3, 'ffd0d0ff'], [0.6, 'ffffffff']]) } },
            bones: {
                upperarm_L: { rotate: key.value1([[0, 160], [0.6, 160]]) },
                forearm_L: { rotate: key.value1([[0, 20, 'inOut'], [0.3, -30, 'inOut'], [0.6, 20]]) },
                hand_L: { rotate: key.value1([[0, 0], [0.3, 15], [0.6, 0]]) },
            },
        },
    };

    for (const name of Object.keys(CORPUS_ANIMATIONS) as CorpusAnimationName[]) {
        let animation = base[name];
        const extra = opts.extras?.[name];
        if (extra) animation = key.merge(animation, extra, `${name}.`);
        const events = CORPUS_EVENTS[name];
        b.animation(name, events.length ? { ...animation, events: key.events(events) } : animation);
    }
}
