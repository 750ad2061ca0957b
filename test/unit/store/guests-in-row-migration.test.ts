import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Store } from '../../../main/store';
import { migrate } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations/index';
import { guestsInRowMigration } from '../../../main/store/migrations/007-guests-in-row';
import { importBatch } from '../../../main/store/reservations';
import { guestColumnFields, guestValueSql } from '../../../main/store/reservations-columns';
import type { Guest } from '../../../shared/domain';
import { storeBeforeGuestsInRow } from './before-guests-in-row';
import { makeGuest, makeReservation } from './fixtures';

// Every field different from the others and from the defaults, nulls and numbers included, so a value
// read from the wrong position cannot pass.
const guestsOf = (keyField: string): Guest[] => [
  makeGuest('IŞIK AYŞE', keyField, {
    title: 'Mrs',
    age: 34,
    birthDate: '1992-03-04T00:00:00',
    nationality: 'TR',
    nationalityString: 'Türkiye',
    arrival: 'TK 2412',
    arrivalTime: '2026-07-10T14:05:00',
    departure: 'TK 2413',
    departureTime: '2026-07-17T09:30:00',
    musNo: 7,
    musTakipNo: 'M-7',
  }),
  makeGuest('MÜLLER HANS "JR"', keyField, { title: 'Chd', age: null, nationality: 'DE', musNo: null }),
  makeGuest('ÖZTÜRK ÇİĞDEM', keyField, { age: 0, nationalityString: '' }),
];

const at = '2026-07-01T08:00:00.000Z';
const freshAtVersion6 = (): Database.Database => {
  const db = new Database(':memory:');
  migrate(db, migrations.slice(0, 6));
  return db;
};

describe('migration 007 (guests in the reservation row)', () => {
  it('is seventh, and moves every guest of existing reservations into their rows, in order', () => {
    expect(migrations[6]).toBe(guestsInRowMigration);
    const db = freshAtVersion6();
    const withGuests = makeReservation({ keyField: 'k1', guests: guestsOf('k1') });
    const without = makeReservation({ keyField: 'k2', logId: 2, voucherNo: 'V-2', guests: [] });
    storeBeforeGuestsInRow(db, withGuests, at);
    storeBeforeGuestsInRow(db, without, at);

    migrate(db, migrations);

    expect(new Store(db).getReservation('k1')?.guests).toEqual(withGuests.guests);
    expect(new Store(db).getReservation('k2')?.guests).toEqual([]);
    const tables = db
      .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table'")
      .pluck()
      .all();
    expect(tables).not.toContain('guests');
    expect(db.prepare('SELECT count(*) FROM guests').pluck().get()).toBe(3);
  });

  it('the import writes each guest field where the view and the export read it', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    const r = makeReservation({ keyField: 'k1', guests: guestsOf('k1') });
    importBatch(db, [r], at);

    expect(new Store(db).getReservation('k1')?.guests).toEqual(r.guests);
    const snake = (f: string): string => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    for (const field of guestColumnFields as (keyof Guest)[]) {
      const fromView = db
        .prepare(`SELECT ${snake(field)} FROM guests ORDER BY position`)
        .pluck()
        .all();
      const direct = db
        .prepare(`SELECT ${guestValueSql('g', field)} FROM reservations r, json_each(r.guests_json) g`)
        .pluck()
        .all();
      expect(fromView, field).toEqual(r.guests.map((g) => g[field]));
      expect(direct, field).toEqual(fromView);
    }
  });

  it('a newer version replaces the guests; nothing of the old list stays behind', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    importBatch(db, [makeReservation({ keyField: 'k1', guests: guestsOf('k1') })], at);
    const [first] = guestsOf('k1');
    const newer = makeReservation({ keyField: 'k1', logId: 5, pmsStatus: 2, guests: first ? [first] : [] });
    importBatch(db, [newer], at);

    expect(new Store(db).getReservation('k1')?.guests).toEqual(newer.guests);
    expect(db.prepare('SELECT count(*) FROM guests').pluck().get()).toBe(1);
  });
});
