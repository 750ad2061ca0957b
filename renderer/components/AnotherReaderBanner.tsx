// Signs that another program empties this account's queue of new reservations (they reached this desk
// only in the full lists, never in its own pull). Said plainly, with the way out (connect the desks to the hotel's
// database) and, until then, safe mode: read without confirming receipt, answer only after re-reading.
import { useTranslation } from 'react-i18next';
import type { AnotherReaderStatus } from '../../shared/ipc';

interface Props {
  reader: AnotherReaderStatus | null;
  onSafeMode: (on: boolean) => void;
  busy: boolean;
}

export function AnotherReaderBanner({ reader, onSafeMode, busy }: Props) {
  const { t } = useTranslation();
  if (!reader) return null;
  if (reader.safeMode)
    return (
      <div className="another-reader safe" role="status" data-testid="another-reader">
        <span>{t('anotherReader.safeOn')}</span>
        <button type="button" className="button small" onClick={() => onSafeMode(false)} disabled={busy}>
          {t('anotherReader.turnOff')}
        </button>
      </div>
    );
  return (
    <div className="another-reader" role="alert" data-testid="another-reader">
      <strong>{t('anotherReader.title')}</strong>
      <span>{t('anotherReader.body', { count: reader.reservations })}</span>
      <button type="button" className="button small" onClick={() => onSafeMode(true)} disabled={busy}>
        {t('anotherReader.turnOn')}
      </button>
    </div>
  );
}
