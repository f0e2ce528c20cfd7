/**
 * Which Spine version made a skeleton: the one place the versions are told apart. Callers take the
 * answer once (an instance when it is built, a skeleton data's setup poses and scratch skeleton when
 * they are made) and keep it; see SpineVersion.ts.
 */
import type { Skeleton } from './shapes';
import { SPINE_42 } from './spine42';
import { SPINE_43 } from './spine43';
import type { SpineVersion } from './SpineVersion';

/** The version object of `skeleton`'s Spine runtime: 4.3's skeletons have `setupPose()` (4.2's `setToSetupPose()`). */
export function versionOf(skeleton: Skeleton): SpineVersion {
    return typeof skeleton.setupPose === 'function' ? SPINE_43 : SPINE_42;
}
