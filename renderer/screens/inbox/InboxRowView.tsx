// One reservation in the inbox, two short lines: who and what state; when, what room, how many, from whom.
import { useTranslation } from 'react-i18next';
import type { InboxRow } from '../../../shared/ipc';
import { DecisionBadge, KindBadge, StatusBadge } from '../../components/badges';
import { GuestLine, StayLine } from '../../components/ReservationLines';

interface Props {
  row: InboxRow;
  index: number;
  isCursor: boolean;
  isOpen: boolean;
  isSelected: boolean;
  isFresh: boolean;
  onToggle: (row: InboxRow) => void;
  onOpen: (index: number, row: InboxRow) => void;
}

export function InboxRowView({ row, index, isCursor, isOpen, isSelected, isFresh, onToggle, onOpen }: Props) {
  const { t } = useTranslation();
  const classes = [
    'row-body',
    `kind-${row.changeKind}`,
    isCursor ? 'is-cursor' : '',
    isOpen ? 'is-open' : '',
    isSelected ? 'is-selected' : '',
    isFresh ? 'is-fresh' : '',
  ].join(' ');
  return (
    <div className={classes} onClick={() => onOpen(index, row)} data-key={row.keyField}>
      <label className="row-check" onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          tabIndex={-1}
          checked={isSelected}
          onChange={() => onToggle(row)}
          aria-label={t('inbox.select', { guest: row.leadGuest })}
        />
      </label>
      <div className="row-lines">
        <GuestLine row={row} lead={<KindBadge kind={row.changeKind} />}>
          <DecisionBadge state={row.decision} />
          <StatusBadge status={row.confirmationStatus} />
        </GuestLine>
        <StayLine row={row} />
      </div>
    </div>
  );
}
