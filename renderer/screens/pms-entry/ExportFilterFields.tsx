// The inbox's filter, for exporting exactly what the inbox would list: agency, status, kind, check-in days
// and a name or voucher search.
import { useTranslation } from 'react-i18next';
import type { Agency, ChangeKind, ConfirmationStatus } from '../../../shared/domain';
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
      <select
        aria-label={t('inbox.agency')}
        value={filter.agencyId ?? ''}
        onChange={(e) => onChange({ ...filter, agencyId: e.target.value || undefined })}
      >
        <option value="">{t('inbox.allAgencies')}</option>
        {agencies.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      <div className="pms-chips">
        {statuses.map((s) => (
          <button
            key={s}
            type="button"
            className={`chip status-${s}`}
            aria-pressed={filter.statuses?.includes(s) ?? false}
            onClick={() => onChange({ ...filter, statuses: toggle(filter.statuses, s) })}
          >
            {t(`status.${s}`)}
          </button>
        ))}
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            className={`chip kind-${k}`}
            aria-pressed={filter.kinds?.includes(k) ?? false}
            onClick={() => onChange({ ...filter, kinds: toggle(filter.kinds, k) })}
          >
            {t(`kind.${k}`)}
          </button>
        ))}
      </div>
      <div className="pms-dates">
        <label className="compact">
          {t('inbox.checkInFrom')}
          <input
            type="date"
            value={filter.checkInFrom ?? ''}
            onChange={(e) => onChange({ ...filter, checkInFrom: e.target.value || undefined })}
          />
        </label>
        <label className="compact">
          {t('inbox.checkInTo')}
          <input
            type="date"
            value={filter.checkInTo ?? ''}
            onChange={(e) => onChange({ ...filter, checkInTo: e.target.value || undefined })}
          />
        </label>
      </div>
    </div>
  );
}
