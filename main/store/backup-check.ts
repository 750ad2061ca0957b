// Whether a file is a good Resdesk backup, or the desk's own database is still whole, decided through a
// read-only connection: a damaged file must never be written to, not even by the journal-mode switch an
// ordinary open makes.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteBindingOption } from './native-binding';
import { refuseForeignFile } from './db-marks';
import { migrations } from './migrations/index';

/** Why a file is not a usable copy: missing, not Resdesk's, from a newer Resdesk, or damaged. */
export type BackupProblem = 'missing' | 'not-resdesk' | 'too-new' | 'damaged' | 'version-mismatch';

export type FileCheck =
  { ok: true; userVersion: number } | { ok: false; problem: BackupProblem; detail: string };

/** The file cannot serve as the desk's database. The message says what to do. */
export class DatabaseDamagedError extends Error {
  readonly code = 'database-damaged';
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(
      `${file} is damaged (${detail}). Resdesk did not write to it: restore the newest good backup (Settings → Backups, or resdesk restore), and keep the damaged file for support.`,
    );
    this.name = 'DatabaseDamagedError';
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * How far a check reads: `whole` every page (quick_check), `shape` only the header, the schema and the file's
 * length against the pages its header counts (a normal start: it reads what it shows, whatever the file's size).
 */
export type CheckDepth = 'whole' | 'shape';

/** The pages the header says the file holds, when that count is current (SQLite's header, bytes 16–31 and 92). */
function cutShort(file: string): string | null {
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    if (readSync(fd, header, 0, 100, 0) < 100) return 'shorter than its own header';
  } finally {
    closeSync(fd);
  }
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  const counted = header.readUInt32BE(24) === header.readUInt32BE(92);
  if (!counted || pages === 0) return null;
  const size = statSync(file).size;
  return size < pages * pageSize
    ? `cut short: ${size} bytes of the ${pages * pageSize} its header counts`
    : null;
}

/** quick_check's answer: ['ok'] when whole, else up to 100 lines naming what is wrong; and the schema's shape. */
function quickCheck(
  file: string,
  depth: CheckDepth,
): { userVersion: number; findings: string[]; shapeMismatch: string | null } {
  const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
  try {
    reader.pragma('busy_timeout = 5000');
    const short = depth === 'shape' ? cutShort(file) : null;
    const findings =
      depth === 'whole'
        ? (reader.pragma('quick_check', { simple: false }) as { quick_check: string }[])
        : [{ quick_check: short ?? 'ok' }];
    const userVersion = Number(reader.pragma('user_version', { simple: true }));
    return {
      userVersion,
      findings: findings.map((row) => row.quick_check),
      shapeMismatch:
        userVersion > 0 && userVersion <= migrations.length
          ? shapeDifference(tableShape(reader), shapeAt(userVersion))
          : null,
    };
  } finally {
    reader.close();
  }
}

type Shape = Map<string, string>;

/**
 * Each table of Resdesk's (not SQLite's own, not FTS5's shadow tables) with its columns, in order, and each of its
 * indexes and triggers by name (a migration may change only those), keyed "table name", "index name", "trigger name".
 * A virtual table (the FTS5 search index) also by its definition: a migration may change only its options.
 */
function tableShape(db: BetterSqlite3.Database): Shape {
  const shape: Shape = new Map();
  const entries = db
    .prepare<[], { type: string; name: string; sql: string | null }>(
      `SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'trigger')
       AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'reservation_search_%' ORDER BY type, name`,
    )
    .all();
  for (const { type, name, sql } of entries) {
    if (type !== 'table') {
      shape.set(`${type} ${name}`, '');
      continue;
    }
    const columns = db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(name);
    const isVirtual = sql !== null && /^CREATE\s+VIRTUAL\s+TABLE\b/i.test(sql);
    shape.set(
      `table ${name}`,
      isVirtual ? `${columns.join(',')} ${sql.replace(/\s+/g, ' ')}` : columns.join(','),
    );
  }
  return shape;
}

const shapes = new Map<number, Shape>();

/** The tables a database has at schema version `version`: an empty one in memory, migrated that far. */
function shapeAt(version: number): Shape {
  let shape = shapes.get(version);
  if (!shape) {
    const db = new BetterSqlite3(':memory:', sqliteBindingOption());
    try {
      db.pragma('foreign_keys = OFF');
      for (const m of migrations.slice(0, version)) {
        m.up(db);
        db.pragma(`user_version = ${m.version}`);
      }
      shape = tableShape(db);
    } finally {
      db.close();
    }
    shapes.set(version, shape);
  }
  return shape;
}

/** The first difference between a file's tables and those of its version, in words; null when none. */
function shapeDifference(found: Shape, expected: Shape): string | null {
  for (const [entry, columns] of expected) {
    const have = found.get(entry);
    if (have === undefined) return `no ${entry}`;
    if (have !== columns) return `${entry} has other columns or options`;
  }
  for (const entry of found.keys()) if (!expected.has(entry)) return `a ${entry} it should not have`;
  return null;
}

/**
 * Checks `file` without writing to it: a Resdesk database this Resdesk can open, PRAGMA quick_check ok,
 * and (when given) the schema version the copy was taken at.
 */
export function checkDatabaseFile(
  file: string,
  expectedVersion?: number,
  depth: CheckDepth = 'whole',
): FileCheck {
  if (!existsSync(file)) return { ok: false, problem: 'missing', detail: 'no such file' };
  // Read only from a regular file: a named pipe would block the read for ever, a device or folder is no copy.
  if (!statSync(file).isFile())
    return {
      ok: false,
      problem: 'not-resdesk',
      detail: 'not a regular file (a named pipe, a device or a folder)',
    };
  try {
    refuseForeignFile(file, migrations.length);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'database-too-new') return { ok: false, problem: 'too-new', detail: errorText(error) };
    if (code === 'not-resdesk-database')
      return { ok: false, problem: 'not-resdesk', detail: errorText(error) };
    return { ok: false, problem: 'damaged', detail: errorText(error) };
  }
  let result: ReturnType<typeof quickCheck>;
  try {
    result = quickCheck(file, depth);
  } catch (error) {
    return { ok: false, problem: 'damaged', detail: errorText(error) };
  }
  if (result.findings.length !== 1 || result.findings[0] !== 'ok')
    return { ok: false, problem: 'damaged', detail: result.findings.slice(0, 3).join('; ') };
  if (expectedVersion !== undefined && result.userVersion !== expectedVersion)
    return {
      ok: false,
      problem: 'version-mismatch',
      detail: `schema version ${result.userVersion}, expected ${expectedVersion}`,
    };
  if (result.userVersion === 0) return { ok: false, problem: 'not-resdesk', detail: 'an empty database' };
  if (result.shapeMismatch)
    return {
      ok: false,
      problem: 'damaged',
      detail: `its tables do not match schema version ${result.userVersion} (${result.shapeMismatch})`,
    };
  return { ok: true, userVersion: result.userVersion };
}

/**
 * The desk's own file at start, before anything opens it for writing: DatabaseDamagedError for every way it can be
 * unusable (failing its check, cut short, its header overwritten, not even SQLite any more) and for a file emptied
 * to 0 bytes while copies of it exist (a new desk has no file at all, and no copies). A newer Resdesk's file is left
 * to the open, which says so. Nothing is written to the file either way. `depth`: how much of it is read
 * (integrity-schedule.ts decides).
 */
export function refuseUnusableDeskFile(
  file: string,
  copiesExist: boolean,
  depth: CheckDepth = 'whole',
): void {
  if (!existsSync(file)) return;
  if (statSync(file).size === 0) {
    if (copiesExist)
      throw new DatabaseDamagedError(file, 'the file is empty (0 bytes), though copies of it were taken');
    return;
  }
  const check = checkDatabaseFile(file, undefined, depth);
  if (check.ok || check.problem === 'too-new') return;
  throw new DatabaseDamagedError(file, check.detail);
}

export function refuseDamagedDatabase(file: string): void {
  if (file === '' || file === ':memory:') return;
  const check = checkDatabaseFile(file);
  if (!check.ok && check.problem === 'damaged') throw new DatabaseDamagedError(file, check.detail);
}
