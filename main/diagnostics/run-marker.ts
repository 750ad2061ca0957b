// An unclean stop is noticed at the next start: a marker file is written when the desk starts and removed
// at its clean quit. Found at start, it means the last run ended without that quit (a crash, power cut,
// a killed process); the shell logs it, and Settings shows it for this run.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../kernel/core-types';

export const RUN_MARKER_FILE = 'running.marker';

/** Writes this run's marker; returns when the previous run had started if its marker was still there. */
export function markRunStarted(dataDir: string, now: Date): string | null {
  const file = path.join(dataDir, RUN_MARKER_FILE);
  let previous: string | null = null;
  try {
    const text = readFileSync(file, 'utf8').trim();
    previous = Number.isNaN(Date.parse(text)) ? 'unknown' : text;
  } catch {
    previous = null;
  }
  writeFileSync(file, now.toISOString());
  return previous;
}

/** The clean quit: the next start finds no marker. */
export function markRunStopped(dataDir: string): void {
  rmSync(path.join(dataDir, RUN_MARKER_FILE), { force: true });
}

/** The start: this run's marker written; a marker the last run left is logged and returned for Settings. */
export function noticeUncleanStop(dataDir: string, logger: Logger, now: Date): string | null {
  let previous: string | null = null;
  try {
    previous = markRunStarted(dataDir, now);
  } catch (error) {
    // A data folder that cannot be written is reported by the store; the desk still starts.
    logger.warn('the run marker could not be written', { error });
    return null;
  }
  if (previous) logger.warn('the desk did not stop cleanly last time', { startedAt: previous });
  return previous;
}
