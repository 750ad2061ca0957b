// Each operator's production (the Production screen): the figures of a window of months, the same as CSV in the
// exports folder, and the hotel's exchange rates they are converted at.
import { ratesProblems, type ExchangeRates } from '../../shared/domain';
import type { Handlers } from '../../shared/ipc';
import { productionView } from '../contracts/production';
import { productionCsv } from '../export/production-csv';
import type { DeskContext } from './context';
import { writeExportFile } from './export-file';

type ProductionHandlers = Pick<Handlers, 'getProduction' | 'exportProduction' | 'saveRates'>;

export function productionHandlers(ctx: DeskContext): ProductionHandlers {
  return {
    getProduction: async ({ from, months }) => productionView(ctx.workStore(), from, months),

    exportProduction: async ({ from, months }) => {
      const view = await productionView(ctx.workStore(), from, months);
      const last = view.months[view.months.length - 1] ?? from;
      const text = productionCsv(view, ctx.setup().language);
      return { path: await writeExportFile(ctx, `production-${from}-${last}.csv`, text) };
    },

    saveRates: async (request) => {
      const rates: ExchangeRates = {
        hotelCurrency: request.hotelCurrency.toUpperCase(),
        rates: Object.fromEntries(
          Object.entries(request.rates)
            .map(([currency, rate]) => [currency.trim().toUpperCase(), rate] as const)
            .filter(([currency]) => currency !== request.hotelCurrency.toUpperCase()),
        ),
      };
      const problems = ratesProblems(rates);
      const store = ctx.workStore();
      if (problems.length > 0) return { rates: await store.productionRates(), problems };
      return {
        rates: await store.setProductionRates(rates, ctx.deskUser(), ctx.now().toISOString()),
        problems: [],
      };
    },
  };
}
