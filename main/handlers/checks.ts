// Pre-confirm checks: the checks of a selection for bulk confirm, the hotel's stop-sale dates
// and the family-policy switch. The checks themselves are computed in main/operations/checks.ts; every change
// here tells it to rebuild before the next question.
import type { Handlers, StopSaleView } from '../../shared/ipc';
import { DeskError } from '../kernel/ipc-dispatch';
import type { DeskStore } from '../store/engines/desk-store';
import type { DeskContext } from './context';

type CheckHandlers = Pick<
  Handlers,
  'getChecks' | 'listStopSales' | 'addStopSale' | 'removeStopSale' | 'getCheckSettings' | 'saveCheckSettings'
>;

const stopSaleView = async (store: DeskStore): Promise<StopSaleView> => ({
  stopSales: await store.listStopSales(),
  hotelCodes: await store.stopSaleHotelCodes(),
});

export function checkHandlers(ctx: DeskContext): CheckHandlers {
  const deskUser = (): string => ctx.setup().deskUser || ctx.setup().user || 'Resdesk';

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
        user: deskUser(),
        at: ctx.now().toISOString(),
      });
      ctx.checks.invalidate();
      return stopSaleView(store);
    },

    removeStopSale: async ({ id }) => {
      const store = ctx.workStore();
      const removed = await store.removeStopSale(id, deskUser(), ctx.now().toISOString());
      if (!removed) throw new DeskError('not-found', ctx.messages.t('error.noStopSale'));
      ctx.checks.invalidate();
      return stopSaleView(store);
    },

    getCheckSettings: async () => ctx.workStore().checkSettings(),

    saveCheckSettings: async ({ menOnly }) => {
      const saved = await ctx.workStore().setMenOnly(menOnly, deskUser(), ctx.now().toISOString());
      ctx.checks.invalidate();
      return saved;
    },
  };
}
