import type { Migration } from '../migration';

// Two marks, both about telling things apart:
//
// set_aside_items.reason  why an item was kept aside and not acknowledged. Until now every item there was
//             one the decoder could not read ('unreadable', what the rows already there are). Now also:
//             'other-hotel' (its hotel number is not this desk's: acknowledging it would take it away from
//             the hotel it belongs to), 'impossible' (a negative count), 'log-id-reused' (a LogId already
//             stored for another reservation or another ServiceId) and 'content-differs' (a LogId already
//             stored, coming back with other content). The last two count as resolved only once a newer
//             LogId of the reservation is stored, the others once the same or a newer one is (unreadable.ts).
// application_id  Resdesk's mark in the database header ('RDSK'), so a file is known to be Resdesk's
//             before anything is written to it (db-marks.ts); older databases are known by their tables.
//
// Frozen: a reason added later needs no migration (the column takes any text).
export const RESDESK_APPLICATION_ID = 0x5244534b;

export const setAsideReasonsMigration: Migration = {
  version: 8,
  name: 'set-aside-reasons',
  up(db) {
    db.exec(`ALTER TABLE set_aside_items ADD COLUMN reason TEXT NOT NULL DEFAULT 'unreadable'`);
    // In the header, like user_version: part of the migration's transaction.
    db.pragma(`application_id = ${RESDESK_APPLICATION_ID}`);
  },
};
