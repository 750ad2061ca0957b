// Where a `resdesk` command works: the desk's SQLite file (`--db F.db`) or the hotel's shared PostgreSQL database
// (`--db postgres://…`, or RESDESK_DATABASE_URL when --db is absent, so the password stays out of shell history and
// `ps`; move-data reads the same variable for its target). Both open as a DeskStore; the address is only ever
// shown as describeDatabase gives it (host, port, database), never with its user or password.
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { HotelStore, describeDatabase, openHotelPool, type LeaseToken } from '../hotel-db';
import { addressProblem } from '../hotel-db/database-address';
import { checkHotelDatabase, HotelDbUnreachable } from '../hotel-db/reach';
import { createMessages } from '../kernel/messages';
import { defaultSetup, hotelSetupOf, readSetup, writeSetup, type SavedSetup } from '../kernel/setup';
import { Store } from '../store';
import { ANSWER_DEADLINE_MS, claimHoldMs } from '../sync/push';
import { sqliteDeskStore, type DeskStore } from '../store/engines/desk-store';

export const DATABASE_URL_ENV = 'RESDESK_DATABASE_URL';

export const isDatabaseUrl = (text: string): boolean => /^postgres(ql)?:\/\//i.test(text.trim());

export type DbTarget = { kind: 'file'; file: string } | { kind: 'postgres'; url: string };

/** A sentence for the user: the entry point prints it and exits 2 (a usage mistake, not a failure). */
export class DbTargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DbTargetRefused';
  }
}

/** A postgres address as the command may use it, or a sentence saying what is wrong with it. */
export function checkedDatabaseUrl(url: string): string {
  const refused = addressProblem(url);
  if (refused)
    throw new DbTargetRefused(
      createMessages('en').t(`hotelDb.code.${refused.problem}`, { names: refused.names.join(', ') }),
    );
  return url.trim();
}

/** `--db` as given, else RESDESK_DATABASE_URL; null when neither says where. */
export function dbTarget(db: string | undefined, env: NodeJS.ProcessEnv = process.env): DbTarget | null {
  if (db !== undefined && db !== '')
    return isDatabaseUrl(db) ? { kind: 'postgres', url: checkedDatabaseUrl(db) } : { kind: 'file', file: db };
  const url = env[DATABASE_URL_ENV];
  if (url === undefined || url === '') return null;
  if (!isDatabaseUrl(url))
    throw new DbTargetRefused(
      `${DATABASE_URL_ENV} must start with postgres:// (for example postgres://desk@pc:5432/hotel); for a desk's file use --db FILE.`,
    );
  return { kind: 'postgres', url: checkedDatabaseUrl(url) };
}

export const NO_DB =
  "Give the database with --db FILE, or the hotel's shared database with --db postgres://… (or in RESDESK_DATABASE_URL).";

/** Where, for a sentence: the file's path, or host:port/database. */
export const whereOf = (target: DbTarget): string =>
  target.kind === 'file' ? target.file : describeDatabase(target.url);

/**
 * The file a SQLite-only command works on; a postgres address (in --db or, without --db, in RESDESK_DATABASE_URL) is
 * refused with `instead`, the sentence saying what to use.
 */
export function sqliteOnly(
  db: string | undefined,
  instead: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const target = dbTarget(db, env);
  if (target?.kind === 'postgres') throw new DbTargetRefused(instead);
  if (!target) throw new DbTargetRefused('Give the database file with --db FILE.');
  return target.file;
}

/**
 * The password and the whole address taken out of a text before it is printed: what the driver or the server says
 * never holds them today, but a message is the one place a change elsewhere could leak them.
 */
export function redact(text: string, target: DbTarget | null): string {
  if (target?.kind !== 'postgres') return text;
  let out = text.split(target.url).join(describeDatabase(target.url));
  try {
    const password = new URL(target.url).password;
    for (const form of new Set([password, decodeURIComponent(password)]))
      if (form.length >= 3) out = out.split(form).join('***');
  } catch {
    // An unreadable address has no password to take out beyond the whole address, done above.
  }
  return out;
}

export interface OpenedStore {
  store: DeskStore;
  target: DbTarget;
  /** The SQLite file's Store: the desk's own settings and what only a file has. Null on PostgreSQL. */
  file: Store | null;
  /** The hotel's database: the pool (the lease runs on it) and this command's desk id. Null on a file. */
  hotel: { pool: pg.Pool; deskId: string; pcName: string } | null;
  /** Where the desk's own files go (vouchers): beside the database file, else ~/.resdesk. */
  dataDir: string;
  /** The saved setup: the file's, or on PostgreSQL the hotel's part kept there (the rest as defaults). */
  readSetup(): Promise<SavedSetup>;
  /** On PostgreSQL only the hotel's part (service, user, hotel number, format, dialect) is kept. */
  writeSetup(patch: Partial<SavedSetup>): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A command that may start a new database file (sync); any other refuses a missing file. */
  create?: boolean;
  /** The lease's token while this command talks to the service (sync); default: never. */
  fence?: () => LeaseToken | null;
  /** The command, for pg_stat_activity. */
  command: string;
}

const SETUP_KEY = 'setup';

export async function openStore(target: DbTarget, options: OpenOptions): Promise<OpenedStore> {
  if (target.kind === 'file') return openFile(target, options);
  return openHotel(target, options);
}

function openFile(target: { kind: 'file'; file: string }, options: OpenOptions): OpenedStore {
  // Opening a mistyped path would create an empty database and work on nothing, silently; so would an empty file
  // (SQLite takes it for a new database). A folder is no database either.
  const found = target.file === ':memory:' ? undefined : statSync(target.file, { throwIfNoEntry: false });
  if (found?.isDirectory())
    throw new DbTargetRefused(
      `${target.file} is a folder: give --db the database file in it (resdesk.db in the desk's data folder).`,
    );
  if (!options.create && target.file !== ':memory:' && (found === undefined || found.size === 0))
    throw new DbTargetRefused(
      `There is no database at ${target.file}${found ? ' (the file is empty)' : ''}: check the path, or run resdesk sync first.`,
    );
  const file = Store.open(target.file);
  return {
    store: sqliteDeskStore(file),
    target,
    file,
    hotel: null,
    dataDir: path.dirname(path.resolve(target.file)),
    readSetup: async () => readSetup(file),
    writeSetup: async (patch) => void writeSetup(file, patch),
    close: async () => file.close(),
  };
}

async function openHotel(
  target: { kind: 'postgres'; url: string },
  options: OpenOptions,
): Promise<OpenedStore> {
  const where = describeDatabase(target.url);
  try {
    await checkHotelDatabase(target.url);
  } catch (error) {
    if (error instanceof HotelDbUnreachable)
      throw new Error(createMessages('en').t(`hotelDb.unreachable.${error.reason}`, { where }));
    throw error;
  }
  // A fresh id per run: the CLI beside a desk's window is another desk (lease.ts).
  const deskId = randomUUID();
  const pcName = hostname().toUpperCase();
  const pool = openHotelPool({ url: target.url, applicationName: `resdesk ${options.command} ${pcName}` });
  let store: HotelStore;
  try {
    store = await HotelStore.open(pool, {
      origin: deskId,
      fence: options.fence ?? (() => null),
      claimHoldMs: claimHoldMs(ANSWER_DEADLINE_MS),
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const dataDir = path.join(homedir(), '.resdesk');
  const readHotelSetup = async (): Promise<SavedSetup> => ({
    ...defaultSetup,
    ...hotelSetupOf(await store.getSetting<Record<string, unknown>>(SETUP_KEY, {})),
  });
  return {
    store,
    target,
    file: null,
    hotel: { pool, deskId, pcName },
    dataDir,
    readSetup: readHotelSetup,
    writeSetup: async (patch) => {
      // Only the hotel's part: the desks follow it (core.ts shareSetup); the rest is each desk's own.
      await store.setSetting(SETUP_KEY, hotelSetupOf({ ...(await readHotelSetup()), ...patch }));
    },
    close: () => pool.end(),
  };
}

/** What the SQLite-only commands say to a postgres address: what to use instead. */
export const SQLITE_ONLY = {
  restore:
    "resdesk restore puts a desk's own file back (--db FILE); a copy of the hotel's database goes back with resdesk move-data --from COPY --to postgres://… into a new, empty database.",
  diagnostics:
    "resdesk diagnostics reads a desk's own file (--db FILE, the one beside its logs); for a desk on the hotel's database, save the diagnostics on that desk (Help → Save diagnostics).",
  moveData:
    "--from is the desk's own file (--from desk.db); the hotel's database is where the data goes (--to postgres://… or RESDESK_DATABASE_URL).",
} as const;
