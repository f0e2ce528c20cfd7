/**
 * spine/unkeyedPose.ts on real spine-core 4.2 and 4.3 with the corpus rigs: `UnkeyedPose` says a
 * skeleton has what an animation does not key at the setup pose (`boneAtSetup` per bone,
 * `restAtSetup` for constraints and slots) on a setup-posed skeleton and whatever the animation
 * itself sets; and not once a bone property, a constraint value or the attachment under a keyed
 * deform or sequence that the animation does not key is written. What it keys is read here from
 * the timelines' classes, apart from the property ids the module reads.
 */
import type * as SpineCore from '@esotericsoftware/spine-core';
import { slotKeysOf } from '../../spine/slotKeys';
import { UnkeyedPose } from '../../spine/unkeyedPose';
import { CORE_RUNTIMES, CORPUS_RIGS, type CoreRuntime } from '../harness/coreRig';

type Any = any;

const BONE_PROPERTIES = ['rotation', 'x', 'y', 'scaleX', 'scaleY', 'shearX', 'shearY', 'inherit'] as const;
type BoneProperty = (typeof BONE_PROPERTIES)[number];

/** The bone properties each bone timeline class keys. */
const BONE_TIMELINES: Record<string, BoneProperty[]> = {
    RotateTimeline: ['rotation'],
    TranslateTimeline: ['x', 'y'],
    TranslateXTimeline: ['x'],
    TranslateYTimeline: ['y'],
    ScaleTimeline: ['scaleX', 'scaleY'],
    ScaleXTimeline: ['scaleX'],
    ScaleYTimeline: ['scaleY'],
    ShearTimeline: ['shearX', 'shearY'],
    ShearXTimeline: ['shearX'],
    ShearYTimeline: ['shearY'],
    InheritTimeline: ['inherit'],
};

/** Constraint kinds: the runtime class (4.2 and 4.3 names) and the fields its pose has. */
const KINDS = {
    ik: { class: 'IkConstraint', fields: ['mix', 'softness', 'bendDirection', 'compress', 'stretch'] },
    transform: { class: 'TransformConstraint', fields: ['mixRotate', 'mixX', 'mixY', 'mixScaleX', 'mixScaleY', 'mixShearY'] },
    path: { class: 'PathConstraint', fields: ['position', 'spacing', 'mixRotate', 'mixX', 'mixY'] },
} as const;

/** The constraint fields each constraint timeline class keys (null: every field of its kind). */
const CONSTRAINT_TIMELINES: Record<string, readonly string[] | null> = {
    IkConstraintTimeline: null,
    TransformConstraintTimeline: null,
    PathConstraintPositionTimeline: ['position'],
    PathConstraintSpacingTimeline: ['spacing'],
    PathConstraintMixTimeline: ['mixRotate', 'mixX', 'mixY'],
};

/** A skeleton's non-physics constraints: the object, its kind, its pose (what animations set), and how timelines index it. */
interface ConstraintInfo {
    name: string;
    kind: keyof typeof KINDS;
    pose: Record<string, number | boolean>;
    /** Whether a timeline keys this constraint. */
    matches(timeline: SpineCore.Timeline): boolean;
}

function constraintsOf(rt: CoreRuntime, skeleton: SpineCore.Skeleton): ConstraintInfo[] {
    const s = skeleton as Any;
    const spine = rt.spine as Any;
    const kindOf = (c: object): keyof typeof KINDS | null => {
        for (const [kind, { class: name }] of Object.entries(KINDS)) if (c instanceof spine[name]) return kind as keyof typeof KINDS;
        return null;
    };
    const isPath = (t: SpineCore.Timeline): boolean =>
        ['PathConstraintPositionTimeline', 'PathConstraintSpacingTimeline', 'PathConstraintMixTimeline'].some((name) => t instanceof spine[name]);
    const timelineKind = (t: SpineCore.Timeline): keyof typeof KINDS | null =>
        t instanceof spine.IkConstraintTimeline ? 'ik' : t instanceof spine.TransformConstraintTimeline ? 'transform' : isPath(t) ? 'path' : null;
    const out: ConstraintInfo[] = [];
    const lists: Any[][] = rt.v43 ? [s.constraints] : [s.ikConstraints, s.transformConstraints, s.pathConstraints];
    for (const list of lists) {
        list.forEach((constraint: Any, index: number) => {
            const kind = kindOf(constraint);
            if (kind === null) return; // physics
            out.push({
                name: constraint.data.name,
                kind,
                pose: rt.v43 ? constraint.pose : constraint,
                // 4.2 indexes each kind's own list, 4.3 the one list.
                matches: (t) => (t as Any).constraintIndex === index && timelineKind(t) === kind,
            });
        });
    }
    return out;
}

/** Which timeline class `timeline` is (by instanceof, so minified or renamed classes do not matter). */
function classOf(rt: CoreRuntime, timeline: SpineCore.Timeline, names: string[]): string | undefined {
    return names.find((name) => (rt.spine as Any)[name] && timeline instanceof (rt.spine as Any)[name]);
}

/** A value different from `value` of the same type. */
const nudge = (value: number | boolean, property: string): number | boolean =>
    typeof value === 'boolean' ? !value : property === 'bendDirection' ? -value : property === 'inherit' ? (value + 1) % 5 : value + 0.125;

describe.each(CORE_RUNTIMES)('Spine $format', (rt) => {
    const check = (data: SpineCore.SkeletonData, animation: SpineCore.Animation): UnkeyedPose => {
        const setup = rt.skeleton(data);
        return new UnkeyedPose(setup, rt.version, animation, slotKeysOf(animation, setup.slots.length));
    };
    const bonesAtSetup = (base: UnkeyedPose, skeleton: SpineCore.Skeleton): boolean[] => skeleton.bones.map((bone, i) => base.boneAtSetup(bone, i));

    describe.each(CORPUS_RIGS)('corpus rig %s', (rig) => {
        const data = rt.data(rig);

        test.each(data.animations.map((a) => a.name))(
            '%s: boneAtSetup and restAtSetup are true on a setup-posed skeleton and wherever the animation poses it',
            (name) => {
                const animation = data.findAnimation(name)!;
                const base = check(data, animation);
                const skeleton = rt.skeleton(data);
                expect(bonesAtSetup(base, skeleton).every(Boolean)).toBe(true);
                expect(base.restAtSetup(skeleton)).toBe(true);
                for (const time of [0.1, animation.duration / 2, animation.duration]) {
                    rt.poseAt(skeleton, animation, time);
                    expect(bonesAtSetup(base, skeleton).every(Boolean)).toBe(true);
                    expect(base.restAtSetup(skeleton)).toBe(true);
                }
            },
        );

        test.each(data.animations.map((a) => a.name))(
            '%s: boneAtSetup turns false on a bone exactly when the test writes a property of it the animation does not key',
            (name) => {
                const animation = data.findAnimation(name)!;
                const base = check(data, animation);
                const skeleton = rt.skeleton(data);
                rt.poseAt(skeleton, animation, animation.duration / 3);
                const keyed = skeleton.bones.map(() => new Set<BoneProperty>());
                for (const t of animation.timelines) {
                    const kind = classOf(rt, t, Object.keys(BONE_TIMELINES));
                    if (kind) for (const p of BONE_TIMELINES[kind]!) keyed[(t as Any).boneIndex]!.add(p);
                }
                let unkeyedWrites = 0;
                skeleton.bones.forEach((bone, i) => {
                    const local = rt.local(bone) as unknown as Record<BoneProperty, number>;
                    for (const property of BONE_PROPERTIES) {
                        const before = local[property];
                        local[property] = nudge(before, property) as number;
                        const expected = keyed[i]!.has(property);
                        if (!expected) unkeyedWrites++;
                        expect({ bone: bone.data.name, property, atSetup: base.boneAtSetup(bone, i) }).toEqual({
                            bone: bone.data.name,
                            property,
                            atSetup: expected,
                        });
                        // The other bones are not affected.
                        expect(bonesAtSetup(base, skeleton).filter((ok, j) => !ok && j !== i)).toEqual([]);
                        local[property] = before;
                    }
                });
                expect(unkeyedWrites).toBeGreaterThan(0);
            },
        );

        test.each(data.animations.map((a) => a.name))(
            '%s: restAtSetup turns false exactly when the test writes a constraint value the animation does not key (physics constraints aside)',
            (name) => {
                const animation = data.findAnimation(name)!;
                const base = check(data, animation);
                const skeleton = rt.skeleton(data);
                rt.poseAt(skeleton, animation, animation.duration / 3);
                const constraints = constraintsOf(rt, skeleton);
                expect(constraints.length).toBeGreaterThan(0);
                for (const c of constraints) {
                    const keyed = new Set<string>();
                    for (const t of animation.timelines) {
                        if (!c.matches(t)) continue;
                        const kind = classOf(rt, t, Object.keys(CONSTRAINT_TIMELINES));
                        for (const field of CONSTRAINT_TIMELINES[kind!] ?? KINDS[c.kind].fields) keyed.add(field);
                    }
                    for (const field of KINDS[c.kind].fields) {
                        const before = c.pose[field]!;
                        c.pose[field] = nudge(before, field);
                        expect({ constraint: c.name, field, atSetup: base.restAtSetup(skeleton) }).toEqual({
                            constraint: c.name,
                            field,
                            atSetup: keyed.has(field),
                        });
                        c.pose[field] = before;
                    }
                }
                expect(base.restAtSetup(skeleton)).toBe(true);
            },
        );
    });

    test('path constraint fields are told apart: jump keys the position only, run position and spacing, idle the mixes', () => {
        const data = rt.data('path');
        const skeleton = rt.skeleton(data);
        const path = constraintsOf(rt, skeleton).find((c) => c.kind === 'path')!;
        const restsAfter = (animation: string, field: string): boolean => {
            const base = check(data, data.findAnimation(animation)!);
            const before = path.pose[field]!;
            path.pose[field] = nudge(before, field);
            const rests = base.restAtSetup(skeleton);
            path.pose[field] = before;
            return rests;
        };
        const fields = KINDS.path.fields;
        expect(fields.map((f) => restsAfter('jump', f))).toEqual([true, false, false, false, false]);
        expect(fields.map((f) => restsAfter('run', f))).toEqual([true, true, false, false, false]);
        expect(fields.map((f) => restsAfter('idle', f))).toEqual([false, false, true, true, true]);
        expect(fields.map((f) => restsAfter('walk', f))).toEqual([false, false, false, false, false]);
    });

    test('physics constraints do not count: their values written, restAtSetup stays true', () => {
        const data = rt.data('physics');
        const skeleton = rt.skeleton(data);
        const base = check(data, data.findAnimation('walk')!);
        const physics: Any[] =
            (skeleton as Any).physicsConstraints ?? (skeleton as Any).constraints.filter((c: object) => c instanceof (rt.spine as Any).PhysicsConstraint);
        expect(physics.length).toBeGreaterThan(0);
        for (const c of physics) {
            const pose = rt.v43 ? c.pose : c;
            pose.inertia += 0.25;
            pose.mix = 0.5;
        }
        expect(base.restAtSetup(skeleton)).toBe(true);
    });

    test('a slot whose deform is keyed but not its attachment must show the attachment it was sampled with; an attachment-keyed slot may show any', () => {
        const data = rt.data('limbs');
        const die = data.findAnimation('die')!;
        const base = check(data, die);
        const skeleton = rt.skeleton(data);
        const [cape, eyes] = [skeleton.findSlot('cape')!, skeleton.findSlot('eyes')!];
        const keys = slotKeysOf(die, skeleton.slots.length);
        expect([keys.masks[cape.data.index], keys.masks[eyes.data.index]]).toEqual([16, 1]); // deform; attachment
        rt.look(eyes).attachment = null;
        expect(base.restAtSetup(skeleton)).toBe(true);
        const capeAttachment = rt.look(cape).attachment;
        rt.look(cape).attachment = null;
        expect(base.restAtSetup(skeleton)).toBe(false);
        rt.look(cape).attachment = capeAttachment;
        expect(base.restAtSetup(skeleton)).toBe(true);
    });

    test('a slot whose sequence index is keyed but not its attachment must show the attachment it was sampled with', () => {
        const data = rt.freshData('limbs');
        const animation = rt.sequenceAnimation(data, 'head');
        const base = check(data, animation);
        const skeleton = rt.skeleton(data);
        rt.poseAt(skeleton, animation, 0.25);
        expect(base.restAtSetup(skeleton)).toBe(true);
        rt.look(skeleton.findSlot('head')!).attachment = rt.look(skeleton.findSlot('eyes')!).attachment;
        expect(base.restAtSetup(skeleton)).toBe(false);
    });
});
