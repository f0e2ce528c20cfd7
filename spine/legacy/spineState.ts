/**
 * The parts of spine-core's AnimationState and TrackEntry the Legacy helper drives, as structural
 * types: the helper needs no runtime import of a Spine package (same fields in spine 4.2 and 4.3).
 */

export interface SpineAnimation {
    name: string;
    duration: number;
}

export interface SpineTrackEntry {
    animation: SpineAnimation | null;
    trackIndex: number;
    loop: boolean;
    /** Seconds of track time (scaled by the entry's and the state's time scales). */
    trackTime: number;
    timeScale: number;
    alpha: number;
    delay: number;
    mixTime: number;
    mixDuration: number;
    animationStart: number;
    animationEnd: number;
    nextAnimationLast: number;
    nextTrackLast: number;
    mixingFrom: SpineTrackEntry | null;
    next: SpineTrackEntry | null;
    getAnimationTime(): number;
}

export interface SpineAnimationState {
    tracks: (SpineTrackEntry | null)[];
    timeScale: number;
    data: { skeletonData: { name?: string | null; animations: SpineAnimation[]; findAnimation(name: string): SpineAnimation | null } };
    /** 4.2: `setAnimation` with an Animation object (4.2's `setAnimation` takes a name). */
    setAnimationWith?(trackIndex: number, animation: SpineAnimation, loop: boolean): SpineTrackEntry;
    /** 4.3 takes a name or an Animation object. */
    setAnimation(trackIndex: number, animation: SpineAnimation, loop: boolean): SpineTrackEntry;
    setEmptyAnimation(trackIndex: number, mixDuration: number): SpineTrackEntry;
}

/** Sets an Animation object on a track, in spine-core 4.2 (`setAnimationWith`) or 4.3 (`setAnimation`). */
export function setAnimationObject(state: SpineAnimationState, trackIndex: number, animation: SpineAnimation, loop: boolean): SpineTrackEntry {
    return typeof state.setAnimationWith === 'function' ? state.setAnimationWith(trackIndex, animation, loop) : state.setAnimation(trackIndex, animation, loop);
}

/** Name spine-core gives the empty animation used to mix a track out. */
export const EMPTY_ANIMATION = '<empty>';
