// `resdesk restore`: puts a backup back as the database. It says first what will be lost (what the
// current database received and answered after the backup's newest entries), keeps the replaced file
// beside it (F.replaced-<time>), and refuses a file that is not a good Resdesk backup. Quit the desk
// first: a running desk keeps writing into the file it opened.
import { parseArgs } from 'node:util';
import { restoreBackup, restorePreview, type RestorePreview } from '../store/backup';
import { SQLITE_ONLY, sqliteOnly } from './open-store';
import { UsageError } from './args';

export const RESTORE_USAGE = `restore  --from FILE [--dry-run] [--json]
           (quit the desk first; the replaced database is kept as FILE.replaced-<time>;
           --dry-run: only say what would be lost)`;

const options = {
  db: { type: 'string' },
  from: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** What the restore loses, in one or two plain lines. */
export function lossLines(preview: RestorePreview): string[] {
  if (preview.lost === null)
    return [
      'The current database cannot be read (missing or damaged), so what it held beyond the backup is unknown.',
    ];
  const { reservationVersions, decisions } = preview.lost;
  if (reservationVersions === 0 && decisions === 0)
    return ['Nothing is lost: the current database holds nothing newer than the backup.'];
  const lines = [
    `Lost: ${reservationVersions} reservation versions received and ${decisions} answers given after the backup's newest.`,
  ];
  const newest = preview.currentNewest;
  if (newest)
    lines.push(
      `The current database's newest reservation is from ${newest.reservation ?? '—'}, its newest answer from ${newest.decision ?? '—'}; the backup's are from ${preview.backupNewest.reservation ?? '—'} and ${preview.backupNewest.decision ?? '—'}.`,
    );
  return lines;
}

export function restoreCommand(argv: string[], out: (text: string) => void, now: Date = new Date()): void {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true }));
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${RESTORE_USAGE}`,
    );
  }
  const db = sqliteOnly(values.db, SQLITE_ONLY.restore);
  if (!values.from)
    throw new Error('Give the backup to restore with --from FILE (resdesk backup --list shows them).');
  if (values['dry-run']) {
    const preview = restorePreview(db, values.from);
    if (values.json) return out(JSON.stringify({ restored: false, preview }));
    for (const l of lossLines(preview)) out(l);
    return out('Nothing was changed (--dry-run).');
  }
  const result = restoreBackup(db, values.from, now);
  if (values.json) return out(JSON.stringify({ restored: true, ...result }));
  for (const l of lossLines(result.preview)) out(l);
  out(`Restored ${values.from} as ${db}.`);
  if (result.replacedBy) out(`The database it replaced is kept as ${result.replacedBy}.`);
}
