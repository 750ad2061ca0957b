// The number on the "To enter in PMS" tab. Counting walks every reservation (tens of ms at 100k), so the
// first count waits until the inbox has had the engine to itself for its first rows.
import { useCallback, useEffect, useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import type { ToEnterCounts } from '../../../shared/ipc';
import { ask } from '../../api';

const FIRST_COUNT_DELAY_MS = 1500;

export function useToEnterCount(refreshToken: number): {
  count: number | null;
  update: (counts: ToEnterCounts) => void;
} {
  const [count, setCount] = useState<number | null>(null);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), FIRST_COUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useAskEffect(
    () => (started ? ask('listToEnter', { offset: 0, limit: 1 }) : null),
    [started, refreshToken],
    (page) => setCount(page.counts.total),
  );

  const update = useCallback((counts: ToEnterCounts) => setCount(counts.total), []);
  return { count, update };
}
