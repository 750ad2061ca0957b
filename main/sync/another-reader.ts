// Is another program emptying this account's queue? The pull asks the service for what was not yet
// reported (IsSendRequired) and reports what it stored; another program doing the same on the same account takes
// new versions away before this desk's pull sees them. They then reach this desk only through a list read
// (the reconcile), never through its own pull. One such version can be an arrival that landed in the seconds
// between the pull and the list read; the same thing in two reconciles within a day is a sign, and so are three
// different reservations at once. The evidence is kept in the settings (hotel-wide), without guest names.
import type { AnotherReaderStatus } from '../../shared/ipc';

export const SAFE_MODE_KEY = 'sync.safeMode';
export const EVIDENCE_KEY = 'sync.anotherReader';

/** One reconcile that found versions the pull just before it never gave. */
interface EvidenceRun {
  at: string;
  keyFields: string[];
}

export interface ReaderEvidence {
  v: 1;
  runs: EvidenceRun[];
}

const DAY_MS = 86_400_000;
/** Per run, enough to count and to name a few in the log; a flood keeps no more. */
const KEEP_PER_RUN = 50;

const isRun = (x: unknown): x is EvidenceRun =>
  typeof x === 'object' &&
  x !== null &&
  'at' in x &&
  typeof x.at === 'string' &&
  'keyFields' in x &&
  Array.isArray(x.keyFields) &&
  x.keyFields.every((k) => typeof k === 'string');

/** What the settings hold, read defensively: anything else is no evidence. */
export function readEvidence(saved: unknown): ReaderEvidence {
  if (typeof saved !== 'object' || saved === null || !('runs' in saved) || !Array.isArray(saved.runs))
    return { v: 1, runs: [] };
  return { v: 1, runs: saved.runs.filter(isRun) };
}

const recent = (runs: readonly EvidenceRun[], now: Date): EvidenceRun[] =>
  runs.filter((r) => now.getTime() - Date.parse(r.at) < DAY_MS);

/** The evidence after a reconcile that found these versions only in a list; runs older than a day fall away. */
export function addEvidence(
  previous: ReaderEvidence,
  keyFields: readonly string[],
  now: Date,
): ReaderEvidence {
  const runs = recent(previous.runs, now);
  const found = [...new Set(keyFields)].slice(0, KEEP_PER_RUN);
  if (found.length > 0) runs.push({ at: now.toISOString(), keyFields: found });
  return { v: 1, runs };
}

/** Distinct reservations over the last day. */
const reservationsSeen = (runs: readonly EvidenceRun[]): number =>
  new Set(runs.flatMap((r) => r.keyFields)).size;

/** What the status says: a sign (two runs, or three reservations, within a day), or safe mode being on. */
export function readerStatus(
  evidence: ReaderEvidence,
  safeMode: boolean,
  now: Date,
): AnotherReaderStatus | null {
  const runs = recent(evidence.runs, now);
  const reservations = reservationsSeen(runs);
  const sign = runs.length >= 2 || reservations >= 3;
  if (!sign && !safeMode) return null;
  const last = runs.at(-1);
  return { seenAt: last?.at ?? now.toISOString(), reservations, safeMode };
}
