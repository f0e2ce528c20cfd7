/**
 * The differential suite with the shared pose cache at a tighter tolerance than the default
 * (`poseCacheTolerance: 0.1`): the bound a served pose is held to is the option's, whatever it is
 * set to. On the placements in view every frame, where every served pose is compared.
 */
import { sharedCacheMatrix } from '../harness/differentialMatrix';
import { PLACEMENTS } from '../harness/scenarios';

const IN_VIEW = PLACEMENTS.filter((p) => p.name.startsWith('near the view centre') || p.name.startsWith('walking in and out') || p.name.startsWith('zooming'));

sharedCacheMatrix('poses from the shared cache at poseCacheTolerance 0.1 px', 0.1, () => IN_VIEW);
