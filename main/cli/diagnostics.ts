// `resdesk diagnostics --db F --out F.zip`: the archive Help → Save diagnostics makes, from the command
// line (main/diagnostics/archive.ts): versions, settings without secrets, the last logs (the desk's log
// folder with --logs DIR, else logs/ beside the database), the last connection check, the database's counts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeDiagnostics } from '../diagnostics/archive';
import { readSetup, type SavedSetup } from '../kernel/setup';
import { Store } from '../store';
import { SQLITE_ONLY, sqliteOnly } from './open-store';

export const DIAGNOSTICS_USAGE = `diagnostics --out FILE.zip [--logs DIR]
           (one zip for support: versions, settings without secrets, the last logs, the last connection
           check, the database's counts; no password, token, guest name or note)`;

const options = { db: { type: 'string' }, out: { type: 'string' }, logs: { type: 'string' } } as const;

export function diagnosticsCommand(
  argv: string[],
  out: (text: string) => void,
  version: string,
  now: Date = new Date(),
): void {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true }));
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${DIAGNOSTICS_USAGE}`,
    );
  }
  if (values.db !== undefined) sqliteOnly(values.db, SQLITE_ONLY.diagnostics);
  if (!values.db || !values.out)
    throw new Error('Give the database with --db FILE and the archive with --out FILE.zip.');
  if (!existsSync(values.db)) throw new Error(`There is no database at ${values.db}: check the path.`);
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
  const size = writeDiagnostics(
    { dbFile: values.db, dataDir, logDir: values.logs ?? path.join(dataDir, 'logs'), version, setup, now },
    values.out,
  );
  out(
    `Diagnostics written: ${values.out} (${Math.ceil(size / 1024)} KB; no password, token, guest name or note).`,
  );
}
