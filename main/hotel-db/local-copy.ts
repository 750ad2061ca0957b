// Each desk's own read-only copy of the hotel's data (several-desks.md, "When the hotel's database is away"): an
// ordinary desk database file in <dataDir>/hotel-copy, refreshed every few minutes while the database answers, read
// when it does not, so a receptionist can still search, open a reservation and print today's arrivals.
//
// The first copy is the whole database (copy-out.ts). Later ones take only the rows written since: PostgreSQL marks
// every row version with the transaction that wrote it (the system column xmin), and each copy keeps the snapshot's
// watermark, the oldest transaction still running when it read (copy-rows.ts). A row whose xmin is at or after the
// last watermark is read again and upserted; deletions show as a table with more rows in the file than on the server,
// whose keys are then compared. A copy that cannot be continued (no state, another schema version, the 32-bit
// transaction counter's epoch moved on) is taken whole again, into a new file, so a reader of the old one is never
// pulled out from under it. What the file derives itself is brought up to date for the rows that moved: the search
// entries and the tally; the check keys are the checks', computed by the desk on reading as for any file.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { Store } from '../store';
import { recountTally } from '../store/reservations';
import { countCopiedIn } from '../store/allotment-nights';
import { runSqlite } from '../store/engines/run-sqlite';
import { reindexSearchOf } from '../store/search';
import { checkKeyOps } from '../store/check-keys';
import { copyHotelDatabase } from './copy-out';
import { readSnapshot, sharedColumns, streamRows, type CopySnapshot } from './copy-rows';
import { quoted } from './move-source';
import { movedTables, type MovedTable } from './move-tables';
import { NewerHotelDatabase, hotelSchemaVersion } from './migrate';
import { isConnectionFailure } from './reach';
import { postgresMigrations } from '../store/engines/postgres-migrations';
import { int8AsNumber } from './run-postgres';

/** The folder, beside the desk's own file, that holds its copy of the hotel's data. */
export const HOTEL_COPY_FOLDER = 'hotel-copy';
const STATE_FILE = 'copy.json';
const EPOCH = 2n ** 32n;

interface CopyState extends CopySnapshot {
  /** The copy's file name in the folder. */
  file: string;
}

export interface CopyRefresh {
  kind: 'whole' | 'changes';
  /** Rows written into the file (read again or new). */
  rows: number;
  /** Rows removed from the file (gone from the hotel's database). */
  removed: number;
  takenAt: string;
}

const isState = (v: unknown): v is CopyState => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.file === 'string' &&
    /^hotel-[0-9a-z-]+\.db$/.test(s.file) &&
    typeof s.watermark === 'string' &&
    /^[0-9]+$/.test(s.watermark) &&
    typeof s.takenAt === 'string' &&
    !Number.isNaN(Date.parse(s.takenAt)) &&
    typeof s.schema === 'number'
  );
};

export class HotelCopy {
  readonly folder: string;
  private reader: Store | null = null;
  private refreshing: Promise<CopyRefresh> | null = null;

  constructor(dataDir: string) {
    this.folder = path.join(dataDir, HOTEL_COPY_FOLDER);
  }

  /** The copy's state, when there is a usable one: its file exists and its state file reads. */
  state(): CopyState | null {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.join(this.folder, STATE_FILE), 'utf8'));
      return isState(parsed) && existsSync(path.join(this.folder, parsed.file)) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** When the copy was read from the hotel's database (its clock), or null when there is none. */
  takenAt(): string | null {
    return this.state()?.takenAt ?? null;
  }

  /** The copy opened for reading (kept open until `closeReader`); null when there is none or it cannot be opened. */
  openReader(): Store | null {
    if (this.reader) return this.reader;
    const state = this.state();
    if (!state) return null;
    try {
      this.reader = Store.open(path.join(this.folder, state.file), { backupBeforeMigration: false });
    } catch {
      return null;
    }
    return this.reader;
  }

  closeReader(): void {
    this.reader?.close();
    this.reader = null;
  }

  /** Brings the copy up to the hotel's database now: only what changed, or whole when it must. One at a time. */
  refresh(pool: pg.Pool): Promise<CopyRefresh> {
    this.refreshing ??= this.refreshOnce(pool).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshOnce(pool: pg.Pool): Promise<CopyRefresh> {
    // A newer Resdesk's database is not copied: this desk keeps the copy it has until it is updated.
    const schema = await hotelSchemaVersion(pool);
    if (schema > postgresMigrations.length) throw new NewerHotelDatabase(schema, postgresMigrations.length);
    const state = this.state();
    if (state) {
      const changes = await this.changesSince(pool, state);
      if (changes) return changes;
    }
    return this.whole(pool);
  }

  private async whole(pool: pg.Pool): Promise<CopyRefresh> {
    mkdirSync(this.folder, { recursive: true });
    const file = `hotel-${Date.now().toString(36)}.db`;
    const target = path.join(this.folder, file);
    try {
      const { tables, snapshot } = await copyHotelDatabase(pool, target);
      this.writeState({ ...snapshot, file });
      this.removeOthers(file);
      return {
        kind: 'whole',
        rows: tables.reduce((n, t) => n + t.rows, 0),
        removed: 0,
        takenAt: snapshot.takenAt,
      };
    } catch (error) {
      removeFile(target);
      throw error;
    }
  }

  /** Null when the copy cannot be continued from its state and must be taken whole. */
  private async changesSince(pool: pg.Pool, state: CopyState): Promise<CopyRefresh | null> {
    const client = await pool.connect();
    let broken = false;
    const store = Store.open(path.join(this.folder, state.file), { backupBeforeMigration: false });
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const snapshot = await readSnapshot(client);
      const before = BigInt(state.watermark);
      if (snapshot.schema !== state.schema || BigInt(snapshot.watermark) / EPOCH !== before / EPOCH) {
        await client.query('ROLLBACK');
        return null;
      }
      const since = Number(before % EPOCH);
      const db = store.db;
      let rows = 0;
      let removed = 0;
      const reservations: number[] = [];
      // Reservations new to the copy: counted into its allotment nights and marked for their check keys (its triggers
      // move what changes or goes).
      const added: number[] = [];
      const known = db.prepare<[unknown], number>('SELECT 1 FROM reservations WHERE id = ?').pluck();
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const table of movedTables) {
          const columns = await sharedColumns(client, db, table.name);
          // A table the hotel's database does not have yet (it is older than this Resdesk): nothing to copy.
          if (columns.length === 0) continue;
          const upsert = upsertInto(db, table, columns);
          const id = table.name === 'reservations' ? columns.indexOf('id') : -1;
          rows += await streamRows(
            client,
            {
              table: table.name,
              columns,
              order: table.key,
              where: { sql: 'xmin::text::bigint >= $1', value: since },
            },
            (batch) => {
              for (const row of batch) {
                if (id >= 0 && known.get(row[id]) === undefined) added.push(Number(row[id]));
                upsert(row);
                if (id >= 0) reservations.push(Number(row[id]));
              }
            },
          );
          removed += await removeGone(client, db, table);
        }
        reindexSearchOf(db, reservations);
        if (reservations.length > 0 || removed > 0) recountTally(db);
        countCopiedIn(db, added);
        runSqlite(db, checkKeyOps.markPending(added));
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
      await client.query('COMMIT');
      this.writeState({ ...snapshot, file: state.file });
      return { kind: 'changes', rows, removed, takenAt: snapshot.takenAt };
    } catch (error) {
      broken = isConnectionFailure(error);
      if (!broken) await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release(broken);
      store.close();
    }
  }

  private writeState(state: CopyState): void {
    const file = path.join(this.folder, STATE_FILE);
    // Replaced whole: a desk that stops halfway keeps the old state, whose watermark only makes it read more.
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  }

  /** Earlier whole copies, once no reader holds them. */
  private removeOthers(keep: string): void {
    if (this.reader) return;
    for (const name of readdirSync(this.folder))
      if (/^hotel-[0-9a-z-]+\.db(-wal|-shm|-journal)?$/.test(name) && !name.startsWith(keep))
        removeFile(path.join(this.folder, name));
  }
}

function removeFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Writes a row read from the server over the file's row with the same key, or adds it. An UPDATE, then an INSERT
 * when it changed nothing: not an upsert, whose conflict clause would override the OR IGNORE of the file's own
 * triggers (the check-key marks) and fail on a reservation marked already.
 */
function upsertInto(db: Database, table: MovedTable, columns: readonly string[]): (row: unknown[]) => void {
  const name = quoted(table.name);
  const insert = db.prepare(
    `INSERT INTO ${name} (${columns.map(quoted).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const others = columns.filter((c) => !table.key.includes(c));
  if (others.length === 0) {
    const exists = db.prepare(
      `SELECT 1 FROM ${name} WHERE ${table.key.map((k) => `${quoted(k)} = ?`).join(' AND ')}`,
    );
    const keyAt = table.key.map((k) => columns.indexOf(k));
    return (row) => {
      if (!exists.get(...keyAt.map((i) => row[i]))) insert.run(...row);
    };
  }
  const update = db.prepare(
    `UPDATE ${name} SET ${others.map((c) => `${quoted(c)} = ?`).join(', ')}
     WHERE ${table.key.map((k) => `${quoted(k)} = ?`).join(' AND ')}`,
  );
  const order = [...others, ...table.key].map((c) => columns.indexOf(c));
  return (row) => {
    if (update.run(...order.map((i) => row[i])).changes === 0) insert.run(...row);
  };
}

/**
 * Removes the file's rows of `table` that the hotel's database no longer has. The file holds every row the server
 * has (the upsert just brought the changed ones), so equal counts mean nothing was removed: the keys are compared
 * only when the file has more.
 */
async function removeGone(client: pg.ClientBase, db: Database, table: MovedTable): Promise<number> {
  const name = quoted(table.name);
  const onServer = Number(
    (await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${name}`)).rows[0]?.n ?? '0',
  );
  const inFile = db.prepare<[], number>(`SELECT count(*) FROM ${name}`).pluck().get() ?? 0;
  if (inFile <= onServer) return 0;
  const keys = table.key.map(quoted).join(', ');
  const server = new Set(
    (
      await client.query<unknown[]>({
        text: `SELECT ${keys} FROM ${name}`,
        rowMode: 'array',
        types: int8AsNumber,
      })
    ).rows.map((row) => JSON.stringify(row)),
  );
  const remove = db.prepare(
    `DELETE FROM ${name} WHERE ${table.key.map((k) => `${quoted(k)} = ?`).join(' AND ')}`,
  );
  let removed = 0;
  for (const row of db.prepare(`SELECT ${keys} FROM ${name}`).raw().all() as unknown[][])
    if (!server.has(JSON.stringify(row))) removed += remove.run(...row).changes;
  return removed;
}
