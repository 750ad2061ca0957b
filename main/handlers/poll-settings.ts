// How often the desk polls: Settings → Sync. Kept in the desk's own database (not the practice
// one, which is emptied at every practice start), read when the desk connects, and handed to the running
// poller the moment it is saved, so nothing restarts.
import { DEFAULT_INTERVAL_MS } from '../sync/poller';
import type { Handlers } from '../../shared/ipc';
import { isPollInterval, POLL_INTERVAL_KEY, type PollSettings } from '../../shared/poll-interval';
import type { Store } from '../store';
import type { DeskContext } from './context';

export { POLL_INTERVAL_KEY };

/** The hotel's interval, or `fallbackMs` (the core's option, else 15 s) when none was saved. */
export function pollSettings(store: Store, fallbackMs = DEFAULT_INTERVAL_MS): PollSettings {
  const defaultSeconds = Math.round(fallbackMs / 1000);
  const saved = store.getSetting<unknown>(POLL_INTERVAL_KEY, null);
  // A hand-edited or damaged value is ignored rather than polling every millisecond or never.
  const intervalSeconds = typeof saved === 'number' && isPollInterval(saved) ? saved : defaultSeconds;
  return { intervalSeconds, defaultSeconds };
}

/** The interval the poller uses: the saved one, or the fallback to the millisecond (tests pass odd ones). */
export function pollIntervalMs(store: Store, fallbackMs = DEFAULT_INTERVAL_MS): number {
  const saved = store.getSetting<unknown>(POLL_INTERVAL_KEY, null);
  return typeof saved === 'number' && isPollInterval(saved) ? saved * 1000 : fallbackMs;
}

export function pollSettingsHandlers(
  ctx: DeskContext,
  options: { fallbackMs?: number; onChange: (ms: number) => void },
): Pick<Handlers, 'getPollSettings' | 'savePollSettings'> {
  return {
    getPollSettings: async () => pollSettings(ctx.settingsStore, options.fallbackMs),
    savePollSettings: async ({ intervalSeconds }) => {
      ctx.settingsStore.setSetting(POLL_INTERVAL_KEY, intervalSeconds);
      options.onChange(intervalSeconds * 1000);
      return pollSettings(ctx.settingsStore, options.fallbackMs);
    },
  };
}
