import { describe, expect, it } from 'vitest';
import { checksOf, withGuests } from './helpers';

const earlier = (name: string, birthDate: string | null = null, overrides = {}) =>
  withGuests('OLD', [[name, { birthDate }]], { checkIn: '2025-08-01', checkOut: '2025-08-08', ...overrides });
const current = (name: string, birthDate: string | null = null, overrides = {}) =>
  withGuests('NEW', [[name, { birthDate }], 'KAYA ZEYNEP'], {
    checkIn: '2026-07-10',
    checkOut: '2026-07-17',
    ...overrides,
  });

describe('returning-guest', () => {
  it('finds the lead guest in an earlier stay, and says which and when', () => {
    expect(
      checksOf('returning-guest', current('IŞIK AYŞE'), { reservations: [earlier('IŞIK AYŞE')] }),
    ).toEqual([
      {
        kind: 'returning-guest',
        severity: 'note',
        guest: 'IŞIK AYŞE',
        match: 'name',
        keyField: 'OLD',
        voucherNo: 'V-OLD',
        checkIn: '2025-08-01',
      },
    ]);
  });

  it.each([
    ['IŞIK AYŞE', 'Işık Ayşe'],
    ['IŞIK AYŞE', 'ISIK AYSE'],
    ['Işık Ayşe', 'isik ayse'],
    ['İNCE İBRAHİM', 'Ince Ibrahim'],
    ['ŞAHİN ÇAĞRI', 'sahin cagri'],
    ['ÖZTÜRK GÜLŞEN', 'OZTURK GULSEN'],
    ['GROßMANN JÜRGEN', 'GROSSMANN JURGEN'],
    ['YILMAZ  AYŞE-NUR', 'yılmaz ayşe nur'],
    ["O'NEIL SEAN", 'ONEIL SEAN'],
  ])('folds names for Turkish: %j is %j', (a, b) => {
    expect(checksOf('returning-guest', current(a), { reservations: [earlier(b)] })).toHaveLength(1);
    expect(checksOf('returning-guest', current(b), { reservations: [earlier(a)] })).toHaveLength(1);
  });

  it('keeps the SURNAME GIVEN order and every word', () => {
    expect(
      checksOf('returning-guest', current('AYŞE IŞIK'), { reservations: [earlier('IŞIK AYŞE')] }),
    ).toEqual([]);
    expect(
      checksOf('returning-guest', current('IŞIK AYŞE NUR'), { reservations: [earlier('IŞIK AYŞE')] }),
    ).toEqual([]);
  });

  it('matches on name and birth date when both have one', () => {
    const [check] = checksOf('returning-guest', current('KAYA EMRE', '1980-04-02T00:00:00'), {
      reservations: [earlier('Kaya Emre', '1980-04-02T00:00:00')],
    });
    expect(check?.match).toBe('birth-date');
  });

  it('two birth dates that disagree are two people', () => {
    expect(
      checksOf('returning-guest', current('KAYA EMRE', '1980-04-02T00:00:00'), {
        reservations: [earlier('KAYA EMRE', '1991-11-23T00:00:00')],
      }),
    ).toEqual([]);
  });

  it('is a name-only match when either side has no birth date', () => {
    const withBirth = checksOf('returning-guest', current('KAYA EMRE', '1980-04-02T00:00:00'), {
      reservations: [earlier('KAYA EMRE')],
    });
    expect(withBirth.map((c) => c.match)).toEqual(['name']);
    const without = checksOf('returning-guest', current('KAYA EMRE'), {
      reservations: [earlier('KAYA EMRE', '1980-04-02T00:00:00')],
    });
    expect(without.map((c) => c.match)).toEqual(['name']);
  });

  it('reads a placeholder birth date (0001-01-01, 1900-01-01) as none', () => {
    const found = checksOf('returning-guest', current('KAYA EMRE', '0001-01-01T00:00:00'), {
      reservations: [earlier('KAYA EMRE', '1900-01-01T00:00:00')],
    });
    expect(found.map((c) => c.match)).toEqual(['name']);
  });

  it('prefers the birth-date match, then the latest earlier stay', () => {
    const older = earlier('KAYA EMRE', '1980-04-02T00:00:00', {
      keyField: 'A',
      voucherNo: 'VA',
      checkIn: '2024-05-01',
    });
    const newerNameOnly = earlier('KAYA EMRE', null, {
      keyField: 'B',
      voucherNo: 'VB',
      checkIn: '2025-09-01',
    });
    const [strong] = checksOf('returning-guest', current('KAYA EMRE', '1980-04-02T00:00:00'), {
      reservations: [newerNameOnly, older],
    });
    expect([strong?.keyField, strong?.match]).toEqual(['A', 'birth-date']);
    const newest = earlier('KAYA EMRE', null, { keyField: 'C', voucherNo: 'VC', checkIn: '2026-01-05' });
    const [latest] = checksOf('returning-guest', current('KAYA EMRE'), {
      reservations: [newest, older, newerNameOnly],
    });
    expect([latest?.keyField, latest?.checkIn]).toEqual(['C', '2026-01-05']);
  });

  it('finds the lead among any guest of the other reservation', () => {
    const other = withGuests('OLD', ['DEMİR ALİ', 'IŞIK AYŞE'], { checkIn: '2026-02-01' });
    expect(checksOf('returning-guest', current('Işık Ayşe'), { reservations: [other] })).toHaveLength(1);
  });

  it('looks only at the lead guest of the reservation checked', () => {
    // KAYA ZEYNEP is the second guest of `current`.
    expect(
      checksOf('returning-guest', current('IŞIK AYŞE'), { reservations: [earlier('KAYA ZEYNEP')] }),
    ).toEqual([]);
  });

  it('counts only earlier check-ins: not the same day, not later ones', () => {
    const sameDay = earlier('IŞIK AYŞE', null, { checkIn: '2026-07-10' });
    const later = earlier('IŞIK AYŞE', null, { checkIn: '2026-08-10' });
    expect(checksOf('returning-guest', current('IŞIK AYŞE'), { reservations: [sameDay, later] })).toEqual([]);
  });

  it('includes future earlier bookings, not only past stays', () => {
    // Today is 2026-07-01: a booking for 2026-07-03 is earlier than 2026-07-10 but not yet a stay.
    const upcoming = earlier('IŞIK AYŞE', null, { checkIn: '2026-07-03' });
    expect(checksOf('returning-guest', current('IŞIK AYŞE'), { reservations: [upcoming] })).toHaveLength(1);
  });

  it('ignores cancelled and declined reservations (nobody came)', () => {
    const cancelled = earlier('IŞIK AYŞE', null, { pmsStatus: 3 });
    const declined = earlier('IŞIK AYŞE', null, { keyField: 'OLD2', confirmationStatus: 'H' });
    expect(
      checksOf('returning-guest', current('IŞIK AYŞE'), { reservations: [cancelled, declined] }),
    ).toEqual([]);
    const confirmed = earlier('IŞIK AYŞE', null, { keyField: 'OLD3', confirmationStatus: 'E' });
    expect(checksOf('returning-guest', current('IŞIK AYŞE'), { reservations: [confirmed] })).toHaveLength(1);
  });

  it('never matches the reservation itself, even an earlier version of it', () => {
    const itself = earlier('IŞIK AYŞE', null, { keyField: 'NEW' });
    expect(checksOf('returning-guest', current('IŞIK AYŞE'), { reservations: [itself] })).toEqual([]);
  });

  it('needs a surname and a given name: a lone word or a placeholder tells nobody', () => {
    expect(checksOf('returning-guest', current('IŞIK'), { reservations: [earlier('IŞIK')] })).toEqual([]);
    expect(checksOf('returning-guest', current('TBA TBA'), { reservations: [earlier('TBA TBA')] })).toEqual(
      [],
    );
    expect(checksOf('returning-guest', current(''), { reservations: [earlier('')] })).toEqual([]);
  });
});
