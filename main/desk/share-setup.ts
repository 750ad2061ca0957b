// The service's setup is the hotel's: on the hotel's database it is kept there, and each desk's file
// follows it; a desk's own things (language, desk user, practice) stay in its file. At start and when another desk
// saved it, the hotel's wins ('down'); when this desk saved it (a reconnect after Settings), this desk's goes up.
import type { Logger } from '../kernel/core-types';
import { hotelSetupOf, isConfigured, readSetup, sameHotelSetup, writeSetup } from '../kernel/setup';
import type { Store } from '../store';
import type { DeskStore } from '../store/engines/desk-store';

/** Brings the two setups together; true when this desk's file took the hotel's (the line may need a restart). */
export async function shareSetup(
  hotel: DeskStore,
  file: Store,
  direction: 'up' | 'down',
  logger: Logger,
): Promise<boolean> {
  try {
    const theirs = await hotel.getSetting<Record<string, unknown> | null>('setup', null);
    const ours = hotelSetupOf(readSetup(file));
    if (theirs && sameHotelSetup(hotelSetupOf(theirs), ours)) return false;
    if (direction === 'down' && theirs) {
      writeSetup(file, hotelSetupOf(theirs));
      return true;
    }
    if (isConfigured(readSetup(file))) await hotel.setSetting('setup', ours);
  } catch (error) {
    logger.warn('the service setup could not be shared', {
      error: error instanceof Error ? error.name : 'unknown',
    });
  }
  return false;
}
