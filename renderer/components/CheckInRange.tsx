// The check-in "from" and "to" days of the inbox's filter, as two labelled date fields in the UI
// language's format; the caller decides where they stand (the inbox's filter row, the export's own line).
import { useTranslation } from 'react-i18next';
import { DateField } from './DateField';

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
      <DateField
        className="compact"
        testId="check-in-from"
        label={t('inbox.checkInFrom')}
        value={filter.checkInFrom ?? ''}
        onChange={(v) => onChange({ ...filter, checkInFrom: v || undefined })}
      />
      <DateField
        className="compact"
        testId="check-in-to"
        label={t('inbox.checkInTo')}
        value={filter.checkInTo ?? ''}
        onChange={(v) => onChange({ ...filter, checkInTo: v || undefined })}
      />
    </>
  );
}
