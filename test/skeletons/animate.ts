/**
 * Turns motions into Spine animation JSON for one rig: samples each pose at 30 fps, maps it onto the
 * rig's bones and constraints, drops keys that linear interpolation reproduces, and writes the
 * timelines. Every animation keys the same properties so switching animations never leaves a bone
 * stranded in another animation's pose.
 */
import type { Motion, Pose } from './motion';
import { add, dir, rotate, SIDES, toBoneSpace, type Rig, type Vec } from './rig';

const FPS = 30;

type Values = Map<string, number[]>;
type Names = Map<string, string>;

/** Channel keys: `kind:target`. Numeric channels hold 1 or 2 components. */
const key = (kind: string, target: string): string => `${kind}:${target}`;

export interface AnimateOptions {
    /** Slot and attachment of the breathing mesh, with its full-breath offsets. */
    breath?: { slot: string; attachment: string; offsets: number[] };
}

/** Where an arm's IK target must go (parent-local translate) for the given FK angles. */
function armTarget(rig: Rig, upper: string, fore: string | null, target: string, swing: number, elbow: number): Vec {
    const chest = rig.bone('chest');
    const u = rig.bone(upper);
    const shoulder = toBoneSpace(chest, u, u.rotation);
    const upperAngle = shoulder.rotation + swing;
    let end = add(shoulder, dir(upperAngle), u.length);
    if (fore) {
        const f = rig.bone(fore);
        end = add(end, dir(upperAngle + (f.rotation - u.rotation) + elbow), f.length);
    }
    const rest = toBoneSpace(chest, rig.bone(target));
    return { x: end.x - rest.x, y: end.y - rest.y };
}

function realize(rig: Rig, pose: Pose, values: Values, names: Names): void {
    const f = rig.features;
    const b = rig.body;
    const set = (kind: string, target: string, ...v: number[]): void => void values.set(key(kind, target), v);

    set('translate', 'hip', pose.hipX, pose.hipY);
    set('rotate', 'hip', pose.hipRot);
    for (const name of rig.spine) set('rotate', name, -pose.lean / rig.spine.length);
    if (!f.jointed || !f.meshes.torso) set('scale', 'chest', 1 + 0.015 * pose.breathe, 1);
    if (rig.has('belly')) set('translate', 'belly', 0.6 * b.p * pose.breathe, 0);
    if (f.neck) {
        set('rotate', 'neck', -0.4 * pose.head);
        set('rotate', 'head', -0.6 * pose.head);
    } else {
        set('rotate', 'head', -pose.head);
    }
    if (rig.has('headgear')) set('rotate', 'headgear', 0.4 * pose.wave * Math.sin(pose.phase));

    for (const s of SIDES) {
        const arm = pose.arms[s];
        if (!f.jointed) {
            set('rotate', `arm_${s}`, arm.swing);
            if (rig.has(`arm_target_${s}`)) set('translate', `arm_target_${s}`, ...xy(armTarget(rig, `arm_${s}`, null, `arm_target_${s}`, arm.swing, 0)));
        } else {
            // FK keys and IK targets describe the same pose, so the IK mix never changes the look.
            set('rotate', `upperarm_${s}`, arm.swing);
            set('rotate', `forearm_${s}`, arm.elbow);
            set('rotate', `hand_${s}`, arm.wrist);
            if (rig.has(`arm_target_${s}`)) {
                set('translate', `arm_target_${s}`, ...xy(armTarget(rig, `upperarm_${s}`, `forearm_${s}`, `arm_target_${s}`, arm.swing, arm.elbow)));
            }
        }
        if (f.fingers) {
            const curl = s === 'F' ? pose.grip : 10;
            set('rotate', `finger1_${s}`, curl);
            set('rotate', `finger2_${s}`, curl * 1.2);
            set('rotate', `thumb_${s}`, -curl * 0.5);
        }

        const foot = pose.feet[s];
        if (f.legIk) {
            set('translate', `leg_target_${s}`, foot.x, foot.y);
            set('rotate', `foot_${s}`, foot.rot);
            if (f.toes) set('rotate', `toe_${s}`, foot.toe);
            values.set(key('ik', `leg_ik_${s}`), [pose.ik]);
        } else if (!f.jointed) {
            // One-bone legs point at where the foot should be, blended out as the IK mix drops.
            const leg = rig.bone(`leg_${s}`);
            const hipBone = rig.bone('hip');
            const hipAt = { x: hipBone.x + pose.hipX, y: hipBone.y + pose.hipY };
            const jointAt = add(hipAt, rotate({ x: leg.x - hipBone.x, y: leg.y - hipBone.y }, pose.hipRot));
            const ankle = add(leg, dir(leg.rotation), leg.length);
            const aim = (Math.atan2(ankle.y + foot.y - jointAt.y, ankle.x + foot.x - jointAt.x) * 180) / Math.PI;
            set('rotate', `leg_${s}`, pose.ik * wrap(aim - pose.hipRot - leg.rotation));
        }
        if (f.tunic) set('rotate', `tunic_${s}`, pose.tunic[s]);
    }
    if (rig.has('weapon')) set('rotate', 'weapon', pose.weapon);

    const wave = (i: number): number => pose.wave * Math.sin(pose.phase - i * 0.7);
    rig.hair.forEach((name, i) => set('rotate', name, pose.hairBend + wave(i)));
    rig.cape.forEach((chain, c) => chain.forEach((name, i) => set('rotate', name, pose.capeBend * (1 + 0.3 * c) + wave(i + c))));

    set('translate', 'shadow', pose.shadowX, 0);
    set('scale', 'shadow', pose.shadowScale, 1);

    if (f.face) {
        const eye = pose.face === 'blink' ? 'eye_closed' : pose.face === 'dead' ? 'eye_dead' : 'eye';
        names.set('eye_B', eye);
        names.set('eye_F', eye);
        names.set('mouth', pose.face === 'shout' || pose.face === 'dead' ? 'mouth_open' : 'mouth');
    } else {
        names.set('head', pose.face === 'dead' ? 'head_dead' : 'head');
    }
    values.set(key('breathe', ''), [pose.breathe]);
}

const xy = (v: Vec): [number, number] => [v.x, v.y];
const wrap = (deg: number): number => ((((deg + 180) % 360) + 360) % 360) - 180;
const round = (v: number, digits: number): number => {
    const k = 10 ** digits;
    return Math.round(v * k) / k || 0;
};

/** Indices of keys to keep so that linear interpolation stays within `tolerance` of every sample. */
function reduce(series: number[][], tolerance: number): number[] {
    const kept = [0];
    let anchor = 0;
    for (let end = 2; end < series.length; end++) {
        const a = series[anchor]!;
        const z = series[end]!;
        const fits = series.slice(anchor + 1, end).every((v, i) => {
            const t = (i + 1) / (end - anchor);
            return v.every((c, j) => Math.abs(c - (a[j]! + (z[j]! - a[j]!) * t)) <= tolerance);
        });
        if (!fits) {
            anchor = end - 1;
            kept.push(anchor);
        }
    }
    if (series.length > 1) kept.push(series.length - 1);
    return kept;
}

const TOLERANCE: Record<string, number> = { rotate: 0.05, translate: 0.02, scale: 0.0005, ik: 0.001, breathe: 0.001 };

export function animationJson(rig: Rig, motion: Motion, options: AnimateOptions): Record<string, unknown> {
    const frames = Math.round(motion.duration * FPS);
    const times: number[] = [];
    const samples: Array<{ values: Values; names: Names }> = [];
    for (let i = 0; i <= frames; i++) {
        const values: Values = new Map();
        const names: Names = new Map();
        // A loop's last frame is its first, exactly.
        realize(rig, motion.pose(motion.loop && i === frames ? 0 : i / FPS), values, names);
        times.push(round(i === frames ? motion.duration : i / FPS, 4));
        samples.push({ values, names });
    }

    const bones: Record<string, Record<string, unknown[]>> = {};
    const ik: Record<string, unknown[]> = {};
    let breath: unknown[] | undefined;
    for (const channel of samples[0]!.values.keys()) {
        const [kind, target] = channel.split(':') as [string, string];
        const series = samples.map((s) => s.values.get(channel)!);
        const keep = reduce(series, TOLERANCE[kind]!);
        if (kind === 'rotate') {
            (bones[target] ??= {}).rotate = keep.map((i) => ({ time: times[i], value: round(series[i]![0]!, 2) }));
        } else if (kind === 'translate' || kind === 'scale') {
            const digits = kind === 'scale' ? 4 : 2;
            (bones[target] ??= {})[kind] = keep.map((i) => ({ time: times[i], x: round(series[i]![0]!, digits), y: round(series[i]![1]!, digits) }));
        } else if (kind === 'ik') {
            const bendPositive = rig.ik.find((c) => c.name === target)!.bendPositive;
            // Every IK key restores the bend direction, so it must repeat the constraint's own.
            ik[target] = keep.map((i) => ({ time: times[i], mix: round(series[i]![0]!, 3), ...(bendPositive ? {} : { bendPositive: false }) }));
        } else if (kind === 'breathe' && options.breath) {
            const offsets = options.breath.offsets;
            breath = keep.map((i) => {
                const amount = series[i]![0]!;
                return amount < 0.001 ? { time: times[i] } : { time: times[i], vertices: offsets.map((o) => round(o * amount, 2)) };
            });
        }
    }

    const slots: Record<string, { attachment: unknown[] }> = {};
    for (const slot of samples[0]!.names.keys()) {
        const changes: unknown[] = [];
        let last: string | undefined;
        samples.forEach((s, i) => {
            const name = s.names.get(slot)!;
            if (name !== last) changes.push({ time: times[i], name });
            last = name;
        });
        slots[slot] = { attachment: changes };
    }

    const animation: Record<string, unknown> = { slots, bones };
    if (Object.keys(ik).length) animation.ik = ik;
    if (breath && options.breath) {
        animation.attachments = { default: { [options.breath.slot]: { [options.breath.attachment]: { deform: breath } } } };
    }
    if (motion.events.length) animation.events = motion.events;
    return animation;
}
