// Appears when reservations are ticked: confirms the waiting ones in one go and says what was skipped.
import { useTranslation } from 'react-i18next';
import type { BulkResult, InboxRow } from '../../../shared/ipc';
import { ask } from '../../api';
import { SelectionBar } from '../../components/SelectionBar';
import { useSelectionRequest } from '../../components/useSelectionRequest';

interface Props {
  selected: ReadonlyMap<string, InboxRow>;
  onClear: () => void;
}

export function BulkBar({ selected, onClear }: Props) {
  const { t } = useTranslation();
  const request = useSelectionRequest<BulkResult>();
  const { result } = request;
  const waiting = [...selected.values()].filter(
    (r) => r.confirmationStatus === 'W' && r.decision !== 'pending',
  );

  const confirmAll = () =>
    request.run(() => ask('confirmMany', { keyFields: waiting.map((r) => r.keyField) }), onClear);

  return (
    <SelectionBar
      className="bulk-bar"
      testId="bulk-bar"
      selectedCount={selected.size}
      actions={
        <>
          <span>{t('bulk.selected', { count: selected.size, waiting: waiting.length })}</span>
          <button
            type="button"
            className="button primary small"
            disabled={request.busy || waiting.length === 0}
            onClick={() => void confirmAll()}
          >
            {t('bulk.confirm', { count: waiting.length })}
          </button>
        </>
      }
      onClear={onClear}
      outcome={
        result && (
          <>
            {t('bulk.queued', { count: result.queued })}
            {result.skipped.length > 0 && ` ${t('bulk.skipped', { count: result.skipped.length })}`}
          </>
        )
      }
      onDismiss={request.dismiss}
      error={request.error}
    />
  );
}
