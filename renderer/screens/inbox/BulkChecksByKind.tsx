// The bulk confirmation's "look at these first", grouped by what was found: one group per check kind with
// its icon, name and count, each reservation under it with the sentence. A group of more than a few is
// folded, so forty capacity warnings take one line until the receptionist opens them.
import { useTranslation } from 'react-i18next';
import type { CheckKind, InboxRow, ReservationCheck } from '../../../shared/ipc';
import { checkIcon, useCheckSentence } from '../../components/checks';

/** Up to this many reservations a group shows open; more are folded behind its count. */
const OPEN_UP_TO = 3;

interface Props {
  asking: readonly { row: InboxRow; checks: readonly ReservationCheck[] }[];
}

export function BulkChecksByKind({ asking }: Props) {
  const { t } = useTranslation();
  const sentence = useCheckSentence();
  const groups = new Map<CheckKind, { row: InboxRow; checks: ReservationCheck[] }[]>();
  for (const { row, checks } of asking)
    for (const check of checks) {
      const group = groups.get(check.kind) ?? [];
      const entry = group.find((g) => g.row.keyField === row.keyField);
      if (entry) entry.checks.push(check);
      else group.push({ row, checks: [check] });
      groups.set(check.kind, group);
    }
  return (
    <div className="bulk-list" data-testid="bulk-check-groups">
      {[...groups].map(([kind, entries]) => (
        <details key={kind} data-kind={kind} open={entries.length <= OPEN_UP_TO}>
          <summary>
            <span aria-hidden="true">{checkIcon[kind]} </span>
            {t('checks.bulkGroup', { name: t(`checks.marker.${kind}`), count: entries.length })}
          </summary>
          <ul>
            {entries.map(({ row, checks }) => (
              <li key={row.keyField} data-key={row.keyField}>
                <strong>{row.leadGuest || row.voucherNo}</strong>{' '}
                <span className="muted">{row.voucherNo}</span>
                <ul>
                  {checks.map((c, i) => (
                    <li key={`${c.kind}-${i}`} data-check={c.kind}>
                      {sentence(c)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
