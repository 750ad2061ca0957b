// Confirmations can be made elsewhere (the channel's web site, a phone call to the agency): such a
// reservation only ever appears in the E (or H) list. So now and then we read the waiting, E and H lists
// in full, without IsSendRequired, and let the idempotent import bring statuses up to date.
//
// The waiting list read in full holds everything the incremental pull would have returned (that one only
// leaves out what was already reported), so a reconciling cycle reads it instead of the pull: each list is
// read once, which with the live service means preparing and downloading a large-result file once.
// Reservations seen for the first time are queued and reported exactly as the pull would.
import type { ConfirmationStatus } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';
import {
  acknowledgeStored,
  emptySummary,
  setAsideInto,
  storeBatch,
  type PullStore,
  type PullSummary,
} from './pull';
import type { SyncClient } from './ports';

/** undefined: the waiting list exactly as the pull asks for it (no status parameter). */
const LISTS: readonly (ConfirmationStatus | undefined)[] = [undefined, 'E', 'H'];

export async function reconcileStatuses(
  client: SyncClient,
  store: PullStore,
  options: { window: CheckInWindow; now: () => Date; partnerId: number; signal?: AbortSignal },
  summary: PullSummary = emptySummary(),
): Promise<PullSummary> {
  // Whatever an earlier run stored but could not report goes first, as in the pull.
  summary.acknowledged += await acknowledgeStored(client, store);
  for (const status of LISTS) {
    await client.fetchReservations(
      {
        ...options.window,
        ...(status ? { status } : {}),
        isSendRequired: false,
        signal: options.signal,
        onUnreadable: setAsideInto(store, summary, options.now),
      },
      async (batch) => {
        // Full lists hold every reservation, reported or not: only LogIds never reported are queued.
        storeBatch(store, batch, summary, { ...options, acknowledgeAgain: false });
        store.checkDatabaseFile();
      },
    );
    // One report per ServiceId per list read (pull.ts), after the whole list is stored.
    summary.acknowledged += await acknowledgeStored(client, store);
  }
  return summary;
}
