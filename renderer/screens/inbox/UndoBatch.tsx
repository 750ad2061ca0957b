// "Undo all" beside a batch of answers just queued (bulk confirm, take in all cancellations): takes back
// every one that has not left yet and says how many had already gone.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UndoResult } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

export function UndoBatch({ keyFields }: { keyFields: readonly string[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<UndoResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (keyFields.length === 0) return null;
  if (done)
    return (
      <span data-testid="undo-batch-outcome">
        {' '}
        {t('bulk.undone', { count: done.undone })}
        {done.tooLate > 0 && ` ${t('bulk.tooLate', { count: done.tooLate })}`}
      </span>
    );
  return (
    <>
      {' '}
      <button
        type="button"
        className="button small"
        data-testid="undo-batch"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          ask('undoMany', { keyFields: [...keyFields] })
            .then(setDone, setError)
            .finally(() => setBusy(false));
        }}
      >
        <span aria-hidden="true">↶ </span>
        {t('bulk.undoAll', { count: keyFields.length })}
      </button>
      <ErrorNote error={error} />
    </>
  );
}
