// The operators' contracts and the allotment calendar (the Allotments screen). Every change to a contract tells the
// checks to index their reference again (an allotment is part of it), as a stop-sale does.
import type { Contract } from '../../shared/domain';
import type { ContractRow, ContractsView, Handlers } from '../../shared/ipc';
import { allotmentWindow, hotelDate } from '../contracts/allotment';
import { allotmentView } from '../contracts/allotment-view';
import { DeskError } from '../kernel/ipc-dispatch';
import type { DeskStore } from '../store/engines/desk-store';
import type { DeskContext } from './context';
import { contractProblems } from '../../shared/contract-problems';

type ContractHandlers = Pick<Handlers, 'listContracts' | 'saveContract' | 'removeContract' | 'getAllotment'>;

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

async function agencyNames(store: DeskStore): Promise<Map<string, string>> {
  return new Map((await store.listAgencies()).map((a) => [a.id, a.name]));
}

const rowOf = (c: Contract, names: Map<string, string>): ContractRow => ({
  ...c,
  agencyName: names.get(c.agencyId) ?? c.agencyId,
});

async function contractsView(store: DeskStore): Promise<ContractsView> {
  const names = await agencyNames(store);
  const contracts = (await store.listContracts()).map((c) => rowOf(c, names));
  const own = (await store.listHotelCodes()).filter((h) => h.kind === 'roomType').map((h) => h.code);
  const mapped = (await store.stopSaleHotelCodes()).roomType;
  const roomTypes = [...new Set([...own, ...mapped, ...contracts.map((c) => c.roomType)])].sort(byCode);
  const agencies = [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { contracts, agencies, roomTypes };
}

export function contractHandlers(ctx: DeskContext): ContractHandlers {
  return {
    listContracts: async () => contractsView(ctx.workStore()),

    saveContract: async ({ id, ...input }) => {
      const store = ctx.workStore();
      const at = ctx.now().toISOString();
      const result =
        id === undefined
          ? await store.addContract(input, ctx.deskUser(), at, contractProblems)
          : await store.updateContract(id, input, ctx.deskUser(), at, contractProblems);
      if (result === null) throw new DeskError('not-found', ctx.messages.t('error.noContract'));
      if ('problems' in result)
        return { view: await contractsView(store), saved: null, problems: result.problems };
      ctx.checks.invalidate();
      const view = await contractsView(store);
      return { view, saved: view.contracts.find((c) => c.id === result.saved.id) ?? null, problems: [] };
    },

    removeContract: async ({ id }) => {
      const store = ctx.workStore();
      const removed = await store.removeContract(id, ctx.deskUser(), ctx.now().toISOString());
      if (!removed) throw new DeskError('not-found', ctx.messages.t('error.noContract'));
      ctx.checks.invalidate();
      return contractsView(store);
    },

    getAllotment: async ({ from, nights }) => {
      const store = ctx.workStore();
      const window = allotmentWindow(from, nights);
      const input = await store.allotmentInput(from, window.last);
      return allotmentView(input, await agencyNames(store), window.nights, hotelDate(ctx.now()));
    },
  };
}
