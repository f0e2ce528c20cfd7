/** The three standard characters used by tests, benchmarks and the demo, generated once per process. */
import { generateCharacter, type CharacterSpec, type GeneratedSkeleton, type SpineFormat } from './generate';

export type PresetName = 'tiny' | 'crowd' | 'hero';

export const presets: Record<PresetName, CharacterSpec> = {
    /** ~10 bones, 1 IK, no meshes: cheap enough for hundreds of instances in unit/integration tests. */
    tiny: { name: 'tiny', detail: 'tiny', seed: 1 },
    /** ~25 bones, 2 leg IKs, a weighted cape mesh: a typical crowd character. */
    crowd: { name: 'crowd', detail: 'crowd', seed: 2 },
    /** 60 bones, 4 IKs, 2 transform constraints, 3 weighted meshes with deform: a production hero rig. */
    hero: { name: 'hero', detail: 'hero', seed: 3 },
};

const cache = new Map<string, GeneratedSkeleton>();

/** The generated preset in `format` (Spine 4.2 JSON by default), cached: treat the returned object (and its JSON) as read-only. */
export function preset(name: PresetName, format: SpineFormat = '4.2'): GeneratedSkeleton {
    const key = `${name}@${format}`;
    let generated = cache.get(key);
    if (!generated) {
        const spec = presets[name];
        if (!spec) throw new Error(`unknown preset ${String(name)}`);
        generated = generateCharacter(spec, format);
        cache.set(key, generated);
    }
    return generated;
}
