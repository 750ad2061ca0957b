// Mapping of channel codes, the status bar and the activity log.
import type { Handlers } from '../../shared/ipc';
import type { DeskContext } from './context';
import { activityDetail, wordActivity } from '../desk/activity-words';

type OtherHandlers = Pick<
  Handlers,
  'listAgencies' | 'getMapping' | 'setMapping' | 'getStatus' | 'syncNow' | 'listActivity'
>;

export function mappingStatusHandlers(ctx: DeskContext): OtherHandlers {
  return {
    listAgencies: async () => ctx.workStore().listAgencies(),
    getMapping: async ({ agencyId }) => ctx.workStore().mappingView(agencyId),
    setMapping: async (change) => {
      const store = ctx.workStore();
      const at = ctx.now().toISOString();
      const user = ctx.setup().deskUser || ctx.setup().user || 'Resdesk';
      store.setMapping({ ...change, user, at });
      // A new hotel code can end an unmapped check and start a stop-sale one.
      ctx.checks.invalidate();
      store.addActivity({
        at,
        user,
        action: 'mapping',
        keyField: null,
        detail: activityDetail({
          kind: 'mapping',
          codeKind: change.kind,
          channelCode: change.channelCode,
          hotelCode: change.hotelCode,
        }),
      });
      return store.mappingView(change.agencyId);
    },
    getStatus: async () => ctx.status(),
    syncNow: () => ctx.syncNow(),
    listActivity: async ({ offset, limit }) => {
      const language = ctx.setup().language;
      return ctx
        .workStore()
        .listActivity(offset, limit, language)
        .map((entry) => wordActivity(ctx.messages, language, entry));
    },
  };
}
