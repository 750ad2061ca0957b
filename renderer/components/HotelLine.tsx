// Several desks on the hotel's database (issue 27): which PC talks to the service for the hotel, in the status
// bar; and, when the hotel's database does not answer, a banner above everything that says what that means
// for this PC and what to check. A desk on its own file (status.hotel null) shows neither.
import { useTranslation } from 'react-i18next';
import type { HotelLineStatus } from '../../shared/ipc';
import { currentLanguage } from '../i18n';
import { formatInstant } from '../i18n/format';

/** "Talking to the service: RECEPTION-2", in the status bar. */
export function TalkingPc({ hotel }: { hotel: HotelLineStatus }) {
  const { t } = useTranslation();
  if (!hotel.reachable) return null;
  const text = hotel.thisDeskTalks
    ? t('hotelLine.talkingThis')
    : hotel.talkingPc
      ? t('hotelLine.talking', { pc: hotel.talkingPc })
      : t('hotelLine.nobody');
  return (
    <span
      className={`talking-pc${hotel.thisDeskTalks ? ' this-desk' : ''}`}
      data-testid="talking-pc"
      title={hotel.canTalk ? undefined : t('hotelLine.cannotTalk')}
    >
      {text}
    </span>
  );
}

/** Above the screens while the hotel's database does not answer. */
export function HotelDatabaseBanner({ hotel }: { hotel: HotelLineStatus | null }) {
  const { t } = useTranslation();
  if (!hotel || hotel.reachable) return null;
  return (
    <div className="hotel-db-banner" role="alert" data-testid="hotel-db-banner">
      <strong>{t('hotelLine.unreachableTitle')}</strong>
      <span>
        {t('hotelLine.unreachable', {
          time: formatInstant(hotel.since, currentLanguage()),
          where: hotel.where,
        })}
      </span>
    </div>
  );
}
