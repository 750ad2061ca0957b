import type { Migration } from '../migration';

// New reservations are counted into reservation_tally by importBatch, once per batch and tally key,
// instead of by a trigger per inserted row: the trigger ran a statement (with its own statement journal)
// for each of 20k reservations and cost a sixth of a large import. Only importBatch inserts reservations.
// Updates and deletes keep their triggers: they are rare and come from several places.
export const tallyByImportMigration: Migration = {
  version: 4,
  name: 'tally-by-import',
  up(db) {
    db.exec('DROP TRIGGER reservations_tally_insert');
  },
};
