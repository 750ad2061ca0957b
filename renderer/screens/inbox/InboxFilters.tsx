// The inbox's filters: search, agency, check-in range, sort, chips for state and kind with their counts and
// "has a problem", and under them, for a combination, what the list shows in words.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agency, ChangeKind, ConfirmationStatus } from '../../../shared/domain';
import type { InboxCounts } from '../../../shared/ipc';
import { AgencySelect } from '../../components/AgencySelect';
import { CheckInRange } from '../../components/CheckInRange';
import { addDays } from '../../components/dates';
import { FilterChip } from '../../components/FilterChip';
import { FilterSummary } from './FilterSummary';
import { toggle, type InboxQuery } from './inbox-query';

interface Props {
  query: InboxQuery;
  onChange: (query: InboxQuery) => void;
  counts: InboxCounts | null;
  agencies: Agency[];
  /** The hotel's today, YYYY-MM-DD: the Today and Tomorrow views are check-in on that day or the next. */
  today: string;
}

const statusChips: { status: ConfirmationStatus; count: keyof InboxCounts; icon: string }[] = [
  { status: 'W', count: 'waiting', icon: '◷' },
  { status: 'E', count: 'confirmed', icon: '✓' },
  { status: 'H', count: 'declined', icon: '⊘' },
];
const kindChips: { kind: ChangeKind; icon: string }[] = [
  { kind: 'new', icon: '★' },
  { kind: 'changed', icon: '✎' },
  { kind: 'cancelled', icon: '✕' },
];

/** Each order the list can take, worded for what it puts on top (one select, not a select and a toggle). */
const sortOrders: Pick<InboxQuery, 'sort' | 'direction'>[] = [
  { sort: 'arrival', direction: 'desc' },
  { sort: 'arrival', direction: 'asc' },
  { sort: 'checkIn', direction: 'asc' },
  { sort: 'checkIn', direction: 'desc' },
];

export function InboxFilters({ query, onChange, counts, agencies, today }: Props) {
  const { t } = useTranslation();
  const { filter } = query;
  const [search, setSearch] = useState(filter.search ?? '');
  const setFilter = (next: InboxQuery['filter']) => onChange({ ...query, filter: next });

  // Typing is debounced so every keystroke does not hit the database.
  useEffect(() => {
    const trimmed = search.trim();
    if ((filter.search ?? '') === trimmed) return;
    const timer = setTimeout(
      () => onChange({ ...query, filter: { ...filter, search: trimmed || undefined } }),
      250,
    );
    return () => clearTimeout(timer);
  }, [search, filter, query, onChange]);

  const searchBox = useRef<HTMLInputElement>(null);
  // "/" searches from anywhere on the inbox (not while typing elsewhere), also right after the page loads.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      e.preventDefault();
      searchBox.current?.focus();
      searchBox.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  /** ↓ or Enter in the search box: the results, at once, with the keyboard on the first of them. */
  const toResults = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'Enter') return;
    e.preventDefault();
    const trimmed = search.trim();
    if ((filter.search ?? '') !== trimmed)
      onChange({ ...query, filter: { ...filter, search: trimmed || undefined } });
    document.querySelector<HTMLElement>('[data-testid="inbox-list"]')?.focus();
  };

  const anyFilter = Object.values(filter).some((v) => v !== undefined);
  const days = [
    { id: 'today', day: today },
    { id: 'tomorrow', day: addDays(today, 1) },
  ] as const;
  const isDay = (day: string) => filter.checkInFrom === day && filter.checkInTo === day;
  // Received today: the current version reached the desk between this computer's midnights.
  const [y = 1970, m = 1, d = 1] = today.split('-').map(Number);
  const receivedFrom = new Date(y, m - 1, d).toISOString();
  const receivedTo = new Date(y, m - 1, d + 1).toISOString();
  const isReceivedToday = filter.receivedFrom === receivedFrom && filter.receivedTo === receivedTo;
  const receivedToday = () =>
    setFilter(
      isReceivedToday
        ? { ...filter, receivedFrom: undefined, receivedTo: undefined }
        : { ...filter, receivedFrom, receivedTo },
    );
  /** One click: arrivals of that day; a second click on the same view lifts it. */
  const arrivalsOn = (day: string) =>
    setFilter(
      isDay(day)
        ? { ...filter, checkInFrom: undefined, checkInTo: undefined }
        : { ...filter, checkInFrom: day, checkInTo: day },
    );

  return (
    <div className="inbox-filters">
      <div className="filter-row">
        <input
          type="search"
          className="search"
          placeholder={t('inbox.searchPlaceholder')}
          aria-label={t('inbox.search')}
          ref={searchBox}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={toResults}
        />
        <AgencySelect
          agencies={agencies}
          value={filter.agencyId}
          onChange={(agencyId) => setFilter({ ...filter, agencyId })}
        />
        <span className="day-views" role="group" aria-label={t('inbox.dayViews')}>
          {days.map(({ id, day }) => (
            <button
              key={id}
              type="button"
              className="button small day-view"
              aria-pressed={isDay(day)}
              data-testid={`view-${id}`}
              title={t(`inbox.${id}Hint`)}
              onClick={() => arrivalsOn(day)}
            >
              {t(`inbox.${id}`)}
            </button>
          ))}
          <button
            type="button"
            className="button small day-view"
            aria-pressed={isReceivedToday}
            data-testid="view-received-today"
            title={t('inbox.receivedTodayHint')}
            onClick={receivedToday}
          >
            {t('inbox.receivedToday')}
          </button>
        </span>
        <CheckInRange filter={filter} onChange={setFilter} joined />
      </div>
      <div className="filter-row chips">
        {statusChips.map(({ status, count, icon }) => (
          <FilterChip
            key={status}
            tone={`status-${status}`}
            label={t(`status.${status}`)}
            pressed={filter.statuses?.includes(status) ?? false}
            onClick={() => setFilter({ ...filter, statuses: toggle(filter.statuses, status) })}
            icon={icon}
            count={counts ? counts[count] : '…'}
            testId={`chip-${status}`}
          />
        ))}
        {/* Only where the service sent such statuses (the live one sends S and G): elsewhere it is noise. */}
        {((counts !== null && counts.otherStatus > 0) || filter.statuses?.includes('other')) && (
          <FilterChip
            tone="status-other"
            label={t('inbox.otherStatus')}
            hint={t('inbox.otherStatusHint')}
            pressed={filter.statuses?.includes('other') ?? false}
            onClick={() => setFilter({ ...filter, statuses: toggle(filter.statuses, 'other') })}
            icon="⇢"
            count={counts ? counts.otherStatus : '…'}
            testId="chip-other"
          />
        )}
        <span className="chip-gap" />
        {kindChips.map(({ kind, icon }) => (
          <FilterChip
            key={kind}
            tone={`kind-${kind}`}
            label={t(`kind.${kind}`)}
            pressed={filter.kinds?.includes(kind) ?? false}
            onClick={() => setFilter({ ...filter, kinds: toggle(filter.kinds, kind) })}
            icon={icon}
            count={counts ? counts[kind] : '…'}
            testId={`chip-${kind}`}
          />
        ))}
        <span className="chip-gap" />
        {/* Waiting reservations whose pre-confirm checks found something to look at first. */}
        <FilterChip
          tone="has-problem"
          label={t('inbox.hasProblem')}
          hint={t('inbox.hasProblemHint')}
          pressed={filter.hasProblem === true}
          onClick={() => setFilter({ ...filter, hasProblem: filter.hasProblem ? undefined : true })}
          icon="⚠"
          testId="chip-problem"
        />
        {anyFilter && (
          <button
            type="button"
            className="link"
            onClick={() => {
              setSearch('');
              onChange({ ...query, filter: {} });
            }}
          >
            {t('inbox.clearFilters')}
          </button>
        )}
        <span className="spacer" />
        {/* Each order says what it puts on top, so the label is for screen readers only: the row must fit. */}
        <label className="compact">
          <span className="sr-only">{t('inbox.sort')}</span>
          <select
            value={`${query.sort}-${query.direction}`}
            data-testid="inbox-sort"
            onChange={(e) => {
              const order = sortOrders.find((o) => `${o.sort}-${o.direction}` === e.target.value);
              if (order) onChange({ ...query, sort: order.sort, direction: order.direction });
            }}
          >
            {sortOrders.map(({ sort, direction }) => (
              <option key={`${sort}-${direction}`} value={`${sort}-${direction}`}>
                {t(`inbox.sortOrder.${sort}-${direction}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FilterSummary filter={filter} agencies={agencies} today={today} receivedToday={isReceivedToday} />
    </div>
  );
}
