// Appears when reservations are ticked: confirms the waiting ones in one go and says what was skipped.
// Changed reservations are never confirmed blind: they are held back, and "See what changed" lists each with
// what changed since the last answer; confirming them from there keeps each one's earlier note.
// Waiting cancellations are never confirmed with the reservations: they have their own button, "Take in N
// cancellations" (no pre-confirm checks: the production client skips them for cancellations too). Reservations whose pre-confirm checks found a problem
// are listed with what to look at, and the receptionist chooses to include them or leave them out. Both
// panels put their buttons first and keep their lists in a bounded, scrolling box, so the buttons are on
// screen at 125% whatever the selection; the checks are grouped by kind, each group folded with its count.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult, InboxRow, ReservationCheck, ReservationDetail } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { SelectionBar } from '../../components/SelectionBar';
import { useSelectionRequest } from '../../components/useSelectionRequest';
import { ChangeSummary, changesToShow } from '../reservation/ChangeSummary';
import { BulkChecksByKind } from './BulkChecksByKind';
import { UndoBatch } from './UndoBatch';

interface Props {
  selected: ReadonlyMap<string, InboxRow>;
  onClear: () => void;
}

const answerable = (r: InboxRow) =>
  r.confirmationStatus === 'W' && r.decision !== 'pending' && r.changeKind !== 'cancelled';
const toTakeIn = (r: InboxRow) =>
  r.confirmationStatus === 'W' && r.decision !== 'pending' && r.changeKind === 'cancelled';

/** The note a changed reservation keeps: the one sent with its earlier confirmation. */
const keptNote = (detail: ReservationDetail): string =>
  detail.decision?.action === 'confirm' ? detail.decision.note : '';

export function BulkBar({ selected, onClear }: Props) {
  const { t } = useTranslation();
  const request = useSelectionRequest<BulkResult>();
  const { result } = request;
  const [review, setReview] = useState<ReservationDetail[] | null>(null);
  const [reviewError, setReviewError] = useState<unknown>(null);
  /** Reservations of the selection with a problem to look at, while the receptionist is asked. */
  const [asking, setAsking] = useState<{ row: InboxRow; checks: ReservationCheck[] }[] | null>(null);
  const ticked = [...selected.values()];
  const waiting = ticked.filter(answerable);
  const plain = waiting.filter((r) => r.changeKind !== 'changed');
  const changed = waiting.filter((r) => r.changeKind === 'changed');
  const cancellations = ticked.filter(toTakeIn);

  const confirmKeys = (keyFields: string[]) =>
    request.run(
      () =>
        keyFields.length > 0
          ? ask('confirmMany', { keyFields })
          : Promise.resolve<BulkResult>({ queued: 0, queuedKeys: [], skipped: [] }),
      () => {
        setReview(null);
        setAsking(null);
        onClear();
      },
    );

  /** Asks first when any of them has a problem check (fresh from main, not the row's markers). */
  const confirmPlain = async () => {
    setReviewError(null);
    let found: { keyField: string; checks: ReservationCheck[] }[];
    try {
      found = await ask('getChecks', { keyFields: plain.map((r) => r.keyField) });
    } catch (e) {
      setReviewError(e);
      return;
    }
    const problems = new Map(
      found
        .filter((f) => f.checks.some((c) => c.severity === 'problem'))
        .map((f) => [f.keyField, f.checks.filter((c) => c.severity === 'problem')]),
    );
    if (problems.size === 0) return confirmKeys(plain.map((r) => r.keyField));
    setReview(null);
    setAsking(
      plain
        .filter((r) => problems.has(r.keyField))
        .map((row) => ({ row, checks: problems.get(row.keyField) ?? [] })),
    );
  };

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
        const outcome: BulkResult = { queued: 0, queuedKeys: [], skipped: [] };
        for (const d of details) {
          const keyField = d.reservation.keyField;
          const note = keptNote(d);
          try {
            await ask('confirm', { keyField, note: note || undefined });
            outcome.queued += 1;
            outcome.queuedKeys.push(keyField);
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
            {cancellations.length > 0 && (
              <button
                type="button"
                className="button small"
                data-testid="bulk-take-in"
                disabled={request.busy}
                onClick={() => void confirmKeys(cancellations.map((r) => r.keyField))}
              >
                {t('bulk.takeIn', { count: cancellations.length })}
              </button>
            )}
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
          setAsking(null);
          onClear();
        }}
        outcome={
          result && (
            <>
              {t('bulk.queued', { count: result.queued })}
              {result.skipped.length > 0 && ` ${t('bulk.skipped', { count: result.skipped.length })}`}
              <UndoBatch keyFields={result.queuedKeys} />
            </>
          )
        }
        onDismiss={request.dismiss}
        error={request.error}
      />
      <ErrorNote error={reviewError} />
      {asking && (
        <section
          className="bulk-review bulk-checks"
          data-testid="bulk-checks"
          aria-label={t('checks.bulkTitle')}
        >
          <h2>{t('checks.bulkTitle')}</h2>
          <p role="alert">{t('checks.bulkAsk', { count: asking.length })}</p>
          <div className="actions">
            <button
              type="button"
              className="button confirm small"
              disabled={request.busy}
              onClick={() => void confirmKeys(plain.map((r) => r.keyField))}
            >
              {t('checks.bulkInclude')}
            </button>
            <button
              type="button"
              className="button small"
              disabled={request.busy}
              onClick={() => {
                const held = new Set(asking.map((a) => a.row.keyField));
                void confirmKeys(plain.filter((r) => !held.has(r.keyField)).map((r) => r.keyField));
              }}
            >
              {t('checks.bulkSkip')}
            </button>
            <button type="button" className="button small" onClick={() => setAsking(null)}>
              {t('common.cancel')}
            </button>
          </div>
          <BulkChecksByKind asking={asking} />
        </section>
      )}
      {review && review.length > 0 && (
        <section className="bulk-review" data-testid="bulk-review" aria-label={t('bulk.reviewTitle')}>
          <h2>{t('bulk.reviewTitle')}</h2>
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
          <ul className="bulk-list">
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
        </section>
      )}
    </>
  );
}
