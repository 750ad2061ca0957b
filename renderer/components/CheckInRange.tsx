// The check-in "from" and "to" days of a reservation filter, in the UI language's format. Two labelled
// fields (the export's own line), or `joined`: one visible "Check-in" and the two fields as a range, for a
// filter row that has to fit a 125% laptop; each field keeps its own full label for screen readers.
import { useId } from 'react';
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
  joined?: boolean;
}

export function CheckInRange<F extends CheckInBounds>({ filter, onChange, joined = false }: Props<F>) {
  const { t } = useTranslation();
  const labelId = useId();
  const fields = (
    <>
      <DateField
        className="compact"
        testId="check-in-from"
        label={t('inbox.checkInFrom')}
        hideLabel={joined}
        value={filter.checkInFrom ?? ''}
        onChange={(v) => onChange({ ...filter, checkInFrom: v || undefined })}
      />
      {joined && (
        <span className="range-dash" aria-hidden="true">
          –
        </span>
      )}
      <DateField
        className="compact"
        testId="check-in-to"
        label={t('inbox.checkInTo')}
        hideLabel={joined}
        value={filter.checkInTo ?? ''}
        onChange={(v) => onChange({ ...filter, checkInTo: v || undefined })}
      />
    </>
  );
  if (!joined) return fields;
  return (
    <span className="check-in-range" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="range-label">
        {t('inbox.checkInRange')}
      </span>
      {fields}
    </span>
  );
}
