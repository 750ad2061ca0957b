// Result of the requests of Settings → "Several desks": which database this desk works in, whether
// it answers, and on the PC that keeps the hotel's database, the code to type on the others. Re-exported by ipc.ts.

export interface SeveralDesksView {
  /** file: this desk's own database file (one desk alone); keeps: this PC keeps the hotel's database;
   *  connected: the hotel's database on another PC, or the hotel's or chain's own server. */
  choice: 'file' | 'keeps' | 'connected';
  /** host:port/database of the hotel's database (never a user or password); null with the file. */
  where: string | null;
  /** Whether it answered SELECT 1 just now; null with the file. */
  reachable: boolean | null;
  /** Why it did not answer, as a sentence saying what to do; null when it answered. */
  problem: string | null;
  /** keeps, server running: the connection code for the other PCs (it holds the password, by design). */
  code: string | null;
  /** keeps: false when this PC has no network address (the code would name only this PC). */
  onNetwork: boolean;
  /** The choice was changed since this desk started: the desk moves to it at the next start. */
  restartNeeded: boolean;
}
