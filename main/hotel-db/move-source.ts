// The desk's SQLite file as the source of a move: opened read-only after the same checks the desk makes (a
// Resdesk database, not another program's, not a newer Resdesk's), and only at this Resdesk's newest schema: an
// older file is brought up to date by opening it with the app (or any resdesk command), which takes a backup
// first; the move never migrates a desk's file itself. Everything it refuses is said before the target is touched.
import { existsSync } from 'node:fs';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { refuseForeignFile } from '../store/db-marks';
import { migrations } from '../store/migrations/index';
import { sqliteBindingOption } from '../store/native-binding';
import { movedTables, rebuiltTables, sqliteInternal } from './move-tables';
import { LONGEST_CODE } from '../../shared/domain';

/** A move that was refused before or without writing anything; the message says what to do. */
export class MoveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefused';
  }
}

export interface SourceColumn {
  name: string;
  text: boolean;
}

/** Opens `file` read-only, or refuses it with a sentence. */
export function openSource(file: string): Database {
  if (!existsSync(file)) throw new MoveRefused(`There is no desk database at ${file}: check the path.`);
  try {
    refuseForeignFile(file, migrations.length);
  } catch (error) {
    throw new MoveRefused(`${error instanceof Error ? error.message : String(error)} Nothing was moved.`);
  }
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
  try {
    db.pragma('busy_timeout = 5000');
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version === 0) throw new MoveRefused(`${file} holds no desk's data yet: there is nothing to move.`);
    if (version < migrations.length)
      throw new MoveRefused(
        `${file} was written by an older Resdesk (schema ${version}, this one is at ${migrations.length}). ` +
          'Open it once with this Resdesk (start the desk on it, or run resdesk list --db on it) so it is ' +
          'brought up to date with a backup first, then move it. Nothing was moved.',
      );
    refuseUnknownTables(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A table this move does not know would be left behind: a new migration must name it in move-tables.ts. */
function refuseUnknownTables(db: Database): void {
  const known = new Set([...movedTables.map((t) => t.name), ...rebuiltTables]);
  const unknown = db
    .prepare<[], string>(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
    .pluck()
    .all()
    .filter((name) => !sqliteInternal.test(name) && !known.has(name));
  if (unknown.length > 0)
    throw new Error(
      `This Resdesk does not know how to move the table ${unknown.join(', ')}; nothing was moved. Update Resdesk.`,
    );
}

export function columnsOf(db: Database, table: string): SourceColumn[] {
  return db
    .prepare<[string], { name: string; type: string }>('SELECT name, type FROM pragma_table_info(?)')
    .all(table)
    .map((c) => ({ name: c.name, text: c.type.toUpperCase() === 'TEXT' }));
}

export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The hotel number the desk works for: its setup's, else the one its reservations carry; null when unknown. */
export function sourceHotel(db: Database): number | null {
  const setup = db.prepare<[], string>(`SELECT value FROM settings WHERE key = 'setup'`).pluck().get();
  const fromSetup = hotelOfSetup(setup);
  if (fromSetup !== null) return fromSetup;
  const ids = db.prepare<[], number>('SELECT DISTINCT partner_id FROM reservations LIMIT 2').pluck().all();
  return ids.length === 1 ? (ids[0] ?? null) : null;
}

/** The partnerId of a stored setup setting (JSON text), or null. */
export function hotelOfSetup(text: string | undefined): number | null {
  if (text === undefined) return null;
  const parsed = JSON.parse(text) as unknown;
  if (typeof parsed !== 'object' || parsed === null || !('partnerId' in parsed)) return null;
  const id = parsed.partnerId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * PostgreSQL's text cannot hold a NUL character, which SQLite keeps (a note typed with one): such a row would
 * fail mid-move, so every text column of every moved table is searched first (as bytes, where SQLite's text
 * functions would stop at the NUL), and the first row found is named.
 */
export function refuseNulText(db: Database): void {
  for (const table of movedTables) {
    const text = columnsOf(db, table.name).filter((c) => c.text);
    if (text.length === 0) continue;
    const where = text.map((c) => `instr(CAST(${quoted(c.name)} AS BLOB), x'00') > 0`).join(' OR ');
    const row = db
      .prepare<[], Record<string, unknown>>(`SELECT * FROM ${quoted(table.name)} WHERE ${where} LIMIT 1`)
      .get();
    if (row === undefined) continue;
    const column = text.find((c) => typeof row[c.name] === 'string' && String(row[c.name]).includes('\0'));
    throw new MoveRefused(
      `${rowName(db, table.name, row)} holds a NUL character in ${column?.name ?? 'a text'}, which the hotel ` +
        'database cannot store. Edit that text on this desk (or ask support to), then move again. Nothing was moved.',
    );
  }
}

/** The codes the hotel database indexes, per moved table (a desk imported them before their length was bounded). */
const codeColumns: readonly { table: string; columns: readonly string[] }[] = [
  { table: 'reservations', columns: ['key_field', 'service_id', 'agency_id', 'voucher_no', 'room_type_id'] },
  { table: 'agencies', columns: ['id'] },
  { table: 'not_confirm_messages', columns: ['id'] },
  { table: 'stay_codes', columns: ['agency_id', 'code'] },
];

/**
 * A code longer than the desk keeps (LONGEST_CODE) would fail mid-move, where PostgreSQL refuses its index entry:
 * every such column is searched first and the first row found is named, by its id where the code is the key.
 */
export function refuseLongCodes(db: Database): void {
  for (const { table, columns } of codeColumns) {
    const where = columns.map((c) => `length(${quoted(c)}) > ${LONGEST_CODE}`).join(' OR ');
    const row = db
      .prepare<[], Record<string, unknown>>(
        `SELECT rowid AS "rowid", * FROM ${quoted(table)} WHERE ${where} LIMIT 1`,
      )
      .get();
    if (row === undefined) continue;
    // Counted as SQLite's length() counts: characters, not UTF-16 units.
    const characters = (c: string | undefined): number => [...String(row[String(c)] ?? '')].length;
    const column = columns.find((c) => characters(c) > LONGEST_CODE) ?? columns[0];
    const name =
      table === 'reservations' && column !== 'key_field'
        ? rowName(db, table, row)
        : `The ${table} row number ${String(row.rowid)}`;
    const length = characters(column);
    // An agency's name is shortened as it is copied (move-tables.ts `names`); a code is a key, never cut.
    throw new MoveRefused(
      `${name} holds ${String(column)} text of ${length} characters; the hotel database keeps codes of at ` +
        `most ${LONGEST_CODE}. It came broken from the service: ask support to remove it from this desk, then ` +
        'move again. Nothing was moved.',
    );
  }
}

/** How a sentence names a row: by the reservation's KeyField where it belongs to one, never by a guest name. */
export function rowName(db: Database, table: string, row: Record<string, unknown>): string {
  const keyField =
    typeof row.key_field === 'string'
      ? row.key_field
      : row.reservation_id !== undefined
        ? db
            .prepare<[unknown], string>('SELECT key_field FROM reservations WHERE id = ?')
            .pluck()
            .get(row.reservation_id)
        : undefined;
  const spec = movedTables.find((t) => t.name === table);
  const key = (spec?.key ?? []).map((k) => `${k} ${String(row[k])}`).join(', ');
  return keyField !== undefined
    ? `The ${table} row of reservation ${keyField} (${key})`
    : `The ${table} row ${key}`;
}
