// Several desks on the hotel's database: which PC talks to the service for the hotel, in the status
// bar; and, when the hotel's database does not answer (or is newer than this Resdesk), a banner above everything
// that says what that means for this PC, what still works from its copy, and what to check. A desk on its own file (status.hotel null) shows neither.
import { useEffect, useState } from 'react';
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

/** Minutes since `iso`, rounded down, counted again every half minute while shown. */
function useMinutesSince(iso: string | null): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60_000)) : 0;
}

/**
 * Above the screens while the hotel's database does not answer, or this Resdesk is older than it: what that means
 * for this PC, what still works (this PC's copy of the hotel's data, with its age) and what to do.
 */
export function HotelDatabaseBanner({ hotel }: { hotel: HotelLineStatus | null }) {
  const { t } = useTranslation();
  const minutes = useMinutesSince(hotel?.copyTakenAt ?? null);
  if (!hotel || (hotel.reachable && !hotel.updateNeeded)) return null;
  const language = currentLanguage();
  const copy = hotel.copyTakenAt
    ? {
        copyTime: formatInstant(hotel.copyTakenAt, language),
        age: minutes === 0 ? t('hotelLine.copyAgeNow') : t('hotelLine.copyAge', { count: minutes }),
      }
    : null;
  const title = hotel.updateNeeded ? t('hotelLine.updateTitle') : t('hotelLine.unreachableTitle');
  const body = hotel.updateNeeded
    ? copy
      ? t('hotelLine.update', copy)
      : t('hotelLine.updateNoCopy')
    : t(copy ? 'hotelLine.onCopy' : 'hotelLine.unreachable', {
        time: formatInstant(hotel.since, language),
        where: hotel.where,
        ...copy,
      });
  return (
    <div
      className={`hotel-db-banner${copy ? ' on-copy' : ''}`}
      role="alert"
      data-testid="hotel-db-banner"
      data-on-copy={copy ? 'true' : undefined}
    >
      <strong>{title}</strong>
      <span>{body}</span>
    </div>
  );
}
