// A stay that cannot be as booked is stored and shown as a problem before confirming,
// first among the checks: check-out before check-in, Nights that the dates contradict, a count below zero
// (now set aside by the sync, still named when stored before it was).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChecker, hasProblem } from '../../../main/checks';
import { addDays } from '../store/fixtures';
import { checksOf, context, makeReservation } from './helpers';

describe('impossible-stay', () => {
  it('check-out before check-in: one problem, with both dates and both night counts', () => {
    const r = makeReservation({ checkIn: '2026-07-10', checkOut: '2026-07-07', nights: 3 });
    expect(checksOf('impossible-stay', r)).toEqual([
      {
        kind: 'impossible-stay',
        severity: 'problem',
        reason: 'check-out-before-check-in',
        checkIn: '2026-07-10',
        checkOut: '2026-07-07',
        nights: 3,
        nightsByDates: -3,
      },
    ]);
  });

  it.each([
    ['more nights than the dates hold', '2026-07-10', '2026-07-17', 9, 7],
    ['fewer', '2026-07-10', '2026-07-17', 2, 7],
    ['nights on a day visit', '2026-07-10', '2026-07-10', 1, 0],
    ['no nights for a stay across the new year', '2026-12-30', '2027-01-02', 0, 3],
  ])('Nights against the dates: %s', (_name, checkIn, checkOut, nights, nightsByDates) => {
    expect(checksOf('impossible-stay', makeReservation({ checkIn, checkOut, nights }))).toEqual([
      {
        kind: 'impossible-stay',
        severity: 'problem',
        reason: 'nights-mismatch',
        checkIn,
        checkOut,
        nights,
        nightsByDates,
      },
    ]);
  });

  it('dates with a time (as the service writes them) are read as their day', () => {
    const r = makeReservation({ checkIn: '2026-07-10T00:00:00', checkOut: '2026-07-12T00:00:00', nights: 2 });
    expect(checksOf('impossible-stay', r)).toEqual([]);
  });

  it.each([
    ['roomCount', 'RoomCount'],
    ['adults', 'Adults'],
    ['childs', 'Childs'],
    ['infants', 'Infants'],
  ] as const)('a %s below zero is named with its value', (field, name) => {
    const [check] = checksOf('impossible-stay', makeReservation({ [field]: -2 }));
    expect(check).toMatchObject({ reason: 'negative-count', count: { field: name, value: -2 } });
  });

  it('is the first problem, and a problem bulk confirm asks about', () => {
    const r = makeReservation({ checkIn: '2026-06-20', checkOut: '2026-06-27', nights: 6, accomId: 'XX' });
    const checks = createChecker(context()).check(r);
    expect(checks[0]?.kind).toBe('impossible-stay');
    expect(checks.map((c) => c.kind)).toContain('past-check-in');
    expect(hasProblem(checks)).toBe(true);
  });

  it('nothing for a cancellation (nothing to decide)', () => {
    const r = makeReservation({ pmsStatus: 3, checkIn: '2026-07-10', checkOut: '2026-07-01' });
    expect(createChecker(context()).check(r)).toEqual([]);
  });

  it('for any dates and nights: flagged exactly when they disagree, check-out first when it is before', () => {
    const day = fc.integer({ min: 0, max: 800 }).map((n) => addDays('2026-01-01', n));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: 0, max: 40 }),
        (checkIn, span, nights) => {
          const checkOut = addDays(checkIn, span);
          const checks = checksOf('impossible-stay', makeReservation({ checkIn, checkOut, nights }));
          if (span < 0) expect(checks.map((c) => c.reason)).toEqual(['check-out-before-check-in']);
          else if (span !== nights) expect(checks.map((c) => c.reason)).toEqual(['nights-mismatch']);
          else expect(checks).toEqual([]);
          for (const c of checks) expect(c.nightsByDates).toBe(span);
        },
      ),
    );
  });
});
