// Results of the requests about the desk itself: its version and updates, the unclean stop
// noticed at start, the diagnostics archive. Re-exported by ipc.ts.

/** Where the update check stands. `feed`: how the desk learns of updates at all. */
export interface UpdateState {
  /**
   * set: an address to check; not-set: the installer left the placeholder address (no check is made);
   * development: an unpackaged build never updates itself; unavailable: this host has no updater (CLI, tests).
   */
  feed: 'set' | 'not-set' | 'development' | 'unavailable';
  /** ISO instant of the last check that ran to the end, successful or not; null: never. */
  lastCheckAt: string | null;
  lastCheck: 'up-to-date' | 'found' | 'failed' | null;
  /** A newer version found (being downloaded in the background), or null. */
  available: string | null;
  /** A newer version downloaded: installed at the next quit, or now when asked. */
  downloaded: string | null;
  /** The receptionist asked to install: it starts once no answer is held or being sent. */
  installPending: boolean;
}

export interface AboutDeskView {
  /** The running Resdesk's version. */
  version: string;
  updates: UpdateState;
  /** The previous run, started at this instant, did not stop cleanly; null when it did (or no run before). */
  uncleanStopAt: string | null;
}

export interface DiagnosticsSaved {
  /** The archive written (in the data folder's diagnostics/). */
  file: string;
  size: number;
}
