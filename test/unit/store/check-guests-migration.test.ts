// Migration 017 keeps a reservation's guest keys together (WITHOUT ROWID, by reservation and position) with one
// index for the stays question: the keys stored before it are kept, numbered in the order they were written.
// `npx vitest run test/unit/store/check-guests-migration.test.ts`
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations/index';
import { checkGuestsByReservationMigration } from '../../../main/store/migrations/017-check-guests-by-reservation';
import { importBatch } from '../../../main/store/reservations';
import { generateReservations } from './fixtures';

const AT = '2026-07-01T08:00:00.000Z';

describe('migration 017 (guest keys by reservation)', () => {
  it('is seventeenth, and keeps every guest key written before it, numbered in its order', () => {
    expect(migrations[16]).toBe(checkGuestsByReservationMigration);
    const db = new Database(':memory:');
    migrate(db, migrations.slice(0, 16));
    importBatch(db, generateReservations(3, 17), AT);
    const ids = db.prepare<[], number>('SELECT id FROM reservations ORDER BY id').pluck().all();
    const [a = 0, b = 0] = ids;
    const before = [
      [b, 'yilmaz ayse', 19800101, 20260710],
      [a, 'kaya hans', null, 20260712],
      [b, 'yilmaz ayse', 19800101, 20260710], // the same guest twice: both kept
      [a, 'kaya anna', 20100505, 20260712],
      [b, 'doğan ümit', null, 20260710],
    ];
    const insert = db.prepare(
      'INSERT INTO check_guests (reservation_id, person, birth, day) VALUES (?, ?, ?, ?)',
    );
    for (const row of before) insert.run(row);
    // A key whose reservation is gone, written with foreign keys off: left behind.
    db.pragma('foreign_keys = OFF');
    insert.run([999, 'gone guest', null, 20260701]);
    db.pragma('foreign_keys = ON');

    migrate(db, migrations);

    expect(
      db
        .prepare(
          'SELECT reservation_id, position, person, birth, day FROM check_guests ORDER BY reservation_id, position',
        )
        .raw()
        .all(),
    ).toEqual([
      [a, 0, 'kaya hans', null, 20260712],
      [a, 1, 'kaya anna', 20100505, 20260712],
      [b, 0, 'yilmaz ayse', 19800101, 20260710],
      [b, 1, 'yilmaz ayse', 19800101, 20260710],
      [b, 2, 'doğan ümit', null, 20260710],
    ]);
    const schema = db
      .prepare<[], string>(
        "SELECT sql FROM sqlite_schema WHERE tbl_name = 'check_guests' AND sql IS NOT NULL",
      )
      .pluck()
      .all();
    expect(schema).toHaveLength(2);
    expect(schema[0]).toMatch(/PRIMARY KEY \(reservation_id, position\)\s*\) STRICT, WITHOUT ROWID/);
    expect(schema[1]).toContain(
      'check_guests_by_person ON check_guests (person, day, reservation_id, birth)',
    );
    // Still a child of its reservation: removing one removes its keys.
    db.prepare('DELETE FROM reservations WHERE id = ?').run(a);
    expect(db.prepare('SELECT count(*) FROM check_guests').pluck().get()).toBe(3);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});
