// The inbox's filter, for exporting exactly what the inbox would list: agency, status, kind, check-in days
// and a name or voucher search.
import { useTranslation } from 'react-i18next';
import type { Agency, ChangeKind, ConfirmationStatus } from '../../../shared/domain';
import { AgencySelect } from '../../components/AgencySelect';
import { CheckInRange } from '../../components/CheckInRange';
import { FilterChip } from '../../components/FilterChip';
import { toggle } from '../inbox/inbox-query';
import type { ExportFilter } from './export-form';

const statuses: ConfirmationStatus[] = ['W', 'E', 'H'];
const kinds: ChangeKind[] = ['new', 'changed', 'cancelled'];

interface Props {
  filter: ExportFilter;
  agencies: Agency[];
  onChange: (filter: ExportFilter) => void;
}

export function ExportFilterFields({ filter, agencies, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="pms-filter" data-testid="export-filter">
      <input
        type="search"
        placeholder={t('inbox.searchPlaceholder')}
        aria-label={t('inbox.search')}
        value={filter.search ?? ''}
        onChange={(e) => onChange({ ...filter, search: e.target.value || undefined })}
      />
      <AgencySelect
        agencies={agencies}
        value={filter.agencyId}
        onChange={(agencyId) => onChange({ ...filter, agencyId })}
      />
      <div className="pms-chips">
        {statuses.map((s) => (
          <FilterChip
            key={s}
            tone={`status-${s}`}
            label={t(`status.${s}`)}
            pressed={filter.statuses?.includes(s) ?? false}
            onClick={() => onChange({ ...filter, statuses: toggle(filter.statuses, s) })}
          />
        ))}
        {/* Carried over from the inbox's "Other status" chip: shown so it can be seen and lifted here. */}
        {filter.statuses?.includes('other') && (
          <FilterChip
            tone="status-other"
            label={t('inbox.otherStatus')}
            hint={t('inbox.otherStatusHint')}
            pressed
            onClick={() => onChange({ ...filter, statuses: toggle(filter.statuses, 'other') })}
            testId="export-chip-other"
          />
        )}
        {kinds.map((k) => (
          <FilterChip
            key={k}
            tone={`kind-${k}`}
            label={t(`kind.${k}`)}
            pressed={filter.kinds?.includes(k) ?? false}
            onClick={() => onChange({ ...filter, kinds: toggle(filter.kinds, k) })}
          />
        ))}
      </div>
      <div className="pms-dates">
        <CheckInRange filter={filter} onChange={onChange} />
      </div>
    </div>
  );
}
