// The "To enter in PMS" screen and CSV export: what the PMS still lacks, marking it entered, and
// writing exports into <dataDir>/exports.
import path from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';
import type { Handlers } from '../../shared/ipc';
import { DeskError } from '../desk/ipc-dispatch';
import { exportMessages } from '../export/labels';
import { exportFileName, previewExport, runExport } from '../export/run-export';
import type { DeskContext } from './context';

type ExportHandlers = Pick<
  Handlers,
  'listToEnter' | 'getPmsEntry' | 'markEntered' | 'previewExport' | 'exportCsv' | 'openExport'
>;

/** `file` when it is a CSV or HTML export directly inside `folder`, else null. */
export function exportInside(folder: string, file: string): string | null {
  const resolved = path.resolve(folder, file);
  const relative = path.relative(folder, resolved);
  if (
    relative === '' ||
    relative.startsWith('..') ||
    path.isAbsolute(relative) ||
    relative.includes(path.sep)
  )
    return null;
  return /\.(csv|html)$/i.test(resolved) ? resolved : null;
}

export function exportHandlers(ctx: DeskContext): ExportHandlers {
  const deskUser = (): string => ctx.setup().deskUser || ctx.setup().user || 'Resdesk';
  const words = () => exportMessages(ctx.setup().language);
  const exportsFolder = (): string => path.join(ctx.ports.dataDir, 'exports');

  return {
    listToEnter: async ({ offset, limit }) => {
      const page = ctx.workStore().listToEnter(offset, limit);
      return { ...page, rows: ctx.checks.markRows(page.rows) };
    },

    getPmsEntry: async ({ keyField }) => {
      const view = ctx.workStore().pmsEntryOf(keyField);
      if (!view) throw new DeskError('not-found', words().noReservation());
      return view;
    },

    markEntered: async ({ reservations }) =>
      ctx.workStore().markEntered(reservations, deskUser(), ctx.now().toISOString()),

    previewExport: async (request) => previewExport(ctx.workStore(), request),

    exportCsv: async (request) => {
      const folder = exportsFolder();
      const at = ctx.now();
      let file: string;
      try {
        mkdirSync(folder, { recursive: true });
        const name = exportFileName(request, at);
        file = path.join(folder, name);
        // Two exports in the same second get distinct names instead of overwriting each other.
        for (let n = 2; existsSync(file); n++) file = path.join(folder, name.replace(/\.csv$/, `-${n}.csv`));
      } catch {
        throw new DeskError('internal', words().writeFailed());
      }
      try {
        return await runExport({
          store: ctx.workStore(),
          request,
          language: ctx.setup().language,
          file,
          user: deskUser(),
          at,
        });
      } catch (error) {
        ctx.ports.logger.error('export failed', { error: error instanceof Error ? error.name : 'unknown' });
        throw new DeskError('internal', words().writeFailed());
      }
    },

    openExport: async ({ path: requested }) => {
      const file = exportInside(exportsFolder(), requested);
      if (file === null || !existsSync(file)) throw new DeskError('not-found', words().notAnExport());
      if (!ctx.ports.openPath) throw new DeskError('internal', ctx.messages.t('error.noViewer'));
      await ctx.ports.openPath(file);
      return null;
    },
  };
}
