// What the agency asked for, shown right above the answer form: the receptionist reads the note and the
// special requests (honeymoon, extra bed, arrival time) while answering, without scrolling down to the
// fields. Nothing shows when the agency asked for nothing.
import { useTranslation } from 'react-i18next';
import type { ReservationDetail } from '../../../shared/ipc';
import { formatLocalTime } from '../../i18n/format';

type Shown = Pick<ReservationDetail['reservation'], 'note' | 'honeyMoon' | 'extraBed' | 'guests'>;

/** The service's honeymoon flag is Y/N (E/H in Turkish, 1/0 from some systems). */
const isYes = (value: string) => ['y', 'e', '1', 'true', 'yes', 'evet'].includes(value.trim().toLowerCase());

export function AgencyNotes({ reservation }: { reservation: Shown }) {
  const { t } = useTranslation();
  const arrival = reservation.guests.map((g) => formatLocalTime(g.arrivalTime)).find((x) => x !== '');
  const requests = [
    isYes(reservation.honeyMoon) ? t('reservation.requests.honeymoon') : null,
    reservation.extraBed > 0 ? t('reservation.requests.extraBed', { count: reservation.extraBed }) : null,
    arrival ? t('reservation.requests.arrival', { time: arrival }) : null,
  ].filter((x): x is string => x !== null);
  const note = reservation.note.trim();
  if (!note && requests.length === 0) return null;
  return (
    <section className="agency-notes" data-testid="agency-notes" aria-labelledby="agency-notes-title">
      <h3 id="agency-notes-title">{t('reservation.requests.title')}</h3>
      {note && <p className="agency-note">{note}</p>}
      {requests.length > 0 && (
        <ul className="agency-requests">
          {requests.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
