// What the status bar and the tray show while the desk works in the hotel's shared database: the counts, read in
// the background and kept, because a status is made from timers and callbacks and must not wait for the network.
import type { AnotherReaderStatus } from '../../shared/ipc';
import type { SetAsideCounts, WaitingTally } from '../../shared/domain';
import type { DeskStore } from '../store/engines/desk-store';
import { EVIDENCE_KEY, SAFE_MODE_KEY, readEvidence, readerStatus } from '../sync/another-reader';

interface Counts {
  queued: number;
  setAside: SetAsideCounts;
  waiting: WaitingTally;
  nextSendAfter: string | null;
  reader: AnotherReaderStatus | null;
  waitingBefore: { cutoff: string; count: number } | null;
}

export interface SharedCountsDeps {
  /** The hotel's database, null while it is not open. */
  store: () => DeskStore | null;
  now: () => Date;
  /** The counts were read again. */
  changed: () => void;
  /** The desk stopped: nothing is read any more. */
  stopped: () => boolean;
}

export class SharedCounts {
  private counts: Counts = {
    queued: 0,
    setAside: {},
    waiting: { total: 0, cancellations: 0 },
    nextSendAfter: null,
    reader: null,
    waitingBefore: null,
  };
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;

  constructor(private readonly deps: SharedCountsDeps) {}

  get queued(): number {
    return this.counts.queued;
  }
  get setAside(): SetAsideCounts {
    return this.counts.setAside;
  }
  get reader(): AnotherReaderStatus | null {
    return this.counts.reader;
  }
  waitingCount(): WaitingTally {
    return { ...this.counts.waiting };
  }
  nextSendAfter(): string | null {
    return this.counts.nextSendAfter;
  }

  /** The tray's reminder asks once a minute: the count for the last cutoff asked, fetched again for this one. */
  waitingSince(before: Date): number {
    const cutoff = before.toISOString();
    const store = this.deps.store();
    if (store)
      void store.waitingReceivedBefore(cutoff).then(
        (count) => (this.counts.waitingBefore = { cutoff, count }),
        () => undefined,
      );
    return this.counts.waitingBefore?.count ?? 0;
  }

  /** Reads the counts again in the background, then says they changed; one read at a time, one more if asked. */
  refresh(): void {
    if (this.deps.stopped()) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = this.read()
      .catch(() => undefined)
      .finally(() => {
        this.refreshing = null;
        if (this.refreshAgain) {
          this.refreshAgain = false;
          this.refresh();
        }
      });
  }

  /** Resolves once the counts reflect the database as it is now. */
  async settled(): Promise<void> {
    while (this.refreshing) await this.refreshing;
  }

  /** Reads every count now. */
  async read(): Promise<void> {
    const s = this.deps.store();
    if (!s) return;
    const [queued, setAside, waiting, nextSendAfter, evidence, safeMode] = await Promise.all([
      s.queuedDecisionCount(),
      s.openSetAsideCounts(),
      s.waitingCount(),
      s.nextSendAfter(),
      s.getSetting<unknown>(EVIDENCE_KEY, null),
      s.getSetting<boolean>(SAFE_MODE_KEY, false),
    ]);
    this.counts = {
      ...this.counts,
      queued,
      setAside,
      waiting,
      nextSendAfter,
      reader: readerStatus(readEvidence(evidence), safeMode === true, this.deps.now()),
    };
    this.deps.changed();
  }
}
