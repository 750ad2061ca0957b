// An unclean stop is noticed at the next start: a marker file is written when the desk starts and removed
// at its clean quit. Found at start, it means the last run ended without that quit (a crash, power cut,
// a killed process); the shell logs it, and Settings shows it for this run.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
