// Inbox, reservation detail and the receptionist's decisions.
import type { Handlers, ReservationDetail } from '../../shared/ipc';
import { DeskError } from '../kernel/ipc-dispatch';
import { answerSettings } from './answer-settings';
import { refusalSentence } from '../kernel/messages';
import { DecisionRefused } from '../store';
import type { DeskContext } from './context';

type ReservationHandlers = Pick<
  Handlers,
  | 'listReservations'
  | 'inboxCounts'
  | 'getReservation'
  | 'confirm'
  | 'decline'
  | 'confirmMany'
  | 'retryDecision'
  | 'resolveReview'
  | 'openVoucher'
  | 'listDeclineReasons'
>;

function refusal(ctx: DeskContext, error: unknown): never {
  if (error instanceof DecisionRefused)
    throw new DeskError('conflict', refusalSentence(ctx.messages, error.code));
  throw error;
}

export function reservationHandlers(ctx: DeskContext): ReservationHandlers {
  const decide = async (
    keyField: string,
    action: 'confirm' | 'decline',
    note: string | undefined,
    reasonId: string | undefined,
  ) => {
    const desk = ctx.desk();
    if (!desk) throw new DeskError('not-configured', ctx.messages.t('error.notConfigured'));
    // Held for the hotel's grace period so the receptionist can take it back (Undo) or send it at once.
    const grace = (await answerSettings(ctx.workStore(), ctx.answerGraceDefaultSeconds)).graceSeconds;
    try {
      // Awaited here: a refusal is a rejection, and this catch turns it into the desk's sentence.
      return await desk.decide({
        keyField,
        action,
        note,
        reasonId,
        user: ctx.deskUser(),
        holdSeconds: grace,
      });
    } catch (error) {
      return refusal(ctx, error);
    }
  };

  // The checks are computed, never stored: "has a problem" is resolved here and handed to the store's SQL.
  const problemKeysFor = async (filter: { hasProblem?: boolean }) =>
    filter.hasProblem === true ? ctx.checks.problemKeys() : undefined;

  const currentDecision = async (keyField: string) => {
    const view = await ctx.workStore().decisionFor(keyField);
    if (!view) throw new DeskError('not-found', ctx.messages.t('decision.not-found'));
    return view;
  };

  return {
    listReservations: async (q) => {
      const page = await ctx.workStore().inboxPage(q, await problemKeysFor(q.filter));
      return { ...page, rows: await ctx.checks.markRows(page.rows) };
    },
    inboxCounts: async ({ filter }) => ctx.workStore().inboxCounts(filter, await problemKeysFor(filter)),

    getReservation: async ({ keyField }): Promise<ReservationDetail> => {
      // The reservation, its answer, codes and versions in one snapshot: never parts of two moments.
      const detail = await ctx.workStore().reservationDetail(keyField);
      if (!detail) throw new DeskError('not-found', ctx.messages.t('error.notFound'));
      const { raw: _raw, ...reservation } = detail.reservation;
      return { ...detail, reservation, checks: await ctx.checks.of(detail.reservation) };
    },

    confirm: async ({ keyField, note }) => {
      const view = await decide(keyField, 'confirm', note, undefined);
      ctx.pushSoon();
      return view;
    },

    decline: async ({ keyField, reasonId }) => {
      const view = await decide(keyField, 'decline', undefined, reasonId);
      ctx.pushSoon();
      return view;
    },

    confirmMany: async ({ keyFields, note }) => {
      const skipped: { keyField: string; reason: string }[] = [];
      const queuedKeys: string[] = [];
      for (const keyField of new Set(keyFields)) {
        try {
          await decide(keyField, 'confirm', note, undefined);
          queuedKeys.push(keyField);
        } catch (error) {
          skipped.push({ keyField, reason: error instanceof Error ? error.message : String(error) });
        }
      }
      if (queuedKeys.length > 0) ctx.pushSoon();
      return { queued: queuedKeys.length, queuedKeys, skipped };
    },

    retryDecision: async ({ keyField }) => {
      // A decision that used up its automatic tries gets a fresh set when a person asks.
      const record = await ctx.workStore().decisionRecordFor(keyField);
      if (record?.state === 'failed') await ctx.workStore().retryDecision(record.id);
      const view = await currentDecision(keyField);
      ctx.pushSoon();
      return view;
    },

    resolveReview: async ({ keyField, action }) => {
      const store = ctx.workStore();
      const record = await store.decisionRecordFor(keyField);
      if (!record) throw new DeskError('not-found', ctx.messages.t('decision.not-in-review'));
      try {
        const view = await store.resolveReview(record.id, action);
        if (action === 'send') ctx.pushSoon();
        return view;
      } catch (error) {
        return refusal(ctx, error);
      }
    },

    openVoucher: async ({ keyField }) => {
      const record = await ctx.workStore().decisionRecordFor(keyField);
      if (!record?.pdfPath) throw new DeskError('not-found', ctx.messages.t('error.noVoucher'));
      if (!ctx.ports.openPath) throw new DeskError('internal', ctx.messages.t('error.noViewer'));
      await ctx.ports.openPath(record.pdfPath);
      return null;
    },

    listDeclineReasons: async ({ language }) =>
      ctx.workStore().listNotConfirmMessages(language === 'tr' ? 'tr-TR' : 'en-US'),
  };
}
