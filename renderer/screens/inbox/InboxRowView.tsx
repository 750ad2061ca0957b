// One reservation in the inbox, two short lines: who and what state; when, what room, how many, from whom.
// A cancellation says "to take in" or "taken in" instead of "waiting" or "confirmed"; one still waiting after its check-in day is flagged
// (the checks' past-check-in), and the other pre-confirm checks show as markers with their names. Unmapped
// codes are not flagged here: a note in the reservation, never a warning on every row.
import { useTranslation } from 'react-i18next';
import type { InboxRow } from '../../../shared/ipc';
import { DecisionBadge, KindBadge, StatusBadge } from '../../components/badges';
import { CheckMarkers } from '../../components/checks';
import { GuestLine, StayLine } from '../../components/ReservationLines';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { inboxRowId } from './row-id';

interface Props {
  row: InboxRow;
  index: number;
  isCursor: boolean;
  isOpen: boolean;
  isSelected: boolean;
  isFresh: boolean;
  onToggle: (row: InboxRow) => void;
  onOpen: (row: InboxRow) => void;
}

/**
 * Still waiting for the hotel's answer although the guest was due to arrive before today: the checks'
 * past-check-in (main's hotel date; none for a cancellation), unless an answer is already on its way.
 */
export const isOverdue = (row: InboxRow): boolean =>
  row.decision !== 'pending' && row.checks.some((c) => c.kind === 'past-check-in');

export function InboxRowView({ row, index, isCursor, isOpen, isSelected, isFresh, onToggle, onOpen }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const cancelled = row.changeKind === 'cancelled';
  const overdue = isOverdue(row);
  const classes = [
    'row-body',
    `kind-${row.changeKind}`,
    isCursor ? 'is-cursor' : '',
    isOpen ? 'is-open' : '',
    isSelected ? 'is-selected' : '',
    isFresh ? 'is-fresh' : '',
  ].join(' ');
  return (
    <div
      className={classes}
      id={inboxRowId(index)}
      role="row"
      aria-rowindex={index + 1}
      aria-selected={isCursor}
      onClick={() => onOpen(row)}
      data-key={row.keyField}
    >
      <div className="row-check" role="gridcell" onClick={(e) => e.stopPropagation()}>
        <label>
          <input
            type="checkbox"
            tabIndex={isCursor ? 0 : -1}
            checked={isSelected}
            onChange={() => onToggle(row)}
            aria-label={t('inbox.select', { guest: row.leadGuest || t('inbox.noName') })}
          />
        </label>
      </div>
      <div className="row-lines" role="gridcell">
        <GuestLine row={row} lead={<KindBadge kind={row.changeKind} />} showUnmapped={false}>
          {overdue && (
            <span
              className="badge overdue"
              data-testid="overdue"
              title={t('inbox.overdueHint', { date: formatDate(row.checkIn, lng) })}
            >
              <span aria-hidden="true">⚠ </span>
              {t('inbox.overdue')}
            </span>
          )}
          <CheckMarkers checks={row.checks} skip={['past-check-in', 'unmapped']} />
          <DecisionBadge state={row.decision} />
          {/* A cancellation is not "waiting" or "confirmed": it waits to be taken in, or was taken in. */}
          {cancelled && (row.confirmationStatus === 'W' || row.confirmationStatus === 'E') ? (
            <span
              className={`badge take-in ${row.confirmationStatus === 'W' ? 'to-take-in' : 'taken-in'}`}
              data-testid="take-in-state"
              data-state={row.confirmationStatus === 'W' ? 'to-take-in' : 'taken-in'}
            >
              <span aria-hidden="true">{row.confirmationStatus === 'W' ? '◷ ' : '✓ '}</span>
              {t(row.confirmationStatus === 'W' ? 'inbox.toTakeIn' : 'inbox.takenIn')}
            </span>
          ) : (
            <StatusBadge status={row.confirmationStatus} />
          )}
        </GuestLine>
        <StayLine row={row} />
      </div>
    </div>
  );
}
