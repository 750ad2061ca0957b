// `resdesk export`: the same export as the screen, into a file named on the command line. Every bad
// input ends in one plain line and a non-zero exit (the caller in cli.ts prints the first line).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { checkExportTarget, checkTargetKinds, targetRefusal } from './export-target';
import { exportRequestSchema } from '../../shared/ipc';
import type { UiLanguage } from '../../shared/domain';
import { DbTargetRefused, NO_DB, dbTarget, openStore } from './open-store';
import { invalidRequest } from '../kernel/ipc-dispatch';
import { createMessages } from '../kernel/messages';
import { htmlPathOf, runExport } from '../export/run-export';
import { ExportTargetError } from '../export/target-kind';
import { isRealDate } from '../../shared/calendar';
import { UsageError } from './args';

export const EXPORT_USAGE =
  'export   --kind reservations|guests|arrivals --out FILE.csv [--date D] [--from D --to D] [--scope to-enter|all] [--delimiter ";"|","] [--lang tr|en] [--user NAME] [--mark-entered]';

const options = {
  db: { type: 'string' },
  kind: { type: 'string' },
  date: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  scope: { type: 'string' },
  delimiter: { type: 'string' },
  lang: { type: 'string' },
  out: { type: 'string' },
  user: { type: 'string' },
  'mark-entered': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const say = (text: string): void => void process.stdout.write(`${text}\n`);

export async function exportCommand(argv: string[]): Promise<void> {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true }));
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${EXPORT_USAGE}`,
    );
  }
  // The desk's file (a mistyped path is refused when opened, not created empty) or the hotel's database.
  const target = dbTarget(values.db);
  if (!target) throw new DbTargetRefused(NO_DB);
  // Never over the database file or the files beside it; the hotel's database has none on this PC.
  const guard = (file: string) => {
    if (target.kind === 'file') checkExportTarget(file, target.file);
  };
  for (const name of ['date', 'from', 'to'] as const) {
    const value = values[name];
    if (value !== undefined && !isRealDate(value))
      throw new Error(`--${name}: "${value}" is not a date; write it as YYYY-MM-DD, e.g. 2026-07-12.`);
  }
  if (!values.out) throw new Error('Give the file to write with --out FILE.csv.');
  guard(values.out);
  if (values.scope !== undefined && values.scope !== 'to-enter' && values.scope !== 'all')
    throw new Error('--scope must be to-enter or all.');
  if (values.lang !== undefined && values.lang !== 'tr' && values.lang !== 'en')
    throw new Error('--lang must be tr or en.');
  if (values.kind !== 'reservations' && values.kind !== 'guests' && values.kind !== 'arrivals')
    throw new Error('--kind must be reservations, guests or arrivals.');
  const ranged = values.from !== undefined || values.to !== undefined;
  const parsed = exportRequestSchema.safeParse({
    kind: values.kind,
    scope: ranged ? 'range' : values.scope,
    from: values.from,
    to: values.to,
    date: values.date,
    delimiter: values.delimiter,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path[0] !== undefined ? `--${String(issue.path[0])}: ` : '';
    // The schema names a code; the command line speaks English, from the same catalog as the desk.
    throw new Error(`${where}${invalidRequest(createMessages('en'), issue).message}`);
  }
  if (ranged && values.scope === 'to-enter')
    throw new Error('--from/--to export a check-in range; leave out --scope to-enter.');
  const out = values.out;
  const file = path.resolve(out);
  const targets = parsed.data.kind === 'arrivals' ? [file, htmlPathOf(file)] : [file];
  for (const other of targets.slice(1)) guard(other);
  const worded = (error: unknown): unknown =>
    error instanceof ExportTargetError ? new Error(targetRefusal(error, out)) : error;
  // Before the database is opened; runExport judges them again when it writes (staged-file.ts).
  await checkTargetKinds(targets).catch((error: unknown) => {
    throw worded(error);
  });

  const opened = await openStore(target, { command: 'export' });
  const store = opened.store;
  try {
    const language: UiLanguage =
      (values.lang as UiLanguage | undefined) ?? (await opened.readSetup()).language;
    const user = values.user ?? process.env.RESDESK_USER ?? 'resdesk';
    const result = await runExport({
      store,
      request: parsed.data,
      language,
      file,
      user,
      at: new Date(),
      // --out names the file: a regular file there is replaced (by a rename, never written through).
      replace: true,
    }).catch((error: unknown) => {
      throw worded(error);
    });
    let marked = 0;
    if (values['mark-entered'] && result.markable.length > 0)
      marked = (await store.markEntered(result.markable, user, new Date().toISOString())).marked;
    if (values.json) return say(JSON.stringify({ ...result, marked }));
    say(`Wrote ${result.rows} rows (${result.reservations} reservations) to ${result.path}`);
    if (result.htmlPath) say(`Printable list: ${result.htmlPath}`);
    for (const u of result.unmapped)
      say(`Unmapped ${u.kind} ${u.channelCode} (agency ${u.agencyId}): ${u.count} reservations`);
    if (result.markable.length > 0)
      say(
        values['mark-entered']
          ? `Marked ${marked} as entered in the PMS.`
          : `${result.markable.length} can be marked as entered in the PMS (--mark-entered).`,
      );
  } finally {
    await opened.close();
  }
}
