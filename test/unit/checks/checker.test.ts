import { describe, expect, it } from 'vitest';
import { CHECK_KINDS, createChecker, hasProblem } from '../../../main/checks';
import { context, makeGuest, makeReservation, TODAY, withGuests } from './helpers';

// One reservation that trips every check at once.
const everything = () => {
  const r = withGuests(
    'NOW',
    [
      ['IŞIK MEHMET', { title: 'Mr' }],
      ['KAYA ALİ', { title: 'Mr' }],
      ['DEMİR CAN', { title: 'Mr' }],
    ],
    {
      voucherNo: 'SUN-1',
      checkIn: '2026-06-20',
      checkOut: '2026-06-27',
      // Seven nights by the dates: eight is a stay that cannot be as booked.
      nights: 8,
      adults: 3,
      childs: 0,
      infants: 0,
      honeyMoon: 'Y',
      accomId: 'XX',
      reservationStatus: 4,
    },
  );
  const before = withGuests('BEFORE', ['Işık Mehmet'], { voucherNo: 'SUN-0', checkIn: '2025-06-20' });
  const twin = makeReservation({ keyField: 'TWIN', voucherNo: 'SUN-1' });
  return createChecker(
    context({
      settings: { menOnly: true },
      stopSales: [{ codeKind: 'roomType', hotelCode: 'DZ', from: '2026-06-21', to: '2026-06-22' }],
      // No room of DZ left to the operator in June.
      contracts: [
        {
          agencyId: 'AG1',
          roomType: 'DZ',
          from: '2026-06-01',
          to: '2026-06-30',
          rooms: 0,
          weekdayRooms: null,
          kind: 'guaranteed',
          releaseDays: 0,
        },
      ],
      reservations: [r, before, twin],
    }),
  ).check(r);
};

describe('the checker', () => {
  it('gives every kind in one fixed order: problems first, then notes', () => {
    const checks = everything();
    expect(checks.map((c) => c.kind)).toEqual(CHECK_KINDS);
    const severities = checks.map((c) => c.severity);
    expect(severities).toEqual([...severities].sort((a, b) => (a === b ? 0 : a === 'problem' ? -1 : 1)));
  });

  it('gives plain data: what JSON carries is all there is', () => {
    const checks = everything();
    expect(JSON.parse(JSON.stringify(checks))).toEqual(checks);
  });

  it('has nothing to say about a cancelled reservation', () => {
    const cancelled = makeReservation({ pmsStatus: 3, checkIn: '2026-01-01', honeyMoon: 'Y', accomId: 'XX' });
    expect(createChecker(context()).check(cancelled)).toEqual([]);
  });

  it('nothing about a plain reservation that fits, is mapped and is on time', () => {
    expect(createChecker(context()).check(makeReservation())).toEqual([]);
  });

  it('men-only is off unless the settings turn it on', () => {
    const checker = createChecker(context());
    expect(checker.settings.menOnly).toBe(false);
    expect(checker.check(makeReservation()).some((c) => c.kind === 'men-only')).toBe(false);
  });

  it('hasProblem: notes alone are no problem', () => {
    expect(hasProblem([{ kind: 'honeymoon', severity: 'note', source: 'flag' }])).toBe(false);
    expect(hasProblem([{ kind: 'past-check-in', severity: 'problem', checkIn: '2026-01-01', days: 1 }])).toBe(
      true,
    );
    expect(hasProblem([])).toBe(false);
  });

  it('reads its lists once, as they stream (Iterables, not arrays)', () => {
    let reads = 0;
    function* stream() {
      reads += 1;
      yield withGuests('OLD', ['IŞIK AYŞE'], { checkIn: '2025-01-01' });
    }
    const checker = createChecker(context({ reservations: stream() }));
    const r = makeReservation({ guests: [makeGuest('ISIK AYSE', 'x')] });
    expect(checker.check(r).map((c) => c.kind)).toEqual(['returning-guest']);
    expect(checker.check(r).map((c) => c.kind)).toEqual(['returning-guest']);
    expect(reads).toBe(1);
  });

  it('takes today from the caller: the same reservation is late tomorrow', () => {
    const r = makeReservation({ checkIn: TODAY, checkOut: '2026-07-08' });
    expect(createChecker(context()).check(r)).toEqual([]);
    expect(
      createChecker(context({ today: '2026-07-02' }))
        .check(r)
        .map((c) => c.kind),
    ).toEqual(['past-check-in']);
  });
});
