// The activity log in the desk's language. Export, mapping, stop-sale and settings rows store codes and
// values (ActivityDetail, as JSON) and are worded here when read, so the Turkish Activity screen has no
// English in it; rows written before that keep the text they were written with.
import type { ActivityDetail, ActivityEntry, CalendarDate, UiLanguage } from '../../shared/domain';
import type { Messages } from './messages';

/** What an export or mapping row stores: never words, so it reads in either language later. */
export const activityDetail = (detail: ActivityDetail): string => JSON.stringify(detail);

/** The actions whose rows store an ActivityDetail (its kind is the action). */
const worded: ReadonlySet<ActivityEntry['action']> = new Set([
  'export',
  'mapping',
  'stop-sale',
  'settings',
  'sync',
  'setup',
  'contract',
]);

function parsed(entry: ActivityEntry): ActivityDetail | null {
  if (!worded.has(entry.action) || !entry.detail.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(entry.detail);
    if (value === null || typeof value !== 'object' || !('kind' in value)) return null;
    return value.kind === entry.action ? (value as ActivityDetail) : null;
  } catch {
    return null;
  }
}

const day = (date: CalendarDate, language: UiLanguage): string =>
  language === 'tr' ? date.split('-').reverse().join('.') : date;

/** The entry as the Activity screen shows it: `detail` worded in the desk's language where it was codes. */
export function wordActivity(
  messages: Messages,
  language: UiLanguage,
  entry: ActivityEntry,
  /** An operator's name by its agency id (the rows keep the id: a name the service renames later still reads). */
  agencyName: (agencyId: string) => string = (agencyId) => agencyId,
): ActivityEntry {
  const detail = parsed(entry);
  if (detail === null) return entry;
  if (detail.kind === 'stop-sale') {
    const text = messages.t(
      detail.change === 'added' ? 'activity.stopSaleAdded' : 'activity.stopSaleRemoved',
      {
        codeKind: messages.t(`activity.codeKind.${detail.codeKind}`),
        hotelCode: detail.hotelCode,
        from: day(detail.from, language),
        to: day(detail.to, language),
      },
    );
    return { ...entry, detail: detail.note === '' ? text : `${text} (${detail.note})` };
  }
  if (detail.kind === 'contract' && detail.change === 'release') {
    const text = messages.t('activity.release', {
      agency: agencyName(detail.agencyId),
      roomType: detail.roomType,
      night: day(detail.night, language),
      releaseOn: day(detail.releaseOn, language),
      unused: detail.unused,
      allotted: detail.allotted,
    });
    return { ...entry, detail: text };
  }
  if (detail.kind === 'contract') {
    const key =
      detail.change === 'added'
        ? 'activity.contractAdded'
        : detail.change === 'changed'
          ? 'activity.contractChanged'
          : 'activity.contractRemoved';
    const rooms = detail.weekdayRooms === '' ? String(detail.rooms) : detail.weekdayRooms;
    const text = messages.t(key, {
      agency: agencyName(detail.agencyId),
      roomType: detail.roomType,
      from: day(detail.from, language),
      to: day(detail.to, language),
      rooms,
      allotment: messages.t(`activity.allotmentKind.${detail.allotment}`),
      releaseDays: detail.releaseDays,
    });
    return { ...entry, detail: text };
  }
  if (detail.kind === 'sync') {
    const { new: arrived, changed, cancelled } = detail;
    return { ...entry, detail: messages.t('activity.sync', { new: arrived, changed, cancelled }) };
  }
  if (detail.kind === 'setup') {
    return {
      ...entry,
      detail: messages.t(
        detail.practice === 'started' ? 'activity.practiceStarted' : 'activity.practiceLeft',
      ),
    };
  }
  if (detail.kind === 'settings' && detail.setting === 'rates') {
    const { hotelCurrency } = detail;
    const number = new Intl.NumberFormat(language === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: 6 });
    const rates = Object.entries(detail.rates)
      .map(([currency, rate]) => `1 ${currency} = ${number.format(rate)} ${hotelCurrency}`)
      .join('; ');
    const text =
      rates === ''
        ? messages.t('activity.ratesOnlyHotel', { hotelCurrency })
        : messages.t('activity.ratesSaved', { rates });
    return { ...entry, detail: text };
  }
  if (detail.kind === 'settings') {
    return { ...entry, detail: messages.t(detail.on ? 'activity.menOnlyOn' : 'activity.menOnlyOff') };
  }
  if (detail.kind === 'mapping') {
    const codeKind = messages.t(`activity.codeKind.${detail.codeKind}`);
    const text =
      detail.hotelCode === ''
        ? messages.t('activity.mappingRemoved', { codeKind, channelCode: detail.channelCode })
        : messages.t('activity.mapping', {
            codeKind,
            channelCode: detail.channelCode,
            hotelCode: detail.hotelCode,
          });
    return { ...entry, detail: text };
  }
  const what =
    detail.exportKind === 'arrivals'
      ? messages.t('activity.exportArrivals', { date: detail.date ? day(detail.date, language) : '' })
      : messages.t('activity.exportOf', {
          kind: messages.t(`activity.exportKind.${detail.exportKind}`),
          scope: messages.t(`activity.exportScope.${detail.scope ?? 'to-enter'}`),
        });
  const text = messages.t('activity.export', {
    what,
    rows: detail.rows,
    reservations: detail.reservations,
    file: detail.file,
  });
  return { ...entry, detail: text };
}
