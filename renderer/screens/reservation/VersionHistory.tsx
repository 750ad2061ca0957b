// Every version the service sent, newest first, with what changed field by field ("Check-out 12.07 → 14.07").
import { useTranslation } from 'react-i18next';
import type { FieldChange, VersionView } from '../../../shared/ipc';
import { KindBadge } from '../../components/badges';
import { currentLanguage } from '../../i18n';
import { formatChangeValue, formatInstant } from '../../i18n/format';

export function ChangeLine({ change }: { change: FieldChange }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  // A price is money in its currency on each side ("1.155 EUR → 1.650 EUR").
  const before = formatChangeValue(change.before, lng, change.currency?.before);
  const after = formatChangeValue(change.after, lng, change.currency?.after);
  if (change.field === 'guestAdded')
    return <li className="change added">{t('change.guestAdded', { name: after })}</li>;
  if (change.field === 'guestRemoved')
    return <li className="change removed">{t('change.guestRemoved', { name: before })}</li>;
  if (change.field === 'cancelled')
    return (
      <li className="change removed">
        {t(change.after === 'true' ? 'change.cancelled' : 'change.reinstated')}
      </li>
    );
  const label = t(`fields.${change.field}`, { defaultValue: change.field });
  return (
    <li className="change">
      <span className="change-label">{label}</span> <span className="before">{before}</span> →{' '}
      <span className="after">{after}</span>
    </li>
  );
}

export function VersionHistory({ versions }: { versions: VersionView[] }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const newestFirst = [...versions].sort(
    (a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.logId - a.logId,
  );
  return (
    <section className="history" data-testid="history">
      <h3>{t('reservation.history')}</h3>
      <ol className="versions">
        {newestFirst.map((v) => (
          <li key={v.logId} className="version">
            <div className="version-head">
              <KindBadge kind={v.changeKind} />
              <span className="muted">
                {t('reservation.receivedAt', { time: formatInstant(v.receivedAt, lng) })}
              </span>
            </div>
            {v.changes.length > 0 ? (
              <ul className="changes">
                {v.changes.map((c, i) => (
                  <ChangeLine key={`${c.field}-${i}`} change={c} />
                ))}
              </ul>
            ) : (
              <p className="muted small">{t(`reservation.noChanges.${v.changeKind}`)}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
