// `resdesk`: the same core from a terminal. Credentials come from RESDESK_USER / RESDESK_PASSWORD,
// never from an argument (arguments end up in shell history and process lists).
import { parseArgs } from 'node:util';
import { DecisionRefused } from './store';
import { createMessages, refusalSentence } from './kernel/messages';
import { localFault } from './kernel/describe-error';
import type { SavedSetup } from './kernel/setup';
import { EXPORT_USAGE, exportCommand } from './cli/export';
import { probeCommand } from './cli/probe';
import { codesCommand } from './cli/codes';
import { unreadableCommand } from './cli/unreadable';
import { reasonsCommand } from './cli/reasons';
import { STOP_SALE_USAGE, stopSaleCommand } from './cli/stop-sale';
import { CONTRACTS_USAGE, contractsCommand } from './cli/contracts';
import { PRODUCTION_USAGE, productionCommand } from './cli/production';
import { BACKUP_USAGE, backupCommand } from './cli/backup';
import { DIAGNOSTICS_USAGE, diagnosticsCommand } from './cli/diagnostics';
import { RESTORE_USAGE, restoreCommand } from './cli/restore';
import { MOVE_DATA_USAGE, moveDataCommand } from './cli/move-data';
import { DbTargetRefused, NO_DB, dbTarget, openStore, redact, type DbTarget } from './cli/open-store';
import { UsageError, options, out, serviceOf, type Values } from './cli/args';
import { sync } from './cli/sync-command';
import { decide, list, show } from './cli/reservations';
import { existsSync } from 'node:fs';

/** The version the diagnostics archive names (package.json's, as npm passes it to `npm run resdesk`). */
const RESDESK_VERSION = process.env.npm_package_version ?? 'development';

const USAGE = `Usage: resdesk <command> --db FILE [options]
  --db postgres://USER:PASSWORD@HOST:PORT/DATABASE, or without --db RESDESK_DATABASE_URL (out of shell history):
           the hotel's shared database, for sync, list, show, codes, reasons, unreadable, stop-sale, contracts, allotment,
           production, export, confirm and decline. There sync sends and fetches only while no desk talks to the service, and
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
  ${CONTRACTS_USAGE}
  ${PRODUCTION_USAGE}
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
  const { serviceUrl, partnerId } = serviceOf(values, saved);
  const user = process.env.RESDESK_USER ?? saved?.user ?? '';
  const password = process.env.RESDESK_PASSWORD;
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

/** The commands of this file that take one word after them (the KeyField); the others take none. */
const TAKES_ONE: ReadonlySet<string> = new Set(['confirm', 'decline', 'show']);

export async function main(argv: string[]): Promise<void> {
  const asksHelp = argv.includes('--help') || argv.includes('-h');
  // export, stop-sale, contracts and allotment have options of their own: their modules parse them.
  if (argv[0] === 'export')
    return asksHelp ? out(`Usage: resdesk ${EXPORT_USAGE}`) : exportCommand(argv.slice(1));
  if (argv[0] === 'stop-sale')
    return asksHelp ? out(`Usage: resdesk ${STOP_SALE_USAGE}`) : stopSaleCommand(argv.slice(1), out);
  if (argv[0] === 'contracts' || argv[0] === 'allotment')
    return asksHelp
      ? out(`Usage: resdesk ${CONTRACTS_USAGE}`)
      : contractsCommand(argv[0], argv.slice(1), out);
  if (argv[0] === 'production')
    return asksHelp ? out(`Usage: resdesk ${PRODUCTION_USAGE}`) : productionCommand(argv.slice(1), out);
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
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, arg] = positionals;
  // --help (or `help`) prints the usage and succeeds: asking is not a mistake.
  if (values.help || command === 'help') return out(usageOf(command === 'help' ? arg : command));
  if (!command) throw new UsageError(USAGE);
  // `confirm K1 K2` confirmed K1 alone and said nothing of K2: a word more than a command takes is a mistake.
  const extra = positionals[1 + (TAKES_ONE.has(command) ? 1 : 0)];
  if (extra !== undefined)
    throw new UsageError(
      `resdesk ${command} takes ${TAKES_ONE.has(command) ? 'one KeyField' : 'no word after it'}; "${extra}" is one too many, and nothing was done.`,
    );
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
    console.error(
      `Resdesk could not write its output (${error.code ?? error.name}): check where it goes (a full disk?).`,
    );
    process.exit(1);
  });
  main(process.argv.slice(2)).catch((error: unknown) => {
    // The store refuses a decision with a code; the command line speaks English.
    // A fault of this computer (a damaged or busy database, a full disk) in the desk's own sentence for it.
    const fault = localFault(error);
    const message =
      error instanceof DecisionRefused
        ? refusalSentence(createMessages('en'), error.code)
        : fault !== null
          ? createMessages('en').t(`error.${fault}`)
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
