// Result of the requests `answering` and `getAnswering`: whether another desk on the hotel's shared
// database has the answer form of this reservation open. A notice, not a lock. Re-exported by ipc.ts.

export interface AnsweringView {
  /** The other desk answering it now; null: nobody else (always null for a desk on its own file). */
  elsewhere: {
    /** The receptionist's name on that desk. */
    deskUser: string;
    /** That PC's name, e.g. RECEPTION-2. */
    pcName: string;
    /** When that desk opened the form, an ISO instant. */
    since: string;
  } | null;
}
