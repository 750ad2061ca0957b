// The "To enter in PMS" screen and CSV export: what the PMS still lacks, marking it entered, and
// writing exports into <dataDir>/exports. The desk names its files itself and never replaces one: a
// name taken by an earlier export moves on to -2, -3…; a name taken by anything that is not a regular
// file (a link, a pipe, a device, a folder: nothing Resdesk puts there) stops the export with a
// sentence, since someone put it there and should know.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Handlers } from '../../shared/ipc';
import type { ExportRequest } from '../../shared/domain';
import { DeskError } from '../kernel/ipc-dispatch';
import type { Messages } from '../kernel/messages';
import { exportMessages } from '../export/labels';
import { exportFileName, htmlPathOf, previewExport, runExport } from '../export/run-export';
import { ExportTargetError, targetKind } from '../export/target-kind';
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

/** The refusal as the receptionist reads it, in the desk's language. */
const refusal = (messages: Messages, error: ExportTargetError): DeskError =>
  // 'conflict': the renderer shows main's sentence (it words 'internal' itself, generically).
  new DeskError('conflict', messages.t(`exportTarget.${error.kind}`, { file: error.file }));

/** The first free name for an export in `folder` (its .html too, for an arrivals list). */
async function freeExportFile(folder: string, request: ExportRequest, at: Date): Promise<string> {
  const name = exportFileName(request, at);
  for (let n = 1; ; n++) {
    // Two exports in the same second get distinct names instead of overwriting each other.
    const file = path.join(folder, n === 1 ? name : name.replace(/\.csv$/, `-${n}.csv`));
    const targets = request.kind === 'arrivals' ? [file, htmlPathOf(file)] : [file];
    const kinds = await Promise.all(targets.map((target) => targetKind(target)));
    for (const [i, kind] of kinds.entries())
      if (kind !== 'absent' && kind !== 'file') throw new ExportTargetError(targets[i] ?? file, kind);
    if (kinds.every((k) => k === 'absent')) return file;
  }
}

export function exportHandlers(ctx: DeskContext): ExportHandlers {
  const words = () => exportMessages(ctx.setup().language);
  const exportsFolder = (): string => path.join(ctx.ports.dataDir, 'exports');

  return {
    listToEnter: async ({ offset, limit }) => {
      const page = await ctx.workStore().listToEnter(offset, limit);
      return { ...page, rows: await ctx.checks.markRows(page.rows) };
    },

    getPmsEntry: async ({ keyField }) => {
      const view = await ctx.workStore().pmsEntryOf(keyField);
      if (!view) throw new DeskError('not-found', words().noReservation());
      return view;
    },

    markEntered: async ({ reservations }) =>
      ctx.workStore().markEntered(reservations, ctx.deskUser(), ctx.now().toISOString()),

    previewExport: async (request) => previewExport(ctx.workStore(), request),

    exportCsv: async (request) => {
      const folder = exportsFolder();
      const at = ctx.now();
      try {
        await mkdir(folder, { recursive: true });
        const file = await freeExportFile(folder, request, at);
        return await runExport({
          store: ctx.workStore(),
          request,
          language: ctx.setup().language,
          file,
          user: ctx.deskUser(),
          at,
          replace: false,
          // The printable arrivals list shows each reservation's flags as the desk's rows do.
          markers: async (keyFields) =>
            new Map(
              (await ctx.checks.markRows(keyFields.map((keyField) => ({ keyField })))).map((r) => [
                r.keyField,
                r.checks,
              ]),
            ),
        });
      } catch (error) {
        if (error instanceof ExportTargetError) throw refusal(ctx.messages, error);
        ctx.ports.logger.error('export failed', { error: error instanceof Error ? error.name : 'unknown' });
        throw new DeskError('internal', words().writeFailed());
      }
    },

    openExport: async ({ path: requested }) => {
      const file = exportInside(exportsFolder(), requested);
      // Only a regular file: a link planted among the exports would open whatever it points at.
      if (file === null || (await targetKind(file)) !== 'file')
        throw new DeskError('not-found', words().notAnExport());
      if (!ctx.ports.openPath) throw new DeskError('internal', ctx.messages.t('error.noViewer'));
      await ctx.ports.openPath(file);
      return null;
    },
  };
}
