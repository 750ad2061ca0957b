// `resdesk sync`: the desk's sync from a terminal, and the connection to the service it remembers in the
// database (confirm and decline build their desk on the same connection, cli/reservations.ts).
import { Desk } from '../operations/desk';
import { createMessages } from '../kernel/messages';
import { intervalFrom, syncUntilStopped } from './sync-loop';
import { DEFAULT_INTERVAL_MS } from '../sync/poller';
import { isPollInterval, POLL_INTERVAL_KEY } from '../../shared/poll-interval';
import type { CycleReport } from '../sync/cycle';
import type { SavedSetup } from '../kernel/setup';
import type { WireFormat } from '../../shared/domain';
import { openStore, redact, type DbTarget, type OpenedStore } from './open-store';
import { talkLease, type TalkLease } from './talk-lease';
import { UsageError, out, serviceOf, type Values } from './args';

export function connectionFrom(
  values: Values,
  saved: SavedSetup,
  opened: OpenedStore,
  { needPassword = true }: { needPassword?: boolean } = {},
) {
  const { serviceUrl, partnerId } = serviceOf(values, {
    serviceUrl: saved.practiceMode ? '' : saved.serviceUrl,
    partnerId: saved.partnerId,
  });
  const user = process.env.RESDESK_USER ?? saved.user;
  const password = process.env.RESDESK_PASSWORD;
  if (!user) throw new UsageError('Set RESDESK_USER to the service user name.');
  if (!password && needPassword) throw new UsageError('Set RESDESK_PASSWORD to the service password.');
  const format = (values.format ?? saved.format) as WireFormat;
  if (format !== 'json' && format !== 'xml') throw new UsageError('--format must be xml or json.');
  const sameService = saved.serviceUrl === serviceUrl;
  // Learnt from another service than the one kept: kept with it, once a cycle with it has worked.
  let learnt: 'spec' | 'original' | null = null;
  return {
    serviceUrl,
    partnerId,
    user,
    format,
    dialect: sameService ? saved.dialect : null,
    onDialect: (dialect: 'spec' | 'original') => {
      learnt = dialect;
      if (sameService) void opened.writeSetup({ dialect }).catch(() => undefined);
    },
    learntDialect: () => learnt,
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

/**
 * What `sync` was told, kept for the commands after it (never the password), once a cycle with it worked: a
 * mistyped address or hotel number that reached nothing must not replace the one that works.
 */
async function rememberConnection(opened: OpenedStore, saved: SavedSetup, connection: Connection) {
  const changed = saved.serviceUrl !== connection.serviceUrl;
  const next = {
    serviceUrl: connection.serviceUrl,
    partnerId: connection.partnerId,
    format: connection.format,
    user: connection.user,
    practiceMode: false,
    ...(changed ? { dialect: connection.learntDialect() } : {}),
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

export function deskOn(values: Values, opened: OpenedStore, connection: Connection): Desk {
  return new Desk({
    batchSize: batchSizeFrom(values),
    // The file's own Store on SQLite (as before); the hotel's DeskStore on PostgreSQL.
    store: opened.file ?? opened.store,
    dataDir: opened.dataDir,
    connection,
    messages: createMessages('en'),
  });
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
export const talking = (pc: string | null): string => `${pc ?? 'Another desk'} is talking to the service`;

/**
 * Every command reads and writes through a DeskStore, on the desk's file or the hotel's database (cli/open-store.ts).
 * On the hotel's database, sync runs for the service lease like a desk (cli/talk-lease.ts) and works only while it
 * holds it.
 */
export async function sync(values: Values, target: DbTarget): Promise<void> {
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
    const desk = deskOn(values, opened, connection);
    let remembered: Promise<void> | null = null;
    const worked = (): Promise<void> =>
      (remembered ??= rememberConnection(opened, saved, connection).catch((error: unknown) =>
        console.error(
          `The service's address could not be kept: ${error instanceof Error ? error.message : ''}`,
        ),
      ));
    try {
      if (values.once) {
        const report = await desk.sync();
        // A failed cycle is its sentence alone (under --json, its document carries the error too).
        if (report.error) {
          if (values.json) printCycle(report, true);
          throw new Error(report.error);
        }
        await worked();
        printCycle(report, values.json === true);
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
          else {
            void worked();
            printCycle(report, values.json === true);
          }
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
      await remembered;
      await desk.close();
    }
  } finally {
    await lease?.stop().catch(() => undefined);
    await opened.close();
  }
}
