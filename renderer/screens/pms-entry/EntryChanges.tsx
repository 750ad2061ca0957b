// What changed since the PMS got the reservation, field by field ("Check-out 17.07 → 20.07"): exactly what
// to correct in the PMS, so nobody has to compare the two versions by eye.
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '../../../shared/ipc';
import { currentLanguage } from '../../i18n';
import { formatChangeValue } from '../../i18n/format';

function ChangeItem({ change }: { change: FieldChange }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  // A price is money in its currency on each side ("1.155 EUR → 1.650 EUR").
  const before = formatChangeValue(change.before, lng, change.currency?.before);
  const after = formatChangeValue(change.after, lng, change.currency?.after);
  if (change.field === 'guestAdded')
    return <li className="added">{t('change.guestAdded', { name: after })}</li>;
  if (change.field === 'guestRemoved')
    return <li className="removed">{t('change.guestRemoved', { name: before })}</li>;
  if (change.field === 'cancelled')
    return (
      <li className="removed">{t(change.after === 'true' ? 'change.cancelled' : 'change.reinstated')}</li>
    );
  return (
    <li data-field={change.field}>
      <span className="field">{t(`fields.${change.field}`, { defaultValue: change.field })}</span>{' '}
      <span className="before">{before}</span> → <span className="after">{after}</span>
    </li>
  );
}

export function EntryChanges({ changes }: { changes: FieldChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return null;
  return (
    <ul className="pms-changes" aria-label={t('pms.changesLabel')} data-testid="pms-changes">
      {changes.map((c, i) => (
        <ChangeItem key={`${c.field}-${i}`} change={c} />
      ))}
    </ul>
  );
}
