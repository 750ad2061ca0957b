// `resdesk backup`: a checked copy of the database now, into the folder beside it (backups/) or --out;
// `--list` shows the copies there, newest first. The desk may keep running: the copy is read through a
// connection of its own, as of one instant. Given the hotel's shared database (--db postgres://… or
// RESDESK_DATABASE_URL), the copy is a desk database file of the whole hotel (main/hotel-db/backup.ts), into --out.
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { describeDatabase, openHotelPool } from '../hotel-db';
import { backupHotelDatabase } from '../hotel-db/backup';
import {
  backupFile,
  backupFolderOf,
  checkDatabaseFile,
  listBackups,
  type BackupEntry,
  type TakenBackup,
} from '../store/backup';
import { DbTargetRefused, dbTarget } from './open-store';
import { UsageError } from './args';

export const BACKUP_USAGE = `backup   [--out DIR] [--list] [--json]
           (a checked copy now, into backups/ beside the database or DIR; --list: the copies there;
           the hotel's shared database is copied into DIR as a desk database: restore it with move-data)`;

const options = {
  db: { type: 'string' },
  out: { type: 'string' },
  list: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
const line = (e: BackupEntry): string =>
  [e.takenAt, e.kind, `v${e.version}`, megabytes(e.size), e.file].join('\t');

export async function backupCommand(
  argv: string[],
  out: (text: string) => void,
  now: Date = new Date(),
): Promise<void> {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true }));
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${BACKUP_USAGE}`,
    );
  }
  const target = dbTarget(values.db);
  if (!target)
    throw new DbTargetRefused(
      'Give the database with --db FILE, or the hotel database with --db postgres://….',
    );
  if (target.kind === 'postgres' && values.out === undefined)
    throw new DbTargetRefused(
      "Say where the copy of the hotel's database goes with --out DIR (a folder on another disk is best).",
    );
  if (values.out !== undefined && values.out.trim() === '')
    throw new UsageError('--out: give the folder the backup goes into (a folder on another disk is best).');
  const folder = values.out ?? (target.kind === 'file' ? backupFolderOf(target.file) : '');
  if (values.list) {
    const all = listBackups([folder]);
    if (values.json) return out(JSON.stringify(all));
    for (const e of all) out(line(e));
    return out(`${all.length} backups in ${folder}`);
  }
  let taken: TakenBackup;
  if (target.kind === 'postgres') {
    const pool = openHotelPool({ url: target.url, applicationName: 'resdesk backup' });
    try {
      taken = await backupHotelDatabase(pool, { kind: 'manual', folders: [folder], now });
    } finally {
      await pool.end();
    }
    if (!values.json) out(`The hotel database at ${describeDatabase(target.url)} copied as of one instant.`);
  } else {
    if (!existsSync(target.file)) throw new Error(`There is no database at ${target.file}: check the path.`);
    // The database first: a damaged one is no fault of the folder the copy would go to.
    const source = checkDatabaseFile(target.file);
    if (!source.ok)
      throw new Error(
        `${target.file} is not a whole Resdesk database (${source.detail}); no backup was written. Put back an earlier backup: resdesk backup --list, then resdesk restore.`,
      );
    taken = backupFile(target.file, { kind: 'manual', folders: [folder], now });
  }
  const copy = taken.written[0];
  if (values.json) return out(JSON.stringify(copy ?? null));
  if (copy)
    out(`Backup written and checked: ${copy.file} (${megabytes(copy.size)}, schema version ${copy.version})`);
}
