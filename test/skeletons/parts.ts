/**
 * What is drawn where: slots in draw order, their attachments placed in world space at the setup
 * pose, and the painter that fills each region. Regions are shared by the front and back limbs
 * (the back one is darkened with a slot tint) and by all skins (only the look changes).
 */
import type { Rgb } from './color';
import type { Ctx, Pen } from './draw';
import { chainLine, gridColumns, ladderMesh, stripColumns, type MeshGeometry } from './mesh';
import {
    paintBoot, paintCape, paintEye, paintFinger, paintHand, paintHead, paintHeadgear, paintLimb, paintMouth, paintNeck,
    paintPauldron, paintPelvis, paintShadow, paintSimpleArm, paintSimpleLeg, paintStrand, paintToe, paintTorso, paintWeapon,
    type EyeState, type LimbStyle, type TorsoGuide,
} from './painters';
import { add, dir, SIDES, WEAPON_ANGLE, type Body, type Rig, type Side, type Vec } from './rig';
import type { Look } from './looks';

/** World centre, size and image x-axis angle of an attachment at the setup pose. */
export interface Placement {
    cx: number;
    cy: number;
    w: number;
    h: number;
    rot: number;
}

export interface RegionDef {
    /** Region name without the skin prefix. */
    id: string;
    w: number;
    h: number;
    /** Painted once for all skins (no look-specific colours). */
    shared: boolean;
    paint(ctx: Ctx, pen: Pen): void;
}

export interface MeshDef {
    geometry: MeshGeometry;
    /** Bones that may weigh on the vertices. */
    influences: string[];
    /** World offset of a vertex at full breath, for the deform timeline. */
    breathe?: (pt: Vec) => Vec;
}

export interface AttachmentDef {
    name: string;
    region: RegionDef;
    place: Placement;
    mesh?: MeshDef;
}

export interface SlotDef {
    name: string;
    bone: string;
    attachment: string;
    tint?: Rgb;
    attachments: AttachmentDef[];
}

/** Back limbs are darker: it reads as depth without painting a second set of images. */
const BACK_TINT: Rgb = [178, 178, 196];
const MARGIN = 3;

/** Maps world points into a placement's image (y down). Only for upright placements. */
const imageOf = (place: Placement) => (pt: Vec): Vec => ({ x: pt.x - (place.cx - place.w / 2), y: place.cy + place.h / 2 - pt.y });

function upright(cx: number, cy: number, w: number, h: number): Placement {
    return { cx, cy, w: Math.ceil(w), h: Math.ceil(h), rot: 0 };
}

/** Bounding placement of a point set, padded so outlines fit. */
function around(points: Vec[], pad: number): Placement {
    const xs = points.map((pt) => pt.x);
    const ys = points.map((pt) => pt.y);
    const minX = Math.min(...xs) - pad;
    const maxY = Math.max(...ys) + pad;
    const w = Math.ceil(Math.max(...xs) + pad - minX);
    const h = Math.ceil(maxY - (Math.min(...ys) - pad));
    return { cx: minX + w / 2, cy: maxY - h / 2, w, h, rot: 0 };
}

/** The torso silhouette at the setup pose, from the nape clockwise; `hem` is its lowest y. */
export function torsoOutline(b: Body, hem: number): Vec[] {
    const { p, chestDepth: d } = b;
    return [
        { x: -3.2 * p, y: b.neckBase + 1.5 * p },
        { x: -0.45 * d, y: b.shoulderY },
        { x: -0.5 * d, y: 64 * p },
        { x: -0.4 * d, y: b.hipY + 5 * p },
        { x: -0.46 * d, y: b.hipY - 2 * p },
        { x: -0.5 * d, y: hem },
        { x: 0.52 * d, y: hem },
        { x: 0.42 * d, y: b.hipY - 2 * p },
        { x: 0.38 * d, y: b.hipY + 5 * p },
        { x: 0.5 * d, y: 64 * p },
        { x: 0.38 * d, y: b.shoulderY + 0.5 * p },
        { x: 3.5 * p, y: b.neckBase + 1.5 * p },
    ];
}

export function layoutParts(rig: Rig): SlotDef[] {
    const f = rig.features;
    const b = rig.body;
    const p = b.p;
    const r = b.headR;
    const slots: SlotDef[] = [];
    const regions = new Map<string, RegionDef>();

    /** One region per id: the first definition fixes its size and painter. */
    const region = (id: string, w: number, h: number, paint: RegionDef['paint'], shared = false): RegionDef => {
        const existing = regions.get(id);
        if (existing) return existing;
        const def = { id, w: Math.ceil(w), h: Math.ceil(h), shared, paint };
        regions.set(id, def);
        return def;
    };
    const slot = (name: string, bone: string, attachments: AttachmentDef[], tint?: Rgb): void => {
        slots.push({ name, bone, attachment: attachments[0]!.name, attachments, ...(tint ? { tint } : {}) });
    };
    const single = (name: string, bone: string, reg: RegionDef, place: Placement, tint?: Rgb): void =>
        slot(name, bone, [{ name, region: reg, place }], tint);

    /** An image hanging along a bone: top at the bone start, overlapping the joints. */
    const along = (bone: string, w: number, before: number, after: number, length = rig.bone(bone).length): Placement => {
        const def = rig.bone(bone);
        const h = Math.ceil(length + before + after);
        const centre = add(def, dir(def.rotation), (length + after - before) / 2);
        return { cx: centre.x, cy: centre.y, w: Math.ceil(w + 2 * MARGIN), h, rot: def.rotation + 90 };
    };
    const limb = (id: string, place: Placement, style: (look: Look) => LimbStyle): RegionDef =>
        region(id, place.w, place.h, (ctx, pen) => paintLimb(ctx, place.w, place.h, pen, style(pen.look)));

    const shadowPlace = upright(0, 0.4 * p, 46 * p, 9 * p);
    single('shadow', 'shadow', region('shadow', shadowPlace.w, shadowPlace.h, (ctx) => paintShadow(ctx, shadowPlace.w, shadowPlace.h), true), shadowPlace);

    if (f.meshes.cape) {
        const lines = rig.cape.map((chain) => chainLine(chain.map((n) => rig.bone(n))));
        const columns =
            lines.length === 2
                ? [lines[0]!.map((pt) => add(pt, { x: 1, y: 0 }, 1.5 * p)), lines[0]!.map((pt, i) => ({ x: (pt.x + lines[1]![i]!.x) / 2, y: (pt.y + lines[1]![i]!.y) / 2 })), lines[1]!.map((pt) => add(pt, { x: -1, y: 0 }, 2.5 * p))]
                : stripColumns(lines[0]!, lines[0]!.map((_, i) => (2.5 + (3 * i) / (lines[0]!.length - 1)) * p), [1, 0, -1]);
        const geometry = ladderMesh(columns);
        const place = around(geometry.points, MARGIN);
        const toImage = imageOf(place);
        const imageColumns = columns.map((col) => col.map(toImage));
        const reg = region('cape', place.w, place.h, (ctx, pen) => paintCape(ctx, place.w, place.h, pen, imageColumns));
        slot('cape', 'chest', [{ name: 'cape', region: reg, place, mesh: { geometry, influences: rig.cape.flat() } }]);
    }

    if (f.meshes.hair) {
        const path = chainLine(rig.hair.map((n) => rig.bone(n)));
        // Broad at the root so the hair covers the back of the head, tapering to the tip.
        const widths = path.map((_, i) => (4.2 - (1.6 * i) / (path.length - 1)) * p);
        const columns = stripColumns(path, widths, [1, 0, -1]);
        const geometry = ladderMesh(columns);
        const place = around(geometry.points, MARGIN + 1.5 * p);
        const toImage = imageOf(place);
        const reg = region('hair', place.w, place.h, (ctx, pen) => paintStrand(ctx, place.w, place.h, pen, path.map(toImage), widths));
        slot('hair', 'head', [{ name: 'hair', region: reg, place, mesh: { geometry, influences: ['head', ...rig.hair] } }]);
    }

    const armStyles = {
        upper: (look: Look): LimbStyle => ({ color: look.sleeve, metal: look.metal, topW: 6 * p, bottomW: 5 * p }),
        fore: (look: Look): LimbStyle =>
            look.headgear === 'hat'
                ? { color: look.sleeve, metal: false, topW: 4.6 * p, bottomW: 6 * p, cuff: look.trim }
                : { color: look.sleeve, metal: look.metal, topW: 4.8 * p, bottomW: 4.2 * p, cop: look.metal, ...(look.metal ? {} : { band: look.glove }) },
        thigh: (look: Look): LimbStyle => ({ color: look.leg, metal: look.metal, topW: 8 * p, bottomW: 6.4 * p }),
        shin: (look: Look): LimbStyle => ({ color: look.leg, metal: look.metal, topW: 6.2 * p, bottomW: 5 * p, cop: look.metal, ...(look.metal ? {} : { band: look.boot }) }),
    };

    const arm = (s: Side): void => {
        const tint = s === 'B' ? BACK_TINT : undefined;
        if (!f.jointed) {
            const place = along(`arm_${s}`, 6.4 * p, 3 * p, 2.5 * p);
            const reg = region('arm', place.w, place.h, (ctx, pen) => paintSimpleArm(ctx, place.w, place.h, pen, 6 * p));
            if (s === 'F') weapon(`arm_${s}`);
            single(`arm_${s}`, `arm_${s}`, reg, place, tint);
            return;
        }
        const upper = along(`upperarm_${s}`, 6 * p, 3 * p, 2.5 * p);
        single(`upperarm_${s}`, `upperarm_${s}`, limb('upperarm', upper, armStyles.upper), upper, tint);
        const fore = along(`forearm_${s}`, 6 * p, 2.4 * p, 2.4 * p);
        single(`forearm_${s}`, `forearm_${s}`, limb('forearm', fore, armStyles.fore), fore, tint);
        if (f.pauldrons) {
            const place = along(`pauldron_${s}`, 8 * p, 1.6 * p, 0);
            single(`pauldron_${s}`, `pauldron_${s}`, region('pauldron', place.w, place.h, (ctx, pen) => paintPauldron(ctx, place.w, place.h, pen)), place, tint);
        }
        const finger = (bone: string, id: string, w: number): void => {
            const place = along(bone, w, 0.8 * p, 0.8 * p);
            single(bone, bone, region(id, place.w, place.h, (ctx, pen) => paintFinger(ctx, place.w, place.h, pen, pen.look.glove, pen.look.metal)), place, tint);
        };
        if (f.fingers) finger(`thumb_${s}`, 'thumb', 2.3 * p);
        const hand = f.fingers ? along(`hand_${s}`, 4.6 * p, 0.8 * p, 1.2 * p) : along(`hand_${s}`, 5 * p, 0.6 * p, 1 * p);
        if (s === 'F' && !f.fingers) weapon(`hand_${s}`);
        single(`hand_${s}`, `hand_${s}`, region('hand', hand.w, hand.h, (ctx, pen) => paintHand(ctx, hand.w, hand.h, pen, pen.look.glove, pen.look.metal)), hand, tint);
        if (s === 'F' && f.fingers) weapon('weapon');
        if (f.fingers) {
            finger(`finger1_${s}`, 'finger1', 2.5 * p);
            finger(`finger2_${s}`, 'finger2', 2.2 * p);
        }
    };

    /** The weapon, gripped by the front hand (or carried by its own bone when the rig has one). */
    const weapon = (bone: string): void => {
        const grip = 5 * p;
        const w = b.weaponLen + 7 * p;
        let at: Vec;
        if (rig.has('weapon')) at = rig.bone('weapon');
        else if (f.jointed) at = add(rig.bone('hand_F'), dir(rig.bone('hand_F').rotation), 0.45 * b.hand);
        else at = add(rig.bone('arm_F'), dir(rig.bone('arm_F').rotation), rig.bone('arm_F').length - 1.5 * p);
        const centre = add(at, dir(WEAPON_ANGLE), w / 2 - grip);
        const place = { cx: centre.x, cy: centre.y, w: Math.ceil(w), h: Math.ceil(10 * p + 2 * MARGIN), rot: WEAPON_ANGLE };
        single('weapon', bone, region('weapon', place.w, place.h, (ctx, pen) => paintWeapon(ctx, place.w, place.h, pen, grip)), place);
    };

    const leg = (s: Side): void => {
        const tint = s === 'B' ? BACK_TINT : undefined;
        const ankle = { x: b.legX[s] + 1 * p, y: b.ankleY };
        if (!f.jointed) {
            const bootW = 11.5 * p;
            const bootH = 7.5 * p;
            // The image reaches down to the ground so the boot sole touches it.
            const place = along(`leg_${s}`, 2 * 0.7 * bootW, 3 * p, b.ankleY);
            const reg = region('leg', place.w, place.h, (ctx, pen) => paintSimpleLeg(ctx, place.w, place.h, pen, bootW, bootH, 7.6 * p));
            single(`leg_${s}`, `leg_${s}`, reg, place, tint);
            return;
        }
        const thigh = along(`thigh_${s}`, 8 * p, 3.5 * p, 3 * p);
        single(`thigh_${s}`, `thigh_${s}`, limb('thigh', thigh, armStyles.thigh), thigh, tint);
        const shin = along(`shin_${s}`, 6.2 * p, 2.8 * p, 1.5 * p);
        single(`shin_${s}`, `shin_${s}`, limb('shin', shin, armStyles.shin), shin, tint);
        const heel = ankle.x - 3 * p;
        if (f.toes) {
            const ball = ankle.x + rig.bone(`foot_${s}`).length;
            const foot = upright((heel + ball + 1 * p) / 2, 3.75 * p, ball + 1 * p - heel, 7.5 * p);
            single(`foot_${s}`, `foot_${s}`, region('foot', foot.w, foot.h, (ctx, pen) => paintBoot(ctx, foot.w, foot.h, pen, pen.look.boot, pen.look.metal, false)), foot, tint);
            const tip = ankle.x + b.footLen + 0.6 * p;
            const toe = upright((ball - 0.8 * p + tip) / 2, 2.4 * p, tip - ball + 0.8 * p, 4.8 * p);
            single(`toe_${s}`, `toe_${s}`, region('toe', toe.w, toe.h, (ctx, pen) => paintToe(ctx, toe.w, toe.h, pen, pen.look.boot, pen.look.metal)), toe, tint);
        } else {
            const tip = ankle.x + b.footLen + 0.6 * p;
            const foot = upright((heel + tip) / 2, 3.75 * p, tip - heel, 7.5 * p);
            single(`foot_${s}`, `foot_${s}`, region('foot', foot.w, foot.h, (ctx, pen) => paintBoot(ctx, foot.w, foot.h, pen, pen.look.boot, pen.look.metal, true)), foot, tint);
        }
    };

    arm('B');
    leg('B');
    if (f.jointed) {
        const pelvis = upright(0, b.hipY - 1.5 * p, 17 * p, 10 * p);
        single('pelvis', 'hip', region('pelvis', pelvis.w, pelvis.h, (ctx, pen) => paintPelvis(ctx, pelvis.w, pelvis.h, pen)), pelvis);
    }
    leg('F');
    if (f.neck) {
        const neck = along('neck', 6.4 * p, 1.5 * p, 2 * p);
        single('neck', 'neck', region('neck', neck.w, neck.h, (ctx, pen) => paintNeck(ctx, neck.w, neck.h, pen)), neck);
    }

    const hem = f.meshes.torso ? b.hipY - 13 * p : f.jointed ? b.hipY - 4 * p : b.hipY - 7 * p;
    const shape = torsoOutline(b, hem);
    const torsoPlace = around(shape, MARGIN);
    const toImage = imageOf(torsoPlace);
    const guide: TorsoGuide = {
        outline: shape.map(toImage),
        neckY: toImage({ x: 0, y: b.neckBase }).y,
        chestY: toImage({ x: 0, y: 64 * p }).y,
        waistY: toImage({ x: 0, y: b.hipY + 1 * p }).y,
        hemY: toImage({ x: 0, y: hem }).y,
        backX: toImage({ x: -0.5 * b.chestDepth, y: 0 }).x,
        frontX: toImage({ x: 0.52 * b.chestDepth, y: 0 }).x,
    };
    const torsoId = f.jointed ? 'torso' : 'body';
    const torsoRegion = region(torsoId, torsoPlace.w, torsoPlace.h, (ctx, pen) => paintTorso(ctx, torsoPlace.w, torsoPlace.h, pen, guide));
    if (f.meshes.torso) {
        const geometry = ladderMesh(gridColumns(torsoPlace.cx - torsoPlace.w / 2, torsoPlace.cy - torsoPlace.h / 2, torsoPlace.w, torsoPlace.h, 3, 6));
        const low = b.hipY + 5 * p;
        const breathe = (pt: Vec): Vec => {
            const t = Math.min(1, Math.max(0, (pt.y - low) / (b.neckBase - low)));
            const swell = Math.sin(Math.PI * t);
            return { x: (pt.x / (0.5 * b.chestDepth)) * 0.9 * p * swell, y: 0.5 * p * swell };
        };
        const influences = [...['hip', ...rig.spine, 'belly', 'tunic_B', 'tunic_F'].filter((n) => rig.has(n))];
        slot(torsoId, 'chest', [{ name: torsoId, region: torsoRegion, place: torsoPlace, mesh: { geometry, influences, breathe } }]);
    } else {
        single(torsoId, 'chest', torsoRegion, torsoPlace);
    }

    const headPlace = upright(b.head.x + 0.125 * r, b.head.y - 0.225 * r, 2.75 * r + 2 * MARGIN, 2.75 * r + 2 * MARGIN);
    const headCentre = imageOf(headPlace)(b.head);
    const head = (id: string, dead: boolean): AttachmentDef => ({
        name: id,
        place: headPlace,
        region: region(id, headPlace.w, headPlace.h, (ctx, pen) =>
            paintHead(ctx, headPlace.w, headPlace.h, pen, { cx: headCentre.x, cy: headCentre.y, r, face: !f.face, dead, hairBack: !f.meshes.hair }),
        ),
    });
    slot('head', 'head', f.face ? [head('head', false)] : [head('head', false), head('head_dead', true)]);

    if (f.face) {
        for (const s of SIDES) {
            const at = rig.bone(`eye_${s}`);
            const place = upright(at.x, at.y, 0.42 * r + 2, 0.52 * r + 2);
            const eye = (state: EyeState): AttachmentDef => ({
                name: state === 'open' ? 'eye' : `eye_${state}`,
                place,
                region: region(state === 'open' ? 'eye' : `eye_${state}`, place.w, place.h, (ctx, pen) => paintEye(ctx, place.w, place.h, pen, state)),
            });
            slot(`eye_${s}`, `eye_${s}`, [eye('open'), eye('closed'), eye('dead')]);
        }
        const at = rig.bone('mouth');
        const place = upright(at.x, at.y, 0.5 * r + 2, 0.38 * r + 2);
        const mouth = (open: boolean): AttachmentDef => ({
            name: open ? 'mouth_open' : 'mouth',
            place,
            region: region(open ? 'mouth_open' : 'mouth', place.w, place.h, (ctx, pen) => paintMouth(ctx, place.w, place.h, pen, open)),
        });
        slot('mouth', 'mouth', [mouth(false), mouth(true)]);
    }

    const gearPlace = upright(b.head.x - 0.3 * r, b.head.y + 0.75 * r, 3.6 * r + 2 * MARGIN, 3.6 * r + 2 * MARGIN);
    const gearCentre = imageOf(gearPlace)(b.head);
    const gear = region('headgear', gearPlace.w, gearPlace.h, (ctx, pen) => paintHeadgear(ctx, gearPlace.w, gearPlace.h, pen, { cx: gearCentre.x, cy: gearCentre.y, r }));
    single('headgear', f.headgearBone ? 'headgear' : 'head', gear, gearPlace);

    arm('F');
    return slots;
}
