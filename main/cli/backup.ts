// `resdesk backup`: a checked copy of the database now, into the folder beside it (backups/) or --out;
// `--list` shows the copies there, newest first. The desk may keep running: the copy is read through a
// connection of its own, as of one instant.
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { backupFile, backupFolderOf, listBackups, type BackupEntry } from '../store/backup';
import { SQLITE_ONLY, sqliteOnly } from './open-store';

export const BACKUP_USAGE = `backup   [--out DIR] [--list] [--json]
           (a checked copy now, into backups/ beside the database or DIR; --list: the copies there)`;

const options = {
  db: { type: 'string' },
  out: { type: 'string' },
  list: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
const line = (e: BackupEntry): string =>
  [e.takenAt, e.kind, `v${e.version}`, megabytes(e.size), e.file].join('\t');

export function backupCommand(argv: string[], out: (text: string) => void, now: Date = new Date()): void {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true }));
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${BACKUP_USAGE}`,
    );
  }
  const db = sqliteOnly(values.db, SQLITE_ONLY.backup);
  const folder = values.out ?? backupFolderOf(db);
  if (values.list) {
    const all = listBackups([folder]);
    if (values.json) return out(JSON.stringify(all));
    for (const e of all) out(line(e));
    return out(`${all.length} backups in ${folder}`);
  }
  if (!existsSync(db)) throw new Error(`There is no database at ${db}: check the path.`);
  const taken = backupFile(db, { kind: 'manual', folders: [folder], now });
  const copy = taken.written[0];
  if (values.json) return out(JSON.stringify(copy ?? null));
  if (copy)
    out(`Backup written and checked: ${copy.file} (${megabytes(copy.size)}, schema version ${copy.version})`);
}
