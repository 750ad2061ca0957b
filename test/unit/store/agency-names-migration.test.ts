// Migration 019 shortens agency names stored before the desk bounded them, as the desk now reads them: the hotel
// database's index would refuse one, and with it a move of the file.
// `npx vitest run test/unit/store/agency-names-migration.test.ts`
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/store/db';
import { migrations } from '../../../main/store/migrations/index';
import { agencyNamesBoundedMigration } from '../../../main/store/migrations/019-agency-names-bounded';
import { LONGEST_CODE } from '../../../shared/domain';

describe('migration 019 (agency names bounded)', () => {
  it('is nineteenth, and shortens only the names past the bound, keeping the agency and the rest', () => {
    expect(migrations[18]).toBe(agencyNamesBoundedMigration);
    const db = new Database(':memory:');
    migrate(db, migrations.slice(0, 18));
    const long = `${'Uzun Acente Adı '.repeat(20)}Turizm`;
    const insert = db.prepare('INSERT INTO agencies (id, name, active) VALUES (?, ?, ?)');
    insert.run('A1', long, 0);
    insert.run('A2', 'Kısa Tur', 1);
    insert.run('A3', 'B'.repeat(LONGEST_CODE), 1);

    migrate(db, migrations);

    const rows = db.prepare('SELECT id, name, active FROM agencies ORDER BY id').raw().all() as [
      string,
      string,
      number,
    ][];
    const [first, second, third] = rows;
    expect(first?.[1]).toBe(`${long.slice(0, LONGEST_CODE - 1).trimEnd()}…`);
    expect(first?.[1].length).toBeLessThanOrEqual(LONGEST_CODE);
    expect(first?.[2]).toBe(0);
    expect(second).toEqual(['A2', 'Kısa Tur', 1]);
    expect(third).toEqual(['A3', 'B'.repeat(LONGEST_CODE), 1]);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
  });
});
