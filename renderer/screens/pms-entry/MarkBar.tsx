// Appears when reservations are ticked: marks them as typed into the PMS (with the PMS's own number when one
// is ticked) and says plainly what was skipped because it changed meanwhile.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkEnteredResult, ToEnterRow } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { MarkOutcome } from './MarkOutcome';

interface Props {
  selected: ReadonlyMap<string, ToEnterRow>;
  onClear: () => void;
  onMarked: () => void;
}

export function MarkBar({ selected, onClear, onMarked }: Props) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<MarkEnteredResult | null>(null);
  const single = selected.size === 1;

  const mark = async () => {
    setBusy(true);
    setError(null);
    try {
      const pmsReference = single && reference.trim() ? reference.trim() : undefined;
      const reservations = [...selected.values()].map((r) => ({
        keyField: r.keyField,
        logId: r.logId,
        pmsReference,
      }));
      setResult(await ask('markEntered', { reservations }));
      setReference('');
      onClear();
      onMarked();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  if (selected.size === 0 && !result && !error) return null;
  return (
    <div className="bulk-bar pms-mark-bar" data-testid="pms-mark-bar">
      {selected.size > 0 && (
        <>
          <span>{t('pms.selected', { count: selected.size })}</span>
          {single && (
            <input
              type="text"
              className="pms-reference"
              maxLength={100}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              placeholder={t('pms.referencePlaceholder')}
              aria-label={t('pms.reference')}
            />
          )}
          <button type="button" className="button primary small" disabled={busy} onClick={() => void mark()}>
            {t('pms.markEntered', { count: selected.size })}
          </button>
          <button type="button" className="button small" onClick={onClear}>
            {t('bulk.clear')}
          </button>
        </>
      )}
      {result && (
        <span className="ok-note inline" role="status" data-testid="pms-mark-result">
          <MarkOutcome result={result} />{' '}
          <button type="button" className="link" onClick={() => setResult(null)}>
            {t('common.dismiss')}
          </button>
        </span>
      )}
      <ErrorNote error={error} />
    </div>
  );
}
