// Appears when reservations are ticked: marks them as typed into the PMS (with the PMS's own number when one
// is ticked) and says plainly what was skipped because it changed meanwhile.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkEnteredResult, ToEnterRow } from '../../../shared/ipc';
import { ask } from '../../api';
import { AskFirst } from '../../components/AskFirst';
import { SelectionBar } from '../../components/SelectionBar';
import { useSelectionRequest } from '../../components/useSelectionRequest';
import { MarkOutcome } from './MarkOutcome';

interface Props {
  selected: ReadonlyMap<string, ToEnterRow>;
  onClear: () => void;
  onMarked: () => void;
}

export function MarkBar({ selected, onClear, onMarked }: Props) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const request = useSelectionRequest<MarkEnteredResult>();
  const single = selected.size === 1;

  const mark = () =>
    request.run(
      () => {
        const pmsReference = single && reference.trim() ? reference.trim() : undefined;
        const reservations = [...selected.values()].map((r) => ({
          keyField: r.keyField,
          logId: r.logId,
          pmsReference,
        }));
        return ask('markEntered', { reservations });
      },
      () => {
        setReference('');
        onClear();
        onMarked();
      },
    );

  return (
    <SelectionBar
      className="bulk-bar pms-mark-bar"
      testId="pms-mark-bar"
      selectedCount={selected.size}
      actions={
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
          <AskFirst
            count={selected.size}
            label={t('pms.markEntered', { count: selected.size })}
            question={t('pms.askMark', { count: selected.size })}
            yes={t('pms.askMarkYes', { count: selected.size })}
            disabled={request.busy}
            testId="pms-mark-ask"
            onConfirmed={() => void mark()}
          />
        </>
      }
      onClear={onClear}
      outcome={
        request.result && (
          <>
            <MarkOutcome result={request.result} />{' '}
          </>
        )
      }
      outcomeTestId="pms-mark-result"
      onDismiss={request.dismiss}
      error={request.error}
    />
  );
}
