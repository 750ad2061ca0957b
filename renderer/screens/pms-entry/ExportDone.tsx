// After the file is written: where it is, a button to open it, and (for "still to enter") the offer to
// mark exactly the exported versions as entered once they are typed into the PMS.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportResult, MarkEnteredResult } from '../../../shared/ipc';
import { ask } from '../../api';
import { AskFirst } from '../../components/AskFirst';
import { ErrorNote } from '../../components/ErrorNote';
import { fileNameOf } from './export-form';
import { MarkOutcome } from './MarkOutcome';

interface Props {
  result: ExportResult;
  onMarked: () => void;
}

export function ExportDone({ result, onMarked }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [marked, setMarked] = useState<MarkEnteredResult | null>(null);

  const open = (path: string) => {
    setError(null);
    ask('openExport', { path }).catch(setError);
  };

  const markAll = async () => {
    setBusy(true);
    setError(null);
    try {
      setMarked(await ask('markEntered', { reservations: result.markable }));
      onMarked();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pms-done" data-testid="export-done" data-path={result.path}>
      <p className="ok-note">
        {t('pms.export.saved', {
          file: fileNameOf(result.path),
          rows: result.rows,
          count: result.reservations,
        })}
      </p>
      {result.warning && <p className="pms-note warn">{result.warning}</p>}
      <div className="actions">
        <button type="button" className="button small" onClick={() => open(result.path)}>
          {t('pms.export.openFile')}
        </button>
        {result.htmlPath && (
          <button type="button" className="button small" onClick={() => open(result.htmlPath ?? '')}>
            {t('pms.export.openPrintable')}
          </button>
        )}
      </div>
      {result.markable.length > 0 && !marked && (
        <div className="pms-offer">
          <p>{t('pms.export.markOffer', { count: result.markable.length })}</p>
          <AskFirst
            count={result.markable.length}
            label={t('pms.export.markAll', { count: result.markable.length })}
            question={t('pms.askMark', { count: result.markable.length })}
            yes={t('pms.askMarkYes', { count: result.markable.length })}
            disabled={busy}
            testId="export-mark-ask"
            onConfirmed={() => void markAll()}
          />
        </div>
      )}
      {marked && (
        <p className="ok-note" role="status" data-testid="export-marked">
          <MarkOutcome result={marked} />
        </p>
      )}
      <ErrorNote error={error} />
    </div>
  );
}
