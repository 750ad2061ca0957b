// One reservation beside the inbox: the decision first (that is the job), then the fields and the history.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isKnownPmsStatus, type StayCodeKind } from '../../../shared/domain';
import type { ReservationDetail } from '../../../shared/ipc';
import { ask } from '../../api';
import { KindBadge, StatusBadge } from '../../components/badges';
import { ErrorNote } from '../../components/ErrorNote';
import type { OpenIntent } from '../inbox/InboxList';
import { ChecksSection } from './ChecksSection';
import { DecisionPanel } from './DecisionPanel';
import { ReservationFields } from './ReservationFields';
import { VersionHistory } from './VersionHistory';

/** Waiting for the hotel's answer and none on its way (a sent one may meet a newer version). */
const awaitsAnswer = (detail: ReservationDetail): boolean =>
  detail.reservation.confirmationStatus === 'W' &&
  (detail.decision === null || detail.decision.state === 'none' || detail.decision.state === 'sent');

interface Props {
  keyField: string;
  intent: OpenIntent;
  intentNonce: number;
  refreshToken: number;
  onClose: () => void;
  /**
   * An answer was accepted for this reservation, or its answer form was left with Esc / Cancel: the list
   * takes the keyboard back, on this reservation's row.
   */
  onAnswered: (keyField: string) => void;
  onOpenMapping: (agencyId: string, kind: StayCodeKind, code: string) => void;
}

export function ReservationScreen({
  keyField,
  intent,
  intentNonce,
  refreshToken,
  onClose,
  onAnswered,
  onOpenMapping,
}: Props) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<ReservationDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [localIntent, setLocalIntent] = useState<{ intent: OpenIntent; nonce: number }>({ intent, nonce: 0 });
  const panel = useRef<HTMLElement>(null);

  // Only the newest read may show: on the hotel's shared database two reads can come back out of order, and an
  // older one (read before an answer was given) must not put the reservation back to "waiting".
  const asked = useRef(0);
  const load = useCallback(() => {
    const n = ++asked.current;
    ask('getReservation', { keyField }).then(
      (d) => {
        if (n !== asked.current) return;
        setDetail(d);
        setError(null);
      },
      (e: unknown) => {
        if (n === asked.current) setError(e);
      },
    );
  }, [keyField]);

  useEffect(() => load(), [load, refreshToken]);
  useEffect(() => setLocalIntent((p) => ({ intent, nonce: p.nonce + 1 })), [intent, intentNonce]);

  // C / D also work here, unless the receptionist is typing a note.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select') || e.ctrlKey || e.altKey || e.metaKey) return;
    const key = e.key.toLowerCase();
    if ((key === 'c' || key === 'd') && detail?.changeKind !== 'cancelled') {
      e.preventDefault();
      setLocalIntent((p) => ({ intent: key === 'c' ? 'confirm' : 'decline', nonce: p.nonce + 1 }));
    }
  };

  const r = detail?.reservation;
  return (
    <aside
      className="reservation-panel"
      ref={panel}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      aria-label={t('reservation.title')}
      data-testid="reservation"
      data-key={keyField}
    >
      <header className="panel-head">
        <div className="panel-title">
          <h2>{r ? r.guests[0]?.name || r.voucherNo : t('common.loading')}</h2>
          {detail && r && (
            <div className="badges">
              <KindBadge kind={detail.changeKind} />
              {/* A cancellation waits for nothing: no "waiting" beside "cancelled". */}
              {!(detail.changeKind === 'cancelled' && r.confirmationStatus === 'W') && (
                <StatusBadge status={r.confirmationStatus} />
              )}
            </div>
          )}
        </div>
        <button type="button" className="button small" onClick={onClose} title="Esc">
          {t('common.close')}
        </button>
      </header>
      <ErrorNote error={error} />
      {detail && r && (
        <div className="panel-body">
          {!isKnownPmsStatus(r.pmsStatus) && (
            <p className="hint" role="note" data-testid="unknown-pms-status">
              {t('reservation.unknownPmsStatus', {
                value: r.pmsStatus,
                kind: t(`kind.${detail.changeKind}`),
              })}
            </p>
          )}
          {/* "Before you confirm" only while there is something to confirm: not on an answered one. */}
          {detail.changeKind !== 'cancelled' && awaitsAnswer(detail) && (
            <ChecksSection
              checks={detail.checks}
              onMap={(kind, code) => onOpenMapping(r.agencyId, kind, code)}
            />
          )}
          <DecisionPanel
            detail={detail}
            intent={localIntent.intent}
            intentNonce={localIntent.nonce}
            onDecided={() => load()}
            onRefused={() => load()}
            onAnswered={() => onAnswered(keyField)}
            onFormClosed={() => onAnswered(keyField)}
          />
          <ReservationFields detail={detail} onMap={(kind, code) => onOpenMapping(r.agencyId, kind, code)} />
          <VersionHistory versions={detail.versions} />
        </div>
      )}
    </aside>
  );
}
