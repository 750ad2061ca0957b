import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations/index';
import { pmsEntryMigration } from '../../../main/store/migrations/003-pms-entry';
import { storeBeforeGuestsInRow } from './before-guests-in-row';
import { exportRowsSql } from '../../../main/store/export-rows';
import { makeReservation } from './fixtures';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'resdesk-pms-migration-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 003 (pms entry)', () => {
  it('is third, applies on a database at version 2 and keeps its reservations', () => {
    expect(migrations[2]).toBe(pmsEntryMigration);
    const file = join(dir, 'old.db');
    const old = new Database(file);
    migrate(old, migrations.slice(0, 2));
    storeBeforeGuestsInRow(old, makeReservation(), '2026-06-01T08:00:00.000Z');
    old.close();

    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      const tables = db
        .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .pluck()
        .all();
      expect(tables).toEqual(expect.arrayContaining(['pms_entries', 'pms_entry_log']));
      expect(db.prepare('SELECT count(*) AS n FROM reservations').get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('the export walks the check-in index in order: rows stream without sorting the whole table', () => {
    const db = openDatabase(join(dir, 'plan.db'));
    try {
      for (const kind of ['reservations', 'guests'] as const)
        for (const scope of ['to-enter', 'all', 'range'] as const) {
          const { sql, params } = exportRowsSql({ kind, scope, from: '2026-07-01', to: '2026-07-31' });
          const plan = db
            .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
            .all(...params)
            .map((r) => r.detail);
          expect(plan[0], `${kind} ${scope}`).toMatch(/USING INDEX reservations_by_check_in/);
          // Guests of one reservation are put in order among themselves (a sort of two or three rows,
          // "LAST TERM"); the reservations themselves come in index order, never sorted as a whole.
          const sorts = plan.filter((l) => /TEMP B-TREE/.test(l) && !/FOR LAST TERM OF ORDER BY/.test(l));
          expect(sorts, `${kind} ${scope}`).toEqual([]);
        }
    } finally {
      db.close();
    }
  });
});
