// The reservation in the hotel's words: who sent it, when, which room and board (with the hotel's codes),
// how many people, the guests, the notes and the price.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { heldAs, type StayCodeKind } from '../../../shared/domain';
import type { ReservationDetail } from '../../../shared/ipc';
import { currentLanguage } from '../../i18n';
import { formatDate, formatLocalTime, formatMoney } from '../../i18n/format';
import { CodeValue } from './CodeValue';

/** How the agency holds the room (shared/domain heldAs), in words. */
const heldWords = (t: TFunction, quotaType: number, reservationStatus: number): string =>
  t(`fields.heldAs.${heldAs(quotaType, reservationStatus)}`, { value: quotaType });

interface Props {
  detail: ReservationDetail;
  onMap: (kind: StayCodeKind, code: string) => void;
}

export function ReservationFields({ detail, onMap }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const r = detail.reservation;
  const codes = detail.codes;
  /** The service's flags come as Y/N (E/H in Turkish, 1/0 from some systems); anything else as it came. */
  const yesNo = (value: string) => {
    const v = value.trim().toLowerCase();
    if (['y', 'e', '1', 'true', 'yes', 'evet'].includes(v)) return t('common.yes');
    if (['n', 'h', '0', 'false', 'no', 'hayır', ''].includes(v)) return t('common.no');
    return value;
  };
  const field = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="field" data-field={testId}>
      <dt>{label}</dt>
      <dd>{value === '' || value === null ? '—' : value}</dd>
    </div>
  );
  return (
    <>
      <dl className="fields">
        {field(t('fields.tourOpName'), r.tourOpName || r.agencyName)}
        {field(t('fields.voucherNo'), r.voucherNo, 'voucher')}
        {field(t('fields.checkIn'), formatDate(r.checkIn, lng), 'checkIn')}
        {field(t('fields.checkOut'), formatDate(r.checkOut, lng), 'checkOut')}
        {field(t('fields.nights'), String(r.nights))}
        {field(t('fields.roomCount'), String(r.roomCount), 'roomCount')}
        {field(t('fields.held'), heldWords(t, r.quotaType, r.reservationStatus), 'held')}
        {field(t('fields.roomNo'), r.roomNo ?? '', 'roomNo')}
        {field(
          t('fields.room'),
          <CodeValue
            kind="room"
            channelCode={r.roomId}
            channelName={r.roomName}
            codes={codes}
            onMap={onMap}
          />,
          'room',
        )}
        {field(
          t('fields.roomType'),
          <CodeValue
            kind="roomType"
            channelCode={r.roomTypeId}
            channelName={r.roomTypeName}
            codes={codes}
            onMap={onMap}
          />,
          'roomType',
        )}
        {field(
          t('fields.board'),
          <CodeValue
            kind="board"
            channelCode={r.accomId}
            channelName={r.accomName}
            codes={codes}
            onMap={onMap}
          />,
          'board',
        )}
        {field(
          t('fields.pax'),
          <span className="pax">
            <span>{t('pax.adults', { count: r.adults })}</span>
            <span>{t('pax.children', { count: r.childs })}</span>
            <span>{t('pax.infants', { count: r.infants })}</span>
          </span>,
          'pax',
        )}
        {field(t('fields.price'), r.soldPrice ? formatMoney(r.soldPrice, r.soldCurrency, lng) : '', 'price')}
        {field(t('fields.agency'), r.agencyName)}
        {field(t('fields.confirmationNo'), r.confirmationNo, 'confirmationNo')}
        {field(t('fields.extraBed'), r.extraBed > 0 ? String(r.extraBed) : t('common.none'), 'extraBed')}
        {field(t('fields.honeyMoon'), yesNo(r.honeyMoon), 'honeyMoon')}
      </dl>
      {r.note && (
        <div className="note-box" data-field="note">
          <h3>{t('fields.note')}</h3>
          <p>{r.note}</p>
        </div>
      )}
      <h3>{t('reservation.guests', { count: detail.guests.length })}</h3>
      <table className="guests">
        <thead>
          <tr>
            <th>{t('guest.name')}</th>
            <th>{t('guest.title')}</th>
            <th>{t('guest.age')}</th>
            <th>{t('guest.nationality')}</th>
            <th>{t('guest.arrival')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.guests.map((g, i) => (
            <tr key={`${g.name}-${i}`}>
              <td>{g.name}</td>
              <td>{g.title}</td>
              <td>{g.age ?? '—'}</td>
              <td>
                <CodeValue
                  kind="nationality"
                  channelCode={g.nationality}
                  channelName={g.nationalityString}
                  codes={codes}
                  hotelCode={g.hotelNationality}
                  onMap={onMap}
                />
              </td>
              <td>{formatLocalTime(g.arrivalTime) || g.arrival || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
