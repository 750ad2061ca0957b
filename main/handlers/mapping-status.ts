// Mapping of channel codes (main/handlers/mappings.ts), the status bar and the activity log.
import type { Handlers } from '../../shared/ipc';
import type { DeskContext } from './context';
import { wordActivity } from '../kernel/activity-words';
import { mappingHandlers, type MappingHandlers } from './mappings';

type OtherHandlers = MappingHandlers &
  Pick<Handlers, 'listAgencies' | 'getStatus' | 'syncNow' | 'listActivity'>;

export function mappingStatusHandlers(ctx: DeskContext): OtherHandlers {
  return {
    ...mappingHandlers(ctx),
    listAgencies: async () => ctx.workStore().listAgencies(),
    getStatus: async () => ctx.status(),
    syncNow: () => ctx.syncNow(),
    listActivity: async ({ offset, limit }) => {
      const language = ctx.setup().language;
      const store = ctx.workStore();
      const entries = await store.listActivity(offset, limit, language);
      const names = new Map((await store.listAgencies()).map((a) => [a.id, a.name]));
      return entries.map((entry) => wordActivity(ctx.messages, language, entry, (id) => names.get(id) ?? id));
    },
  };
}
