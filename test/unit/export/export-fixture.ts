// A desk database in a temp folder with a few reservations and mappings, and a reader for the CSVs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { Store } from '../../../main/store';
import type { StayCodeKind } from '../../../shared/domain';

export interface ExportDesk {
  dir: string;
  store: Store;
  map(kind: StayCodeKind, channelCode: string, hotelCode: string, agencyId?: string): void;
  close(): void;
}

export function openExportDesk(): ExportDesk {
  const dir = mkdtempSync(join(tmpdir(), 'resdesk-export-'));
  const store = Store.open(join(dir, 'desk.db'));
  return {
    dir,
    store,
    map: (kind, channelCode, hotelCode, agencyId = 'AG1') =>
      store.setMapping({
        agencyId,
        kind,
        channelCode,
        hotelCode,
        user: 'test',
        at: '2026-06-01T08:00:00.000Z',
      }),
    close: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The file's bytes, and its records parsed the way a spreadsheet would read them. */
export function readCsv(
  file: string,
  delimiter: string,
): { bytes: Buffer; header: string[]; rows: string[][] } {
  const bytes = readFileSync(file);
  const records = parse(bytes, { bom: true, delimiter, relax_column_count: false }) as string[][];
  const [header = [], ...rows] = records;
  return { bytes, header, rows };
}

/** Rows as objects keyed by header. */
export const byHeader = (header: string[], rows: string[][]): Record<string, string>[] =>
  rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
