import type { Database } from 'better-sqlite3';
import { statementsOf } from './statements';
import type { Agency } from '../../shared/domain';

const prepare = (db: Database) => ({
  markAllInactive: db.prepare('UPDATE agencies SET active = 0'),
  upsert: db.prepare<[string, string]>(
    `INSERT INTO agencies (id, name, active) VALUES (?, ?, 1)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, active = 1`,
  ),
  listActive: db.prepare<[], Agency>('SELECT id, name FROM agencies WHERE active = 1 ORDER BY name, id'),
  find: db.prepare<[string], Agency>('SELECT id, name FROM agencies WHERE id = ?'),
});
const statements = statementsOf(prepare);

/**
 * Replaces the list of connected agencies with what the service now sends. An agency that is no
 * longer listed is kept but marked inactive: reservations already stored still name it.
 */
export function replaceAgencies(db: Database, agencies: readonly Agency[]): void {
  const s = statements(db);
  db.transaction(() => {
    s.markAllInactive.run();
    for (const agency of agencies) s.upsert.run(agency.id, agency.name);
  })();
}

/** Agencies the service currently lists, by name. */
export function listAgencies(db: Database): Agency[] {
  return statements(db).listActive.all();
}

/** Any agency ever listed, active or not (a reservation's agency may have been dropped since). */
export function findAgency(db: Database, id: string): Agency | null {
  return statements(db).find.get(id) ?? null;
}
