import { AlarmHeap } from './AlarmHeap';

/** What an alarm keeps on its member. */
export interface AlarmMember {
    /** Serial of its pending alarm; bumping it cancels the alarm. */
    alarm: number;
    /** Frame from which its pending alarm may ring. */
    alarmFrame: number;
    /** Clock time (ms) its pending alarm rings at. */
    alarmTime: number;
}

/**
 * The alarms of members updated on demand: one pending alarm per member, by clock time, ringing
 * at most once per frame. A ringing pass takes the rung members one by one (`next`); alarms set
 * during it for later frames (`hold`), and rung ones not allowed in this frame yet, are put back
 * when it ends (`endRinging`), so a pass never sees an alarm twice.
 */
export class Alarms<E extends AlarmMember> {
    private readonly heap = new AlarmHeap<E>();
    /** Held back during a ringing pass. Reused, only overwritten (emptying an array with `length = 0` makes V8 drop its storage). */
    private readonly held: E[] = [];
    private heldCount = 0;

    /** Sets `member`'s alarm at clock `time`, to ring from frame `fromFrame` on; its previous one is cancelled. */
    set(member: E, time: number, fromFrame: number): void {
        member.alarm++;
        member.alarmFrame = fromFrame;
        member.alarmTime = time;
        this.heap.push(time, member, member.alarm);
    }

    /** During a ringing pass: as `set`, but the alarm joins the others when the pass ends. */
    hold(member: E, time: number, fromFrame: number): void {
        member.alarm++;
        member.alarmFrame = fromFrame;
        member.alarmTime = time;
        this.held[this.heldCount++] = member;
    }

    /** Cancels `member`'s pending alarm. */
    cancel(member: E): void {
        member.alarm++;
    }

    /** The next member whose alarm has rung by `clock` and may ring in `frame`, or null. Cancelled alarms are dropped. */
    next(clock: number, frame: number): E | null {
        const heap = this.heap;
        while (heap.peekTime() <= clock) {
            const member = heap.pop();
            if (heap.poppedSerial !== member.alarm) continue;
            if (member.alarmFrame > frame) {
                this.held[this.heldCount++] = member; // set by an update this frame: rings from the next one
                continue;
            }
            return member;
        }
        return null;
    }

    /** Ends a ringing pass: the alarms held back join the others. */
    endRinging(): void {
        const held = this.held;
        for (let i = 0; i < this.heldCount; i++) this.heap.push(held[i].alarmTime, held[i], held[i].alarm);
        this.heldCount = 0;
    }

    /** Forgets every alarm. */
    clear(): void {
        this.heap.clear();
        this.heldCount = 0;
    }
}
