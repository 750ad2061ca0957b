// `resdesk`: the same core from a terminal. Credentials come from RESDESK_USER / RESDESK_PASSWORD,
// never from an argument (arguments end up in shell history and process lists).
import { parseArgs } from 'node:util';
import { DecisionRefused } from './store';
import type { InboxFilter } from './store/inbox';
import { Desk } from './operations/desk';
import { createMessages, refusalSentence } from './kernel/messages';
import { intervalFrom, syncUntilStopped } from './cli/sync-loop';
import { DEFAULT_INTERVAL_MS } from './sync/poller';
import { isPollInterval, POLL_INTERVAL_KEY } from '../shared/poll-interval';
import type { CycleReport } from './sync/cycle';
import { reservationsInKeyOrder } from './store/key-order';
import type { SavedSetup } from './kernel/setup';
import { isConfirmationStatus, type InboxRow, type WireFormat } from '../shared/domain';
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
import {
  DbTargetRefused,
  NO_DB,
  dbTarget,
  openStore,
  redact,
  type DbTarget,
  type OpenedStore,
} from './cli/open-store';
import { talkLease, type TalkLease } from './cli/talk-lease';
import { DeskChecks } from './operations/checks';
import { localDate } from '../shared/calendar';
import { existsSync } from 'node:fs';

class UsageError extends Error {}

/** The version the diagnostics archive names (package.json's, as npm passes it to `npm run resdesk`). */
const RESDESK_VERSION = process.env.npm_package_version ?? 'development';

const USAGE = `Usage: resdesk <command> --db FILE [options]
  --db postgres://USER:PASSWORD@HOST:PORT/DATABASE, or without --db RESDESK_DATABASE_URL (out of shell history):
           the hotel's shared database, for sync, list, show, codes, reasons, unreadable, stop-sale, export,
           confirm and decline. There sync sends and fetches only while no desk talks to the service, and
           confirm and decline queue the answer for the desk that does
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

function connectionFrom(
  values: Values,
  saved: SavedSetup,
  opened: OpenedStore,
  { needPassword = true }: { needPassword?: boolean } = {},
) {
  const serviceUrl = values.service ?? (saved.practiceMode ? '' : saved.serviceUrl);
  const partnerId = Number(values['partner-id'] ?? saved.partnerId ?? NaN);
  const user = process.env.RESDESK_USER ?? saved.user;
  const password = process.env.RESDESK_PASSWORD;
  if (!serviceUrl) throw new UsageError('Give the service address with --service URL.');
  if (!Number.isInteger(partnerId) || partnerId <= 0)
    throw new UsageError('Give the hotel number with --partner-id N.');
  if (!user) throw new UsageError('Set RESDESK_USER to the service user name.');
  if (!password && needPassword) throw new UsageError('Set RESDESK_PASSWORD to the service password.');
  const format = (values.format ?? saved.format) as WireFormat;
  if (format !== 'json' && format !== 'xml') throw new UsageError('--format must be xml or json.');
  const sameService = saved.serviceUrl === serviceUrl;
  return {
    serviceUrl,
    partnerId,
    user,
    format,
    dialect: sameService ? saved.dialect : null,
    onDialect: (dialect: 'spec' | 'original') => void opened.writeSetup({ dialect }).catch(() => undefined),
    getPassword: async () => {
      if (!password) throw new UsageError('Set RESDESK_PASSWORD to the service password.');
      return password;
    },
  };
}

type Connection = ReturnType<typeof connectionFrom>;

/**
 * The hotel's database belongs to one service and hotel number (every desk syncs with the one kept there): a
 * command pointing elsewhere would mix another hotel's reservations into it, so it is refused, not remembered.
 */
function refuseOtherService(saved: SavedSetup, connection: Connection): void {
  if (saved.serviceUrl === '' || saved.partnerId === null) return;
  if (saved.serviceUrl === connection.serviceUrl && saved.partnerId === connection.partnerId) return;
  throw new UsageError(
    `The hotel's database syncs with ${saved.serviceUrl} (hotel ${saved.partnerId}); leave out --service and --partner-id, or change the service in Settings on a desk.`,
  );
}

/** What `sync` was told, kept for the commands after it (never the password). */
async function rememberConnection(opened: OpenedStore, saved: SavedSetup, connection: Connection) {
  const changed = saved.serviceUrl !== connection.serviceUrl;
  const next = {
    serviceUrl: connection.serviceUrl,
    partnerId: connection.partnerId,
    format: connection.format,
    user: connection.user,
    practiceMode: false,
    ...(changed ? { dialect: null } : {}),
  };
  // On the hotel's database every desk is told of a change: only a real one is written.
  const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => saved[k] === next[k]);
  if (!same) await opened.writeSetup(next);
}

function batchSizeFrom(values: Values): number | undefined {
  if (values['batch-size'] === undefined) return undefined;
  const n = Number(values['batch-size']);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new UsageError('--batch-size must be a whole number from 1 to 100000.');
  return n;
}

function deskOn(values: Values, opened: OpenedStore, connection: Connection): Desk {
  return new Desk({
    batchSize: batchSizeFrom(values),
    // The file's own Store on SQLite (as before); the hotel's DeskStore on PostgreSQL.
    store: opened.file ?? opened.store,
    dataDir: opened.dataDir,
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

/** "RECEPTION-1 is talking to the service" (or that nobody is). */
const talking = (pc: string | null): string => `${pc ?? 'Another desk'} is talking to the service`;

/**
 * Every command reads and writes through a DeskStore, on the desk's file or the hotel's database (cli/open-store.ts).
 * On the hotel's database, sync runs for the service lease like a desk (cli/talk-lease.ts) and works only while it
 * holds it.
 */
async function sync(values: Values, target: DbTarget): Promise<void> {
  let lease: TalkLease | null = null;
  const opened = await openStore(target, {
    create: true,
    command: 'sync',
    fence: () => lease?.current() ?? null,
  });
  try {
    let intervalMs: number;
    try {
      // --interval wins; else the interval the hotel chose in Settings (kept in this database); else 15 s.
      const saved = await opened.store.getSetting<unknown>(POLL_INTERVAL_KEY, null);
      intervalMs =
        intervalFrom(values.interval) ??
        (typeof saved === 'number' && isPollInterval(saved) ? saved * 1000 : DEFAULT_INTERVAL_MS);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const saved = await opened.readSetup();
    const connection = connectionFrom(values, saved, opened);
    // Sentences about the lease go to stderr under --json, so stdout stays one JSON document per cycle.
    const say = values.json ? (text: string) => console.error(text) : out;
    if (opened.hotel) {
      refuseOtherService(saved, connection);
      const held = talkLease(opened.hotel.pool, opened.hotel, (error) =>
        console.error(`The service lease: ${redact(error.message, target)}`),
      );
      lease = held;
      if (!(await held.tryTake())) {
        const pc = await held.talkingPc();
        if (values.once) {
          if (values.json) return out(JSON.stringify({ done: false, talkingPc: pc }));
          return out(`${talking(pc)}; nothing was done (--once).`);
        }
        say(`${talking(pc)}; this command waits.`);
      }
    }
    await rememberConnection(opened, saved, connection);
    const desk = deskOn(values, opened, connection);
    try {
      if (values.once) {
        const report = await desk.sync();
        printCycle(report, values.json === true);
        if (report.error) throw new Error(report.error);
        return;
      }
      const held = lease;
      let ending = false;
      let waiting = held !== null && held.current() === null;
      // Runs until SIGINT / SIGTERM; a failed cycle is said on stderr and the next one tries again.
      await syncUntilStopped(() => desk.sync(), {
        intervalMs,
        retryBetween: () => desk.retryWaiting(),
        onCycle: (report) => {
          if (report.error) console.error(report.error);
          else printCycle(report, values.json === true);
        },
        onStarted: () => {
          if (!values.json)
            out(`Syncing every ${intervalMs / 1000} s. Press Ctrl+C or send SIGTERM to stop.`);
        },
        gate: held
          ? {
              keep: (onHolding) =>
                held.keep((holding) => {
                  onHolding(holding);
                  if (ending || holding !== waiting) return;
                  waiting = !holding;
                  if (holding) say('This command talks to the service now.');
                  else void held.talkingPc().then((pc) => say(`${talking(pc)}; this command waits.`));
                }),
              stop: () => {
                ending = true;
                return held.stop();
              },
            }
          : undefined,
      });
    } finally {
      await desk.close();
    }
  } finally {
    await lease?.stop().catch(() => undefined);
    await opened.close();
  }
}

/** Every reservation under the filter in check-in order. */
async function* listedRows(opened: OpenedStore, filter: InboxFilter): AsyncGenerator<InboxRow[]> {
  // On the file: read from where each page ended (keyset), linear in the result however large.
  if (opened.file) return yield* reservationsInKeyOrder(opened.file.db, filter);
  // On the hotel's database: the inbox's own pages, in the same order (check-in, then id: a total order, so
  // pages neither skip nor repeat a row that stays put while they are read).
  for (let offset = 0; ; offset += LIST_PAGE) {
    const { rows } = await opened.store.inboxPage({
      filter,
      sort: 'checkIn',
      direction: 'asc',
      offset,
      limit: LIST_PAGE,
    });
    if (rows.length > 0) yield rows;
    if (rows.length < LIST_PAGE) return;
  }
}

const LIST_PAGE = 500;

async function list(values: Values, opened: OpenedStore): Promise<void> {
  const status = values.status?.toUpperCase();
  if (status !== undefined && !/^[A-Z]$/.test(status))
    throw new UsageError('--status must be one letter: W, E, H, or another the service sends (S, G).');
  // W, E and H are inbox filters; another letter is picked out of the inbox's "other status" ones.
  const filter =
    status === undefined ? {} : { statuses: [isConfirmationStatus(status) ? status : ('other' as const)] };
  const all: InboxRow[] = [];
  for await (const page of listedRows(opened, filter)) all.push(...page);
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

async function show(keyField: string, values: Values, opened: OpenedStore): Promise<void> {
  const desk = opened.store;
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
        // What the desk shows under "Before you confirm", computed as the desk computes it (on either engine),
        // as of noon of the hotel's day `today`.
        checks: await new DeskChecks(
          () => desk,
          () => new Date(`${today}T12:00:00`),
        ).of(r),
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
  target: DbTarget,
): Promise<void> {
  if (action === 'decline' && !values.reason)
    throw new UsageError('Give the decline reason with --reason ID.');
  const opened = await openStore(target, { command: action });
  try {
    // On the hotel's database only the desk holding the service lease sends: this command queues the answer,
    // and that desk (or resdesk sync) sends it once. No service password is needed to queue.
    const hotel = opened.hotel;
    const connection = connectionFrom(values, await opened.readSetup(), opened, { needPassword: !hotel });
    const desk = deskOn(values, opened, connection);
    try {
      await desk.decide({
        keyField,
        action,
        note: values.note,
        reasonId: values.reason,
        user: values.user ?? process.env.RESDESK_USER ?? 'resdesk',
      });
      if (!hotel) await desk.pushNow();
      const view = await desk.deskStore.decisionFor(keyField);
      // Confirming a cancellation takes it in: the agency learns the hotel has it.
      const done =
        action === 'decline'
          ? 'Declined'
          : (await desk.deskStore.changeKind(keyField)) === 'cancelled'
            ? 'Cancellation taken in'
            : 'Confirmed';
      if (values.json) out(JSON.stringify(view));
      else if (hotel) {
        const pc = await talkLease(hotel.pool, hotel, () => undefined).talkingPc();
        out(
          pc
            ? `Queued: ${keyField}. ${talking(pc)} and sends it.`
            : `Queued: ${keyField}. No desk is talking to the service now: resdesk sync sends it.`,
        );
      } else
        out(view?.state === 'sent' ? `${done}: ${keyField}` : `Queued, not sent yet: ${view?.error ?? ''}`);
      // Queued is the whole job on the hotel's database; on a file the answer should have gone out.
      if (!hotel && view?.state !== 'sent') process.exitCode = 1;
    } finally {
      await desk.close();
    }
  } finally {
    await opened.close();
  }
}

async function probe(values: Values, target: DbTarget | null): Promise<void> {
  let saved: SavedSetup | null = null;
  // The saved service, when a database is named: a file only if it is there (probe needs none).
  if (target && (target.kind === 'postgres' || existsSync(target.file))) {
    const opened = await openStore(target, { command: 'probe' });
    try {
      saved = await opened.readSetup();
    } finally {
      await opened.close();
    }
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
  const target = dbTarget(values.db);
  if (command === 'probe') return probe(values, target);
  if (!target) throw new UsageError(NO_DB);
  switch (command) {
    case 'sync':
      return sync(values, target);
    case 'confirm':
    case 'decline':
      if (!arg) throw new UsageError(`Give the KeyField: resdesk ${command} KEYFIELD --db FILE`);
      return decide(command, arg, values, target);
    case 'list':
    case 'codes':
    case 'unreadable':
    case 'reasons':
    case 'show':
      return read(command, arg, values, target);
    default:
      throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  }
}

/** The commands that only read (and reasons' language from the setup). */
async function read(
  command: 'list' | 'codes' | 'unreadable' | 'reasons' | 'show',
  arg: string | undefined,
  values: Values,
  target: DbTarget,
): Promise<void> {
  if (command === 'show' && !arg) throw new UsageError('Give the KeyField: resdesk show KEYFIELD --db FILE');
  const opened = await openStore(target, { command });
  try {
    switch (command) {
      case 'list':
        return await list(values, opened);
      case 'codes':
        return await codesCommand(opened.store, values.json === true, out);
      case 'unreadable':
        return await unreadableCommand(opened.store, values.json === true, out);
      case 'reasons':
        return await reasonsCommand(
          opened.store,
          (await opened.readSetup()).language,
          { json: values.json === true, language: values.language },
          out,
        );
      case 'show':
        return await show(arg ?? '', values, opened);
    }
  } finally {
    await opened.close();
  }
}

/** `--db X` or `--db=X` as typed, for taking its password out of an error (parseArgs may have refused the rest). */
function valueAfter(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
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
    const usage = error instanceof UsageError || error instanceof DbTargetRefused;
    // Whatever went wrong, the hotel database's address and password are never printed.
    let target: DbTarget | null = null;
    try {
      target = dbTarget(valueAfter(process.argv, '--db'));
    } catch {
      target = null;
    }
    console.error(redact(usage ? message : (message.split('\n')[0] ?? ''), target));
    process.exit(usage ? 2 : 1);
  });
}
