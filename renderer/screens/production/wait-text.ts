// How long a reservation waited for its answer, as a receptionist says it: 45 min, 2 h 5 min, 1 d 3 h.
import type { TFunction } from 'i18next';

export function waitText(minutes: number, t: TFunction): string {
  if (minutes < 60) return t('production.minutes', { count: minutes });
  if (minutes < 24 * 60)
    return t('production.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return t('production.days', { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60) });
}
