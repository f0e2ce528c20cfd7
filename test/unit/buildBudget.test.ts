/** The pose cache's build budget follows the frame's length, capped by the full poses it spares (spine/buildBudget.ts). */
import { buildBudget, BUILDS_PER_FRAME, BUILDS_PER_SECOND } from '../../spine/buildBudget';

describe('build budget', () => {
    test('a 60 fps frame builds BUILDS_PER_FRAME poses, a 100 ms frame about 6× as many', () => {
        expect(buildBudget(1000 / 60, 1000)).toBe(BUILDS_PER_FRAME);
        expect(buildBudget(100, 1000)).toBe(96);
        expect(buildBudget(200, 1000)).toBe((200 * BUILDS_PER_SECOND) / 1000);
    });

    test('a frame builds no more poses than the instances that waited the frame before (each build replaces a full pose)', () => {
        expect(buildBudget(100, 40)).toBe(40);
        expect(buildBudget(1000, 500)).toBe(500);
    });

    test('a frame may always build BUILDS_PER_FRAME poses, however short or however few waited', () => {
        expect(buildBudget(4, 1000)).toBe(BUILDS_PER_FRAME);
        expect(buildBudget(0, 0)).toBe(BUILDS_PER_FRAME);
        expect(buildBudget(200, 3)).toBe(BUILDS_PER_FRAME);
    });
});
