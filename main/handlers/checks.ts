// Pre-confirm checks: the checks of a selection for bulk confirm, the hotel's stop-sale dates with the notices
// sent to the operators they concern, and the family-policy switch. The checks themselves are computed in main/operations/checks.ts; every change
// here tells it to rebuild before the next question.
import { ALL_AGENCIES } from '../../shared/domain';
import type { Handlers, StopSaleView } from '../../shared/ipc';
import { hotelDate } from '../contracts/allotment';
import { stopSaleNoticeHtml } from '../export/stop-sale-notice';
import { DeskError } from '../kernel/ipc-dispatch';
import type { DeskStore } from '../store/engines/desk-store';
import type { DeskContext } from './context';
import { writeExportFile } from './export-file';

type CheckHandlers = Pick<
  Handlers,
  | 'getChecks'
  | 'listStopSales'
  | 'addStopSale'
  | 'removeStopSale'
  | 'sendStopSaleNotice'
  | 'confirmStopSale'
  | 'getCheckSettings'
  | 'saveCheckSettings'
>;

/** The stop-sales, the codes a new one can close, and per stop-sale the operators it concerns with their notices. */
async function stopSaleView(store: DeskStore): Promise<StopSaleView> {
  const stopSales = await store.listStopSales();
  const agencies = await store.listAgencies();
  const names = new Map(agencies.map((a) => [a.id, a.name]));
  const { mappings, contracts } = await store.checkReference();
  const told = new Map(
    (await store.listStopSaleNotices()).map((n) => [`${n.stopSaleId}\u0000${n.agencyId}`, n]),
  );
  const notices = stopSales.map((s) => {
    // The operators whose codes are mapped to the closed one (a mapping for all agencies: each of them), and
    // those holding an allotment of it.
    const codes = new Map<string, Set<string>>();
    const concern = (agencyId: string, code?: string) => {
      const set = codes.get(agencyId) ?? new Set<string>();
      if (code !== undefined) set.add(code);
      codes.set(agencyId, set);
    };
    for (const m of mappings)
      if (m.kind === s.codeKind && m.hotelCode === s.hotelCode)
        for (const agencyId of m.agencyId === ALL_AGENCIES ? agencies.map((a) => a.id) : [m.agencyId])
          concern(agencyId, m.channelCode);
    if (s.codeKind === 'roomType')
      for (const c of contracts)
        if (c.roomType === s.hotelCode && c.from <= s.to && s.from <= c.to) concern(c.agencyId);
    const operators = [...codes].map(([agencyId, own]) => {
      const n = told.get(`${s.id}\u0000${agencyId}`);
      return {
        agencyId,
        agencyName: names.get(agencyId) ?? agencyId,
        operatorCodes: [...own].sort(),
        sentAt: n?.sentAt ?? null,
        sentBy: n?.sentBy ?? null,
        confirmedAt: n?.confirmedAt ?? null,
        confirmedBy: n?.confirmedBy ?? null,
      };
    });
    operators.sort((a, b) => a.agencyName.localeCompare(b.agencyName));
    return { stopSaleId: s.id, operators };
  });
  return { stopSales, hotelCodes: await store.stopSaleHotelCodes(), notices };
}

export function checkHandlers(ctx: DeskContext): CheckHandlers {
  /** The stop-sale and one operator it concerns, or the receptionist is told it is gone. */
  const concerned = (view: StopSaleView, stopSaleId: number, agencyId: string) => {
    const stopSale = view.stopSales.find((s) => s.id === stopSaleId);
    const operator = view.notices
      .find((n) => n.stopSaleId === stopSaleId)
      ?.operators.find((o) => o.agencyId === agencyId);
    if (!stopSale || !operator) throw new DeskError('not-found', ctx.messages.t('error.noStopSale'));
    return { stopSale, operator };
  };

  return {
    getChecks: async ({ keyFields }) => {
      const checks = await ctx.checks.forKeys([...new Set(keyFields)]);
      return [...checks].map(([keyField, list]) => ({ keyField, checks: list }));
    },

    listStopSales: async () => stopSaleView(ctx.workStore()),

    addStopSale: async ({ codeKind, hotelCode, from, to, note }) => {
      const store = ctx.workStore();
      await store.addStopSale({
        codeKind,
        hotelCode,
        from,
        to,
        note,
        user: ctx.deskUser(),
        at: ctx.now().toISOString(),
      });
      ctx.checks.invalidate();
      return stopSaleView(store);
    },

    removeStopSale: async ({ id }) => {
      const store = ctx.workStore();
      const removed = await store.removeStopSale(id, ctx.deskUser(), ctx.now().toISOString());
      if (!removed) throw new DeskError('not-found', ctx.messages.t('error.noStopSale'));
      ctx.checks.invalidate();
      return stopSaleView(store);
    },

    sendStopSaleNotice: async ({ stopSaleId, agencyId, language }) => {
      const store = ctx.workStore();
      const { stopSale, operator } = concerned(await stopSaleView(store), stopSaleId, agencyId);
      const now = ctx.now();
      const html = stopSaleNoticeHtml({
        language,
        operator: operator.agencyName,
        hotel:
          (await store.hotelNameSeen()) ||
          ctx.messages.t('export.noticeHotel', { partnerId: ctx.setup().partnerId ?? '' }),
        codeKind: stopSale.codeKind,
        hotelCode: stopSale.hotelCode,
        operatorCodes: operator.operatorCodes,
        from: stopSale.from,
        to: stopSale.to,
        note: stopSale.note,
        sentOn: hotelDate(now),
      });
      const file = await writeExportFile(
        ctx,
        `stop-sale-${stopSaleId}-${safeName(operator.agencyName)}-${language}.html`,
        html,
      );
      await store.markStopSaleNoticeSent(stopSaleId, agencyId, ctx.deskUser(), now.toISOString());
      return { path: file, view: await stopSaleView(store) };
    },

    confirmStopSale: async ({ stopSaleId, agencyId, confirmed }) => {
      const store = ctx.workStore();
      // Only an operator the stop-sale concerns has a notice to confirm, as only such an operator is sent one.
      concerned(await stopSaleView(store), stopSaleId, agencyId);
      if (
        !(await store.setStopSaleConfirmed(
          stopSaleId,
          agencyId,
          confirmed,
          ctx.deskUser(),
          ctx.now().toISOString(),
        ))
      )
        throw new DeskError('not-found', ctx.messages.t('error.noStopSale'));
      return stopSaleView(store);
    },

    getCheckSettings: async () => ctx.workStore().checkSettings(),

    saveCheckSettings: async ({ menOnly }) => {
      const saved = await ctx.workStore().setMenOnly(menOnly, ctx.deskUser(), ctx.now().toISOString());
      ctx.checks.invalidate();
      return saved;
    },
  };
}

/** An operator's name as a file name's part: letters and digits, the rest as '-'. */
const safeName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'operator';
