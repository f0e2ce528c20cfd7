/**
 * *Which Skin does a spawn ask for?* A name, as `skeleton.setSkinByName`; a list of names, as
 * mix-and-match rigs combine them (`new Skin()` + `addSkin` each), combined once per skeleton data
 * and combination so every instance wearing it shares one Skin object (one pose cache key); or a
 * Skin the game built itself, used as it is.
 */
import { PoolError } from '../src/errors';
import type { Skin } from './core/shapes';

/** Skeleton data, as far as skins go. */
interface SkinData {
    skins: Skin[];
    findSkin(name: string): Skin | null;
}

/** The combinations made so far, per skeleton data, by their names joined with '+'. */
const combined = new WeakMap<object, Map<string, Skin>>();

/**
 * The Skin `spec` names on `data`; throws a PoolError naming `caller` (the public method), what is
 * wrong, the skeleton by `dataKey` (Spine's own name is usually empty) and its skins.
 */
export function skinFor(data: SkinData, spec: unknown, dataKey: string, caller = 'spawn'): Skin {
    if (typeof spec === 'string') return named(data, spec, dataKey, '', caller);
    if (Array.isArray(spec)) {
        if (spec.length === 0) throw new PoolError(`${caller}(): skin is an empty list; name at least one skin, or leave skin out for the default skin.`);
        for (const name of spec) if (typeof name !== 'string') throw badSkin(spec, caller);
        if (spec.length === 1) return named(data, spec[0] as string, dataKey, '', caller);
        const key = spec.join('+');
        let byKey = combined.get(data);
        if (!byKey) combined.set(data, (byKey = new Map<string, Skin>()));
        let skin = byKey.get(key);
        if (!skin) {
            const parts = spec.map((name: string) => named(data, name, dataKey, ` (in ${JSON.stringify(spec)})`, caller));
            const SkinClass = parts[0].constructor as new (name: string) => Skin;
            skin = new SkinClass(key);
            for (const part of parts) skin.addSkin(part);
            byKey.set(key, skin);
        }
        return skin;
    }
    if (typeof spec === 'object' && spec !== null && typeof (spec as Skin).getAttachments === 'function' && typeof (spec as Skin).addSkin === 'function')
        return spec as Skin;
    throw badSkin(spec, caller);
}

function named(data: SkinData, name: string, dataKey: string, within: string, caller: string): Skin {
    const skin = data.findSkin(name);
    if (skin) return skin;
    throw new PoolError(
        `${caller}(): skin ${JSON.stringify(name)}${within} is not in skeleton ${JSON.stringify(dataKey)}. Skins: ${data.skins.map((s) => s.name).join(', ')}.`,
    );
}

function badSkin(spec: unknown, caller: string): PoolError {
    const shown = typeof spec === 'object' && spec !== null ? (Array.isArray(spec) ? JSON.stringify(spec) : `an object that is not a Skin`) : String(spec);
    return new PoolError(`${caller}(): skin must be a skin name, a list of skin names to combine, or a Skin; got ${shown}.`);
}
