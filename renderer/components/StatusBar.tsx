// The desk's line to the service at a glance: online or not since when, last good sync, next poll, answers
// still waiting to go out, and a "Sync now" for the impatient. Reservations the service listed but the desk
// could not read get a line of their own above: they are not lost, but somebody has to look at them. With
// several desks on the hotel's database, which PC talks to the service for the hotel.
import { useTranslation } from 'react-i18next';
import type { SetAsideCounts } from '../../shared/domain';
import type { SyncStatus } from '../../shared/ipc';
import { currentLanguage } from '../i18n';
import { formatCount, formatInstant } from '../i18n/format';
import { ErrorNote } from './ErrorNote';
import { TalkingPc } from './HotelLine';

interface Props {
  status: SyncStatus | null;
  onSyncNow: () => void;
  syncError: unknown;
}

/**
 * Items kept aside for a reason other than being unreadable, each said its own way (a LogId reused and one
 * stored with other content are the same thing to a receptionist: a number the service gave twice).
 */
function otherReasons(counts: SetAsideCounts): { words: string; count: number }[] {
  const lines = [
    { words: 'otherHotel', count: counts['other-hotel'] ?? 0 },
    { words: 'numberReused', count: (counts['log-id-reused'] ?? 0) + (counts['content-differs'] ?? 0) },
    { words: 'impossible', count: counts.impossible ?? 0 },
  ];
  return lines.filter((line) => line.count > 0);
}

export function StatusBar({ status, onSyncNow, syncError }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  if (!status) return <footer className="status-bar" />;
  return (
    <footer
      className="status-bar"
      data-testid="status-bar"
      data-online={status.online}
      data-last-sync={status.lastSuccessAt ?? ''}
    >
      {(status.setAside.unreadable ?? 0) > 0 && (
        <p className="unreadable-warning" role="alert" data-testid="unreadable">
          <span aria-hidden="true">⚠ </span>
          {t('status.unreadable', { count: status.setAside.unreadable })}
        </p>
      )}
      {otherReasons(status.setAside).map(({ words, count }) => (
        <p key={words} className="unreadable-warning" role="alert" data-testid="set-aside">
          <span aria-hidden="true">⚠ </span>
          {t(`status.setAside.${words}`, { count })}
        </p>
      ))}
      <span className={`line-state ${status.online ? 'online' : 'offline'}`} data-testid="line-state">
        <span aria-hidden="true">{status.online ? '● ' : '○ '}</span>
        {status.online
          ? t('status.onlineSince', { time: formatInstant(status.since, lng) })
          : t('status.offlineSince', { time: formatInstant(status.since, lng) })}
      </span>
      {status.hotel && <TalkingPc hotel={status.hotel} />}
      <span>
        {t('status.lastSync')}:{' '}
        {status.lastSuccessAt ? formatInstant(status.lastSuccessAt, lng) : t('status.never')}
      </span>
      {status.nextPollAt && !status.syncing && (
        <span>
          {t('status.nextPoll')}: {formatInstant(status.nextPollAt, lng)}
        </span>
      )}
      {status.syncing && (
        <span className="syncing" data-testid="syncing">
          {status.readSoFar > 0
            ? t('status.syncingRead', { read: formatCount(status.readSoFar, lng) })
            : t('status.syncing')}
        </span>
      )}
      <span data-testid="queued" className={status.queuedDecisions > 0 ? 'queued' : ''}>
        {t('status.queued', { count: status.queuedDecisions })}
      </span>
      {!status.online && status.lastError && (
        <span className="status-error" title={status.lastError}>
          {status.lastError}
        </span>
      )}
      <ErrorNote error={syncError} />
      <span className="spacer" />
      <button type="button" className="button small" onClick={onSyncNow} disabled={status.syncing}>
        {t('status.syncNow')}
      </button>
    </footer>
  );
}
