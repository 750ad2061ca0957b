import type { Migration } from '../migration';

// Every answer is held for a short, visible grace period before it is sent, so a
// receptionist can take it back (Undo) or send it at once.
//
// decisions.send_after  the instant (ISO) before which the push leaves a pending decision alone; NULL sends
//             at the next push (decisions made before this migration, the CLI, "Send now"). Undo discards a
//             decision that was never tried (attempts 0, outcome known), within its grace or not.
export const answerGraceMigration: Migration = {
  version: 9,
  name: 'answer-grace',
  up(db) {
    db.exec('ALTER TABLE decisions ADD COLUMN send_after TEXT');
  },
};
