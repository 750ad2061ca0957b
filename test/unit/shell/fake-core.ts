// A stand-in Core for the shell's adapter tests: records requests and lifecycle calls, emits events on demand.
import type { Events, Handlers, RequestName } from '../../../shared/ipc';
import { requestNames } from '../../../shared/ipc';
import type { Core, EventListener } from '../../../main/kernel/core-types';
import { createMessages } from '../../../main/kernel/messages';
import type { ReleaseReminder } from '../../../shared/domain';

export function fakeCore() {
  const calls: { name: RequestName; request: unknown }[] = [];
  const lifecycle: string[] = [];
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  let waiting = 0;
  let overdue = 0;
  let releases: ReleaseReminder[] = [];
  const handlers = Object.fromEntries(
    requestNames.map((name) => [
      name,
      async (request: unknown) => {
        calls.push({ name, request });
        if (name === 'getSetup') return { language: 'en' };
        if (name === 'getReservation') throw new Error('database is locked at C:\\Users\\desk\\secret.db');
        return { handled: name };
      },
    ]),
  ) as unknown as Handlers;
  const core: Core = {
    handlers,
    messages: createMessages('en'),
    on<E extends keyof Events>(event: E, listener: EventListener<E>) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => void set.delete(listener as (payload: never) => void);
    },
    start: async () => void lifecycle.push('start'),
    stop: async () => void lifecycle.push('stop'),
    pause: () => void lifecycle.push('pause'),
    resume: () => void lifecycle.push('resume'),
    waitingCount: () => ({ total: waiting, cancellations: 0 }),
    waitingSince: () => overdue,
    // Said once: what is due comes back on the first ask only, as the core's once-a-day rule does.
    releasesDue: async () => {
      const due = releases;
      releases = [];
      return due;
    },
  };
  return {
    core,
    calls,
    lifecycle,
    emit<E extends keyof Events>(event: E, payload: Events[E]): void {
      for (const listener of listeners.get(event) ?? []) (listener as EventListener<E>)(payload);
    },
    listenerCount: (event: keyof Events) => listeners.get(event)?.size ?? 0,
    setReleases(due: ReleaseReminder[]): void {
      releases = due;
    },
    setWaiting(n: number, o = 0): void {
      waiting = n;
      overdue = o;
    },
  };
}
