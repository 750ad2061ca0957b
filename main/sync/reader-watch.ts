// The sync's side of another-reader.ts: a bounded reconcile runs the pull and then reads the
// waiting list without IsSendRequired. A version that list stores for the first time is one the pull just
// before did not give, although the service had it: someone else reported it meanwhile. Such versions are
// kept as evidence in the settings, by KeyField only (no guest names), and named in one log line.
import { EVIDENCE_KEY, addEvidence, readEvidence } from './another-reader';
import type { PullSummary } from './pull';
import type { SettingsStore } from './ports';

/** What a bounded reconcile needs to watch for another reader; absent where it must not (first sync). */
export interface ReaderWatch {
  store: SettingsStore;
  now: () => Date;
  log?: (line: string) => void;
}

/** Where the summary's lists stand now, so that what a later step adds can be told apart. */
export interface SummaryMark {
  new: number;
  changed: number;
  cancelled: number;
}

export const markSummary = (summary: PullSummary): SummaryMark => ({
  new: summary.new.length,
  changed: summary.changed.length,
  cancelled: summary.cancelled.length,
});

/**
 * The versions stored since `mark` (new, changed, cancelled: each a LogId never stored before; an answer
 * moved on in place counts as statusUpdated and is no sign).
 */
export const storedSince = (summary: PullSummary, mark: SummaryMark): string[] => [
  ...summary.new.slice(mark.new),
  ...summary.changed.slice(mark.changed),
  ...summary.cancelled.slice(mark.cancelled),
];

/** Adds one run of list-only versions to the evidence; nothing found, nothing written. */
export async function recordListOnly(watch: ReaderWatch, keyFields: readonly string[]): Promise<void> {
  if (keyFields.length === 0) return;
  const previous = readEvidence(await watch.store.getSetting<unknown>(EVIDENCE_KEY, null));
  await watch.store.setSetting(EVIDENCE_KEY, addEvidence(previous, keyFields, watch.now()));
  watch.log?.(
    `another reader? ${new Set(keyFields).size} reservation version(s) came only through the waiting list, not this desk's pull`,
  );
}
