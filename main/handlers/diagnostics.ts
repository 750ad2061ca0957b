// Help → Save diagnostics, and the same button in Settings: the archive of main/diagnostics, written into
// the data folder's diagnostics/ (the page never names a path), for the hotel to send to support.
import path from 'node:path';
import type { Handlers } from '../../shared/ipc';
import { writeDiagnostics } from '../diagnostics/archive';
import type { DeskContext } from './context';

export function diagnosticsHandlers(ctx: DeskContext): Pick<Handlers, 'saveDiagnostics'> {
  return {
    saveDiagnostics: async () => {
      const now = ctx.now();
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      const file = path.join(ctx.ports.dataDir, 'diagnostics', `resdesk-diagnostics-${stamp}.zip`);
      let setup = null;
      try {
        setup = ctx.setup();
      } catch {
        setup = null;
      }
      const size = writeDiagnostics(
        {
          dbFile: path.join(ctx.ports.dataDir, 'resdesk.db'),
          dataDir: ctx.ports.dataDir,
          logDir: ctx.ports.app?.logDir ?? path.join(ctx.ports.dataDir, 'logs'),
          version: ctx.ports.app?.version ?? 'development',
          setup,
          extra: {
            uncleanStopAt: ctx.ports.app?.uncleanStopAt ?? null,
            updates: ctx.ports.app?.updates?.state() ?? null,
          },
          now,
        },
        file,
      );
      ctx.ports.logger.info('diagnostics saved', { file: path.basename(file), size });
      return { file, size };
    },
  };
}
