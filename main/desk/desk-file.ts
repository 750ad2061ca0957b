// The desk's own SQLite file (resdesk.db): its settings, and its work when it keeps its own data. Opened at first
// use, after the checks a start owes it; closed cleanly, so that the next start need not read it whole.
import type { Logger } from '../kernel/core-types';
import { Store } from '../store';
import { backupFolderOf, listBackups, refuseUnusableDeskFile } from '../store/backup';
import { depthAtStart, markClosed, markOpened, readIntegrityNote } from '../store/integrity-schedule';

export class DeskFile {
  private store: Store | null = null;

  constructor(
    readonly file: string,
    private readonly now: () => Date,
    private readonly logger: Logger,
  ) {}

  /** The open file, opened now if it is not. */
  open(): Store {
    if (!this.store) {
      // A damaged, cut, overwritten or emptied file is refused before anything writes to it: the desk then offers
      // its backups (Settings → Backups, and the screen at start), and a restore keeps the damaged file beside.
      // Every page is read only when it matters (integrity-schedule.ts): after a start that did not end cleanly,
      // once a week, and when nothing is known; else a start reads the header and the schema.
      const { depth, why } = depthAtStart(readIntegrityNote(this.file), this.now());
      refuseUnusableDeskFile(this.file, listBackups([backupFolderOf(this.file)]).length > 0, depth);
      // On disk before the first write: a power cut from here on makes the next start read the whole file.
      markOpened(this.file, this.now(), depth);
      this.store = Store.open(this.file);
      this.logger.info('desk database opened', { check: depth, why });
    }
    return this.store;
  }

  /** Closes the file cleanly (nothing when it is not open): the next start need not read it whole. */
  close(): void {
    if (!this.store) return;
    this.store.close();
    this.store = null;
    markClosed(this.file);
  }
}
