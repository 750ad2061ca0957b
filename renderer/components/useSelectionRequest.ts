// The one request a selection bar sends (confirm the ticked, mark them entered): busy while it runs, its
// answer kept to show until dismissed, a failure kept until the next attempt.
import { useState } from 'react';

export interface SelectionRequest<R> {
  busy: boolean;
  error: unknown;
  /** The last answer, until dismissed. */
  result: R | null;
  dismiss: () => void;
  /** Sends `request`; `then` runs only after a good answer (clearing the ticks, reloading the list). */
  run: (request: () => Promise<R>, then: () => void) => Promise<void>;
}

export function useSelectionRequest<R>(): SelectionRequest<R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<R | null>(null);

  const run = async (request: () => Promise<R>, then: () => void) => {
    setBusy(true);
    setError(null);
    try {
      setResult(await request());
      then();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, result, dismiss: () => setResult(null), run };
}
