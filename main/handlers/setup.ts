// First run and setup: the connection (address, user, password, hotel number, format), practice mode,
// the UI language and who is at the desk.
import type {
  ConnectionProblem,
  ConnectionTest,
  Handlers,
  ParsedRequestOf,
  SetupView,
} from '../../shared/ipc';
import { runProbe } from '../probe/run-probe';
import { saveProbeReport } from '../diagnostics/probe-report';
import { createExchangeClient } from '../exchange';
import { DeskError } from '../kernel/ipc-dispatch';
import { activityDetail } from '../kernel/activity-words';
import { credentialAccount, isConfigured, writeSetup } from '../kernel/setup';
import { checkInWindow } from '../sync/checkin-window';
import { describeFailure } from '../kernel/describe-error';
import type { DeskContext } from './context';

type SetupHandlers = Pick<
  Handlers,
  | 'getSetup'
  | 'saveSetup'
  | 'testConnection'
  | 'searchHotels'
  | 'startPracticeMode'
  | 'leavePracticeMode'
  | 'setLanguage'
  | 'setDeskUser'
>;

type Connection = ParsedRequestOf<'testConnection'>;

export function setupHandlers(ctx: DeskContext): SetupHandlers {
  const credentials = ctx.ports.credentials;

  /**
   * Practice starting and ending are written to the log of the store it lands in (practice's, the desk's). A
   * log that cannot be written (the hotel's database away) does not undo the switch.
   */
  const logPractice = async (practice: 'started' | 'left'): Promise<void> => {
    try {
      await ctx.workStore().addActivity({
        at: ctx.now().toISOString(),
        user: ctx.setup().deskUser || 'Resdesk',
        action: 'setup',
        keyField: null,
        detail: activityDetail({ kind: 'setup', practice }),
      });
    } catch (error) {
      ctx.ports.logger.warn('practice could not be written to the activity log', {
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  };

  const view = async (): Promise<SetupView> => {
    const s = ctx.setup();
    const saved =
      s.user && s.serviceUrl
        ? (await credentials.get(credentialAccount(s.serviceUrl, s.user))) !== null
        : false;
    return {
      configured: isConfigured(s),
      practiceMode: s.practiceMode,
      serviceUrl: s.serviceUrl,
      user: s.user,
      partnerId: s.partnerId,
      format: s.format,
      dialect: s.practiceMode ? 'spec' : s.dialect,
      passwordSaved: s.practiceMode || saved,
      credentialStore: credentials.kind,
      // In the desk's language; the store's own sentence (English) is for the log.
      credentialWarning: credentials.warning === null ? null : ctx.messages.t('error.passwordNotKept'),
      language: s.language,
      deskUser: s.deskUser,
      askDeskUser: s.askDeskUser && !s.practiceMode,
    };
  };

  /** The password typed now, or the one saved for this user and address. */
  const passwordFor = async (c: { serviceUrl: string; user: string; password?: string }): Promise<string> => {
    if (c.password) return c.password;
    const saved = await credentials.get(credentialAccount(c.serviceUrl, c.user));
    if (saved === null) throw new DeskError('not-configured', ctx.messages.t('error.noPassword'));
    return saved;
  };

  /** The same probe as `resdesk probe`, told in the desk's language. */
  const tryConnection = async (c: Connection): Promise<ConnectionTest> => {
    const password = await passwordFor(c);
    const report = await runProbe({
      serviceUrl: c.serviceUrl,
      user: c.user,
      partnerId: c.partnerId,
      format: c.format,
      getPassword: async () => password,
      window: checkInWindow(ctx.now(), 0, 7),
      // The address under test has not been seen working: a failure to reach it means "check the address".
      describe: (error) =>
        describeFailure(error, ctx.messages, { partnerId: c.partnerId, connectedBefore: false }),
      client: { retries: { attempts: 1 }, timeouts: { connectMs: 8_000, headersMs: 15_000 } },
    });
    try {
      saveProbeReport(ctx.ports.dataDir, report, ctx.now());
    } catch {
      ctx.ports.logger.warn('the connection check report could not be kept for diagnostics');
    }
    const steps = report.steps.map((s) => ({
      operation: s.operation,
      ok: s.ok,
      httpStatus: s.httpStatus,
      ms: s.ms,
      items: s.items,
      // On the Setup screen "open the setup screen" would be no help: say what to check here.
      message: s.ok
        ? null
        : s.errorKind === 'unauthorized'
          ? ctx.messages.t('connection.wrongPassword')
          : s.error,
      unexpected: [...s.unknownFields, ...s.unknownValues],
    }));
    // JSON only where it was seen to work for everything; after any failure, XML (what the live service speaks).
    const recommendedFormat =
      report.ok && (c.format === 'json' || report.jsonWorks === true) ? 'json' : 'xml';
    const common = { agencies: report.agencies, dialect: report.dialect, recommendedFormat, steps } as const;
    const failed = report.steps.find((s) => !s.ok && s.operation !== 'json');
    if (!failed)
      return {
        ok: report.ok,
        problem: report.ok ? null : 'bad-response',
        message: ctx.messages.t('connection.ok', { count: report.agencies }),
        ...common,
      };
    const problem: ConnectionProblem =
      failed.errorKind === 'network'
        ? 'unreachable'
        : failed.errorKind === 'unauthorized'
          ? 'wrong-password'
          : failed.errorKind === 'service' && /partner|paximum/i.test(failed.errorCode ?? '')
            ? 'wrong-partner'
            : failed.errorKind === 'service'
              ? 'service-error'
              : 'bad-response';
    return {
      ok: false,
      problem,
      message:
        problem === 'wrong-password'
          ? ctx.messages.t('connection.wrongPassword')
          : (failed.error ?? ctx.messages.t('error.malformed')),
      ...common,
    };
  };

  return {
    getSetup: view,

    testConnection: tryConnection,

    saveSetup: async (c) => {
      if (c.password) await credentials.set(credentialAccount(c.serviceUrl, c.user), c.password);
      else await passwordFor(c);
      if (ctx.setup().practiceMode) await ctx.stopPractice();
      const addressChanged = ctx.setup().serviceUrl !== c.serviceUrl;
      writeSetup(ctx.settingsStore, {
        // Another address may be another service: its dialect is learnt again.
        ...(addressChanged ? { dialect: null } : {}),
        serviceUrl: c.serviceUrl,
        user: c.user,
        partnerId: c.partnerId,
        format: c.format,
        practiceMode: false,
      });
      ctx.settingsStore.addActivity({
        at: ctx.now().toISOString(),
        user: ctx.setup().deskUser || c.user,
        action: 'setup',
        keyField: null,
        detail: `${new URL(c.serviceUrl).host} · ${c.partnerId} · ${c.format}`,
      });
      await ctx.reconnect();
      return view();
    },

    searchHotels: async (q) => {
      const password = await passwordFor(q);
      const client = createExchangeClient({
        baseUrl: q.serviceUrl,
        user: q.user,
        partnerId: 0,
        getPassword: async () => password,
        retries: { attempts: 1 },
      });
      try {
        return await client.searchHotels(q.query);
      } catch (error) {
        throw new DeskError(
          'service',
          describeFailure(error, ctx.messages, { partnerId: null, connectedBefore: false }),
        );
      } finally {
        await client.close();
      }
    },

    startPracticeMode: async () => {
      await ctx.startPractice();
      await logPractice('started');
      return view();
    },

    leavePracticeMode: async () => {
      await ctx.stopPractice();
      await logPractice('left');
      return view();
    },

    setLanguage: async ({ language }) => {
      writeSetup(ctx.settingsStore, { language });
      ctx.messages.setLanguage(language);
      return view();
    },

    setDeskUser: async ({ name }) => {
      writeSetup(ctx.settingsStore, { deskUser: name, practiceDeskUser: false, askDeskUser: false });
      return view();
    },
  };
}
