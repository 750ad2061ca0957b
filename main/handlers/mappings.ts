// Mapping channel codes to the hotel's own codes: the mapping screen, the hotel's list of its codes, and
// copying another agency's mappings. Every write ends with the pre-confirm checks rebuilt (a new hotel code
// can end an unmapped check and start a stop-sale one) and an activity row per code mapped.
import type { StayCodeKind } from '../../shared/domain';
import type { Handlers } from '../../shared/ipc';
import { DeskError } from '../kernel/ipc-dispatch';
import { activityDetail } from '../kernel/activity-words';
import { HotelCodeTaken } from '../store';
import type { DeskStore } from '../store/engines/desk-store';
import type { DeskContext } from './context';

export type MappingHandlers = Pick<Handlers, 'getMapping' | 'setMapping' | 'copyMappings' | 'addHotelCode'>;

export function mappingHandlers(ctx: DeskContext): MappingHandlers {
  const codeKind = (kind: StayCodeKind): string => ctx.messages.t(`activity.codeKind.${kind}`);
  const logMapping = (
    store: DeskStore,
    at: string,
    kind: StayCodeKind,
    channelCode: string,
    hotelCode: string,
  ) =>
    store.addActivity({
      at,
      user: ctx.deskUser(),
      action: 'mapping',
      keyField: null,
      detail: activityDetail({ kind: 'mapping', codeKind: kind, channelCode, hotelCode }),
    });

  return {
    getMapping: async ({ agencyId, include }) =>
      ctx.workStore().mappingView(agencyId, include ? [include] : []),

    setMapping: async (change) => {
      const store = ctx.workStore();
      const typed = change.hotelCode.trim();
      // Picked from the hotel's list: a code it lacks is added there first, on purpose (addHotelCode).
      const listed = typed === '' ? null : await store.findHotelCode(change.kind, typed);
      if (typed !== '' && listed === null)
        throw new DeskError(
          'conflict',
          ctx.messages.t('error.hotelCodeUnknown', { code: typed, codeKind: codeKind(change.kind) }),
        );
      const at = ctx.now().toISOString();
      await store.setMapping({ ...change, hotelCode: listed?.code ?? '', user: ctx.deskUser(), at });
      ctx.checks.invalidate();
      await logMapping(store, at, change.kind, change.channelCode, listed?.code ?? '');
      return store.mappingView(change.agencyId, [change]);
    },

    copyMappings: async ({ agencyId, fromAgencyId }) => {
      const store = ctx.workStore();
      const at = ctx.now().toISOString();
      const copied = await store.copyMappings({ agencyId, fromAgencyId, user: ctx.deskUser(), at });
      if (copied.length > 0) ctx.checks.invalidate();
      for (const c of copied) await logMapping(store, at, c.kind, c.channelCode, c.hotelCode);
      return { view: await store.mappingView(agencyId), copied };
    },

    addHotelCode: async ({ kind, code, name }) => {
      const store = ctx.workStore();
      try {
        await store.addHotelCode({ kind, code, name, user: ctx.deskUser(), at: ctx.now().toISOString() });
      } catch (error) {
        if (!(error instanceof HotelCodeTaken)) throw error;
        const { existing } = error;
        throw new DeskError(
          'conflict',
          ctx.messages.t('error.hotelCodeTaken', {
            code: existing.name ? `${existing.code} (${existing.name})` : existing.code,
            codeKind: codeKind(kind),
          }),
        );
      }
      return store.listHotelCodes();
    },
  };
}
