// Cancellations wait at the service until the hotel takes them in (a confirmation of the cancellation, as
// the live service's production client answers them); left alone they wait for ever. This line says how
// many wait under the inbox's filter and takes them all in with one click. Cancellations skip the
// pre-confirm checks, as they do in the production client: there is nothing to check on a stay that ends.
// What it queued stays beside the line, with its Undo, until dismissed: another answer changing meanwhile (one of
// these leaving, another desk's) must not take the Undo away.
import { useTranslation } from 'react-i18next';
import type { InboxFilter } from '../../../shared/domain';
import type { BulkResult } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { useSelectionRequest } from '../../components/useSelectionRequest';
import { UndoBatch } from './UndoBatch';

interface Props {
  /** Cancellations waiting to be taken in under the inbox's filter (its counts). */
  waiting: number;
  filter: InboxFilter;
}

const PAGE = 500;

/** Every waiting cancellation under the filter whose answer is not already on its way. */
async function waitingCancellations(filter: InboxFilter): Promise<string[]> {
  const only: InboxFilter = { ...filter, statuses: ['W'], kinds: ['cancelled'] };
  const keys: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await ask('listReservations', {
      filter: only,
      sort: 'arrival',
      direction: 'asc',
      offset,
      limit: PAGE,
    });
    for (const row of page.rows) if (row.decision !== 'pending') keys.push(row.keyField);
    if (page.rows.length < PAGE) return keys;
  }
}

async function takeInAll(filter: InboxFilter): Promise<BulkResult> {
  const keys = await waitingCancellations(filter);
  const outcome: BulkResult = { queued: 0, queuedKeys: [], skipped: [] };
  for (let i = 0; i < keys.length; i += 1000) {
    const part = await ask('confirmMany', { keyFields: keys.slice(i, i + 1000) });
    outcome.queued += part.queued;
    outcome.queuedKeys.push(...part.queuedKeys);
    outcome.skipped.push(...part.skipped);
  }
  return outcome;
}

export function TakeInBar({ waiting, filter }: Props) {
  const { t } = useTranslation();
  const request = useSelectionRequest<BulkResult>();
  if (waiting <= 0 && !request.result && !request.error) return null;
  return (
    <div className="take-in-bar" data-testid="take-in-bar" role="status">
      {waiting > 0 && (
        <>
          <span>{t('inbox.takeInWaiting', { count: waiting })}</span>
          <button
            type="button"
            className="button primary small"
            data-testid="take-in-all"
            disabled={request.busy}
            onClick={() =>
              void request.run(
                () => takeInAll(filter),
                () => undefined,
              )
            }
          >
            {t('inbox.takeInAll', { count: waiting })}
          </button>
        </>
      )}
      {request.result && (
        <span data-testid="take-in-outcome">
          {t('inbox.takeInQueued', { count: request.result.queued })}
          {request.result.skipped.length > 0 &&
            ` ${t('bulk.skipped', { count: request.result.skipped.length })}`}
          <UndoBatch keyFields={request.result.queuedKeys} />
          <button type="button" className="link" onClick={request.dismiss}>
            {t('common.dismiss')}
          </button>
        </span>
      )}
      <ErrorNote error={request.error} />
    </div>
  );
}
