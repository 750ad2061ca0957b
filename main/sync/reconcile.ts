// Confirmations can be made elsewhere (the channel's web site, a phone call to the agency): such a
// reservation only ever appears in the E (or H) list. So now and then we read the W, E and H lists in full,
// without IsSendRequired, and let the idempotent import bring statuses up to date.
import type { ConfirmationStatus } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';
import { acknowledgeStored, emptySummary, mergeInto, type PullStore, type PullSummary } from './pull';
import type { SyncClient } from './ports';

const STATUSES: readonly ConfirmationStatus[] = ['W', 'E', 'H'];

export async function reconcileStatuses(
  client: SyncClient,
  store: PullStore,
  options: { window: CheckInWindow; now: () => Date; signal?: AbortSignal },
): Promise<PullSummary> {
  const summary: PullSummary = emptySummary();
  for (const status of STATUSES) {
    await client.fetchReservations(
      { ...options.window, status, isSendRequired: false, signal: options.signal },
      async (batch) => {
        summary.received += batch.length;
        // Reconcile lists hold every reservation, reported or not: only new LogIds need reporting.
        mergeInto(
          summary,
          store.importBatch(batch, options.now().toISOString(), { acknowledgeAgain: false }),
        );
      },
    );
  }
  summary.acknowledged += await acknowledgeStored(client, store);
  return summary;
}
