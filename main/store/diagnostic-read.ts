// What a diagnostics archive says about the database, read through a read-only connection of
// its own so it works on a desk that is running, and on one whose file failed its check: the schema version,
// each table's row count, and the texts that must not leave the hotel (guests' names, notes), which the
// archive uses to blank them wherever else they may appear (the log).
import { existsSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteBindingOption } from './native-binding';

export interface DatabaseSummary {
  schemaVersion: number;
  sizeBytes: number;
  /** Rows per table, by table name. */
  counts: Record<string, number>;
}

export interface DiagnosticRead {
  summary: DatabaseSummary;
  /** Distinct guest names and note texts, to be blanked from anything the archive copies. */
  personal: string[];
}

export function readForDiagnostics(file: string): DiagnosticRead {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
  try {
    db.pragma('busy_timeout = 5000');
    const tables = db
      .prepare<[], string>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .pluck()
      .all();
    const counts: Record<string, number> = {};
    // Names come from sqlite_master itself, quoted: no outside text reaches this SQL.
    for (const table of tables)
      counts[table] = Number(
        db
          .prepare<[], number>(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      );
    const personalQueries = [
      `SELECT DISTINCT name FROM guests`,
      `SELECT DISTINCT note FROM reservations`,
      `SELECT DISTINCT confirme_note FROM reservations`,
      `SELECT DISTINCT note FROM decisions`,
    ];
    const personal = new Set<string>();
    for (const sql of personalQueries) {
      try {
        for (const text of db.prepare<[], unknown>(sql).pluck().all())
          if (typeof text === 'string' && text.trim() !== '') personal.add(text.trim());
      } catch {
        // A table or column this schema version does not have: nothing to blank from it.
      }
    }
    return {
      summary: {
        schemaVersion: Number(db.pragma('user_version', { simple: true })),
        sizeBytes: statSync(file).size,
        counts,
      },
      personal: [...personal],
    };
  } finally {
    db.close();
  }
}
