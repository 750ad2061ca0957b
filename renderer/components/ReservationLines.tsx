// The two short lines that sum up a reservation in a list (the inbox, "to enter in PMS"): who, with the
// list's own badges around; then when, what room, how many, from whom.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxRow } from '../../shared/ipc';
import { heldAs } from '../../shared/domain';
import { currentLanguage } from '../i18n';
import { formatDate } from '../i18n/format';

type Pax = Pick<InboxRow, 'adults' | 'childs' | 'infants'>;

/** "2 adults, 1 child": children and infants only when there are some. */
function paxText(row: Pax, t: TFunction) {
  const parts = [t('pax.adults', { count: row.adults })];
  if (row.childs > 0) parts.push(t('pax.children', { count: row.childs }));
  if (row.infants > 0) parts.push(t('pax.infants', { count: row.infants }));
  return parts.join(', ');
}

interface GuestLineProps {
  row: Pick<InboxRow, 'leadGuest' | 'voucherNo' | 'hasUnmappedCodes'>;
  /** The badge that says what the list is about (the change kind, the PMS state). */
  lead: ReactNode;
  /** The badges at the right end, after the unmapped-codes flag. */
  children: ReactNode;
  /**
   * Whether to flag unmapped codes (the PMS list: they block typing it in). The inbox does not: there it is
   * a note in the reservation, not a warning on every row of a new agency's first day.
   */
  showUnmapped?: boolean;
}

export function GuestLine({ row, lead, children, showUnmapped = true }: GuestLineProps) {
  const { t } = useTranslation();
  return (
    <div className="row-line">
      {lead}
      <span className="guest">{row.leadGuest || t('inbox.noName')}</span>
      <span className="muted voucher">{row.voucherNo}</span>
      <span className="spacer" />
      {showUnmapped && row.hasUnmappedCodes && (
        <span className="badge unmapped" title={t('inbox.unmappedHint')}>
          <span aria-hidden="true">⚑ </span>
          {t('inbox.unmapped')}
        </span>
      )}
      {children}
    </div>
  );
}

type Stay = Pax &
  Pick<
    InboxRow,
    'checkIn' | 'checkOut' | 'nights' | 'roomTypeName' | 'accomId' | 'tourOpName' | 'agencyName'
  > & {
    /** Rooms booked, where the list knows it (the PMS list does; the inbox's rows do not carry it yet). */
    roomCount?: number;
    /** How the agency holds the room, where the list knows it (the inbox). */
    quotaType?: number;
    reservationStatus?: number;
  };

export function StayLine({ row }: { row: Stay }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const pax = paxText(row, t);
  const agency = row.tourOpName || row.agencyName;
  const held =
    row.quotaType === undefined || row.reservationStatus === undefined
      ? 'unknown'
      : heldAs(row.quotaType, row.reservationStatus);
  const heldText = held === 'unknown' ? '' : t(`inbox.held.${held}`);
  // The whole line as a tooltip: a narrow list shortens the room, the guests and the agency.
  const full = `${row.roomTypeName} · ${row.accomId} · ${pax} · ${agency}${heldText && ` · ${heldText}`}`;
  return (
    <div className="row-line secondary" title={full}>
      <span className="dates">
        {formatDate(row.checkIn, lng)} → {formatDate(row.checkOut, lng)}
      </span>
      <span className="muted">{t('common.nights', { count: row.nights })}</span>
      {row.roomCount !== undefined && row.roomCount > 1 && (
        <strong className="room-count" data-testid="room-count">
          {t('pms.rooms', { count: row.roomCount })}
        </strong>
      )}
      <span className="room">
        {row.roomTypeName} · {row.accomId}
      </span>
      <span className="muted pax">{pax}</span>
      <span className="spacer" />
      <span className="agency">{agency}</span>
      {heldText && (
        <span className="muted held" data-held={held}>
          {heldText}
        </span>
      )}
    </div>
  );
}
