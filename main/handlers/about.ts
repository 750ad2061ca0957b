// Settings → This desk: the version, the update state, an unclean stop noticed at start; checking and
// installing updates (through the shell's UpdatesPort), and the window's error boundary reporting to the log.
import type { AboutDeskView, Handlers, UpdateState } from '../../shared/ipc';
import type { DeskContext } from './context';
import { rendererErrorLog } from './renderer-error';

type AboutHandlers = Pick<
  Handlers,
  'getAboutDesk' | 'checkForUpdates' | 'installUpdate' | 'reportRendererError'
>;

/** Where no updater runs (the CLI, the browser host of the tests). */
const NO_UPDATER: UpdateState = {
  feed: 'unavailable',
  lastCheckAt: null,
  lastCheck: null,
  available: null,
  downloaded: null,
  installPending: false,
};

export function aboutHandlers(ctx: DeskContext): AboutHandlers {
  const app = ctx.ports.app;
  const view = (updates: UpdateState): AboutDeskView => ({
    version: app?.version ?? 'development',
    updates,
    uncleanStopAt: app?.uncleanStopAt ?? null,
  });
  const logRendererError = rendererErrorLog(ctx.ports.logger);
  return {
    getAboutDesk: async () => view(app?.updates?.state() ?? NO_UPDATER),
    checkForUpdates: async () => view((await app?.updates?.checkNow()) ?? NO_UPDATER),
    installUpdate: async () => view(app?.updates?.installWhenIdle() ?? NO_UPDATER),
    reportRendererError: async (report) => {
      logRendererError(report);
      return null;
    },
  };
}
