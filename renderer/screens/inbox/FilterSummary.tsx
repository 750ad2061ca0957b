// One line under the filters that says in words what the list shows once more than one filter is on
// ("Showing: check-in today · received today · Waiting"), so a combination of quick views is never a guess.
// Choices of one kind are alternatives ("or"); the kinds together narrow the list ("·").
import { useTranslation } from 'react-i18next';
import type { Agency } from '../../../shared/domain';
import { addDays } from '../../components/dates';
import { useStatusLabel } from '../../components/badges';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../i18n/format';
import type { InboxFilter } from './inbox-query';

interface Props {
  filter: InboxFilter;
  agencies: readonly Agency[];
  today: string;
  /** Whether "received today" is on (the filter holds instants the line need not decode again). */
  receivedToday: boolean;
}

/** The filter's parts in words, in the order the filter bar shows them. */
export function useFilterParts(): (props: Props) => string[] {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const lng = currentLanguage();
  const date = (d: string) => formatDate(d, lng);
  return ({ filter, agencies, today, receivedToday }) => {
    const parts: string[] = [];
    const or = t('inbox.shows.or');
    if (filter.search) parts.push(t('inbox.shows.search', { text: filter.search }));
    if (filter.agencyId !== undefined) {
      const name = agencies.find((a) => a.id === filter.agencyId)?.name ?? filter.agencyId;
      parts.push(t('inbox.shows.agency', { name }));
    }
    const { checkInFrom: from, checkInTo: to } = filter;
    if (from !== undefined && from === to)
      parts.push(
        from === today
          ? t('inbox.shows.checkInToday')
          : from === addDays(today, 1)
            ? t('inbox.shows.checkInTomorrow')
            : t('inbox.shows.checkInDay', { date: date(from) }),
      );
    else if (from !== undefined && to !== undefined)
      parts.push(t('inbox.shows.checkInRange', { from: date(from), to: date(to) }));
    else if (from !== undefined) parts.push(t('inbox.shows.checkInFrom', { from: date(from) }));
    else if (to !== undefined) parts.push(t('inbox.shows.checkInTo', { to: date(to) }));
    if (receivedToday) parts.push(t('inbox.shows.receivedToday'));
    if (filter.statuses?.length)
      parts.push(
        filter.statuses.map((s) => (s === 'other' ? t('inbox.otherStatus') : statusLabel(s))).join(or),
      );
    if (filter.kinds?.length) parts.push(filter.kinds.map((k) => t(`kind.${k}`)).join(or));
    if (filter.hasProblem) parts.push(t('inbox.shows.hasProblem'));
    return parts;
  };
}

export function FilterSummary(props: Props) {
  const { t } = useTranslation();
  const parts = useFilterParts()(props);
  // One filter is said by its own pressed button or field; a combination needs the sentence.
  if (parts.length < 2) return null;
  return (
    <p className="filter-summary" data-testid="filter-summary" aria-live="polite">
      {t('inbox.showing', { list: parts.join(' · ') })}
    </p>
  );
}
