// The bar over a list with ticked rows: what to do with them and "clear", then the request's outcome with
// a "dismiss", and its failure. It stays while an outcome or failure is on show, even with nothing ticked.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from './ErrorNote';

interface Props {
  /** Classes and test id of the bar itself. */
  className: string;
  testId: string;
  selectedCount: number;
  /** What the ticked rows can have done to them; shown before "clear" while any are ticked. */
  actions: ReactNode;
  onClear: () => void;
  /** The last request's outcome, said in words; null when there is none to show. */
  outcome: ReactNode;
  outcomeTestId?: string;
  onDismiss: () => void;
  error: unknown;
}

export function SelectionBar(props: Props) {
  const { className, testId, selectedCount, actions, onClear, outcome, outcomeTestId, onDismiss, error } =
    props;
  const { t } = useTranslation();
  if (selectedCount === 0 && !outcome && !error) return null;
  return (
    <div className={className} data-testid={testId}>
      {selectedCount > 0 && (
        <>
          {actions}
          <button type="button" className="button small" onClick={onClear}>
            {t('bulk.clear')}
          </button>
        </>
      )}
      {outcome && (
        <span className="ok-note inline" role="status" data-testid={outcomeTestId}>
          {outcome}
          <button type="button" className="link" onClick={onDismiss}>
            {t('common.dismiss')}
          </button>
        </span>
      )}
      <ErrorNote error={error} />
    </div>
  );
}
