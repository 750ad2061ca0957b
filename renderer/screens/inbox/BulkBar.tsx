// Appears when reservations are ticked: confirms the waiting ones in one go and says what was skipped.
// Changed reservations are never confirmed blind: they are held back, and "See what changed" lists each with
// what changed since the last answer; confirming them from there keeps each one's earlier note.
// Cancellations wait for no answer and are left out.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult, InboxRow, ReservationDetail } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { SelectionBar } from '../../components/SelectionBar';
import { useSelectionRequest } from '../../components/useSelectionRequest';
import { ChangeSummary, changesToShow } from '../reservation/ChangeSummary';

interface Props {
  selected: ReadonlyMap<string, InboxRow>;
  onClear: () => void;
}

const answerable = (r: InboxRow) =>
  r.confirmationStatus === 'W' && r.decision !== 'pending' && r.changeKind !== 'cancelled';

/** The note a changed reservation keeps: the one sent with its earlier confirmation. */
const keptNote = (detail: ReservationDetail): string =>
  detail.decision?.action === 'confirm' ? detail.decision.note : '';

export function BulkBar({ selected, onClear }: Props) {
  const { t } = useTranslation();
  const request = useSelectionRequest<BulkResult>();
  const { result } = request;
  const [review, setReview] = useState<ReservationDetail[] | null>(null);
  const [reviewError, setReviewError] = useState<unknown>(null);
  const ticked = [...selected.values()];
  const waiting = ticked.filter(answerable);
  const plain = waiting.filter((r) => r.changeKind !== 'changed');
  const changed = waiting.filter((r) => r.changeKind === 'changed');

  const confirmPlain = () =>
    request.run(
      () => ask('confirmMany', { keyFields: plain.map((r) => r.keyField) }),
      () => {
        setReview(null);
        onClear();
      },
    );

  const showChanged = async () => {
    setReviewError(null);
    try {
      setReview(await Promise.all(changed.map((r) => ask('getReservation', { keyField: r.keyField }))));
    } catch (e) {
      setReviewError(e);
    }
  };

  /** Confirms the reviewed reservations one by one, each with its own earlier note. */
  const confirmReviewed = (details: ReservationDetail[]) =>
    request.run(
      async () => {
        const outcome: BulkResult = { queued: 0, skipped: [] };
        for (const d of details) {
          const keyField = d.reservation.keyField;
          const note = keptNote(d);
          try {
            await ask('confirm', { keyField, note: note || undefined });
            outcome.queued += 1;
          } catch (e) {
            outcome.skipped.push({ keyField, reason: e instanceof Error ? e.message : '' });
          }
        }
        return outcome;
      },
      () => {
        setReview(null);
        onClear();
      },
    );

  return (
    <>
      <SelectionBar
        className="bulk-bar"
        testId="bulk-bar"
        selectedCount={selected.size}
        actions={
          <>
            <span>{t('bulk.selected', { count: selected.size, waiting: waiting.length })}</span>
            <button
              type="button"
              className="button primary small"
              disabled={request.busy || plain.length === 0}
              onClick={() => void confirmPlain()}
            >
              {t('bulk.confirm', { count: plain.length })}
            </button>
            {changed.length > 0 && (
              <>
                <span className="bulk-held" data-testid="bulk-held">
                  <span aria-hidden="true">✎ </span>
                  {t('bulk.changedHeld', { count: changed.length })}
                </span>
                <button
                  type="button"
                  className="button small"
                  aria-expanded={review !== null}
                  onClick={() => (review ? setReview(null) : void showChanged())}
                >
                  {t('bulk.showChanged', { count: changed.length })}
                </button>
              </>
            )}
          </>
        }
        onClear={() => {
          setReview(null);
          onClear();
        }}
        outcome={
          result && (
            <>
              {t('bulk.queued', { count: result.queued })}
              {result.skipped.length > 0 && ` ${t('bulk.skipped', { count: result.skipped.length })}`}
            </>
          )
        }
        onDismiss={request.dismiss}
        error={request.error}
      />
      <ErrorNote error={reviewError} />
      {review && review.length > 0 && (
        <section className="bulk-review" data-testid="bulk-review" aria-label={t('bulk.reviewTitle')}>
          <h2>{t('bulk.reviewTitle')}</h2>
          <ul>
            {review.map((d) => {
              const shown = changesToShow(d);
              const note = keptNote(d);
              return (
                <li key={d.reservation.keyField} data-key={d.reservation.keyField}>
                  <strong>{d.guests[0]?.name || d.reservation.voucherNo}</strong>{' '}
                  <span className="muted">{d.reservation.voucherNo}</span>
                  {shown ? (
                    <ChangeSummary shown={shown} />
                  ) : (
                    <p className="muted">{t('bulk.noVisibleChange')}</p>
                  )}
                  <p className="kept-note" data-testid="kept-note">
                    {note ? t('bulk.noteKept', { note }) : t('bulk.noNote')}
                  </p>
                </li>
              );
            })}
          </ul>
          <div className="actions">
            <button
              type="button"
              className="button confirm small"
              disabled={request.busy}
              onClick={() => void confirmReviewed(review)}
            >
              {t('bulk.confirmReviewed', { count: review.length })}
            </button>
            <button type="button" className="button small" onClick={() => setReview(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
