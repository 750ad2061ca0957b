import { describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import { openDatabase } from '../../../main/store/db';
import { diffReservations } from '../../../main/store/history';
import { importBatch } from '../../../main/store/reservations';
import { makeGuest, makeReservation } from './fixtures';

const key = '1001|V-1|1';
const ayse = makeGuest('IŞIK AYŞE', key, { age: 34, nationality: 'TR' });
const mehmet = makeGuest('IŞIK MEHMET', key, { age: 36, nationality: 'TR' });
const base = makeReservation({ guests: [ayse, mehmet] });

describe('diffReservations', () => {
  it('finds nothing between equal versions, whatever the LogId or confirmation', () => {
    expect(diffReservations(base, { ...base, logId: 99, confirmationStatus: 'E', raw: {} })).toEqual([]);
  });

  it('reports stay fields as display-neutral strings', () => {
    const after = {
      ...base,
      checkIn: '2026-07-11',
      checkOut: '2026-07-19T00:00:00',
      nights: 8,
      roomTypeId: 'FAM',
      accomId: 'HB',
      adults: 3,
      soldPrice: 1500,
      note: 'late arrival',
    };
    expect(diffReservations(base, after)).toEqual([
      { field: 'checkIn', before: '2026-07-10', after: '2026-07-11' },
      { field: 'checkOut', before: '2026-07-17', after: '2026-07-19' },
      { field: 'nights', before: '7', after: '8' },
      { field: 'roomTypeId', before: 'DBL', after: 'FAM' },
      { field: 'accomId', before: 'AI', after: 'HB' },
      { field: 'adults', before: '2', after: '3' },
      { field: 'soldPrice', before: '1234.5', after: '1500', currency: { before: 'EUR', after: 'EUR' } },
      { field: 'note', before: null, after: 'late arrival' },
    ]);
  });

  it('reports a cancellation first', () => {
    expect(diffReservations(base, { ...base, pmsStatus: 3 })).toEqual([
      { field: 'cancelled', before: 'false', after: 'true' },
    ]);
  });

  it('matches guests by name: added, removed, and changed age or nationality', () => {
    const child = makeGuest('IŞIK DENİZ', key, { age: 5, nationality: 'TR', title: 'Chd' });
    const olderAyse = { ...ayse, age: 35, nationality: 'DE' };
    expect(diffReservations(base, { ...base, guests: [olderAyse, child] })).toEqual([
      { field: 'guestChanged', before: 'IŞIK AYŞE, 34, TR', after: 'IŞIK AYŞE, 35, DE' },
      { field: 'guestChanged', before: 'IŞIK MEHMET, 36, TR', after: 'IŞIK DENİZ, 5, TR' },
    ]);
    expect(diffReservations(base, { ...base, guests: [mehmet, ayse, child] })).toEqual([
      { field: 'guestAdded', before: null, after: 'IŞIK DENİZ, 5, TR' },
    ]);
    expect(diffReservations(base, { ...base, guests: [mehmet] })).toEqual([
      { field: 'guestRemoved', before: 'IŞIK AYŞE, 34, TR', after: null },
    ]);
  });

  it('a corrected name is a guestChanged, unknown age left out', () => {
    const corrected = { ...mehmet, name: 'ISIK MEHMET', age: null };
    expect(diffReservations(base, { ...base, guests: [ayse, corrected] })).toEqual([
      { field: 'guestChanged', before: 'IŞIK MEHMET, 36, TR', after: 'ISIK MEHMET, TR' },
    ]);
  });
});

describe('versionViews', () => {
  it('lists versions newest first, each with its changes from the one before', () => {
    const db = openDatabase(':memory:');
    try {
      const v1 = { ...base, logId: 10 };
      const v2 = { ...base, logId: 11, pmsStatus: 2, nights: 8, checkOut: '2026-07-18' };
      const v3 = { ...v2, logId: 12, pmsStatus: 3 };
      importBatch(db, [v1], '2026-06-01T08:00:00.000Z');
      importBatch(db, [v2, v3], '2026-06-02T08:00:00.000Z');
      expect(new Store(db).versions(key)).toEqual([
        {
          logId: 12,
          changeKind: 'cancelled',
          receivedAt: '2026-06-02T08:00:00.000Z',
          changes: [{ field: 'cancelled', before: 'false', after: 'true' }],
        },
        {
          logId: 11,
          changeKind: 'changed',
          receivedAt: '2026-06-02T08:00:00.000Z',
          changes: [
            { field: 'checkOut', before: '2026-07-17', after: '2026-07-18' },
            { field: 'nights', before: '7', after: '8' },
          ],
        },
        { logId: 10, changeKind: 'new', receivedAt: '2026-06-01T08:00:00.000Z', changes: [] },
      ]);
      expect(new Store(db).versions('unknown')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('lists a version stored with two hundred thousand guests, which an older desk could store', () => {
    const db = openDatabase(':memory:');
    try {
      const crowd = Array.from({ length: 200_000 }, (_, i) => makeGuest(`GUEST ${i}`, key));
      importBatch(db, [{ ...base, logId: 10 }], '2026-06-01T08:00:00.000Z');
      importBatch(db, [{ ...base, logId: 11, guests: crowd }], '2026-06-02T08:00:00.000Z');
      const [newest] = new Store(db).versions(key);
      expect(newest?.changes.filter((c) => c.field === 'guestAdded')).toHaveLength(200_000 - 2);
    } finally {
      db.close();
    }
  });
});
