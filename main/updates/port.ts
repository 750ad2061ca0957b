// What the update logic needs from electron-updater, stated as a port: the shell's adapter
// (main/shell/updater.ts) wraps the real autoUpdater, tests may drive it directly.

export interface UpdaterPort {
  /** Points the updater at a generic feed (the hotel's own address, from update-feed.json). */
  useFeed(url: string): void;
  /** Asks the feed: the newer version found (its download starts in the background), or null. */
  check(): Promise<string | null>;
  /** A newer version finished downloading and passed its checksum. */
  onDownloaded(listener: (version: string) => void): void;
  /** Quits and runs the installer; the desk has been stopped before this is called. */
  install(): void;
}

/** setTimeout without the wall clock, so tests move time themselves. */
export interface UpdateTimer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
