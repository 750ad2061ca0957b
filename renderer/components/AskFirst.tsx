// A button for an action on many reservations at once: with more than one, the first press asks, saying how
// many, and only "Yes" does it. One reservation is done at the first press.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  count: number;
  /** The button's words. */
  label: ReactNode;
  /** The question asked before acting on `count` (> 1) reservations. */
  question: string;
  /** The "yes" button's words. */
  yes: string;
  disabled: boolean;
  onConfirmed: () => void;
  testId?: string;
}

export function AskFirst({ count, label, question, yes, disabled, onConfirmed, testId }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (asking)
    return (
      <span className="ask-first" role="group" aria-label={question} data-testid={testId}>
        <span className="ask-question">{question}</span>
        <button
          type="button"
          className="button primary small"
          disabled={disabled}
          autoFocus
          onClick={() => {
            setAsking(false);
            onConfirmed();
          }}
        >
          {yes}
        </button>
        <button type="button" className="button small" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </button>
      </span>
    );
  return (
    <button
      type="button"
      className="button primary small"
      disabled={disabled}
      onClick={() => (count > 1 ? setAsking(true) : onConfirmed())}
    >
      {label}
    </button>
  );
}
