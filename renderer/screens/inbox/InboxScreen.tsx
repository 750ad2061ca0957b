// The inbox: every reservation in the local database (so it works offline), filtered, counted and sorted,
// with the opened reservation beside the list.
import { useCallback, useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { Agency, StayCodeKind } from '../../../shared/domain';
import type { InboxCounts, InboxRow, SyncStatus } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { todayIso } from '../../components/dates';
import { toggleSelected } from '../../components/selection';
import { ReservationScreen } from '../reservation/ReservationScreen';
import { BulkBar } from './BulkBar';
import { InboxFilters } from './InboxFilters';
import { SelectAll } from './SelectAll';
import './inbox.css';
import { ConnectionBanner, neverConnected } from './ConnectionBanner';
import { InboxList, type InboxCursor, type OpenIntent } from './InboxList';
import { countsFilter, type InboxQuery } from './inbox-query';
import { TakeInBar } from './TakeInBar';
import { useInboxPages } from './useInboxPages';

interface Props {
  refreshToken: number;
  fresh: ReadonlySet<string>;
  opened: OpenedReservation | null;
  onOpen: (keyField: string | null, intent: OpenIntent) => void;
  onOpenMapping: (agencyId: string, kind: StayCodeKind, code: string) => void;
  /** Kept by the desk, so the inbox keeps its filter across tabs and the export can use it. */
  query: InboxQuery;
  onQueryChange: (query: InboxQuery) => void;
  /** The line to the service: a setup that never worked is said here, not passed off as a quiet day. */
  status: SyncStatus | null;
  onOpenSetup: () => void;
}

export interface OpenedReservation {
  keyField: string;
  intent: OpenIntent;
  /** Bumped on every open, so pressing C twice opens the confirm form twice. */
  nonce: number;
}

export function InboxScreen({
  refreshToken,
  fresh,
  opened,
  onOpen,
  onOpenMapping,
  query,
  onQueryChange,
  status,
  onOpenSetup,
}: Props) {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<InboxCounts | null>(null);
  const [agencies, setAgencies] = useState<Agency[]>([]);
  const [cursor, setCursor] = useState<InboxCursor>({ keyField: null, index: 0, chosen: false });
  const today = todayIso();
  const [selected, setSelected] = useState<ReadonlyMap<string, InboxRow>>(new Map());
  const pages = useInboxPages(query, refreshToken);

  const baseFilterKey = JSON.stringify(countsFilter(query.filter));
  useAskEffect(
    () => ask('inboxCounts', { filter: JSON.parse(baseFilterKey) as InboxQuery['filter'] }),
    [baseFilterKey, refreshToken],
    setCounts,
    () => setCounts(null),
  );
  useAskEffect(
    () => ask('listAgencies', {}),
    [refreshToken],
    setAgencies,
    () => setAgencies([]),
  );

  const changeQuery = useCallback(
    (next: InboxQuery) => {
      onQueryChange(next);
      setCursor({ keyField: null, index: 0, chosen: false });
    },
    [onQueryChange],
  );

  const toggleRow = (row: InboxRow) => setSelected((prev) => toggleSelected(prev, row));

  const focusList = () => document.querySelector<HTMLElement>('[data-testid="inbox-list"]')?.focus();

  /** Back to the list on this reservation's row: after an answer, or leaving its form or its panel. */
  const backToRow = (keyField: string) => {
    setCursor((c) =>
      c.keyField === keyField ? { ...c, chosen: true } : { keyField, index: c.index, chosen: true },
    );
    focusList();
  };

  const closeDetail = () => {
    const keyField = opened?.keyField;
    onOpen(null, 'view');
    if (keyField) backToRow(keyField);
    else focusList();
  };

  // The open reservation no longer in the filtered list: said above the list, with a way to close it (it
  // stays open: the receptionist may be half-way through an answer). Only known once the whole list is read.
  const loadedRows = pages.loaded();
  const hiddenByFilter =
    opened !== null &&
    pages.total !== null &&
    loadedRows.length >= pages.total &&
    !loadedRows.some((r) => r.keyField === opened.keyField);

  const unfiltered = !Object.values(query.filter).some((v) => v !== undefined);

  return (
    <div className="inbox-screen">
      <h1 className="sr-only">{t('inbox.title')}</h1>
      <ConnectionBanner status={status} onOpenSetup={onOpenSetup} />
      <InboxFilters query={query} onChange={changeQuery} counts={counts} agencies={agencies} today={today} />
      <TakeInBar waiting={counts?.waitingCancellations ?? 0} filter={query.filter} />
      <div className="inbox-body">
        <section className="inbox-column" aria-label={t('inbox.title')}>
          <div className="list-head">
            {pages.total !== null && pages.total > 0 && (
              <SelectAll loaded={loadedRows} total={pages.total} selected={selected} onChange={setSelected} />
            )}
            <span className="total" data-testid="inbox-total">
              {pages.total === null ? t('common.loading') : t('inbox.total', { count: pages.total })}
            </span>
            <span className="spacer" />
            <span className="shortcuts" aria-hidden="true">
              <kbd>↑</kbd>
              <kbd>↓</kbd> {t('keys.move')} · <kbd>Enter</kbd> {t('keys.open')} · <kbd>C</kbd>{' '}
              {t('keys.confirm')} · <kbd>D</kbd> {t('keys.decline')} · <kbd>{t('keys.spaceKey')}</kbd>{' '}
              {t('keys.select')} · <kbd>/</kbd> {t('keys.search')}
              {selected.size > 0 && (
                <>
                  {' '}
                  · <kbd>Tab</kbd> {t('keys.bulk')}
                </>
              )}
            </span>
          </div>
          <BulkBar selected={selected} onClear={() => setSelected(new Map())} />
          {hiddenByFilter && (
            <p className="hidden-by-filter" role="status" data-testid="hidden-by-filter">
              {t('inbox.hiddenByFilter')}{' '}
              <button type="button" className="link" onClick={closeDetail}>
                {t('inbox.closeHidden')}
              </button>
            </p>
          )}
          <ErrorNote error={pages.error} />
          {pages.total === 0 ? (
            <p className="empty" data-testid="inbox-empty">
              {!unfiltered
                ? t('inbox.emptyFiltered')
                : neverConnected(status)
                  ? t('inbox.emptyNeverConnected')
                  : t('inbox.empty')}
            </p>
          ) : (
            <InboxList
              pages={pages}
              cursor={cursor}
              setCursor={setCursor}
              openKey={opened?.keyField ?? null}
              selected={selected}
              fresh={fresh}
              onToggle={toggleRow}
              onOpen={onOpen}
              hasSelection={selected.size > 0}
            />
          )}
        </section>
        {opened && (
          <ReservationScreen
            key={opened.keyField}
            keyField={opened.keyField}
            intent={opened.intent}
            intentNonce={opened.nonce}
            refreshToken={refreshToken}
            onClose={closeDetail}
            onAnswered={backToRow}
            onOpenMapping={onOpenMapping}
          />
        )}
      </div>
    </div>
  );
}
