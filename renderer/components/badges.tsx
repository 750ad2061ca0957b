// Reservation states are told by text and icon as well as colour, so nobody has to tell red from amber.
import { useTranslation } from 'react-i18next';
import type { ChangeKind, ServiceConfirmationStatus } from '../../shared/domain';
import type { DecisionState } from '../../shared/ipc';

const kindIcon: Record<ChangeKind, string> = { new: '★', changed: '✎', cancelled: '✕' };

export function KindBadge({ kind }: { kind: ChangeKind }) {
  const { t } = useTranslation();
  return (
    <span className={`badge kind-${kind}`} data-kind={kind}>
      <span aria-hidden="true">{kindIcon[kind]} </span>
      {t(`kind.${kind}`)}
    </span>
  );
}

const statusIcon: Record<string, string> = { W: '◷', E: '✓', H: '⊘', S: '⇢', G: '⇠' };

const isKnownStatus = (status: ServiceConfirmationStatus): boolean =>
  Object.prototype.hasOwnProperty.call(statusIcon, status);

/** A status in words: W, E, H, S and G by name; any other letter as it came, marked unknown. */
export function useStatusLabel(): (status: ServiceConfirmationStatus) => string {
  const { t } = useTranslation();
  return (status) => (isKnownStatus(status) ? t(`status.${status}`) : t('status.other', { letter: status }));
}

/**
 * W, E and H are the answers; the live service also sends S ("sent") and G ("not sent"). Any other letter
 * is shown as it came, marked unknown, never hidden.
 */
export function StatusBadge({ status }: { status: ServiceConfirmationStatus }) {
  const label = useStatusLabel();
  const known = isKnownStatus(status);
  return (
    <span className={`badge status-${known ? status : 'other'}`} data-status={status}>
      <span aria-hidden="true">{known ? statusIcon[status] : '?'} </span>
      {label(status)}
    </span>
  );
}

const decisionIcon: Record<Exclude<DecisionState, 'none'>, string> = {
  pending: '⇡',
  sent: '✓',
  failed: '⚠',
  review: '?',
};

export function DecisionBadge({ state }: { state: DecisionState }) {
  const { t } = useTranslation();
  if (state === 'none' || state === 'sent') return null;
  return (
    <span className={`badge decision-${state}`} data-decision={state}>
      <span aria-hidden="true">{decisionIcon[state]} </span>
      {t(`decision.short.${state}`)}
    </span>
  );
}
