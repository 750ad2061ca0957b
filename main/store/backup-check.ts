// Whether a file is a good Resdesk backup, or the desk's own database is still whole, decided through a
// read-only connection: a damaged file must never be written to, not even by the journal-mode switch an
// ordinary open makes.
import { existsSync } from 'node:fs';
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

/** quick_check's answer: ['ok'] when whole, else up to 100 lines naming what is wrong. */
function quickCheck(file: string): { userVersion: number; findings: string[] } {
  const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...sqliteBindingOption() });
  try {
    reader.pragma('busy_timeout = 5000');
    const findings = reader.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    return {
      userVersion: Number(reader.pragma('user_version', { simple: true })),
      findings: findings.map((row) => row.quick_check),
    };
  } finally {
    reader.close();
  }
}

/**
 * Checks `file` without writing to it: a Resdesk database this Resdesk can open, PRAGMA quick_check ok,
 * and (when given) the schema version the copy was taken at.
 */
export function checkDatabaseFile(file: string, expectedVersion?: number): FileCheck {
  if (!existsSync(file)) return { ok: false, problem: 'missing', detail: 'no such file' };
  try {
    refuseForeignFile(file, migrations.length);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'database-too-new') return { ok: false, problem: 'too-new', detail: errorText(error) };
    if (code === 'not-resdesk-database')
      return { ok: false, problem: 'not-resdesk', detail: errorText(error) };
    return { ok: false, problem: 'damaged', detail: errorText(error) };
  }
  let result: { userVersion: number; findings: string[] };
  try {
    result = quickCheck(file);
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
  return { ok: true, userVersion: result.userVersion };
}

/**
 * Throws DatabaseDamagedError when the desk's existing database fails quick_check. A missing or empty
 * file passes (a new desk); another program's file is left to openDatabase, which says so.
 */
export function refuseDamagedDatabase(file: string): void {
  if (file === '' || file === ':memory:') return;
  const check = checkDatabaseFile(file);
  if (!check.ok && check.problem === 'damaged') throw new DatabaseDamagedError(file, check.detail);
}
