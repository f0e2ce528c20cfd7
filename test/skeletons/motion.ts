/**
 * The five animations as poses over time, in rig-independent terms (angles, foot offsets, pixels
 * scaled by `p`). animate.ts turns a pose into bone, constraint, slot and deform keys for a given rig.
 * Loops are built from periodic functions so their first and last frames match exactly.
 */
import type { Body, Side } from './rig';

export interface ArmPose {
    /** Upper arm rotation from rest, degrees; positive swings forward. */
    swing: number;
    /** Extra elbow bend, degrees; positive folds the forearm forward. */
    elbow: number;
    wrist: number;
}

export interface FootPose {
    /** Ankle offset from its setup position, in root space. */
    x: number;
    y: number;
    /** Foot world rotation (positive lifts the toe) and toe bend. */
    rot: number;
    toe: number;
}

export type Face = 'open' | 'blink' | 'shout' | 'dead';

export interface Pose {
    hipX: number;
    hipY: number;
    hipRot: number;
    /** Forward bend of the whole spine, degrees. */
    lean: number;
    /** Head nod, degrees; positive looks down. */
    head: number;
    /** 0..1 breath, drives the chest deform and scale. */
    breathe: number;
    arms: Record<Side, ArmPose>;
    feet: Record<Side, FootPose>;
    weapon: number;
    /** Finger curl of the front (weapon) hand, degrees. */
    grip: number;
    /** Leg IK mix: 1 planted feet, 0 limp legs that follow the hips (dying). */
    ik: number;
    /** Secondary motion of hair and cape: per-segment bend plus a travelling wave. */
    hairBend: number;
    capeBend: number;
    wave: number;
    phase: number;
    tunic: Record<Side, number>;
    shadowX: number;
    shadowScale: number;
    face: Face;
}

export interface EventKey {
    time: number;
    name: string;
    int?: number;
    float?: number;
    string?: string;
}

export interface Motion {
    name: string;
    duration: number;
    loop: boolean;
    events: EventKey[];
    pose(t: number): Pose;
}

/** Event definitions with their default payloads. */
export const EVENTS: Record<string, { int?: number; float?: number; string?: string }> = {
    footstep: { float: 1, string: 'step' },
    hit: { int: 10, float: 1.5, string: 'slash' },
    fall: { int: 1, float: 0.8, string: 'thud' },
};

const TAU = Math.PI * 2;
const smooth = (t: number): number => t * t * (3 - 2 * t);
const easeIn = (t: number): number => t * t;
const clamp01 = (t: number): number => Math.min(1, Math.max(0, t));
const fract = (t: number): number => t - Math.floor(t);

/** Keyed value: eased interpolation between (time, value) pairs; `eases[i]` shapes segment i. */
function track(t: number, keys: ReadonlyArray<readonly [number, number]>, eases: Array<(t: number) => number> = []): number {
    if (t <= keys[0]![0]) return keys[0]![1];
    for (let i = 0; i < keys.length - 1; i++) {
        const [t0, v0] = keys[i]!;
        const [t1, v1] = keys[i + 1]!;
        if (t <= t1) return v0 + (v1 - v0) * (eases[i] ?? smooth)((t - t0) / (t1 - t0));
    }
    return keys[keys.length - 1]![1];
}

function rest(): Pose {
    const arm = (): ArmPose => ({ swing: 0, elbow: 0, wrist: 0 });
    const foot = (): FootPose => ({ x: 0, y: 0, rot: 0, toe: 0 });
    return {
        hipX: 0, hipY: 0, hipRot: 0, lean: 0, head: 0, breathe: 0,
        arms: { B: arm(), F: arm() }, feet: { B: foot(), F: foot() },
        weapon: 0, grip: 25, ik: 1, hairBend: 0, capeBend: 0, wave: 0, phase: 0,
        tunic: { B: 0, F: 0 }, shadowX: 0, shadowScale: 1, face: 'open',
    };
}

/** Thigh swing implied by a foot offset, so cloth can follow the legs. */
const legSwing = (b: Body, foot: FootPose): number => (Math.atan2(foot.x, b.hipY - b.ankleY) * 180) / Math.PI;

interface GaitParams {
    duration: number;
    stride: number;
    lift: number;
    /** Fraction of the cycle a foot is on the ground. */
    stance: number;
    bob: number;
    crouch: number;
    lean: number;
    armSwing: number;
    elbow: number;
    trail: number;
}

/** One foot through a gait cycle; q = 0 is heel strike, the foot then slides back while planted. */
function gaitFoot(q: number, g: GaitParams, p: number): FootPose {
    const heelOff = g.stance * 0.7;
    if (q < g.stance) {
        const s = q / g.stance;
        const roll = q < g.stance * 0.3 ? 8 * (1 - q / (g.stance * 0.3)) : 0;
        const lift = clamp01((q - heelOff) / (g.stance - heelOff));
        return { x: g.stride / 2 - g.stride * s, y: 2 * p * lift, rot: roll - 20 * lift, toe: 20 * lift };
    }
    const s = (q - g.stance) / (1 - g.stance);
    return {
        x: -g.stride / 2 + g.stride * smooth(s),
        y: g.lift * Math.sin(Math.PI * s) + 2 * p * (1 - s) * (1 - s),
        rot: -20 * (1 - s) + 8 * s,
        toe: 20 * (1 - s) * (1 - s),
    };
}

/** Walk and run share one gait model: front foot strikes at 1/4 of the cycle, back foot at 3/4. */
function gait(name: string, b: Body, g: GaitParams): Motion {
    const p = b.p;
    const strike: Record<Side, number> = { F: 0.25, B: 0.75 };
    return {
        name,
        duration: g.duration,
        loop: true,
        events: (['F', 'B'] as const).map((s) => ({ time: round4(strike[s] * g.duration), name: 'footstep', int: s === 'F' ? 1 : 0 })),
        pose: (t) => {
            const u = t / g.duration;
            const pose = rest();
            const feet = { F: gaitFoot(fract(u - strike.F), g, p), B: gaitFoot(fract(u - strike.B), g, p) };
            const swing = Math.cos(TAU * (u - strike.F));
            pose.feet = feet;
            // Lowest at heel strike (twice per cycle), highest mid-stance.
            pose.hipY = -g.crouch - g.bob * (0.5 + 0.5 * Math.cos(2 * TAU * (u - strike.F)));
            pose.hipRot = 2 * Math.sin(TAU * (u - strike.F));
            pose.lean = g.lean;
            pose.head = -g.lean * 0.6 + 1.5 * Math.cos(2 * TAU * (u - strike.F));
            pose.breathe = 0.5 + 0.5 * Math.cos(2 * TAU * u);
            // Arms swing against the legs: the front arm is back when the front foot strikes.
            pose.arms.F = { swing: 6 - g.armSwing * swing, elbow: g.elbow + 12 * Math.max(0, -swing), wrist: -5 };
            pose.arms.B = { swing: 6 + g.armSwing * swing, elbow: g.elbow + 12 * Math.max(0, swing), wrist: 0 };
            pose.weapon = 0.3 * g.armSwing * swing;
            pose.tunic = { F: 0.6 * legSwing(b, feet.F), B: 0.6 * legSwing(b, feet.B) };
            pose.hairBend = -g.trail * 0.5;
            pose.capeBend = -g.trail;
            pose.wave = 3 + g.trail * 0.4;
            pose.phase = 2 * TAU * u;
            pose.shadowScale = 1 + 0.04 * Math.cos(2 * TAU * (u - strike.F));
            return pose;
        },
    };
}

const round4 = (v: number): number => Math.round(v * 10000) / 10000;

function idle(b: Body): Motion {
    return {
        name: 'idle',
        duration: 1,
        loop: true,
        events: [],
        pose: (t) => {
            const pose = rest();
            const c = 0.5 - 0.5 * Math.cos(TAU * t);
            pose.hipY = -0.8 * b.p * c;
            pose.lean = 2 * c;
            pose.head = -2 * c;
            pose.breathe = c;
            pose.arms.F = { swing: 4 - 4 * c, elbow: 14 + 8 * c, wrist: -4 };
            pose.arms.B = { swing: -2 + 5 * c, elbow: 6 + 6 * c, wrist: 0 };
            pose.weapon = 3 * c;
            pose.wave = 3;
            pose.phase = TAU * t;
            pose.face = t >= 0.6 && t < 0.7 ? 'blink' : 'open';
            return pose;
        },
    };
}

/** Windup behind the head, a fast overhead swing landing at 0.3 s, then recovery to the rest pose. */
function attack(b: Body): Motion {
    const p = b.p;
    const T = [0, 5 / 30, 7 / 30, 0.3, 13 / 30, 0.6];
    const k = (...values: number[]): Array<readonly [number, number]> => values.map((v, i) => [T[i]!, v] as const);
    return {
        name: 'attack',
        duration: 0.6,
        loop: false,
        events: [{ time: 0.3, name: 'hit' }],
        pose: (t) => {
            const pose = rest();
            pose.arms.F = {
                swing: track(t, k(4, 200, 160, 45, 35, 4)),
                elbow: track(t, k(14, 75, 40, 5, 15, 14)),
                wrist: track(t, k(-4, 20, 10, -15, -10, -4)),
            };
            pose.arms.B = { swing: track(t, k(-2, -30, -20, 30, 20, -2)), elbow: track(t, k(6, 40, 30, 25, 20, 6)), wrist: 0 };
            pose.weapon = track(t, k(0, 15, 0, -20, -12, 0));
            pose.lean = track(t, k(0, -10, 0, 16, 10, 0));
            pose.head = track(t, k(0, -8, 0, 8, 5, 0));
            pose.hipX = track(t, k(0, -2, 0, 3, 2.5, 0)) * p;
            pose.hipY = track(t, k(0, -1, -1.5, -3.5, -2.5, 0)) * p;
            pose.hipRot = track(t, k(0, 4, 0, -4, -3, 0));
            pose.grip = 35;
            pose.hairBend = track(t, k(0, 6, 0, -10, -6, 0));
            pose.capeBend = track(t, k(0, 2, 0, -8, -5, 0));
            pose.wave = 2;
            pose.phase = (TAU * t) / 0.6;
            pose.face = t >= T[1]! && t < T[4]! ? 'shout' : 'open';
            return pose;
        },
    };
}

/**
 * Staggers, then falls backward like a plank pivoting on the ankles (so planted IK legs and the limp
 * FK legs agree), lands on the back at 0.9 s, bounces once and lies still.
 */
function die(b: Body): Motion {
    const p = b.p;
    const T = [0, 5 / 30, 11 / 30, 0.9, 1.0, 1.2];
    const k = (...values: number[]): Array<readonly [number, number]> => values.map((v, i) => [T[i]!, v] as const);
    const fall = [smooth, smooth, easeIn];
    const reach = b.hipY - b.ankleY;
    // Lying on the back, the hips rest at about the body's half thickness.
    const lying = 10 * p - b.ankleY;
    return {
        name: 'die',
        duration: 1.2,
        loop: false,
        events: [{ time: 0.9, name: 'fall' }],
        pose: (t) => {
            const pose = rest();
            const tilt = track(t, k(0, 4, 20, 90, 86, 90), fall);
            const r = (tilt * Math.PI) / 180;
            pose.hipRot = tilt;
            pose.hipX = -reach * Math.sin(r);
            pose.hipY = b.ankleY + reach * Math.cos(r) + (lying * tilt) / 90 - b.hipY;
            pose.lean = track(t, k(0, 8, 12, -3, 2, 0), fall);
            pose.head = track(t, k(0, 12, 16, -6, 4, 0), fall);
            pose.arms.F = { swing: track(t, k(0, 50, 100, 170, 178, 172), fall), elbow: track(t, k(0, 30, 40, 30, 20, 30), fall), wrist: 0 };
            pose.arms.B = { swing: track(t, k(0, 40, 80, 185, 190, 186), fall), elbow: track(t, k(0, 20, 30, 25, 20, 25), fall), wrist: 0 };
            pose.weapon = track(t, k(0, 10, 30, 60, 50, 60), fall);
            pose.grip = track(t, k(25, 25, 20, 5, 5, 5), fall);
            pose.ik = track(t, [[0, 1], [T[2]!, 1], [0.6, 0]]);
            const footRot = track(t, k(0, 0, 10, 90, 85, 90), fall);
            pose.feet.F.rot = footRot;
            pose.feet.B.rot = footRot;
            pose.hairBend = track(t, k(0, 4, 8, -4, 3, 0), fall);
            pose.capeBend = pose.hairBend;
            pose.wave = track(t, k(2, 4, 6, 4, 2, 0));
            pose.phase = TAU * t * 1.5;
            pose.shadowX = track(t, k(0, 0, -8, -44, -44, -44), fall) * p;
            pose.shadowScale = track(t, k(1, 1, 1.1, 2.1, 2.1, 2.1), fall);
            pose.face = t >= 0.9 ? 'dead' : t >= 0.05 ? 'shout' : 'open';
            return pose;
        },
    };
}

/** All animations of a character; durations and event times are part of the contract. */
export function motions(b: Body): Motion[] {
    const p = b.p;
    return [
        idle(b),
        gait('walk', b, { duration: 0.8, stride: 30 * p, lift: 6 * p, stance: 0.5, bob: 1.5 * p, crouch: 0.5 * p, lean: 4, armSwing: 18, elbow: 12, trail: 6 }),
        gait('run', b, { duration: 0.5, stride: 40 * p, lift: 14 * p, stance: 0.35, bob: 2 * p, crouch: 3 * p, lean: 12, armSwing: 40, elbow: 70, trail: 14 }),
        attack(b),
        die(b),
    ];
}
