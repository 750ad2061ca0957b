// The floor the import's benchmarks measure against (import.ts, import-engines.ts). `floor.ts <file> <db>` measures
// it in a process of its own and prints JSON {ms, cpuMs}: the whole first sync is measured in a process of its own
// (import-once.ts), and its floor is measured the same way, from a fresh heap and unwarmed code alike.
import { readFileSync, rmSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { cpuNow } from './import-once';
import { inOwnProcess } from './own-process';
import { guestColumnFields, reservationColumnFields } from '../../main/store/reservations-columns';

/**
 * The floor the target names: parse the whole file at once, then insert each reservation's
 * scalar fields and each guest's fields with two bare prepared statements into tables without keys,
 * indexes, triggers or search index. What the import does beyond this is its own cost: streaming, typed
 * decoding, the raw item kept as JSON, the version history, indexes, search, acknowledgement queue.
 * `withItemJson` adds the raw item's JSON.stringify to each row: the floor of earlier runs, which hid half
 * of the gap, kept as a diagnostic.
 */
export function sameRowsLowerBound(
  file: string,
  dbFile: string,
  withItemJson: boolean,
): { ms: number; cpuMs: number } {
  for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true });
  const db = new BetterSqlite3(dbFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const wire = (field: string): string => field.charAt(0).toUpperCase() + field.slice(1);
  const rFields = reservationColumnFields.map(wire);
  const gFields = guestColumnFields.map(wire);
  const cols = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(', ');
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  const rColumns = rFields.length + (withItemJson ? 1 : 0);
  db.exec(`CREATE TABLE r (${cols(rColumns)})`);
  db.exec(`CREATE TABLE g (${cols(gFields.length + 2)})`);
  const insertR = db.prepare<unknown[]>(`INSERT INTO r VALUES (${marks(rColumns)})`);
  const insertG = db.prepare<unknown[]>(`INSERT INTO g VALUES (${marks(gFields.length + 2)})`);
  const start = performance.now();
  const cpuStart = cpuNow();
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { Data?: WireRecord[] } | WireRecord[];
  const items = Array.isArray(parsed) ? parsed : (parsed.Data ?? []);
  db.transaction(() => {
    for (const it of items) {
      const values = rFields.map((f) => it[f] ?? null);
      if (withItemJson) values.push(JSON.stringify(it));
      const id = insertR.run(values).lastInsertRowid;
      const guests = Array.isArray(it.Customers) ? (it.Customers as WireRecord[]) : [];
      guests.forEach((c, i) => insertG.run([id, i, ...gFields.map((f) => c[f] ?? null)]));
    }
  })();
  const ms = performance.now() - start;
  const cpuMs = cpuNow() - cpuStart;
  db.close();
  return { ms, cpuMs };
}
type WireRecord = Record<string, string | number | null | object>;

/** The floor of `file`, measured in a process of its own. */
export const floorInOwnProcess = (file: string, dbFile: string): { ms: number; cpuMs: number } =>
  inOwnProcess(new URL(import.meta.url), [file, dbFile]);

const [file, dbFile] = process.argv.slice(2);
if (file && dbFile && process.argv[1]?.endsWith('floor.ts'))
  process.stdout.write(`${JSON.stringify(sameRowsLowerBound(file, dbFile, false))}\n`);
