// One CSV export from request to file: what to read, in which format, into which file, what to tell
// the receptionist, and the activity-log line. The rows stream from a read-only connection of their
// own (Store.openExportRows), so a large export neither blocks the sync nor fills memory.
import { writeFile } from 'node:fs/promises';
import type {
  ActivityDetail,
  ExportPreview,
  ExportRequest,
  ExportResult,
  PmsVersionRef,
  UiLanguage,
} from '../../shared/domain';
import type { ExportGuestRow, ExportSelection, Store } from '../store';
import { headerLine, linesOf } from './columns';
import { csvFormatFor } from './format';
import { exportMessages } from './labels';
import { arrivalsHtml } from './arrivals-html';
import { writeCsvFile } from './write-csv';
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
export function previewExport(store: Store, request: ExportRequest): ExportPreview {
  const selection = selectionOf(request);
  const counts = store.exportCounts(selection);
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
  store: Store;
  request: ExportRequest;
  language: UiLanguage;
  /** Where the CSV goes; an arrivals list also writes the same name with .html. */
  file: string;
  user: string;
  at: Date;
  bom?: boolean;
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

  const reader = store.openExportRows(selection);
  let rows: number;
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
    rows = await writeCsvFile(job.file, headerLine(selection.kind, format), lines(), {
      delimiter: format.delimiter,
      bom: job.bom ?? true,
    });
  } finally {
    reader.close();
  }

  let htmlPath: string | null = null;
  if (selection.kind === 'arrivals') {
    htmlPath = job.file.replace(/\.csv$/i, '') + '.html';
    await writeFile(htmlPath, arrivalsHtml(selection.date ?? '', arrivals, format), 'utf8');
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
  store.addActivity({
    at: job.at.toISOString(),
    user: job.user,
    action: 'export',
    keyField: null,
    detail: JSON.stringify(detail),
  });
  return { path: job.file, htmlPath, rows, reservations, unmapped, warning, markable: markList };
}
