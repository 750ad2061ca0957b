// Appears when reservations are ticked: confirms the waiting ones in one go and says what was skipped.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult, InboxRow } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

interface Props {
  selected: ReadonlyMap<string, InboxRow>;
  onClear: () => void;
}

export function BulkBar({ selected, onClear }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const waiting = [...selected.values()].filter(
    (r) => r.confirmationStatus === 'W' && r.decision !== 'pending',
  );

  const confirmAll = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await ask('confirmMany', { keyFields: waiting.map((r) => r.keyField) }));
      onClear();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  if (selected.size === 0 && !result && !error) return null;
  return (
    <div className="bulk-bar" data-testid="bulk-bar">
      {selected.size > 0 && (
        <>
          <span>{t('bulk.selected', { count: selected.size, waiting: waiting.length })}</span>
          <button
            type="button"
            className="button primary small"
            disabled={busy || waiting.length === 0}
            onClick={() => void confirmAll()}
          >
            {t('bulk.confirm', { count: waiting.length })}
          </button>
          <button type="button" className="button small" onClick={onClear}>
            {t('bulk.clear')}
          </button>
        </>
      )}
      {result && (
        <span className="ok-note inline" role="status">
          {t('bulk.queued', { count: result.queued })}
          {result.skipped.length > 0 && ` ${t('bulk.skipped', { count: result.skipped.length })}`}
          <button type="button" className="link" onClick={() => setResult(null)}>
            {t('common.dismiss')}
          </button>
        </span>
      )}
      <ErrorNote error={error} />
    </div>
  );
}
