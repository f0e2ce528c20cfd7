import { callSite } from '../../src/callSite';
import { describeListener, StateListeners, type StateListener } from '../../src/StateListeners';

function setup() {
    const list = new StateListeners();
    const heard: string[] = [];
    const listener = (name: string, body?: () => void): StateListener => ({
        complete: () => {
            heard.push(name);
            body?.();
        },
    });
    return { list, heard, listener };
}

describe('StateListeners', () => {
    test('a listener that removes itself during dispatch makes no other listener miss the event', () => {
        const { list, heard, listener } = setup();
        const a: StateListener = listener('a', () => list.remove(a));
        [a, listener('b'), listener('c')].forEach((l) => list.add(l, null));
        list.dispatcher.complete({});
        expect(heard).toEqual(['a', 'b', 'c']);
        list.dispatcher.complete({});
        expect(heard).toEqual(['a', 'b', 'c', 'b', 'c']);
        expect(list.records.length).toBe(2);
    });

    test('an event with no listener asks nothing of accepts; with one, accepts decides whether it hears it', () => {
        const { list, heard, listener } = setup();
        const accepts = jest.fn((entry: unknown) => entry === 'current');
        list.accepts = accepts;
        list.dispatcher.complete('current');
        expect(accepts).not.toHaveBeenCalled();
        list.add(listener('a'), null);
        list.dispatcher.complete('old');
        list.dispatcher.complete('current');
        expect(accepts.mock.calls).toEqual([['old'], ['current']]);
        expect(heard).toEqual(['a']);
    });

    test('a listener removed during dispatch before its turn is skipped for that event (GameFramework rule)', () => {
        const { list, heard, listener } = setup();
        const c = listener('c');
        const a = listener('a', () => list.remove(c));
        [a, listener('b'), c].forEach((l) => list.add(l, null));
        list.dispatcher.complete({});
        expect(heard).toEqual(['a', 'b']);
    });

    test('removing a listener that already ran for this event changes nothing for the others', () => {
        const { list, heard, listener } = setup();
        const a = listener('a');
        const b = listener('b', () => list.remove(a));
        [a, b, listener('c')].forEach((l) => list.add(l, null));
        list.dispatcher.complete({});
        expect(heard).toEqual(['a', 'b', 'c']);
    });

    test('a listener added during dispatch hears the current event too, as with spine-core', () => {
        const { list, heard, listener } = setup();
        const late = listener('late');
        list.add(
            listener('a', () => list.add(late, null)),
            null,
        );
        list.dispatcher.complete({});
        expect(heard).toEqual(['a', 'late']);
    });

    test('the same listener object is only added once', () => {
        const { list, heard, listener } = setup();
        const a = listener('a');
        expect(list.add(a, null)).toBe(true);
        expect(list.add(a, null)).toBe(false);
        list.dispatcher.complete({});
        expect(heard).toEqual(['a']);
        expect(list.remove(a)).toBe(true);
        expect(list.remove(a)).toBe(false);
    });

    test('every callback type reaches the matching method with its arguments', () => {
        const list = new StateListeners();
        const calls: unknown[][] = [];
        const record =
            (name: string) =>
            (...args: unknown[]) =>
                calls.push([name, ...args]);
        list.add(
            {
                start: record('start'),
                interrupt: record('interrupt'),
                end: record('end'),
                dispose: record('dispose'),
                complete: record('complete'),
                event: record('event'),
            },
            null,
        );
        const entry = { id: 1 };
        const ev = { name: 'hit' };
        const d = list.dispatcher;
        d.start(entry);
        d.interrupt(entry);
        d.end(entry);
        d.dispose(entry);
        d.complete(entry);
        d.event(entry, ev);
        expect(calls).toEqual([
            ['start', entry, undefined],
            ['interrupt', entry, undefined],
            ['end', entry, undefined],
            ['dispose', entry, undefined],
            ['complete', entry, undefined],
            ['event', entry, ev],
        ]);
    });

    test("leftovers are the game's live listeners; clear() removes only those, release() keeps only the pool's", () => {
        const { list, listener } = setup();
        const plugin = listener('plugin');
        const pool = listener('pool');
        const game = listener('game');
        list.add(plugin, null, 'plugin');
        list.add(pool, null, 'pool');
        list.add(game, callSite(0));
        expect(list.leftovers([]).map((r) => r.listener)).toEqual([game]);
        list.clear();
        expect(list.records.map((r) => r.listener)).toEqual([plugin, pool]);
        list.add(game, null);
        list.release();
        expect(list.records.map((r) => r.listener)).toEqual([pool]);
    });

    test('describeListener names the callbacks and the functions behind them', () => {
        function onDeath(): void {}
        expect(describeListener({ complete: onDeath, event: () => {} })).toBe('{ complete: onDeath, event }');
        expect(describeListener({})).toBe('{ no callbacks }');
    });
});

describe('StateListeners when the owner goes away during a dispatch', () => {
    test("release() ends the dispatch: a listener added afterwards (a new owner's) does not hear the old event", () => {
        const list = new StateListeners();
        const heard: string[] = [];
        const newOwner: StateListener = { complete: () => heard.push('new') };
        list.add(
            {
                complete: () => {
                    heard.push('old');
                    list.release();
                    list.add(newOwner, null);
                },
            },
            null,
        );
        list.add({ complete: () => heard.push('old-2') }, null);
        list.dispatcher.complete({});
        expect(heard).toEqual(['old']);
        list.dispatcher.complete({});
        expect(heard).toEqual(['old', 'new']);
        expect(list.records.map((r) => r.listener)).toEqual([newOwner]);
    });

    test("a notification about an entry `accepts` rejects (a previous owner's, still in Spine's queue) reaches no listener", () => {
        const { list, heard, listener } = setup();
        const previousOwners = { generation: 1 };
        const currentOwners = { generation: 2 };
        list.accepts = (entry) => entry === currentOwners;
        list.add(listener('a'), null);
        list.add({ event: () => heard.push('event') }, null);
        list.dispatcher.complete(previousOwners);
        list.dispatcher.event(previousOwners, {});
        expect(heard).toEqual([]);
        list.dispatcher.complete(currentOwners);
        expect(heard).toEqual(['a']);
    });
});
