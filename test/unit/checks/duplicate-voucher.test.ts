import { describe, expect, it } from 'vitest';
import { DUPLICATES_SHOWN } from '../../../main/checks';
import { checksOf, makeReservation } from './helpers';

const booking = (keyField: string, voucherNo: string, overrides = {}) =>
  makeReservation({ keyField, voucherNo, ...overrides });

describe('duplicate-voucher', () => {
  it('names the other active reservation of the agency with the same voucher', () => {
    expect(
      checksOf('duplicate-voucher', booking('A', 'SUN-77'), { reservations: [booking('B', 'SUN-77')] }),
    ).toEqual([
      { kind: 'duplicate-voucher', severity: 'problem', voucherNo: 'SUN-77', keyFields: ['B'], count: 1 },
    ]);
  });

  it('says nothing for a voucher of its own', () => {
    expect(
      checksOf('duplicate-voucher', booking('A', 'SUN-77'), { reservations: [booking('B', 'SUN-78')] }),
    ).toEqual([]);
  });

  it('compares vouchers trimmed and in capitals', () => {
    expect(
      checksOf('duplicate-voucher', booking('A', 'sun-77 '), { reservations: [booking('B', 'SUN-77')] }),
    ).toHaveLength(1);
  });

  it("another agency's numbering is its own", () => {
    expect(
      checksOf('duplicate-voucher', booking('A', '12345'), {
        reservations: [booking('B', '12345', { agencyId: 'AG2' })],
      }),
    ).toEqual([]);
  });

  it('cancelled and declined reservations hold no voucher', () => {
    const others = [
      booking('B', 'SUN-77', { pmsStatus: 3 }),
      booking('C', 'SUN-77', { confirmationStatus: 'H' }),
    ];
    expect(checksOf('duplicate-voucher', booking('A', 'SUN-77'), { reservations: others })).toEqual([]);
    // Confirmed, and the live service's other letters, still hold it.
    const live = [
      booking('B', 'SUN-77', { confirmationStatus: 'E' }),
      booking('C', 'SUN-77', { confirmationStatus: 'S' }),
    ];
    expect(
      checksOf('duplicate-voucher', booking('A', 'SUN-77'), { reservations: live })[0]?.keyFields,
    ).toEqual(['B', 'C']);
  });

  it('a declined reservation is not checked against the others', () => {
    const declined = booking('A', 'SUN-77', { confirmationStatus: 'H' });
    expect(checksOf('duplicate-voucher', declined, { reservations: [booking('B', 'SUN-77')] })).toEqual([]);
  });

  it('an empty voucher is no voucher', () => {
    expect(checksOf('duplicate-voucher', booking('A', ' '), { reservations: [booking('B', ' ')] })).toEqual(
      [],
    );
  });

  it('counts a reservation once, however often it is listed, and never itself', () => {
    expect(
      checksOf('duplicate-voucher', booking('A', 'SUN-77'), { reservations: [booking('A', 'SUN-77')] }),
    ).toEqual([]);
  });

  it('names at most a few of many, sorted, and says how many', () => {
    const many = Array.from({ length: 12 }, (_, i) => booking(`K${String(i).padStart(2, '0')}`, 'TBA'));
    const [check] = checksOf('duplicate-voucher', booking('A', 'TBA'), { reservations: many.reverse() });
    expect(check?.count).toBe(12);
    expect(check?.keyFields).toEqual(['K00', 'K01', 'K02', 'K03', 'K04'].slice(0, DUPLICATES_SHOWN));
  });
});
