/**
 * Everything a setup pose sets on a skeleton, as plain data to compare with `toEqual` (which
 * compares numbers with `Object.is`: bit for bit, -0 apart from 0), on Spine 4.2 and 4.3 alike:
 *
 * - every bone: its local pose, what its world transform was computed from (4.2's applied values,
 *   4.3's applied pose when constraints give it one, and whether its `world` / `local` stamps are the
 *   skeleton's last update), its world transform, whether it is active;
 * - every slot: its attachment (by identity), colour, dark colour, sequence index and deform;
 * - the draw order;
 * - every constraint's numbers and flags (4.3: also its pose's and applied pose's): setup values
 *   and physics state;
 * - the skeleton's clock.
 *
 * Not included: what no pose is made of (the skeleton's colour and placement, slots'
 * `attachmentState`, a path constraint's scratch arrays, 4.3's world fields of a constrained bone's
 * unconstrained pose, which nothing reads).
 */
type Any = any;

const ids = new WeakMap<object, number>();
let lastId = 0;

/** A number per object, the same for the same object (attachments compared by identity). */
function idOf(value: unknown): number | null {
    if (value === null || value === undefined) return null;
    let id = ids.get(value as object);
    if (id === undefined) ids.set(value as object, (id = ++lastId));
    return id;
}

const LOCAL = ['x', 'y', 'rotation', 'scaleX', 'scaleY', 'shearX', 'shearY', 'inherit'];
const APPLIED_42 = ['ax', 'ay', 'arotation', 'ascaleX', 'ascaleY', 'ashearX', 'ashearY'];
const WORLD = ['a', 'b', 'c', 'd', 'worldX', 'worldY'];

const pick = (object: Any, keys: readonly string[]): number[] => keys.map((key) => object[key]);

/** The numbers and flags of an object (its own fields, not arrays or objects). */
function scalars(object: Any): Record<string, number | boolean> {
    const out: Record<string, number | boolean> = {};
    for (const [key, value] of Object.entries(object)) if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    return out;
}

export interface SkeletonState {
    time: number;
    bones: Record<string, unknown>[];
    slots: Record<string, unknown>[];
    drawOrder: number[];
    constraints: Record<string, unknown>[];
}

/** The state of `skeleton` a setup pose sets (see the module's doc). */
export function skeletonState(skeleton: object): SkeletonState {
    const s = skeleton as Any;
    const v43 = typeof s.setupPose === 'function';
    const bones = (s.bones as Any[]).map((bone) => {
        if (!v43) return { name: bone.data.name, active: bone.active, local: pick(bone, LOCAL), applied: pick(bone, APPLIED_42), world: pick(bone, WORLD) };
        const applied = bone.appliedPose;
        return {
            name: bone.data.name,
            active: bone.active,
            local: pick(bone.pose, LOCAL),
            applied: applied === bone.pose ? 'the local pose' : pick(applied, LOCAL),
            world: pick(applied, WORLD),
            stamps: [applied.world === s._update, applied.local === s._update],
        };
    });
    const slots = (s.slots as Any[]).map((slot) => {
        const look = v43 ? slot.pose : slot;
        const dark = look.darkColor;
        return {
            name: slot.data.name,
            attachment: look.attachment?.name ?? null,
            attachmentId: idOf(look.attachment),
            color: pick(look.color, ['r', 'g', 'b', 'a']),
            dark: dark ? pick(dark, ['r', 'g', 'b']) : null,
            sequenceIndex: look.sequenceIndex,
            deform: [...look.deform],
            constrained: v43 ? slot.appliedPose !== slot.pose : false,
        };
    });
    const order = s.drawOrder;
    const drawOrder = (Array.isArray(order) ? order : order.appliedPose).map((slot: Any) => slot.data.index);
    const constraints = v43
        ? (s.constraints as Any[]).map((c) => ({
              name: c.data.name,
              own: scalars(c),
              pose: scalars(c.pose),
              applied: c.appliedPose === c.pose ? 'the pose' : scalars(c.appliedPose),
          }))
        : ['ikConstraints', 'transformConstraints', 'pathConstraints', 'physicsConstraints'].flatMap((list) =>
              (s[list] as Any[]).map((c) => ({ list, name: c.data.name, own: scalars(c) })),
          );
    return { time: s.time, bones, slots, drawOrder, constraints };
}

/**
 * A new skeleton of `skeleton`'s data and class with `skin`, in the setup pose as stock makes it
 * (`setToSetupPose`, the clock at 0, `updateWorldTransform(Physics.reset)`) at `skeleton`'s placement.
 */
export function stockSetupPose(skeleton: object, skin: object | null): object {
    const s = skeleton as Any;
    const fresh = new s.constructor(s.data);
    fresh.x = s.x;
    fresh.y = s.y;
    fresh.scaleX = s.scaleX;
    fresh._scaleY = s._scaleY; // `scaleY` reads it through `Skeleton.yDown`
    if (skin) fresh.setSkin(skin);
    if (typeof fresh.setupPose === 'function') fresh.setupPose();
    else fresh.setToSetupPose();
    fresh.time = 0;
    fresh.updateWorldTransform(1 /* Physics.reset */);
    return fresh;
}
