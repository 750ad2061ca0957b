// Export benchmark: 100k reservations from SQLite to CSV through csv-stringify, timed, with the peak
// RSS growth while it runs, against a lower bound measured in the same run on the same database:
// iterating the same rows, formatting the same cells and writing them joined by the delimiter with no
// CSV quoting (what the export cannot beat). `benchExport()` returns the numbers; run this file to print.
import { sqliteDeskStore } from '../../main/store/engines/desk-store';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Store } from '../../main/store';
import { headerLine, linesOf } from '../../main/export/columns';
import { csvFormatFor } from '../../main/export/format';
import { runExport, type ExportRequest } from '../../main/export/run-export';
import { iterateExportRows, openExportReader } from '../../main/store/export-rows';
import { generateReservations } from '../unit/store/fixtures';

export interface ExportRun {
  rows: number;
  ms: number;
  /** CPU time of this process during the run (user + system): what the run costs on a busy machine. */
  cpuMs: number;
  megabytes: number;
  /** Highest RSS seen during the run minus RSS just before it. */
  peakRssDeltaMb: number;
}

export interface ExportBenchResult {
  reservations: number;
  export: Record<string, ExportRun>;
  lowerBound: ExportRun;
  /** Reservations export time / lower bound time, wall clock and CPU. */
  ratio: number;
  cpuRatio: number;
}

const mb = (bytes: number): number => Math.round((bytes / 1048576) * 10) / 10;

async function measured(file: string, run: () => Promise<number>): Promise<ExportRun> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const rows = await run();
  const ms = Math.round(performance.now() - start);
  const used = process.cpuUsage(cpu);
  const cpuMs = Math.round((used.user + used.system) / 1000);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { rows, ms, cpuMs, megabytes: mb(statSync(file).size), peakRssDeltaMb: mb(peak - before) };
}

/** The same rows and cells, joined without quoting, written with backpressure. */
async function lowerBound(store: Store, file: string): Promise<number> {
  const format = csvFormatFor('tr');
  const reader = openExportReader(store.db);
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  let rows = 0;
  try {
    out.write(`\ufeff${headerLine('reservations', format).join(';')}\r\n`);
    let chunk = '';
    for (const row of iterateExportRows(reader.db, { kind: 'reservations', scope: 'all' })) {
      for (const line of linesOf('reservations', row, format)) {
        chunk += `${line.join(';')}\r\n`;
        rows++;
      }
      if (chunk.length > 65536) {
        if (!out.write(chunk)) await once(out, 'drain');
        chunk = '';
      }
    }
    out.end(chunk);
    await once(out, 'finish');
    return rows;
  } finally {
    reader.close();
  }
}

/** The run with the median wall time; the peak RSS is the highest of all runs. */
function medianRun(runs: ExportRun[]): ExportRun {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const middle = sorted[Math.floor(sorted.length / 2)] ?? sorted[0];
  if (!middle) throw new Error('no runs');
  return { ...middle, peakRssDeltaMb: Math.max(...runs.map((r) => r.peakRssDeltaMb)) };
}

export async function benchExport(count = 100_000, runs = 5): Promise<ExportBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'resdesk-bench-export-'));
  const store = Store.open(join(dir, 'bench.db'));
  try {
    const items = generateReservations(count, 42);
    for (let i = 0; i < items.length; i += 1000)
      store.importBatch(items.slice(i, i + 1000), '2026-06-01T08:00:00.000Z');
    for (const agencyId of ['AG1', 'AG2', 'AG3']) {
      const map = (kind: 'roomType' | 'board' | 'nationality', channelCode: string, hotelCode: string) =>
        store.setMapping({ agencyId, kind, channelCode, hotelCode, user: 'bench', at: 't' });
      map('roomType', 'DBL', 'DZ');
      map('roomType', 'TRP', 'TR3');
      map('board', 'AI', 'HP');
      map('board', 'HB', 'YP');
      map('nationality', 'TR', 'TUR');
      map('nationality', 'DE', 'DEU');
    }
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    const at = new Date('2026-06-02T09:00:00Z');
    const exportRun = (name: string, request: ExportRequest) => {
      const file = join(dir, `${name}.csv`);
      return measured(file, async () => {
        const result = await runExport({
          store: sqliteDeskStore(store),
          request,
          language: 'tr',
          file,
          user: 'bench',
          at,
        });
        return result.rows;
      });
    };
    // Warm the page cache and the code paths once, so neither side of the ratio pays for it alone. Then
    // the bound and the export alternate, and the median of each is kept: on a shared machine the
    // load changes between runs, and alternating exposes both to the same moments.
    await lowerBound(store, join(dir, 'warm.csv'));
    const bounds: ExportRun[] = [];
    const exports: ExportRun[] = [];
    for (let i = 0; i < runs; i++) {
      bounds.push(await measured(join(dir, 'bound.csv'), () => lowerBound(store, join(dir, 'bound.csv'))));
      exports.push(await exportRun('reservations-all', { kind: 'reservations', scope: 'all' }));
    }
    const bound = medianRun(bounds);
    const reservations = medianRun(exports);
    const toEnter = await exportRun('reservations-to-enter', { kind: 'reservations', scope: 'to-enter' });
    const guests = await exportRun('guests-all', { kind: 'guests', scope: 'all' });
    return {
      reservations: count,
      export: {
        [`reservations, all (median of ${runs})`]: reservations,
        'reservations, to enter (collects the versions to mark)': toEnter,
        'guests (rooming list), all': guests,
      },
      lowerBound: bound,
      ratio: Math.round((reservations.ms / bound.ms) * 100) / 100,
      cpuRatio: Math.round((reservations.cpuMs / bound.cpuMs) * 100) / 100,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchExport(), null, 2));
}
