// `resdesk diagnostics --db F --out F.zip`: the archive Help → Save diagnostics makes, from the command
// line (main/diagnostics/archive.ts): versions, settings without secrets, the last logs (the desk's log
// folder with --logs DIR, else logs/ beside the database), the last connection check, the database's counts.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDiagnostics } from '../diagnostics/archive';
import { writeStaged } from '../export/staged-file';
import { ExportTargetError } from '../export/target-kind';
import { checkExportTarget, targetRefusal } from './export-target';
import { readSetup, type SavedSetup } from '../kernel/setup';
import { Store } from '../store';
import { SQLITE_ONLY, sqliteOnly } from './open-store';
import { UsageError } from './args';

export const DIAGNOSTICS_USAGE = `diagnostics --out FILE.zip [--logs DIR]
           (one zip for support: versions, settings without secrets, the last logs, the last connection
           check, the database's counts; no password, token, guest name or note)`;

const options = { db: { type: 'string' }, out: { type: 'string' }, logs: { type: 'string' } } as const;

export async function diagnosticsCommand(
  argv: string[],
  out: (text: string) => void,
  version: string,
  now: Date = new Date(),
): Promise<void> {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true }));
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${DIAGNOSTICS_USAGE}`,
    );
  }
  if (values.db !== undefined) sqliteOnly(values.db, SQLITE_ONLY.diagnostics);
  if (!values.db || !values.out)
    throw new Error('Give the database with --db FILE and the archive with --out FILE.zip.');
  if (!existsSync(values.db)) throw new Error(`There is no database at ${values.db}: check the path.`);
  if (values.logs !== undefined && statSync(values.logs, { throwIfNoEntry: false })?.isDirectory() !== true)
    throw new UsageError(
      `--logs ${values.logs} is not a folder; give the desk's log folder (logs beside its database).`,
    );
  // Never over the desk's own files, never through a link, into a pipe, a device or a folder (as an export).
  checkExportTarget(values.out, values.db, 'support.zip');
  const dataDir = path.dirname(values.db);
  let setup: SavedSetup | null = null;
  try {
    // Read-only use: checkFirst never writes to a damaged file, and the archive still says what it can.
    const store = Store.open(values.db, { checkFirst: true });
    try {
      setup = readSetup(store);
    } finally {
      store.close();
    }
  } catch {
    setup = null;
  }
  const zip = buildDiagnostics({
    dbFile: values.db,
    dataDir,
    logDir: values.logs ?? path.join(dataDir, 'logs'),
    version,
    setup,
    now,
  });
  try {
    await writeStaged(values.out, zip, { replace: true });
  } catch (error) {
    if (error instanceof ExportTargetError) throw new Error(targetRefusal(error, values.out, 'support.zip'));
    throw error;
  }
  const size = zip.length;
  out(
    `Diagnostics written: ${values.out} (${Math.ceil(size / 1024)} KB; no password, token, guest name or note).`,
  );
}
