// The agency drop-down of the inbox's filter, wherever that filter is edited (the inbox, the export's
// "inbox filter" scope): "all agencies" or one of them.
import { useTranslation } from 'react-i18next';
import type { Agency } from '../../shared/domain';

interface Props {
  agencies: Agency[];
  /** undefined: all agencies. */
  value: string | undefined;
  onChange: (agencyId: string | undefined) => void;
}

export function AgencySelect({ agencies, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={t('inbox.agency')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">{t('inbox.allAgencies')}</option>
      {agencies.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </select>
  );
}
