// The check-in "from" and "to" days of the inbox's filter, as two labelled date fields; the caller decides
// where they stand (the inbox's filter row, the export's own line).
import { useTranslation } from 'react-i18next';

/** The part of a reservation filter these fields edit; an empty field means no bound. */
interface CheckInBounds {
  checkInFrom?: string;
  checkInTo?: string;
}

interface Props<F extends CheckInBounds> {
  filter: F;
  onChange: (filter: F) => void;
}

export function CheckInRange<F extends CheckInBounds>({ filter, onChange }: Props<F>) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
