// Settings → "Several desks": which database this desk works in, "this PC keeps the hotel's
// database" (starts the bundled server and shows the code for the other PCs) and "connect to the hotel's
// database" (a code or a postgres URL, saved only once it answered SELECT 1). The choice is recorded here; the
// desk moves to it at its next start (the core reads hotelDatabaseChoice), so nothing running is switched under
// the receptionist's hands. Addresses reach the log only through describeDatabase.
import type { Handlers, SeveralDesksView } from '../../shared/ipc';
import { ConnectionCodeRefused, connectionFromInput, urlOfCode } from '../hotel-db/connection-code';
import { hotelDatabaseChoice, saveHotelDatabaseChoice, savedChoice } from '../hotel-db/choice';
import { describeDatabase } from '../hotel-db/pool';
import { HotelDbUnreachable, checkHotelDatabase } from '../hotel-db/reach';
import { DESK_PASSWORD_ACCOUNT, hotelServerPort, startHotelServer } from '../hotel-db/server/keeper';
import { lanAddress } from '../hotel-db/server/lan-address';
import { HotelServerProblem } from '../hotel-db/server/problems';
import { encodeConnectionCode } from '../hotel-db/connection-code';
import { DeskError } from '../kernel/ipc-dispatch';
import type { DeskContext } from './context';

export interface SeveralDesksOptions {
  /** The port this PC's server listens on (default 5433). */
  port?: number;
}

export function severalDesksHandlers(
  ctx: DeskContext,
  options: SeveralDesksOptions = {},
): Pick<Handlers, 'getSeveralDesks' | 'keepHotelDatabase' | 'connectHotelDatabase'> {
  const { dataDir, credentials, logger } = ctx.ports;
  let changedThisRun = false;
  // One start or connection test at a time: two clicks must not start two initdb runs in one folder.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const serverSentence = (error: HotelServerProblem): DeskError => {
    logger.warn(`hotel database server: ${error.problem} ${error.detail}`);
    // Not 'internal' or 'offline': the renderer replaces those codes' sentences with generic ones.
    return new DeskError(
      error.problem === 'port-taken' ? 'conflict' : 'service',
      ctx.messages.t(`hotelDb.server.${error.problem}`, { port: options.port ?? 5433 }),
    );
  };
  const unreachableSentence = (error: HotelDbUnreachable, where: string): string =>
    ctx.messages.t(`hotelDb.unreachable.${error.reason}`, { where });

  /** Whether the database answers, as the view's two fields. */
  const probe = async (
    url: string,
    where: string,
  ): Promise<Pick<SeveralDesksView, 'reachable' | 'problem'>> => {
    try {
      await checkHotelDatabase(url);
      return { reachable: true, problem: null };
    } catch (error) {
      if (!(error instanceof HotelDbUnreachable)) throw error;
      return { reachable: false, problem: unreachableSentence(error, where) };
    }
  };

  const view = async (): Promise<SeveralDesksView> => {
    const base = { code: null, onNetwork: true, restartNeeded: changedThisRun };
    const saved = await savedChoice(dataDir);
    if (saved.kind === 'file')
      return { ...base, choice: 'file', where: null, reachable: null, problem: null };
    try {
      const choice = await hotelDatabaseChoice(dataDir, credentials);
      if (choice.kind === 'connected') {
        const where = describeDatabase(choice.url);
        return { ...base, choice: 'connected', where, ...(await probe(choice.url, where)) };
      }
      if (choice.kind === 'keeps') {
        const where = describeDatabase(choice.url);
        const running = await hotelServerPort(dataDir).catch(() => null);
        if (running === null)
          return {
            ...base,
            choice: 'keeps',
            where,
            reachable: false,
            problem: ctx.messages.t('hotelDb.notRunning'),
          };
        const password = (await credentials.get(DESK_PASSWORD_ACCOUNT)) ?? '';
        const address = lanAddress();
        return {
          ...base,
          choice: 'keeps',
          where,
          ...(await probe(urlOfCode({ host: '127.0.0.1', port: running, password }), where)),
          code: encodeConnectionCode({ host: address ?? '127.0.0.1', port: running, password }),
          onNetwork: address !== null,
        };
      }
    } catch (error) {
      if (error instanceof HotelServerProblem) {
        return {
          ...base,
          choice: saved.kind,
          where: null,
          reachable: false,
          problem: serverSentence(error).message,
        };
      }
      throw error;
    }
    return { ...base, choice: 'file', where: null, reachable: null, problem: null };
  };

  return {
    getSeveralDesks: () => view(),

    keepHotelDatabase: () =>
      oneAtATime(async () => {
        try {
          const kept = await startHotelServer({ dataDir, credentials, port: options.port });
          await saveHotelDatabaseChoice(dataDir, credentials, { kind: 'keeps', port: kept.port });
          changedThisRun = true;
          logger.info(`hotel database: this PC keeps it on port ${kept.port}`);
        } catch (error) {
          throw error instanceof HotelServerProblem ? serverSentence(error) : error;
        }
        return view();
      }),

    connectHotelDatabase: ({ code }) =>
      oneAtATime(async () => {
        let target: ReturnType<typeof connectionFromInput>;
        try {
          target = connectionFromInput(code);
        } catch (error) {
          if (error instanceof ConnectionCodeRefused)
            throw new DeskError(
              'invalid-request',
              ctx.messages.t(`hotelDb.code.${error.problem}`, { names: error.names.join(', ') }),
            );
          throw error;
        }
        try {
          await checkHotelDatabase(target.url);
        } catch (error) {
          if (!(error instanceof HotelDbUnreachable)) throw error;
          logger.warn(`hotel database: ${target.where} did not answer (${error.reason}, ${error.detail})`);
          throw new DeskError('service', unreachableSentence(error, target.where));
        }
        await saveHotelDatabaseChoice(dataDir, credentials, { kind: 'connected', url: target.url });
        changedThisRun = true;
        logger.info(`hotel database: connected to ${target.where} (from a ${target.from})`);
        return view();
      }),
  };
}
