// One reservation in the inbox, two short lines: who and what state; when, what room, how many, from whom.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { InboxRow } from '../../../shared/ipc';
import { DecisionBadge, KindBadge, StatusBadge } from '../../components/badges';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../i18n/format';

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

export function paxText(row: Pick<InboxRow, 'adults' | 'childs' | 'infants'>, t: TFunction) {
  const parts = [t('pax.adults', { count: row.adults })];
  if (row.childs > 0) parts.push(t('pax.children', { count: row.childs }));
  if (row.infants > 0) parts.push(t('pax.infants', { count: row.infants }));
  return parts.join(', ');
}

export function InboxRowView({ row, index, isCursor, isOpen, isSelected, isFresh, onToggle, onOpen }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
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
        <div className="row-line">
          <KindBadge kind={row.changeKind} />
          <span className="guest">{row.leadGuest || t('inbox.noName')}</span>
          <span className="muted voucher">{row.voucherNo}</span>
          <span className="spacer" />
          {row.hasUnmappedCodes && (
            <span className="badge unmapped" title={t('inbox.unmappedHint')}>
              <span aria-hidden="true">⚑ </span>
              {t('inbox.unmapped')}
            </span>
          )}
          <DecisionBadge state={row.decision} />
          <StatusBadge status={row.confirmationStatus} />
        </div>
        <div className="row-line secondary">
          <span className="dates">
            {formatDate(row.checkIn, lng)} → {formatDate(row.checkOut, lng)}
          </span>
          <span className="muted">{t('common.nights', { count: row.nights })}</span>
          <span className="room">
            {row.roomTypeName} · {row.accomId}
          </span>
          <span className="muted">{paxText(row, t)}</span>
          <span className="spacer" />
          <span className="agency">{row.tourOpName || row.agencyName}</span>
        </div>
      </div>
    </div>
  );
}
