import type { SpineGameObject } from '@esotericsoftware/spine-phaser';
import { animationBox, onSkeleton, reachingEntry, type Box, type ReachMemo } from '../spine/animationReach';
import type { Animation, Skeleton } from '../spine/core/shapes';
import type { SpineVersion } from '../spine/core/SpineVersion';
import { overlaps, place, rect, type Placement, type ViewRect } from './tierGeometry';

/** What is read of an object (Phaser's Transform keeps scale in `_scaleX/_scaleY`, which its typings do not show). */
type Placed = Pick<SpineGameObject, 'animationState'> & {
    x: number;
    y: number;
    _scaleX?: number;
    _scaleY?: number;
    scrollFactorX: number;
    scrollFactorY: number;
    cameraFilter: number;
};

/**
 * Remembers that an instance is provably off screen: it plays one animation alone (nothing queued),
 * and that animation's whole reach (every time of it), placed where the instance is, touches no
 * camera view that renders it. While nothing that places it or decides its reach changes
 * (position, scale, scroll factor, camera filter, skin, the entry it plays, its skeleton's own x, y
 * and scale) and the views stay the same, it need not be measured again: most of a crowd is off
 * screen and stays there.
 */
export class AwayMemo {
    /** The views' version it was found away with (-1: not found away). */
    private version = -1;
    private entry: unknown = null;
    /** Its animation: spine-core reuses TrackEntry objects, so an entry is known by both. */
    private animation: unknown = null;
    private skin: unknown = null;
    private x = 0;
    private y = 0;
    private scaleX = 0;
    private scaleY = 0;
    private factorX = 0;
    private factorY = 0;
    private filter = 0;
    private skeletonX = 0;
    private skeletonY = 0;
    private skeletonScaleX = 0;
    private skeletonScaleY = 0;
    private readonly rect = rect();
    /** The animation's whole reach where its skeleton stands (scratch of `check`). */
    private readonly box: Box = { left: 0, top: 0, right: 0, bottom: 0 };

    /** Whether `go` (its skeleton `skeleton`) is still provably away from views of `version` (see the class). */
    holds(go: SpineGameObject, skeleton: Skeleton, version: number): boolean {
        const g = go as Placed;
        if (this.version !== version) return false;
        const tracks = g.animationState.tracks;
        const entry = tracks.length > 0 ? tracks[0] : null;
        for (let i = 1; i < tracks.length; i++) if (tracks[i] !== null) return false;
        return (
            entry === this.entry &&
            entry !== null &&
            entry.animation === this.animation &&
            entry.mixingFrom === null &&
            entry.next === null &&
            g.x === this.x &&
            g.y === this.y &&
            g._scaleX === this.scaleX &&
            g._scaleY === this.scaleY &&
            g.scrollFactorX === this.factorX &&
            g.scrollFactorY === this.factorY &&
            g.cameraFilter === this.filter &&
            skeleton.skin === this.skin &&
            skeleton.x === this.skeletonX &&
            skeleton.y === this.skeletonY &&
            skeleton.scaleX === this.skeletonScaleX &&
            skeleton.scaleY === this.skeletonScaleY
        );
    }

    /**
     * After `go` (its skeleton `skeleton`, outside a container, placed `at`; of Spine `spineVersion`; `reach`: its memo, see
     * animationReach's `onSkeleton`) was found off screen against the first `count` of `views` (each
     * with the camera id bit it filters by), of `version`: remembers it when it is provably away
     * (see the class), else forgets.
     */
    check(
        go: SpineGameObject,
        skeleton: Skeleton,
        spineVersion: SpineVersion,
        reach: ReachMemo,
        at: Placement,
        views: readonly (ViewRect & { id: number })[],
        count: number,
        version: number,
    ): void {
        this.version = -1;
        const g = go as Placed;
        const entry = reachingEntry(g.animationState, spineVersion);
        if (entry === null) return;
        const union: Box = animationBox(skeleton, entry.animation as Animation, skeleton.skin);
        const box = this.box;
        box.left = union.left;
        box.top = union.top;
        box.right = union.right;
        box.bottom = union.bottom;
        onSkeleton(box, skeleton, reach);
        for (let i = 0; i < count; i++) {
            const view = views[i];
            if ((g.cameraFilter & view.id) !== 0) continue;
            place(box, at, view, this.rect);
            if (overlaps(this.rect, view)) return;
        }
        this.version = version;
        this.entry = entry;
        this.animation = entry.animation;
        this.x = g.x;
        this.y = g.y;
        this.scaleX = g._scaleX as number;
        this.scaleY = g._scaleY as number;
        this.factorX = g.scrollFactorX;
        this.factorY = g.scrollFactorY;
        this.filter = g.cameraFilter;
        this.skin = skeleton.skin;
        this.skeletonX = skeleton.x;
        this.skeletonY = skeleton.y;
        this.skeletonScaleX = skeleton.scaleX;
        this.skeletonScaleY = skeleton.scaleY;
    }
}
