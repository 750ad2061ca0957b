// Calendar-date arithmetic has one home (shared/calendar.ts); these are the edges every caller relies on.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addMonths,
  calendarDateOf,
  dayNumber,
  daysBetween,
  isRealDate,
  localDate,
  startsWithCalendarDate,
} from '../../shared/calendar';

describe('shared calendar', () => {
  it('adds months across years, both ways', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2027-03', -15)).toBe('2025-12');
    expect(addMonths('2027-12', 0)).toBe('2027-12');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('counts whole days and is the inverse of addDays', () => {
    expect(daysBetween('2026-07-01', '2026-07-15')).toBe(14);
    expect(daysBetween('2026-07-15T14:00:00', '2026-07-01')).toBe(-14);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: -800, max: 800 }), (offset, days) => {
        const from = addDays('2020-01-01', offset);
        expect(daysBetween(from, addDays(from, days))).toBe(days);
      }),
    );
  });

  it('knows real days from impossible ones', () => {
    expect(isRealDate('2026-02-28')).toBe(true);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-2-3')).toBe(false);
    expect(isRealDate('2026-02-28T10:00')).toBe(false);
    expect(calendarDateOf(2026, 7, 5)).toBe('2026-07-05');
    expect(calendarDateOf(26, 7, 5)).toBeNull();
    expect(calendarDateOf(2026, 13, 1)).toBeNull();
  });

  it('reads the PC clock as the hotel day, and orders day numbers like the dates', () => {
    expect(localDate(new Date(2026, 10, 26, 23, 59))).toBe('2026-11-26');
    expect(startsWithCalendarDate('2026-11-26T08:00:00')).toBe(true);
    expect(startsWithCalendarDate('26.11.2026')).toBe(false);
    expect(dayNumber('2026-11-26T08:00:00')).toBe(20261126);
    expect(dayNumber('2026-11-26') < dayNumber('2026-12-01')).toBe(true);
  });
});
