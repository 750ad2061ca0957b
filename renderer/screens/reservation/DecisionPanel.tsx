// Where the answer is given and followed: the buttons (or, for a cancellation, "Take in the cancellation"), then pending → sent (with the voucher), failed (with
// the reason and Retry), or review (a newer version arrived after deciding: send anyway or take it back).
// An answer in review whose reservation was cancelled meanwhile cannot be sent: it shows one state and one
// way forward, "Take back my answer" and "Take in the cancellation", never "Send anyway".
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionView, ReservationDetail } from '../../../shared/ipc';
import { ask, errorCode } from '../../api';
import { useStatusLabel } from '../../components/badges';
import { ErrorNote } from '../../components/ErrorNote';
import { currentLanguage } from '../../i18n';
import { formatInstant } from '../../i18n/format';
import type { OpenIntent } from '../inbox/InboxList';
import { ChangeSummary, changesToShow } from './ChangeSummary';
import { AgencyNotes } from './AgencyNotes';
import { ConfirmForm, DeclineForm } from './DecisionForms';
import { useDeclineReasonName } from './useDeclineReasonName';
import { HeldAnswer } from './HeldAnswer';
import { AnsweringNotice } from './AnsweringNotice';
import { useAnswering } from './useAnswering';

interface Props {
  detail: ReservationDetail;
  intent: OpenIntent;
  intentNonce: number;
  onDecided: (decision: DecisionView | null) => void;
  /**
   * An answer was refused because what is shown is out of date (another desk answered it first, a newer
   * version arrived): the reservation is read again, so the refusal's sentence sits under what is true now.
   */
  onRefused: () => void;
  /** A confirmation or decline was accepted: the inbox takes the keyboard back, on this reservation. */
  onAnswered: () => void;
  /** The answer form was left without sending (Esc or Cancel): the inbox takes the keyboard back. */
  onFormClosed: () => void;
}

type Mode = 'idle' | 'confirm' | 'decline';

interface StateProps {
  decision: DecisionView;
  cancellation: boolean;
  /** The answer was given before the agency's cancellation arrived: it cannot go out as it is. */
  metCancellation: boolean;
  /** The service's confirmation number, once it gave one (read back after the confirmation). */
  confirmationNo: string;
  /** The answer was given to an earlier version: said as that, not as the state of this one. */
  earlier: boolean;
}

function DecisionState({ decision, cancellation, metCancellation, confirmationNo, earlier }: StateProps) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const reasonName = useDeclineReasonName(decision.action === 'decline' ? decision.reasonId : null);
  const what = t(
    decision.action === 'decline'
      ? 'decision.declined'
      : cancellation
        ? 'decision.takenInWhat'
        : 'decision.confirmed',
  );
  return (
    <div
      className={`decision-state state-${decision.state}`}
      data-testid="decision-state"
      data-state={decision.state}
    >
      <strong>
        {metCancellation
          ? t('decision.metCancellation')
          : earlier
            ? t('decision.earlierAnswer')
            : t(`decision.state.${decision.state}`)}
      </strong>
      <span>
        {t('decision.by', { what, user: decision.user || '—', time: formatInstant(decision.decidedAt, lng) })}
      </span>
      {decision.sentAt && <span>{t('decision.sentAt', { time: formatInstant(decision.sentAt, lng) })}</span>}
      {decision.state === 'sent' && decision.action === 'confirm' && !cancellation && confirmationNo && (
        <span data-testid="sent-confirmation-no">
          {t('decision.confirmationNo', { number: confirmationNo })}
        </span>
      )}
      {decision.note && <span className="note">“{decision.note}”</span>}
      {reasonName && (
        <span className="reason-sent" data-testid="reason-sent">
          {t('decision.reasonSent', { reason: reasonName })}
        </span>
      )}
      {metCancellation && <span className="hint">{t('decision.reviewCancelledHint')}</span>}
      {!metCancellation && decision.state === 'pending' && decision.sendAfter === null && (
        <span className="hint">{t('decision.pendingHint')}</span>
      )}
      {!metCancellation && decision.state === 'review' && (
        <span className="hint">
          {t(cancellation ? 'decision.reviewCancelledHint' : 'decision.reviewHint')}
        </span>
      )}
      {decision.error && (decision.state === 'failed' || decision.state === 'pending') && (
        <span className="error-note">{decision.error}</span>
      )}
    </div>
  );
}

export function DecisionPanel({
  detail,
  intent,
  intentNonce,
  onDecided,
  onRefused,
  onAnswered,
  onFormClosed,
}: Props) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { reservation, decision } = detail;
  const [mode, setMode] = useState<Mode>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const cancelled = detail.changeKind === 'cancelled';
  const changes = changesToShow(detail);
  const open = decision === null || decision.state === 'none' || decision.state === 'sent';
  // A cancellation is never confirmed or declined: it is taken in (a confirmation of the cancellation, as
  // the live service's production client answers it), so the agency knows the hotel has it.
  const canDecide = !cancelled && reservation.confirmationStatus === 'W' && open;
  const canTakeIn = cancelled && reservation.confirmationStatus === 'W' && open;
  // The agency changed the booking after the answer went: the new version waits for its own answer.
  const changedAfterAnswer =
    !cancelled &&
    reservation.confirmationStatus === 'W' &&
    decision !== null &&
    decision.state === 'sent' &&
    decision.basedOnLogId !== reservation.logId;
  const takenIn = cancelled && reservation.confirmationStatus === 'E';
  // An answer given before the agency's cancellation arrived (held, queued or in review) cannot go out as it
  // is: one state, and one way forward, take it back or take in the cancellation instead.
  const latestAt = Math.max(0, ...detail.versions.map((v) => Date.parse(v.receivedAt)));
  const cancelledInReview =
    cancelled &&
    decision !== null &&
    (decision.state === 'review' || decision.state === 'pending') &&
    latestAt > Date.parse(decision.decidedAt);
  const closeForm = () => {
    setMode('idle');
    onFormClosed();
  };
  const takeInButton = useRef<HTMLButtonElement>(null);
  // Another desk on the hotel's database answering this reservation: said above the buttons, never a lock.
  const elsewhere = useAnswering(reservation.keyField, canDecide || canTakeIn, canDecide && mode !== 'idle');

  // Each opening's intent (C, D, Enter) is applied once: an answer taken back (Undo) must not reopen the
  // form by itself on the reservation the receptionist just said was the wrong one.
  const appliedNonce = useRef<number | null>(null);
  useEffect(() => {
    if (appliedNonce.current === intentNonce || !(canDecide || canTakeIn)) return;
    appliedNonce.current = intentNonce;
    if (canDecide) setMode(intent === 'view' ? 'idle' : intent);
    if (canTakeIn && intent === 'confirm') takeInButton.current?.focus();
  }, [intent, intentNonce, canDecide, canTakeIn]);

  const act = async (work: () => Promise<DecisionView | null>, answer = false) => {
    setBusy(true);
    setError(null);
    try {
      const result = await work();
      setMode('idle');
      onDecided(result);
      if (answer) onAnswered();
    } catch (e) {
      setError(e);
      if (errorCode(e) === 'conflict') onRefused();
    } finally {
      setBusy(false);
    }
  };
  const keyField = reservation.keyField;
  /** Takes back the answer that met the cancellation: Undo while it is held or queued, discard in review. */
  const takeBack = () =>
    decision?.state === 'pending'
      ? ask('undoDecision', { keyField })
      : ask('resolveReview', { keyField, action: 'discard' });

  return (
    <section className="decision-panel" data-testid="decision-panel">
      {changedAfterAnswer && (
        <p className="changed-after-answer" data-testid="changed-after-answer" role="note">
          <strong>{t('decision.changedAfterAnswer')}</strong> {t('decision.changedAfterAnswerTodo')}
        </p>
      )}
      {decision && decision.state !== 'none' && (
        <DecisionState
          earlier={changedAfterAnswer}
          decision={decision}
          cancellation={cancelled && decision.basedOnLogId === reservation.logId}
          metCancellation={cancelledInReview}
          confirmationNo={reservation.confirmationNo.trim()}
        />
      )}
      {cancelled && !cancelledInReview && (
        <p
          className="no-answer cancel-note"
          role="note"
          data-testid="no-answer"
          data-state={takenIn ? 'taken-in' : canTakeIn ? 'to-take-in' : 'none'}
        >
          <span aria-hidden="true">✕ </span>
          {t(
            takenIn
              ? 'decision.cancelledTakenIn'
              : reservation.confirmationStatus === 'W'
                ? 'decision.cancelledToTakeIn'
                : 'decision.cancelledNoAnswer',
          )}
        </p>
      )}
      {canTakeIn && <AnsweringNotice elsewhere={elsewhere} />}
      {canTakeIn && (
        <div className="actions">
          <button
            type="button"
            ref={takeInButton}
            className="button primary"
            data-testid="take-in"
            disabled={busy}
            onClick={() => void act(() => ask('confirm', { keyField }), true)}
          >
            <span aria-hidden="true">✓ </span>
            {t('decision.takeIn')}
          </button>
        </div>
      )}
      {changes && <ChangeSummary shown={changes} />}
      {decision && !cancelledInReview && !changedAfterAnswer && (
        <HeldAnswer
          decision={decision}
          busy={busy}
          onUndo={() => void act(() => ask('undoDecision', { keyField }))}
          onSendNow={() => void act(() => ask('sendDecisionNow', { keyField }))}
        />
      )}
      {decision?.state === 'failed' && (
        <div className="actions">
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void act(() => ask('retryDecision', { keyField }))}
          >
            {t('decision.retry')}
          </button>
        </div>
      )}
      {cancelledInReview && (
        <div className="actions" data-testid="review-cancelled">
          <button type="button" className="button" disabled={busy} onClick={() => void act(takeBack)}>
            <span aria-hidden="true">↶ </span>
            {t('decision.discard')}
          </button>
          <button
            type="button"
            className="button primary"
            data-testid="take-in"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                // The answer given before the cancellation goes; the cancellation is what is taken in.
                await takeBack();
                return ask('confirm', { keyField });
              }, true)
            }
          >
            <span aria-hidden="true">✓ </span>
            {t('decision.takeIn')}
          </button>
        </div>
      )}
      {decision?.state === 'review' && !cancelled && (
        <div className="actions">
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void act(() => ask('resolveReview', { keyField, action: 'send' }))}
          >
            {t('decision.sendAnyway')}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act(() => ask('resolveReview', { keyField, action: 'discard' }))}
          >
            {t('decision.discard')}
          </button>
        </div>
      )}
      {decision?.voucherSaved && (
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => void ask('openVoucher', { keyField }).then(() => setError(null), setError)}
          >
            <span aria-hidden="true">▤ </span>
            {t('decision.openVoucher')}
          </button>
        </div>
      )}
      {canDecide && <AnsweringNotice elsewhere={elsewhere} />}
      {canDecide && mode === 'idle' && (
        <div className="actions">
          <button type="button" className="button confirm" onClick={() => setMode('confirm')}>
            <span aria-hidden="true">✓ </span>
            {t('decision.confirm')} <kbd>C</kbd>
          </button>
          <button type="button" className="button decline" onClick={() => setMode('decline')}>
            <span aria-hidden="true">⊘ </span>
            {t('decision.decline')} <kbd>D</kbd>
          </button>
        </div>
      )}
      {canDecide && mode !== 'idle' && <AgencyNotes reservation={reservation} />}
      {canDecide && mode === 'confirm' && (
        <ConfirmForm
          busy={busy}
          keyField={keyField}
          initialNote={decision?.action === 'confirm' ? decision.note : ''}
          onCancel={closeForm}
          onSend={(note) => void act(() => ask('confirm', { keyField, note: note || undefined }), true)}
        />
      )}
      {canDecide && mode === 'decline' && (
        <DeclineForm
          busy={busy}
          onCancel={closeForm}
          onSend={(reasonId) => void act(() => ask('decline', { keyField, reasonId }), true)}
        />
      )}
      {!canDecide && !decision && !cancelled && (
        <p className="muted">
          {reservation.confirmationStatus === 'E'
            ? t('decision.alreadyConfirmed')
            : reservation.confirmationStatus === 'H'
              ? t('decision.alreadyDeclined')
              : t('decision.notWaiting', { status: statusLabel(reservation.confirmationStatus) })}
        </p>
      )}
      <ErrorNote error={error} />
    </section>
  );
}
