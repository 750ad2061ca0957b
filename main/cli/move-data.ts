// `resdesk move-data --from F.db --to postgres://…`: moves a desk's SQLite data into the hotel's shared database
// (main/hotel-db/move-data.ts). Safe to run again: it copies only what is missing. The address is shown only as
// describeDatabase gives it (host, port, database), never with its user or password; the command line speaks
// English, as every other command does.
import { parseArgs } from 'node:util';
import { describeDatabase, openHotelPool } from '../hotel-db';
import { DbTargetRefused, SQLITE_ONLY, checkedDatabaseUrl, isDatabaseUrl } from './open-store';
import { MoveRefused, MoveUnverified, moveDeskData, type MoveReport } from '../hotel-db/move-data';
import { UsageError } from './args';

export const MOVE_DATA_USAGE = `move-data --from FILE --to postgres://USER:PASSWORD@HOST:PORT/DATABASE
           (moves this desk's data into the hotel's shared database: every row, ids kept, counted after;
           safe to run again; quit the desk first. Or put the address in RESDESK_DATABASE_URL instead of --to)`;

const options = {
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

/** The report, one line per table, then the sentence that everything arrived. */
export function reportLines(report: MoveReport, where: string): string[] {
  const lines = report.tables.map(
    (t) =>
      `${t.table.padEnd(24)} ${t.source} in the desk: ${t.copied} copied, ${t.alreadyThere} already there`,
  );
  const versions = report.tables.find((t) => t.table === 'reservation_versions')?.source ?? 0;
  lines.push(
    `Moved: ${report.reservations} reservations with ${versions} versions and every other table into ${where} — every row counted there, nothing lost.`,
  );
  return lines;
}

export async function moveDataCommand(argv: string[], out: (text: string) => void): Promise<void> {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true }));
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${MOVE_DATA_USAGE}`,
    );
  }
  // An address with a password on the command line lands in shell history: the environment is offered too.
  const url = values.to ?? process.env.RESDESK_DATABASE_URL;
  if (!values.from) throw new Error("Give the desk's database file with --from FILE.");
  if (isDatabaseUrl(values.from)) throw new DbTargetRefused(SQLITE_ONLY.moveData);
  if (!url) throw new Error("Give the hotel database's address with --to postgres://…");
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error(
      'The hotel database address must start with postgres:// (for example postgres://desk@pc:5432/hotel).',
    );
  checkedDatabaseUrl(url);
  const where = describeDatabase(url);
  const pool = openHotelPool({ url, applicationName: 'resdesk move-data' });
  try {
    const progress = process.stderr.isTTY
      ? (p: { table: string; done: number; total: number }) =>
          process.stderr.write(`\r${p.table} ${p.done}/${p.total}   `)
      : undefined;
    let report: MoveReport;
    try {
      report = await moveDeskData({ from: values.from, to: pool, onProgress: progress });
    } catch (error) {
      if (error instanceof MoveRefused || error instanceof MoveUnverified) throw error;
      // The server's own words (refused connection, wrong password, a timeout) never hold the password.
      throw new Error(
        `Could not finish the move into ${where}: ${error instanceof Error ? error.message : String(error)}. ` +
          'Check the address and that the server is running, then run it again: it copies only what is missing.',
      );
    } finally {
      if (progress) process.stderr.write('\n');
    }
    for (const line of reportLines(report, where)) out(line);
  } finally {
    await pool.end();
  }
}
