import type { Migration } from '../migration';
import { LONGEST_CODE, shortenedName } from '../../../shared/domain';

// Agency names stored before the desk bounded them (shortenedName) are shortened as the desk now reads them: the
// service's list brings an active agency's name again, but one it no longer lists kept its long name, which the
// hotel database's index refuses, and with it a move of this file.
export const agencyNamesBoundedMigration: Migration = {
  version: 19,
  name: 'agency-names-bounded',
  up(db) {
    const long = db
      .prepare<[number], { id: string; name: string }>('SELECT id, name FROM agencies WHERE length(name) > ?')
      .all(LONGEST_CODE);
    const rename = db.prepare<[string, string]>('UPDATE agencies SET name = ? WHERE id = ?');
    for (const { id, name } of long) rename.run(shortenedName(name), id);
  },
};
