// One full import of a file from disk into a fresh SQLite file, exactly as the sync does it (streaming
// decode in batches, one transaction per batch), printing JSON {ms, cpuMs, count, peakRssMB}. Run in its
// own process by the benchmark so peak memory is this import's alone.
import { createReadStream, rmSync } from 'node:fs';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import { Store } from '../../main/store';
import { reservationKeys } from '../../main/checks';
import type { ImportOptions } from '../../main/store/reservations';

/** CPU milliseconds of this process (the measure: waiting for the disk does not count). */
export const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export async function importFile(
  file: string,
  dbFile: string,
  options: ImportOptions = {},
): Promise<{ ms: number; cpuMs: number; count: number }> {
  for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true });
  const store = Store.open(dbFile);
  try {
    const start = performance.now();
    const cpuStart = cpuNow();
    const at = new Date().toISOString();
    const { count } = await decodeReservationStream(
      createReadStream(file, { highWaterMark: 64 * 1024 }),
      async (batch) => {
        store.importBatch(batch, at, options);
      },
    );
    return { ms: performance.now() - start, cpuMs: cpuNow() - cpuStart, count };
  } finally {
    store.close();
  }
}

// `--keyed`: as the desk's sync imports (its check keys computed in each batch's transaction); the process's whole
// CPU from its start is printed beside (processCpuMs).
const [file, dbFile, flag] = process.argv.slice(2);
if (file && dbFile && process.argv[1]?.endsWith('import-once.ts')) {
  const result = await importFile(file, dbFile, flag === '--keyed' ? { checkKeys: reservationKeys } : {});
  process.stdout.write(
    `${JSON.stringify({ ...result, processCpuMs: cpuNow(), peakRssMB: process.resourceUsage().maxRSS / 1024 })}\n`,
  );
}
