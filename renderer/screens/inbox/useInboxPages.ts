// Fetches the inbox in pages on demand, so 100 000 reservations cost only the rows on screen. A new query
// drops everything; a refresh (new data arrived) keeps the old rows on screen until their fresh page lands.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxRow } from '../../../shared/ipc';
import { ask } from '../../api';
import type { InboxQuery } from './inbox-query';

export const PAGE_SIZE = 100;

export interface InboxPages {
  total: number | null;
  rowAt: (index: number) => InboxRow | undefined;
  /**
   * Where a reservation is in the rows loaded so far, or -1. Rows of the latest refresh win over rows still
   * on screen from before it, so a list shifted by arrivals finds the reservation at its new place.
   */
  indexOf: (keyField: string) => number;
  /** Whether the pages covering these row indexes (inclusive) all come from the latest query or refresh. */
  settled: (first: number, last: number) => boolean;
  /** The rows of the current query loaded so far, in list order (what "select all" can tick). */
  loaded: () => InboxRow[];
  /** Asks for the pages covering these row indexes (inclusive). */
  ensure: (first: number, last: number) => void;
  error: unknown;
  /** Changes whenever a page arrives, for effects that depend on the rows. */
  version: number;
}

export function useInboxPages(query: InboxQuery, refreshToken: number): InboxPages {
  const pages = useRef(new Map<number, { rows: InboxRow[]; generation: number }>());
  const requested = useRef(new Set<number>());
  const generation = useRef(0);
  const current = useRef(query);
  const [total, setTotal] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback((page: number) => {
    if (requested.current.has(page)) return;
    requested.current.add(page);
    const gen = generation.current;
    const q = current.current;
    ask('listReservations', { ...q, offset: page * PAGE_SIZE, limit: PAGE_SIZE }).then(
      (result) => {
        if (gen !== generation.current) return;
        pages.current.set(page, { rows: result.rows, generation: gen });
        setTotal(result.total);
        setError(null);
        setVersion((v) => v + 1);
      },
      (e: unknown) => {
        if (gen !== generation.current) return;
        requested.current.delete(page);
        setError(e);
      },
    );
  }, []);

  const queryKey = JSON.stringify(query);
  useEffect(() => {
    current.current = JSON.parse(queryKey) as InboxQuery;
    generation.current += 1;
    pages.current = new Map();
    requested.current = new Set();
    setTotal(null);
    setVersion((v) => v + 1);
    load(0);
  }, [queryKey, load]);

  const lastRefresh = useRef(refreshToken);
  useEffect(() => {
    if (lastRefresh.current === refreshToken) return;
    lastRefresh.current = refreshToken;
    generation.current += 1;
    requested.current = new Set();
    load(0);
    // Re-rendering makes the list ask again for the pages it shows.
    setVersion((v) => v + 1);
  }, [refreshToken, load]);

  const ensure = useCallback(
    (first: number, last: number) => {
      for (let page = Math.floor(first / PAGE_SIZE); page <= Math.floor(last / PAGE_SIZE); page++) load(page);
    },
    [load],
  );

  // Rows live in a ref; `version` re-renders consumers when a page arrives.
  const rowAt = (index: number) => pages.current.get(Math.floor(index / PAGE_SIZE))?.rows[index % PAGE_SIZE];

  const indexOf = (keyField: string): number => {
    let best = -1;
    let bestGeneration = -1;
    for (const [page, { rows, generation: gen }] of pages.current) {
      if (gen <= bestGeneration) continue;
      const at = rows.findIndex((r) => r.keyField === keyField);
      if (at < 0) continue;
      best = page * PAGE_SIZE + at;
      bestGeneration = gen;
    }
    return best;
  };

  const settled = (first: number, last: number) => {
    for (let page = Math.floor(first / PAGE_SIZE); page <= Math.floor(last / PAGE_SIZE); page++)
      if (pages.current.get(page)?.generation !== generation.current) return false;
    return true;
  };

  // Pages still on screen from before a refresh count too (a query change drops them), so the list does
  // not seem empty between a refresh and its first page; a row shifted between two pages counts once.
  const loaded = () => {
    const seen = new Map<string, InboxRow>();
    for (const [, page] of [...pages.current.entries()].sort(([a], [b]) => a - b))
      for (const row of page.rows) if (!seen.has(row.keyField)) seen.set(row.keyField, row);
    return [...seen.values()];
  };

  return { total, rowAt, indexOf, settled, loaded, ensure, error, version };
}
