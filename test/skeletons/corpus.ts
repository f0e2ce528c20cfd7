/**
 * The fidelity corpus: hand-authored (in code, license-clean) Spine rigs that exercise what the
 * generator's characters do not, for differential tests of pooled against stock skeletons:
 *
 * - `limbs`: IK legs and an aiming arm IK, a transform constraint, a weighted cape mesh with deform
 *   keys, a two-colour tinted slot;
 * - `path`: a small creature whose 7-bone tail follows a path constraint (position, spacing and mix keyed);
 * - `physics`: Spine 4.2 physics constraints on a ponytail (rotate) and an antenna (x/y), every
 *   physics property and a reset keyed;
 * - `giant`: 2400 units tall and about 1290 wide, origin at its feet.
 *
 * and the stunt rigs (STUNT_RIGS; both in DIFFERENTIAL_RIGS), which do what Spine's own
 * examples do and the rigs above do not:
 *
 * - `stunts` (corpus/stunts.ts): a walk whose loop wraps with a 900-unit jump, a bone scaled to 0,
 *   attachment and draw-order keys between 60 fps frames, a bone spinning at 720°/s, an IK chain
 *   snapping straight and flipping its bend, a sequence attachment and a clipping attachment;
 * - `skins` (corpus/skins.ts): mix-and-match, an empty default skin, the body, variants and
 *   accessories in named skins to combine at run time, animations keying named-skin attachments;
 * - `swing` (corpus/swing.ts): a body hanging from a 3-bone rope with rotating physics, swung
 *   hundreds of units by small pushes of the bar, its pose depending on the swing's history.
 *
 * Every rig has the same seven animations (CORPUS_ANIMATIONS, see corpus/animations.ts for what each
 * keys), so scenarios are generic. Between them they key every kind of timeline: bone rotate,
 * translate, scale and shear; slot attachment, rgba, rgba2 and alpha; draw order; deform; events; IK
 * (mix and bend); transform mixes; path position, spacing and mix; physics inertia, strength,
 * damping, mass, wind, gravity, mix and reset; with bezier and stepped curves.
 *
 * Deterministic: the same JSON, atlas and pages every run. Spine 4.2 JSON by default; the 4.3 JSON
 * is exactly `toSpine43` of it (what the test harness does for Spine 4.3 runtimes).
 */
import type { SpineFormat } from './generate';
import type { CorpusSkeleton } from './corpus/builder';
import { giantRig } from './corpus/giant';
import { limbsRig } from './corpus/limbs';
import { pathRig } from './corpus/path';
import { physicsRig } from './corpus/physics';
import { skinsRig } from './corpus/skins';
import { stuntsRig } from './corpus/stunts';
import { swingRig } from './corpus/swing';
import { toSpine43 } from './spine43';

export type { CorpusSkeleton } from './corpus/builder';
export {
    CORPUS_ANIMATIONS,
    CORPUS_ANIMATION_SPECS,
    CORPUS_EVENTS,
    CORPUS_EVENT_DEFAULTS,
    type CorpusAnimationName,
} from './corpus/animations';

export type CorpusRigName = 'limbs' | 'path' | 'physics' | 'giant';
export const CORPUS_RIGS: readonly CorpusRigName[] = ['limbs', 'path', 'physics', 'giant'];

/** The stunt rigs: built and checked like the corpus, not (yet) run by the differential suite. */
export type StuntRigName = 'stunts' | 'skins' | 'swing';
export const STUNT_RIGS: readonly StuntRigName[] = ['stunts', 'skins', 'swing'];

/** Every rig the differential suite runs on: the corpus and the stunt rigs. */
export const DIFFERENTIAL_RIGS: readonly (CorpusRigName | StuntRigName)[] = [...CORPUS_RIGS, ...STUNT_RIGS];

/** The skin a rig is spawned with in the differential suite (the skins rig's default skin is empty). */
export const SPAWN_SKIN: Partial<Record<CorpusRigName | StuntRigName, string>> = { skins: 'base' };

/**
 * A mix-and-match combination of the skins rig, as games spawn one (`skin: [...]`): the suites that
 * run with the shared pose cache spawn it so (the twin combines the same skins itself).
 */
export const SPAWN_SKIN_COMBINED: Partial<Record<CorpusRigName | StuntRigName, readonly string[]>> = { skins: ['base', 'blue', 'hat', 'cape'] };

const BUILDERS: Record<CorpusRigName | StuntRigName, () => CorpusSkeleton> = {
    limbs: limbsRig,
    path: pathRig,
    physics: physicsRig,
    giant: giantRig,
    stunts: stuntsRig,
    skins: skinsRig,
    swing: swingRig,
};

/** A corpus rig built afresh (not cached): for determinism checks. */
export function buildCorpusRig(name: CorpusRigName | StuntRigName, format: SpineFormat = '4.2'): CorpusSkeleton {
    const build = BUILDERS[name];
    if (!build) throw new Error(`unknown corpus rig ${String(name)}`);
    const rig = build();
    return format === '4.3' ? { ...rig, json: toSpine43(rig.json) } : rig;
}

const cache = new Map<string, CorpusSkeleton>();

/**
 * A corpus rig in `format` (Spine 4.2 JSON by default), cached per (name, format): treat the
 * returned object (and its JSON) as read-only. Same shape as `generateCharacter`'s output, so the
 * harness's `addSkeleton()` takes it.
 */
export function corpusRig(name: CorpusRigName | StuntRigName, format: SpineFormat = '4.2'): CorpusSkeleton {
    const id = `${name}@${format}`;
    let rig = cache.get(id);
    if (!rig) {
        rig = format === '4.3' ? { ...corpusRig(name), json: toSpine43(corpusRig(name).json) } : buildCorpusRig(name);
        cache.set(id, rig);
    }
    return rig;
}
