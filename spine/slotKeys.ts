/**
 * What an animation keys on slots, read from its timelines by their shape (the plugin imports no
 * Spine package, and class names do not survive minification): which slot properties its
 * application sets, so a pose copied from elsewhere sets those and leaves the rest as the game
 * left them (an attachment the game put on an unkeyed slot stays). Bones need no such list: their
 * world transforms are copied whole.
 *
 * | timeline (4.2 and 4.3) | shape | keys |
 * |---|---|---|
 * | AttachmentTimeline | `slotIndex`, `attachmentNames` | attachment (and with it the sequence index and deform it resets) |
 * | DeformTimeline | `slotIndex`, `vertices` | deform |
 * | SequenceTimeline | `slotIndex`, `attachment` | sequence index |
 * | RGBA / RGB / Alpha / RGBA2 / RGB2 | `slotIndex`, `getFrameEntries()` 5 / 4 / 2 / 8 / 7 | rgb, alpha, dark rgb |
 * | DrawOrder(Folder)Timeline | `drawOrders` | draw order |
 */

import type { WrittenSlots } from './SetupPose';
import type { Animation } from './core/shapes';

export const KEY_ATTACHMENT = 1;
export const KEY_RGB = 2;
export const KEY_ALPHA = 4;
export const KEY_DARK = 8;
export const KEY_DEFORM = 16;
export const KEY_SEQUENCE = 32;

/** Slot properties an animation keys: a mask per slot index, the longest deform per slot, draw order. */
export interface SlotKeys {
    /** `KEY_*` bits by slot index (0: not keyed). */
    masks: Uint8Array;
    /** Longest deform (vertex values) a deform timeline of the slot sets, by slot index. */
    deform: Uint32Array;
    drawOrder: boolean;
    /** A slot timeline of a shape not listed above: its poses cannot be copied. */
    unknown: boolean;
}

const COLOR_KEYS: Record<number, number> = {
    2: KEY_ALPHA,
    4: KEY_RGB,
    5: KEY_RGB | KEY_ALPHA,
    7: KEY_RGB | KEY_DARK,
    8: KEY_RGB | KEY_ALPHA | KEY_DARK,
};

/** What `animation` keys on the `slotCount` slots of its skeleton. */
export function slotKeysOf(animation: Animation, slotCount: number): SlotKeys {
    const keys: SlotKeys = { masks: new Uint8Array(slotCount), deform: new Uint32Array(slotCount), drawOrder: false, unknown: false };
    for (const t of animation.timelines) {
        if (Array.isArray(t.drawOrders)) {
            keys.drawOrder = true;
            continue;
        }
        const slot = t.slotIndex;
        if (typeof slot !== 'number') continue; // bones, constraints, events: in the world transforms or not posed
        if (Array.isArray(t.attachmentNames)) keys.masks[slot] |= KEY_ATTACHMENT;
        else if (Array.isArray(t.vertices)) {
            keys.masks[slot] |= KEY_DEFORM;
            for (const v of t.vertices) if (v && v.length > keys.deform[slot]) keys.deform[slot] = v.length;
        } else if (t.attachment !== undefined) keys.masks[slot] |= KEY_SEQUENCE;
        else {
            const color = typeof t.getFrameEntries === 'function' ? COLOR_KEYS[t.getFrameEntries()] : undefined;
            if (color === undefined) keys.unknown = true;
            else keys.masks[slot] |= color;
        }
    }
    return keys;
}

const keyedSlots = new WeakMap<Animation, WrittenSlots | null>();

/** The slots `animation` keys (an apply writes those only), or null when it has a slot timeline of a kind not known here. */
export function keyedSlotsOf(animation: Animation, slotCount: number): WrittenSlots | null {
    let keyed = keyedSlots.get(animation);
    if (keyed === undefined) {
        const keys = slotKeysOf(animation, slotCount);
        const slots: number[] = [];
        keys.masks.forEach((mask, slot) => {
            if (mask !== 0) slots.push(slot);
        });
        keyed = keys.unknown ? null : { writtenSlots: Int32Array.from(slots), writesDrawOrder: keys.drawOrder };
        keyedSlots.set(animation, keyed);
    }
    return keyed;
}
