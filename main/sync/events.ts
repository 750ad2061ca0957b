// A small typed event hub: the core's push events (shared/ipc.ts `Events`) for the shell, the browser
// host and the CLI. Listener errors are contained so one bad listener cannot stop a sync.
import type { Events } from '../../shared/ipc';

type Listener<E extends keyof Events> = (payload: Events[E]) => void;

export class DeskEvents {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<E extends keyof Events>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as Listener<E>)(payload);
      } catch {
        // A failing listener (a closed window, say) must not break the sync that emitted the event.
      }
    }
  }
}
