// A setup that never worked, or a line down for a while, must not look like a quiet day: the inbox says so
// at the top, with the service's own sentence and what to do (open Settings and check the details).
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../shared/ipc';
import { currentLanguage } from '../../i18n';
import { formatInstant } from '../../i18n/format';

/** How long the line may be down before the inbox says so at the top (the status bar says it at once). */
export const DOWN_FOR_A_WHILE_MS = 15 * 60_000;

/**
 * On the hotel's database only the PC talking to the service has a line to it: on the others (and while the database
 * itself is away, which its own banner says) the service's state is not this desk's to report.
 */
const ownLine = (status: SyncStatus): boolean =>
  status.hotel === null || (status.hotel.reachable && status.hotel.thisDeskTalks);

/** The desk has never had a good sync and its attempts fail (not merely: the first one is still running). */
export const neverConnected = (status: SyncStatus | null): boolean =>
  status !== null &&
  ownLine(status) &&
  status.lastSuccessAt === null &&
  !status.syncing &&
  (status.lastError !== null || !status.online);

export const downForAWhile = (status: SyncStatus | null, now: Date = new Date()): boolean =>
  status !== null &&
  ownLine(status) &&
  status.lastSuccessAt !== null &&
  !status.online &&
  now.getTime() - new Date(status.since).getTime() >= DOWN_FOR_A_WHILE_MS;

export function ConnectionBanner({
  status,
  onOpenSetup,
}: {
  status: SyncStatus | null;
  onOpenSetup: () => void;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  if (!status) return null;
  const never = neverConnected(status);
  if (!never && !downForAWhile(status)) return null;
  return (
    <div
      className={`connection-banner ${never ? 'never' : 'down'}`}
      role="alert"
      data-testid="connection-banner"
      data-state={never ? 'never' : 'down'}
    >
      <span className="banner-icon" aria-hidden="true">
        ⚠
      </span>
      <div className="banner-text">
        <strong>
          {never
            ? t('connection.neverTitle')
            : t('connection.downTitle', { time: formatInstant(status.since, lng) })}
        </strong>
        {status.lastError && <span className="banner-reason">{status.lastError}</span>}
        <span>{never ? t('connection.neverWhat') : t('connection.downWhat')}</span>
      </div>
      <button type="button" className="button primary" onClick={onOpenSetup}>
        {t('connection.openSetup')}
      </button>
    </div>
  );
}
