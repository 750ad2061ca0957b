// One CSV export from request to file: what to read, in which format, into which file, what to tell
// the receptionist, and the activity-log line. The rows stream from a read-only connection of their
// own (Store.openExportRows), so a large export neither blocks the sync nor fills memory. Every file it
// writes is staged (staged-file.ts): nothing is read before each target is known to be free or a regular
// file that may be replaced, and nothing is put in place before every file of the export is complete.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  ActivityDetail,
  CheckMarker,
  ExportPreview,
  ExportRequest,
  ExportResult,
  PmsVersionRef,
  UiLanguage,
} from '../../shared/domain';
import type { ExportGuestRow, ExportSelection } from '../store';
import type { DeskStore } from '../store/engines/desk-store';
import { StoreUnavailable } from '../store/engines/unavailable';
import { headerLine, linesOf } from './columns';
import { csvFormatFor } from './format';
import { exportMessages } from './labels';
import { arrivalsHtml } from './arrivals-html';
import { writeCsv } from './write-csv';
import { checkTarget, stageFile, type StagedFile } from './staged-file';
import { UnmappedTally } from './unmapped-tally';

export type { ExportRequest };

export function selectionOf(request: ExportRequest): ExportSelection {
  return {
    kind: request.kind,
    scope: request.scope ?? 'to-enter',
    from: request.from,
    to: request.to,
    date: request.date,
    filter: request.filter,
  };
}

const pending = new Set(['to-enter', 'needs-update', 'to-cancel']);
const offersMarking = (s: ExportSelection): boolean => s.kind !== 'arrivals' && s.scope === 'to-enter';

/** Counts and unmapped codes of an export, so the screen can warn before anything is written. */
export async function previewExport(store: DeskStore, request: ExportRequest): Promise<ExportPreview> {
  const selection = selectionOf(request);
  const counts = await store.exportCounts(selection);
  return {
    kind: request.kind,
    rows: counts.rows,
    reservations: counts.reservations,
    unmapped: counts.unmapped,
    markable: offersMarking(selection) ? counts.reservations : 0,
  };
}

/** resdesk-reservations-to-enter-20260712-0930.csv: sorts by time in a folder, names what is inside. */
export function exportFileName(request: ExportRequest, now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(
    now.getMinutes(),
  )}${pad(now.getSeconds())}`;
  const what = request.kind === 'arrivals' ? (request.date ?? '') : (request.scope ?? 'to-enter');
  return `resdesk-${request.kind}-${what}-${stamp}.csv`;
}

export interface ExportJob {
  store: DeskStore;
  request: ExportRequest;
  language: UiLanguage;
  /** Where the CSV goes; an arrivals list also writes the same name with .html. */
  file: string;
  user: string;
  at: Date;
  bom?: boolean;
  /**
   * Whether a regular file already at `file` (or its .html) may be replaced: yes (the default) for a file
   * the person named, as the CLI's --out; no for the desk, which picks a new name. Anything else there (a
   * link, a pipe, a device, a folder) is always refused with ExportTargetError before anything is written.
   */
  replace?: boolean;
  /**
   * The check markers of reservations, for the printable arrivals list's flags (the desk's checks; the
   * export cannot compute them itself). Without it the page has no flags.
   */
  markers?: (keyFields: readonly string[]) => Promise<ReadonlyMap<string, readonly CheckMarker[]>>;
}

/** The printable list beside an arrivals CSV: the same name with .html. */
export const htmlPathOf = (csvFile: string): string => csvFile.replace(/\.csv$/i, '') + '.html';

interface StagedExport {
  csv: StagedFile;
  html: StagedFile | null;
  all: StagedFile[];
}

/** Stages every file of the export, or none: a refused second target removes the first's temp file. */
async function stageExport(csv: string, html: string | null, replace: boolean): Promise<StagedExport> {
  // Both judged before either temp file is made, so a refusal leaves the folder as it was.
  await checkTarget(csv, { replace });
  if (html !== null) await checkTarget(html, { replace });
  const csvFile = await stageFile(csv, { replace });
  try {
    const htmlFile = html === null ? null : await stageFile(html, { replace });
    return { csv: csvFile, html: htmlFile, all: htmlFile === null ? [csvFile] : [csvFile, htmlFile] };
  } catch (error) {
    await csvFile.discard();
    throw error;
  }
}

export async function runExport(job: ExportJob): Promise<ExportResult> {
  const { store, request, language } = job;
  const selection = selectionOf(request);
  const format = csvFormatFor(language, { delimiter: request.delimiter, dateFormat: request.dateFormat });
  const tally = new UnmappedTally();

  const markable = new Map<string, number>();
  const arrivals: ExportGuestRow[] = [];
  let reservations = 0;
  let lastKey: string | null = null;
  const collectMarkable = offersMarking(selection);

  const replace = job.replace ?? true;
  const htmlPath = selection.kind === 'arrivals' ? htmlPathOf(job.file) : null;
  const staged = await stageExport(job.file, htmlPath, replace);
  let rows: number;
  try {
    // The rows come from a read-only connection of their own (SQLite), walked as the CSV is written.
    const reader = await store.openExportRows(selection);
    try {
      const lines = function* (): Generator<string[]> {
        for (const row of reader.rows) {
          if (row.keyField !== lastKey) {
            reservations++;
            lastKey = row.keyField;
            if (collectMarkable && pending.has(row.state)) markable.set(row.keyField, row.logId);
          }
          tally.add(row);
          if (selection.kind === 'arrivals') arrivals.push(row);
          yield* linesOf(selection.kind, row, format);
        }
      };
      rows = await writeCsv(staged.csv, headerLine(selection.kind, format), lines(), {
        delimiter: format.delimiter,
        bom: job.bom ?? true,
      });
    } finally {
      reader.close();
    }
    if (staged.html !== null) {
      const markers = await job.markers?.([...new Set(arrivals.map((r) => r.keyField))]);
      await pipeline(
        Readable.from(arrivalsHtml(selection.date ?? '', arrivals, format, markers)),
        staged.html.handle.createWriteStream({ encoding: 'utf8', highWaterMark: 1 << 20 }),
      );
    }
    // Judged again together, so the CSV is not put in place when the HTML's place was taken meanwhile.
    for (const file of staged.all) await checkTarget(file.target, { replace });
    for (const file of staged.all) await file.commit();
  } finally {
    // After a commit there is nothing left to remove; after a failure, no temp file stays behind.
    await Promise.all(staged.all.map((file) => file.discard()));
  }

  const unmapped = tally.result();
  const words = exportMessages(language);
  const warning = unmapped.length > 0 ? words.unmapped(unmapped.length) : rows === 0 ? words.empty() : null;
  const markList: PmsVersionRef[] = [...markable].map(([keyField, logId]) => ({ keyField, logId }));
  // Codes and values, never words: the Activity screen says it in the desk's language when it reads it.
  const detail: ActivityDetail = {
    kind: 'export',
    exportKind: selection.kind,
    ...(selection.kind === 'arrivals' ? { date: selection.date } : { scope: selection.scope }),
    rows,
    reservations,
    file: job.file.split(/[\\/]/).pop() ?? '',
  };
  await store
    .addActivity({
      at: job.at.toISOString(),
      user: job.user,
      action: 'export',
      keyField: null,
      detail: JSON.stringify(detail),
    })
    .catch((error: unknown) => {
      // Printed from this PC's copy while the hotel's database is away: the list is what the receptionist needs;
      // the activity log is the hotel's, and goes without this line.
      if (!(error instanceof StoreUnavailable)) throw error;
    });
  return { path: job.file, htmlPath, rows, reservations, unmapped, warning, markable: markList };
}
