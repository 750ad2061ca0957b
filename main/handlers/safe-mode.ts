// Safe mode, switched from the banner that says another program seems to empty this account's queue:
// kept in the settings (the hotel's, when the desks share a database), read by the sync engine at every cycle.
import type { Handlers } from '../../shared/ipc';
import { SAFE_MODE_KEY } from '../sync/another-reader';
import type { DeskContext } from './context';

export function safeModeHandlers(ctx: DeskContext): Pick<Handlers, 'setSafeMode'> {
  return {
    setSafeMode: async ({ on }) => {
      await ctx.workStore().setSetting(SAFE_MODE_KEY, on);
      return ctx.status();
    },
  };
}
