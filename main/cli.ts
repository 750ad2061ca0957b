// `resdesk`: the same core from a terminal. Credentials come from RESDESK_USER / RESDESK_PASSWORD,
// never from an argument (arguments end up in shell history and process lists).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { Store, DecisionRefused } from './store';
import { sqliteDeskStore, type DeskStore } from './store/engines/desk-store';
import { Desk } from './operations/desk';
import { createMessages, refusalSentence } from './kernel/messages';
import { intervalFrom, syncUntilStopped } from './cli/sync-loop';
import { DEFAULT_INTERVAL_MS } from './sync/poller';
import { isPollInterval, POLL_INTERVAL_KEY } from '../shared/poll-interval';
import type { CycleReport } from './sync/cycle';
import { reservationsInKeyOrder } from './store/key-order';
import { readSetup, writeSetup } from './kernel/setup';
import { isConfirmationStatus, type WireFormat } from '../shared/domain';
import type { Reservation } from '../shared/domain';
import { EXPORT_USAGE, exportCommand } from './cli/export';
import { probeCommand } from './cli/probe';
import { codesCommand } from './cli/codes';
import { unreadableCommand } from './cli/unreadable';
import { reasonsCommand } from './cli/reasons';
import { STOP_SALE_USAGE, stopSaleCommand } from './cli/stop-sale';
import { BACKUP_USAGE, backupCommand } from './cli/backup';
import { DIAGNOSTICS_USAGE, diagnosticsCommand } from './cli/diagnostics';
import { RESTORE_USAGE, restoreCommand } from './cli/restore';
import { MOVE_DATA_USAGE, moveDataCommand } from './cli/move-data';
import { buildChecker } from './operations/checks';
import { localDate } from '../shared/calendar';
import { existsSync } from 'node:fs';

class UsageError extends Error {}

/** The version the diagnostics archive names (package.json's, as npm passes it to `npm run resdesk`). */
const RESDESK_VERSION = process.env.npm_package_version ?? 'development';

const USAGE = `Usage: resdesk <command> --db FILE [options]
  probe    --service URL --partner-id N [--format xml|json] [--json] [--save-sample DIR]
           (checks a connection: every read operation, nothing acknowledged or confirmed; no --db needed)
  sync     --service URL --partner-id N [--once] [--interval SECONDS] [--format xml|json] [--batch-size N]
           (RESDESK_USER, RESDESK_PASSWORD; the address, hotel number, format and user are remembered in the
           database, never the password, so later commands need only --db; --batch-size: per transaction;
           without --once it polls every --interval seconds (default: the interval set in Settings, else 15)
           until Ctrl+C or SIGTERM)
  list     [--status W|E|H|S|G] [--json]
  codes    [--json]   (the stored stay codes per agency: boards, room types, rooms with limits, nationalities)
  unreadable [--json] (listed reservations that could not be read, kept aside and not acknowledged)
  show     KEYFIELD [--json] [--today YYYY-MM-DD]
           (--json adds the pre-confirm checks as of the hotel's date, or of --today)
  ${STOP_SALE_USAGE}
  confirm  KEYFIELD [--note TEXT] [--user NAME]
           (on a waiting cancellation: takes it in, so the agency knows the hotel has it)
  decline  KEYFIELD --reason ID [--user NAME]   (a cancellation cannot be declined)
  reasons  [--json] [--language tr|en]   (the decline reasons: ID and text, for decline --reason)
  ${EXPORT_USAGE}
  ${BACKUP_USAGE}
  ${DIAGNOSTICS_USAGE}
  ${RESTORE_USAGE}
  ${MOVE_DATA_USAGE}`;

/** The usage of one command (its line and the indented lines under it), or all of it. */
function usageOf(command: string | undefined): string {
  const lines = USAGE.split('\n');
  const start = lines.findIndex((l) => command !== undefined && l.startsWith(`  ${command} `));
  if (start < 0) return USAGE;
  const end = lines.findIndex((l, i) => i > start && !/^ {4,}/.test(l));
  return [
    'Usage: resdesk ' + (lines[start] ?? '').trim(),
    ...lines.slice(start + 1, end < 0 ? undefined : end),
  ].join('\n');
}

const options = {
  db: { type: 'string' },
  service: { type: 'string' },
  'partner-id': { type: 'string' },
  once: { type: 'boolean' },
  interval: { type: 'string' },
  format: { type: 'string' },
  status: { type: 'string' },
  json: { type: 'boolean' },
  note: { type: 'string' },
  reason: { type: 'string' },
  user: { type: 'string' },
  'batch-size': { type: 'string' },
  'save-sample': { type: 'string' },
  today: { type: 'string' },
  language: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

const out = (text: string): void => void process.stdout.write(`${text}\n`);

function connectionFrom(values: Values, store: Store) {
  const saved = readSetup(store);
  const serviceUrl = values.service ?? (saved.practiceMode ? '' : saved.serviceUrl);
  const partnerId = Number(values['partner-id'] ?? saved.partnerId ?? NaN);
  const user = process.env.RESDESK_USER ?? saved.user;
  const password = process.env.RESDESK_PASSWORD;
  if (!serviceUrl) throw new UsageError('Give the service address with --service URL.');
  if (!Number.isInteger(partnerId) || partnerId <= 0)
    throw new UsageError('Give the hotel number with --partner-id N.');
  if (!user) throw new UsageError('Set RESDESK_USER to the service user name.');
  if (!password) throw new UsageError('Set RESDESK_PASSWORD to the service password.');
  const format = (values.format ?? saved.format) as WireFormat;
  if (format !== 'json' && format !== 'xml') throw new UsageError('--format must be xml or json.');
  const sameService = saved.serviceUrl === serviceUrl;
  return {
    serviceUrl,
    partnerId,
    user,
    format,
    dialect: sameService ? saved.dialect : null,
    onDialect: (dialect: 'spec' | 'original') => void writeSetup(store, { dialect }),
    getPassword: async () => password,
  };
}

/** What `sync` was told, kept for the commands after it (never the password). */
function rememberConnection(store: Store, connection: ReturnType<typeof connectionFrom>): void {
  const saved = readSetup(store);
  const changed = saved.serviceUrl !== connection.serviceUrl;
  writeSetup(store, {
    serviceUrl: connection.serviceUrl,
    partnerId: connection.partnerId,
    format: connection.format,
    user: connection.user,
    practiceMode: false,
    ...(changed ? { dialect: null } : {}),
  });
}

function batchSizeFrom(values: Values): number | undefined {
  if (values['batch-size'] === undefined) return undefined;
  const n = Number(values['batch-size']);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new UsageError('--batch-size must be a whole number from 1 to 100000.');
  return n;
}

function openDesk(values: Values, store: Store, dbFile: string, remember = false): Desk {
  const connection = connectionFrom(values, store);
  if (remember) rememberConnection(store, connection);
  return new Desk({
    batchSize: batchSizeFrom(values),
    store,
    dataDir: path.dirname(path.resolve(dbFile)),
    connection,
    messages: createMessages('en'),
  });
}

function summaryLine(r: Reservation): string {
  const lead = r.guests[0]?.name ?? '';
  return [r.keyField, r.confirmationStatus, r.checkIn, r.checkOut, r.voucherNo, r.tourOpName, lead].join(
    '\t',
  );
}

/** One cycle's report: a JSON line, or a sentence. */
function printCycle(report: CycleReport, json: boolean): void {
  const p = report.pulled;
  const result = {
    received: p.received,
    new: p.new.length,
    changed: p.changed.length,
    cancelled: p.cancelled.length,
    acknowledged: p.acknowledged,
    unreadable: p.unreadable,
    sent: report.pushed?.sent ?? 0,
    error: report.error,
  };
  if (json) return out(JSON.stringify(result));
  out(
    `Received ${result.received}: ${result.new} new, ${result.changed} changed, ${result.cancelled} cancelled; acknowledged ${result.acknowledged}; decisions sent ${result.sent}.` +
      (result.unreadable > 0
        ? ` ${result.unreadable} could not be read and were set aside, not acknowledged (resdesk unreadable --db FILE).`
        : ''),
  );
}

/**
 * The commands read and write through the DeskStore, as the desk does. What stays on the synchronous Store:
 * the saved setup (this PC's own settings, kernel/setup.ts), `list` (a keyset walk over SQLite's own
 * statements, store/key-order.ts), and opening and closing the file.
 */
const deskStore = (store: Store): DeskStore => sqliteDeskStore(store);

async function sync(values: Values, store: Store, dbFile: string): Promise<void> {
  let intervalMs: number;
  try {
    // --interval wins; else the interval the hotel chose in Settings (kept in this database); else 15 s.
    const saved = await deskStore(store).getSetting<unknown>(POLL_INTERVAL_KEY, null);
    intervalMs =
      intervalFrom(values.interval) ??
      (typeof saved === 'number' && isPollInterval(saved) ? saved * 1000 : DEFAULT_INTERVAL_MS);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const desk = openDesk(values, store, dbFile, true);
  try {
    if (values.once) {
      const report = await desk.sync();
      printCycle(report, values.json === true);
      if (report.error) throw new Error(report.error);
      return;
    }
    // Runs until SIGINT / SIGTERM; a failed cycle is said on stderr and the next one tries again.
    await syncUntilStopped(() => desk.sync(), {
      intervalMs,
      retryBetween: () => desk.retryWaiting(),
      onCycle: (report) => {
        if (report.error) console.error(report.error);
        else printCycle(report, values.json === true);
      },
      onStarted: () => {
        if (!values.json) out(`Syncing every ${intervalMs / 1000} s. Press Ctrl+C or send SIGTERM to stop.`);
      },
    });
  } finally {
    await desk.close();
  }
}

function list(values: Values, store: Store): void {
  const status = values.status?.toUpperCase();
  if (status !== undefined && !/^[A-Z]$/.test(status))
    throw new UsageError('--status must be one letter: W, E, H, or another the service sends (S, G).');
  // W, E and H are inbox filters; another letter is picked out of the inbox's "other status" ones.
  const filter =
    status === undefined ? {} : { statuses: [isConfirmationStatus(status) ? status : ('other' as const)] };
  // Check-in order, read from where each page ended (keyset): linear in the result, however large.
  const all = [...reservationsInKeyOrder(store.db, filter)].flat();
  const rows = status === undefined ? all : all.filter((r) => r.confirmationStatus === status);
  if (values.json) return out(JSON.stringify(rows));
  for (const r of rows)
    out(
      [
        r.keyField,
        r.confirmationStatus,
        r.changeKind,
        r.checkIn,
        r.checkOut,
        r.voucherNo,
        r.tourOpName,
        r.leadGuest,
      ].join('\t'),
    );
  out(`${rows.length} reservations`);
}

async function show(keyField: string, values: Values, store: Store): Promise<void> {
  const desk = sqliteDeskStore(store);
  const r = await desk.getReservation(keyField);
  if (!r) throw new Error(`No reservation with KeyField ${keyField} in this database.`);
  if (values.json) {
    const today = values.today ?? localDate(new Date());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UsageError('--today must be a date like 2026-07-12.');
    return out(
      JSON.stringify({
        reservation: r,
        decision: await desk.decisionFor(keyField),
        versions: await desk.versions(keyField),
        // What the desk shows under "Before you confirm", exactly as the checks engine says it.
        checks: (await buildChecker(desk, today)).check(r),
      }),
    );
  }
  out(summaryLine(r));
  for (const g of r.guests) out(`  ${g.title} ${g.name} ${g.age ?? ''} ${g.nationality}`);
}

async function decide(
  action: 'confirm' | 'decline',
  keyField: string,
  values: Values,
  store: Store,
  dbFile: string,
): Promise<void> {
  if (action === 'decline' && !values.reason)
    throw new UsageError('Give the decline reason with --reason ID.');
  const desk = openDesk(values, store, dbFile);
  try {
    await desk.decide({
      keyField,
      action,
      note: values.note,
      reasonId: values.reason,
      user: values.user ?? process.env.RESDESK_USER ?? 'resdesk',
    });
    await desk.pushNow();
    const view = await desk.deskStore.decisionFor(keyField);
    // Confirming a cancellation takes it in: the agency learns the hotel has it.
    const done =
      action === 'decline'
        ? 'Declined'
        : (await desk.deskStore.changeKind(keyField)) === 'cancelled'
          ? 'Cancellation taken in'
          : 'Confirmed';
    if (values.json) out(JSON.stringify(view));
    else out(view?.state === 'sent' ? `${done}: ${keyField}` : `Queued, not sent yet: ${view?.error ?? ''}`);
    if (view?.state !== 'sent') process.exitCode = 1;
  } finally {
    await desk.close();
  }
}

async function probe(values: Values): Promise<void> {
  let saved = null;
  if (values.db && existsSync(values.db)) {
    const store = Store.open(values.db);
    saved = readSetup(store);
    store.close();
  }
  const serviceUrl = values.service ?? saved?.serviceUrl ?? '';
  const partnerId = Number(values['partner-id'] ?? saved?.partnerId ?? NaN);
  const user = process.env.RESDESK_USER ?? saved?.user ?? '';
  const password = process.env.RESDESK_PASSWORD;
  if (!serviceUrl) throw new UsageError('Give the service address with --service URL.');
  if (!Number.isInteger(partnerId) || partnerId <= 0)
    throw new UsageError('Give the hotel number with --partner-id N.');
  if (!user) throw new UsageError('Set RESDESK_USER to the service user name.');
  if (!password) throw new UsageError('Set RESDESK_PASSWORD to the service password.');
  const format = values.format ?? saved?.format ?? 'xml';
  if (format !== 'json' && format !== 'xml') throw new UsageError('--format must be xml or json.');
  process.exitCode = await probeCommand({
    serviceUrl,
    partnerId,
    user,
    password,
    format,
    json: values.json === true,
    saveSample: values['save-sample'],
    out,
  });
}

export async function main(argv: string[]): Promise<void> {
  const asksHelp = argv.includes('--help') || argv.includes('-h');
  // export and stop-sale have options of their own: their modules parse them.
  if (argv[0] === 'export')
    return asksHelp ? out(`Usage: resdesk ${EXPORT_USAGE}`) : exportCommand(argv.slice(1));
  if (argv[0] === 'stop-sale')
    return asksHelp ? out(`Usage: resdesk ${STOP_SALE_USAGE}`) : stopSaleCommand(argv.slice(1), out);
  if (argv[0] === 'diagnostics')
    return asksHelp
      ? out(`Usage: resdesk ${DIAGNOSTICS_USAGE}`)
      : diagnosticsCommand(argv.slice(1), out, RESDESK_VERSION);
  if (argv[0] === 'backup')
    return asksHelp ? out(`Usage: resdesk ${BACKUP_USAGE}`) : backupCommand(argv.slice(1), out);
  if (argv[0] === 'restore')
    return asksHelp ? out(`Usage: resdesk ${RESTORE_USAGE}`) : restoreCommand(argv.slice(1), out);
  if (argv[0] === 'move-data')
    return asksHelp ? out(`Usage: resdesk ${MOVE_DATA_USAGE}`) : moveDataCommand(argv.slice(1), out);
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [command, arg] = positionals;
  // --help (or `help`) prints the usage and succeeds: asking is not a mistake.
  if (values.help || command === 'help') return out(usageOf(command === 'help' ? arg : command));
  if (!command) throw new UsageError(USAGE);
  if (command === 'probe') return probe(values);
  if (!values.db) throw new UsageError('Give the database file with --db FILE.');
  // Only sync starts a database; any other command on a missing file is a typing mistake.
  if (command !== 'sync' && values.db !== ':memory:' && !existsSync(values.db))
    throw new UsageError(`There is no database at ${values.db}: check the path, or run resdesk sync first.`);
  const store = Store.open(values.db);
  try {
    switch (command) {
      case 'sync':
        return await sync(values, store, values.db);
      case 'list':
        return list(values, store);
      case 'codes':
        return await codesCommand(deskStore(store), values.json === true, out);
      case 'unreadable':
        return await unreadableCommand(deskStore(store), values.json === true, out);
      case 'reasons':
        return await reasonsCommand(store, { json: values.json === true, language: values.language }, out);
      case 'show':
        if (!arg) throw new UsageError('Give the KeyField: resdesk show KEYFIELD --db FILE');
        return await show(arg, values, store);
      case 'confirm':
      case 'decline':
        if (!arg) throw new UsageError(`Give the KeyField: resdesk ${command} KEYFIELD --db FILE`);
        return await decide(command, arg, values, store, values.db);
      default:
        throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
    }
  } finally {
    store.close();
  }
}

const isEntry = process.argv[1] !== undefined && /cli\.[cm]?[tj]s$/.test(process.argv[1]);
if (isEntry) {
  // `resdesk list … | head -1`: the reader went away, which is how pipes end, not a failure to report.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  main(process.argv.slice(2)).catch((error: unknown) => {
    // The store refuses a decision with a code; the command line speaks English.
    const message =
      error instanceof DecisionRefused
        ? refusalSentence(createMessages('en'), error.code)
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(error instanceof UsageError ? message : message.split('\n')[0]);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
