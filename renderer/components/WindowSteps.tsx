// Moving a screen's window of days or months (the Allotments calendar, the Production table): ◀ Earlier,
// back to now, Later ▶, and Page Up / Page Down anywhere on the screen except in a field being typed in.
import type { KeyboardEvent } from 'react';

interface Words {
  earlier: string;
  earlierTitle: string;
  now: string;
  later: string;
  laterTitle: string;
}

interface Props {
  words: Words;
  /** One step back (-1) or on (1). */
  onStep: (step: -1 | 1) => void;
  onNow: () => void;
}

export function WindowSteps({ words, onStep, onNow }: Props) {
  return (
    <>
      <button type="button" className="button small" title={words.earlierTitle} onClick={() => onStep(-1)}>
        {words.earlier}
      </button>
      <button type="button" className="button small" onClick={onNow}>
        {words.now}
      </button>
      <button type="button" className="button small" title={words.laterTitle} onClick={() => onStep(1)}>
        {words.later}
      </button>
    </>
  );
}

/** The screen's key handler: Page Up / Page Down step the window, unless a field has the keys. */
export const pageSteps =
  (onStep: (step: -1 | 1) => void) =>
  (e: KeyboardEvent<HTMLElement>): void => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key !== 'PageDown' && e.key !== 'PageUp') return;
    e.preventDefault();
    onStep(e.key === 'PageDown' ? 1 : -1);
  };
