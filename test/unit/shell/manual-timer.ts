// A timer port the test drives by hand: no wall clock in the shell's tests.
import type { Timer } from '../../../main/notifications/groups';

export function manualTimer() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timer: Timer = {
    set(run, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timer,
    get pending(): number {
      return pending.size;
    },
    /** Moves time forward, running every timer that falls due, in order. */
    advance(ms: number): void {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
  };
}
