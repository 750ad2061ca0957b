// Writes that must take turns on the hotel's database: a transaction-level advisory lock, named, taken first by
// each of them and held until its transaction ends. SQLite's write transaction is already the only writer, so there
// the turn is a statement that does nothing. The names are the database's: a desk of another version that takes the
// same turn must write the same name.
import { sqlPerEngine } from './sql-per-engine';
import type { Runnable } from './op';

const turnOf = (name: string): Runnable<never> =>
  sqlPerEngine<never>((engine) =>
    engine === 'postgres'
      ? { sql: 'SELECT pg_advisory_xact_lock(hashtext(?))', params: [`resdesk.${name}`] }
      : { sql: 'SELECT 1 WHERE 0', params: [] },
  );

/** Every turn there is, by what takes it. */
export const turns = {
  /** Keying reservations' check keys and importing them (check-keys.ts says why). */
  checkKeys: turnOf('check_keys'),
  /** Writing contracts: each is checked against the others of its operator's room type. */
  contracts: turnOf('contracts'),
  /**
   * Replacing a list the service gives (agencies, decline reasons, stay codes): two replaces at once, at a change
   * of the desk talking to the service, would each delete what was there before and keep both lists.
   */
  reference: turnOf('reference'),
};
