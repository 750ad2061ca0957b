// Why this PC could not keep the hotel's database. hotel-db knows no sentences (it sits below the kernel's
// catalogs): the handler words each problem in the desk's language, saying what to do.
export type HotelServerProblemCode =
  /** The data folder (or its hotel-database folder) cannot be written. */
  | 'folder-not-writable'
  /** Another program already listens on the port. */
  | 'port-taken'
  /** The bundled PostgreSQL is missing for this platform (or RESDESK_PG_BIN names an empty folder). */
  | 'no-server'
  /** Running as root (a container, a test machine) without a `postgres` user to run the server as. */
  | 'root-without-postgres-user'
  /** initdb or the server itself failed; its log in the hotel-database folder says why. */
  | 'did-not-start'
  /** The database exists but its passwords are no longer in this PC's keychain. */
  | 'password-lost';

export class HotelServerProblem extends Error {
  constructor(
    readonly problem: HotelServerProblemCode,
    /** For the log only: never a password (the commands and the server log hold none). */
    readonly detail = '',
  ) {
    super(`the hotel's database server: ${problem}${detail ? ` (${detail})` : ''}`);
    this.name = 'HotelServerProblem';
  }
}
