// What changed since the hotel last answered, said where the next answer is given: "+2 nights, new price"
// beside Confirm / Decline, not only far below in the history. Without an answer from this desk, a changed
// reservation shows what its latest version changed.
import { useTranslation } from 'react-i18next';
import type { FieldChange, ReservationDetail } from '../../../shared/ipc';
import { currentLanguage } from '../../i18n';
import { formatInstant } from '../../i18n/format';
import { ChangeLine } from './VersionHistory';
import { combineChanges, oldestFirst } from './combine-changes';

export interface ChangesToShow {
  /** 'answer': since the desk's last answer (decidedAt); 'latest': the latest version's own changes. */
  basis: 'answer' | 'latest';
  since: string | null;
  changes: FieldChange[];
}

export function changesToShow(detail: ReservationDetail): ChangesToShow | null {
  const { decision, versions } = detail;
  if (detail.changeKind === 'cancelled') return null;
  if (decision && decision.state !== 'none') {
    const decidedAt = Date.parse(decision.decidedAt);
    const after = versions.filter((v) => Date.parse(v.receivedAt) > decidedAt);
    const changes = combineChanges(after);
    return changes.length > 0 ? { basis: 'answer', since: decision.decidedAt, changes } : null;
  }
  if (detail.changeKind !== 'changed') return null;
  const latest = oldestFirst(versions).at(-1);
  if (!latest || latest.changes.length === 0) return null;
  return { basis: 'latest', since: latest.receivedAt, changes: latest.changes };
}

export function ChangeSummary({ shown }: { shown: ChangesToShow }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <section className="change-summary" data-testid="change-summary" data-basis={shown.basis}>
      <h3>
        <span aria-hidden="true">✎ </span>
        {shown.basis === 'answer'
          ? t('decision.changedSinceAnswer', { time: formatInstant(shown.since, lng) })
          : t('decision.changedInLatest')}
      </h3>
      <ul className="changes">
        {shown.changes.map((c, i) => (
          <ChangeLine key={`${c.field}-${i}`} change={c} />
        ))}
      </ul>
    </section>
  );
}
