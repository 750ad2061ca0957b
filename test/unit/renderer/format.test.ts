import { describe, expect, it } from 'vitest';
import { formatChangeValue, formatDate, formatShortDate } from '../../../renderer/i18n/format';
import { combineChanges } from '../../../renderer/screens/reservation/combine-changes';

describe('calendar dates on screen', () => {
  it('are written in the UI language', () => {
    expect(formatDate('2026-07-12', 'tr')).toBe('12.07.2026');
    expect(formatDate('2026-07-12T00:00:00', 'en')).toBe('12 Jul 2026');
    expect(formatShortDate('2028-02-29', 'tr')).toBe('29.02');
  });

  it('never roll an impossible day over, nor turn year 0001 into 1901', () => {
    expect(formatDate('2024-02-30', 'tr')).toBe('2024-02-30');
    expect(formatDate('2025-04-31', 'en')).toBe('2025-04-31');
    expect(formatShortDate('2025-13-01', 'tr')).toBe('2025-13-01');
    expect(formatDate('0001-01-01', 'tr')).toBe('01.01.0001');
    expect(formatDate('0099-05-01', 'en')).toMatch(/99$/);
    expect(formatDate('0099-05-01', 'en')).not.toMatch(/1999/);
  });
});

describe('money in a change summary', () => {
  it('has its currency and the language’s thousands separators', () => {
    expect(formatChangeValue('1155', 'tr', 'EUR')).toBe('1.155 EUR');
    expect(formatChangeValue('1650', 'tr', 'EUR')).toBe('1.650 EUR');
    expect(formatChangeValue('1155', 'en', 'EUR')).toBe('EUR 1,155');
    expect(formatChangeValue('1234.5', 'tr', 'TRY')).toBe('1.234,50 TRY');
    expect(formatChangeValue('1234.5', 'en', 'USD')).toBe('USD 1,234.50');
    expect(formatChangeValue('1155000', 'tr', 'EUR')).toBe('1.155.000 EUR');
  });

  it('shows the number alone without a currency, and other values as before', () => {
    expect(formatChangeValue('1155', 'tr', '')).toBe('1.155');
    expect(formatChangeValue('1155', 'en', null)).toBe('1,155');
    expect(formatChangeValue(null, 'tr', 'EUR')).toBe('—');
    expect(formatChangeValue('1155', 'tr')).toBe('1155');
    expect(formatChangeValue('2026-07-12', 'tr')).toBe('12.07');
  });

  it('keeps each side’s currency when several versions are combined', () => {
    const combined = combineChanges([
      {
        logId: 1,
        changeKind: 'changed',
        receivedAt: '2026-06-01T08:00:00.000Z',
        changes: [
          { field: 'soldPrice', before: '1155', after: '1400', currency: { before: 'EUR', after: 'EUR' } },
        ],
      },
      {
        logId: 2,
        changeKind: 'changed',
        receivedAt: '2026-06-02T08:00:00.000Z',
        changes: [
          { field: 'soldPrice', before: '1400', after: '1650', currency: { before: 'EUR', after: 'USD' } },
        ],
      },
    ]);
    expect(combined).toEqual([
      { field: 'soldPrice', before: '1155', after: '1650', currency: { before: 'EUR', after: 'USD' } },
    ]);
  });
});
