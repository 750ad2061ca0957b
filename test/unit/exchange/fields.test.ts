import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  FieldError,
  int,
  listItems,
  localDateTime,
  textOrNull,
} from '../../../main/exchange/fields';
import { serviceDate } from '../../../main/exchange/api';
import { InvalidRequestError } from '../../../main/exchange/errors';

describe('dates stay calendar values', () => {
  it('slices ISO text, ignoring fractions and any zone suffix rather than applying it', () => {
    expect(calendarDate({ D: '2025-03-30T23:59:59.9999999' }, 'D')).toBe('2025-03-30');
    expect(calendarDate({ D: '2025-03-30T00:00:00+03:00' }, 'D')).toBe('2025-03-30');
    expect(calendarDate({ D: '2025-03-30' }, 'D')).toBe('2025-03-30');
    expect(localDateTime({ D: '2025-10-26T02:30:00Z' }, 'D')).toBe('2025-10-26T02:30:00');
    expect(localDateTime({ D: '2025-10-26T02:30' }, 'D')).toBe('2025-10-26T02:30:00');
    expect(localDateTime({ D: '2025-10-26' }, 'D')).toBe('2025-10-26T00:00:00');
  });

  it('reads old .NET JSON dates as the wall clock they stand for', () => {
    // 2017-07-05T00:00:00Z written from a +03:00 machine: 03:00 there.
    expect(localDateTime({ D: '/Date(1499212800000+0300)/' }, 'D')).toBe('2017-07-05T03:00:00');
    expect(localDateTime({ D: '/Date(1499212800000)/' }, 'D')).toBe('2017-07-05T00:00:00');
    expect(localDateTime({ D: '/Date(-86400000-0130)/' }, 'D')).toBe('1969-12-30T22:30:00');
    expect(calendarDate({ D: '/Date(951782400000)/' }, 'D')).toBe('2000-02-29');
  });

  it('treats nil, empty and .NET MinValue as no date', () => {
    expect(localDateTime({ D: null }, 'D')).toBeNull();
    expect(localDateTime({ D: '' }, 'D')).toBeNull();
    expect(localDateTime({}, 'D')).toBeNull();
    expect(localDateTime({ D: '0001-01-01T00:00:00' }, 'D')).toBeNull();
  });

  it('refuses what is not a date', () => {
    expect(() => calendarDate({ D: '30.03.2025' }, 'D')).toThrow(FieldError);
    expect(() => calendarDate({ D: '2025-13-01' }, 'D')).toThrow(FieldError);
    expect(() => calendarDate({}, 'D')).toThrow(FieldError);
    expect(() => localDateTime({ D: 20250101 }, 'D')).toThrow(FieldError);
  });

  it('writes request dates as MM.dd.yyyy without any clock', () => {
    expect(serviceDate('2025-01-09', 'checkInStart')).toBe('01.09.2025');
    expect(() => serviceDate('2025-1-9', 'checkInStart')).toThrow(InvalidRequestError);
  });
});

describe('numbers, text and lists from either format', () => {
  it('reads whole numbers from JSON numbers and XML text, strictly', () => {
    expect(int({ N: 7 }, 'N')).toBe(7);
    expect(int({ N: ' 7 ' }, 'N')).toBe(7);
    expect(int({ N: null }, 'N')).toBe(0);
    expect(int({ n: 3 }, 'N')).toBe(3);
    expect(() => int({ N: '7.5' }, 'N')).toThrow(FieldError);
    expect(() => int({ N: 'seven' }, 'N')).toThrow(FieldError);
    expect(() => int({ N: 1e300 }, 'N')).toThrow(FieldError);
  });

  it('reads text, nil and empty elements', () => {
    expect(textOrNull({ T: '' }, 'T')).toBe('');
    expect(textOrNull({ T: null }, 'T')).toBeNull();
    expect(textOrNull({ T: 12 }, 'T')).toBe('12');
    expect(textOrNull({ T: {} }, 'T')).toBe('');
    expect(() => textOrNull({ T: { A: '1' } }, 'T')).toThrow(FieldError);
  });

  it('flattens collections of any element name, one or many', () => {
    expect(listItems([{ A: '1' }], 'L')).toEqual([{ A: '1' }]);
    expect(listItems({ Item: { A: '1' } }, 'L')).toEqual([{ A: '1' }]);
    expect(listItems({ Item: [{ A: '1' }, { A: '2' }] }, 'L')).toEqual([{ A: '1' }, { A: '2' }]);
    expect(listItems({ string: '5' }, 'L')).toEqual(['5']);
    expect(listItems('', 'L')).toEqual([]);
    expect(listItems('\n   ', 'L')).toEqual([]);
    expect(listItems(null, 'L')).toEqual([]);
    expect(listItems(undefined, 'L')).toEqual([]);
    expect(() => listItems('text', 'L')).toThrow(FieldError);
    expect(() => listItems(5, 'L')).toThrow(FieldError);
  });
});
