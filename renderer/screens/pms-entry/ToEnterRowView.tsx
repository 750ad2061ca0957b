// One reservation the PMS still lacks: what to do with it (enter / update / cancel), who and when, and for
// an update the fields to correct.
import { useTranslation } from 'react-i18next';
import type { PmsEntryState, ToEnterRow } from '../../../shared/ipc';
import { StatusBadge } from '../../components/badges';
import { CheckMarkers } from '../../components/checks';
import { GuestLine, StayLine } from '../../components/ReservationLines';
import { currentLanguage } from '../../i18n';
import { formatInstant } from '../../i18n/format';
import { EntryChanges } from './EntryChanges';

const stateIcon: Partial<Record<PmsEntryState, string>> = {
  'to-enter': '+',
  'needs-update': '✎',
  'to-cancel': '✕',
  waiting: '…',
};

export function PmsStateBadge({ state }: { state: PmsEntryState }) {
  const { t } = useTranslation();
  return (
    <span className={`badge pms-state pms-${state}`} data-state={state}>
      <span aria-hidden="true">{stateIcon[state] ?? '✓'} </span>
      {t(`pms.state.${state}`)}
    </span>
  );
}

interface Props {
  row: ToEnterRow;
  selected: boolean;
  onToggle: (row: ToEnterRow) => void;
}

export function ToEnterRowView({ row, selected, onToggle }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const mark = row.entered;
  return (
    <li
      className={`pms-row pms-${row.state} ${selected ? 'is-selected' : ''}`}
      data-key={row.keyField}
      data-state={row.state}
    >
      <label className="row-check">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggle(row)}
          aria-label={t('inbox.select', { guest: row.leadGuest })}
        />
      </label>
      <div className="pms-row-lines">
        <GuestLine row={row} lead={<PmsStateBadge state={row.state} />}>
          {/* Unmapped codes are flagged once, by the line's own badge. */}
          <CheckMarkers checks={row.checks} skip={['unmapped']} />
          {/* A taken-in cancellation is no "confirmed" booking: it is a cancellation to remove from the PMS. */}
          {row.changeKind === 'cancelled' && row.confirmationStatus === 'E' ? (
            <span className="badge pms-cancel-taken-in" data-testid="pms-cancel-badge" data-state="taken-in">
              <span aria-hidden="true">✕ </span>
              {t('pms.cancelTakenIn')}
            </span>
          ) : (
            <StatusBadge status={row.confirmationStatus} />
          )}
        </GuestLine>
        <StayLine row={row} />
        {row.state === 'to-cancel' && (
          <p className="pms-note cancel" data-testid="pms-cancel-hint">
            {/* Entered, then declined (its change, or a late answer): not the agency's cancellation. */}
            {t(row.changeKind === 'cancelled' ? 'pms.cancelHint' : 'pms.declinedHint')}
          </p>
        )}
        {row.state === 'needs-update' && <EntryChanges changes={row.changes} />}
        {mark && (
          <p className="pms-note muted" data-testid="pms-mark">
            {t('pms.enteredBy', { user: mark.enteredBy, time: formatInstant(mark.enteredAt, lng) })}
            {mark.pmsReference && ` · ${t('pms.referenceShort', { reference: mark.pmsReference })}`}
          </p>
        )}
      </div>
    </li>
  );
}
