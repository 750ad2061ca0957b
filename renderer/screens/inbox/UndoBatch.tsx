// "Undo all" beside a batch of answers just queued (bulk confirm, take in all cancellations): takes back
// every one that has not left yet and says how many had already gone. It counts only the answers still held:
// one sent (Send now, its time up) or taken back on its own leaves the count, and with none left the button goes.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UndoResult } from '../../../shared/ipc';
import { ask, onDeskEvent } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

export function UndoBatch({ keyFields }: { keyFields: readonly string[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<UndoResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(
    () =>
      onDeskEvent('decisionChanged', ({ keyField, decision }) => {
        if (!keyFields.includes(keyField) || decision?.state === 'pending') return;
        setGone((before) => new Set(before).add(keyField));
      }),
    [keyFields],
  );
  const held = keyFields.filter((k) => !gone.has(k));
  if (done)
    return (
      <span data-testid="undo-batch-outcome">
        {' '}
        {t('bulk.undone', { count: done.undone })}
        {done.tooLate > 0 && ` ${t('bulk.tooLate', { count: done.tooLate })}`}
      </span>
    );
  if (held.length === 0) return null;
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
          ask('undoMany', { keyFields: held })
            .then(setDone, setError)
            .finally(() => setBusy(false));
        }}
      >
        <span aria-hidden="true">↶ </span>
        {t('bulk.undoAll', { count: held.length })}
      </button>
      <ErrorNote error={error} />
    </>
  );
}
