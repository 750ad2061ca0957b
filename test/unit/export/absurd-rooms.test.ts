// A room count no booking can have (stored before the decoder refused such values) must not make the
// export build — or write — a line per room for ever: the lines are streamed and capped.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runExport } from '../../../main/export/run-export';
import { MAX_ROOMS_PER_RESERVATION } from '../../../main/export/columns';
import { makeReservation } from '../store/fixtures';
import { openExportDesk, readCsv, type ExportDesk } from './export-fixture';

let desk: ExportDesk;
beforeEach(() => (desk = openExportDesk()));
afterEach(() => desk.close());

it('writes at most the capped number of room lines for an absurd room count, and the rest as usual', async () => {
  desk.store.importBatch(
    [
      makeReservation({ keyField: 'HUGE', logId: 1, checkIn: '2026-07-10', roomCount: 999_999_999_999_999 }),
      makeReservation({ keyField: 'TWO', logId: 2, checkIn: '2026-07-11', roomCount: 2 }),
    ],
    '2026-06-01T08:00:00.000Z',
  );
  const file = join(desk.dir, 'all.csv');
  const before = process.memoryUsage().heapUsed;
  const result = await runExport({
    store: sqliteDeskStore(desk.store),
    request: { kind: 'reservations', scope: 'all', delimiter: ';' },
    language: 'en',
    file,
    user: 'Ayşe',
    at: new Date('2026-06-02T09:30:00.000Z'),
  });
  expect(result.rows).toBe(MAX_ROOMS_PER_RESERVATION + 2);
  expect(readCsv(file, ';').rows).toHaveLength(MAX_ROOMS_PER_RESERVATION + 2);
  // Far below what a line per room of 10^15 rooms would need (this is a sanity bound, not a timing).
  expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
});
