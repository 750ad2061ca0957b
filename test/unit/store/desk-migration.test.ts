import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate } from '../../../main/store/db';
import { reservationsMigration } from '../../../main/store/migrations/001-reservations';
import { deskMigration } from '../../../main/store/migrations/002-desk';
import { migrations } from '../../../main/store/migrations';
import { storeBeforeGuestsInRow } from './before-guests-in-row';
import { makeReservation } from './fixtures';

const open: Database.Database[] = [];
const fresh = (): Database.Database => {
  const db = new Database(':memory:');
  open.push(db);
  return db;
};
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const tables = (db: Database.Database): string[] =>
  db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();

describe('migration 002 (desk)', () => {
  it('is second in the list and applies after 001', () => {
    expect(migrations[1]).toBe(deskMigration);
    const db = fresh();
    migrate(db, [reservationsMigration]);
    expect(migrate(db, migrations.slice(0, 2))).toEqual({ from: 1, to: 2, applied: ['desk'] });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'agencies',
        'not_confirm_messages',
        'stay_codes',
        'mappings',
        'decisions',
        'activity',
        'settings',
      ]),
    );
    const reservationColumns = db
      .prepare<[], string>("SELECT name FROM pragma_table_info('reservations')")
      .pluck()
      .all();
    expect(reservationColumns).toContain('decision_state');
  });

  it('gives existing reservations no decision', () => {
    const db = fresh();
    migrate(db, [reservationsMigration]);
    storeBeforeGuestsInRow(db, makeReservation({ keyField: 'k1' }), '2026-07-01T08:00:00.000Z');
    migrate(db, migrations);
    expect(db.prepare('SELECT decision_state FROM reservations').pluck().get()).toBe('none');
  });

  it('refuses rows the desk could never make sense of', () => {
    const db = fresh();
    migrate(db, migrations);
    const refused = [
      "INSERT INTO decisions (key_field, action, user, decided_at, based_on_log_id) VALUES ('k', 'maybe', 'u', 't', 1)",
      "INSERT INTO decisions (key_field, action, user, decided_at, based_on_log_id) VALUES ('k', 'decline', 'u', 't', 1)",
      `INSERT INTO decisions (key_field, action, note, user, decided_at, based_on_log_id) VALUES ('k', 'confirm', '${'x'.repeat(501)}', 'u', 't', 1)`,
      "INSERT INTO mappings VALUES ('a', 'room', 'DBL', '', 'u', 't')",
      "INSERT INTO stay_codes (agency_id, kind, code, name, position) VALUES ('a', 'suite', 'X', 'X', 0)",
      "INSERT INTO settings VALUES ('k', 'not json')",
      "INSERT INTO activity (at, user, action) VALUES ('t', 'u', 'hack')",
    ];
    for (const sql of refused) expect(() => db.exec(sql), sql).toThrow();
  });

  it('allows one unsent decision per reservation', () => {
    const db = fresh();
    migrate(db, migrations);
    const insert = (state: string): void => {
      db.exec(`INSERT INTO decisions (key_field, action, user, decided_at, based_on_log_id, state)
               VALUES ('k', 'confirm', 'u', 't', 1, '${state}')`);
    };
    insert('sent');
    insert('discarded');
    insert('pending');
    expect(() => insert('review')).toThrow(/UNIQUE/);
    insert('sent');
  });
});
