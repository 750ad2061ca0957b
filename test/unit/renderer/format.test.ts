import { describe, expect, it } from 'vitest';
import { formatDate, formatShortDate } from '../../../renderer/i18n/format';

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
