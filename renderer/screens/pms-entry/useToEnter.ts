// The reservations the PMS still lacks, oldest check-in first, a page at a time ("Show more"): rows
// differ in height (a change lists its fields), and nobody types hundreds into the PMS in one sitting.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToEnterCounts, ToEnterRow } from '../../../shared/ipc';
import { ask } from '../../api';

export const TO_ENTER_PAGE = 200;

export interface ToEnterList {
  rows: ToEnterRow[];
  total: number | null;
  counts: ToEnterCounts | null;
  error: unknown;
  loading: boolean;
  showMore: () => void;
  reload: () => void;
}

export function useToEnter(refreshToken: number, onCounts?: (counts: ToEnterCounts) => void): ToEnterList {
  const [rows, setRows] = useState<ToEnterRow[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [counts, setCounts] = useState<ToEnterCounts | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const shown = useRef(TO_ENTER_PAGE);
  const generation = useRef(0);
  const reportCounts = useRef(onCounts);
  reportCounts.current = onCounts;

  const fetchRows = useCallback((offset: number, limit: number, append: boolean) => {
    const gen = ++generation.current;
    setLoading(true);
    ask('listToEnter', { offset, limit }).then(
      (page) => {
        if (gen !== generation.current) return;
        setRows((prev) => (append ? [...prev, ...page.rows] : page.rows));
        setTotal(page.total);
        setCounts(page.counts);
        setError(null);
        setLoading(false);
        reportCounts.current?.(page.counts);
      },
      (e: unknown) => {
        if (gen !== generation.current) return;
        setError(e);
        setLoading(false);
      },
    );
  }, []);

  // New data or a marking: reload what is on screen in one request, so the list keeps its length.
  useEffect(() => {
    fetchRows(0, Math.min(500, shown.current), false);
  }, [refreshToken, reloads, fetchRows]);

  const rowCount = useRef(0);
  rowCount.current = rows.length;
  const showMore = useCallback(() => {
    shown.current = rowCount.current + TO_ENTER_PAGE;
    fetchRows(rowCount.current, TO_ENTER_PAGE, true);
  }, [fetchRows]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { rows, total, counts, error, loading, showMore, reload };
}
