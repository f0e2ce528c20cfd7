import { BalancedGroups, type GroupMember } from '../../src/BalancedGroups';

class Member implements GroupMember {
    group = -1;
    groupSlot = -1;
    constructor(readonly id: number) {}
}

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
        s = (s * 1664525 + 1013904223) >>> 0;
        return s / 2 ** 32;
    };
}

/** Returns what is wrong with the groups, or '' (plain checks: this runs thousands of times). */
function problems(groups: BalancedGroups<Member>, members: Set<Member>): string {
    const sizes = groups.lists.map((l) => l.length);
    if (Math.max(...sizes) - Math.min(...sizes) > 1) return `unbalanced sizes ${sizes}`;
    if (groups.size !== members.size) return `size ${groups.size}, expected ${members.size}`;
    let count = 0;
    for (let g = 0; g < groups.lists.length; g++) {
        const list = groups.lists[g];
        for (let slot = 0; slot < list.length; slot++) {
            const m = list[slot];
            if (m.group !== g || m.groupSlot !== slot) return `member ${m.id} says ${m.group}/${m.groupSlot}, is at ${g}/${slot}`;
            if (!members.has(m)) return `member ${m.id} should not be there`;
            count++;
        }
    }
    return count === members.size ? '' : `holds ${count} members, expected ${members.size}`;
}

function checkInvariants(groups: BalancedGroups<Member>, members: Set<Member>): void {
    expect(problems(groups, members)).toBe('');
}

describe('BalancedGroups', () => {
    test('adding fills the groups round-robin so sizes never differ by more than one', () => {
        const groups = new BalancedGroups<Member>(4);
        const members = new Set<Member>();
        for (let i = 0; i < 10; i++) {
            const m = new Member(i);
            groups.add(m);
            members.add(m);
            checkInvariants(groups, members);
        }
        expect(groups.lists.map((l) => l.length).sort()).toEqual([2, 2, 3, 3]);
    });

    test('any sequence of adds and removes keeps sizes within one and every slot index right', () => {
        for (const count of [1, 2, 3, 4, 7, 16]) {
            const next = random(count);
            const groups = new BalancedGroups<Member>(count);
            const members = new Set<Member>();
            let id = 0;
            for (let op = 0; op < 2000; op++) {
                if (members.size === 0 || next() < 0.55) {
                    const m = new Member(id++);
                    groups.add(m);
                    members.add(m);
                } else {
                    const list = groups.lists[Math.floor(next() * count)];
                    const victim = list.length ? list[Math.floor(next() * list.length)] : [...members][0];
                    const moved = groups.remove(victim);
                    members.delete(victim);
                    if (victim.groupSlot !== -1) throw new Error('removed member keeps a slot');
                    if (moved && !members.has(moved)) throw new Error('moved a member that is not in the groups');
                }
                const problem = problems(groups, members);
                if (problem) throw new Error(`after op ${op} with ${count} groups: ${problem}`);
            }
        }
    });

    test('remove reports the member it moved to another group, and only then', () => {
        const groups = new BalancedGroups<Member>(2);
        const [a, b, c, d] = [0, 1, 2, 3].map((i) => new Member(i));
        [a, b, c, d].forEach((m) => groups.add(m)); // group 0: a, c; group 1: b, d
        expect(groups.remove(a)).toBeNull(); // 1 / 2: still balanced, nothing moves
        expect(groups.remove(c)).toBe(d); // 0 / 2 would be unbalanced: d moves over
        expect(d.group).toBe(0);
        expect(groups.lists.map((l) => l.length)).toEqual([1, 1]);
    });
});
